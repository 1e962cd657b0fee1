"""python -m engine evaluate < hands.jsonl

Hand analysis over JSON Lines: one JSON object per input line on standard input, one JSON
line out per input line, in order, flushed each time. Its input and output are a stable
interface that other tools and test suites rely on.

Input fields:
  rules        preset id: heyuan-zheng, heyuan-jihu, guangdong, shanghai, beijing, quzhou, …,
               riichi
  options      optional object: the preset's options by name (see docs/rules/); on sichuan
               "players" (2-7) sets the hand size (5: 10 tiles, 6: 7, 7: 4) and
               "hand_size" (4, 7, 10, 13, 16) reads hands of that size: a win has one more
  concealed    the concealed tiles in notation, wildcards included (14 tiles: with the win)
  melds        optional list of {"type": "pung"|"kong"|"concealed_kong"|"chow", "tiles": "555p"}
  win_tile     one tile; required when the hand has 14 tiles (a kong counts 3)
  self_drawn   true or false (default false)
  seat_wind, round_wind   1..4 for E S W N (default 1)
  situation    optional list: kong_replacement, flower_replacement, last_tile, last_of_kind,
               robbing_kong, heavenly, earthly, human; lizhi (options.lizhi: the winner
               declared 立直)
  own_discards the winner's earlier discards this hand, in notation (discard_furiten:
               no win on another player's tile of such a kind; jiangnan has it on)
  indicator    one tile: the turned indicator (shanghai, beijing, quzhou; yangzhou with
               options.laizi; fujian and philippine: the tile turned at the tail, out of play)
  dora_indicator  one tile: the turned 宝牌 indicator (options.dora); each natural tile of
               the next kind in the hand adds a fan ("dora", once per tile)
  flowers      bonus tiles set aside before the win (default 0)
  void_suit, dealer, payer_dealer   where the preset uses them
  laizi_kongs  yangzhou with options.laizi: the 红中 and 赖子 konged out, in notation ("7z")

riichi adds: riichi, double_riichi, ippatsu (true/false), dora_indicators and
ura_dora_indicators (notation), red fives written 0m 0p 0s, options.aka (3 or 0).

Output: a 13-tile hand gives {"shanten": N, "waits": "…"}; a 14-tile hand gives
{"win": false} or {"win": true, "points": P, "patterns": [ids…]} (plus "fan" where the
game counts fan; hundred's P is its point table's value, with no fan: in guobiao the points are the fan total, given as "fan" too; riichi gives "han", "fu", "yaku" and "payments", and P is what the winner
receives before honba and riichi sticks). Any bad line gives {"error": "…"} saying what to
fix; the command never stops at a bad line. Unknown fields are ignored.

Example:
  echo '{"rules":"heyuan-zheng","concealed":"111222333444m5m1f","win_tile":"5m","self_drawn":true}' \\
    | python -m engine evaluate
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Iterable
from typing import IO, Any

from engine import jokers
from engine.family import EvaluateInputError, family_of
from engine.melds import Meld, MeldKind
from engine.rules import Rules, RulesError, get_rules
from engine.scoring import WinContext, can_win, score_win
from engine.tiles import NUM_KINDS, RED, NotationError, format_tiles, parse, tile_name

INPUT_SITUATIONS = (
    "kong_replacement", "flower_replacement", "last_tile", "last_of_kind", "robbing_kong",
    "heavenly", "earthly", "human", "multi_win3", "lizhi",
)  # fmt: skip


class InputError(ValueError):
    """A line the command cannot evaluate; the message says what to fix."""


def _field(obj: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any = None) -> Any:
    value = obj.get(name, default)
    if value is default:
        return value
    # bool is an int in Python; keep "true" out of the wind fields and 1 out of self_drawn
    if isinstance(value, bool) != (kind is bool) or not isinstance(value, kind):
        names = {str: "a string", bool: "true or false", int: "a number", list: "a list", dict: "an object"}
        want = names.get(kind, str(kind)) if isinstance(kind, type) else "of another type"
        raise InputError(f"{name!r} must be {want}, got {json.dumps(value)}")
    return value


def _wind(obj: dict[str, Any], name: str) -> int:
    value = _field(obj, name, int, 1)
    if not 1 <= value <= 4:
        raise InputError(f"{name!r} must be 1..4 (E S W N), got {value}")
    return int(value) - 1


def _melds(raw: Any, rules: Rules) -> list[Meld]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise InputError('"melds" must be a list like [{"type": "pung", "tiles": "555p"}]')
    melds = []
    for i, m in enumerate(raw, 1):
        try:
            meld = Meld.from_json(m)
        except NotationError as exc:
            raise InputError(f"meld {i}: {exc}") from None
        if meld.kind is MeldKind.CHOW and not rules.chow:
            raise InputError(f"meld {i}: {rules.id} has no chow calls, so a chow meld cannot exist")
        melds.append(meld)
    return melds


def _check_tiles(
    rules: Rules, concealed: list[int], melds: list[Meld], wild: frozenset[int]
) -> None:
    bonus = rules.bonus_kinds
    for t in concealed:
        if t in bonus and t < NUM_KINDS:
            raise InputError(
                f"{tile_name(t)} is a bonus tile in {rules.id} (dragons count as flowers): it "
                'is set aside when drawn; give how many the winner set aside in "flowers"'
            )
    for i, m in enumerate(melds, 1):
        if any(t in bonus for t in m.tiles):
            raise InputError(f"meld {i}: {m.notation()} holds bonus tiles, which are never melded")
        if any(t in wild for t in m.tiles) and not rules.joker_calls:
            raise InputError(
                f"meld {i}: {m.notation()} holds the joker kind; in {rules.id} a joker is never "
                "in a pong, kong or chow"
            )
    seen = [0] * 42
    for t in concealed:
        seen[t] += 1
    for m in melds:
        for t in m.tiles:
            seen[t] += 1
    for k in range(NUM_KINDS):
        if seen[k] > 4:
            raise InputError(
                f"{tile_name(k)} appears {seen[k]} times (concealed and melds); a set has only four"
            )
        if seen[k] and k >= 27 and not rules.honours:
            raise InputError(f"{tile_name(k)} is an honour, but this game is played without honours")
        if seen[k] and k < 9 and not rules.characters:
            raise InputError(f"{tile_name(k)} is a 万 (characters) tile, but {rules.id} is played "
                             "without them (筒, 条 and honours only)")
    for k in range(NUM_KINDS, 42):
        if not seen[k]:
            continue
        if seen[k] > 1:
            raise InputError(f"{tile_name(k)} appears {seen[k]} times; there is only one of each flower")
        if k not in wild:
            if rules.wildcards:
                raise InputError(
                    f"{tile_name(k)} is not in play: this game uses {rules.wildcards} wildcards "
                    f"(1f–{rules.wildcards}f)"
                )
            raise InputError(
                f"{tile_name(k)} is a flower; {rules.id} has no wildcards, so leave flowers out "
                "of the hand"
            )


def _laizi_kongs(obj: dict[str, Any], rules: Rules, wild: frozenset[int],
                 concealed: list[int]) -> int:
    """How many 红中 and 赖子 the winner konged out (``laizi_kongs``, in notation: Yangzhou
    with ``laizi``), checked against the copies the hand and the indicator leave."""
    raw = _field(obj, "laizi_kongs", str)
    if raw is None:
        return 0
    if not rules.laizi:
        raise InputError('"laizi_kongs" needs the laizi option (红中赖子): {"options": {"laizi": true}}')
    try:
        tiles = parse(raw)
    except NotationError as exc:
        raise InputError(f'"laizi_kongs": {exc}') from None
    for t in tiles:
        if t != RED and t not in wild:
            raise InputError(f'"laizi_kongs": {tile_name(t)} is neither 红中 (7z) nor the 赖子 '
                             f"({format_tiles(sorted(wild))})")
        if tiles.count(t) + concealed.count(t) > 4:
            raise InputError(f'"laizi_kongs": more {tile_name(t)} than a set has')
    return len(tiles)


def _void_suit(obj: dict[str, Any]) -> int | None:
    """The suit declared void (定缺): "m", "p" or "s", or None when not given."""
    raw = _field(obj, "void_suit", str)
    if raw is None:
        return None
    if raw not in ("m", "p", "s"):
        raise InputError(f'"void_suit" must be "m", "p" or "s", got {json.dumps(raw)}')
    return "mps".index(raw)


def evaluate(obj: Any) -> dict[str, Any]:
    """One input object → one output object (raises InputError / RulesError / NotationError)."""
    if not isinstance(obj, dict):
        raise InputError("each line must be a JSON object, e.g. {\"rules\": \"heyuan-zheng\", ...}")
    preset = obj.get("rules")
    if not isinstance(preset, str):
        raise InputError('"rules" is required: a preset id such as "heyuan-zheng"')
    options = _field(obj, "options", dict)
    rules = get_rules(preset, options, scoring=True)
    own = family_of(rules).evaluate_line(rules, obj)
    if own is not None:  # a game whose lines carry fields of their own (riichi)
        return own
    text = obj.get("concealed")
    if not isinstance(text, str):
        raise InputError('"concealed" is required: the concealed tiles in notation, e.g. "123m456p11z1f"')
    concealed = parse(text)
    melds = _melds(obj.get("melds"), rules)
    wild = _wild_kinds(obj, rules)
    _check_tiles(rules, concealed, melds, wild)
    _check_turned(obj, rules, concealed, melds)
    size = len(concealed) + 3 * len(melds)
    self_drawn = _field(obj, "self_drawn", bool, False)
    situations_raw = _field(obj, "situation", list, [])
    for s in situations_raw:
        if s not in INPUT_SITUATIONS:
            raise InputError(f"unknown situation {json.dumps(s)}; use any of {', '.join(INPUT_SITUATIONS)}")
    if "lizhi" in situations_raw:
        if not rules.lizhi:
            raise InputError('situation "lizhi" is read with the option lizhi (立直) only: '
                             '{"options": {"lizhi": 1}}')
        if any(not m.kind.is_concealed for m in melds):
            raise InputError('situation "lizhi": 立直 is declared with no exposed meld '
                             "(a concealed kong only)")
    flowers = _field(obj, "flowers", int, 0)
    if not 0 <= flowers <= 20:
        raise InputError(f'"flowers" must be 0..20 (bonus tiles set aside), got {flowers}')
    flowers += _laizi_kongs(obj, rules, wild, concealed)
    if rules.laizi:  # the turned tile is one copy out of play
        turned = parse(obj["indicator"])[0]
        held = concealed.count(turned) + sum(m.tiles.count(turned) for m in melds)
        if held > 3:
            raise InputError(f"{tile_name(turned)} appears {held} times, but the turned "
                             "indicator is one of its four")
    ctx = WinContext(
        self_drawn=self_drawn,
        seat_wind=_wind(obj, "seat_wind"),
        round_wind=_wind(obj, "round_wind"),
        situations=frozenset(situations_raw),
        wild_kinds=wild,
        flowers=flowers,
        dealer=_field(obj, "dealer", bool, False),
        payer_dealer=_field(obj, "payer_dealer", bool, False),
        void_suit=_void_suit(obj),
        dora_kind=_dora_kind(obj, rules, concealed, melds),
    )
    barred = _own_discards(obj, rules)
    win_text = obj.get("win_tile")
    win_tiles: list[int] = []
    if win_text is not None:  # checked even where it is not needed: a typo is still a typo
        if not isinstance(win_text, str):
            raise InputError(f'"win_tile" must be one tile in notation such as "5m", got '
                             f"{json.dumps(win_text)}")
        try:
            win_tiles = parse(win_text)
        except NotationError as exc:
            raise InputError(f'"win_tile": {exc}') from None
        if len(win_tiles) != 1:
            raise InputError(f'"win_tile" must be exactly one tile, got {json.dumps(win_text)}')
    dealt, full = rules.hand_size, rules.tiles_to_win  # 13 and 14 unless options.players says
    if size == dealt:
        return _analyse13(rules, concealed, melds, ctx)
    if size != full:
        sized = "" if dealt == 13 else f" ({rules.id} with {rules.players} players)"
        raise InputError(
            f"the hand has {size} tiles (concealed {len(concealed)}, each meld counts 3); "
            f"give {dealt} for shanten and waits or {full} with win_tile for a win{sized}"
        )
    if not win_tiles:
        raise InputError(
            f'a {full}-tile hand needs "win_tile": the winning tile, e.g. "5m"'
        )
    win = win_tiles[0]
    if win not in concealed:
        raise InputError(f"win tile {tile_name(win)} is not among the concealed tiles {format_tiles(concealed)}")
    if not self_drawn and win in barred:
        return {"win": False}  # 排列出牌: a kind the winner discarded earlier
    score = score_win(rules, concealed, melds, win, ctx)
    if score is None:
        return {"win": False}
    out: dict[str, Any] = {"win": True, "points": score.points, "patterns": list(score.patterns)}
    if rules.imagined and score.reading is not None and score.reading.wild_as:
        # what the 心皇 was read as (江南: the hand's only joker)
        out["imagined"] = tile_name(score.reading.wild_as[-1])
    family = family_of(rules)
    if family.evaluate_fan and score.fan is not None:
        out["fan"] = score.fan
    elif family.points_are_fan:  # the points are the fan total (Guobiao)
        out["fan"] = score.points
    return out


def _wild_kinds(obj: dict[str, Any], rules: Rules) -> frozenset[int]:
    """The hand's joker kinds: the preset's own, or the kind after ``indicator``."""
    raw = _field(obj, "indicator", str)
    indicator = None
    if raw is not None:
        tiles = parse(raw)
        if len(tiles) != 1:
            raise InputError(f'"indicator" must be exactly one tile, got {json.dumps(raw)}')
        indicator = tiles[0]
    try:
        return jokers.wild_kinds(rules, indicator)
    except jokers.JokerError as exc:
        raise InputError(f'{exc} with "indicator", e.g. "4p"') from None


def _dora_kind(obj: dict[str, Any], rules: Rules, concealed: list[int],
               melds: list[Meld]) -> int | None:
    """``dora_indicator`` (option dora): the 宝牌 kind it points at, None without it."""
    raw = _field(obj, "dora_indicator", str)
    if raw is None:
        return None
    if not rules.dora:
        raise InputError('"dora_indicator" is read with the option dora (宝牌) only: '
                         '{"options": {"dora": true}}')
    try:
        tiles = parse(raw)
    except NotationError as exc:
        raise InputError(f'"dora_indicator": {exc}') from None
    if len(tiles) != 1 or tiles[0] >= NUM_KINDS:
        raise InputError(f'"dora_indicator" must be one tile (not a flower), got {json.dumps(raw)}')
    turned = tiles[0]
    held = concealed.count(turned) + sum(m.tiles.count(turned) for m in melds)
    if held > 3:
        raise InputError(f"{tile_name(turned)} appears {held} times, but the dora indicator "
                         "is one of its four")
    return jokers.dora_kind(turned)


def _own_discards(obj: dict[str, Any], rules: Rules) -> frozenset[int]:
    """``own_discards``: the winner's earlier discards this hand (option discard_furiten)."""
    raw = _field(obj, "own_discards", str)
    if raw is None:
        return frozenset()
    if not rules.discard_furiten:
        raise InputError('"own_discards" is read with the option discard_furiten (排列出牌) only')
    try:
        return frozenset(parse(raw))
    except NotationError as exc:
        raise InputError(f'"own_discards": {exc}') from None


