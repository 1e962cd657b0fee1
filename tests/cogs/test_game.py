"""The /mahjong cog and its buttons, driven with discord.py's own objects as spec'd mocks."""

from __future__ import annotations

import re

import discord
import pytest

from cogs.game.cog import Mahjong
from cogs.game.house_rules import house_rule_suggestions
from discord_io.client import handle_command_error
from discord_io.views.components import TEMPLATE, DiscardSelect, TableButton
from discord_io.views.controls import check_view, hand_controls
from engine.rules import RulesError
from i18n.bot_text import bt
from tables.errors import TableError
from tables.house_rules import parse_house_rules
from tables.model import ActionChoice, Mode, PrivateView
from tests.cogs.fakes import CHANNEL, FakeBot, interaction, run_command, sent_texts

ANN, BOB, EVE = 100, 101, 666


@pytest.fixture
def bot():
    b = FakeBot()
    b.cogs["Mahjong"] = Mahjong(b)
    b.add_user(ANN, "Ann")
    b.add_user(BOB, "Bob", dms_open=False)
    b.add_user(EVE, "Eve")
    return b


async def click(bot, user_id, custom_id, locale=discord.Locale.american_english):
    """Press a button the way discord.py does: match the template, rebuild the item, call it."""
    it = interaction(bot, bot.users[user_id], locale)
    m = re.fullmatch(TEMPLATE, custom_id)
    assert m, custom_id
    item = await TableButton.from_custom_id(it, discord.ui.Button(custom_id=custom_id), m)
    await item.callback(it)
    return it


def buttons_of(view):
    return [c.custom_id for c in view.children]


async def open_table(bot):
    cog = bot.cogs["Mahjong"]
    it = interaction(bot, bot.users[ANN])
    await run_command(cog.new, cog, it, preset="heyuan-jihu", stake=2, hands=1, house_rules=None)
    it.response.defer.assert_awaited_once()
    assert it.followup.send.await_args.kwargs["ephemeral"] is True
    (tid,) = [t.id for t in bot.tables.tables()]
    return tid


async def test_a_table_from_lobby_to_dms(bot):
    tid = await open_table(bot)
    ch = bot.channels[CHANNEL]
    lobby_view = ch.send.await_args.kwargs["view"]
    ids = buttons_of(lobby_view)
    assert f"mj:{tid}:0:join::0" in ids and f"mj:{tid}:0:start::0" in ids
    await click(bot, BOB, f"mj:{tid}:0:join::0")
    await click(bot, ANN, f"mj:{tid}:0:cpu::0")
    await click(bot, ANN, f"mj:{tid}:0:cpu::0")
    it = await click(bot, BOB, f"mj:{tid}:0:start::0")  # not the host
    assert it.followup.send.await_args.kwargs["ephemeral"] is True
    assert bt("err.not_host", "en") in sent_texts(it.followup.send)
    await click(bot, ANN, f"mj:{tid}:0:start::0")
    await bot.transport.drain()
    # Ann's hand came by DM, with the picture attached and her buttons
    dm = bot.users[ANN].send.await_args
    assert dm.kwargs["files"] and dm.kwargs["files"][0].filename == "hand.png"
    assert "Hand:" in dm.kwargs["content"]
    # Bob's DMs are closed: told once in the channel, with "Show my hand"
    closed = [c for c in ch.send.await_args_list if "<@101>" in (c.kwargs.get("content") or "")]
    assert len(closed) == 1
    show_id = buttons_of(closed[0].kwargs["view"])[0]
    assert ":show:" in show_id
    it = await click(bot, BOB, show_id)
    sent = it.followup.send.await_args.kwargs
    assert sent["ephemeral"] is True and sent["files"] and "Hand:" in sent["content"]
    # nothing public ever shows a concealed hand
    for c in ch.send.await_args_list:
        assert "Hand:" not in (c.kwargs.get("content") or "")
    # the public table was posted with its picture
    tables = [c for c in ch.send.await_args_list if c.kwargs.get("files")
              and c.kwargs["files"][0].filename == "table.png"]
    assert tables


async def test_clicks_by_strangers_stale_buttons_and_play(bot):
    tid = await open_table(bot)
    await click(bot, ANN, f"mj:{tid}:0:cpu::0")
    await click(bot, ANN, f"mj:{tid}:0:cpu::0")
    await click(bot, ANN, f"mj:{tid}:0:cpu::0")
    await click(bot, ANN, f"mj:{tid}:0:start::0")
    view = bot.tables.private_view(tid, ANN)
    assert view.mode is Mode.TURN
    controls = hand_controls(view, "en")
    check_view(controls)
    first = getattr(controls.children[0], "custom_id")  # noqa: B009 (Item has no custom_id type)
    # Eve is not seated: refused in her own language, ephemerally; nothing moves
    it = await click(bot, EVE, first, discord.Locale.chinese)
    assert sent_texts(it.followup.send) == [bt("err.not_seated", "zh-CN")]
    assert it.followup.send.await_args.kwargs["ephemeral"] is True
    assert bot.tables.private_view(tid, ANN) == view
    # Ann plays: her DM message is edited by the click's answer itself (one request: no
    # deferral before it)
    it = await click(bot, ANN, first)
    await bot.transport.drain()  # the private update runs in the transport's own task
    it.response.edit_message.assert_awaited_once()
    assert it.response.edit_message.await_args.kwargs["attachments"]
    it.response.defer.assert_not_awaited()
    it.edit_original_response.assert_not_awaited()
    # the same button again is stale
    it = await click(bot, ANN, first)
    refusals = ("err.stale", "err.not_your_turn", "err.no_table")  # the table may have finished
    assert sent_texts(it.followup.send) in [[bt(k, "en")] for k in refusals]


