"""``python bot.py --offline``: the same tables, pictures and SQLite ledger, in a terminal.

You sit East against three computer players and type your moves at a prompt
(the number of an action, or its tile: ``5m``; ``q`` quits, the table stays in
the store). Pictures of your hand, the table and each settlement are written
to a folder named at start. ``--autoplay`` puts a computer in your seat too;
``--json`` then prints one JSON object when the game ends.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tables import pictures
from tables.clock import VirtualClock
from tables.errors import TableError
from tables.model import (
    Mode,
    Notice,
    PrivateView,
    PublicView,
    SettlementView,
    StandingsView,
    TableInfo,
)
from tables.persist import StoreTables
from tables.service import Person, TableService, TableSettings

OFFLINE_GUILD = 1  # the ledger of offline play lives in its own "server"
OFFLINE_CHANNEL = 1
YOU = 1


@dataclass(frozen=True)
class OfflineOptions:
    autoplay: bool = False
    hands: int | None = None
    json: bool = False
    seed: int | None = None
    rules: str = "heyuan-zheng"
    options: dict[str, Any] = field(default_factory=dict)  # house rules of the preset
    images_dir: Path = Path("data/offline-images")
    stake: int = 1


class TerminalTransport:
    """Prints what a player at the table would see and writes the pictures to a folder."""

    def __init__(self, images: Path, quiet: bool, pictures_on: bool, locale: str = "en") -> None:
        self.images = images
        self.quiet = quiet
        self.pictures_on = pictures_on
        self.locale = locale
        self.last_public: PublicView | None = None
        self.standings_view: StandingsView | None = None
        self.written: list[Path] = []

    def say(self, text: str) -> None:
        if not self.quiet:
            print(text, flush=True)

    def _write(self, name: str, data: bytes | None) -> None:
        if data is None:
            return
        path = self.images / name
        path.write_bytes(data)
        self.written.append(path)

    async def lobby(self, table: TableInfo) -> None:
        return None

    async def private(self, table: TableInfo, view: PrivateView) -> None:
        return None  # the prompt loop shows the hand when it asks

    async def public(self, table: TableInfo, view: PublicView) -> None:
        self.last_public = view

    async def notice(self, table: TableInfo, notice: Notice) -> None:
        from tables.text import notice_text

        self.say("» " + notice_text(notice, self.locale))

    async def settlement(self, table: TableInfo, view: SettlementView) -> None:
        from tables.text import settlement_text

        self.say(settlement_text(view, self.locale))
        if self.pictures_on:
            self._write(f"settlement-{view.hand_no + 1}.png",
                        await asyncio.to_thread(pictures.settlement_png, view, self.locale))

    async def standings(self, table: TableInfo, view: StandingsView) -> None:
        from tables.text import standings_text

        self.standings_view = view
        self.say(standings_text(view, self.locale))
        if self.pictures_on:
            self._write("standings.png",
                        await asyncio.to_thread(pictures.standings_png, view, self.locale))


def _prompt_lines(view: PrivateView, info: TableInfo) -> str:
    from tables.text import choice_label, hand_text


    lines = [hand_text(view, info, "en")]
    for i, c in enumerate(view.actions, 1):
        lines.append(f"  {i:>2}. {choice_label(c, 'en')}")
    if view.pick:
        lines.append(f"  or type any {view.pick} tiles of one suit you hold, e.g. 129m")
    return "\n".join(lines)


def _pick(view: PrivateView, answer: str) -> tuple[str, str] | None:
    answer = answer.strip().lower()
    if answer.isdigit() and 1 <= int(answer) <= len(view.actions):
        c = view.actions[int(answer) - 1]
        return c.code, c.arg
    for c in view.actions:
        if answer and (answer == c.arg or answer == c.kind):
            return c.code, c.arg
    if view.pick and answer and answer[0].isdigit():
        # any tiles of one suit (换三张): the table service reads and checks them
        return "y", answer.replace(" ", "")
    return None


async def play_offline(settings: Any, opts: OfflineOptions) -> int:
    from store import Store, StoreSettings

    images = Path(opts.images_dir)
    images.mkdir(parents=True, exist_ok=True)
    db = Path(settings.db_path)
    db.parent.mkdir(parents=True, exist_ok=True)
    store = await Store.open(db, StoreSettings(starting_chips=settings.starting_chips,
                                               daily_amount=settings.daily_chips))
    before = await store.guild_totals(OFFLINE_GUILD)
    transport = TerminalTransport(images, quiet=opts.json, pictures_on=True)
    seed = str(opts.seed) if opts.seed is not None else secrets.token_hex(8)
    service = TableService(
        StoreTables(store), transport, VirtualClock(),
        TableSettings(turn_seconds=settings.turn_seconds, claim_seconds=settings.claim_seconds,
                      computer_delay=0.0),
        seed_factory=lambda: seed,
    )
    try:
        if not opts.json:
            print(f"pictures are written to {images.resolve()}", flush=True)
        host = Person(YOU, "You", "en")
        for tid in await service.resume_all():
            info = service.get(tid)
            if info.guild_id == OFFLINE_GUILD and info.seat_of(YOU) is not None:
                await service.leave(OFFLINE_GUILD, YOU)  # an abandoned offline seat: computers finish it
        try:
            info = await service.create(OFFLINE_GUILD, OFFLINE_CHANNEL, host, opts.rules,
                                        dict(opts.options), opts.stake, opts.hands or 4,
                                        seat_host=not opts.autoplay)
        except TableError as exc:
            from i18n.bot_text import bt

            print(bt(exc.key, "en", **exc.args_), file=sys.stderr)
            return 2
        for _ in range(3):
            await service.add_computer(info.id, YOU)
        if opts.autoplay:
            await service.start(info.id, YOU)  # computers only: runs to the end
        else:
            await service.start(info.id, YOU)
            quit_ = await _prompt_loop(service, info.id, transport)
            if quit_:
                print("left the table; it stays in the store and a computer finishes it next time.")
                return 0
        totals = transport.standings_view.totals if transport.standings_view else ()
        after = await store.guild_totals(OFFLINE_GUILD)
        change = sum(after.get(k, 0) - before.get(k, 0) for k in ("user", "house"))
        scores = await store.table_scores(info.id)
        result = {
            "table": info.id, "rules": opts.rules, "seed": seed,
            "hands": transport.standings_view.hands_played if transport.standings_view else 0,
            "chips": list(totals), "ledger_seats": list(scores),
            "ledger_total_change": change, "ledger_table_sum": sum(scores),
            "images": str(images.resolve()),
        }
        if opts.json:
            print(json.dumps(result, ensure_ascii=False))
        else:
            print(f"pictures: {', '.join(p.name for p in transport.written)} in {images.resolve()}")
        return 0
    finally:
        await service.close()
        await store.close()


async def _prompt_loop(service: TableService, table_id: str, transport: TerminalTransport) -> bool:
    """Ask the person for each move until the game ends; True if they quit."""
    while table_id in {t.id for t in service.tables()}:
        try:
            view = service.private_view(table_id, YOU)
        except TableError:
            return False
        if view.mode not in (Mode.TURN, Mode.CLAIM):
            return False  # nothing asked of us and no timer runs offline: the game is over
        info = service.get(table_id)
        if transport.last_public is not None:
            transport._write("table.png", await asyncio.to_thread(pictures.table_png,
                                                                    transport.last_public, "en"))
        transport._write("hand.png", await asyncio.to_thread(pictures.hand_png, view, "en"))
        print(_prompt_lines(view, info), flush=True)
        answer = await asyncio.to_thread(_read, "> ")
        if answer is None or answer.strip().lower() in ("q", "quit", "exit"):
            return True
        picked = _pick(view, answer)
        if picked is None:
            print("type the number of a move (or its tile, e.g. 5m); q quits", flush=True)
            continue
        try:
            await service.act(table_id, YOU, view.hand_no, view.step, *picked)
        except TableError as exc:
            from i18n.bot_text import bt

            print(bt(exc.key, "en", **exc.args_), flush=True)
    return False


def _read(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


if __name__ == "__main__":  # pragma: no cover
    sys.exit("run: python bot.py --offline")
