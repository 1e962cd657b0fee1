"""What a person may type at the offline prompt to name a move.

Every name the game itself prints is accepted, in any of its languages: the move's number,
its button label ("Discard Red", "打 中", "Chow 3-4-5 Characters"), its tile alone ("Red",
"中", "7z", "7 z", "5 Dots", "五筒") or a verb with it ("discard red", "打7z", "pong 5p").
A word that fits several moves ("discard" on a turn, or "5m" when 5m may be discarded
or konged) is never guessed: the caller asks which one, listing them.
"""

from __future__ import annotations

import re

from engine.tiles import EN_NAMES, ZH_NAMES, format_tiles, tile_name
from i18n import LOCALES
from tables.model import ActionChoice, PrivateView
from tables.text import choice_label, tile_label, tiles_label, tiles_spoken

# the verbs of each kind of move, besides the ones its labels start with
_VERBS: dict[str, tuple[str, ...]] = {
    "discard": ("discard", "d", "throw", "play", "打", "出", "打出"),
    "pong": ("pong", "pung", "peng", "p", "碰"),
    "kong": ("kong", "gang", "k", "杠", "槓", "明杠", "明槓"),
    "concealed_kong": ("kong", "gang", "k", "concealed kong", "杠", "槓", "暗杠", "暗槓"),
    "added_kong": ("kong", "gang", "k", "add kong", "added kong", "杠", "槓", "加杠", "加槓"),
    "laizi_kong": ("kong", "gang", "k", "kong out", "杠", "槓", "杠出", "槓出"),
    "chow": ("chow", "chi", "c", "吃"),
    "lizhi": ("riichi", "lizhi", "reach", "立直"),
    "win": ("win", "hu", "胡", "和"),
    "self_draw": ("win", "hu", "tsumo", "self draw", "self-drawn", "胡", "和", "自摸"),
    "false_win": ("win", "hu", "declare win", "胡", "和"),
    "pass": ("pass", "skip", "no", "过", "過", "不要"),
    "choose_void": ("void", "定缺", "缺"),
    "choose_exchange": ("pass on", "exchange", "换", "換", "换出", "換出"),
    "choose_small_wins": ("declare", "小胡", "起手小胡"),
    "choose_haidi": ("take", "要", "要海底"),
    "riichi": ("riichi", "reach", "r", "立直", "立直打"),
    "declare_draw": ("abort", "nine terminals", "九种九牌", "九種九牌", "流局"),
}

# the honours' longer names players also use
_HONOUR_ALIASES: dict[int, tuple[str, ...]] = {
    27: ("east wind", "东风", "東風"), 28: ("south wind", "南风", "南風"),
    29: ("west wind", "西风", "西風"), 30: ("north wind", "北风", "北風"),
    31: ("white dragon", "白板", "白"), 32: ("green dragon", "发财", "發財", "發"),
    33: ("red dragon", "红中", "紅中"),
}  # fmt: skip

_SUIT_WORDS: dict[str, tuple[str, ...]] = {
    "m": ("m", "characters", "character", "万", "萬", "万子", "萬子"),
    "p": ("p", "dots", "dot", "筒", "筒子", "饼", "餅"),
    "s": ("s", "bamboo", "bamboos", "条", "條", "条子", "條子", "索"),
}


def normal(text: str) -> str:
    """Lower case, one space between words, none inside notation ("7 Z" -> "7z")."""
    text = re.sub(r"\s+", " ", text.strip().lower().replace("：", ":"))
    text = re.sub(r"(\d) (?=[mpszf]\b)", r"\1", text)
    return text


def _tile_names(tile: int) -> set[str]:
    names = {tile_name(tile), EN_NAMES[tile].lower(), ZH_NAMES[tile]}
    names |= {tile_label(tile, loc).lower() for loc in LOCALES}
    names |= set(_HONOUR_ALIASES.get(tile, ()))
    return names


def _tiles_names(tiles: tuple[int, ...], arg: str) -> set[str]:
    names = {arg.lower(), format_tiles(tiles)}
    for loc in LOCALES:
        names |= {tiles_label(tiles, loc).lower(), tiles_spoken(tiles, loc).lower()}
    return names


def _names(choice: ActionChoice) -> tuple[set[str], set[str], set[str]]:
    """(whole names, verbs, objects) of one move: a whole name, or a verb followed by an
    object, names it; an object alone or a verb alone may name several."""
    whole = {normal(choice_label(choice, loc)) for loc in LOCALES}
    kind = choice.kind
    verbs = set(_VERBS.get(kind, ()))
    verbs.add(kind.removeprefix("choose_").replace("_", " "))
    objects: set[str] = set()
    if choice.tile is not None:
        objects |= _tile_names(choice.tile)
    if choice.tiles:
        objects |= _tiles_names(choice.tiles, choice.arg)
    if kind == "choose_void":
        objects |= set(_SUIT_WORDS.get(choice.arg, ()))
    elif choice.arg and not choice.tiles and choice.tile is None:
        objects.add(choice.arg.lower())
    return whole, {normal(v) for v in verbs}, {normal(o) for o in objects}


def matching(view: PrivateView, answer: str) -> list[int]:
    """Indexes (into ``view.actions``) of the moves ``answer`` names: one when it is clear,
    several when it is ambiguous, none when it names no move."""
    said = normal(answer)
    if not said:
        return []
    if said.isdigit():
        n = int(said)
        return [n - 1] if 1 <= n <= len(view.actions) else []
    exact: list[int] = []
    loose: list[int] = []
    for i, choice in enumerate(view.actions):
        whole, verbs, objects = _names(choice)
        if said in whole or any(said in (f"{v} {o}", f"{v}{o}") for v in verbs for o in objects):
            exact.append(i)
        elif said in objects or said in verbs:
            loose.append(i)
    return exact or loose
