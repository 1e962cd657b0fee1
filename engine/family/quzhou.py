"""The Quzhou 衢州邋遢胡 family: 段 of one form plus its colour.

Forms (:data:`SPECIAL` are the single-tile hands):

* sets and pairs, where a concealed 财神 stands for any tile (even a fifth copy): 邋遢胡
  (``basic``: four sets, concealed chows allowed, and a pair), 七对 (``seven_pairs``), 大碰胡
  (``big_pungs``: four pongs or kongs and a pair);
* single tiles, where a 财神 is only its face tile: 七风 (``seven_winds``: the seven honours
  once each and any seven suited tiles), 乱百搭 (``loose_unrelated``: fourteen different
  tiles, within a suit any two at least three apart), 十三不搭 (``thirteen_unrelated``: a
  乱百搭 whose suits lie on three different lines of 147 / 258 / 369), 七风乱百搭
  (``seven_winds_loose``: a 乱百搭 holding all seven honours), 全风子 (``all_honours``: all
  fourteen tiles honours, honour pongs and kongs allowed).

Colour adds to 邋遢胡, 七对, 大碰胡 and 七风: 混一色 (``half_flush``) +1, 清一色
(``full_flush``) +3, judged on what the 财神 stands for. In the 段子 mode (``rules.mode``) a
plain 邋遢胡 and a 乱百搭 cannot win. The reading that pays most counts.

``points`` is what one payer pays at unit 1: 段 on a self-draw (each other player), 2 × 段 on
a discard or a robbed kong (the discarder or the robbed player alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise, permutations
from typing import TYPE_CHECKING, Final

from engine.family import BaseFamily, WinFacts
from engine.melds import Meld
from engine.rules import Rules
from engine.scoring.common import iter_standard, meld_groups, seven_pairs_reading, standard_reading
from engine.scoring.readings import CHOW, PUNG, Group, seven_pairs_kinds
from engine.scoring.types import Reading, Score, WinContext
from engine.tiles import NUM_KINDS

if TYPE_CHECKING:
    from engine.events import HandEnded
    from engine.settlement import HandOutcome, Settlement

_SET_REPS: Final = ((PUNG, 0), (PUNG, 9), (PUNG, 18), (PUNG, 27))
_PAIR_REPS: Final = (0, 9, 18, 27)
SPECIAL: Final = (
    "seven_winds", "loose_unrelated", "thirteen_unrelated", "seven_winds_loose", "all_honours",
)  # fmt: skip
COLOURED: Final = frozenset({"basic", "seven_pairs", "big_pungs", "seven_winds"})
# the three lines of 不搭, as positions in a suit (147, 258, 369)
LINES: Final = (frozenset({0, 3, 6}), frozenset({1, 4, 7}), frozenset({2, 5, 8}))


# -- the single-tile forms ---------------------------------------------------------------


@lru_cache(maxsize=512)
def loose_best(mask: int) -> int:
    """The most positions of a suit (a 9-bit mask) that are pairwise at least 3 apart."""
    best = 0
    for sub in range(1 << 9):
        if sub & ~mask:
            continue
        pos = [i for i in range(9) if sub >> i & 1]
        if all(b - a >= 3 for a, b in pairwise(pos)):
            best = max(best, len(pos))
    return best


def _mask(face: Sequence[int], suit: int) -> int:
    return sum(1 << i for i in range(9) if face[9 * suit + i])


def _is_loose(face: Sequence[int]) -> bool:
    """Every tile single, and within each suit any two at least three apart."""
    if any(n > 1 for n in face[:NUM_KINDS]):
        return False
    for s in range(3):
        m = _mask(face, s)
        if loose_best(m) != bin(m).count("1"):
            return False
    return True


def _on_lines(face: Sequence[int]) -> bool:
    """Each suit's tiles on one line of 147 / 258 / 369, the suits on different lines."""
    sets = [{i for i in range(9) if face[9 * s + i]} for s in range(3)]
    return any(
        all(sets[s] <= LINES[line] for s, line in enumerate(order))
        for order in permutations(range(3))
    )


def special_forms(face: Sequence[int], melds: Sequence[Meld]) -> list[str]:
    """The single-tile forms 14 tiles meet (``face``: 34 counts, a 财神 as its face)."""
    out: list[str] = []
    suited = sum(face[:27])
    if suited == 0 and all(m.base >= 27 for m in melds):
        out.append("all_honours")
    if melds or sum(face[:NUM_KINDS]) != 14:
        return out
    honours = face[27:NUM_KINDS]
    if all(n == 1 for n in honours) and suited == 7:
        out.append("seven_winds")
    if _is_loose(face):
        out.append("loose_unrelated")
        if sum(honours) == 7:
            out.append("seven_winds_loose")
        if _on_lines(face):
            out.append("thirteen_unrelated")
    return out


