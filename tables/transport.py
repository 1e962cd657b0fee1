"""Transports: whatever shows a table to people (Discord, a terminal, a test's recording).

The service calls these after every change, in order, and awaits them. A transport
must not raise for delivery problems (a closed DM, a deleted channel): it handles
them itself (see ``TableService.note_dm_closed``). Any exception it does raise is
logged and swallowed by the service so one broken channel cannot stop a table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from tables.model import (
    Notice,
    PrivateView,
    PublicView,
    SettlementView,
    StandingsView,
    TableInfo,
)


class Transport(Protocol):
    async def lobby(self, table: TableInfo) -> None:
        """The lobby changed (seats, status): show or edit the lobby message."""

    async def private(self, table: TableInfo, view: PrivateView) -> None:
        """A person's hand and legal moves changed: show them to that person only."""

    async def public(self, table: TableInfo, view: PublicView) -> None:
        """The table changed: edit the living table message (coalescing is the transport's)."""

    async def notice(self, table: TableInfo, notice: Notice) -> None:
        """A short public message: a call, a time-out, a result line."""

    async def settlement(self, table: TableInfo, view: SettlementView) -> None:
        """A hand ended: its settlement (a picture in Discord)."""

    async def standings(self, table: TableInfo, view: StandingsView) -> None:
        """The game ended: final standings."""


class PlayByPlay(Protocol):
    """A transport that also shows every public move (the terminal): a draw, a discard, a
    flower set aside, a new hand. Optional: the service calls ``move`` only on transports
    that have it, so a Discord channel is not flooded with a line per tile."""

    async def move(self, table: TableInfo, notice: Notice) -> None:
        """One public move as a notice (``move.*`` keys); never names a concealed tile."""


class ResumesHands(Protocol):
    """A transport whose private messages outlive its process (Discord DMs). Optional, like
    ``PlayByPlay``: it gives the service where each hand lives
    (``TableService.remember_hand_message``, plain ints), and a resumed table gives them back
    before anything is shown, so the transport edits those messages instead of sending anew."""

    def resume_hands(self, table: TableInfo, hands: Mapping[int, tuple[int, int]],
                     hand_no: int) -> None:
        """``hands``: person → (channel id, message id) of their hand's message, as stored;
        ``hand_no``: the hand in play when the table was stored last (what those messages
        show, at most a step behind)."""


class AnswersClicks(Protocol):
    """A transport where a person's update may be the answer to their own click (Discord: a
    click is answered by editing the message its button sits on, within 3 s). Optional, like
    ``PlayByPlay``: the service starts that person's update before the others' of the same
    change."""

    def answering(self, table: TableInfo, view: PrivateView) -> bool:
        """Whether ``view``'s person has a click waiting for this update as its answer."""


class NullTransport:
    """Shows nothing (computer-only runs, benchmarks)."""

    async def lobby(self, table: TableInfo) -> None:
        return None

    async def private(self, table: TableInfo, view: PrivateView) -> None:
        return None

    async def public(self, table: TableInfo, view: PublicView) -> None:
        return None

    async def notice(self, table: TableInfo, notice: Notice) -> None:
        return None

    async def settlement(self, table: TableInfo, view: SettlementView) -> None:
        return None

    async def standings(self, table: TableInfo, view: StandingsView) -> None:
        return None