async def test_slash_command_refusals_are_ephemeral_and_localized(bot):
    cog = bot.cogs["Mahjong"]
    it = interaction(bot, bot.users[EVE], discord.Locale.taiwan_chinese)
    with pytest.raises(TableError) as err:
        await run_command(cog.hand, cog, it)
    await handle_command_error(it, err.value)
    assert sent_texts(it.response.send_message) == [bt("err.not_at_table", "zh-TW")]
    assert it.response.send_message.await_args.kwargs["ephemeral"] is True
    it = interaction(bot, bot.users[EVE])
    with pytest.raises(TableError) as err:
        await run_command(cog.new, cog, it, preset="guangdong", stake=1, hands=1,
                               house_rules="horses=3")
    assert err.value.key == "err.bad_option"
    await handle_command_error(it, err.value)
    assert it.followup.send.await_args.kwargs["ephemeral"] is True
    it = interaction(bot, bot.users[EVE], discord.Locale.chinese)
    await run_command(cog.rules, cog, it, preset="guangdong")
    sent = it.followup.send.await_args
    assert sent.kwargs["ephemeral"] is True
    assert [f.filename for f in sent.kwargs["files"]] == ["rules-guangdong.png"]  # the picture
    assert "清一色" in sent.args[0] and "full_flush" not in sent.args[0]
    assert len(sent.args[0]) <= 2000
    # the options by their names in the reader's script, from the one catalog
    it = interaction(bot, bot.users[EVE], discord.Locale.taiwan_chinese)
    await run_command(cog.rules, cog, it, preset="guangdong")
    summary = it.followup.send.await_args.args[0]
    assert "封頂 (`fan_cap`)" in summary and "廣東雞平胡" in summary and "封顶" not in summary
    # Guobiao's 82 fans come as several pages in one message
    it = interaction(bot, bot.users[EVE])
    await run_command(cog.rules, cog, it, preset="guobiao")
    names = [f.filename for f in it.followup.send.await_args.kwargs["files"]]
    assert len(names) > 1 and names[0] == "rules-guobiao-1.png"


async def test_leave_and_hand_commands(bot):
    tid = await open_table(bot)
    for _ in range(3):
        await click(bot, ANN, f"mj:{tid}:0:cpu::0")
    await click(bot, ANN, f"mj:{tid}:0:start::0")
    cog = bot.cogs["Mahjong"]
    it = interaction(bot, bot.users[ANN])
    await run_command(cog.hand, cog, it)
    assert it.followup.send.await_args.kwargs["ephemeral"] is True
    it = interaction(bot, bot.users[ANN])
    await run_command(cog.leave, cog, it)
    assert bot.tables.table_for(1, ANN) is None


def test_house_rules_parse_and_complete():
    assert parse_house_rules("seven_pairs=true, horses=2") == {"seven_pairs": True, "horses": 2}
    assert parse_house_rules("") == {}
    for bad in ("horses", "nope=1", "seven_pairs=maybe", "horses=x"):
        with pytest.raises(RulesError):
            parse_house_rules(bad)
    assert "horses=2" in house_rule_suggestions("horses=")
    # an option found by its name in any of the three languages
    for typed in ("封顶", "封頂", "cap"):
        assert "fan_cap=3" in house_rule_suggestions(typed, "guangdong")
    # a preset's own options only, from its metadata
    assert house_rule_suggestions("mode=", "quzhou") == ["mode=latahu", "mode=duanzi"]
    assert house_rule_suggestions("mode=", "guangdong") == []
    assert any(s.startswith("caishen=") for s in house_rule_suggestions("", "quzhou"))
    assert not any(s.startswith("horses=") for s in house_rule_suggestions("", "shanghai"))
    assert all(len(s) <= 100 for s in house_rule_suggestions(""))
    assert len(house_rule_suggestions("")) <= 25


