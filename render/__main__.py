"""``python -m render``: pictures from the command line.

    python -m render sample --out DIR        one picture of each kind, per language
    python -m render replay LOG --out FILE   a finished hand of an event log, animated
        [--hand N] [--viewer SEAT] [--locale en|zh-Hans|zh-Hant] [--width PX]
        (the kind follows FILE's extension: .gif, .png or .apng (animated PNG), .webp)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import render
from engine.rules import TABLE_PRESETS
from i18n import LOCALES
from render import samples


def write_samples(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for locale in LOCALES:
        pictures = {
            "hand": render.render_hand(samples.sample_hand(), locale),
            "hand-melds": render.render_hand(samples.sample_hand_melds(), locale),
            "table": render.render_table(samples.sample_table(), locale),
            "settlement": render.render_settlement(samples.sample_settlement(), locale),
            "settlement-guangdong": render.render_settlement(
                samples.sample_settlement_guangdong(), locale),
            "leaderboard": render.render_leaderboard(samples.sample_leaderboard(), locale),
            "hand-shanghai": render.render_hand(samples.sample_hand_shanghai(), locale),
            "table-shanghai": render.render_table(samples.sample_table_shanghai(), locale),
            "table-beijing": render.render_table(samples.sample_table_beijing(), locale),
            "settlement-shanghai": render.render_settlement(
                samples.sample_settlement_shanghai(), locale),
            "settlement-beijing": render.render_settlement(
                samples.sample_settlement_beijing(), locale),
            "settlement-quzhou": render.render_settlement(
                samples.sample_settlement_quzhou(), locale),
            **{f"rules-{pid}": render.render_rules(rules, locale)
               for pid, rules in TABLE_PRESETS.items()},
        }
        for name, png in pictures.items():
            path = out / f"{name}.{locale}.png"
            path.write_bytes(png)
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    from engine.cli.helptext import plain_help

    parser = argparse.ArgumentParser(prog="python -m render", description=plain_help(__doc__),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sample = sub.add_parser("sample", help="write sample pictures")
    sample.add_argument("--out", type=Path, required=True, help="folder to write PNGs into")
    rep = sub.add_parser("replay", help="animate a finished hand of an event log")
    rep.add_argument("log", type=Path, help="an event log (JSON Lines), e.g. from simulate --log")
    rep.add_argument("--out", type=Path, required=True,
                     help="the file to write: .gif, .png (animated PNG) or .webp")
    rep.add_argument("--hand", type=int, default=None, help="hand number, from 1 (default: last)")
    rep.add_argument("--viewer", type=int, default=0, help="the seat at the bottom (0-3)")
    rep.add_argument("--locale", default="en", help="en, zh-Hans or zh-Hant")
    rep.add_argument("--width", type=int, default=720, help="picture width in px")
    args = parser.parse_args(argv)
    # where the pictures go, checked before drawing them (one line, not a traceback)
    from engine.cli.paths import output_dir_problem, output_file_problem

    problem = (output_file_problem(args.out, "--out") if args.command == "replay"
               else output_dir_problem(args.out, "--out"))
    if problem:
        print(f"render {args.command}: {problem}", file=sys.stderr)
        return 2
    if args.command == "replay":
        return _replay(args)
    for path in write_samples(args.out):
        print(f"{path}  {path.stat().st_size / 1024:.0f} KB")
    return 0


def _replay(args: argparse.Namespace) -> int:
    from engine.log import LogError, loads_log
    from render.replay import EXTENSIONS, animate, hand_events, replay_frames
    from render.views import RenderError

    # what cannot be written is refused before the log is read or a frame drawn
    fmt = EXTENSIONS.get(args.out.suffix.lower())
    if fmt is None:
        print(f"render replay: --out {args.out.name}: name a .gif, .png (animated PNG) or .webp "
              "file (the kind of picture follows the extension)", file=sys.stderr)
        return 2
    if args.locale.replace("_", "-").split("-")[0].lower() not in ("en", "zh"):
        print(f"render replay: --locale {args.locale}: use en, zh-Hans or zh-Hant",
              file=sys.stderr)
        return 2
    try:
        events = loads_log(args.log.read_text(encoding="utf-8"))
        hand = hand_events(events, None if args.hand is None else args.hand - 1)
        if not 0 <= args.viewer <= 3:
            raise RenderError("--viewer is a seat, 0 to 3")
        if not 200 <= args.width <= 2000:
            raise RenderError("--width is 200 to 2000 px")
        frames = replay_frames(hand, viewer=args.viewer, locale=args.locale)
        data = animate(frames, fmt, width=args.width)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"render replay: cannot read {args.log}: {exc}", file=sys.stderr)
        return 2
    except (LogError, RenderError) as exc:
        print(f"render replay: {exc}", file=sys.stderr)
        return 2
    args.out.write_bytes(data)
    print(f"{args.out}  {len(frames)} frames  {len(data) / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
