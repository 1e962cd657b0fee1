"""Tile emoji: uploaded once per application, kept across restarts, text when they fail."""

from __future__ import annotations

import itertools
import logging
from types import SimpleNamespace
from typing import Any

import discord

from discord_io.emoji import TileEmoji
from discord_io.views.controls import hand_controls
from render.emoji import all_emoji
from tables.model import ActionChoice, Mode, PrivateView
from tables.text import hand_text
from tests.conftest import hand

WANTED = len(all_emoji())  # 42 faces, 42 joker-marked faces, the back


class FakeApp:
    """The application's emoji as Discord keeps them (only what TileEmoji calls)."""

    def __init__(self) -> None:
        self.ids = itertools.count(1_300_000_000_000_000_000)  # snowflake-sized
        self.emoji: dict[int, Any] = {}
        self.calls: list[str] = []
        self.refuse = False

    def _obj(self, name: str) -> Any:
        eid = next(self.ids)

        async def delete() -> None:
            self.calls.append("delete")
            del self.emoji[eid]

        e = SimpleNamespace(id=eid, name=name, delete=delete)
        self.emoji[eid] = e
        return e

    async def fetch_application_emojis(self) -> list[Any]:
        self.calls.append("list")
        if self.refuse:
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                    {"code": 50013, "message": "Missing Permissions"})
        return list(self.emoji.values())

    async def create_application_emoji(self, *, name: str, image: bytes) -> Any:
        self.calls.append("create")
        assert image.startswith(b"\x89PNG") and len(image) <= 256 * 1024
        return self._obj(name)


async def test_a_fresh_application_gets_every_emoji_once_and_a_restart_none():
    app = FakeApp()
    first = TileEmoji()
    await first.ensure(app)
    assert first.created == WANTED and first.failed is None
    assert len(app.emoji) == WANTED
    again = TileEmoji()
    app.calls.clear()
    await again.ensure(app)
    assert app.calls == ["list"] and again.created == 0
    assert again.inline(hand("5p")[0]) == first.inline(hand("5p")[0])


async def test_changed_art_replaces_only_that_emoji():
    app = FakeApp()
    art = all_emoji()
    for a in art[1:]:
        app._obj(a.name)
    app._obj(art[0].name.rpartition("_")[0] + "_000000")  # 1m drawn by an older version
    app._obj("someone_elses")  # not ours: left alone
    e = TileEmoji()
    await e.ensure(app)
    assert (e.created, e.deleted) == (1, 1)
    assert sorted(x.name for x in app.emoji.values()) == sorted([a.name for a in art]
                                                                  + ["someone_elses"])


async def test_no_permission_means_text_labels_and_one_warning(caplog):
    app = FakeApp()
    app.refuse = True
    e = TileEmoji()
    with caplog.at_level(logging.WARNING, "mahjong.emoji"):
        await e.ensure(app)
    assert not e.ready and e.get(0) is None
    assert len([r for r in caplog.records if r.levelno == logging.WARNING]) == 1


def _turn(wild: tuple[int, ...] = ()) -> PrivateView:
    tiles = hand("123m456p789s11z2z3z")
    return PrivateView(
        "t1", 0, 7, 0, Mode.TURN, tuple(tiles), hand("5p")[0], (), (),
        tuple(ActionChoice("discard", "d", f"{n}", t)
              for n, t in zip(("1m", "2m", "5p"), hand("12m5p"), strict=True)),
        wild=wild,
    )


async def test_buttons_carry_their_tile_and_a_spoken_label():
    app = FakeApp()
    e = TileEmoji()
    await e.ensure(app)
    view = hand_controls(_turn(), "en", e)
    labels = [c.item.label for c in view.children]
    assert labels == ["1 Characters", "2 Characters", "5 Dots"]
    assert all(c.item.emoji is not None and c.item.emoji.id for c in view.children)
    assert view.children[2].item.emoji.name.startswith("mj5p_")
    zh = hand_controls(_turn(), "zh-TW", e)
    assert [c.item.label for c in zh.children] == ["一萬", "二萬", "五筒"]
    # a joker gets its marked emoji
    marked = hand_controls(_turn(wild=(hand("1m")[0],)), "en", e)
    assert marked.children[0].item.emoji.name.startswith("mj1mj_")
    # without emoji: the words say what the button does
    plain = hand_controls(_turn(), "en", None)
    assert [c.item.label for c in plain.children][2] == "Discard 5 Dots"
    assert all(c.item.emoji is None for c in plain.children)


async def test_the_private_text_shows_the_hand_as_pictures():
    app = FakeApp()
    e = TileEmoji()
    await e.ensure(app)
    view = _turn()
    info = SimpleNamespace(id="t1", name=lambda s: "Ann")
    text = hand_text(view, info, "en", glyphs=lambda tiles: e.row(tiles, view.wild))
    row = e.row(view.concealed)
    assert row is not None and row in text and row.count("<:mj") == 13
    assert "Drew: <:mj5p_" in text and "5 Dots" in text
