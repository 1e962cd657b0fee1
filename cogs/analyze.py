"""``/mahjong analyze hand:<notation> [rules] [melds] [indicator] [public]``: a hand analyser.

The engine's advice (:mod:`engine.advice`: shanten, each discard's improving tiles with
how many are unseen, waits, value of a complete hand; wildcards and the preset's forms
counted) answered with a picture (:mod:`render.analysis`) and a few lines of text.
Ephemeral unless ``public``. Bad input is answered at once, ephemeral, in one line with an
example, and nothing else happens.

The command joins the ``/mahjong`` group of :mod:`cogs.game.cog` when this extension loads
(after that cog), so the group's own module need not know about it.
"""

from __future__ import annotations

import asyncio
import io
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.game.presets import preset_choices, read_preset
from discord_io.botlike import bot_of
from discord_io.limits import MAX_CONTENT, clip
from discord_io.translator import L
from engine.advice import Advice, AdviceError, advise
from engine.cli.analyze import parse_melds
from engine.melds import Meld
from engine.rules import TABLE_PRESETS, Rules, RulesError, get_rules
from engine.tiles import NotationError, parse, parse_one
from i18n.bot_text import bt
from i18n.patterns import pattern_name
from tables.errors import TableError
from tables.text import rules_name, tile_label, tiles_label

if TYPE_CHECKING:
    from discord_io.client import MahjongBot

log = logging.getLogger("mahjong.cogs.analyze")

EXAMPLE = "123m456p789s1z2z3z4z1f"
MAX_SHOWN_TILES = 34  # the text lists at most this many improving tiles


@dataclass(frozen=True)
class Request:
    """A checked request: what to analyse, ready for the engine."""

    rules: Rules
    tiles: list[int]
    melds: list[Meld]
    indicator: int | None


class BadHand(ValueError):
    """The one-line answer to input that cannot be analysed (already in the reader's words)."""


def read_request(hand: str, preset: str, melds: str | None, indicator: str | None,
                 locale: object) -> tuple[Request, Advice]:
    """Parse and analyse; BadHand carries the hint to show."""
    try:
        rules = get_rules(preset)
    except RulesError as exc:
        raise BadHand(bt("analyze.bad_hand", locale, reason=str(exc), example=EXAMPLE)) from None
    try:
        tiles = parse(hand.replace(" ", ""))
        meld_list = parse_melds(melds or "")
        ind = parse_one(indicator.strip()) if indicator else None
    except NotationError as exc:
        raise BadHand(bt("analyze.bad_notation", locale, reason=str(exc),
                         example=EXAMPLE)) from None
    req = Request(rules, tiles, meld_list, ind)
    try:
        advice = advise(rules, tiles, meld_list, indicator=ind)
    except AdviceError as exc:
        raise BadHand(bt("analyze.bad_hand", locale, reason=str(exc), example=EXAMPLE)) from None
    return req, advice


def _state(shanten: int, locale: object) -> str:
    if shanten < 0:
        return bt("analyze.complete", locale)
    if shanten == 0:
        return bt("analyze.ready", locale)
    return bt("analyze.shanten", locale, n=shanten)


def _pairs(pairs: tuple[tuple[int, int], ...], locale: object) -> str:
    return tiles_label([k for k, _ in pairs[:MAX_SHOWN_TILES]], locale) or "—"


