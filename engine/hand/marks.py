"""Facts of a hand that build up as it is played and that some games pay for.

* 烧庄 (``rules.burn_dealer``, Beijing): the dealer's first discard is followed by the same
  kind from each of the three others, in turn, with no call between: one round; the next
  go-round doing the same again is a second round, and so on. The first go-round that does
  not (another kind, a call) ends it for the rest of the hand.
* 互包 (``rules.bind_calls``, Beijing): a player who has chowed or ponged that many times from
  one other player is bound to that player for the rest of the hand.
* after a chow (``rules.chow_discard_ban``, Shanghai): the discards that turn may not be.

The fold calls these; they only change the hand state they are given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.melds import MeldKind

if TYPE_CHECKING:
    from engine.hand.state import HandState


@dataclass(slots=True)
class Burn:
    """烧庄 so far: complete ``rounds``; ``pos`` discards of the go-round under way (of the
    kind ``kind``); ``over`` once a go-round broke the run."""

    rounds: int = 0
    pos: int = 0
    kind: int = -1
    over: bool = False

    def snapshot(self) -> list[int | bool]:
        return [self.rounds, self.pos, self.kind, self.over]


def burn_discard(h: HandState, seat: int, tile: int) -> None:
    """A discard: the run of 烧庄 goes on, completes a round, or ends."""
    b = h.burn
    if b.over:
        return
    if seat != (h.dealer + b.pos) % h.players:
        b.over = True
    elif b.pos == 0:
        b.kind, b.pos = tile, 1
    elif tile != b.kind:
        b.over = True
    else:
        b.pos += 1
        if b.pos == h.players:
            b.rounds += 1
            b.pos = 0


def burn_call(h: HandState) -> None:
    """A call changes the order of play: the run of 烧庄 is over."""
    h.burn.over = True


def bind_call(h: HandState, seat: int, kind: str, from_seat: int) -> None:
    """A chow or pong of ``seat`` from ``from_seat``: count it; the count of the rules binds."""
    if kind not in (MeldKind.CHOW.value, MeldKind.PUNG.value):
        return
    key = (seat, from_seat)
    n = h.feeds.get(key, 0) + 1
    h.feeds[key] = n
    pair = (min(seat, from_seat), max(seat, from_seat))
    if n == h.rules.bind_calls and pair not in h.bound:
        h.bound.append(pair)


def bound_to(h: HandState, seat: int) -> list[int]:
    """The seats ``seat`` is bound to (互包), in the order the bonds formed."""
    return [b if a == seat else a for a, b in h.bound if seat in (a, b)]


def chow_bans(run: tuple[int, ...], called: int) -> frozenset[int]:
    """What a chow forbids discarding that turn: the chowed tile, and when it sat at one end
    of the run, the tile beyond the other end (chowing 2m with 3m4m forbids 2m and 5m)."""
    bans = {called}
    lo, hi = run[0], run[2]
    if called == lo and hi % 9 < 8:
        bans.add(hi + 1)
    elif called == hi and lo % 9 > 0:
        bans.add(lo - 1)
    return frozenset(bans)
