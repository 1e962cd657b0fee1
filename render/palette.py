"""One shared 256-colour palette, so PNG encoding is a fast table lookup, not a fresh quantisation.

Choosing a palette per picture (median cut, octree) costs more than drawing the
picture; every picture here uses the same felt, ivory, ink and tile colours, so
the palette is chosen once per process from an atlas of the sample pictures and
every tile face, then each PNG maps its pixels onto it (~0.3 ms for a hand).
"""

from __future__ import annotations

import threading

from PIL import Image

_lock = threading.Lock()
_palette: Image.Image | None = None


def shared_palette() -> Image.Image:
    """A "P" image whose palette is the shared one (built on first use, then cached)."""
    global _palette
    with _lock:
        if _palette is None:
            _palette = _build()
        return _palette


def _build() -> Image.Image:
    from engine.rules import PRESETS
    from render import samples
    from render.hand import hand_image
    from render.leaderboard import leaderboard_image
    from render.rules_sheet import rules_image
    from render.settlement import settlement_image
    from render.table import table_image
    from render.tileart import tile_image, tile_size

    parts = [
        hand_image(samples.sample_hand(), "zh-Hans"),
        hand_image(samples.sample_hand_melds(), "en"),
        table_image(samples.sample_table(), "zh-Hant"),
        settlement_image(samples.sample_settlement(), "en"),
        leaderboard_image(samples.sample_leaderboard(), "en"),
        rules_image(PRESETS["heyuan-zheng"], "zh-Hans").crop((0, 0, 960, 500)),
    ]
    w, h = tile_size(60)
    tiles = Image.new("RGB", (42 * w, 2 * h), (24, 88, 60))
    for t in range(42):
        for row, wild in enumerate((False, True)):
            im = tile_image(t, 60, wild)
            tiles.paste(im, (t * w, row * h), im)
    parts.append(tiles)
    atlas = Image.new("RGB", (max(p.width for p in parts), sum(p.height for p in parts)))
    y = 0
    for p in parts:
        atlas.paste(p.convert("RGB"), (0, y))
        y += p.height
    # halve the atlas: the palette only needs the colours, and this keeps start-up quick
    small = atlas.resize((atlas.width // 2, atlas.height // 2), Image.Resampling.NEAREST)
    return small.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