def _line_fit(masks: Sequence[int]) -> int:
    """The most tiles of the three suits (9-bit masks) on three different lines."""
    cnt = [[bin(m & _LINE_MASKS[line]).count("1") for line in range(3)] for m in masks]
    return max(cnt[0][a] + cnt[1][b] + cnt[2][c] for a, b, c in _ORDERS)


_LINE_MASKS: Final = tuple(sum(1 << i for i in line) for line in LINES)
_ORDERS: Final = tuple(permutations(range(3)))


def special_kept(pattern: str, face: Sequence[int], melds: int) -> int:
    """How many of a hand's tiles (``face``) fit ``pattern``'s 14 (computer players' measure:
    the fewest tiles to change is 14 minus this)."""
    honours = face[27:NUM_KINDS]
    distinct = sum(1 for n in honours if n)
    if pattern == "all_honours":
        return sum(honours) + 3 * melds
    if melds:
        return 0
    if pattern == "seven_winds":
        return distinct + min(7, sum(face[:27]))
    masks = [_mask(face, s) for s in range(3)]
    if pattern == "thirteen_unrelated":
        return min(14, distinct + _line_fit(masks))
    fit = sum(loose_best(m) for m in masks)
    if pattern == "seven_winds_loose":
        return distinct + min(7, fit)
    return min(14, distinct + fit)  # loose_unrelated


@lru_cache(maxsize=1 << 15)
def special_need_of(pattern: str, face: tuple[int, ...], melds: int) -> tuple[int, tuple[int, ...]]:
    """(14 − tiles that fit, kinds whose one more copy fits one more) of a hand for one of
    the single-tile forms (memoised: computer players ask it for every discard)."""
    kept = special_kept(pattern, face, melds)
    if pattern != "all_honours" and melds:
        return 99, ()
    honours = face[27:NUM_KINDS]
    accept: list[int] = []
    if pattern == "all_honours":
        accept = list(range(27, NUM_KINDS))
    elif kept < 14:
        accept = [27 + i for i, n in enumerate(honours) if not n]
        if pattern == "seven_winds":
            if sum(face[:27]) < 7:
                accept = list(range(27)) + accept
        else:
            masks = [_mask(face, s) for s in range(3)]
            suited = 0 if pattern == "thirteen_unrelated" else sum(loose_best(m) for m in masks)
            for k in range(27):
                s, i = divmod(k, 9)
                if masks[s] >> i & 1:
                    continue
                more = list(masks)
                more[s] |= 1 << i
                if pattern == "thirteen_unrelated":
                    if _line_fit(more) > _line_fit(masks):
                        accept.append(k)
                elif loose_best(more[s]) > loose_best(masks[s]) and (
                    pattern == "loose_unrelated" or suited < 7
                ):
                    accept.append(k)
            accept.sort()
    return 14 - kept, tuple(accept)


# -- scoring ------------------------------------------------------------------------------


