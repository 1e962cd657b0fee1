"""The controls' payload written straight from their specs is the one discord.py would write
from its own items, for every kind of view the game sends."""

from __future__ import annotations

import discord
import pytest

from discord_io.emoji import TileEmoji
from discord_io.views.components import DiscardSelect, PickSelect, TableButton
from discord_io.views.controls import (
    ControlsView,
    check_view,
    false_win_controls,
    hand_controls,
    lobby_controls,
    show_hand_controls,
)
from tables.game import FALSE_WIN_KIND
from tables.model import ActionChoice, Mode, PrivateView, Status, TableInfo
from tests.conftest import hand as tiles_of


def hand(notation: str) -> tuple[int, ...]:
    return tuple(tiles_of(notation))


def discards(tiles: tuple[int, ...]) -> list[ActionChoice]:
    from engine.tiles import tile_name

    return [ActionChoice("discard", "d", tile_name(t), tile=t) for t in sorted(set(tiles))]


def emoji_for_every_tile() -> TileEmoji:
    e = TileEmoji()
    for t in range(42):
        for wild in (False, True):
            e._by_key[(t, wild)] = discord.PartialEmoji(name=f"mj{t}{'w' * wild}",
                                                        id=10**17 + 2 * t + wild,
                                                        animated=t == 5)
    return e


def materialised(view: ControlsView) -> list[dict[str, object]]:
    """What discord.py writes once the buttons are its own items (asking for the children
    makes them)."""
    assert view.children or not view.to_components()
    return discord.ui.View.to_components(view)


def turn(notation: str, extra: tuple[ActionChoice, ...] = (), mode: Mode = Mode.TURN,
         drawn: int | None = None, pick: int = 0, hints: bool = False) -> PrivateView:
    tiles = hand(notation)
    acts = tuple(extra) + (tuple(discards(tiles)) if mode is Mode.TURN and not pick else ())
    return PrivateView("abcdef12", 3, 41, 0, mode, tiles, drawn, (), (), acts, pick=pick,
                       hints=hints)


VIEWS = {
    "turn": turn("123m456p789s11z23z", drawn=hand("3z")[0]),
    "turn with a win and a kong": turn("1111m456p789s1122z", (
        ActionChoice("self_draw", "w"), ActionChoice("concealed_kong", "k", "1m",
                                                     tile=hand("1m")[0]))),
    "claim": turn("123m456p789s1122z", (
        ActionChoice("pong", "p", "1z", tile=hand("1z")[0]),
        ActionChoice("chow", "c", "345m", tile=hand("4m")[0], tiles=hand("345m")),
        ActionChoice("win", "w", "1z", tile=hand("1z")[0]),
        ActionChoice("pass", "x")), mode=Mode.CLAIM, hints=True),
    "false win": turn("123m456p789s1122z", (ActionChoice(FALSE_WIN_KIND, "w"),)),
    "waiting, with hints": turn("123m456p789s1122z", mode=Mode.WAIT, hints=True),
    "away": turn("123m456p789s1122z", mode=Mode.AFK),
}


@pytest.mark.parametrize("name", sorted(VIEWS))
@pytest.mark.parametrize("with_emoji", [False, True])
@pytest.mark.parametrize("locale", ["en", "zh-CN", "zh-TW"])
async def test_written_payload_is_discord_pys(name, with_emoji, locale):
    emoji = emoji_for_every_tile() if with_emoji else None
    view = hand_controls(VIEWS[name], locale, emoji)
    raw = view.to_components()
    assert raw == materialised(view)
    check_view(view)
    # discord.py's view store never keeps them: the bot dispatches by custom_id template
    assert not view.is_dispatchable() and not view.has_components_v2()


async def test_lobby_confirm_and_show_views_too():
    info = TableInfo("abcdef12", 1, 2, 3, "heyuan-zheng", (), 1, 4, Status.LOBBY, (None,) * 4)
    for view in (lobby_controls(info, "zh-TW"), false_win_controls("abcdef12", 2, 9, "en", "0123abcd"),
                 show_hand_controls("abcdef12", 2, "zh-CN")):
        assert view.to_components() == materialised(view)


async def test_asking_for_the_items_makes_them_and_later_buttons_follow():
    view = hand_controls(VIEWS["turn"], "en")
    raw = view.to_components()
    buttons = [c for c in view.children if isinstance(c, TableButton)]
    assert [b.custom_id for b in buttons] == [
        b["custom_id"] for row in raw for b in row["components"]]
    assert view.to_components() == raw  # now written by discord.py from the items


async def test_a_menu_view_is_written_by_discord_py():
    crowded = turn("123456789m1234p")  # 13 kinds to discard
    crowded = PrivateView("abcdef12", 3, 41, 0, Mode.TURN, crowded.concealed, None, (), (),
                          crowded.actions + tuple(
                              ActionChoice("concealed_kong", "k", f"{t + 1}m", tile=t)
                              for t in range(9)) + tuple(
                              ActionChoice("chow", "c", f"{t + 1}{t + 2}{t + 3}m", tile=t,
                                           tiles=(t, t + 1, t + 2)) for t in range(7)))
    view = hand_controls(crowded, "en")
    assert any(isinstance(c, DiscardSelect) for c in view.children)
    check_view(view)
    rows = view.to_components()
    assert rows[-1]["components"][0]["type"] == 3  # the menu, below the buttons
    pick = turn("123m456p789s1122z", (ActionChoice("choose_exchange", "y", "123m", tiles=hand("123m")),),
                mode=Mode.TURN, pick=3)
    view = hand_controls(pick, "en")
    assert any(isinstance(c, PickSelect) for c in view.children)
