"""``python -m render sample --out DIR``: one picture of each kind for a sample game, per language."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import render
from engine.rules import PRESETS
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
               for pid, rules in PRESETS.items()},
        }
        for name, png in pictures.items():
            path = out / f"{name}.{locale}.png"
            path.write_bytes(png)
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sample = sub.add_parser("sample", help="write sample pictures")
    sample.add_argument("--out", type=Path, required=True, help="folder to write PNGs into")
    args = parser.parse_args(argv)
    for path in write_samples(args.out):
        print(f"{path}  {path.stat().st_size / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
