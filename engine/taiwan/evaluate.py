"""``python -m engine evaluate`` for the ``taiwan`` preset (rule page ``taiwan.md``,
"Evaluate fields"): 17-tile win lines, 16-tile shanten/waits lines, the flower win, and the
fields ``flower_tiles`` and ``dealer_streak``; ``dealer`` and ``payer_dealer`` as the page
reads them. A line describing what cannot happen at the table is refused with a reason."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from engine.analysis import shanten as standard_shanten
from engine.family import EvaluateInputError
from engine.melds import Meld
from engine.rules import Rules
from engine.scoring.types import WinContext
from engine.taiwan.tai import flower_win, flower_win_score, score_taiwan, waits
from engine.tiles import FLOWER_BASE, NUM_KINDS, NotationError, format_tiles, parse, tile_name

SITUATIONS: Final = (
    "kong_replacement", "flower_replacement", "last_tile", "robbing_kong", "heavenly",
    "earthly", "human",
    # contract situations Taiwan does not score: accepted, they change nothing
    "last_of_kind", "multi_win3",
)  # fmt: skip


class TaiwanInputError(EvaluateInputError):
    """A taiwan evaluate line that cannot be scored; the message says what to fix."""


def _get(obj: Mapping[str, Any], name: str, kind: type, default: Any) -> Any:
    value = obj.get(name, default)
    if value is default:
        return value
    if isinstance(value, bool) != (kind is bool) or not isinstance(value, kind):
        want = {bool: "true or false", int: "a number", str: "a string", list: "a list"}[kind]
        raise TaiwanInputError(f"{name!r} must be {want}, got {json.dumps(value)}")
    return value


def _tiles(text: Any, name: str) -> list[int]:
    if not isinstance(text, str):
        raise TaiwanInputError(f'{name!r} must be tiles in notation, e.g. "123m456p11z"')
    try:
        return parse(text)
    except NotationError as exc:
        raise TaiwanInputError(f"{name!r}: {exc}") from None


def _wind(obj: Mapping[str, Any], name: str) -> int:
    value = _get(obj, name, int, 1)
    if not 1 <= value <= 4:
        raise TaiwanInputError(f"{name!r} must be 1..4 (E S W N), got {value}")
    return int(value) - 1


def _melds(raw: Any) -> list[Meld]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise TaiwanInputError('"melds" must be a list like [{"type": "pung", "tiles": "555p"}]')
    out = []
    for i, m in enumerate(raw, 1):
        try:
            meld = Meld.from_json(m)
        except NotationError as exc:
            raise TaiwanInputError(f"meld {i}: {exc}") from None
        if any(t >= NUM_KINDS for t in meld.tiles):
            raise TaiwanInputError(f"meld {i}: flowers are set aside, never melded")
        out.append(meld)
    return out


def _flowers(obj: Mapping[str, Any]) -> tuple[int, ...]:
    raw = obj.get("flower_tiles")
    count = _get(obj, "flowers", int, None)
    tiles = _tiles(raw, "flower_tiles") if raw is not None else []
    if any(t < FLOWER_BASE for t in tiles):
        raise TaiwanInputError('"flower_tiles" holds only flowers (1f-8f), e.g. "1f6f"')
    if len(set(tiles)) != len(tiles):
        raise TaiwanInputError('"flower_tiles" names a flower twice; there is one of each')
    if count is not None:
        if raw is None and count:
            raise TaiwanInputError(
                '"flowers" without "flower_tiles": taiwan scores which flowers were set '
                'aside, so give them, e.g. "flower_tiles": "1f6f"'
            )
        if count != len(tiles):
            raise TaiwanInputError(
                f'"flowers" is {count} but "flower_tiles" holds {len(tiles)} flowers'
            )
    return tuple(sorted(tiles))


def _situations(
    obj: Mapping[str, Any], seat: int, self_drawn: bool, melds: list[Meld], flowers: int
) -> frozenset[str]:
    raw = _get(obj, "situation", list, [])
    for s in raw:
        if s not in SITUATIONS:
            raise TaiwanInputError(
                f"unknown situation {json.dumps(s)}; use any of {', '.join(SITUATIONS)}"
            )
    sits = frozenset(raw)
    need_draw = {"kong_replacement", "flower_replacement", "heavenly", "earthly"}
    for s in sorted(sits & need_draw):
        if not self_drawn:
            raise TaiwanInputError(f'{s} is a self-drawn win: set "self_drawn": true')
    for s in sorted(sits & {"robbing_kong", "human"}):
        if self_drawn:
            raise TaiwanInputError(f"{s} is a win on another player's tile, not self-drawn")
    if "kong_replacement" in sits and not any(m.is_kong for m in melds):
        raise TaiwanInputError("kong_replacement needs a kong among the melds")
    if "flower_replacement" in sits and not flowers:
        raise TaiwanInputError('flower_replacement needs a flower set aside ("flower_tiles")')
    for s in sorted(sits & {"heavenly", "earthly", "human"}):
        if melds:
            raise TaiwanInputError(f"{s} is a win before any call: no melds")
        if (s == "heavenly") != (seat == 0):
            who = "the dealer (seat_wind 1)" if s == "heavenly" else "a non-dealer"
            raise TaiwanInputError(f"{s} is a win of {who}")
    return sits


def evaluate_taiwan(rules: Rules, obj: Mapping[str, Any]) -> dict[str, Any]:
    """One ``evaluate`` line of the ``taiwan`` preset (options applied to ``rules``)."""
    concealed = _tiles(obj.get("concealed"), "concealed")
    if any(t >= NUM_KINDS for t in concealed):
        raise TaiwanInputError(
            'flowers are set aside, never held: give them in "flower_tiles", e.g. "1f6f"'
        )
    melds = _melds(obj.get("melds"))
    seen = [0] * NUM_KINDS
    for t in concealed + [t for m in melds for t in m.tiles]:
        seen[t] += 1
    for k in range(NUM_KINDS):
        if seen[k] > 4:
            raise TaiwanInputError(
                f"{tile_name(k)} appears {seen[k]} times (concealed and melds); a set has only four"
            )
    flowers = _flowers(obj)
    seat = _wind(obj, "seat_wind")
    dealer = _get(obj, "dealer", bool, None)
    if dealer is not None and dealer != (seat == 0):
        raise TaiwanInputError('"dealer" must agree with "seat_wind": the dealer is seat 1 (East)')
    payer_dealer = _get(obj, "payer_dealer", bool, False)
    if payer_dealer and seat == 0:
        raise TaiwanInputError('"payer_dealer" is for a non-dealer\'s win; seat_wind 1 deals')
    streak = _get(obj, "dealer_streak", int, 0)
    if not 0 <= streak <= 99:
        raise TaiwanInputError(f'"dealer_streak" must be 0..99 (連N), got {streak}')
    self_drawn = _get(obj, "self_drawn", bool, False)
    ctx = WinContext(
        self_drawn=self_drawn, seat_wind=seat, round_wind=_wind(obj, "round_wind"),
        situations=_situations(obj, seat, self_drawn, melds, len(flowers)),
        wild_kinds=frozenset(), flowers=len(flowers), dealer=seat == 0,
        payer_dealer=payer_dealer, flower_tiles=flowers, dealer_streak=streak,
    )  # fmt: skip
    win_text = obj.get("win_tile")
    win = None
    if win_text is not None:
        tiles = _tiles(win_text, "win_tile")
        if len(tiles) != 1:
            raise TaiwanInputError(
                f'"win_tile" must be exactly one tile, got {json.dumps(win_text)}'
            )
        win = tiles[0]
    size = len(concealed) + 3 * len(melds)
    dealt, full = rules.hand_size, rules.tiles_to_win
    if size not in (dealt, full):
        raise TaiwanInputError(
            f"the hand has {size} tiles (concealed {len(concealed)}, each meld counts 3); give "
            f"{dealt} for shanten and waits or {full} with win_tile for a win"
        )
    if flower_win(rules, ctx):  # 八仙過海 / 七搶一: the flowers win, whatever the tiles
        flowered = flower_win_score(ctx)
        return {"win": True, "points": flowered.points, "patterns": list(flowered.patterns)}
    counts = [0] * NUM_KINDS
    for t in concealed:
        counts[t] += 1
    if size == dealt:
        return {
            "shanten": hand_shanten(rules, counts, len(melds)),
            "waits": format_tiles(waits(rules, counts, melds)),
        }
    if win is None:
        raise TaiwanInputError(f'a {full}-tile hand needs "win_tile": the winning tile, e.g. "5m"')
    if win not in concealed:
        raise TaiwanInputError(
            f"win tile {tile_name(win)} is not among the concealed tiles {format_tiles(concealed)}"
        )
    score = score_taiwan(rules, counts, melds, win, ctx)
    if score is None:
        return {"win": False}
    return {"win": True, "points": score.points, "patterns": list(score.patterns)}


def lugu_shanten(counts: list[int]) -> int:
    """Shanten of 16 concealed tiles towards 嚦咕嚦咕 (seven pairs and a pung): the tiles a
    pung of some kind and seven pairs of the others keep, the rest to draw (a kind held
    four times is two pairs). Of 17 tiles: after the best discard."""
    all_pairs = sum(c // 2 for c in counts[:NUM_KINDS])
    all_singles = sum(c % 2 for c in counts[:NUM_KINDS])
    best = 99
    for p in range(NUM_KINDS):
        cp = counts[p]
        pairs = all_pairs - cp // 2
        singles = all_singles - cp % 2 + (cp > 3)
        kept_pairs = min(pairs, 7)
        kept = min(cp, 3) + 2 * kept_pairs + min(singles, 7 - kept_pairs)
        best = min(best, 16 - kept)
    return best


def hand_shanten(rules: Rules, counts: list[int], melds: int) -> int:
    """Shanten of 16 tiles: five sets and a pair, and 嚦咕嚦咕 where it is on (no melds)."""
    n = standard_shanten(counts, 0, melds + rules.short_sets)
    if rules.seven_pairs_pung and not melds:
        n = min(n, lugu_shanten(counts))
    return n
