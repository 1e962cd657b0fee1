"""``python -m engine analyze HAND [--rules PRESET] [--melds M] [--indicator T] [--win T] [--json]``:
hand advice in the terminal.

Prints the hand's shanten; for 13 tiles the tiles that improve it (with how many are still
unseen) and its waits when ready; for 14 tiles one line per discard, best first, with the
shanten after it, the improving tiles and the waits; for a complete hand, its value as
``evaluate`` scores it (self-drawn on ``--win``, default the last tile written), its
patterns named as the rules sheet names them, in the terminal's language (or ``--lang``).
A tile the game does not have (an honour in Sichuan or Changsha) is refused.

    python -m engine analyze 123m456p789s1z2z3z4z1f --rules heyuan-zheng
    python -m engine analyze "1112345678999m5m" --rules guangdong
    python -m engine analyze 234m567p11z --melds "pung 555s,chow 123s" --rules guangdong
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from engine.advice import Advice, AdviceError, advise
from engine.cli.helptext import plain_help
from engine.family import family_of
from engine.melds import Meld, MeldKind
from engine.rules import PRESETS, RulesError, get_rules
from engine.tiles import NotationError, parse, parse_one, tile_name


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line and exit 2, not a usage dump
        print(f"analyze: {message} (try: python -m engine analyze --help)", file=sys.stderr)
        raise SystemExit(2)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="python -m engine analyze",
        description=plain_help(__doc__),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("hand", help="the concealed tiles in notation, e.g. 123m456p789s11z2z1f")
    p.add_argument("--rules", default="heyuan-zheng", help=f"preset ({', '.join(PRESETS)})")
    p.add_argument("--melds", default="", help='exposed melds, e.g. "pung 555p,chow 123s"')
    p.add_argument("--indicator", default=None, help="the indicator tile, where a joker needs one")
    p.add_argument("--win", default=None, help="the winning tile of a complete 14-tile hand")
    p.add_argument("--options", default=None,
                   help='rule options as a JSON object, e.g. \'{"players": 5}\' (10-tile hands)')
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")
    p.add_argument("--lang", default=None, choices=("en", "zh-CN", "zh-TW", "zh-Hans", "zh-Hant"),
                   help="the language of pattern names (default: from LANG)")
    return p


def reader_locale(lang: str | None) -> str:
    """--lang, else the terminal's language (LC_ALL, LC_MESSAGES, LANG): en, zh-Hans, zh-Hant."""
    import os

    from i18n import normalize_locale

    raw = lang or os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG")
    return normalize_locale((raw or "en").split(".")[0])


def pattern_names(ids: tuple[str, ...] | list[str], family: str, locale: str) -> list[str]:
    """The patterns' names as the rules sheet has them, in ``locale``."""
    from i18n.patterns import pattern_name

    return [pattern_name(pid, locale, family) for pid in ids]


def parse_melds(text: str) -> list[Meld]:
    """``"pung 555p, chow 123s"`` → melds; NotationError says what is wrong."""
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        bits = part.split()
        if len(bits) != 2:
            raise NotationError(f"a meld is a kind and its tiles, e.g. 'pung 555p' (got {part!r})")
        try:
            kind = MeldKind(bits[0])
        except ValueError:
            raise NotationError(
                f"{bits[0]!r} is not a meld kind: chow, pung, kong, concealed_kong, added_kong"
            ) from None
        out.append(Meld(kind, tuple(sorted(parse(bits[1])))))
    return out


def _tiles(pairs: tuple[tuple[int, int], ...]) -> str:
    return " ".join(f"{tile_name(k)}×{n}" for k, n in pairs) or "-"


def to_json(a: Advice) -> dict[str, Any]:
    out: dict[str, Any] = {"tiles": a.size, "shanten": a.shanten, "jokers": a.jokers}
    if a.waiting:
        out["improving"] = {tile_name(k): n for k, n in a.improving}
        out["waits"] = {tile_name(k): n for k, n in a.waits}
    else:
        out["discards"] = [
            {
                "discard": tile_name(o.tile),
                "shanten": o.shanten,
                "improving": {tile_name(k): n for k, n in o.improving},
                "unseen": o.unseen,
                "waits": {tile_name(k): n for k, n in o.waits},
            }
            for o in a.options
        ]
        if a.shanten < 0:
            out["win"] = a.score is not None
            if a.score is not None:
                out["points"] = a.score.points
                out["patterns"] = list(a.score.patterns)  # ids, as evaluate gives them
                if a.score.fan is not None:
                    out["fan"] = a.score.fan
    if a.dora:  # riichi with an indicator: the dora kind and how many the hand holds
        out["dora"] = [tile_name(k) for k in a.dora]
        out["dora_held"] = a.dora_held
    return out


def to_text(a: Advice, preset: str, locale: str = "en") -> str:
    jokers = " ".join(tile_name(k) for k in a.joker_tiles)
    head = f"{preset} · {a.size} tiles"
    if a.imagined:
        head += " + the imagined 心皇"
    held = a.jokers - a.imagined
    if held:
        head += f" · {held} joker{'s' if held > 1 else ''} ({jokers})"
    lines = [head, f"shanten {a.shanten}" + (" (complete)" if a.shanten < 0 else "")]
    if a.dora:
        lines.append(f"dora {' '.join(tile_name(k) for k in a.dora)} · {a.dora_held} in hand")
    if a.waiting:
        unseen = sum(n for _, n in a.improving)
        lines.append(f"improving: {_tiles(a.improving)} = {unseen} unseen")
        if a.shanten == 0:
            lines.append(
                f"waits: {_tiles(a.waits)}"
                if a.waits
                else "ready in shape, but no wait makes a legal win"
            )
        return "\n".join(lines)
    if a.shanten < 0 or a.score is not None:
        if a.score is None:
            lines.append("complete in shape, but not a legal win under these rules")
        else:
            fan = f" ({a.score.fan} fan)" if a.score.fan is not None else ""
            names = pattern_names(a.score.patterns, family_of(get_rules(preset)).id, locale)
            sep = "、" if locale != "en" else ", "
            lines.append(f"win: {a.score.points} points{fan}: {sep.join(names)}")
    lines.append("discard  shanten  unseen  improving / waits")
    for o in a.options:
        detail = f"waits {_tiles(o.waits)}" if o.shanten == 0 else _tiles(o.improving)
        lines.append(f"{tile_name(o.tile):<8} {o.shanten:>7}  {o.unseen:>6}  {detail}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    try:
        try:
            options = json.loads(args.options) if args.options else None
        except json.JSONDecodeError as exc:
            raise RulesError(f"--options is not JSON: {exc}") from None
        # any hand size, as evaluate reads them (a played preset)
        rules = get_rules(args.rules).with_options(options, scoring=True)
        tiles = parse(args.hand)
        melds = parse_melds(args.melds)
        indicator = parse_one(args.indicator) if args.indicator else None
        win = parse_one(args.win) if args.win else None
        advice = advise(rules, tiles, melds, indicator=indicator, win_tile=win)
    except (RulesError, NotationError, AdviceError) as exc:
        print(f"analyze: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(to_json(advice), ensure_ascii=False))
    else:
        print(to_text(advice, rules.id, reader_locale(args.lang)))
    return 0
