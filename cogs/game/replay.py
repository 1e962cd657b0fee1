"""``/mahjong replay``: a finished hand as an animated picture, and buttons to step through it.

The answer is public and shareable: the hand as a GIF (a frame per discard, call, kong and win,
then every hand open and the hand's result) with four buttons. A button press answers the presser alone
(an ephemeral message with that one frame and the same buttons; presses on it edit it in
place), so people stepping through the same replay never move each other's picture.

Buttons are ``DynamicItem``s whose ``custom_id`` carries everything (``mjr:<table>:<hand>:
<frame>:<code>``), so they keep working after a restart. Only hands that have ended can be
replayed: the events come from the store, and ``render.replay`` refuses a hand without its
``hand_ended`` event.
"""

from __future__ import annotations

import asyncio
import io
import re
import time
from typing import Any

import discord
from discord import app_commands

from discord_io.botlike import BotLike, bot_of, need_store
from discord_io.limits import MAX_AUTOCOMPLETE, check_custom_id, clip
from discord_io.pacing import INTERACTION, sending
from engine.events import Event, event_from_json
from engine.renames import upgrade_events
from i18n.bot_text import bt
from render.replay import animate, frame_png, hand_events, replay_frames
from render.replay_step import replay_frame
from render.views import RenderError
from tables.errors import TableError
from tables.text import rules_name

REPLAY_TEMPLATE = (
    r"mjr:(?P<table>[0-9a-z]{1,16}):(?P<hand>[0-9]{1,4}):(?P<frame>[0-9]{1,4}):"
    r"(?P<code>first|prev|next|last)"
)
_WHICH = re.compile(r"^\s*#?(?P<table>[0-9a-zA-Z]{1,16})\s*[:#/ ]\s*(?P<hand>[0-9]{1,4})\s*$")
STEP_WIDTH = 720  # px: a frame shown by the step buttons
LAST = 9999  # "the last frame" (clamped to the hand's)


class LoadedHand:
    """One finished hand read from the store: its events and what the pictures need."""

    def __init__(self, table_id: str, hand_no: int, preset: str, names: list[str],
                 events: list[Event]) -> None:
        self.table_id, self.hand_no, self.preset = table_id, hand_no, preset
        self.names, self.events = names, events


def parse_which(text: str) -> tuple[str, int] | None:
    """``"3fa9c1d0:2"`` (hand numbers as players see them, from 1) → (table, 0-based hand)."""
    m = _WHICH.match(text or "")
    if m is None or int(m["hand"]) < 1:
        return None
    return m["table"].lower(), int(m["hand"]) - 1


async def load_hand(store: Any, guild_id: int, table_id: str, hand_no: int) -> LoadedHand:
    """The hand's events from the store; TableError (nothing shown) if it is not this server's,
    does not exist, or has not ended."""
    from store.errors import StoreError

    try:
        rec = await store.get_table(table_id)
        raw = await store.load_events(table_id)
    except StoreError:
        raise TableError("err.replay_bad") from None
    if rec.guild_id != guild_id:
        raise TableError("err.replay_bad")
    events = upgrade_events(event_from_json(obj) for obj in raw)
    try:
        one = hand_events(events, hand_no)
    except RenderError:
        started = any(getattr(e, "hand_no", None) == hand_no for e in events)
        raise TableError("err.replay_unfinished" if started else "err.replay_bad") from None
    meta = rec.seats if isinstance(rec.seats, dict) else {}
    seats = meta.get("seats") or [None] * 4
    names = [
        str(s.get("name", f"#{i + 1}")) if isinstance(s, dict) else f"#{i + 1}"
        for i, s in enumerate(seats)
    ]
    return LoadedHand(table_id, hand_no, rec.preset, names, one)


