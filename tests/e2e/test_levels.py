"""Computer levels through ``python bot.py`` and the Discord double: the server default set
with ``/mahjong-admin computers``, the level the host picks per seat in the lobby, and that
each seat's moves are made by that level (the bot's DEBUG log names the level per move)."""

from __future__ import annotations

import re

import pytest

from discord_double.users import controls_of, lobby_message, wait_for
from tests.e2e.test_games import assert_clean
from tests.e2e.world import World

pytestmark = pytest.mark.e2e

MOVE = re.compile(r"hand \d+ seat (?P<seat>\d): the (?P<level>\w+) computer plays")


async def test_the_level_the_host_picks_is_the_level_that_plays(tmp_path):
    async with World(tmp_path, ["gina"]) as w:
        d, gina = w.double, w.users[0]
        await w.start_bot(sync=True, extra={"MAHJONG_LOG_LEVEL": "DEBUG"})
        i = await d.slash(gina.user, w.channel, "mahjong-admin", "computers",
                          level="easy", afk="hard")
        assert await d.wait_ack(i) and not i.failed
        i = await d.slash(gina.user, w.channel, "mahjong", "new", hands=1)
        assert await d.wait_ack(i)
        lobby = await wait_for(lambda: lobby_message(d, w.channel), d, 30, "the lobby")
        cpu = [c for c in controls_of(lobby) if c.code == "cpu"]
        assert [c.arg for c in cpu] == ["easy", "normal", "hard"]  # the server default first
        assert cpu[0].label == "Add computer: easy"
        for level in ("hard", "normal", "easy"):
            m = await wait_for(lambda: lobby_message(d, w.channel), d, 30, "the lobby")
            button = next(c for c in controls_of(m) if c.code == "cpu" and c.arg == level)
            assert await d.wait_ack(await d.click(gina.user, m, button.custom_id))

        def full():
            m = lobby_message(d, w.channel)
            return m if m is not None and "(empty)" not in m.content else None

        m = await wait_for(full, d, 30, "every seat taken")
        for n, level in ((1, "hard"), (2, "normal"), (3, "easy")):
            assert f"CPU{n} ({level} computer)" in m.content
        start = next(c for c in controls_of(m) if c.code == "start")
        assert await d.wait_ack(await d.click(gina.user, m, start.custom_id))
        await w.play(timeout=240)
        await w.bot.stop()
        assert_clean(w)
        played = {(int(x["seat"]), x["level"]) for x in MOVE.finditer(w.bot.log_text())}
        by_seat = {seat: {lv for s, lv in played if s == seat} for seat in range(4)}
        assert by_seat[1] == {"hard"} and by_seat[2] == {"normal"} and by_seat[3] == {"easy"}
        # gina clicked every move herself: no computer played her seat
        assert by_seat[0] == set()
        settlement = next(m for m in d.bot_messages(w.channel) if "settlement" in m.content)
        assert "CPU1 (hard computer)" in settlement.content


async def test_a_person_who_times_out_is_played_at_the_servers_afk_level(tmp_path):
    async with World(tmp_path, ["hana"]) as w:
        d, hana = w.double, w.users[0]
        # short windows and one time-out before a computer keeps the seat
        await w.start_bot(sync=True, extra={
            "MAHJONG_LOG_LEVEL": "DEBUG", "MAHJONG_TURN_SECONDS": "2",
            "MAHJONG_CLAIM_SECONDS": "1", "MAHJONG_AFK_TIMEOUTS": "1",
        })
        i = await d.slash(hana.user, w.channel, "mahjong-admin", "computers",
                          level="easy", afk="hard")
        assert await d.wait_ack(i) and not i.failed
        i = await d.slash(hana.user, w.channel, "mahjong", "new", hands=1)
        assert await d.wait_ack(i)
        for _ in range(3):  # the lobby's first computer button: the server default, easy
            m = await wait_for(lambda: lobby_message(d, w.channel), d, 30, "the lobby")
            button = next(c for c in controls_of(m) if c.code == "cpu")
            assert button.arg == "easy"
            assert await d.wait_ack(await d.click(hana.user, m, button.custom_id))

        def full():
            m = lobby_message(d, w.channel)
            return m if m is not None and "(empty)" not in m.content else None

        m = await wait_for(full, d, 30, "every seat taken")
        start = next(c for c in controls_of(m) if c.code == "start")
        assert await d.wait_ack(await d.click(hana.user, m, start.custom_id))

        # hana never clicks again: her window runs out, the channel says a computer took
        # over, and the table names the level playing her seat
        def shown(text: str):
            return lambda: next((m for m in d.bot_messages(w.channel) if text in m.content), None)

        await wait_for(shown("hana timed out repeatedly; a computer took over."), d, 60,
                       "the AFK notice")
        table = await wait_for(shown("hana (hard computer)"), d, 60,
                               "the table naming hana's computer")
        assert "CPU1 (easy computer)" in table.content
        await wait_for(w.finished, d, 240, "the standings")
        await w.bot.stop()
        assert_clean(w)
        played = {(int(x["seat"]), x["level"]) for x in MOVE.finditer(w.bot.log_text())}
        by_seat = {seat: {lv for s, lv in played if s == seat} for seat in range(4)}
        assert by_seat[0] == {"hard"}  # hana's seat: only the AFK level ever moved it
        assert by_seat[1] == by_seat[2] == by_seat[3] == {"easy"}
        settlement = next(m for m in d.bot_messages(w.channel) if "settlement" in m.content)
        assert "hana (hard computer)" in settlement.content
