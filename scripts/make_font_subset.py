"""Make the fonts shipped in data/fonts/: subsets of Noto Sans/Serif CJK (SIL OFL 1.1).

Re-run after adding text to the i18n catalog or to render/charset.py:

    apt-get update && apt-get install -y fonts-noto-cjk   # once, the source fonts
    .venv/bin/python scripts/make_font_subset.py

Writes:
    data/fonts/NotoSansCJKsc-Regular.subset.otf  text
    data/fonts/NotoSansCJKsc-Bold.subset.otf     headings, numbers and player names: it also holds
                                                 the 3,755 common hanzi (GB 2312 level 1)
    data/fonts/NotoSerifCJKtc-Bold.subset.otf    tile faces (traditional forms, as on real tiles)
    data/fonts/OFL.txt                           the licence, with the fonts' copyright line
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from render.charset import TILE_FACE_TEXT, common_hanzi, required_text  # noqa: E402

SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")
COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
OUT_DIR = ROOT / "data" / "fonts"

# (output name, source collection, index of the face in the collection, text it must cover)
SC, TC = 2, 3  # face order in Debian's NotoSansCJK-*.ttc: JP KR SC TC HK ...


def _jobs() -> list[tuple[str, str, int, str]]:
    text = required_text()
    return [
        ("NotoSansCJKsc-Regular.subset.otf", "NotoSansCJK-Regular.ttc", SC, text),
        ("NotoSansCJKsc-Bold.subset.otf", "NotoSansCJK-Bold.ttc", SC, text + common_hanzi()),
        ("NotoSerifCJKtc-Bold.subset.otf", "NotoSerifCJK-Bold.ttc", TC, TILE_FACE_TEXT),
    ]


def _subset(source: Path, index: int, text: str, out: Path) -> int:
    font = TTFont(source, fontNumber=index, lazy=False)
    options = subset.Options()
    options.name_IDs = ["*"]  # keep the copyright and licence records
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.layout_features = ["kern", "palt", "liga"]
    options.hinting = False  # FreeType's auto-hinter does as well at these sizes, and it is smaller
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    font.save(out)
    cmap = font.getBestCmap()
    # the characters the face holds, so the renderer can avoid tofu without fontTools at run time
    out.with_suffix(".chars.txt").write_text(
        "".join(chr(c) for c in sorted(cmap) if chr(c) not in "\r\n") + "\n", encoding="utf-8")
    missing = sorted({ch for ch in text if ord(ch) not in cmap and ch.isprintable()})
    if missing:
        print(f"  {out.name}: the source lacks {''.join(missing)!r}", file=sys.stderr)
    return out.stat().st_size


def _licence(copyright_line: str) -> str:
    lines = COPYRIGHT.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "License: SIL-1.1"
                 and i + 1 < len(lines) and lines[i + 1].startswith(" "))
    body = []
    for line in lines[start + 1:]:
        if line and not line.startswith(" "):
            break
        text = line[1:] if line.startswith(" ") else line
        body.append("" if text == "." else text)
    return (
        f"{copyright_line}\n\nThe fonts in this folder are subsets of Noto Sans CJK and Noto Serif CJK\n"
        "(https://github.com/notofonts/noto-cjk), made with fontTools by\n"
        "scripts/make_font_subset.py. They are licensed under the SIL Open Font License 1.1:\n\n"
        + "\n".join(body).strip() + "\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--source-dir", type=Path, default=SOURCE_DIR)
    parser.add_argument("--out-dir", type=Path, default=OUT_DIR)
    args = parser.parse_args(argv)
    if not (args.source_dir / "NotoSansCJK-Regular.ttc").exists():
        print(f"no Noto CJK fonts in {args.source_dir}: apt-get install -y fonts-noto-cjk",
              file=sys.stderr)
        return 1
    args.out_dir.mkdir(parents=True, exist_ok=True)
    for name, source, index, text in _jobs():
        size = _subset(args.source_dir / source, index, text, args.out_dir / name)
        print(f"{name}: {len(set(text))} characters, {size / 1024:.0f} KB")
    copyright_line = TTFont(args.source_dir / "NotoSansCJK-Regular.ttc", fontNumber=SC)[
        "name"].getDebugName(0) or "Copyright Adobe"
    if COPYRIGHT.exists():
        (args.out_dir / "OFL.txt").write_text(_licence(copyright_line), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
