"""Whole games through ``python bot.py`` and the Discord double, played by scripted people.

The bot is the product, unmodified, in a subprocess; only its settings
(DISCORD_API_BASE, DISCORD_GATEWAY_URL, DISCORD_TOKEN) point it at the double. Every
message it sends is checked by the double the way Discord checks it, and any refusal
fails the test. Timers are long enough that no one times out: every move is a click.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.discord_double.users import controls_of, open_table, wait_for
from tests.e2e.world import World

pytestmark = pytest.mark.e2e


def assert_clean(w: World) -> None:
    d = w.double
    assert d.rejections == [], f"Discord would have refused: {d.rejections[:5]}"
    assert d.unknown_routes == [], d.unknown_routes
    for b in w.bots:
        log = b.log_text()
        assert "Traceback" not in log, log[-4000:]
        assert " ERROR " not in log, log[-4000:]


async def test_four_people_play_a_whole_game_and_the_ledger_matches(tmp_path):
    hands = 2
    async with World(tmp_path, ["alice", "bob", "carol", "dave"]) as w:
        await w.start_bot(sync=True)
        assert {"mahjong", "chips", "daily", "leaderboard"} <= set(w.double.commands)
        table = await open_table(w.double, w.users[0], w.users[1:], hands=hands)

        async def network_blip() -> None:
            # once a few turns have been played, the gateway asks for a reconnect (op 7):
            # discord.py must RESUME and receive the clicks sent meanwhile
            await wait_for(lambda: sum(u.clicks for u in w.users) >= 8, w.double, 120,
                           "a few turns")
            await w.double.reconnect()

        blip = asyncio.create_task(network_blip())
        await w.play(timeout=300)
        await blip
        assert w.double.resumes >= 1 and w.double.identifies == 1
        await w.bot.stop()
        assert_clean(w)
        posted = w.check_books(table, hands)
        assert sum(sum(s.chips.values()) for s in posted) == 0  # chips only change hands
        assert all(not u.failed for u in w.users), [u.log for u in w.users if u.failed]
        assert all(u.clicks > 0 for u in w.users)


async def test_killed_mid_hand_the_bot_resumes_and_nothing_is_lost_or_paid_twice(tmp_path):
    hands = 2
    async with World(tmp_path, ["erin", "frank"]) as w:
        await w.start_bot(sync=True)
        table = await open_table(w.double, w.users[0], w.users[1:], computers=2, hands=hands)
        players = asyncio.gather(*(u.play(w.finished, 300) for u in w.users))

        def mid_hand() -> bool:
            # a few turns played and someone is being asked to discard right now
            return sum(u.clicks for u in w.users) >= 6 and any(
                (m := u.hand_message()) is not None
                and any(c.code == "d" for c in controls_of(m)) for u in w.users)

        await wait_for(mid_hand, w.double, 120, "a few turns of the first hand")
        before = len(w.settlements())
        await w.bot.kill()  # SIGKILL: no goodbye
        assert not w.finished() and before < hands
        await asyncio.sleep(1.5)  # people keep clicking at a dead bot meanwhile
        await w.start_bot()
        await asyncio.wait_for(players, 320)
        assert w.finished()
        await w.bot.stop()
        assert w.double.identifies == 2
        # said once, in the table message the restart posts again (the next edit drops it)
        assert any("carries on" in text for m in w.double.bot_messages(w.channel)
                   for text in m.history)
        w.check_books(table, hands)
        d = w.double
        assert d.rejections == [] and d.unknown_routes == []
        assert "Traceback" not in w.bots[1].log_text()


async def test_killed_and_restarted_the_bot_edits_the_dms_it_sent_before(tmp_path):
    """kill -9 mid-game, then a restart: where each person's hand lives was kept in the
    ledger, so the restarted bot opens no DM channel (POST /users/@me/channels) and sends no
    new DM; it edits the DM of whoever must act, and the game plays on to its end."""
    hands = 2
    async with World(tmp_path, ["gina", "hugo", "ines", "jack"]) as w:
        await w.start_bot(sync=True)
        d = w.double
        table = await open_table(d, w.users[0], w.users[1:], hands=hands)
        players = asyncio.gather(*(u.play(w.finished, 300) for u in w.users))

        def mid_hand() -> bool:
            return sum(u.clicks for u in w.users) >= 8 and any(
                (m := u.hand_message()) is not None
                and any(c.code == "d" for c in controls_of(m)) for u in w.users)

        await wait_for(mid_hand, d, 120, "a few turns of the first hand")
        await w.bot.kill()
        assert not w.finished()
        dm_ids = {}
        for p in w.people:
            dm = d.dm_of(p.id)
            assert dm is not None, f"{p.name} was sent no hand"
            dm_ids[dm.id] = p.name
        hands_before = {ch: [m.id for m in d.bot_messages(ch)] for ch in dm_ids}
        assert all(len(ids) == 1 for ids in hands_before.values()), hands_before
        since = len(d.request_paths)
        await asyncio.sleep(1.0)  # people click at a dead bot meanwhile
        await w.start_bot()
        await asyncio.wait_for(players, 320)
        assert w.finished()
        await w.bot.stop()
        after = d.request_paths[since:]
        opened = [path for _t, method, path in after
                  if method == "POST" and path == "/users/@me/channels"]
        new_dms = [path for _t, method, path in after if method == "POST"
                   and path.startswith("/channels/")
                   and int(path.split("/")[2]) in dm_ids]
        dm_edits = [path for _t, method, path in after if method == "PATCH"
                    and path.startswith("/channels/") and int(path.split("/")[2]) in dm_ids]
        assert opened == [], f"DM channels opened again after the restart: {len(opened)}"
        assert new_dms == [], f"new DMs after the restart: {new_dms}"
        # still one DM per person (besides ephemeral answers to their clicks: "that button
        # was out of date", a click's own reply)
        assert {ch: [m.id for m in d.bot_messages(ch) if not m.ephemeral]
                for ch in dm_ids} == hands_before
        assert dm_edits, "nobody's hand was shown after the restart"
        assert d.identifies == 2
        assert_clean(w)
        w.check_books(table, hands)
        assert all(u.clicks > 0 for u in w.users)


async def test_a_player_with_dms_closed_plays_the_whole_game_through_ephemeral_controls(tmp_path):
    hands = 2
    async with World(tmp_path, ["grace"], closed_dms=("grace",)) as w:
        await w.start_bot(sync=True)
        grace = w.users[0]
        table = await open_table(w.double, grace, [], computers=3, hands=hands)
        await w.play(timeout=240)
        await w.bot.stop()
        d = w.double
        # the bot tried her DM, Discord said 50007, and she played from ephemeral copies
        assert any(r[2] == 403 for r in d.requests if r[1] == "/channels/{channel}/messages")
        assert grace.dm_messages() == []
        assert grace.shown, "she never pressed Show my hand"
        hand_clicks = [i for i in d.interactions.values()
                       if i.user_id == grace.id and i.source_message_id is not None
                       and d.messages[i.source_message_id].ephemeral]
        assert len(hand_clicks) >= 5
        assert not grace.failed, grace.log
        w.check_books(table, hands)
        # the only refusals are the DM attempts
        assert all(r[3] == 50007 for r in d.rejections), d.rejections
        assert d.unknown_routes == []


@pytest.mark.parametrize("preset", ["shanghai", "beijing", "quzhou"])
async def test_a_whole_game_of_each_indicator_preset(tmp_path, preset):
    """Two people and two computers play a game of a preset whose joker comes from an
    indicator: the indicator is announced to the channel, every posted settlement is in the
    ledger, and chips only change hands."""
    hands = 2
    async with World(tmp_path, ["hana", "ivan"]) as w:
        await w.start_bot(sync=True)
        table = await open_table(w.double, w.users[0], w.users[1:], computers=2, hands=hands,
                                 preset=preset)
        await w.play(timeout=300)
        await w.bot.stop()
        assert_clean(w)
        texts = [m.content for m in w.double.bot_messages(w.channel)]
        assert sum("Indicator" in t and "turned" in t for t in texts) >= hands
        posted = w.check_books(table, hands)
        assert sum(sum(s.chips.values()) for s in posted) == 0
        assert all(not u.failed for u in w.users), [u.log for u in w.users if u.failed]


async def test_a_whole_game_with_its_pictures_drawn_in_worker_processes(tmp_path):
    """MAHJONG_PICTURE_PROCESSES: every picture (hands, the table, settlements, standings)
    is drawn in a worker process and arrives as a PNG; the game and the books as ever."""
    hands = 1
    async with World(tmp_path, ["hana", "ivan"]) as w:
        await w.start_bot(sync=True, extra={"MAHJONG_PICTURE_PROCESSES": "2"})
        table = await open_table(w.double, w.users[0], w.users[1:], computers=2, hands=hands)
        await w.play(timeout=300)
        await w.bot.stop()
        assert_clean(w)
        log = w.bot.log_text()
        assert "pictures are drawn in 2 worker processes" in log
        assert "no hand picture" not in log and "picture worker" not in log
        sent = {a.filename for m in w.double.messages.values() for a in m.attachments if a.png}
        assert {"hand.png", "table.png"} <= sent and len(sent) >= 4, sent
        drawn = re.search(r"pictures drawn: (.*)", log)
        assert drawn and "hand_png" in drawn.group(1) and "table_png" in drawn.group(1)
        posted = w.check_books(table, hands)
        assert sum(sum(s.chips.values()) for s in posted) == 0
        assert all(not u.failed for u in w.users), [u.log for u in w.users if u.failed]


@pytest.mark.parametrize("preset", ["sichuan", "changsha"])
async def test_a_whole_game_of_each_108_tile_preset(tmp_path, preset):
    """Two people and two computers play a game of Sichuan 血战到底 (with 换三张) or Changsha:
    the choices every seat makes at once (定缺 / 起手小胡 / the 海底) are buttons, the three
    tiles to pass on are picked from a menu, a seat that has won is
    not asked again, every posted settlement is in the ledger and chips only change hands."""
    hands = 1  # one whole hand each: the suite's time is shared
    async with World(tmp_path, ["jun", "kai"]) as w:
        await w.start_bot(sync=True)
        extra = {"house-rules": "exchange_three=true"} if preset == "sichuan" else {}
        w.users[1].mix_budget = 1  # first picks two suits in the 换三张 menu: refused
        table = await open_table(w.double, w.users[0], w.users[1:], computers=2, hands=hands,
                                 preset=preset, **extra)
        await w.play(timeout=300)
        await w.bot.stop()
        assert_clean(w)
        if preset == "sichuan":
            texts = [m.content for m in w.double.bot_messages(w.channel)]
            assert sum("Void suits" in t for t in texts) >= hands
            assert sum("Three tiles exchanged" in t for t in texts) >= hands
            clicks = [line for u in w.users for line in u.log]
            assert any(line.startswith("y:") for line in clicks), (clicks[:20], texts[:20])
            # three tiles passed on through the menu (values 5m.0 …), of one suit
            picks = [line.split()[0][2:].split(",") for line in clicks if "," in line]
            assert picks and all(len(p) == 3 for p in picks), clicks[:20]
            mixed = [p for p in picks if len({v.split(".")[0][-1] for v in p}) > 1]
            assert len(picks) > len(mixed), clicks[:20]
            # kai's pick of two suits (made when the menu offers two suits, nearly always):
            # one ephemeral sentence each, and nothing changed
            refusals = [m for m in w.double.messages.values()
                        if m.visible_to == w.users[1].id and "must all be one suit" in m.content]
            assert len(mixed) == w.users[1].mixed_tries <= 1, clicks[:20]
            assert len(refusals) == len(mixed), (clicks[:20], [m.content for m in refusals])
        posted = w.check_books(table, hands)
        assert sum(sum(s.chips.values()) for s in posted) == 0
        assert all(not u.failed for u in w.users), [u.log for u in w.users if u.failed]


@pytest.mark.parametrize("preset", ["guobiao", "baoding"])
async def test_a_whole_game_of_guobiao_and_baoding(tmp_path, preset):
    """Two people and two computers play a game of Guobiao (flowers set aside, 8 fans to win)
    or Baoding (the reserve, the dealer's double): every posted settlement is in the ledger
    and chips only change hands."""
    hands = 1  # one whole hand each: the suite's time is shared
    async with World(tmp_path, ["lan", "mei"]) as w:
        await w.start_bot(sync=True)
        table = await open_table(w.double, w.users[0], w.users[1:], computers=2, hands=hands,
                                 preset=preset)
        await w.play(timeout=300)
        await w.bot.stop()
        assert_clean(w)
        posted = w.check_books(table, hands)
        assert sum(sum(s.chips.values()) for s in posted) == 0
        assert all(not u.failed for u in w.users), [u.log for u in w.users if u.failed]


async def test_a_whole_game_of_taiwan(tmp_path):
    """Two people and two computers play Taiwan 16-tile hands (flowers set aside, 17-tile
    wins, the 底 and the dealer's 台 in every payment): every posted settlement is in the
    ledger and chips only change hands."""
    hands = 2
    async with World(tmp_path, ["lan", "mei"]) as w:
        await w.start_bot(sync=True)
        table = await open_table(w.double, w.users[0], w.users[1:], computers=2, hands=hands,
                                 preset="taiwan")
        await w.play(timeout=400)
        await w.bot.stop()
        assert_clean(w)
        posted = w.check_books(table, hands)
        assert sum(sum(s.chips.values()) for s in posted) == 0
        assert all(not u.failed for u in w.users), [u.log for u in w.users if u.failed]
