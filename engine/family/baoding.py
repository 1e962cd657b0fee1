"""The Baoding 保定 family: a base (基数) times doublings, the dealer paying and taking double.

Winning hands and their base: 屁胡 1 (four sets and a pair under the suit condition: at most
two of 万 筒 条, at least 8 tiles of one of them, melds counted, a kong as 4), 混一色 2, 七小对 2,
大对胡 2 (no chow; no kong unless ``all_pungs_kong``; no suit condition), 龙 3 (123 456 789 of
one suit as three chows; a called chow must be one of them), 清一色 3 — with 大对胡 or 龙 it
doubles that base instead (4, 6) —, 混七对 6 (five or six pairs of one suit), 清七对 12,
十三幺 15 (the extra tile a dragon, any with ``orphans_any_pair``), 清风 15 (honours only).

Doublings, each ×2: 提 (self-draw), 门清 (no call at all, concealed kongs included), 杠上开花,
海底捞月, one of 边 / 卡 / 钓 (a four-sets hand whose 13 tiles won on this kind only: its only
legal win, a shape that fails the suit condition being none), 卡五 (卡
on a 5: once more), 庄 (the winner deals). P = base × 2^doublings; the reading that pays most
counts. ``points`` is P, doubled when the payer it reports is the dealer (``payer_dealer``).

Paying: every other player pays the winner, on a discard or a self-draw alike: P from a
non-dealer, 2P from the dealer (``discarder_pays_all``: the discarder pays all three shares).
诈胡 (a declared self-draw that is no winning hand, where ``false_win`` is on): a non-dealer
pays 1 to each other player and the dealer stays; the dealer pays 2 to each and the deal
passes. 黄庄 (drawn): nobody pays and the dealer stays, unless a kong was made (黄庄黄杠: the
deal passes); ``draw_dealer_pays``: the dealer pays 2 to each and stays. Kongs are not paid.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Final

from engine.family import BaseFamily, WinFacts
from engine.melds import Meld, MeldKind
from engine.rules import Rules
from engine.scoring.readings import is_complete
from engine.scoring.types import FALSE_WIN, Reading, Score, WinContext
from engine.tiles import NUM_KINDS

if TYPE_CHECKING:
    from engine.hand.state import HandState
    from engine.settlement import HandOutcome, Settlement

DRAGONS: Final = (31, 32, 33)
ORPHANS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

Group = tuple[str, int]  # ("chow", first kind) / ("pung", kind)


def value_of(rules: Rules, patterns: Sequence[str]) -> int:
    """P at unit 1 of a win's patterns: the base (the preset's ``pattern_values``; 清一色
    doubles 大对胡 or 龙) times 2 for each doubling (its ``bonus_values``)."""
    bases = rules.patterns
    doublings = rules.bonuses
    ids = set(patterns)
    if "full_flush" in ids and ids & {"all_pungs", "dragon"}:
        base = 2 * max(bases[p] for p in ids & {"all_pungs", "dragon"})
    else:
        base = max((bases[p] for p in ids if p in bases), default=0)
    return base * 2 ** sum(1 for p in patterns if p in doublings)


def _divisions(c: list[int], sets: int) -> Iterator[tuple[list[Group], int]]:
    """Every split of the counts into ``sets`` sets and a pair: (groups, pair kind)."""
    for pair in range(NUM_KINDS):
        if c[pair] >= 2:
            c[pair] -= 2
            for groups in _sets(c, sets, 0):
                yield groups, pair
            c[pair] += 2


def _sets(c: list[int], sets: int, start: int) -> Iterator[list[Group]]:
    k = next((i for i in range(start, NUM_KINDS) if c[i]), None)
    if k is None:
        if sets == 0:
            yield []
        return
    if sets == 0:
        return
    if c[k] >= 3:
        c[k] -= 3
        for rest in _sets(c, sets - 1, k):
            yield [("pung", k), *rest]
        c[k] += 3
    if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
        for i in range(3):
            c[k + i] -= 1
        for rest in _sets(c, sets - 1, k):
            yield [("chow", k), *rest]
        for i in range(3):
            c[k + i] += 1


def _suit_counts(counts: Sequence[int], melds: Sequence[Meld]) -> tuple[list[int], int]:
    """Tiles of each suit (m p s) and of honours, melds included (a kong as 4)."""
    suits = [sum(counts[s * 9 : s * 9 + 9]) for s in range(3)]
    honours = sum(counts[27:NUM_KINDS])
    for m in melds:
        for t in m.tiles:
            if t < 27:
                suits[t // 9] += 1
            else:
                honours += 1
    return suits, honours


def _waits(
    rules: Rules, counts13: list[int], melds: Sequence[Meld], legal: bool = True
) -> list[int]:
    """The kinds the 13 tiles win on (kinds the hand holds four of left out): a hand of the
    table (``legal``: a shape that fails 一色够八张 is no win, so it is no wait either), or,
    as revision 1 read it, any complete shape."""
    held = list(counts13)
    for m in melds:
        for t in m.tiles:
            held[t] += 1
    out = []
    n = len(melds)
    for k in range(NUM_KINDS):
        if held[k] >= 4:
            continue
        counts13[k] += 1
        if is_complete(counts13, 0, n, seven_pairs=n == 0, thirteen_orphans=n == 0) and (
            not legal or _wins(rules, counts13, melds)
        ):
            out.append(k)
        counts13[k] -= 1
    return out


def _wins(rules: Rules, counts: list[int], melds: Sequence[Meld]) -> bool:
    """Whether the complete 14 tiles are one of the table's winning hands (their doublings
    aside)."""
    if not melds and (_pairs_base(counts) is not None or _orphans(rules, counts)):
        return True
    suits, honours = _suit_counts(counts, melds)
    return any(
        _standard_bases(rules, groups, melds, suits, honours)
        for groups, _pair in _divisions(list(counts), 4 - len(melds))
    )


def _wait_kind(groups: Sequence[Group], pair: int, win: int) -> str | None:
    """边 / 卡 / 钓 of the winning tile's place in this reading (卡 first: it may be 卡五)."""
    for shape, k in groups:
        if shape == "chow" and win == k + 1:
            return "closed_wait"
    for shape, k in groups:
        if shape == "chow" and ((k % 9 == 0 and win == k + 2) or (k % 9 == 6 and win == k)):
            return "edge_wait"
    if pair == win:
        return "single_wait"
    return None


