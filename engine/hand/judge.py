"""The hand's questions to analysis, scoring and the rule family, asked cheaply.

The claim checks after every discard are the hot path of a simulated game: a seat's shape
waits are computed once per change of its hand (cached by the hand state), the family's
cheap pattern filter comes next, and the full scoring search runs only for hands that pass
both. Counts here are natural counts of the 34 kinds with the hand's jokers taken out
(:func:`engine.jokers.split`); ``wilds`` is how many jokers the hand holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import analysis, scoring
from engine.events import CURRENT_REVISION
from engine.family import family_of
from engine.melds import Meld
from engine.rules import Rules


def forms(rules: Rules, melds: int) -> tuple[bool, bool]:
    """(seven pairs, thirteen orphans): the special forms a hand with ``melds`` melds may
    win in under ``rules`` (neither once a meld is down, nor in a hand of other than 13
    tiles: ``melds`` counts the sets such a hand lacks, ``rules.short_sets``, too)."""
    plain = melds == 0 and rules.plain_size
    return rules.seven_pairs and plain, rules.orphans_form and plain


def face_counts(counts34: Sequence[int], wilds: int, wild_kinds: frozenset[int]) -> list[int]:
    """Natural counts with the jokers put back as their face tile (the single-tile forms read
    a joker as just its face: Quzhou's 七风 …); jokers that are flowers have no face."""
    face = list(counts34)
    if wilds:
        kinds = [k for k in wild_kinds if k < len(face)]
        if len(kinds) == 1:
            face[kinds[0]] += wilds
    return face


def shape_waits(
    rules: Rules,
    counts34: Sequence[int],
    wilds: int,
    melds: int,
    wild_kinds: frozenset[int] = frozenset(),
    meld_list: Sequence[Meld] = (),
) -> frozenset[int]:
    """Kinds that complete the shape of a 13-tile (kong as 3) hand; no pattern check.

    Table-driven (engine.analysis); tests/engine/hand/test_judge.py checks it agrees
    with scoring's own completeness search, so a claim is offered exactly when
    scoring would accept the shape (a fifth copy through a wildcard included). The
    family's own forms (:meth:`engine.family.RuleFamily.special_waits`) are added.
    """
    sp, to = forms(rules, melds)
    out = frozenset(analysis.waits(counts34, wilds, melds, seven_pairs=sp, thirteen_orphans=to))
    family = family_of(rules)
    if family.special_targets(rules):
        out |= family.special_waits(rules, face_counts(counts34, wilds, wild_kinds), meld_list)
    return out


def shape_complete(
    rules: Rules,
    counts34: Sequence[int],
    wilds: int,
    melds: int,
    wild_kinds: frozenset[int] = frozenset(),
    meld_list: Sequence[Meld] = (),
) -> bool:
    """Whether a 14-tile hand is complete in shape (tables; agrees with scoring's check),
    in the standard form, the preset's special forms or the family's own."""
    sp, to = forms(rules, melds)
    if analysis.is_complete(list(counts34), wilds, melds, seven_pairs=sp, thirteen_orphans=to):
        return True
    family = family_of(rules)
    if not family.special_targets(rules):
        return False
    return family.special_complete(rules, face_counts(counts34, wilds, wild_kinds), meld_list)


def shanten(rules: Rules, counts34: Sequence[int], wilds: int, melds: int) -> int:
    sp, to = forms(rules, melds)
    return analysis.shanten(list(counts34), wilds, melds, seven_pairs=sp, thirteen_orphans=to)


def pattern_possible(
    rules: Rules, counts34: Sequence[int], wilds: int, melds: Sequence[Meld]
) -> bool:
    """The family's cheap necessary test: False means no reading of this complete shape can
    win under ``rules`` (正百搭 without a pattern); True means ask scoring."""
    return family_of(rules).pattern_possible(rules, counts34, wilds, melds)


def context(
    self_drawn: bool,
    seat_wind: int,
    round_wind: int,
    situations: frozenset[str],
    wild_kinds: frozenset[int],
    *,
    flowers: int = 0,
    dealer: bool = False,
    payer_dealer: bool = False,
    void_suit: int | None = None,
    revision: int = CURRENT_REVISION,
    flower_tiles: tuple[int, ...] = (),
    dealer_streak: int = 0,
    dora_kind: int | None = None,
) -> scoring.WinContext:
    return scoring.WinContext(
        self_drawn=self_drawn, seat_wind=seat_wind, round_wind=round_wind,
        situations=situations, wild_kinds=wild_kinds, flowers=flowers, dealer=dealer,
        payer_dealer=payer_dealer, void_suit=void_suit, revision=revision,
        flower_tiles=flower_tiles, dealer_streak=dealer_streak, dora_kind=dora_kind,
    )  # fmt: skip


def score(
    rules: Rules,
    concealed: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int,
    ctx: scoring.WinContext,
) -> scoring.Score | None:
    return scoring.score_win(rules, list(concealed), list(melds), win_tile, ctx)
