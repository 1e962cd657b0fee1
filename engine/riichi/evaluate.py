"""``python -m engine evaluate`` for the ``riichi`` preset: one input object to one output
object (rule page ``riichi.md``, "Evaluate"; the contract's fields plus ``riichi``,
``double_riichi``, ``ippatsu``, ``dora_indicators``, ``ura_dora_indicators`` and red fives).

A line that describes something that cannot happen at a riichi table is refused with a
reason (:class:`RiichiInputError`), never scored: the reference library would score a
rinshan win without a kong or a tenhou with riichi; this command says what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from engine.family import EvaluateInputError
from engine.melds import Meld, MeldKind
from engine.riichi.divide import complete
from engine.riichi.hand import (
    EARTHLY,
    HEAVENLY,
    KONG_REPLACEMENT,
    LAST_TILE,
    ROBBING_KONG,
    RiichiWin,
)
from engine.riichi.notation import Tile, parse_tiles, tile_text
from engine.riichi.score import score_riichi
from engine.rules import Rules
from engine.tiles import NotationError, format_tiles, tile_name

SITUATIONS: Final = (KONG_REPLACEMENT, ROBBING_KONG, LAST_TILE, HEAVENLY, EARTHLY, "last_of_kind")
# situations of the contract that riichi does not have
NOT_IN_RIICHI: Final = {
    "human": "riichi has no renhou (human): a non-dealer's win before the first draw is an "
             "ordinary win",
    "flower_replacement": "riichi is played without flowers, so no win on a flower's "
                          "replacement",
    "multi_win3": "riichi has no 一炮三响 pattern (three rons on one discard abort the hand)",
}  # fmt: skip
MELD_TYPES: Final = {
    "chow": MeldKind.CHOW,
    "pung": MeldKind.PUNG,
    "kong": MeldKind.KONG,
    "added_kong": MeldKind.KONG,  # the same as an open kong for scoring
    "concealed_kong": MeldKind.CONCEALED_KONG,
}
MAX_DORA_INDICATORS: Final = 5


class RiichiInputError(EvaluateInputError):
    """A riichi evaluate line that cannot be scored; the message says what to fix."""


def _flag(obj: Mapping[str, Any], name: str) -> bool:
    value = obj.get(name, False)
    if not isinstance(value, bool):
        raise RiichiInputError(f"{name!r} must be true or false, got {json.dumps(value)}")
    return value


def _wind(obj: Mapping[str, Any], name: str) -> int:
    value = obj.get(name, 1)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 4:
        raise RiichiInputError(f"{name!r} must be 1..4 (E S W N), got {json.dumps(value)}")
    return value - 1


def _tiles(obj: Mapping[str, Any], name: str, default: str | None = None) -> list[Tile]:
    raw = obj.get(name, default)
    try:
        return parse_tiles(raw, repr(name))
    except NotationError as exc:
        raise RiichiInputError(str(exc)) from None


def _melds(raw: Any) -> list[tuple[Meld, list[Tile]]]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise RiichiInputError('"melds" must be a list like [{"type": "pung", "tiles": "555p"}]')
    if len(raw) > 4:
        raise RiichiInputError(f"a hand has at most four melds, got {len(raw)}")
    out = []
    for i, m in enumerate(raw, 1):
        if not isinstance(m, dict):
            raise RiichiInputError(f'meld {i} must be an object like {{"type": "pung", "tiles": "555p"}}')
        name = m.get("type")
        kind = MELD_TYPES.get(name) if isinstance(name, str) else None
        if kind is None:
            raise RiichiInputError(
                f"meld {i}: type {json.dumps(m.get('type'))} is not one of "
                f"{', '.join(MELD_TYPES)}"
            )
        try:
            tiles = parse_tiles(m.get("tiles"), f"meld {i}")
        except NotationError as exc:
            raise RiichiInputError(str(exc)) from None
        try:
            meld = Meld(kind, tuple(sorted(k for k, _ in tiles)))
        except NotationError as exc:
            raise RiichiInputError(f"meld {i}: {exc}") from None
        out.append((meld, tiles))
    return out


def _check_counts(aka: int, groups: dict[str, list[Tile]]) -> None:
    """No fifth copy; with red fives one per suit at most and at most three plain fives of a
    suit (the fourth is the red one); none with ``aka`` 0."""
    seen = [0] * 34
    reds = [0, 0, 0]
    for tiles in groups.values():
        for kind, red in tiles:
            seen[kind] += 1
            if red:
                reds[kind // 9] += 1
    for k, n in enumerate(seen):
        if n > 4:
            raise RiichiInputError(
                f"{tile_name(k)} appears {n} times (hand, melds and indicators); a set has "
                "only four"
            )
    for suit, n in enumerate(reds):
        if aka and seen[4 + 9 * suit] - n > 3:
            raise RiichiInputError(
                f"{seen[4 + 9 * suit] - n} plain 5{'mps'[suit]} but this table plays with red "
                f"fives (\"aka\": 3): one of the four is red, write it 0{'mps'[suit]}"
            )
        if n and not aka:
            raise RiichiInputError(
                f"0{'mps'[suit]} is a red five, but this table plays without them "
                '("aka": 0); write 5' + "mps"[suit]
            )
        if n > 1:
            raise RiichiInputError(
                f"0{'mps'[suit]} appears {n} times; there is one red five of each suit"
            )


def _check_flags(
    melds: list[Meld], seat: int, self_drawn: bool, riichi: bool, ippatsu: bool, sits: set[str]
) -> None:
    """What the reference library refuses, and what cannot happen at the table."""
    if riichi and any(not m.kind.is_concealed for m in melds):
        raise RiichiInputError("riichi needs a closed hand; this one has an open meld")
    if ippatsu and not riichi:
        raise RiichiInputError('"ippatsu" needs "riichi" (or "double_riichi")')
    if ROBBING_KONG in sits and self_drawn:
        raise RiichiInputError("robbing_kong (chankan) is a win on another player's tile, "
                               "not self-drawn")
    if KONG_REPLACEMENT in sits:
        if not self_drawn:
            raise RiichiInputError("kong_replacement (rinshan kaihou) is a self-drawn win")
        if not any(m.is_kong for m in melds):
            raise RiichiInputError("kong_replacement (rinshan kaihou) needs a kong among the melds")
    if LAST_TILE in sits and sits & {KONG_REPLACEMENT, ROBBING_KONG}:
        raise RiichiInputError("last_tile cannot go with kong_replacement or robbing_kong")
    for name, dealer in ((HEAVENLY, True), (EARTHLY, False)):
        if name not in sits:
            continue
        who = "the dealer (seat_wind 1)" if dealer else "a non-dealer (seat_wind 2-4)"
        if (seat == 0) != dealer:
            raise RiichiInputError(f"{name} is a win of {who}")
        if not self_drawn:
            raise RiichiInputError(f"{name} is a self-drawn win")
        if melds:
            raise RiichiInputError(f"{name} is a win before any call or kong; remove the melds")
        if riichi or ippatsu:
            raise RiichiInputError(f"{name} comes before any discard, so without riichi or ippatsu")
        if sits - {name, "last_of_kind"}:
            raise RiichiInputError(f"{name} cannot go with {', '.join(sorted(sits - {name}))}")


def _other_fields(obj: Mapping[str, Any], seat: int) -> None:
    """The contract's fields of other games: refused where they would mislead."""
    if obj.get("indicator") is not None:
        raise RiichiInputError('riichi has no joker indicator; give "dora_indicators" '
                               '(and "ura_dora_indicators") instead')
    flowers = obj.get("flowers", 0)
    if flowers != 0:
        raise RiichiInputError(f'riichi is played without flowers ("flowers" {json.dumps(flowers)})')
    if obj.get("void_suit") is not None:
        raise RiichiInputError('riichi has no void suit ("void_suit" is Sichuan\'s)')
    dealer = obj.get("dealer")
    if dealer is not None:
        if not isinstance(dealer, bool):
            raise RiichiInputError(f'"dealer" must be true or false, got {json.dumps(dealer)}')
        if dealer != (seat == 0):
            raise RiichiInputError(
                f'"dealer" {json.dumps(dealer)} disagrees with "seat_wind" {seat + 1}: in riichi '
                "the East seat (1) is the dealer"
            )
    if obj.get("payer_dealer") is not None and not isinstance(obj.get("payer_dealer"), bool):
        raise RiichiInputError('"payer_dealer" must be true or false')


