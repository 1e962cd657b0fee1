"""The Discord transport: a burst of table updates costs few edits; pictures go as files."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest

from discord_io.pacing import GLOBAL, INTERACTION
from discord_io.transport_core import TABLE_EDITS_PER_SECOND
from i18n.bot_text import bt
from tables.model import (
    ActionChoice,
    Mode,
    Notice,
    PrivateView,
    PublicView,
    Seat,
    Status,
    TableInfo,
)
from tables.service import Person
from tables.text import table_text
from tests.cogs.fakes import (
    CHANNEL,
    DM_CHANNELS,
    GUILD,
    FakeBot,
    interaction,
    message,
    sent_texts,
)
from tests.conftest import hand
from tests.tables.fakes import first_choice, pending


def _info() -> TableInfo:
    return TableInfo("t1", GUILD, CHANNEL, 1, "heyuan-zheng", (), 1, 4, Status.PLAYING,
                     (None, None, None, None))


def _view(wall: int) -> PublicView:
    return PublicView("t1", "heyuan-zheng", 0, 4, 0, 0, wall, 1, ((), (), (), ()),
                      ((), (), (), ()), ((), (), (), ()), (13, 13, 13, 13),
                      ("A", "B", "C", "D"), (False, True, True, True), (0, 0, 0, 0))


async def test_a_burst_of_computer_turns_is_one_or_two_edits():
    bot = FakeBot()
    bot.transport.edit_interval = 5.0  # far longer than the burst
    for wall in range(80, 40, -1):
        await bot.transport.public(_info(), _view(wall))
    await bot.transport.drain()
    ch = bot.channels[CHANNEL]
    posts = ch.send.await_args_list
    assert len(posts) == 1 and bot.transport.edits == 1  # only the latest view was drawn
    assert "41" in posts[0].kwargs["content"]
    assert posts[0].kwargs["files"][0].filename == "table.png"


# -- private hands: a person's DM is edited only when something of theirs changed ---------------

PEOPLE = ((100, "Ann"), (101, "Bob"), (102, "Cat"), (103, "Dan"))


async def _four_people(**bot_options: Any) -> tuple[FakeBot, str]:
    bot = FakeBot(**bot_options)
    for uid, name in PEOPLE:
        bot.add_user(uid, name)
    svc = bot.tables
    info = await svc.create(GUILD, CHANNEL, Person(*PEOPLE[0]), "heyuan-jihu", {}, 1, 1)
    for uid, name in PEOPLE[1:]:
        await svc.join(info.id, Person(uid, name))
    await svc.start(info.id, PEOPLE[0][0])
    # a DM slower than PRIVATE_WAIT (a busy machine) goes on in the background: the deal
    # is in every DM before a test looks at them
    await asyncio.gather(*bot.transport._private_workers.values())
    return bot, info.id


def _own(v: PrivateView) -> tuple[object, ...]:
    return (v.hand_no, v.concealed, v.drawn, v.melds, v.flowers)


def _dm_edits(bot: FakeBot, tid: str, uid: int) -> int:
    return bot.transport.dm_messages[(tid, uid)].edit.await_count


async def test_a_waiting_persons_dm_is_edited_only_when_something_of_theirs_changes():
    bot, tid = await _four_people()
    svc = bot.tables
    users = [uid for uid, _ in PEOPLE]
    dms = {u: bot.transport.dm_messages[(tid, u)] for u in users}
    untouched = claims = turns = 0
    for _ in range(200):
        acting = pending(svc, tid, {u: u for u in users})
        if not acting:
            break  # the hand (the whole one-hand game) is over
        actor, view = acting[0]
        others = [u for u in users if u != actor]
        before = {u: (svc.private_view(tid, u), _dm_edits(bot, tid, u)) for u in others}
        await svc.act(tid, actor, view.hand_no, view.step, *first_choice(view))
        if not svc.tables():
            break
        for u in others:
            old, edits = before[u]
            new = svc.private_view(tid, u)
            now = _dm_edits(bot, tid, u)
            if old.mode is new.mode is Mode.WAIT and _own(old) == _own(new):
                # someone else moved and nothing of this person's changed: no edit
                assert now == edits, (u, old, new)
                untouched += 1
            elif new.mode is Mode.CLAIM and old.mode is Mode.WAIT:
                assert now == edits + 1  # a claim option opened for them
                claims += 1
            elif new.mode is Mode.TURN and old.mode is not Mode.TURN:
                assert now == edits + 1  # their turn came
                turns += 1
            else:
                assert now == edits + 1, (u, old, new)
    assert untouched > 0 and claims > 0 and turns > 0, (untouched, claims, turns)
    # the waiting line names no seat (it would go stale); the table message shows the turn
    waiting = [c.kwargs["content"] for u in users
               for c in dms[u].edit.await_args_list
               if bt("hand.not_your_turn", "en") in c.kwargs["content"]]
    assert waiting and not any("Waiting for" in text for text in waiting)


def _wait_view(step: int, turn: int, concealed: tuple[int, ...]) -> PrivateView:
    return PrivateView("t1", 0, step, 0, Mode.WAIT, concealed, None, (), (), (), turn_seat=turn)


async def test_an_ephemeral_copy_follows_the_same_rule():
    bot = FakeBot()
    ann = bot.add_user(100, "Ann")
    info = TableInfo("t1", GUILD, CHANNEL, 100, "heyuan-zheng", (), 1, 1, Status.PLAYING,
                     (Seat(0, 100, "Ann"), None, None, None))
    tiles = tuple(hand("123456789m1234p"))
    shown = _wait_view(3, 1, tiles)
    it = interaction(bot, ann)
    bot.transport.remember_ephemeral("t1", 100, it, shown)
    await bot.transport.private(info, _wait_view(4, 2, tiles))  # another seat moved
    assert it.edit_original_response.await_count == 0
    claim = PrivateView("t1", 0, 5, 0, Mode.CLAIM, tiles, None, (), (),
                        (ActionChoice("pong", "p", "1p"), ActionChoice("pass", "x")),
                        claim_tile=hand("1p")[0], claim_from=2)
    await bot.transport.private(info, claim)
    await bot.transport.drain()  # (the first picture a process draws may take over 0.5 s)
    assert it.edit_original_response.await_count == 1
    ann.send.assert_not_awaited()  # the ephemeral copy is the one kept up to date


# -- the request budget: a person's own interaction token updates their DM ------------------


async def test_a_later_update_of_a_dm_rides_on_the_persons_last_click_on_it():
    bot, tid = await _four_people()
    transport = bot.transport
    ann = bot.get_user(100)
    dm = transport.dm_messages[(tid, 100)]
    click = interaction(bot, ann)
    click.message = dm  # a button on Ann's living DM
    transport.remember_token(tid, click)
    view = bot.tables.private_view(tid, 100)
    edits = dm.edit.await_count
    claim = dataclasses.replace(view, step=view.step + 1, mode=Mode.CLAIM,
                                actions=(ActionChoice("pass", "x"),))
    await transport.private(bot.tables.get(tid), claim)
    assert click.edit_original_response.await_count == 1  # the exempt webhook, not the DM edit
    assert dm.edit.await_count == edits
    assert transport.sent[(INTERACTION, "private.token")] == 1



async def test_an_update_through_a_click_not_yet_answered_waits_for_or_gives_that_answer():
    # Discord refuses an edit of a click's original message before the click is answered:
    # a later update through that click's token answers it, or waits for its deferral
    bot, tid = await _four_people()
    transport = bot.transport
    dm = transport.dm_messages[(tid, 100)]
    click = _click_on(bot, 100, dm, in_dm=True)
    transport.expect_answer(click)
    transport.remember_token(tid, click)
    await transport.private(bot.tables.get(tid), _claim_of(bot, tid, 100))
    click.response.edit_message.assert_awaited_once()  # the update is the click's answer
    click.edit_original_response.assert_not_awaited()
    click.response.defer.assert_not_awaited()

    later = _click_on(bot, 100, dm, in_dm=True)
    deferring = asyncio.Event()
    order: list[str] = []

    async def slow_defer(*args: Any, **kwargs: Any) -> None:
        await deferring.wait()
        order.append("deferred")

    async def edit(*args: Any, **kwargs: Any) -> Any:
        order.append("edited")
        return dm

    later.response.defer.side_effect = slow_defer
    later.edit_original_response.side_effect = edit
    transport.expect_answer(later)
    transport.remember_token(tid, later)
    acking = asyncio.create_task(transport.acknowledge_click(later))  # on its way
    await asyncio.sleep(0)
    update = asyncio.create_task(transport.private(bot.tables.get(tid), dataclasses.replace(
        _claim_of(bot, tid, 100), step=99)))
    await asyncio.sleep(0.05)
    assert order == []  # the edit waits for the deferral
    deferring.set()
    await asyncio.gather(acking, update)
    assert order == ["deferred", "edited"]
    later.response.edit_message.assert_not_awaited()

# -- the copy of a hand a person last clicked is the one kept up to date ------------------------


def _ephemeral_copy() -> Any:
    """An ephemeral message (Show my hand's copy) as Discord describes it in a click."""
    msg = message()
    msg.flags = discord.MessageFlags(ephemeral=True)
    return msg


def _click_on(bot: FakeBot, user_id: int, msg: Any, in_dm: bool) -> Any:
    it = interaction(bot, bot.get_user(user_id))
    it.message = msg
    if in_dm:
        it.guild_id = None  # a DM has no server
    return it


def _claim_of(bot: FakeBot, tid: str, user_id: int) -> PrivateView:
    view = bot.tables.private_view(tid, user_id)
    return dataclasses.replace(view, step=view.step + 1, mode=Mode.CLAIM,
                               actions=(ActionChoice("pass", "x"),))


async def test_a_click_on_the_dm_takes_the_living_copy_back_from_the_ephemeral_one():
    bot, tid = await _four_people()
    transport = bot.transport
    dm = transport.dm_messages[(tid, 100)]
    show = interaction(bot, bot.get_user(100))  # Show my hand: the ephemeral copy is living
    transport.remember_ephemeral(tid, 100, show, bot.tables.private_view(tid, 100))
    back = _click_on(bot, 100, dm, in_dm=True)  # then a click on her DM
    copy = transport.remember_token(tid, back)
    await transport.private(bot.tables.get(tid), _claim_of(bot, tid, 100))
    await transport.drain()
    show.edit_original_response.assert_not_awaited()  # the ephemeral copy is left as it is
    assert back.edit_original_response.await_count == 1  # her DM, through her click's token
    assert transport.sent[(INTERACTION, "private.token")] == 1
    assert transport.sent[(INTERACTION, "private.ephemeral")] == 0
    assert (tid, 100) not in transport.ephemeral
    assert transport.tokens[(tid, 100)][0] is back and copy is True


async def test_a_click_on_an_ephemeral_copy_makes_that_click_the_ephemeral_entry():
    bot, tid = await _four_people()
    transport = bot.transport
    dm = transport.dm_messages[(tid, 100)]
    show = interaction(bot, bot.get_user(100))
    transport.remember_ephemeral(tid, 100, show, bot.tables.private_view(tid, 100))
    # made long ago: Show my hand's token has little time left
    transport.ephemeral[(tid, 100)] = (show, time.monotonic() - 800)
    copy = _ephemeral_copy()
    played = _click_on(bot, 100, copy, in_dm=False)  # a button on the copy, in the channel
    remembered = transport.remember_token(tid, played)
    edits = dm.edit.await_count
    await transport.private(bot.tables.get(tid), _claim_of(bot, tid, 100))
    await transport.drain()
    # the click's original message is the copy its button sits on: its token edits the copy
    assert played.edit_original_response.await_count == 1
    show.edit_original_response.assert_not_awaited()
    assert dm.edit.await_count == edits
    assert transport.sent[(INTERACTION, "private.ephemeral")] == 1
    entry, since = transport.ephemeral[(tid, 100)]
    assert entry is played and time.monotonic() - since < 5  # 15 minutes from this click
    assert (tid, 100) not in transport.tokens and transport.dm_messages[(tid, 100)] is dm
    assert remembered is True
    # someone not seated at the table: an ephemeral message of theirs is nothing of the table's
    stranger = _click_on(bot, 666, _ephemeral_copy(), in_dm=False)
    stranger.user = bot.add_user(666, "Eve")
    assert transport.remember_token(tid, stranger) is False
    assert (tid, 666) not in transport.ephemeral


async def test_a_late_dm_is_adopted_as_the_living_dm_when_clicked():
    bot, tid = await _four_people()
    transport = bot.transport
    dm = transport.dm_messages[(tid, 100)]
    show = interaction(bot, bot.get_user(100))
    transport.remember_ephemeral(tid, 100, show, bot.tables.private_view(tid, 100))
    # a DM the transport gave up on (its worker was cancelled while it was on its way)
    # arrived after all: it is not the DM the transport knows
    late = message()
    click = _click_on(bot, 100, late, in_dm=True)
    adopted = transport.remember_token(tid, click)
    edits = dm.edit.await_count
    await transport.private(bot.tables.get(tid), _claim_of(bot, tid, 100))
    await transport.drain()
    assert click.edit_original_response.await_count == 1  # the late DM, through the click
    show.edit_original_response.assert_not_awaited()
    assert dm.edit.await_count == edits
    assert transport.dm_messages[(tid, 100)] is late
    assert transport.tokens[(tid, 100)][0] is click
    assert (tid, 100) not in transport.ephemeral and adopted is True
    # the same message in a server channel is not a DM of hers: nothing is adopted
    other = _click_on(bot, 100, message(), in_dm=False)
    assert transport.remember_token(tid, other) is False
    assert transport.dm_messages[(tid, 100)] is late


async def test_a_stale_click_refreshes_the_clicked_message_and_makes_it_living():
    from cogs.game.clicks import handle_click
    from cogs.game.replies import show_hand

    bot, tid = await _four_people()
    transport, svc = bot.transport, bot.tables
    users = {uid: uid for uid, _ in PEOPLE}
    ((uid, turn),) = [(u, v) for u, v in pending(svc, tid, users) if v.mode is Mode.TURN]
    key = (tid, uid)
    dm = transport.dm_messages[key]
    # their DM is slow: they use /mahjong hand and discard from the ephemeral copy
    await show_hand(bot, interaction(bot, bot.get_user(uid)), tid)
    code, arg = first_choice(turn)
    played = _click_on(bot, uid, _ephemeral_copy(), in_dm=False)
    await handle_click(bot, played, tid, turn.hand_no, code, arg, turn.step)
    await transport.drain()
    played.response.edit_message.assert_awaited_once()  # the copy shows the move
    now = svc.private_view(tid, uid)
    assert now.step != turn.step
    logged = list(bot.memory.logs[tid])
    public = svc.public_view(tid)
    # then the DM arrives, late, with the old turn's buttons, and they click one there
    stale = _click_on(bot, uid, dm, in_dm=True)
    await handle_click(bot, stale, tid, turn.hand_no, code, arg, turn.step)
    await transport.drain()
    # the DM is answered with their hand as it is now (one request, the click's answer)
    stale.response.edit_message.assert_awaited_once()
    shown = stale.response.edit_message.await_args.kwargs
    content, controls = transport.private_text(svc.get(tid), now, "en")
    hand_line = next(line for line in content.splitlines() if line.startswith("Hand:"))
    assert hand_line in shown["content"].splitlines()
    assert ([getattr(c, "custom_id", None) for c in shown["view"].children]
            == [getattr(c, "custom_id", None) for c in controls.children])
    assert [f.filename for f in shown["attachments"]] == ["hand.png"]
    # they are told, ephemerally, in their language; nothing in the game changed
    assert sent_texts(stale.followup.send) == [bt("hand.refreshed", "en")]
    assert stale.followup.send.await_args.kwargs["ephemeral"] is True
    assert list(bot.memory.logs[tid]) == logged and svc.public_view(tid) == public
    assert svc.private_view(tid, uid) == now
    assert transport.sent[(INTERACTION, "private.click")] >= 2
    assert transport.sent[(INTERACTION, "private.stale")] == 1
    # the DM is the living copy again: their next update goes there, through this click
    assert key not in transport.ephemeral and transport.tokens[key][0] is stale
    calls = played.edit_original_response.await_count
    await transport.private(svc.get(tid), _claim_of(bot, tid, uid))
    await transport.drain()
    assert stale.edit_original_response.await_count == 1
    assert played.edit_original_response.await_count == calls
    # a stale click forwarded by another process (acknowledged there) is refreshed through
    # its token; a stale button on a message that is no copy of their hand is refused as before
    forwarded = _click_on(bot, uid, dm, in_dm=True)
    await forwarded.response.defer()
    await handle_click(bot, forwarded, tid, turn.hand_no, code, arg, turn.step)
    await transport.drain()
    forwarded.edit_original_response.assert_awaited()
    assert sent_texts(forwarded.followup.send) == [bt("hand.refreshed", "en")]
    elsewhere = _click_on(bot, uid, message(), in_dm=False)
    await handle_click(bot, elsewhere, tid, turn.hand_no, code, arg, turn.step)
    assert sent_texts(elsewhere.followup.send) == [bt("err.stale", "en")]
    elsewhere.response.edit_message.assert_not_awaited()
    elsewhere.edit_original_response.assert_not_awaited()
    assert list(bot.memory.logs[tid]) == logged and svc.public_view(tid) == public


def _attachment(aid: int, filename: str = "hand.png") -> discord.Attachment:
    return discord.Attachment(data={"id": aid, "filename": filename, "size": 1000,
                                    "url": f"https://cdn.invalid/{aid}/{filename}",
                                    "proxy_url": f"https://media.invalid/{aid}/{filename}"},
                              state=MagicMock())


async def test_a_hand_picture_already_on_the_dm_is_kept_not_drawn_and_uploaded_again():
    bot, tid = await _four_people()
    transport = bot.transport
    ann = bot.get_user(100)
    dm = transport.dm_messages[(tid, 100)]
    click = interaction(bot, ann)
    click.message = dm
    transport.remember_token(tid, click)
    shown = _attachment(900)
    click.edit_original_response.side_effect = None
    click.edit_original_response.return_value = MagicMock(id=dm.id, attachments=[shown])
    view = bot.tables.private_view(tid, 100)
    info = bot.tables.get(tid)
    claim = dataclasses.replace(view, step=view.step + 1, mode=Mode.CLAIM,
                                actions=(ActionChoice("pass", "x"),))
    await transport.private(info, claim)  # drawn and uploaded: nothing known of the DM yet
    first = click.edit_original_response.await_args.kwargs["attachments"]
    assert [f.filename for f in first] == ["hand.png"] and isinstance(first[0], discord.File)
    # passed: the tiles are the same, so the picture on the DM is kept as it is
    drawn = transport.drawn["hand_png"]
    passed = dataclasses.replace(claim, step=claim.step + 1, mode=Mode.WAIT, actions=())
    await transport.private(info, passed)
    assert click.edit_original_response.await_args.kwargs["attachments"] == [shown]
    assert transport.drawn["hand_png"] == drawn
    # other tiles: a new picture
    other = dataclasses.replace(passed, concealed=passed.concealed[:-1])
    await transport.private(info, other)
    again = click.edit_original_response.await_args.kwargs["attachments"]
    assert isinstance(again[0], discord.File) and transport.drawn["hand_png"] == drawn + 1
    # a different message (the DM sent again) never gets another message's attachment
    transport._hand_pictures[(tid, 100)] = (dm.id + 1, transport._hand_pictures[(tid, 100)][1],
                                            shown)
    await transport.private(info, dataclasses.replace(other, step=other.step + 5,
                                                      mode=Mode.CLAIM, actions=claim.actions))
    assert isinstance(click.edit_original_response.await_args.kwargs["attachments"][0],
                      discord.File)


async def test_the_tile_just_drawn_thrown_sends_the_picture_from_before_the_draw_undrawn():
    bot, tid = await _four_people()
    transport = bot.transport
    ann = bot.get_user(100)
    click = interaction(bot, ann)
    click.message = transport.dm_messages[(tid, 100)]
    transport.remember_token(tid, click)
    click.edit_original_response.side_effect = None
    click.edit_original_response.return_value = MagicMock(id=click.message.id, attachments=[])
    info = bot.tables.get(tid)
    view = bot.tables.private_view(tid, 100)
    before = dataclasses.replace(view, step=view.step + 1, mode=Mode.CLAIM,
                                 actions=(ActionChoice("pass", "x"),), drawn=None)
    drawn_tile = before.concealed[0]

    async def shown(v: Any) -> bytes:
        await transport.private(info, v)
        await transport.drain()
        files = click.edit_original_response.await_args.kwargs["attachments"]
        assert isinstance(files[0], discord.File)
        return bytes(files[0].fp.getvalue())

    first = await shown(before)
    after_draw = await shown(dataclasses.replace(before, step=before.step + 1, mode=Mode.WAIT,
                                                 actions=(), drawn=drawn_tile))
    count, reused = transport.drawn["hand_png"], transport.reused["hand_png"]
    # thrown again: the same tiles as before the draw, so the same picture, not drawn again
    again = await shown(dataclasses.replace(before, step=before.step + 2))
    assert again == first != after_draw
    assert transport.drawn["hand_png"] == count
    assert transport.reused["hand_png"] == reused + 1
    assert f"sent again undrawn: hand_png {reused + 1}" in transport.pictures_summary()
    # the pictures kept are the table's: gone with it
    transport.forget(tid)
    assert (tid, 100) not in transport._hand_pngs


async def test_an_old_or_refused_token_falls_back_to_the_bots_own_dm_edit():
    bot, tid = await _four_people()
    transport = bot.transport
    ann = bot.get_user(100)
    dm = transport.dm_messages[(tid, 100)]
    click = interaction(bot, ann)
    click.message = dm
    transport.remember_token(tid, click)
    response = MagicMock(status=401, reason="expired")
    click.edit_original_response.side_effect = discord.HTTPException(response, "expired token")
    view = bot.tables.private_view(tid, 100)
    edits = dm.edit.await_count
    claim = dataclasses.replace(view, step=view.step + 1, mode=Mode.CLAIM,
                                actions=(ActionChoice("pass", "x"),))
    await transport.private(bot.tables.get(tid), claim)
    assert dm.edit.await_count == edits + 1
    assert (tid, 100) not in transport.tokens  # not tried again
    assert transport.sent[(GLOBAL, "private.dm_edit")] >= 1


async def test_a_click_on_another_message_is_not_kept_as_the_dms_token():
    bot, tid = await _four_people()
    click = interaction(bot, bot.get_user(100))
    click.message = MagicMock(id=123456)  # e.g. a lobby or an old message
    bot.transport.remember_token(tid, click)
    assert bot.transport.tokens == {}


def test_table_edits_slow_down_as_more_tables_are_live():
    bot = FakeBot()
    t = bot.transport
    t.edit_interval = 1.2
    now = time.monotonic()
    t._last_edit = {f"t{i}": now for i in range(5)}
    assert t.table_interval() == 1.2
    t._last_edit = {f"t{i}": now for i in range(250)}
    # all tables together stay within TABLE_EDITS_PER_SECOND of the global budget
    assert t.table_interval() == 250 / TABLE_EDITS_PER_SECOND


async def test_calls_become_lines_of_the_table_message_when_many_tables_are_live():
    bot = FakeBot()
    t = bot.transport
    t.edit_interval = 1.2
    ch = bot.channels[CHANNEL]
    pong = Notice("call.pong", {"name": "Ann", "tile": "5m", "tiles": "555m"}, 0)
    await t.notice(_info(), pong)  # one table: a message of its own
    assert ch.send.await_count == 1
    now = time.monotonic()
    t._last_edit = {f"other{i}": now for i in range(100)}  # a busy bot
    await t.notice(_info(), pong)
    assert ch.send.await_count == 1  # no message: kept for the table's next edit
    await t.public(_info(), _view(50))
    await t.drain()
    table_post = ch.send.await_args_list[-1].kwargs["content"]
    assert "Ann" in table_post and table_post.endswith(ch.send.await_args_list[0].kwargs["content"])


async def test_a_dm_to_someone_not_in_the_cache_opens_the_channel_by_id_alone():
    bot, tid = await _four_people()
    t = bot.transport
    dm = AsyncMock()
    dm.send.return_value = MagicMock(id=777)
    fake: Any = bot  # the bot as discord.py's: the DM opened by id
    fake.create_dm = AsyncMock(return_value=dm)
    fake.get_user = MagicMock(return_value=None)
    fake.fetch_user = AsyncMock(side_effect=AssertionError("no GET /users/{id}"))
    t.dm_messages.pop((tid, 100))
    t._last_private.clear()
    await t.private(bot.tables.get(tid), bot.tables.private_view(tid, 100))
    assert fake.create_dm.await_args.args[0].id == 100
    assert t.dm_messages[(tid, 100)].id == 777


async def test_when_busy_a_turn_update_carries_the_rivers_the_table_message_shows():
    bot, tid = await _four_people()
    t = bot.transport
    svc = bot.tables
    acting = pending(svc, tid, {u: u for u, _ in PEOPLE})
    _uid, view = acting[0]
    public = _view(60)
    t._public[tid] = public
    t.edit_interval, t._last_edit = 1.2, {}  # one table: not busy
    info = svc.get(tid)
    quiet, _c, _f = await t.render_private(info, view, "en")
    now = time.monotonic()
    t._last_edit = {f"other{i}": now for i in range(100)}  # a busy bot
    busy, _c, _f = await t.render_private(info, view, "en")
    river = table_text(public, "en").splitlines()[2]
    assert river not in quiet and river in busy and busy.startswith(quiet.split("<t:")[0])


# -- the lobby: edits ride on the clicks that change it ---------------------------------------


async def test_a_lobby_click_edits_the_lobby_through_its_own_token():
    bot = FakeBot()
    for uid, name in PEOPLE:
        bot.add_user(uid, name)
    svc, t = bot.tables, bot.transport
    info = await svc.create(GUILD, CHANNEL, Person(*PEOPLE[0]), "heyuan-jihu", {}, 1, 1)
    lobby = t.lobby_messages[info.id]  # sent once, by the bot
    join = interaction(bot, bot.get_user(101))
    join.message = lobby
    t.remember_lobby_click(info.id, join)
    await svc.join(info.id, Person(*PEOPLE[1]))
    assert join.edit_original_response.await_count == 1  # exempt: the click's webhook
    assert lobby.edit.await_count == 0
    assert t.sent[(INTERACTION, "lobby.token")] == 1 and t.sent[(GLOBAL, "lobby.edit")] == 0
    # a lobby no one clicked on for 15 minutes (or whose token was refused): the bot's edit
    join.edit_original_response.side_effect = discord.HTTPException(
        MagicMock(status=401, reason="expired"), "expired token")
    await svc.join(info.id, Person(*PEOPLE[2]))
    assert lobby.edit.await_count == 1 and info.id not in t.lobby_tokens


async def test_a_click_on_another_message_is_not_kept_as_the_lobbys_token():
    bot = FakeBot()
    info = await bot.tables.create(GUILD, CHANNEL, Person(*PEOPLE[0]), "heyuan-jihu", {}, 1, 1)
    click = interaction(bot, bot.add_user(101, "Bob"))
    click.message = MagicMock(id=123456)
    bot.transport.remember_lobby_click(info.id, click)
    assert bot.transport.lobby_tokens == {}


async def test_when_busy_the_game_over_line_is_left_to_the_standings_message():
    bot = FakeBot()
    t = bot.transport
    ch = bot.channels[CHANNEL]
    over = Notice("call.game_over", {"table": "t1"})
    await t.notice(_info(), over)
    assert ch.send.await_count == 1  # one table: said on its own
    now = time.monotonic()
    t._last_edit = {f"other{i}": now for i in range(100)}  # a busy bot
    await t.notice(_info(), over)
    assert ch.send.await_count == 1


async def test_a_persons_dm_channel_is_opened_once_not_for_every_game():
    bot, tid = await _four_people()
    t = bot.transport
    fake: Any = bot
    opened = MagicMock(id=555)
    opened.send = AsyncMock(return_value=MagicMock(id=777, channel=MagicMock(id=555)))
    fake.create_dm = AsyncMock(return_value=opened)
    fake.get_user = MagicMock(return_value=None)
    again = MagicMock()
    again.send = AsyncMock(return_value=MagicMock(id=778, channel=MagicMock(id=555)))
    fake.get_partial_messageable = MagicMock(return_value=again)
    for _game in range(2):  # the DM of a new game (a new table) for the same person
        t.dm_messages.pop((tid, 100), None)
        t._last_private.clear()
        await t.private(bot.tables.get(tid), bot.tables.private_view(tid, 100))
        assert t.dm_messages[(tid, 100)].channel.id == 555
    assert fake.create_dm.await_count == 1  # POST /users/@me/channels once
    assert fake.get_partial_messageable.call_args.args == (555,)
    again.send.assert_awaited_once()


# -- a game click is answered by the clicker's own DM update ------------------------------------


async def test_a_click_answered_by_its_update_costs_no_deferral():
    bot, _tid = await _four_people()
    transport = bot.transport
    it = interaction(bot, bot.get_user(100))
    transport.expect_answer(it)
    await transport._update_clicked(it, content="hand")
    it.response.edit_message.assert_awaited_once()
    await transport.acknowledge_click(it)  # the handler ends: answered already
    it.response.defer.assert_not_awaited()
    await transport._update_clicked(it, content="later")  # a later update: through the token
    assert it.edit_original_response.await_args.kwargs["content"] == "later"


async def test_a_click_without_an_update_is_deferred_and_a_late_update_follows_it(monkeypatch):
    import discord_io.click_answers as transport_module

    bot, _tid = await _four_people()
    transport = bot.transport
    it = interaction(bot, bot.get_user(100))
    transport.expect_answer(it)
    await transport.acknowledge_click(it)  # e.g. a refusal: deferred, then a followup
    it.response.defer.assert_awaited_once()
    await transport._update_clicked(it, content="hand")
    it.response.edit_message.assert_not_awaited()
    it.edit_original_response.assert_awaited_once()
    # an update slower than ACK_WAIT: the click is deferred in time, the update follows
    monkeypatch.setattr(transport_module, "ACK_WAIT", 0.01)
    slow = interaction(bot, bot.get_user(100))
    transport.expect_answer(slow)
    await asyncio.sleep(0.05)
    slow.response.defer.assert_awaited_once()
    await transport._update_clicked(slow, content="hand")
    slow.response.edit_message.assert_not_awaited()
    slow.edit_original_response.assert_awaited_once()
    # a click acknowledged elsewhere (forwarded by another process) is never deferred here
    forwarded = interaction(bot, bot.get_user(100))
    await forwarded.response.defer()
    forwarded.response.defer.reset_mock()
    transport.expect_answer(forwarded)
    await transport._update_clicked(forwarded, content="hand")
    await transport.acknowledge_click(forwarded)
    forwarded.response.defer.assert_not_awaited()
    forwarded.edit_original_response.assert_awaited_once()


async def test_a_click_whose_answering_update_fails_is_deferred_instead():
    bot, _tid = await _four_people()
    transport = bot.transport
    it = interaction(bot, bot.get_user(100))
    transport.expect_answer(it)
    it.response.edit_message.side_effect = discord.HTTPException(
        MagicMock(status=400, reason="Bad Request"), "refused")
    with pytest.raises(discord.HTTPException):
        await transport._update_clicked(it, content="hand")
    await asyncio.gather(*transport._deferrals)
    it.response.defer.assert_awaited_once()
    await transport.acknowledge_click(it)  # answered: nothing more
    it.response.defer.assert_awaited_once()


async def test_a_process_running_some_shards_edits_tables_within_its_share_of_the_budget(tmp_path):
    # one shard of four paces a quarter of the token's 40 requests per second, and its
    # table messages take a fifth of that, not a single process's 8 per second
    from config import Settings
    from discord_io.client import MahjongBot

    settings = Settings(token="x", db_path=tmp_path / "m.db", shard_count=4, shard_ids="1",
                        database_url="postgresql://db.invalid/ledger")
    bot = MahjongBot(settings)
    assert bot.pacer.rate == 10
    assert bot.transport.table_edits_per_second == 2.0
    alone = MahjongBot(Settings(token="x", db_path=tmp_path / "a.db"))
    assert alone.transport.table_edits_per_second == TABLE_EDITS_PER_SECOND == 8.0


def test_tables_waiting_for_their_first_edit_count_as_live():
    # after a restart every resumed table waits for an edit at once, none edited yet: they
    # are live (so calls are folded and edits spaced) before any edit has got through
    bot = FakeBot()
    t = bot.transport
    t.edit_interval = 1.2
    t._pending = {f"t{i}": (_info(), _view(50)) for i in range(250)}  # type: ignore[misc]
    assert t.live_tables() == 250 and t.busy()
    assert t.table_interval() == 250 / TABLE_EDITS_PER_SECOND
    now = time.monotonic()
    t._last_edit = {"t0": now, "t1": now - 120, "other": now}  # an old edit is not live
    assert t.live_tables() == 251


async def test_no_show_my_hand_notice_while_the_hand_is_held_up_here_not_at_discord(
        monkeypatch):
    """A turn's DM held back in this process (the token's budget is full, its picture waits
    for a worker, the loop is busy with hundreds of deals) is not failing at Discord: the
    notice, one more request on the same budget and loop, is not posted. Once Discord holds
    the request (no answer for SLOW_DM, or "try again"), it is."""
    import discord_io.hand_messages as transport_module

    monkeypatch.setattr(transport_module, "SLOW_DM", 0.05)
    monkeypatch.setattr(transport_module, "SLOW_RECHECK", 0.01)
    bot, tid = await _four_people()
    t = bot.transport
    posted: list[str] = []

    async def dm_closed(*args: Any, **kwargs: Any) -> None:
        posted.append("notice")

    t._dm_closed = dm_closed  # type: ignore[method-assign]
    release = asyncio.Event()
    at_discord = False

    async def dm() -> None:
        await release.wait()

    task = asyncio.create_task(dm())
    t.at_discord = lambda x, longer_than: at_discord and x is task
    slow = asyncio.create_task(t._slow_dm(task, bot.tables.get(tid), 0, 100, 0))
    await asyncio.sleep(0.2)  # four times SLOW_DM: still held here, no notice
    assert posted == [] and not slow.done()
    release.set()  # it goes through
    await slow
    assert posted == []

    # a DM that Discord holds: the notice
    release.clear()
    task = asyncio.create_task(dm())
    slow = asyncio.create_task(t._slow_dm(task, bot.tables.get(tid), 0, 100, 0))
    await asyncio.sleep(0.1)
    assert posted == []
    at_discord = True
    await asyncio.wait_for(slow, 1.0)
    assert posted == ["notice"]
    release.set()
    await task


# -- a restart: each person's DM is taken back from the store, not opened and sent again ---------


async def _restarted(bot: FakeBot, tid: str, gone: set[int] | None = None) -> FakeBot:
    """The process is killed and started again: a new transport (no message handles, no DM
    channel ids) and service on the same stored tables; ``gone``: DM messages deleted."""
    await bot.tables.close()
    again = FakeBot(memory=bot.memory, dm_channel_ids=True)
    again.gone |= gone or set()
    for uid, name in PEOPLE:
        again.add_user(uid, name)
    assert await again.tables.resume_all() == [tid]
    await again.transport.drain()
    return again


def _acting(bot: FakeBot, tid: str, alone: bool = False) -> tuple[int, PrivateView]:
    """Someone who must decide now (``alone``: the only one)."""
    todo = pending(bot.tables, tid, {u: u for u, _ in PEOPLE})
    assert todo and (len(todo) == 1 or not alone), todo
    return todo[0]


async def test_each_new_dm_is_kept_in_the_store_once_not_per_edit():
    bot, tid = await _four_people(dm_channel_ids=True)
    t = bot.transport
    await t.drain()
    dms = {uid: t.dm_messages[(tid, uid)] for uid, _ in PEOPLE}
    assert bot.memory.hand_dms[tid] == {uid: (DM_CHANNELS + uid, dms[uid].id) for uid, _ in PEOPLE}
    saves = AsyncMock(wraps=bot.memory.save_hand_message)
    bot.memory.save_hand_message = saves  # type: ignore[method-assign]
    uid, view = _acting(bot, tid)
    await bot.tables.act(tid, uid, view.hand_no, view.step, *first_choice(view))
    await t.drain()
    assert sum(m.edit.await_count for m in dms.values()) >= 2  # edits, no new DM: nothing kept
    saves.assert_not_awaited()
    # a DM of hers adopted by a click on it (one that arrived late) is kept instead
    late = message(DM_CHANNELS + 101)
    t.remember_token(tid, _click_on(bot, 101, late, in_dm=True))
    await t.drain()
    saves.assert_awaited_once_with(tid, 101, DM_CHANNELS + 101, late.id)
    assert bot.memory.hand_dms[tid][101] == (DM_CHANNELS + 101, late.id)


async def test_a_failed_write_of_where_a_hand_lives_does_not_stop_the_game(caplog):
    from store import StorageFailure

    bot = FakeBot(dm_channel_ids=True)
    bot.memory.save_hand_message = AsyncMock(  # type: ignore[method-assign]
        side_effect=StorageFailure("disk I/O error"))
    for uid, name in PEOPLE:
        bot.add_user(uid, name)
    svc = bot.tables
    info = await svc.create(GUILD, CHANNEL, Person(*PEOPLE[0]), "heyuan-jihu", {}, 1, 1)
    for uid, name in PEOPLE[1:]:
        await svc.join(info.id, Person(uid, name))
    await svc.start(info.id, PEOPLE[0][0])
    await bot.transport.drain()
    assert bot.memory.save_hand_message.await_count == 4
    assert all((info.id, uid) in bot.transport.dm_messages for uid, _ in PEOPLE)
    assert "was not stored" in caplog.text
    uid, view = _acting(bot, info.id)
    await svc.act(info.id, uid, view.hand_no, view.step, *first_choice(view))  # plays on


async def test_a_restart_edits_only_the_acting_persons_dm_and_opens_no_dm_channel():
    from cogs.game.clicks import handle_click

    bot, tid = await _four_people(dm_channel_ids=True)
    await bot.transport.drain()
    dms = {uid: bot.transport.dm_messages[(tid, uid)].id for uid, _ in PEOPLE}
    acting, view = _acting(bot, tid, alone=True)
    assert view.mode is Mode.TURN and view.step > 0
    again = await _restarted(bot, tid)
    t = again.transport
    # no DM channel opened (discord.py's User.send), no DM sent by the channel's id
    for uid, _ in PEOPLE:
        again.users[uid].send.assert_not_awaited()
    assert again.channel_sends == []
    assert t.sent[(GLOBAL, "private.dm_send")] == 0
    # the person who must act: their DM, as stored, edited with their buttons; the others'
    # DMs are left as they are
    assert t.sent[(GLOBAL, "private.dm_edit")] == 1
    assert {mid for mid, m in again.partial_messages.items() if m.edit.await_count} == {dms[acting]}
    shown = again.partial_messages[dms[acting]].edit.await_args.kwargs
    assert [getattr(c, "custom_id", None) for c in shown["view"].children] == [
        getattr(c, "custom_id", None)
        for c in t.private_text(again.tables.get(tid), view, "en")[1].children]
    assert dict(t.dm_channels) == {uid: DM_CHANNELS + uid for uid, _ in PEOPLE}
    assert {k: m.id for k, m in t.dm_messages.items()} == {(tid, u): mid for u, mid in dms.items()}
    # one channel message: the table, posted again, saying the bot restarted
    ch = again.channels[CHANNEL]
    assert ch.send.await_count == 1 and t.sent[(GLOBAL, "notice")] == 0
    assert bt("call.resumed", "en").format(table=tid) in ch.send.await_args.kwargs["content"]
    assert t.sent[(GLOBAL, "table.send")] == 1
    # a waiting person clicks an out-of-date button on their DM: it is brought up to date,
    # as the click's answer
    waiting = next(u for u, _ in PEOPLE if u != acting)
    stale = _click_on(again, waiting, again.partial_messages.get(dms[waiting])
                      or message(DM_CHANNELS + waiting, dms[waiting]), in_dm=True)
    await handle_click(again, stale, tid, view.hand_no, "d", "1m", max(view.step - 1, 0))
    await t.drain()
    stale.response.edit_message.assert_awaited_once()
    # play goes on, every update on the stored DMs: still no DM channel opened, no new DM
    for _ in range(12):
        uid, move = _acting(again, tid)
        await again.tables.act(tid, uid, move.hand_no, move.step, *first_choice(move))
        await t.drain()
    for uid, _ in PEOPLE:
        again.users[uid].send.assert_not_awaited()
    assert again.channel_sends == [] and t.sent[(GLOBAL, "private.dm_send")] == 0
    assert t.sent[(GLOBAL, "private.dm_edit")] > 1


async def test_a_stored_dm_that_is_gone_is_sent_again_in_the_known_channel():
    bot, tid = await _four_people(dm_channel_ids=True)
    await bot.transport.drain()
    acting, _view = _acting(bot, tid, alone=True)
    gone = bot.transport.dm_messages[(tid, acting)].id
    again = await _restarted(bot, tid, gone={gone})
    t = again.transport
    # the edit found it deleted: a new DM, sent in the DM channel known from the store (the
    # channel is not opened again), kept as their DM from now on, here and in the store
    assert t.sent[(GLOBAL, "private.dm_edit")] == 1 and t.sent[(GLOBAL, "private.dm_send")] == 1
    ((channel_id, new),) = again.channel_sends
    assert channel_id == DM_CHANNELS + acting
    for uid, _ in PEOPLE:
        again.users[uid].send.assert_not_awaited()
    assert t.dm_messages[(tid, acting)] is new
    assert again.memory.hand_dms[tid][acting] == (DM_CHANNELS + acting, new.id)
    # the table ends: its rows go with it
    for _ in range(500):
        if not again.tables.tables():
            break
        uid, move = _acting(again, tid)
        await again.tables.act(tid, uid, move.hand_no, move.step, *first_choice(move))
    await t.drain()
    assert not again.tables.tables() and tid not in again.memory.hand_dms


async def test_after_a_restart_a_new_hand_or_the_end_is_shown_to_everyone_at_once():
    bot, tid = await _four_people(dm_channel_ids=True)
    await bot.transport.drain()
    stored = {uid: (DM_CHANNELS + uid, bot.transport.dm_messages[(tid, uid)].id)
              for uid, _ in PEOPLE}
    info = bot.tables.get(tid)
    waiting = [(u, v) for u in stored
               if (v := bot.tables.private_view(tid, u)).mode is Mode.WAIT]
    assert len(waiting) == 3
    again = FakeBot(dm_channel_ids=True)
    t = again.transport
    t.resume_hands(info, stored, hand_no=waiting[0][1].hand_no)
    (same, now), (dealt, nxt), (ended, last) = waiting
    # the hand in play when it was stored, nothing to decide: the DM is left as it is
    await t.private(info, now)
    # the next hand dealt (the process died between a settlement and the deal), or the end
    await t.private(info, dataclasses.replace(nxt, hand_no=nxt.hand_no + 1))
    await t.private(info, dataclasses.replace(last, mode=Mode.OVER, actions=()))
    await t.drain()
    edited = {mid for mid, m in again.partial_messages.items() if m.edit.await_count}
    assert edited == {stored[dealt][1], stored[ended][1]}
    assert t.sent[(GLOBAL, "private.dm_send")] == 0
    # once shown a view, a DM is kept up to date as ever
    await t.private(info, _claim_of(bot, tid, same))
    await t.drain()
    assert again.partial_messages[stored[same][1]].edit.await_count == 1


async def test_a_click_in_flight_when_the_bot_stops_is_not_an_error():
    """The process stops (its table leases lost with a database restart, or SIGTERM) while
    a click waits for its move to be stored: its HTTP session is closed when the click's
    handler ends, so the click cannot be acknowledged — a warning, not an unhandled error;
    while the bot is running, the same failure is not hidden."""
    bot, _tid = await _four_people()
    transport = bot.transport
    for closed in (True, False):
        it = interaction(bot, bot.get_user(100))
        it.response.defer.side_effect = RuntimeError("Session is closed")
        bot.is_closed = MagicMock(return_value=closed)
        transport.expect_answer(it)
        if closed:
            await transport.acknowledge_click(it)
        else:
            with pytest.raises(RuntimeError):
                await transport.acknowledge_click(it)
        assert it.id not in transport._answers