def test_a_crowded_hand_falls_back_to_a_menu_within_limits():
    tiles = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
    acts = [ActionChoice("self_draw", "w")]
    # more kongs than any real hand holds, to push the layout past five rows
    acts += [ActionChoice("concealed_kong", "k", f"{t - 17}s" if t < 27 else f"{t - 26}z", tile=t) for t in range(18, 29)]
    acts += [ActionChoice("discard", "d", f"{t % 9 + 1}{'mp'[t // 9]}", tile=t) for t in tiles]
    view = PrivateView("abcdef12", 3, 99, 0, Mode.TURN, tuple(tiles[:13]), 13, (), (), tuple(acts))
    controls = hand_controls(view, "zh-CN")
    check_view(controls)
    assert any(isinstance(c, DiscardSelect) for c in controls.children)
    for c in controls.children:
        assert len(getattr(c, "custom_id")) <= 100  # noqa: B009


def test_custom_ids_fit_and_round_trip():
    long_id = "mj:" + "f" * 16 + ":9999:d:345m:9999999"
    assert len(long_id) <= 100 and re.fullmatch(TEMPLATE, long_id)


async def pick(bot, user_id, custom_id, values, locale=discord.Locale.american_english):
    """Choose in the 换三张 menu the way discord.py does: rebuild the item, set its values."""
    from discord_io.views.components import PICK_TEMPLATE, PickSelect

    it = interaction(bot, bot.users[user_id], locale)
    m = re.fullmatch(PICK_TEMPLATE, custom_id)
    assert m, custom_id
    item = await PickSelect.from_custom_id(it, discord.ui.Select(custom_id=custom_id), m)
    item.item._values = list(values)
    await item.callback(it)
    return it


async def test_the_exchange_menu_picks_any_three_of_one_suit_and_refuses_a_mix(bot):
    from discord_io.views.components import PickSelect

    cog = bot.cogs["Mahjong"]
    it = interaction(bot, bot.users[ANN])
    await run_command(cog.new, cog, it, preset="sichuan", stake=1, hands=1,
                      house_rules="exchange_three=true")
    (tid,) = [t.id for t in bot.tables.tables()]
    for _ in range(3):
        await click(bot, ANN, f"mj:{tid}:0:cpu::0")
    await click(bot, ANN, f"mj:{tid}:0:start::0")
    await bot.transport.drain()
    view = bot.tables.private_view(tid, ANN)
    assert view.pick == 3
    for locale in ("en", "zh-CN", "zh-TW"):
        controls = hand_controls(view, locale)
        check_view(controls)
        menus = [c for c in controls.children if isinstance(c, PickSelect)]
        assert len(menus) == 1 and sum(isinstance(c, TableButton) for c in controls.children) >= 1
        menu = menus[0].item
        assert menu.min_values == menu.max_values == 3
        values = [o.value for o in menu.options]
        assert len(values) == len(set(values)) <= 14  # a pair is two options
    import dataclasses

    with_hint = hand_controls(dataclasses.replace(view, hints=True), "en")
    check_view(with_hint)
    assert sum(isinstance(c, PickSelect) for c in with_hint.children) == 1
    assert any(getattr(c, "code", "") == "hint" for c in with_hint.children)
    values = [o.value for o in menu.options]
    by_suit: dict[str, list[str]] = {}
    for v in values:
        by_suit.setdefault(v.split(".")[0][-1], []).append(v)
    mixed = [vs[0] for vs in by_suit.values()][:3]
    if len(mixed) < 3:
        mixed = [*by_suit[next(iter(by_suit))][:2], next(v for s, vs in by_suit.items()
                                                        for v in vs if s != next(iter(by_suit)))]
    cid = menus[0].custom_id
    refused = await pick(bot, ANN, cid, mixed, discord.Locale.chinese)
    assert refused.followup.send.await_args.kwargs["ephemeral"] is True
    assert "同一门" in sent_texts(refused.followup.send)[0]
    assert bot.tables.private_view(tid, ANN) == view  # nothing changed
    three = next(vs[:3] for vs in by_suit.values() if len(vs) >= 3)
    ok = await pick(bot, ANN, cid, three)
    ok.followup.send.assert_not_awaited()
    assert bot.tables.private_view(tid, ANN).choosing == "void"  # passed on; 定缺 next


async def test_the_cog_registers_its_persistent_controls_as_it_loads_and_drops_them_unloaded():
    # the bot class names the cogs as extensions and registers no control itself: a click on
    # a message sent before a restart reaches its item because the cog registered it
    from discord.ext import commands

    from cogs.game import setup, teardown
    from cogs.game.cog import dynamic_items
    from cogs.game.queue import QueueLeaveButton
    from cogs.game.replay import ReplayButton
    from cogs.game.watch import StopWatching
    from discord_io.views.components import PickSelect

    # the extension's own setup and teardown (load_extension would also drop the modules
    # from sys.modules on unload, and other tests hold their classes)
    b = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    store = b._connection._view_store
    assert not store._dynamic_items
    await setup(b)
    registered = set(store._dynamic_items.values())
    assert registered == set(dynamic_items())
    assert {TableButton, DiscardSelect, PickSelect, ReplayButton, QueueLeaveButton,
            StopWatching} <= registered
    assert isinstance(b.get_cog("Mahjong"), Mahjong)
    await teardown(b)
    assert not store._dynamic_items
