"""The preset option is completed as it is typed (Discord allows 25 static choices and the
presets outgrow them): matched on id and names in three languages, named in the reader's
language by region; an unknown preset typed by hand is refused in one line, with no table."""

from __future__ import annotations

import discord
import pytest

from cogs.admin import Admin
from cogs.game.cog import Mahjong
from cogs.game.presets import read_preset
from discord_io.limits import MAX_AUTOCOMPLETE
from engine.rules import TABLE_PRESETS
from i18n import LOCALES
from i18n.bot_text import bt
from tables.errors import TableError
from tests.cogs.fakes import FakeBot, interaction, run_command

ANN = 100
EN, HANS, HANT = (discord.Locale.american_english, discord.Locale.chinese,
                  discord.Locale.taiwan_chinese)


@pytest.fixture
def bot():
    b = FakeBot()
    b.cogs["Mahjong"] = Mahjong(b)
    b.add_user(ANN, "Ann")
    return b


async def suggest(bot, typed, locale, command="new"):
    cog = bot.cogs["Mahjong"]
    it = interaction(bot, bot.users[ANN], locale)
    hook = {"new": cog._new_preset_autocomplete, "quick": cog._quick_preset_autocomplete,
            "rules": cog._rules_preset_autocomplete}[command]
    return await hook(it, typed)


def test_every_preset_command_completes_instead_of_a_static_list(bot):
    cog = bot.cogs["Mahjong"]
    for command in (cog.new, cog.quick, cog.rules):
        param = command._params["preset"]
        assert param.autocomplete is not None and not param.choices, command.name
    assert Admin.preset._params["preset"].autocomplete is not None


async def test_nothing_typed_offers_every_table_preset_grouped_by_region(bot):
    choices = await suggest(bot, "", EN)
    assert len(choices) <= MAX_AUTOCOMPLETE
    assert sorted(c.value for c in choices) == sorted(TABLE_PRESETS)
    regions = [c.name.split(" · ")[0] for c in choices]
    # one run per region: a region never comes back after another one
    runs = [r for i, r in enumerate(regions) if i == 0 or regions[i - 1] != r]
    assert len(runs) == len(set(runs))
    assert all(len(c.name) <= 100 for c in choices)


@pytest.mark.parametrize(("locale", "typed", "name"), [
    (HANS, "河源", "广东 · 河源百搭·正百搭"),
    (HANT, "雞胡", "廣東 · 河源百搭·雞胡百搭"),
    (EN, "heyuan", "Guangdong · Heyuan Baida (pattern)"),
])
async def test_typed_words_match_in_each_language_and_names_follow_the_reader(
        bot, locale, typed, name):
    choices = await suggest(bot, typed, locale)
    assert name in [c.name for c in choices]
    assert all(c.value.startswith("heyuan") for c in choices)


async def test_a_name_in_another_language_or_the_id_finds_the_preset(bot):
    # an English reader typing Chinese, a Chinese reader typing the id or an English region
    (en,) = await suggest(bot, "四川", EN, "quick")
    assert (en.value, en.name) == ("sichuan", "Sichuan · Sichuan Bloody Battle")
    (hans,) = await suggest(bot, "TAIWAN", HANS, "rules")
    assert (hans.value, hans.name) == ("taiwan", "台湾 · 台湾十六张")
    jiangsu = await suggest(bot, "jiangsu", HANT)
    assert {c.value for c in jiangsu} == {"nanjing", "yangzhou"}
    assert await suggest(bot, "zzz", EN) == []


async def test_an_unknown_preset_typed_by_hand_is_refused_in_one_line(bot):
    cog = bot.cogs["Mahjong"]
    it = interaction(bot, bot.users[ANN])
    with pytest.raises(TableError) as err:
        await run_command(cog.new, cog, it, preset="hong-kong", stake=1, hands=1,
                          house_rules=None)
    assert err.value.key == "err.unknown_preset"
    assert bot.tables.tables() == []
    it.response.defer.assert_not_awaited()
    for loc in LOCALES:
        text = bt("err.unknown_preset", loc, **err.value.args_)
        assert "hong-kong" in text and "\n" not in text
    with pytest.raises(TableError):
        read_preset("x\n" * 200)  # a long value is quoted short, on one line
    try:
        read_preset("x\n" * 200)
    except TableError as exc:
        assert len(exc.args_["preset"]) <= 40 and "\n" not in exc.args_["preset"]


async def test_a_picked_choice_or_a_whole_name_opens_the_table(bot):
    cog = bot.cogs["Mahjong"]
    it = interaction(bot, bot.users[ANN], HANT)
    await run_command(cog.new, cog, it, preset="廣東 · 河源百搭·雞胡百搭", stake=1, hands=1,
                      house_rules=None)
    (table,) = bot.tables.tables()
    assert table.preset == "heyuan-jihu"
    assert read_preset("guangdong") == "guangdong"


async def test_the_registered_commands_ask_discord_to_complete_the_preset(tmp_path):
    """What Discord receives: every preset option (new, quick, rules, analyze, admin preset)
    is autocompleted and carries no static choices, so no list can pass the 25 limit."""
    from config import load_settings
    from discord_io.client import COGS, MahjongBot
    from discord_io.translator import BotTranslator

    bot = MahjongBot(load_settings(environ={}, dotenv=None, db_path=tmp_path / "b.db"))
    for ext in COGS:
        await bot.load_extension(ext)
    tr = BotTranslator()
    payloads = [await c.get_translated_payload(bot.tree, tr) for c in bot.tree.get_commands()]
    preset_names = {bt("param.preset", "en"), bt("param.rules", "en")}

    def walk(node, path=()):
        for o in node.get("options", []):
            yield (*path, o["name"]), o
            yield from walk(o, (*path, o["name"]))

    found = {path for p in payloads for path, o in walk(p, (p["name"],))
             if o["name"] in preset_names and o["type"] == 3}  # a string option
    assert len(found) >= 5, found
    for p in payloads:
        for path, o in walk(p, (p["name"],)):
            if o["name"] in preset_names and o["type"] == 3:
                assert o.get("autocomplete") is True and not o.get("choices"), path


def test_every_named_preset_has_a_region_in_three_languages():
    from i18n.presets import PRESET_NAMES, PRESET_REGIONS

    assert set(PRESET_REGIONS) == set(PRESET_NAMES)
    assert all(all(r) for r in PRESET_REGIONS.values())