def _colour(groups: Sequence[Group]) -> str | None:
    suits: set[int] = set()
    honours = False
    for _shape, k in groups:
        if k >= 27:
            honours = True
        else:
            suits.add(k // 9)
    if len(suits) != 1:
        return None
    return "half_flush" if honours else "full_flush"


def face_of(counts: Sequence[int], wild: int, wild_kinds: frozenset[int] | None) -> list[int]:
    face = list(counts)
    kinds = [k for k in wild_kinds or () if k < NUM_KINDS]
    if wild and len(kinds) == 1:
        face[kinds[0]] += wild
    return face


def score_hand(
    rules: Rules,
    counts: list[int],
    wild: int,
    melds: Sequence[Meld],
    win_tile: int,
    win_is_wild: bool,
    ctx: WinContext,
) -> Score | None:
    duanzi = rules.mode == "duanzi"
    forms = rules.patterns
    colours = rules.bonuses
    best: tuple[int, tuple[str, ...], Reading] | None = None

    def consider(form: str, colour: str | None, reading: Reading) -> None:
        nonlocal best
        if form not in forms:
            return
        if duanzi and (form == "loose_unrelated" or (form == "basic" and colour is None)):
            return  # 段子: a plain 邋遢胡 and a 乱百搭 do not win
        ids = (form,) if colour is None or form not in COLOURED else (form, colour)
        duan = forms[form] + sum(colours.get(i, 0) for i in ids[1:])
        if best is None or duan > best[0]:
            best = (duan, ids, reading)

    mg = meld_groups(melds)
    for groups in iter_standard(counts, wild, melds, _SET_REPS, _PAIR_REPS):
        allg = groups + mg
        colour = _colour(allg)
        reading = standard_reading(groups, counts)
        if all(shape != CHOW for shape, _ in allg):
            consider("big_pungs", colour, reading)
        consider("basic", colour, reading)
    if rules.seven_pairs and not melds:
        kinds = seven_pairs_kinds(counts, wild)
        if kinds is not None:
            fixed = [k for k in kinds if k >= 0]
            shown = fixed + [fixed[0] if fixed else 0] * (7 - len(fixed))
            consider("seven_pairs", _colour([(PUNG, k) for k in fixed]),
                     seven_pairs_reading(shown, counts))  # fmt: skip
    face = face_of(counts, wild, ctx.wild_kinds)
    for form in special_forms(face, melds):
        colour = _colour([(PUNG, k) for k in range(NUM_KINDS) if face[k]])
        consider(form, colour, Reading(form))
    if best is None:
        return None
    duan, ids, reading = best
    per_payer = duan if ctx.self_drawn else 2 * duan
    return Score(points=per_payer, patterns=ids, reading=reading)


class QuzhouFamily(BaseFamily):
    id = "quzhou"
    value_style = "duan"
    evaluate_fan = False

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
        return score_hand(rules, counts, wild, melds, win_tile, win_is_wild, ctx)

    def liable_seat(self, rules: Rules, facts: WinFacts, score: Score) -> int | None:
        # a robbed kong is paid like a discard: the robbed player pays 2 × 段 (points) once
        return None

    def wall_reserve(self, rules: Rules) -> tuple[int, str]:
        # 段子 plays the wall out; 邋遢胡 keeps its stacks back, the same size after kongs
        if rules.mode == "duanzi":
            return 0, "keeps_size"
        return 2 * rules.reserve_stacks, "keeps_size"

    def next_dealer(self, rules: Rules, dealer: int, ended: HandEnded, players: int) -> int:
        """The winner deals (the dealer stays on its own win); on a drawn hand the next seat
        deals, unless ``draw_dealer_stays`` or the 段子 mode keep the dealer."""
        if ended.drawn or not ended.winners:
            if rules.draw_dealer_stays or rules.mode == "duanzi":
                return dealer
            return (dealer + 1) % players
        return ended.winners[0]

    def settle(self, rules: Rules, outcome: HandOutcome) -> Settlement:
        """Wins the common way (kongs are not paid); in 段子 a drawn hand costs the dealer 1
        to each other player."""
        from engine.settlement import Payment, Settlement, settle_common

        if not (outcome.drawn and rules.mode == "duanzi"):
            return settle_common(rules, outcome, kongs=False)
        players, dealer = outcome.players, outcome.dealer
        return Settlement.of(
            (Payment(dealer, s, rules.unit, "draw") for s in range(players) if s != dealer),
            players,
        )

    # -- the single-tile forms -------------------------------------------------------------

    def special_complete(self, rules: Rules, face: Sequence[int], melds: Sequence[Meld]) -> bool:
        allowed = self.special_targets(rules)
        return any(f in allowed for f in special_forms(face, melds))

    def special_waits(
        self, rules: Rules, face: Sequence[int], melds: Sequence[Meld]
    ) -> frozenset[int]:
        allowed = self.special_targets(rules)
        c = list(face[:NUM_KINDS])
        # cheap necessary tests first: most hands are far from every single-tile form
        honour_tiles = c[27:]
        all_honours = sum(c[:27]) == 0 and all(m.base >= 27 for m in melds)
        seven_winds = not melds and max(honour_tiles) <= 1 and sum(honour_tiles) >= 6
        loose = not melds and max(c) <= 1
        if not (all_honours or seven_winds or loose):
            return frozenset()
        out = []
        for k in range(NUM_KINDS):
            c[k] += 1
            if any(f in allowed for f in special_forms(c, melds)):
                out.append(k)
            c[k] -= 1
        return frozenset(out)

    def special_targets(self, rules: Rules) -> tuple[str, ...]:
        if rules.mode == "duanzi":
            return tuple(f for f in SPECIAL if f != "loose_unrelated")
        return SPECIAL

    def special_need(
        self, rules: Rules, pattern: str, face: Sequence[int], melds: int
    ) -> tuple[int, tuple[int, ...]]:
        return special_need_of(pattern, tuple(face[:NUM_KINDS]), melds)

    def target_value(self, rules: Rules, pattern: str) -> float | None:
        """段 a payer pays for a target (a discard pays double: about 1.5 × on average)."""
        forms = rules.patterns
        half, full = rules.bonuses.get("half_flush", 1), rules.bonuses.get("full_flush", 3)
        values = {
            "chicken": None if rules.mode == "duanzi" else forms.get("basic"),
            "half_flush": forms.get("basic", 1) + half,
            "full_flush": forms.get("basic", 1) + full,
            "all_pungs": forms.get("big_pungs"),
            "half_flush_pungs": forms.get("big_pungs", 2) + half,
            "full_flush_pungs": forms.get("big_pungs", 2) + full,
            "all_honors": forms.get("all_honours"),
        }
        if pattern in values:
            v = values[pattern]
        elif pattern in self.special_targets(rules):
            v = forms.get(pattern)
        else:
            return None
        return None if v is None else 1.5 * v
