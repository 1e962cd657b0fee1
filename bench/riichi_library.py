"""The reference library's answer to a riichi ``evaluate`` line: the rule page's mapping of
every input to ``mahjong`` 2.1.0's ``HandCalculator`` (rule page ``riichi.md``, "Evaluate":
"Mapping to the library") and of its response back to the line's output.

Used by the differential test (``tests/engine/riichi/test_reference.py``) and the bench
(:mod:`bench.bench_riichi`); the engine never imports the library.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.riichi.notation import Tile, parse_tiles

RED_COPY = {4: 16, 13: 52, 22: 88}  # the red five's 136 index: copy 0 of its kind
# the rule page's settings
OPTIONS: dict[str, Any] = {
    "has_open_tanyao": True, "has_double_yakuman": True, "kiriage": False,
    "fu_for_open_pinfu": True, "fu_for_pinfu_tsumo": False, "renhou_as_yakuman": False,
    "has_daisharin": False, "has_daisharin_other_suits": False, "has_daichisei": False,
    "has_sashikomi_yakuman": False, "limit_to_sextuple_yakuman": True,
    "paarenchan_needs_yaku": True, "is_three_player": False,
}  # fmt: skip


class _Copies:
    """Hands out distinct 136-format copies: a red five is copy 0 of its kind; other fives
    copies 1–3 (0–3 without red fives); other kinds 0–3."""

    def __init__(self, aka: bool) -> None:
        self.aka = aka
        self.next = [0] * 34
        for k in RED_COPY:
            self.next[k] = 1 if aka else 0

    def take(self, tile: Tile) -> int:
        kind, red = tile
        if red:
            return RED_COPY[kind]
        n = self.next[kind]
        self.next[kind] += 1
        return kind * 4 + n


def library_args(line: Mapping[str, Any]) -> dict[str, Any]:
    """``HandCalculator.estimate_hand_value``'s keyword arguments for a 14-tile line."""
    from mahjong.constants import EAST
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld

    aka = (line.get("options") or {}).get("aka", 3) > 0
    copies = _Copies(aka)
    concealed = [(t, copies.take(t)) for t in parse_tiles(line["concealed"], "concealed")]
    melds = []
    tiles = [c for _, c in concealed]
    kinds = {"chow": Meld.CHI, "pung": Meld.PON, "kong": Meld.KAN, "added_kong": Meld.KAN,
             "concealed_kong": Meld.KAN}  # fmt: skip
    for m in line.get("melds") or []:
        ids = sorted(copies.take(t) for t in parse_tiles(m["tiles"], "meld"))
        melds.append(Meld(meld_type=kinds[m["type"]], tiles=ids,
                          opened=m["type"] != "concealed_kong"))
        tiles += ids
    win = parse_tiles(line["win_tile"], "win_tile")[0]
    win_id = next(c for t, c in concealed if t == win)
    dora = [copies.take(t) for t in parse_tiles(line.get("dora_indicators", ""), "dora")]
    ura = [copies.take(t) for t in parse_tiles(line.get("ura_dora_indicators", ""), "ura")]
    sits = set(line.get("situation", []))
    tsumo = bool(line.get("self_drawn"))
    double = bool(line.get("double_riichi"))
    options = OptionalRules(has_aka_dora=aka, kazoe_limit=HandConstants.KAZOE_LIMITED, **OPTIONS)
    config = HandConfig(
        is_tsumo=tsumo, is_riichi=bool(line.get("riichi")) or double,
        is_ippatsu=bool(line.get("ippatsu")), is_rinshan="kong_replacement" in sits,
        is_chankan="robbing_kong" in sits, is_haitei="last_tile" in sits and tsumo,
        is_houtei="last_tile" in sits and not tsumo, is_daburu_riichi=double,
        is_tenhou="heavenly" in sits, is_chiihou="earthly" in sits,
        player_wind=EAST + line.get("seat_wind", 1) - 1,
        round_wind=EAST + line.get("round_wind", 1) - 1,
        options=options,
    )  # fmt: skip
    return {"tiles": tiles, "win_tile": win_id, "melds": melds, "dora_indicators": dora,
            "ura_dora_indicators": ura, "config": config}  # fmt: skip


def yaku_id(name: str) -> str:
    """The library's yaku name in snake_case: ``Yakuhai (seat wind east)`` →
    ``yakuhai_seat_wind_east``."""
    return name.lower().replace("(", "").replace(")", "").replace(" ", "_")


def library_answer(line: Mapping[str, Any]) -> dict[str, Any]:
    """The library's answer to a 14-tile line, in the evaluate command's output form."""
    from mahjong.hand_calculating.hand import HandCalculator

    return answer_of(HandCalculator.estimate_hand_value(**library_args(line)), line)


def answer_of(response: Any, line: Mapping[str, Any]) -> dict[str, Any]:
    """A ``HandResponse`` in the evaluate command's output form (an error other than "not a
    winning hand" or "no yaku" stays an error)."""
    if response.error:
        if response.error in ("hand_not_winning", "no_yaku"):
            return {"win": False}
        return {"error": response.error}
    is_open = response.is_open_hand
    ordered = sorted(response.yaku, key=lambda y: y.yaku_id)
    yaku = {
        yaku_id(y.name): (y.han_open if is_open and y.han_open else y.han_closed) for y in ordered
    }
    cost = response.cost
    main, additional = cost["main"], cost["additional"]
    if not line.get("self_drawn"):
        payments = {"discarder": main}
    elif line.get("seat_wind", 1) == 1:
        payments = {"non_dealer": additional}
    else:
        payments = {"dealer": main, "non_dealer": additional}
    return {
        "win": True, "points": main + 2 * additional, "han": response.han, "fu": response.fu,
        "patterns": list(yaku), "yaku": yaku, "payments": payments,
    }  # fmt: skip
