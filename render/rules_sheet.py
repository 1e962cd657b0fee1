"""A rules sheet: each pattern and bonus of a preset with its names, value and an example hand.

The examples are fixed hands written in notation here (the scorer is not asked):
``concealed | winning tile`` plus exposed melds, each a correct instance of the pattern.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

import i18n
from engine import jokers
from engine.family import family_of
from engine.melds import meld
from engine.rules import Rules
from engine.tiles import tile_name
from i18n.patterns import pattern_description, pattern_name, value_text
from render.draw import CREAM, GOLD_TEXT, MUTED, canvas, text
from render.hand import draw_hand, hand_size
from render.views import HandView, MeldView, RenderError, parse_view_tiles

WIDTH: Final = 960
MARGIN: Final = 24
TILE_W: Final = 30
TEXT_COL: Final = 340


@dataclass(frozen=True)
class Example:
    concealed: str
    win: str
    melds: tuple[tuple[str, str, str], ...] = ()  # (kind, tiles, called)

    def hand(self, wild_kinds: frozenset[int]) -> HandView:
        melds = [MeldView.from_meld(meld(k, t, c or None, 3 if c else None), 0)
                 for k, t, c in self.melds]
        return HandView(parse_view_tiles(self.concealed), parse_view_tiles(self.win)[0], melds,
                        wild_kinds=wild_kinds)


EXAMPLES: Final[dict[str, Example]] = {
    "chicken": Example("123m456p789s11z22z", "2z"),
    "half_flush": Example("123456789m11z22z", "2z"),
    "all_pungs": Example("333p555s77z22z", "2z", (("pung", "111m", "1m"),)),
    "full_flush": Example("1223345677999m", "8m"),
    "half_flush_pungs": Example("555m999m11z22z", "2z", (("pung", "111m", "1m"),)),
    "full_flush_pungs": Example("1112223334445m", "5m"),
    "mixed_terminals": Example("111m999p111z222z3z", "3z"),
    "all_honors": Example("111z222z333z555z6z", "6z"),
    "pure_terminals": Example("111m999m111p999p1s", "1s"),
    "thirteen_orphans": Example("19m19p19s1234567z", "1m"),
    "seven_pairs": Example("1133m2255p4477s6z", "6z"),
    "lone_wild": Example("111222333444m1f", "5m"),
    "wild_on_wild": Example("111222333444m1f", "2f"),
    "no_wilds": Example("123m456p789s123m1z", "1z"),
    "four_wilds": Example("123f258m369p147s5z", "4f"),
    "all_chows": Example("123456m234p789s5p", "5p"),
    "small_dragons": Example("5556667z123m999p", "7z"),
    "small_winds": Example("1112223334z555m", "4z"),
    "big_dragons": Example("555666777z123m1p", "1p"),
    "big_winds": Example("111222333444z5m", "5m"),
    "nine_gates": Example("1112345678999m", "5m"),
    "heavenly": Example("123m456p789s123s1z", "1z"),
    "earthly": Example("234m567p345s777z9s", "9s"),
    "human": Example("345m678p222s66z78s", "9s"),
    "self_draw": Example("123m456p789s234s5p", "5p"),
    "seat_wind": Example("222z123m456p789s5s", "5s"),
    "round_wind": Example("111z123m456p789s5s", "5s"),
    "dragon_pung": Example("777z123m456p789s5s", "5s"),
    "kong_replacement": Example("123m456p789s5s", "5s", (("kong", "9999p", "9p"),)),
    "last_tile": Example("234m456p678s333z8s", "8s"),
    "robbing_kong": Example("12m456p789s111z99s", "3m"),
    # the games with a joker from an indicator; the sheet's example indicator is 4p, so 5p is
    # the joker in these hands
    "any_wait": Example("123m456m789s111p5p", "3z"),
    "single_after_calls": Example("9s", "9s", (("pung", "111m", "1m"), ("pung", "222p", "2p"),
                                               ("chow", "345s", "3s"), ("kong", "6666s", "6s"))),
    "replacement_win": Example("123m456p789s5s", "5s", (("kong", "9999p", "9p"),)),
    "concealed": Example("123m456p789s234s5p", "1z"),
    "basic": Example("123m456p789s234s1z", "1z"),
    "dealer": Example("234m567p678s99s1z", "1z"),
    "concealed_no_joker": Example("123m789p789s234s9p", "9p"),
    "five_in_middle": Example("46m123p456p789s11z", "5m"),
    "straight": Example("123456789m123p5s", "5s"),
    "luxury_seven_pairs": Example("1111m2266p4477s6z", "6z"),
    "four_jokers": Example("5555p123m456s79s1z", "2z"),
    "big_pungs": Example("333s777s99s5s5p", "5s", (("pung", "111s", "1s"),)),
    "seven_winds": Example("1234567z123m66p7s", "8s"),
    "loose_unrelated": Example("148m26p369s12345z", "6z"),
    "thirteen_unrelated": Example("147m258p36s12345z", "9s"),
    "seven_winds_loose": Example("123456z148m26p39s", "7z"),
    "all_honours": Example("1122334455667z", "7z"),
    # the 108-tile games
    "kong": Example("234m678m333p5p", "5p", (("kong", "9999p", "9p"),)),
    "four_of_a_kind": Example("1111m23m678p999p5p", "5p"),
    "ping_hu": Example("123m456p789s234s5p", "5p"),
    "all_258": Example("22m5m88m55p2p8p2s5s88s", "2p"),
    "kong_bloom": Example("123m456p789s5s", "5s", (("kong", "9999p", "9p"),)),
    "last_tile_discard": Example("123m456p789s234s5p", "5p"),
    # 起手小胡: the dealt hand, its fourteenth tile set apart
    "four_alike": Example("1111m369p47s258m6s", "9p"),
    "no_258": Example("13479m1379p3467s", "9s"),
    "missing_suit": Example("123456m2345789p", "9p"),
    "two_triplets": Example("111m222p369s147s5m", "9s"),
}
# a family whose pattern of the same id needs another hand (its joker is not a flower)
FAMILY_EXAMPLES: Final[dict[tuple[str, str], Example]] = {
    ("shanghai", "four_wilds"): Example("5555p123m456s79s1z", "2z"),
    ("shanghai", "no_wilds"): Example("123m456m789p234s5s", "5s"),
    ("quzhou", "basic"): Example("123m456m789p3s11z5p", "5s"),
    ("sichuan", "basic"): Example("123m456m789m123p5p", "5p"),
    ("sichuan", "all_pungs"): Example("111m333m777p999p5p", "5p"),
    ("sichuan", "seven_pairs"): Example("1133m5577m2288p9p", "9p"),
    ("sichuan", "full_flush"): Example("123m345m567m789m9m", "9m"),
    ("changsha", "seven_pairs"): Example("1133m5577m2288p9p", "9p"),
    ("changsha", "all_pungs"): Example("111m333m777p999p5p", "5p"),
    ("changsha", "full_flush"): Example("123m345m567m789m9m", "9m"),
    ("changsha", "robbing_kong"): Example("123m456p789s234s5p", "5p"),
    ("changsha", "last_tile"): Example("123m456p789s234s5p", "5p"),
    ("changsha", "heavenly"): Example("123m456p789s234s5p", "5p"),
    ("changsha", "earthly"): Example("123m456p789s234s5p", "5p"),
}
EXAMPLE_INDICATOR: Final = "4p"  # for the games whose joker comes from an indicator

_SITUATIONS: Final = ("kong_replacement", "last_tile", "robbing_kong")


def _sections_108(rules: Rules) -> list[tuple[str, list[tuple[str, str]]]]:
    """Sichuan: the fan table (each id its fan). Changsha: the forms (平和 1 / 2 self-drawn,
    each 大胡 6), the situational 大胡, and the 起手小胡 (2 from each)."""
    if rules.play_on:
        return [("render.patterns", [(pid, f"fan:{v}") for pid, v in rules.pattern_values])]
    forms = [(pid, "render.ping_hu_value" if pid == "ping_hu" else f"×{v}")
             for pid, v in rules.pattern_values]
    big = [(pid, f"×{v}") for pid, v in rules.bonus_values]
    small = [(pid, "render.small_win_value") for pid in SMALL_WIN_IDS
             if pid != "two_triplets" or rules.six_six]
    return [("render.forms", forms), ("render.big_situational", big),
            ("render.small_wins", small)]


# families whose sheet is laid out their own way (the others follow their value style)
_FAMILY_SECTIONS: Final = {"sichuan": _sections_108, "changsha": _sections_108}
SMALL_WIN_IDS: Final = ("four_alike", "no_258", "missing_suit", "two_triplets")


def _sections(rules: Rules) -> list[tuple[str, list[tuple[str, str]]]]:
    """(section key, [(id, value text)]) for the preset; value texts are written in the
    family's value style (see :func:`_value_text`)."""
    own = _FAMILY_SECTIONS.get(rules.family)
    if own is not None:
        return own(rules)
    style = family_of(rules).value_style
    if style in ("hua", "fan_sum", "duan"):
        pats = [(pid, f"{style}:{v}") for pid, v in rules.pattern_values]
        if style == "fan_sum":
            pats = [(p, "fan_sum:2/1" if p == "last_tile" else v) for p, v in pats]
            return [("render.patterns", pats)]
        extra = [(pid, f"+{style}:{v}") for pid, v in rules.bonus_values]
        second = "render.hua_items" if style == "hua" else "render.colour"
        return [("render.patterns" if style == "hua" else "render.forms", pats), (second, extra)]
    # multiples (×n of the unit) or fan (points 2^fan), as the preset's family counts
    heyuan = style == "multiple"
    patterns = []
    for pid, value in rules.pattern_values:
        if pid == "four_wilds" and not (rules.four_wilds_win and rules.wildcards):
            continue  # listed with its value, but only played where the option is on
        if pid == "chicken" and heyuan and not rules.chicken_wins:
            patterns.append((pid, "render.not_a_win"))
        elif heyuan:
            patterns.append((pid, f"×{value}"))
        else:
            patterns.append((pid, f"fan:{value}"))
    if rules.seven_pairs and "seven_pairs" not in rules.patterns:
        patterns.append(("seven_pairs", f"×{rules.seven_pairs_value}" if heyuan
                         else f"fan:{rules.seven_pairs_value}"))
    bonuses = [(pid, f"×{v}" if heyuan else f"+fan:{v}") for pid, v in rules.bonus_values]
    if heyuan and not rules.no_wilds_bonus:
        bonuses = [b for b in bonuses if b[0] != "no_wilds"]
    sections = [("render.patterns", patterns),
                ("render.bonuses_heyuan" if heyuan else "render.bonuses_guangdong", bonuses)]
    if not heyuan:
        sections.append(("render.situations", [(pid, "") for pid in _SITUATIONS]))
    return sections