def analysis_text(req: Request, advice: Advice, locale: object, emoji: Any = None) -> str:
    """A few lines: the state, the best discard (or the improving tiles / waits), the value."""
    wild = advice.wild_kinds

    def tile(t: int) -> str:
        pic = emoji.inline(t, t in wild) if emoji is not None else None
        return f"{pic} {tile_label(t, locale)}" if pic else tile_label(t, locale)

    lines = [bt("analyze.head", locale, rules=rules_name(req.rules.id, locale), n=advice.size,
                state=_state(advice.shanten, locale))]
    if advice.dora:  # riichi: the dora the indicator shows, and how many the hand holds
        lines.append(bt("analyze.dora", locale, tiles=" ".join(tile(k) for k in advice.dora),
                        n=advice.dora_held))
    if advice.size == 14 and (advice.shanten < 0 or advice.score is not None):
        if advice.score is None:
            lines.append(bt("analyze.not_win", locale))
        else:
            names = ", ".join(pattern_name(p, locale, req.rules.family)
                              for p in advice.score.patterns)
            lines.append(bt("analyze.win", locale, points=advice.score.points, patterns=names))
    if advice.size == 13:
        if advice.shanten == 0:
            lines.append(bt("analyze.waits", locale, tiles=_pairs(advice.waits, locale),
                            n=sum(n for _, n in advice.waits)) if advice.waits
                         else bt("analyze.no_legal_win", locale))
        else:
            lines.append(bt("analyze.improving", locale, n=sum(n for _, n in advice.improving),
                            tiles=_pairs(advice.improving, locale)))
    elif advice.options:
        best = advice.options[0]
        if best.shanten == 0:
            lines.append(bt("analyze.best_ready", locale, tile=tile(best.tile),
                            waits=_pairs(best.waits, locale), n=sum(n for _, n in best.waits))
                         if best.waits else bt("analyze.no_legal_win", locale))
        else:
            lines.append(bt("analyze.best", locale, tile=tile(best.tile), n=best.unseen,
                            kinds=len(best.improving)))
        lines.append(bt("analyze.options", locale, n=len(advice.options)))
    return "\n".join(lines)


def analysis_png(req: Request, advice: Advice, locale: object) -> bytes:
    from render.analysis import analysis_image
    from render.draw import to_png

    title = rules_name(req.rules.id, locale)
    return to_png(analysis_image(advice, req.tiles, req.melds, req.rules, locale, title))


@app_commands.command(name=L("cmd.analyze"), description=L("cmd.analyze.desc"))
@app_commands.rename(hand=L("param.hand"), rules=L("param.rules"), melds=L("param.melds"),
                     indicator=L("param.indicator"), public=L("param.public"))
@app_commands.describe(hand=L("param.hand.desc"), rules=L("param.rules.desc"),
                       melds=L("param.melds.desc"), indicator=L("param.indicator.desc"),
                       public=L("param.public.desc"))
async def analyze(
    interaction: discord.Interaction,
    hand: app_commands.Range[str, 1, 100],
    rules: str | None = None,
    melds: app_commands.Range[str, 1, 100] | None = None,
    indicator: app_commands.Range[str, 2, 2] | None = None,
    public: bool = False,
) -> None:
    locale = interaction.locale
    try:
        preset = read_preset(rules) if rules else await _default_preset(interaction)
    except TableError as exc:  # a name typed by hand that no preset has
        await interaction.response.send_message(clip(bt(exc.key, locale, **exc.args_)),
                                                ephemeral=True)
        return
    try:
        # checked before answering, so a mistake's hint goes only to its author even when the
        # answer would be public; in a worker thread: a hand whose discards leave many ready
        # shapes scores every wait (up to ~0.3 s with four wildcards, see python -m bench)
        req, advice = await asyncio.to_thread(read_request, hand, preset, melds, indicator,
                                              locale)
    except BadHand as exc:
        await interaction.response.send_message(clip(str(exc)), ephemeral=True)
        return
    await interaction.response.defer(ephemeral=not public, thinking=True)
    emoji = bot_of(interaction).tile_emoji
    text = analysis_text(req, advice, locale, emoji if emoji is not None and emoji.ready
                         else None)
    if len(text) > MAX_CONTENT:
        text = analysis_text(req, advice, locale)
    png = await asyncio.to_thread(analysis_png, req, advice, locale)
    await interaction.followup.send(
        clip(text), file=discord.File(io.BytesIO(png), filename="analysis.png"),
        ephemeral=not public, allowed_mentions=discord.AllowedMentions.none(),
    )


@analyze.autocomplete("rules")
async def _rules_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return preset_choices(current, interaction.locale)


async def _default_preset(interaction: discord.Interaction) -> str:
    """The server's default preset (``/mahjong-admin preset``), else Heyuan Baida."""
    store = bot_of(interaction).store
    if store is not None and interaction.guild_id is not None:
        try:
            settings = await store.get_guild_settings(interaction.guild_id)
            preset = getattr(settings, "default_preset", None)
            if isinstance(preset, str) and preset in TABLE_PRESETS:
                return preset
        except Exception:
            log.warning("no server settings for the analysis; using the default preset",
                        exc_info=True)
    return "heyuan-zheng"


async def setup(bot: MahjongBot) -> None:
    group = bot.tree.get_command("mahjong")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("cogs.analyze loads after cogs.game.cog (it joins the /mahjong group)")
    group.add_command(analyze)