def _check_turned(obj: dict[str, Any], rules: Rules, concealed: list[int], melds: list[Meld]) -> None:
    """The turned tile of a Fujian or Philippine hand is out of play: three of its kind left."""
    if rules.joker_rule not in ("turned", "window"):
        return
    turned = parse(str(obj["indicator"]))[0]
    n = concealed.count(turned) + sum(m.tiles.count(turned) for m in melds)
    if n > 3:
        raise InputError(f"{tile_name(turned)} appears {n} times, but the turned tile is out of "
                         "play: three of its kind are left")


def _analyse13(rules: Rules, concealed: list[int], melds: list[Meld], ctx: WinContext) -> dict[str, Any]:
    from engine.analysis import shanten  # shape analysis lives with the analysis package

    wild_kinds = ctx.wild_kinds or frozenset()
    split = jokers.split_tiles(concealed, wild_kinds, jokers.stand_in(rules, wild_kinds))
    if split is None:  # _check_tiles has refused any flower that is not a joker
        raise InputError("a flower that is not a joker cannot be part of the hand")
    counts, wild = split
    wild += rules.imagined  # 江南's 心皇
    held = [0] * NUM_KINDS  # the copies of each face in sight of the hand
    for t in concealed:
        if t < NUM_KINDS:
            held[t] += 1
    for m in melds:
        for t in m.tiles:
            held[t] += 1
    plain = not melds and rules.plain_size  # seven pairs, orphans: 13 tiles, no meld
    forms = {"seven_pairs": rules.seven_pairs and plain, "thirteen_orphans": plain}
    n = shanten(counts, wild, len(melds) + rules.short_sets, **forms)
    # every kind is tried (can_win checks the shape first, which is cheap, then the rules), so
    # the waits stand on the scoring alone; with four wildcards (四保胡) any draw may win
    candidates = range(NUM_KINDS)
    drawn = dataclasses.replace(ctx, self_drawn=True, wild_kinds=wild_kinds)
    found = []
    for k in candidates:
        if held[k] >= 4 or k in rules.absent_kinds or k in wild_kinds:
            continue
        if k in rules.bonus_kinds:
            continue  # a bonus tile is set aside when drawn: it never completes a hand
        if can_win(rules, [*concealed, k], melds, k, drawn):
            found.append(k)
    return {"shanten": n, "waits": format_tiles(found)}


