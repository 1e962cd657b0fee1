"""宝牌 (option dora) on the hand picture: the indicator strip under the hand, and each 宝牌
in the hand framed in red (a wild tile of that face is not)."""

from __future__ import annotations

from engine.tiles import parse
from render.hand import DORA_RED, TILE_W, hand_image
from render.tileart import tile_size
from render.views import HandView


def _frames(hand: str, **kw: object) -> int:
    """Red-framed tiles in the row of concealed tiles (red columns, a tile's width each)."""
    img = hand_image(HandView(concealed=parse(hand), family="guangdong", **kw), "en")
    rgb = img.convert("RGB")
    th = tile_size(TILE_W)[1]
    # the row of tiles is the top of the picture: from its first tile's top, half a tile down
    top = next(y for y in range(img.height) if any(rgb.getpixel((x, y)) != rgb.getpixel((0, 0))
                                                   for x in range(img.width)))
    cols = [x for x in range(img.width)
            if any(rgb.getpixel((x, y)) == DORA_RED for y in range(top, top + th // 2))]
    return round(len(cols) / (tile_size(TILE_W)[0] + 6))


def test_the_strip_and_the_frames():
    plain = hand_image(HandView(concealed=parse("234p456s789s567m8m")), "en")
    shown = hand_image(HandView(concealed=parse("234p456s789s567m8m"), dora=parse("7m")[0]), "en")
    assert shown.height > plain.height  # the indicator strip
    assert _frames("234p456s789s567m8m", dora=parse("7m")[0]) == 1
    assert _frames("234p456s789s5678m8m", dora=parse("7m")[0]) == 2
    assert _frames("234p456s789s567m8m", dora=parse("6m")[0]) == 1  # the 7m
    assert _frames("234p456s789s567m8m", dora=parse("7m")[0],
                   wild_kinds=frozenset(parse("8m"))) == 0
