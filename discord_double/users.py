"""Scripted people: they read their DMs and the channel as a person would and click what is offered.

A :class:`ScriptedUser` looks at the newest bot message that offers it controls (its DM,
or its ephemeral copies when DMs are closed), waits a human-like moment, then clicks:
Win when offered, Kong / Pong most of the time, otherwise Pass, and on its turn discards
the tile that helps its hand least (read from the "Hand:" line). It notices "your DMs are
closed" notices naming it and presses "Show my hand". A click the bot never acknowledged
("This interaction failed") is tried again after a pause, as a person would.

Everything a user does goes through :meth:`DiscordDouble.click` / :meth:`DiscordDouble.slash`,
i.e. an INTERACTION_CREATE on the gateway, exactly like Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from discord_double.server import DiscordDouble, Interaction, Message, User
from engine.tiles import EN_NAMES, NotationError, is_flower, parse, tile_name

GAME_ID = re.compile(r"^mj:(?P<table>[0-9a-z]+):(?P<hand>\d+):(?P<code>[a-z]+):(?P<arg>[0-9a-z]*):"
                     r"(?P<step>\d+)$")
SELECT_ID = re.compile(r"^mjs:")
PICK_ID = re.compile(r"^mjk:")  # the 换三张 menu: any tiles of one suit, exactly max_values
GAME_CODES = {"d", "p", "k", "c", "w", "x", "y", "r", "a", "back"}


@dataclass
class Control:
    custom_id: str
    label: str
    code: str
    arg: str
    kind: int  # 2 button, 3 select
    options: list[str] = field(default_factory=list)
    count: int = 1  # how many options a menu takes


def controls_of(m: Message) -> list[Control]:
    out = []
    for row in m.components:
        for c in row.get("components", []):
            cid = str(c.get("custom_id") or "")
            if c.get("disabled"):
                continue
            if c.get("type") == 3 and (SELECT_ID.match(cid) or PICK_ID.match(cid)):
                out.append(Control(cid, str(c.get("placeholder") or ""),
                                   "y" if PICK_ID.match(cid) else "d", "", 3,
                                   [str(o["value"]) for o in c.get("options", [])],
                                   int(c.get("max_values", 1))))
                continue
            g = GAME_ID.match(cid)
            if g is not None:
                out.append(Control(cid, str(c.get("label") or ""), g["code"], g["arg"], 2))
    return out


# the bot's tile emoji in text, ``<:mj5p_1a2b3c:123…>``: a person sees the tile's picture
TILE_EMOJI = re.compile(r"<:mj(?P<tile>[1-9][mpszf])j?_[0-9a-f]{6}:[0-9]+>")


def hand_counts(content: str) -> dict[int, int]:
    """The tiles a person sees in an English hand message (``Hand: …`` and ``Drew: …``),
    written in notation or shown as tile emoji."""
    counts: dict[int, int] = {}
    for line in content.splitlines():
        for head in ("Hand: ", "Drew: "):
            if line.startswith(head):
                rest = line[len(head):].strip()
                pictured = TILE_EMOJI.findall(rest)
                if not pictured and rest in EN_NAMES:  # one tile by name: "Drew: 4 Dots"
                    rest = tile_name(EN_NAMES.index(rest))
                with contextlib.suppress(NotationError, ValueError):
                    for t in parse("".join(pictured) if pictured else rest):
                        counts[t] = counts.get(t, 0) + 1
    return counts


def discard_choice(tiles: list[str], counts: dict[int, int], rng: random.Random) -> str:
    """The tile (notation) that helps least: lone honours, then lone far-apart suit tiles."""
    def score(arg: str) -> tuple[float, float]:
        try:
            t = parse(arg)[0]
        except (NotationError, ValueError, IndexError):
            return (50.0, rng.random())
        if is_flower(t):  # a flower: a wildcard in the Heyuan games; keep it
            return (100.0, rng.random())
        s = 4.0 * (counts.get(t, 1) - 1)
        if t < 27:
            for d, w in ((-2, 1.0), (-1, 3.0), (1, 3.0), (2, 1.0)):
                n = t + d
                if 0 <= n < 27 and n // 9 == t // 9 and counts.get(n):
                    s += w
            if t % 9 in (0, 8):
                s -= 0.5
        else:
            s -= 1.0
        return (s, rng.random())

    return min(tiles, key=score)


def mixed_pick(options: list[str], n: int) -> list[str] | None:
    """``n`` options of more than one suit (a pick the table must refuse), or None."""
    by_suit: dict[str, list[str]] = {}
    for v in options:
        by_suit.setdefault(v.split(".", 1)[0][-1], []).append(v)
    if len(by_suit) < 2:
        return None
    first, *rest = by_suit.values()
    return (first[: n - 1] + [vs[0] for vs in rest])[:n]


def one_suit_pick(options: list[str], n: int) -> list[str]:
    """``n`` options of one suit from the 换三张 menu (values ``5m.0``): the suit held least."""
    by_suit: dict[str, list[str]] = {}
    for v in options:
        by_suit.setdefault(v.split(".", 1)[0][-1], []).append(v)
    suits = [vs for vs in by_suit.values() if len(vs) >= n]
    return min(suits, key=len)[:n]


class ScriptedUser:
    def __init__(self, double: DiscordDouble, user: User, channel_id: int, seed: int = 0,
                 delay: tuple[float, float] = (0.05, 0.25), pong_rate: float = 0.7) -> None:
        self.double = double
        self.user = user
        self.channel_id = channel_id
        self.rng = random.Random(seed)
        self.delay = delay
        self.pong_rate = pong_rate
        self.done: set[tuple[int, int]] = set()  # (message, version) already answered
        self.shown: set[int] = set()  # "Show my hand" notices already pressed
        self.clicks = 0
        self.failed: list[Interaction] = []
        self.acks: list[float] = []
        self.last_progress = time.monotonic()
        self.log: list[str] = []
        self.wake = asyncio.Event()
        double.watch(self.wake, channel_id, user.id)
        self.mix_budget = 0  # 换三张 picks of two suits to try first (each refused, then fixed)
        self.riichi = 0  # riichi declared (a riichi table's button, ``r``)
        self.declare_draws = False  # press 九種九牌 (``a``) when offered (off: play on)
        self.declared_draws = 0
        self.mixed_tries = 0
        self._again = False  # look at the same message again after this click

    @property
    def id(self) -> int:
        return self.user.id

    # -- what this person can see ---------------------------------------------------------

    def dm_messages(self) -> list[Message]:
        ch = self.double.dm_of(self.user.id)
        return [] if ch is None else self.double.visible(self.user.id, ch.id)

    def channel_messages(self) -> list[Message]:
        return self.double.visible(self.user.id, self.channel_id)

    def hand_message(self) -> Message | None:
        """The newest message offering this person game controls (DM or ephemeral)."""
        pool = self.dm_messages() + [m for m in self.channel_messages()
                                     if m.visible_to == self.user.id]
        best = None
        for m in pool:
            if m.author_id != self.double.bot.id:
                continue
            if any(c.code in GAME_CODES for c in controls_of(m)) and (best is None or m.id > best.id):
                best = m
        return best

    def show_notice(self) -> Message | None:
        mention = f"<@{self.user.id}>"
        for m in reversed(self.channel_messages()):
            if mention in m.content and any(c.code == "show" for c in controls_of(m)):
                return m
        return None

    # -- acting ---------------------------------------------------------------------------

    async def _press(self, m: Message, c: Control, values: list[str] | None = None) -> bool:
        await asyncio.sleep(self.rng.uniform(*self.delay))
        try:
            i = await self.double.click(self.user, m, c.custom_id, values)
        except ValueError:
            return False  # the message changed under our finger
        self.clicks += 1
        ok = await self.double.wait_ack(i)
        if ok and i.latency is not None:
            self.acks.append(i.latency)
            self.last_progress = time.monotonic()
        else:
            self.failed.append(i)
        picked = ",".join(values) if values and c.code == "y" else c.arg
        self.log.append(f"{c.code}:{picked} {'ok' if ok else 'FAILED'}")
        return ok

    def choose(self, m: Message) -> tuple[Control, list[str] | None] | None:
        cs = controls_of(m)
        by = {c.code: [x for x in cs if x.code == c.code] for c in cs}
        for code in ("back", "w"):
            if code in by:
                return by[code][0], None
        if "a" in by and self.declare_draws:  # 九種九牌: abort the hand
            self.declared_draws += 1
            return by["a"][0], None
        if "r" in by:  # riichi: declared whenever offered (the first discard that declares it)
            self.riichi += 1
            return by["r"][0], None
        if "y" in by:  # a choice made by every seat at once
            menu = next((c for c in by["y"] if c.kind == 3), None)
            if menu is not None:  # 换三张: three of one suit from the menu, as a person might
                mixed = mixed_pick(menu.options, menu.count) if self.mix_budget else None
                if mixed is not None:  # a slip of the finger: refused, the menu stays
                    self.mix_budget -= 1
                    self.mixed_tries += 1
                    self._again = True
                    return menu, mixed
                return menu, one_suit_pick(menu.options, menu.count)
            return by["y"][0], None  # the first offered (best first)
        if "k" in by and "d" not in by:  # a claim: kong the discard
            return by["k"][0], None
        if "p" in by:
            if self.rng.random() < self.pong_rate:
                return by["p"][0], None
            if "x" in by:
                return by["x"][0], None
        if "c" in by and self.rng.random() < 0.3:
            return by["c"][0], None
        if "x" in by and "d" not in by:
            return by["x"][0], None
        discards = by.get("d", [])
        if discards:
            counts = hand_counts(m.content)
            select = next((c for c in discards if c.kind == 3), None)
            if select is not None:
                return select, [discard_choice(select.options, counts, self.rng)]
            tile = discard_choice([c.arg for c in discards], counts, self.rng)
            return next(c for c in discards if c.arg == tile), None
        if "k" in by:
            return by["k"][0], None
        return None

    async def step(self) -> bool:
        """Do one thing if there is something to do; True if a click was made."""
        notice = self.show_notice()
        if notice is not None and notice.id not in self.shown:
            self.shown.add(notice.id)
            show = next(c for c in controls_of(notice) if c.code == "show")
            return await self._press(notice, show)
        m = self.hand_message()
        if m is None or (m.id, m.version) in self.done:
            return False
        pick = self.choose(m)
        if pick is None:
            return False
        key = (m.id, m.version)
        self.done.add(key)
        ok = await self._press(m, pick[0], pick[1])
        if self._again:  # the click was refused and changed nothing: choose again
            self._again = False
            self.done.discard(key)
        if not ok:
            await asyncio.sleep(1.0)  # "This interaction failed": look again, try again
            self.done.discard(key)
        return ok

    async def play(self, until: Callable[[], bool], timeout: float = 600.0) -> None:
        """Keep reading and clicking until ``until()`` holds (or ``timeout``)."""
        end = time.monotonic() + timeout
        while not until() and time.monotonic() < end:
            self.wake.clear()
            if await self.step():
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), 1.0)


# -- a table from the lobby --------------------------------------------------------------------


def lobby_message(double: DiscordDouble, channel_id: int) -> Message | None:
    for m in reversed(double.bot_messages(channel_id)):
        if any(c.code == "join" for c in controls_of(m)):
            return m
    return None


def lobby_button(m: Message, code: str) -> str:
    return next(c.custom_id for c in controls_of(m) if c.code == code)


async def wait_for(predicate: Callable[[], Any], double: DiscordDouble, timeout: float,
                   what: str) -> Any:
    end = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        left = end - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"waited {timeout:.0f} s for {what}")
        changed = double.changed
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(changed.wait(), min(left, 0.5))


async def open_table(double: DiscordDouble, host: ScriptedUser, others: list[ScriptedUser],
                     computers: int = 0, timeout: float = 30.0, **options: Any) -> str:
    """``/mahjong new`` by ``host``, Join by ``others``, Add computer, Start; the table id."""
    i = await double.slash(host.user, host.channel_id, "mahjong", "new", **options)
    if not await double.wait_ack(i):
        raise AssertionError("/mahjong new was not acknowledged within 3 s")
    lobby = await wait_for(lambda: lobby_message(double, host.channel_id), double, timeout,
                           "the lobby")
    table = GAME_ID.match(lobby_button(lobby, "join"))["table"]  # type: ignore[index]
    for u in others:
        await asyncio.sleep(u.rng.uniform(*u.delay))
        m = await wait_for(lambda: lobby_message(double, host.channel_id), double, timeout,
                           "the lobby")
        j = await double.click(u.user, m, lobby_button(m, "join"))
        if not await double.wait_ack(j):
            raise AssertionError("Join was not acknowledged within 3 s")
    for _ in range(computers):
        m = await wait_for(lambda: lobby_message(double, host.channel_id), double, timeout,
                           "the lobby")
        j = await double.click(host.user, m, lobby_button(m, "cpu"))
        if not await double.wait_ack(j):
            raise AssertionError("Add computer was not acknowledged within 3 s")

    def full() -> Message | None:
        m = lobby_message(double, host.channel_id)
        return m if m is not None and "(empty)" not in m.content else None

    m = await wait_for(full, double, timeout, "every seat taken")
    s = await double.click(host.user, m, lobby_button(m, "start"))
    if not await double.wait_ack(s):
        raise AssertionError("Start was not acknowledged within 3 s")
    return str(table)
