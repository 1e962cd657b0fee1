"""Game clicks, as the transport answers them: a click is left unanswered until the DM update
it brought answers it (one request instead of two), or deferred when that takes too long."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from discord_io.transport_core import ClickAnswer, TransportCore

log = logging.getLogger("mahjong.discord")

# a game click is answered by its own DM update (one request: the callback that edits the
# message the button sits on); one not answered this long after it came is deferred, and its
# update follows through the click's token (seconds; Discord allows 3)
ACK_WAIT = 0.5


class ClickAnswers(TransportCore):
    """The answering of game clicks (see the comment below)."""

    # -- answering a game click ---------------------------------------------------------------
    #
    # Acknowledging a click first (a deferral) and then editing the DM through its token costs
    # two requests; answering it with the DM's update itself costs one. So a game click is
    # left unanswered while the move is made, and the clicker's update answers it (an
    # UPDATE_MESSAGE callback). Whatever comes first of that update, ACK_WAIT passing, or the
    # click's handler ending without an update (a refusal, nothing shown), answers it; the
    # others wait for that answer and follow through the token.

    def expect_answer(self, interaction: discord.Interaction) -> None:
        """A game click whose DM update should answer it (unless acknowledged already: a
        click forwarded by another process)."""
        if interaction.response.is_done() or interaction.id in self._answers:
            return
        answer = ClickAnswer()
        loop = asyncio.get_running_loop()
        answer.timer = loop.call_later(ACK_WAIT, self._defer_later, interaction)
        self._answers[interaction.id] = answer

    def _defer_later(self, interaction: discord.Interaction) -> None:
        task = asyncio.create_task(self.acknowledge_click(interaction))
        self._deferrals.add(task)
        task.add_done_callback(self._deferrals.discard)

    async def acknowledge_click(self, interaction: discord.Interaction) -> None:
        """Defer the click unless it is answered (or being answered) already."""
        answer = self._answers.get(interaction.id)
        if answer is None:
            return  # answered, or never waiting for its update
        if answer.claimed:
            await answer.done.wait()
            return
        answer.claimed = True
        try:
            await interaction.response.defer()  # (counted as an interaction reply)
        except discord.HTTPException:
            log.warning("click %s could not be acknowledged", interaction.id, exc_info=True)
        except RuntimeError:
            # the process is stopping (its leases lost, SIGTERM): its HTTP session closed
            # under a click in flight; the person clicks again once the process is back
            if not interaction.client.is_closed():
                raise
            log.warning("click %s not acknowledged: the bot is stopping", interaction.id)
        finally:
            self._answered(interaction.id, answer)

    def _answered(self, interaction_id: int, answer: ClickAnswer) -> None:
        if answer.timer is not None:
            answer.timer.cancel()
        answer.done.set()
        self._answers.pop(interaction_id, None)

    async def _update_clicked(self, route: discord.Interaction, **fields: Any) -> Any:
        """Edit the message ``route``'s button sits on: as the click's answer when it is still
        unanswered, else through its token. Returns the message as Discord answered it (None
        when the answer carried none)."""
        answer = self._answers.get(route.id)
        if answer is not None and not answer.claimed:
            answer.claimed = True
            try:
                response = await route.response.edit_message(**fields)
            except BaseException:
                # not answered, or not known to be (refused, or cancelled by a newer update of
                # this DM): a deferral answers it instead, and whoever waits follows that
                answer.claimed = False
                self._defer_later(route)
                raise
            self._answered(route.id, answer)
            return getattr(response, "resource", None)
        if answer is not None:
            await answer.done.wait()
        return await route.edit_original_response(**fields)
