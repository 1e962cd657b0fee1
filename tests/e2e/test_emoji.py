"""Tile emoji through ``python bot.py`` and the double: uploaded once, on every tile button."""

from __future__ import annotations

import asyncio
import contextlib
import time

import pytest

from engine.tiles import EN_NAMES
from tests.discord_double.server import DiscordDouble, Message, component_emoji_ids
from tests.discord_double.users import (
    TILE_EMOJI,
    ScriptedUser,
    controls_of,
    hand_counts,
    open_table,
    wait_for,
)
from tests.e2e.test_games import assert_clean
from tests.e2e.world import World

pytestmark = pytest.mark.e2e

EMOJI = 42 * 2 + 1  # faces, joker-marked faces, the back


async def turn_to_discard(user: ScriptedUser, d: DiscordDouble) -> Message:
    """The person's hand once it is their turn to discard, after a draw (14 tiles in hand). A
    claim offered to them before (a computer's discard they could pong or chow) is passed,
    or the game would wait for them through the whole claim window (and a pong would make
    the first turn one of 11 tiles and a meld)."""
    end = time.monotonic() + 60
    while time.monotonic() < end:
        m = user.hand_message()
        controls = controls_of(m) if m is not None else []
        if m is not None and any(c.code == "d" for c in controls):
            return m
        passing = next((c for c in controls if c.code == "x"), None)
        choice = (passing, None) if passing is not None else (
            user.choose(m) if m is not None and controls else None)
        if m is not None and choice is not None:
            await user._press(m, *choice)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(d.changed.wait(), 0.2)
    raise TimeoutError("waited 60 s for a turn to discard")


async def test_a_fresh_application_gets_its_emoji_once_and_a_restart_creates_none(tmp_path):
    async with World(tmp_path, ["gina"]) as w:
        d = w.double
        await w.start_bot(sync=True)
        await wait_for(lambda: "tile emoji ready" in w.bot.log_text(), d, 60, "the emoji")
        assert len(d.app_emojis) == EMOJI and d.emoji_requests("POST") == EMOJI
        await open_table(d, w.users[0], [], hands=1, computers=3)
        user = w.users[0]

        m = await turn_to_discard(user, d)
        ids = component_emoji_ids(m.components)
        assert ids and {int(i) for _, i in ids} <= set(d.app_emojis)
        discards = [c for c in controls_of(m) if c.code == "d"]
        assert discards and all(c.label in EN_NAMES for c in discards)  # "5 Dots", "East"
        assert TILE_EMOJI.search(m.content) and sum(hand_counts(m.content).values()) == 14

        await w.bot.stop()
        posts = d.emoji_requests("POST")
        await w.start_bot()
        await wait_for(lambda: "tile emoji ready" in w.bot.log_text(), d, 60, "the emoji")
        assert d.emoji_requests("POST") == posts and d.emoji_requests("DELETE") == 0
        assert len(d.app_emojis) == EMOJI
        await w.bot.stop()
        assert_clean(w)


async def test_refused_emoji_mean_text_labels_and_one_warning_and_the_game_goes_on(tmp_path):
    async with World(tmp_path, ["ivan"]) as w:
        d = w.double
        d.refuse_emoji = True
        await w.start_bot(sync=True)
        await wait_for(lambda: "tile emoji unavailable" in w.bot.log_text(), d, 60, "a warning")
        await open_table(d, w.users[0], [], hands=1, computers=3)
        user = w.users[0]

        m = await turn_to_discard(user, d)
        assert component_emoji_ids(m.components) == [] and not TILE_EMOJI.search(m.content)
        discards = [c for c in controls_of(m) if c.code == "d"]
        assert all(c.label.startswith("Discard ") for c in discards)
        assert sum(hand_counts(m.content).values()) == 14  # the hand in notation
        await w.bot.stop()
        log = w.bot.log_text()
        assert log.count("tile emoji unavailable") == 1 and "Traceback" not in log
        assert {(m, r) for m, r, *_ in d.rejections} == {("GET", "/applications/{app}/emojis")}
