"""Emoji art: Discord's limits on name and image, stable names, distinct faces."""

from __future__ import annotations

import io
import re

from PIL import Image

from render.emoji import BACK, SIZE, all_emoji, emoji_png, name, split_name
from tests.conftest import hand

NAME = re.compile(r"[A-Za-z0-9_]{2,32}")


def test_every_emoji_is_a_small_square_png_with_a_valid_unique_name():
    art = all_emoji()
    assert len(art) == 42 * 2 + 1
    assert len({a.name for a in art}) == len(art)
    assert len({a.png for a in art}) == len(art)  # every face and mark differs
    for a in art:
        assert NAME.fullmatch(a.name), a.name
        assert len(a.png) <= 256 * 1024
        img = Image.open(io.BytesIO(a.png))
        assert img.size == (SIZE, SIZE) and img.mode == "RGBA"


def test_names_carry_the_face_and_a_hash_of_the_art():
    five_dots = hand("5p")[0]
    png = emoji_png(five_dots)
    assert emoji_png(five_dots) == png  # same art, same bytes, same name
    assert name(five_dots, False, png).startswith("mj5p_")
    assert name(five_dots, True, emoji_png(five_dots, True)).startswith("mj5pj_")
    assert name(BACK, False, emoji_png(BACK)).startswith("mjback_")
    assert split_name(name(five_dots, False, png)) == ("mj5p", name(five_dots, False, png)[-6:])
    assert split_name("party_parrot") is None