def _standard_bases(
    rules: Rules,
    groups: Sequence[Group],
    melds: Sequence[Meld],
    suits: list[int],
    honours: int,
) -> list[tuple[str, ...]]:
    """The base patterns this reading of four sets and a pair may be counted as."""
    used = [s for s in range(3) if suits[s]]
    suit_ok = len(used) <= 2 and max(suits) >= 8
    chows = {k for shape, k in groups if shape == "chow"}
    chows |= {m.base for m in melds if m.kind is MeldKind.CHOW}
    called = {m.base for m in melds if m.kind is MeldKind.CHOW}
    has_kong = any(m.is_kong for m in melds)
    out: list[tuple[str, ...]] = []
    if not used:
        return [("all_honours",)]
    flush = len(used) == 1 and not honours
    pungs = not chows and (rules.all_pungs_kong or not has_kong)
    dragon = any(
        {9 * s, 9 * s + 3, 9 * s + 6} <= chows and called <= {9 * s, 9 * s + 3, 9 * s + 6}
        for s in used
    )
    if suit_ok:
        out.append(("pi_hu",))
    if len(used) == 1 and honours and max(suits) >= 8:
        out.append(("half_flush",))
    if pungs:
        out.append(("all_pungs", "full_flush") if flush else ("all_pungs",))
    if dragon and suit_ok:
        out.append(("dragon", "full_flush") if flush else ("dragon",))
    if flush:
        out.append(("full_flush",))
    return out


