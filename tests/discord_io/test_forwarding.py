"""A forwarded click is read back as the control's own item reads it."""

from __future__ import annotations

from discord_io.forwarding import click_of


def test_a_button_a_discard_menu_and_a_pick_menu_read_as_their_items_read_them():
    assert click_of("mj:3fa9c1d0:2:d:5m:41", []) == ("3fa9c1d0", 2, "d", "5m", 41)
    assert click_of("mj:3fa9c1d0:1:hint::0", []) == ("3fa9c1d0", 1, "hint", "", 0)
    assert click_of("mjs:3fa9c1d0:2:41", ["7p"]) == ("3fa9c1d0", 2, "d", "7p", 41)
    assert click_of("mjk:3fa9c1d0:1:3:3", ["5m.0", "5m.1", "9m.0"]) == (
        "3fa9c1d0", 1, "y", "5m5m9m", 3)


def test_anything_else_is_not_a_table_control():
    assert click_of("mjr:3fa9c1d0", []) is None
    assert click_of("mj:3fa9c1d0:2:d:5m:41:extra", []) is None
    assert click_of("", []) is None
