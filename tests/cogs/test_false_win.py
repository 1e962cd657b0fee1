"""诈胡 in Discord: the win button at every turn where the rules pay a false win, asked about
before it is sent, and refused for anyone but the seat's person or on an old question."""

from __future__ import annotations

import re

import discord
import pytest

from cogs.game.cog import Mahjong
from discord_io.views.controls import check_view, hand_controls
from i18n.bot_text import bt
from tables.model import Mode
from tests.cogs.fakes import FakeBot, run_command, sent_texts
from tests.cogs.test_game import click, interaction

ANN, EVE = 100, 666


@pytest.fixture
def bot():
    b = FakeBot()
    b.cogs["Mahjong"] = Mahjong(b)
    b.add_user(ANN, "Ann")
    b.add_user(EVE, "Eve")
    return b


async def turn_of_ann(bot, preset="baoding", house_rules=None, hands=1):
    """A table of Ann and three computers, played (Ann passing every claim) to her turn."""
    cog = bot.cogs["Mahjong"]
    it = interaction(bot, bot.users[ANN])
    await run_command(cog.new, cog, it, preset=preset, stake=2, hands=hands,
                      house_rules=house_rules)
    (tid,) = [t.id for t in bot.tables.tables()]
    for _ in range(3):
        await click(bot, ANN, f"mj:{tid}:0:cpu::0")
    await click(bot, ANN, f"mj:{tid}:0:start::0")
    for _ in range(200):
        view = bot.tables.private_view(tid, ANN)
        if view.mode is Mode.TURN:
            return tid, view
        if view.mode is Mode.CLAIM:
            await click(bot, ANN, f"mj:{tid}:{view.hand_no}:x::{view.step}")
        else:
            assert await bot.clock.run_next(), "nobody to act and no timer"
    raise AssertionError("Ann never got a turn")


def codes(view):
    return [getattr(c, "code", None) for c in hand_controls(view, "en").children]


async def test_the_win_button_is_offered_on_any_hand_only_where_false_wins_are_paid(bot):
    _tid, view = await turn_of_ann(bot)
    assert not any(c.kind == "self_draw" for c in view.actions), "the seed deals Ann no win"
    controls = hand_controls(view, "zh-TW")
    check_view(controls)
    (ask,) = [c for c in controls.children if getattr(c, "code", None) == "fw"]
    assert ask.item.label == bt("act.false_win", "zh-TW") == "胡"
    assert ask.item.style is discord.ButtonStyle.success
    assert "w" not in codes(view)  # no button declares it without the question


@pytest.mark.parametrize(("preset", "house_rules"), [("baoding", "false_win=off"),
                                                       ("heyuan-jihu", None)])
async def test_where_a_false_win_is_refused_nothing_changes(bot, preset, house_rules):
    tid, view = await turn_of_ann(bot, preset, house_rules)
    if any(c.kind == "self_draw" for c in view.actions):
        pytest.fail("the seed deals Ann a win: pick a hand that is none")
    assert "fw" not in codes(view) and "w" not in codes(view)
    assert not any(c.kind == "false_win" for c in view.actions)
    # a forged question or answer is refused as a button not offered
    for code in ("fw", "fwy"):
        it = await click(bot, ANN, f"mj:{tid}:{view.hand_no}:{code}::{view.step}")
        assert sent_texts(it.followup.send) == [bt("err.stale", "en")]
    assert bot.tables.private_view(tid, ANN) == view


async def test_a_false_win_is_asked_about_then_confirmed_and_paid(bot):
    tid, view = await turn_of_ann(bot, hands=2)  # the table goes on to a second hand
    h, s = view.hand_no, view.step
    ask, forged, no = (f"mj:{tid}:{h}:{code}::{s}" for code in ("fw", "fwy", "fwn"))
    # "Declare anyway" forged without the question (no code, or a made-up one) declares
    # nothing, however often it is sent (it declared once on main)
    logged = len(bot.memory.logs[tid])
    for cid in (forged, forged, f"mj:{tid}:{h}:fwy:deadbeef:{s}"):
        it = await click(bot, ANN, cid)
        assert sent_texts(it.followup.send) == [bt("err.stale", "en")]
    assert bot.tables.private_view(tid, ANN) == view and len(bot.memory.logs[tid]) == logged
    # a stranger's click on the button or the answer is refused; nothing moves
    for cid in (ask, forged):
        it = await click(bot, EVE, cid, discord.Locale.chinese)
        assert sent_texts(it.followup.send) == [bt("err.not_seated", "zh-CN")]
        assert it.followup.send.await_args.kwargs["ephemeral"] is True
    assert bot.tables.private_view(tid, ANN) == view
    # Ann's click asks first, ephemerally, in her language, with the price at stake 2
    it = await click(bot, ANN, ask, discord.Locale.taiwan_chinese)
    sent = it.followup.send.await_args.kwargs
    assert sent["ephemeral"] is True
    dealer = view.dealer == view.seat
    each = (2 if dealer else 1) * 2
    assert it.followup.send.await_args.args[0].startswith("這手牌沒有胡。現在報胡就是詐胡")
    assert f"{3 * each} 籌碼" in it.followup.send.await_args.args[0]
    answers = [c.custom_id for c in sent["view"].children]
    yes = answers[0]  # carries the question's one-time code
    assert re.fullmatch(rf"mj:{tid}:{h}:fwy:[0-9a-f]{{8}}:{s}", yes) and answers[1] == no
    check_view(sent["view"])
    assert bot.tables.private_view(tid, ANN) == view
    # Cancel changes nothing
    it = await click(bot, ANN, no)
    it.response.edit_message.assert_awaited_once()
    assert it.response.edit_message.await_args.kwargs["content"] == bt(
        "confirm.false_win.cancelled", "en")
    assert bot.tables.private_view(tid, ANN) == view
    # an answer to an older question is stale
    it = await click(bot, ANN, yes.rsplit(":", 1)[0] + f":{s - 1}")  # the step is last
    assert sent_texts(it.followup.send) == [bt("err.stale", "en")]
    assert bot.tables.private_view(tid, ANN) == view
    # Declare anyway: the hand ends as 诈胡 and Ann pays each other seat
    it = await click(bot, ANN, yes)
    assert it.response.edit_message.await_args.kwargs == {"view": None}  # no second press
    it.edit_original_response.assert_awaited()
    assert it.edit_original_response.await_args.kwargs["content"] == bt(
        "confirm.false_win.done", "en")
    assert '"false_win"' in "\n".join(bot.memory.logs[tid])
    scores = bot.tables.public_view(tid).scores
    assert scores[view.seat] == -3 * each
    assert [x for i, x in enumerate(scores) if i != view.seat] == [each] * 3
    # the same answer again is stale: it declared once
    it = await click(bot, ANN, yes)
    assert sent_texts(it.followup.send) == [bt("err.stale", "en")]
