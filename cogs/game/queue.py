"""``/mahjong quick``: the server's quick-play queue in Discord (the queue is ``tables.queue``).

The answer is ephemeral: where you stand (n/4), how long until computers fill the seats, and
one button, **Leave the queue** (a ``DynamicItem``, ``mjq:leave``: it needs nothing but the
presser, so it works on any old message). When the table opens, the channel is told who was
seated, with mentions, and the table's own messages follow as for any table.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.game.commands import person_of
from cogs.game.presets import read_preset
from discord_io.botlike import BotLike, bot_of
from discord_io.limits import clip
from discord_io.pacing import GLOBAL, INTERACTION, sending
from i18n.bot_text import bt
from tables.errors import TableError
from tables.queue import QuickQueue
from tables.service import Person
from tables.text import rules_name

QUEUE_TEMPLATE = r"mjq:(?P<code>leave)"


def get_queue(bot: BotLike) -> QuickQueue:
    """The bot's one queue, made on first use."""
    q = bot.quick_queue
    if q is None or q.service is not bot.tables:
        async def opened(channel_id: int, table_id: str, preset: str, people: list[Person]) -> None:
            transport = bot.transport
            loc = transport.locale_of(bot.tables.get(table_id))
            with sending(GLOBAL, "queue.opened"):  # once per table opened from the queue
                ch = await transport.channel(channel_id)
                await ch.send(
                    content=clip(bt("queue.opened", loc, table=table_id,
                                    rules=rules_name(preset, loc),
                                    players=" ".join(f"<@{p.user_id}>" for p in people))),
                    allowed_mentions=discord.AllowedMentions(users=True, everyone=False,
                                                             roles=False),
                )

        async def failed(channel_id: int, preset: str, people: list[Person],
                         exc: TableError) -> None:
            transport = bot.transport
            loc = people[0].locale  # the first in the queue, whose channel it is
            with sending(GLOBAL, "queue.opened"):  # once per queue that could not open
                ch = await transport.channel(channel_id)
                await ch.send(
                    content=clip(bt("queue.failed", loc, reason=bt(exc.key, loc, **exc.args_),
                                    players=" ".join(f"<@{p.user_id}>" for p in people))),
                    allowed_mentions=discord.AllowedMentions(users=True, everyone=False,
                                                             roles=False),
                )

        q = QuickQueue(bot.tables, on_open=opened, on_fail=failed)
        bot.quick_queue = q
    return q


class QueueLeaveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=QUEUE_TEMPLATE):
    def __init__(self, *, label: str = "?") -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.danger,
                                           custom_id="mjq:leave"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> QueueLeaveButton:
        return cls(label=getattr(item, "label", None) or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        loc = str(interaction.locale.value)
        guild_id = interaction.guild_id
        left = guild_id is not None and get_queue(bot_of(interaction)).leave(
            guild_id, interaction.user.id)
        text = bt("queue.left" if left else "queue.not_in", loc)
        message = interaction.message
        with sending(INTERACTION, "queue.reply"):
            if message is not None and message.flags.ephemeral:
                await interaction.response.edit_message(content=text, view=None)
            else:
                await interaction.response.send_message(text, ephemeral=True)


def queue_controls(locale: object) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(QueueLeaveButton(label=bt("queue.leave", locale)))
    return view


async def quick_command(bot: BotLike, interaction: discord.Interaction, preset: str | None,
                        wait: int | None, level: str | None, hands: int | None = None,
                        seats: int | None = None) -> None:
    guild_id, channel_id = interaction.guild_id, interaction.channel_id
    if guild_id is None or channel_id is None:
        raise TableError("err.guild_only")
    defaults = None
    store = bot.store
    if store is not None:
        defaults = await store.get_guild_settings(guild_id)
    preset = (read_preset(preset) if preset else None) \
        or getattr(defaults, "default_preset", None) or "heyuan-zheng"
    queue = get_queue(bot)
    loc = str(interaction.locale.value)
    # the fourth person opens the table (lobby, deal, DMs) before an answer: acknowledge first
    with sending(INTERACTION, "queue.reply"):
        await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        q = await queue.join(
            guild_id, channel_id, person_of(interaction), preset,
            wait=60 if wait is None else wait, level=level or "normal",
            stake=getattr(defaults, "stake", None),
            turn_seconds=getattr(defaults, "turn_timer", None), hands=hands, seats=seats,
        )
    except TableError as exc:
        if exc.key == "queue.already":  # name the preset in the reader's words
            raise TableError("queue.already", rules=rules_name(str(exc.args_["rules"]), loc)) \
                from None
        raise
    if interaction.user.id not in {p.user_id for p in q.people}:
        # this made four: the table is open and the channel says so
        with sending(INTERACTION, "queue.reply"):
            await interaction.followup.send("✓", ephemeral=True)
        return
    full = (bt("queue.wait_full", loc) if q.seats == 4
            else bt("queue.wait_full_n", loc, seats=q.seats))
    when = (bt("queue.wait_for", loc, seconds=int(q.wait), level=bt(f"level.{q.level}", loc))
            if q.wait > 0 else full)
    with sending(INTERACTION, "queue.reply"):
        await interaction.followup.send(
            clip(bt("queue.joined", loc, rules=rules_name(preset, loc), n=len(q.people),
                    seats=q.seats, when=when)),
            view=queue_controls(loc), ephemeral=True,
        )