def evaluate_riichi(rules: Rules, obj: Mapping[str, Any]) -> dict[str, Any]:
    """One evaluate line of the riichi preset (``rules`` with its options applied)."""
    got = read_line(rules, obj)
    if isinstance(got, tuple):
        return _ready(*got)
    score = score_riichi(got)
    if score is None:
        return {"win": False}
    return {
        "win": True, "points": score.points, "han": score.han, "fu": score.fu,
        "patterns": list(score.patterns), "yaku": dict(score.yaku), "payments": score.payments(),
    }  # fmt: skip


def read_line(rules: Rules, obj: Mapping[str, Any]) -> RiichiWin | tuple[list[int], list[Meld]]:
    """A checked evaluate line: the win a 14-tile line describes, or a 13-tile line's
    concealed kinds and melds (RiichiInputError says what is wrong with a bad line)."""
    if not isinstance(obj.get("concealed"), str):
        raise RiichiInputError('"concealed" is required: the concealed tiles in notation, '
                               'e.g. "234m406p11z" (0 is a red five)')
    concealed = _tiles(obj, "concealed")
    pairs = _melds(obj.get("melds"))
    melds = [m for m, _ in pairs]
    dora = _tiles(obj, "dora_indicators", "")
    ura = _tiles(obj, "ura_dora_indicators", "")
    if len(dora) > MAX_DORA_INDICATORS:
        raise RiichiInputError(f"at most {MAX_DORA_INDICATORS} dora indicators (the first and "
                               f"four kan dora), got {len(dora)}")
    if len(ura) > len(dora):
        raise RiichiInputError(f"{len(ura)} ura-dora indicators but {len(dora)} dora "
                               "indicators: each ura-dora lies under one")
    _check_counts(rules.aka, {
        "concealed": concealed, "melds": [t for _, ts in pairs for t in ts],
        "dora_indicators": dora, "ura_dora_indicators": ura,
    })  # fmt: skip
    self_drawn = _flag(obj, "self_drawn")
    seat = _wind(obj, "seat_wind")
    round_wind = _wind(obj, "round_wind")
    riichi = _flag(obj, "riichi")
    double = _flag(obj, "double_riichi")
    ippatsu = _flag(obj, "ippatsu")
    sits_raw = obj.get("situation", [])
    if not isinstance(sits_raw, list):
        raise RiichiInputError(f'"situation" must be a list, got {json.dumps(sits_raw)}')
    for s in sits_raw:
        if not isinstance(s, str):
            raise RiichiInputError(f"a situation is a name such as \"last_tile\", got {json.dumps(s)}")
        if s in NOT_IN_RIICHI:
            raise RiichiInputError(NOT_IN_RIICHI[s])
        if s not in SITUATIONS:
            raise RiichiInputError(f"unknown situation {json.dumps(s)}; use any of {', '.join(SITUATIONS)}")
    sits = set(sits_raw)
    _check_flags(melds, seat, self_drawn, riichi or double, ippatsu, sits)
    _other_fields(obj, seat)
    win: Tile | None = None
    if obj.get("win_tile") is not None:  # checked even where it is not needed
        got = _tiles(obj, "win_tile")
        if len(got) != 1:
            raise RiichiInputError(f'"win_tile" must be exactly one tile, got {json.dumps(obj["win_tile"])}')
        win = got[0]
    size = len(concealed) + 3 * len(melds)
    kinds = [k for k, _ in concealed]
    if size == 13:
        return kinds, melds
    if size != 14:
        raise RiichiInputError(
            f"the hand has {size} tiles (concealed {len(concealed)}, each meld counts 3); "
            "give 13 for shanten and waits or 14 with win_tile for a win"
        )
    if win is None:
        raise RiichiInputError('a 14-tile hand needs "win_tile": the winning tile, e.g. "5m" or "0p"')
    if win not in concealed:
        raise RiichiInputError(
            f"win tile {tile_text(win)} is not among the concealed tiles "
            f"{''.join(tile_text(t) for t in concealed)}"
        )
    reds = sum(1 for _, red in concealed if red) + sum(1 for _, ts in pairs for _, red in ts if red)
    return RiichiWin(
        concealed=tuple(kinds), melds=tuple(melds), win_tile=win[0], reds=reds,
        self_drawn=self_drawn, seat_wind=seat, round_wind=round_wind, riichi=riichi or double,
        double_riichi=double, ippatsu=ippatsu, situations=frozenset(sits),
        dora_indicators=tuple(k for k, _ in dora), ura_indicators=tuple(k for k, _ in ura),
        aka=rules.aka > 0,
    )  # fmt: skip


def _ready(kinds: list[int], melds: list[Meld]) -> dict[str, Any]:
    """A 13-tile hand: shanten by shape and the kinds that complete a shape (riichi's tenpai:
    yaku or not), leaving out kinds held four times."""
    from engine.analysis import shanten_standard

    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    held = counts[:]
    for m in melds:
        for t in m.tiles:
            held[t] += 1
    n = shanten_standard(counts, 0, len(melds))
    if not melds:
        pairs = sum(1 for c in counts if c >= 2)
        distinct = sum(1 for c in counts if c)
        n = min(n, 6 - pairs + max(0, 7 - distinct))
        orphan_kinds = [counts[k] for k in (0, 8, 9, 17, 18, 26, *range(27, 34))]
        n = min(n, 13 - sum(1 for c in orphan_kinds if c) - (1 if any(c >= 2 for c in orphan_kinds) else 0))
    waits = []
    for k in range(34):
        if held[k] >= 4:
            continue
        counts[k] += 1
        if complete(counts, len(melds)):
            waits.append(k)
        counts[k] -= 1
    return {"shanten": n, "waits": format_tiles(waits)}