def replay_controls(table_id: str, hand_no: int, frame: int, steps: int | None,
                    locale: object) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭ for frame ``frame`` (0: not started; the first press of ▶ shows frame 1)."""
    view = discord.ui.View(timeout=None)
    targets = (("first", 1), ("prev", max(1, frame - 1)),
               ("next", frame + 1 if steps is None else min(steps, frame + 1)), ("last", LAST))
    for code, target in targets:
        view.add_item(ReplayButton(table_id, hand_no, target, code, label=bt(f"replay.{code}", locale)))
    return view


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REPLAY_TEMPLATE):
    """One step button of a replay: it shows frame ``frame`` of the hand to whoever presses."""

    def __init__(self, table: str, hand: int, frame: int, code: str, *, label: str = "?") -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=discord.ButtonStyle.secondary, row=0,
            custom_id=check_custom_id(f"mjr:{table}:{hand}:{frame}:{code}"),
        ))
        self.table, self.hand, self.frame, self.code = table, hand, frame, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(match["table"], int(match["hand"]), int(match["frame"]), match["code"],
                   label=getattr(item, "label", None) or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        from discord_io.refusal import refuse

        try:
            await show_step(interaction, self.table, self.hand, self.frame)
        except TableError as exc:
            await refuse(interaction, exc)


def _step_png(hand: LoadedHand, frame: int, locale: str) -> tuple[bytes, int, int, str]:
    f = replay_frame(hand.events, frame, hand.names, locale=locale)
    return frame_png(f, STEP_WIDTH), f.step, f.steps, f.caption


async def show_step(interaction: discord.Interaction, table_id: str, hand_no: int,
                    frame: int) -> None:
    """A step button: frame ``frame`` for the presser only (their own message edited in place)."""
    guild_id = interaction.guild_id
    if guild_id is None:
        raise TableError("err.guild_only")
    loc = str(interaction.locale.value)
    own = interaction.message is not None and interaction.message.flags.ephemeral
    with sending(INTERACTION, "replay.reply"):  # the presser's own message: their token
        if own:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
    hand = await load_hand(need_store(bot_of(interaction)), guild_id, table_id, hand_no)
    png, step, steps, caption = await asyncio.to_thread(_step_png, hand, frame, loc)
    content = clip(bt("replay.title", loc, table=table_id, hand=hand_no + 1,
                      rules=rules_name(hand.preset, loc)) + "\n"
                   + bt("replay.step", loc, step=step, steps=steps, caption=caption))
    file = discord.File(io.BytesIO(png), filename=f"replay-{table_id}-{hand_no + 1}-{step}.png")
    controls = replay_controls(table_id, hand_no, step, steps, loc)
    with sending(INTERACTION, "replay.reply"):
        if own:
            await interaction.edit_original_response(content=content, attachments=[file],
                                                      view=controls)
        else:
            await interaction.followup.send(content=content, file=file, view=controls,
                                            ephemeral=True)


def _animation(hand: LoadedHand, locale: str) -> tuple[bytes, int]:
    frames = replay_frames(hand.events, hand.names, locale=locale)
    return animate(frames, "gif"), len(frames)


async def replay_command(bot: BotLike, interaction: discord.Interaction, which: str | None) -> None:
    """``/mahjong replay [hand]``: your latest finished hand, or the one named."""
    from store.recent import recent_hands

    guild_id = interaction.guild_id
    if guild_id is None:
        raise TableError("err.guild_only")
    parsed = parse_which(which) if which else None
    if which and parsed is None:
        raise TableError("err.replay_bad")
    # the store is read and the GIF drawn after Discord's 3 seconds: acknowledge first (a
    # refusal after this is an ephemeral followup)
    with sending(INTERACTION, "replay.reply"):
        await interaction.response.defer(thinking=True)
    if parsed is None:
        recent = await recent_hands(bot.store, guild_id, interaction.user.id, limit=1)
        if not recent:
            raise TableError("err.replay_none")
        parsed = (recent[0].game_id, recent[0].hand_no)
    table_id, hand_no = parsed
    hand = await load_hand(bot.store, guild_id, table_id, hand_no)
    loc = str(interaction.locale.value)
    data, steps = await asyncio.to_thread(_animation, hand, loc)
    content = bt("replay.title", loc, table=table_id, hand=hand_no + 1,
                 rules=rules_name(hand.preset, loc))
    with sending(INTERACTION, "replay.reply"):  # the GIF: a followup on the command's token
        await interaction.followup.send(
            content=clip(content),
            file=discord.File(io.BytesIO(data), filename=f"replay-{table_id}-{hand_no + 1}.gif"),
            view=replay_controls(table_id, hand_no, 0, steps, loc),
            allowed_mentions=discord.AllowedMentions.none(),
        )


def _when(ms: int) -> str:
    return time.strftime("%m-%d %H:%M", time.gmtime(ms / 1000))


async def replay_choices(bot: BotLike, interaction: discord.Interaction,
                         current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete: the person's recent finished hands, newest first, filtered by the text."""
    from store.recent import recent_hands

    if interaction.guild_id is None or bot.store is None:
        return []
    loc = str(interaction.locale.value)
    out = []
    for h in await recent_hands(bot.store, interaction.guild_id, interaction.user.id, limit=25):
        value = f"{h.game_id}:{h.hand_no + 1}"
        name = bt("replay.choice", loc, table=h.game_id, hand=h.hand_no + 1, chips=h.net,
                  when=_when(h.created_at_ms))
        if h.hinted:
            name += " " + bt("replay.hinted", loc)
        if current.strip().lower() in (value + " " + name).lower():
            out.append(app_commands.Choice(name=name[:100], value=value))
    return out[:MAX_AUTOCOMPLETE]


__all__ = ["ReplayButton", "load_hand", "parse_which", "replay_choices", "replay_command",
           "replay_controls", "show_step"]
