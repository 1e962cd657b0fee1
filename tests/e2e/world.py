"""One fake Discord with a server, a channel and scripted people, and the real bot process.

``World`` is what the end-to-end tests and ``python -m bench.discord_load`` share: it
starts the double, creates the guild, starts ``python bot.py`` pointed at it by settings
only, and reads back what a person would see (the settlement and standings messages)
and what the ledger holds (the SQLite file, opened read-only after the bot has stopped).
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.discord_double import DiscordDouble, Limits, Message
from tests.discord_double.botproc import BotProcess
from tests.discord_double.users import ScriptedUser, wait_for

SETTLEMENT = re.compile(r"^\*\*Hand (?P<hand>\d+) settlement\*\*")
CHIPS_PART = re.compile(r"^(?P<name>.+) (?P<chips>[+-]\d+)$")
KEPT_SEAT = re.compile(r"^(?P<name>.+) \(\w+ computer\)$")
STARTING_CHIPS = 1000

# People here click as soon as their controls arrive, so no timer should ever run out: a lost
# click shows as a game that stalls past its time limit, and a turn that times out (a computer
# takes the seat and its name changes on the settlement) fails the books check. The timers are
# long so that a loaded machine, where one bot step can take seconds, is not mistaken for either.
BOT_SETTINGS = {
    "MAHJONG_TURN_SECONDS": "120",
    "MAHJONG_CLAIM_SECONDS": "60",
    "MAHJONG_COMPUTER_DELAY": "0",
    "MAHJONG_EDIT_INTERVAL": "0.5",
    "MAHJONG_STARTING_CHIPS": str(STARTING_CHIPS),
    "MAHJONG_LOG_LEVEL": "INFO",
}


def _person(name: str, people: set[str]) -> str:
    """A person's seat a computer keeps (they timed out, a slow machine) is named with its
    level, "jun (normal computer)": the chips are still the person's."""
    kept = KEPT_SEAT.match(name)
    return kept["name"] if kept is not None and kept["name"] in people else name


@dataclass(frozen=True)
class Settlement:
    hand: int  # 1-based, as posted
    chips: dict[str, int]  # name -> chips moved
    has_picture: bool
    message_id: int


