"""A transport that records everything, and a scripted person who clicks what it is shown."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tables.model import (
    Mode,
    Notice,
    PrivateView,
    PublicView,
    SettlementView,
    StandingsView,
    TableInfo,
)


@dataclass
class Recording:
    lobbies: list[TableInfo] = field(default_factory=list)
    privates: list[tuple[int | None, PrivateView]] = field(default_factory=list)
    publics: list[PublicView] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    settlements: list[SettlementView] = field(default_factory=list)
    final: list[StandingsView] = field(default_factory=list)
    latest: dict[tuple[str, int], PrivateView] = field(default_factory=dict)
    fail_private_for: set[int] = field(default_factory=set)

    async def lobby(self, table: TableInfo) -> None:
        self.lobbies.append(table)

    async def private(self, table: TableInfo, view: PrivateView) -> None:
        seat = table.seats[view.seat]
        user = seat.user_id if seat is not None else None
        if user in self.fail_private_for:
            raise RuntimeError("DM closed")
        self.privates.append((user, view))
        self.latest[(table.id, view.seat)] = view

    async def public(self, table: TableInfo, view: PublicView) -> None:
        self.publics.append(view)

    async def notice(self, table: TableInfo, notice: Notice) -> None:
        self.notices.append(notice)

    async def settlement(self, table: TableInfo, view: SettlementView) -> None:
        self.settlements.append(view)

    async def standings(self, table: TableInfo, view: StandingsView) -> None:
        self.final.append(view)

    def notice_keys(self) -> list[str]:
        return [n.key for n in self.notices]


def first_choice(view: PrivateView) -> tuple[str, str]:
    """A deterministic person: win when possible, take the first of a choice at the hand's
    start, pass claims, discard the drawn tile."""
    acts = view.actions
    for c in acts:
        if c.kind in ("win", "self_draw"):
            return c.code, c.arg
    if view.choosing:  # 换三张 / 定缺 (Sichuan): the first offer
        return acts[0].code, acts[0].arg
    if view.mode is Mode.CLAIM:
        return "x", ""
    for c in acts:
        if c.kind == "discard" and c.tile == view.drawn:
            return c.code, c.arg
    d = [c for c in acts if c.kind == "discard"]
    return d[-1].code, d[-1].arg


def pending(service: Any, table_id: str, users: dict[int, int]) -> list[tuple[int, PrivateView]]:
    """(user, view) for every person who must decide now."""
    out = []
    for user in users:
        try:
            v = service.private_view(table_id, user)
        except Exception:
            continue
        if v.mode in (Mode.TURN, Mode.CLAIM):
            out.append((user, v))
    return out
