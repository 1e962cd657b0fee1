"""Golden pictures of a few fixed scenes, compared with a small tolerance.

Regenerate after a deliberate change of the art (and look at them!):

    UPDATE_GOLDEN=1 .venv/bin/pytest tests/render/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

import render
from engine.tiles import parse
from render import samples
from render.tileart import tile_size
from tests.render.conftest import BAIDA

GOLDEN = Path(__file__).parent / "golden"


def _tile_strip() -> Image.Image:
    w, h = tile_size(40)
    img = Image.new("RGB", (21 * (w + 2), 2 * (h + 2)), (30, 100, 70))
    for t in range(42):
        tile = render.tile_image(t, 40, wild=t in BAIDA)
        img.paste(tile, ((t % 21) * (w + 2), (t // 21) * (h + 2)), tile)
    return img


SCENES = {
    "tiles": _tile_strip,
    "hand.en": lambda: render.hand_image(samples.sample_hand(), "en"),
    "hand-melds.zh-Hant": lambda: render.hand_image(samples.sample_hand_melds(), "zh-Hant"),
    "table.zh-Hans": lambda: render.table_image(samples.sample_table(), "zh-Hans"),
    "settlement.en": lambda: render.settlement_image(samples.sample_settlement(), "en"),
}


@pytest.mark.parametrize("name", sorted(SCENES))
def test_matches_golden(name):
    img = SCENES[name]().convert("RGB")
    path = GOLDEN / f"{name}.png"
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        img.save(path, optimize=True)
    golden = Image.open(path).convert("RGB")
    assert img.size == golden.size, f"{name}: size {img.size} != golden {golden.size}"
    diff = ImageChops.difference(img, golden)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    # a few pixels may differ with FreeType/Pillow versions; the picture may not
    changed = diff.convert("L").point(lambda v: 255 if v > 48 else 0).histogram()[255] / (
        img.width * img.height)
    assert mean < 1.5 and changed < 0.01, f"{name}: mean diff {mean:.2f}, {changed:.2%} changed"


def test_a_different_hand_does_not_match():
    other = render.hand_image(render.HandView(parse("123456789m1234z")), "en").convert("RGB")
    golden = Image.open(GOLDEN / "hand.en.png").convert("RGB")
    diff = ImageChops.difference(other.crop((0, 0, *golden.size)), golden)
    assert sum(ImageStat.Stat(diff).mean) / 3 > 1.5