class World:
    def __init__(self, tmp: Path, names: list[str], closed_dms: tuple[str, ...] = (),
                 limits: Limits | None = None, seed: int = 1,
                 delay: tuple[float, float] = (0.05, 0.2)) -> None:
        self.tmp = tmp
        self.double = DiscordDouble(limits=limits)
        d = self.double
        self.people = [d.add_user(n, dms_open=n not in closed_dms) for n in names]
        owner = self.people[0] if self.people else d.add_user("owner")
        self.guild = d.add_guild("mahjong friends", owner)
        for p in self.people:
            d.add_member(self.guild, p)
        self.channel = self.guild.channels[0]
        self.users = [ScriptedUser(d, p, self.channel, seed=seed * 100 + i, delay=delay)
                      for i, p in enumerate(self.people)]
        self.db = tmp / "mahjong.db"
        self.bots: list[BotProcess] = []

    @property
    def bot(self) -> BotProcess:
        return self.bots[-1]

    async def __aenter__(self) -> World:
        await self.double.start()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        for b in self.bots:
            await b.stop()
        await self.double.stop()

    async def start_bot(self, sync: bool = False, timeout: float = 60.0,
                        extra: dict[str, str] | None = None) -> BotProcess:
        """``python bot.py [--sync]``; returns once it has identified (and synced)."""
        n = len(self.bots)
        identifies = self.double.identifies
        b = BotProcess(self.double.env(), self.db, self.tmp / f"bot{n}.log", sync=sync,
                       extra=BOT_SETTINGS | (extra or {}))
        self.bots.append(b)
        await b.start()

        def up() -> bool:
            if not b.running:
                raise AssertionError(f"the bot exited:\n{b.log_text()[-3000:]}")
            return self.double.identifies > identifies and (not sync or bool(self.double.commands))

        await wait_for(up, self.double, timeout, "the bot to connect")
        return b

    # -- what the channel shows -----------------------------------------------------------

    def finished(self) -> bool:
        return any(m.content.startswith("**Standings**")
                   for m in self.double.bot_messages(self.channel))

    def settlements(self) -> list[Settlement]:
        names = {p.name for p in self.people}
        out = []
        for m in self.double.bot_messages(self.channel):
            head = SETTLEMENT.match(m.content)
            if head is None:
                continue
            out.append(Settlement(int(head["hand"]), self._chips(m, names),
                                  any(a.png and a.filename == "settlement.png"
                                      for a in m.attachments), m.id))
        return out

    @staticmethod
    def _chips(m: Message, names: set[str]) -> dict[str, int]:
        for line in m.content.splitlines():
            parts = [CHIPS_PART.match(p.strip()) for p in line.split(" · ")]
            if len(parts) >= 2 and all(parts):  # one part per seat (2 to 7 seats)
                return {_person(p["name"], names): int(p["chips"]) for p in parts if p is not None}
        raise AssertionError(f"no chips line in the settlement:\n{m.content}")

    async def play(self, timeout: float, users: list[ScriptedUser] | None = None) -> float:
        """Everyone plays until the standings are posted; the seconds it took."""
        t0 = time.monotonic()
        players = self.users if users is None else users
        await asyncio.wait_for(
            asyncio.gather(*(u.play(self.finished, timeout) for u in players)), timeout + 5
        )
        if not self.finished():
            raise AssertionError(f"no standings after {timeout:.0f} s; bot log tail:\n"
                                 f"{self.bot.log_text()[-3000:]}")
        return time.monotonic() - t0

    # -- what the ledger holds ------------------------------------------------------------

    def ledger(self, table: str) -> tuple[dict[int, int], dict[tuple[int, int], int], int]:
        """(balance by user id, chips by (hand 1-based, user id) for this table, txns of hands)."""
        con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        try:
            balances = {int(u): int(b) for u, b in con.execute(
                "SELECT user_id, balance FROM accounts WHERE kind = 'user' AND guild_id = ?",
                (self.guild.id,))}
            per_hand: dict[tuple[int, int], int] = {}
            for hand, user, amount in con.execute(
                "SELECT t.hand_no, a.user_id, SUM(e.amount) FROM ledger_txns t "
                "JOIN ledger_entries e ON e.txn_id = t.id JOIN accounts a ON a.id = e.account_id "
                "WHERE t.game_id = ? AND a.kind = 'user' GROUP BY t.hand_no, a.user_id",
                (table,),
            ):
                per_hand[(int(hand) + 1, int(user))] = int(amount)
            txns = con.execute(
                "SELECT COUNT(*) FROM ledger_txns WHERE game_id = ? AND kind = 'hand_settlement'",
                (table,)).fetchone()[0]
        finally:
            con.close()
        return balances, per_hand, int(txns)

    def check_books(self, table: str, hands: int) -> list[Settlement]:
        """The ledger matches what was posted: every hand settled once, same numbers."""
        posted = self.settlements()
        by_hand: dict[int, Settlement] = {}
        for s in posted:
            assert s.hand not in by_hand or by_hand[s.hand].chips == s.chips, \
                f"hand {s.hand} posted twice with different numbers"
            by_hand[s.hand] = s
        assert sorted(by_hand) == list(range(1, hands + 1)), f"settlements posted: {sorted(by_hand)}"
        for s in by_hand.values():
            assert s.has_picture, f"hand {s.hand}: no settlement picture"
        balances, per_hand, txns = self.ledger(table)
        assert txns == hands, f"{txns} hand settlements in the ledger for {hands} hands"
        by_name = {p.name: p.id for p in self.people}
        for s in by_hand.values():
            for name, chips in s.chips.items():
                uid = by_name.get(name)
                if uid is None:
                    continue  # a computer seat: the house account
                assert per_hand.get((s.hand, uid), 0) == chips, \
                    f"hand {s.hand}, {name}: posted {chips:+d}, ledger {per_hand.get((s.hand, uid))}"
        for p in self.people:
            total = sum(s.chips.get(p.name, 0) for s in by_hand.values())
            assert balances[p.id] == STARTING_CHIPS + total, \
                f"{p.name}: balance {balances[p.id]}, posted {STARTING_CHIPS} {total:+d}"
        return list(by_hand.values())

    def table_id(self) -> str:
        for m in self.double.bot_messages(self.channel):
            head = re.search(r"Mahjong table #([0-9a-z]+)", m.content)
            if head:
                return head.group(1)
        raise AssertionError("no table was opened")
