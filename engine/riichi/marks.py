"""What a riichi table shows everyone (rule page ``riichi.md``): each seat's points, the dora
indicators face up, the riichi declared, the sticks on the table and the honba; after a win
by a riichi seat the ura-dora indicators; and a win's han, fu and yaku as it was scored.

Marks are (name, values) pairs as :meth:`engine.family.BaseFamily.table_marks` gives them:
``points`` (one per seat), ``dora`` and ``ura`` (indicator tiles), ``riichi`` (the seats
that declared), ``sticks`` (riichi sticks on the table: those carried and those put this
hand), ``honba``, and after a win ``pot`` (the sticks the winner takes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.riichi import table as rt
from engine.riichi.hand import RiichiScore

if TYPE_CHECKING:
    from engine.events import Won
    from engine.family import Mark
    from engine.hand.state import HandState
    from engine.rules import Rules


def points_now(hand: HandState) -> tuple[int, ...]:
    """Each seat's points: as the hand started, less a stick put this hand; after the hand,
    with its payments."""
    n = hand.players
    start = [rt.points_of(hand, s) for s in range(n)]
    if hand.ended is not None:
        return tuple(p + d for p, d in zip(start, hand.ended.deltas, strict=True))
    put = rt.sticks_put(hand)
    return tuple(p - (rt.RIICHI_STICK if s in put else 0) for s, p in enumerate(start))


def table_marks(hand: HandState) -> tuple[Mark, ...]:
    t: rt.RiichiTable = hand.table
    if t is None or not hand.wall.tiles:
        return ()
    dora, ura = rt.indicators(hand, t.dora)
    riichi = tuple(s for s in range(hand.players) if t.riichi[s])
    pot = int(hand.carry.get("sticks", 0))
    on_table = 0 if hand.wins else pot + len(rt.sticks_put(hand))
    out: list[Mark] = [
        ("points", points_now(hand)),
        ("dora", dora),
        ("riichi", riichi),
        ("sticks", (on_table,)),
        ("honba", (int(hand.carry.get("honba", 0)),)),
    ]
    if hand.wins:  # the sticks the (first) winner takes
        out.append(("pot", (pot + len(rt.sticks_put(hand)),)))
    if hand.ended is not None and any(t.riichi[w.seat] for w in hand.wins):
        out.append(("ura", ura))
    return tuple(out)


def win_detail(rules: Rules, hand: HandState, won: Won) -> RiichiScore | None:
    """The score of a win of this hand as the settlement counted it (han, fu, yaku, limit);
    None when it cannot be read again the same way."""
    from engine.riichi.hand import SITUATIONS, RiichiWin
    from engine.riichi.score import score_riichi

    seat = won.seat
    if won.tile is None:
        return None
    tiles = hand.concealed(seat)
    melds = hand.seats[seat].melds
    if len(tiles) + 3 * len(melds) < 14:
        tiles.append(won.tile)  # a ron: the tile won on lies apart
    ctx = hand.family.win_context(rules, hand, seat, won.self_drawn, frozenset(won.situations),
                                  won.from_seat)
    situations = frozenset(ctx.situations) & SITUATIONS
    if "kong_replacement" in situations:
        situations -= {"last_tile"}
    win = RiichiWin(
        concealed=tuple(sorted(tiles)), melds=tuple(melds), win_tile=won.tile,
        self_drawn=won.self_drawn, seat_wind=ctx.seat_wind, round_wind=ctx.round_wind,
        situations=situations, aka=rules.aka > 0,
        reds=rt.reds_of(hand, seat, None if won.self_drawn else won.tile) if rules.aka else 0,
        riichi=ctx.riichi > 0, double_riichi=ctx.riichi == 2,
        ippatsu=ctx.ippatsu and ctx.riichi > 0,
        dora_indicators=ctx.dora_indicators, ura_indicators=ctx.ura_indicators,
    )  # fmt: skip
    got = score_riichi(win)
    if got is None or got.points != won.value or got.han != won.fan:
        return None
    return got