def _value_text(value: str, locale: object) -> str:
    if value.startswith("render."):
        return i18n.t(value, locale)
    kind, _, number = value.partition(":")
    if kind.lstrip("+") in ("hua", "fan_sum", "duan"):
        if "/" in number:  # 海底捞月: 2 self-drawn, 1 on the last discard
            return "+" + i18n.t("render.fan", locale, n=number.replace("/", " / "))
        return value_text(kind.lstrip("+"), int(number), locale, bonus=kind.startswith("+"))
    if value.startswith(("fan:", "+fan:")):
        sign = "+" if value.startswith("+") else ""
        return sign + i18n.t("render.fan", locale, n=int(value.split(":")[1]))
    return value


def rules_image(rules: Rules, locale: object = "en") -> Image.Image:
    """The preset's patterns and bonuses, each with an example hand, as an RGB image."""
    if not isinstance(rules, Rules):
        raise RenderError(f"rules_image needs a Rules preset, not {type(rules).__name__}")
    indicator: int | None = None
    try:
        wild = jokers.wild_kinds(rules)
    except jokers.JokerError:  # a joker chosen by an indicator: the sheet's example one
        indicator = parse_view_tiles(EXAMPLE_INDICATOR)[0]
        wild = jokers.wild_kinds(rules, indicator)
    sections = _sections(rules)
    rows: list[tuple[str, str, HandView]] = []
    for _, items in sections:
        for pid, _value in items:
            ex = FAMILY_EXAMPLES.get((rules.family, pid)) or EXAMPLES.get(pid)
            if ex is None:
                raise RenderError(f"no example hand for pattern {pid!r}")
            hand = ex.hand(wild)
            hand.check()
            rows.append((pid, _value, hand))
    row_h = {pid: max(64, hand_size(h, TILE_W)[1] + 16) for pid, _, h in rows}
    height = MARGIN + 56 + 36 + 20 + sum(row_h.values()) + 56 * len(sections) + MARGIN
    if wild:
        height += 34
    if indicator is not None:
        height += 34
    img = canvas(WIDTH, height)
    d = ImageDraw.Draw(img)
    y = MARGIN
    text(d, (MARGIN, y), i18n.t(f"preset.{rules.id}", locale) if i18n.has(f"preset.{rules.id}")
         else rules.name_en, 40, GOLD_TEXT, "bold", max_width=WIDTH - 2 * MARGIN)
    y += 56
    text(d, (MARGIN, y), i18n.t(f"render.rules_values_{rules.family}", locale), 22, MUTED)
    y += 36
    if wild:
        text(d, (MARGIN, y), i18n.t("render.wild_legend", locale), 22, MUTED)
        y += 34
    if indicator is not None:
        from render.hand import joker_words

        text(d, (MARGIN, y), i18n.t(
            "render.example_joker", locale, ind=tile_name(indicator),
            kind=joker_words(rules.family, locale)[1],
            joker=" ".join(tile_name(k) for k in sorted(wild)),
        ), 22, MUTED, max_width=WIDTH - 2 * MARGIN)
        y += 34
    y += 20
    other = "en" if i18n.normalize_locale(locale) != "en" else "zh-Hans"
    by_id = {pid: (value, hand) for pid, value, hand in rows}
    for key, items in sections:
        text(d, (MARGIN, y + 8), i18n.t(key, locale), 28, GOLD_TEXT, "bold")
        if key == "render.situations":
            text(d, (WIDTH - MARGIN, y + 14), i18n.t("render.situations_note", locale), 20, MUTED,
                 anchor="ra")
        y += 56
        for pid, _ in items:
            value, hand = by_id[pid]
            h = row_h[pid]
            d.line((MARGIN, y - 6, WIDTH - MARGIN, y - 6), fill=(44, 100, 74), width=1)
            name = pattern_name(pid, locale, rules.family)
            nw = text(d, (MARGIN, y), name, 26, CREAM, "bold", max_width=TEXT_COL - 90)
            text(d, (MARGIN + nw + 10, y + 5), pattern_name(pid, other, rules.family), 18, MUTED,
                 max_width=TEXT_COL - round(nw) - 100)
            text(d, (MARGIN + TEXT_COL - 20, y), _value_text(value, locale), 26, GOLD_TEXT,
                 "bold", anchor="ra")
            text(d, (MARGIN, y + 34), pattern_description(pid, locale), 18, MUTED,
                 max_width=TEXT_COL - 20)
            draw_hand(img, hand, MARGIN + TEXT_COL, y, locale, tile_w=TILE_W)
            y += h
    return img