def _answer(line: str) -> dict[str, Any]:
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"not valid JSON: {exc}"}
    except RecursionError:
        return {"error": "not valid JSON here: nested too deeply"}
    except ValueError as exc:  # an integer of more digits than Python converts
        return {"error": f"a number in this line is too long ({str(exc).split(';')[0]})"}
    try:
        return evaluate(obj)
    except (InputError, RulesError, NotationError, EvaluateInputError) as exc:
        return {"error": str(exc)}
    except Exception as exc:  # never stop at a line: say what failed and go on
        return {"error": f"internal error evaluating this line ({type(exc).__name__}: {_short(exc)})"}


def _short(exc: BaseException, limit: int = 300) -> str:
    try:
        text = " ".join(str(exc).split())
    except Exception:  # a message that cannot be built (e.g. a huge number in it)
        return "no description"
    return text if len(text) <= limit else text[:limit] + "…"


def run(lines: Iterable[str | bytes], out: IO[str]) -> int:
    """Answer each line; bytes are read as UTF-8 (a bad byte becomes an error, not a crash)."""
    for raw in lines:
        line = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
        if not line.strip():
            # a blank line still gets its answer: one line out per line in
            out.write(json.dumps({"error": "empty line: expected a JSON object"}) + "\n")
        else:
            try:
                answer = json.dumps(_answer(line))
            except (ValueError, RecursionError) as exc:  # an answer that cannot be written
                answer = json.dumps({"error": f"cannot answer this line ({type(exc).__name__})"})
            out.write(answer + "\n")
        out.flush()
    return 0


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv:
        print(f"evaluate takes no arguments (got {' '.join(argv)}); it reads JSON Lines on stdin",
              file=sys.stderr)
        return 2
    return run(sys.stdin.buffer, sys.stdout)