def _pairs_base(counts: Sequence[int]) -> str | None:
    if any(n % 2 for n in counts[:NUM_KINDS]):
        return None
    pairs = [0, 0, 0, 0]  # m p s honours
    for k in range(NUM_KINDS):
        pairs[min(k // 9, 3)] += counts[k] // 2
    if pairs[3] == 7:
        return "all_honours"
    if max(pairs[:3]) == 7:
        return "pure_seven_pairs"
    if max(pairs[:3]) in (5, 6):
        return "mixed_seven_pairs"
    return "seven_pairs"


def _orphans(rules: Rules, counts: Sequence[int]) -> bool:
    if any(counts[k] == 0 for k in ORPHANS) or sum(counts[k] for k in ORPHANS) != 14:
        return False
    extra = next(k for k in ORPHANS if counts[k] == 2)
    return rules.orphans_any_pair or extra in DRAGONS


def score_hand(
    rules: Rules, counts: list[int], melds: Sequence[Meld], win_tile: int, ctx: WinContext
) -> Score | None:
    sits = ctx.situations
    doublings: list[str] = []
    if ctx.self_drawn:
        doublings.append("self_draw")
    if not melds:
        doublings.append("concealed")
    if ctx.self_drawn and "kong_replacement" in sits:
        doublings.append("kong_bloom")
    if "last_tile" in sits:
        doublings.append("last_tile")
    if ctx.dealer:
        doublings.append("dealer")
    candidates: list[tuple[str, ...]] = []
    if not melds:
        pairs = _pairs_base(counts)
        if pairs is not None:
            candidates.append((pairs, *doublings))
        if _orphans(rules, counts):
            candidates.append(("thirteen_orphans", *doublings))
    suits, honours = _suit_counts(counts, melds)
    waits: list[int] | None = None
    for groups, pair in _divisions(list(counts), 4 - len(melds)):
        bases = _standard_bases(rules, groups, melds, suits, honours)
        if not bases:
            continue
        extra: list[str] = []
        if waits is None:
            c13 = list(counts)
            c13[win_tile] -= 1
            waits = _waits(rules, c13, melds, legal=ctx.revision >= 2)
        if waits == [win_tile]:
            kind = _wait_kind(groups, pair, win_tile)
            if kind:
                extra.append(kind)
                if kind == "closed_wait" and win_tile < 27 and win_tile % 9 == 4:
                    extra.append("closed_five")
        candidates.extend((*b, *doublings, *extra) for b in bases)
    if not candidates:
        return None
    best = max(candidates, key=lambda ids: value_of(rules, ids))
    order = [p for p, _ in (*rules.pattern_values, *rules.bonus_values) if p in best]
    points = value_of(rules, order)
    if ctx.payer_dealer and not ctx.dealer:
        points *= 2  # the dealer pays double
    return Score(points=points, patterns=tuple(order), reading=Reading("standard"))


class BaodingFamily(BaseFamily):
    id = "baoding"
    value_style = "multiple"
    evaluate_fan = False
    points_paid = False
    ready_waits_checked = True

    def score(
        self,
        rules: Rules,
        counts: list[int],
        wild: int,
        melds: Sequence[Meld],
        win_tile: int,
        win_is_wild: bool,
        ctx: WinContext,
    ) -> Score | None:
        if wild:
            return None
        return score_hand(rules, counts, melds, win_tile, ctx)

    def win_gain(
        self, rules: Rules, score: Score, self_drawn: bool, seat: int, dealer: int, players: int
    ) -> int:
        # what this game's settlement pays the winner (every seat pays on a discard win too)
        from engine.settlement import HandOutcome, WinRecord

        discarder = None if self_drawn else (seat + 1) % players
        win = WinRecord(seat, score, self_drawn, discarder)
        return settle_baoding(rules, HandOutcome.of_win(win, players, dealer)).deltas[seat]

    def liable_seat(self, rules: Rules, facts: WinFacts, score: Score) -> int | None:
        return None  # no robbing a kong, no 包

    def settle(self, rules: Rules, outcome: HandOutcome) -> Settlement:
        return settle_baoding(rules, outcome)

    def dealer_after(self, rules: Rules, hand: HandState) -> int | None:
        """The dealer stays on its own win, a non-dealer's win passes the deal; 诈胡 passes it
        only when the dealer made it; 黄庄 keeps the dealer unless a kong was made (and
        ``draw_dealer_pays`` is off)."""
        dealer = hand.dealer
        passed = (dealer + 1) % hand.players
        false = [w.seat for w in hand.wins if FALSE_WIN in w.patterns]
        if false:
            return passed if false[0] == dealer else dealer
        if not hand.wins:
            kong = any(m.is_kong for st in hand.seats for m in st.melds)
            return passed if kong and not rules.draw_dealer_pays else dealer
        return dealer if any(w.seat == dealer for w in hand.wins) else passed

    def win_values(
        self, rules: Rules, patterns: Sequence[str], self_drawn: bool
    ) -> list[tuple[str, int]]:
        values = {**rules.patterns, **rules.bonuses}
        return [(p, values.get(p, 0)) for p in patterns]

    def target_value(self, rules: Rules, pattern: str) -> float | None:
        # what one payer pays for a typical hand of the target (a doubling or two); no
        # "any complete hand": three suits never win here, the two-suit targets stand for 屁胡
        return {
            "half_flush": 6.0, "all_pungs": 6.0, "full_flush": 10.0, "full_flush_pungs": 14.0,
            "half_flush_pungs": 7.0, "all_honors": 40.0,
        }.get(pattern)  # fmt: skip

    def suit_targets(self, rules: Rules) -> tuple[tuple[str, float, tuple[int, ...], bool], ...]:
        # 屁胡 (and 龙) in two suits and the honours: 一色够八张 comes with two suits
        return tuple(
            (f"two_suits:{'mps'[a]}{'mps'[b]}", 3.0, (a, b, 3), False)
            for a, b in ((0, 1), (0, 2), (1, 2))
        )


def settle_baoding(rules: Rules, outcome: HandOutcome) -> Settlement:
    """The payments of a Baoding hand (see the module docstring)."""
    from engine.settlement import Payment, Settlement

    unit = rules.unit
    players, dealer = outcome.players, outcome.dealer
    payments: list[Payment] = []
    if outcome.drawn and rules.draw_dealer_pays:
        payments += [Payment(dealer, s, 2 * unit, "draw") for s in range(players) if s != dealer]
    for w in outcome.wins:
        others = [s for s in range(players) if s != w.seat]
        if FALSE_WIN in w.score.patterns:
            each = (2 if w.seat == dealer else 1) * unit
            payments += [Payment(w.seat, s, each, FALSE_WIN) for s in others]
            continue
        value = value_of(rules, w.score.patterns) * unit
        shares = {s: value * (2 if s == dealer else 1) for s in others}
        if rules.discarder_pays_all and w.discarder is not None and not w.self_drawn:
            payments.append(Payment(w.discarder, w.seat, sum(shares.values()), "win"))
        else:
            payments += [Payment(s, w.seat, a, "win") for s, a in shares.items()]
    return Settlement.of(payments, players)
