"""A rules sheet: each pattern and bonus of a preset with its names, value and an example hand.

The examples are fixed hands written in notation here (the scorer is not asked):
``concealed | winning tile`` plus exposed melds, each a correct instance of the pattern.

The sheet is laid out before it is drawn (:func:`sheet_layout`): every text is wrapped to
its cell, in every language, and nothing is cut with "…"; a row is as tall as its text or
its hand, whichever is taller. Exposed melds are drawn upright at the hand's tile size, on
the hand's line after a gap (a sheet explains patterns; who a tile was called from does not
matter here).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Final

from PIL import Image, ImageDraw

import i18n
from engine import jokers
from engine.family import family_of
from engine.melds import meld
from engine.rules import Rules
from engine.tiles import tile_name
from i18n.patterns import POINT_MULTIPLIERS, pattern_description, pattern_name, value_text
from i18n.presets import preset_name
from render.draw import CREAM, GOLD_TEXT, MUTED, RGB, canvas, paste_row, text, width_of
from render.fonts import Face, safe_text
from render.hand import draw_imagined, sort_key
from render.rules_examples_guobiao import EXAMPLES as GUOBIAO_EXAMPLES
from render.rules_examples_riichi import EXAMPLES as RIICHI_EXAMPLES
from render.rules_examples_taiwan import EXAMPLES as TAIWAN_EXAMPLES
from render.rules_examples_variants import EXAMPLES as VARIANT_EXAMPLES
from render.tileart import tile_size
from render.views import HandView, MeldView, RenderError, parse_view_tiles

WIDTH: Final = 960
MARGIN: Final = 24
TILE_W: Final = 30
MIN_TILE_W: Final = 24  # the smallest tiles a wide example hand may take
TEXT_COL: Final = 340  # the text column's width, the hand's column starts after it
GAP: Final = 2  # between tiles
MELD_GAP: Final = 14  # between the concealed tiles, the winning tile and each meld
NAME, OTHER, VALUE, DESC = 26, 18, 26, 18  # font sizes
LINE: Final = {26: 32, 18: 23, 28: 36, 22: 28, 40: 50, 20: 26}  # line height per size


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
    # Baoding: the worked examples of its rule page where they fit
    ("baoding", "pi_hu"): Example("567m888m55m34p", "2p", (("chow", "234m", "2m"),)),
    ("baoding", "all_pungs"): Example("111m555m999p222z7z", "7z"),
    ("baoding", "dragon"): Example("123m456m789m111p9p", "9p"),
    ("baoding", "full_flush"): Example("123m345m567m789m9m", "9m"),
    ("baoding", "half_flush"): Example("123m345m678m11z22z", "2z"),
    ("baoding", "seven_pairs"): Example("1133m2255p4477s6z", "6z"),
    ("baoding", "mixed_seven_pairs"): Example("11m22m33m55m77m99p1z", "1z"),
    ("baoding", "pure_seven_pairs"): Example("1122334455667m", "7m"),
    ("baoding", "thirteen_orphans"): Example("19m19p19s1234567z", "7z"),
    ("baoding", "all_honours"): Example("111z222z333z555z6z", "6z"),
    ("baoding", "self_draw"): Example("123m456m789m11z22z", "2z"),
    ("baoding", "concealed"): Example("123m456m789m11z22z", "2z"),
    ("baoding", "kong_bloom"): Example("123m456m789m2z", "2z", (("kong", "1111z", "1z"),)),
    ("baoding", "last_tile"): Example("123m456m789m11z22z", "2z"),
    ("baoding", "edge_wait"): Example("12m456m789m111p99p", "3m"),
    ("baoding", "closed_wait"): Example("13m456m789m111p99p", "2m"),
    ("baoding", "single_wait"): Example("111m555m999p222z7z", "7z"),
    ("baoding", "closed_five"): Example("123m99m46p789p", "5p", (("pung", "777m", "7m"),)),
    ("baoding", "dealer"): Example("123m456m789m11z22z", "2z"),
    **{("guobiao", fid): Example(c, w, m) for fid, (c, w, m) in GUOBIAO_EXAMPLES.items()},
    **{("taiwan", tid): Example(c, w, m) for tid, (c, w, m) in TAIWAN_EXAMPLES.items()},
    **{("riichi", yid): Example(c, w, m) for yid, (c, w, m) in RIICHI_EXAMPLES.items()},
    **{key: Example(c, w, m) for key, (c, w, m) in VARIANT_EXAMPLES.items()},
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


def _sections_taiwan(rules: Rules) -> list[tuple[str, list[tuple[str, str]]]]:
    """Taiwan: every 台 item with its 台 (天胡 per the option, 連莊 2 per hand kept)."""
    from engine.taiwan.tai import tai_values

    values = tai_values(rules)
    items = [
        (pid, "render.tai_streak" if pid == "dealer_streak" else f"tai:{values[pid]}")
        for pid, _ in rules.pattern_values
        if pid != "half_melded" or rules.half_melded
        if pid != "seven_pairs_pung" or rules.seven_pairs_pung
        if pid not in ("eight_flowers", "seven_rob_one") or rules.flower_win
    ]
    return [("render.tai_items", items)]


# families whose sheet is laid out their own way (the others follow their value style)
_FAMILY_SECTIONS: Final = {
    "sichuan": _sections_108, "changsha": _sections_108, "taiwan": _sections_taiwan,
}
SMALL_WIN_IDS: Final = ("four_alike", "no_258", "missing_suit", "two_triplets")


def _sections(rules: Rules) -> list[tuple[str, list[tuple[str, str]]]]:
    """(section key, [(id, value text)]) for the preset; value texts are written in the
    family's value style (see :func:`_value_text`)."""
    own = _FAMILY_SECTIONS.get(rules.family)
    if own is not None:
        return own(rules)
    style = family_of(rules).value_style
    if style == "points":  # a point table (the 100-tile game): colours multiply the form
        pats = [(pid, f"×{v}" if pid in POINT_MULTIPLIERS else f"points:{v}")
                for pid, v in rules.pattern_values]
        extra = [(pid, f"+points:{v}") for pid, v in rules.bonus_values]
        return [("render.patterns", pats), ("render.point_additions", extra)]
    if style in ("hua", "fan_sum", "duan"):
        pats = [(pid, f"{style}:{v}") for pid, v in rules.pattern_values]
        if style == "fan_sum":
            # a pattern worth one thing self-drawn and another on a discard (Beijing's 海底
            # 2 / 1) shows both, as the family counts them
            fam = family_of(rules)
            both = []
            for p, v in pats:
                drawn = fam.win_values(rules, [p], True)[0][1]
                claimed = fam.win_values(rules, [p], False)[0][1]
                both.append((p, f"fan_sum:{drawn}/{claimed}" if drawn != claimed else v))
            pats = both
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
    bonuses = [(pid, f"×{v}" if heyuan else f"+fan:{v}") for pid, v in rules.bonus_values
               if pid != "laizi_kong" or rules.laizi]  # Yangzhou's option
    if heyuan and not rules.no_wilds_bonus:
        bonuses = [b for b in bonuses if b[0] != "no_wilds"]
    if not heyuan and all(pid == "laizi_kong" for pid, _ in bonuses):
        # a table where nothing adds (Yangzhou's six hands), but its option's 赖子 kongs
        return [("render.patterns", patterns), *([("render.bonuses_yangzhou", bonuses)]
                                                 if bonuses else [])]
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
    if value.startswith(("points:", "+points:")):
        n = int(value.split(":")[1])
        sign = "+" if value.startswith("+") else ""
        return sign + i18n.t("render.points_one" if n == 1 else "render.points", locale, n=n)
    if value.startswith("tai:"):
        return i18n.t("render.tai", locale, n=int(value.split(":")[1]))
    if value.startswith(("fan:", "+fan:")):
        sign = "+" if value.startswith("+") else ""
        return sign + i18n.t("render.fan", locale, n=int(value.split(":")[1]))
    return value



@dataclass(frozen=True)
class TextBox:
    """One line of text placed on the sheet, and the cell it must stay inside."""

    text: str
    x: float
    y: float
    size: int
    face: Face
    fill: RGB
    anchor: str = "la"  # "la" left, "ra" right (x is then the right edge)
    cell: tuple[float, float] = (0, WIDTH)  # the cell's left and right edges

    @property
    def width(self) -> float:
        return width_of(safe_text(self.text, self.face), self.size, self.face)

    @property
    def box(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the drawn line."""
        left = self.x - self.width if self.anchor == "ra" else self.x
        return (left, self.y, left + self.width, self.y + LINE.get(self.size, self.size + 6))


@dataclass
class SheetLayout:
    height: int
    texts: list[TextBox] = field(default_factory=list)
    hands: list[tuple[HandView, int, int]] = field(default_factory=list)  # (hand, x, y)
    rules_lines: list[int] = field(default_factory=list)  # y of each row's separator
    tile_widths: list[int] = field(default_factory=list)  # each hand's tile width


_TOKEN = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]|[^\s\u2e80-\u9fff"
                    r"\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+\s*|\s+")


def wrap(s: str, size: int, face: Face, max_width: float) -> list[str]:
    """``s`` in lines at most ``max_width`` px wide: Latin breaks at spaces, Chinese between
    any two characters; a word longer than a line is broken where it must be."""
    lines: list[str] = []
    line = ""
    for token in _TOKEN.findall(safe_text(s, face)):
        if width_of((line + token).rstrip(), size, face) <= max_width:
            line += token
            continue
        if line.strip():
            lines.append(line.rstrip())
        line = token.lstrip()
        while width_of(line.rstrip(), size, face) > max_width and len(line) > 1:
            cut = len(line)
            while cut > 1 and width_of(line[:cut], size, face) > max_width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]


def _sheet_hand(view: HandView, tile_w: int) -> tuple[list[list[int]], int, int]:
    """The example's tile groups (concealed, winning tile, each meld) and its (width, height)
    on one line."""
    wild = frozenset(view.wild_kinds)
    groups = [sorted(view.concealed, key=sort_key(wild)) if view.sort else list(view.concealed)]
    if view.drawn is not None:
        groups.append([view.drawn])
    if view.imagined is not None:  # 江南's 心皇, drawn as the tile it stands for (_draw)
        groups.append([view.imagined])
    groups += [list(m.tiles) for m in view.melds]
    tw, th = tile_size(tile_w)
    width = sum(len(g) * (tw + GAP) - GAP for g in groups) + MELD_GAP * (len(groups) - 1)
    return groups, width, th


def sheet_layout(
    rules: Rules,
    locale: object = "en",
    page: tuple[frozenset[tuple[str, str]], int, int] | None = None,
) -> SheetLayout:
    """Where every text and hand of the preset's sheet goes (see the module's note);
    ``page``: only the rows kept, (kept (section, id) rows, page number, pages)."""
    indicator: int | None = None
    try:
        wild = jokers.wild_kinds(rules)
    except jokers.JokerError:  # a joker chosen by an indicator: the sheet's example one
        indicator = parse_view_tiles(EXAMPLE_INDICATOR)[0]
        wild = jokers.wild_kinds(rules, indicator)
    full = (MARGIN, WIDTH - MARGIN)
    out = SheetLayout(0)
    y: float = MARGIN

    def para(s: str, size: int, fill: RGB, face: Face = "regular", cell: tuple[float, float] = full,
             top: float | None = None) -> float:
        """Wrapped lines from the cell's left edge; returns the y below them."""
        yy = y if top is None else top
        for line in wrap(s, size, face, cell[1] - cell[0]):
            out.texts.append(TextBox(line, cell[0], yy, size, face, fill, cell=cell))
            yy += LINE[size]
        return yy

    title = preset_name(rules.id, locale)
    if page is not None:
        title += "  " + i18n.t("render.page", locale, i=page[1], n=page[2])
    y = para(title, 40, GOLD_TEXT, "bold") + 6
    y = para(i18n.t(f"render.rules_values_{rules.family}", locale), 22, MUTED) + 6
    if wild:
        y = para(i18n.t("render.wild_legend", locale), 22, MUTED) + 6
    if indicator is not None:
        from render.hand import joker_words

        y = para(i18n.t(
            "render.example_joker", locale, ind=tile_name(indicator),
            kind=joker_words(rules.family, locale)[1],
            joker=" ".join(tile_name(k) for k in sorted(wild)),
        ), 22, MUTED) + 6
    y += 14
    other = "en" if i18n.normalize_locale(locale) != "en" else "zh-Hans"
    text_cell = (MARGIN, MARGIN + TEXT_COL - 20)
    hand_x = MARGIN + TEXT_COL
    sections = _sections(rules)
    if page is not None:
        sections = [(k, [(p, v) for p, v in items if (k, p) in page[0]]) for k, items in sections]
        sections = [(k, items) for k, items in sections if items]
    for key, items in sections:
        head = i18n.t(key, locale)
        out.texts.append(TextBox(head, MARGIN, y + 8, 28, "bold", GOLD_TEXT,
                                 cell=(MARGIN, WIDTH - MARGIN)))
        below = y + 8 + LINE[28]
        if key == "render.situations":
            note = i18n.t("render.situations_note", locale)
            room = WIDTH - MARGIN - (MARGIN + width_of(head, 28, "bold") + 24)
            if width_of(note, 20) <= room:  # beside the heading, else under it
                out.texts.append(TextBox(note, WIDTH - MARGIN, y + 14, 20, "regular", MUTED,
                                         "ra", cell=(WIDTH - MARGIN - room, WIDTH - MARGIN)))
            else:
                below = para(note, 20, MUTED, top=below)
        y = below + 12
        for pid, value in items:
            ex = FAMILY_EXAMPLES.get((rules.family, pid)) or EXAMPLES.get(pid)
            if ex is None:
                raise RenderError(f"no example hand for pattern {pid!r}")
            hand = ex.hand(wild)
            if rules.imagined:  # 江南: one tile of the example is the 心皇 (a dashed frame)
                held = list(hand.concealed)
                hand = dataclasses.replace(hand, concealed=held[:-1], imagined=held[-1])
            hand.check()
            out.rules_lines.append(round(y - 6))
            value_s = _value_text(value, locale)
            value_w = width_of(safe_text(value_s, "bold"), VALUE, "bold") if value_s else 0
            out.texts.append(TextBox(value_s, text_cell[1], y, VALUE, "bold", GOLD_TEXT, "ra",
                                     cell=(text_cell[1] - value_w, text_cell[1])))
            name_cell = (text_cell[0], text_cell[1] - value_w - (12 if value_w else 0))
            ty = para(pattern_name(pid, locale, rules.family), NAME, CREAM, "bold", name_cell,
                      top=y)
            # the name in the other language: after the name's last line if it fits there
            second = pattern_name(pid, other, rules.family)
            last = out.texts[-1]
            start = last.x + last.width + 10
            if width_of(safe_text(second, "regular"), OTHER) <= name_cell[1] - start:
                out.texts.append(TextBox(second, start, last.y + 6, OTHER, "regular", MUTED,
                                         cell=(start, name_cell[1])))
            else:
                ty = para(second, OTHER, MUTED, cell=text_cell, top=ty)
            ty = para(pattern_description(pid, locale, rules.family), DESC, MUTED, cell=text_cell,
                      top=ty + 2)
            tile_w = TILE_W
            _groups, hw, hh = _sheet_hand(hand, tile_w)
            while hw > WIDTH - MARGIN - hand_x and tile_w > MIN_TILE_W:
                tile_w -= 2  # a hand of four kongs takes smaller tiles
                _groups, hw, hh = _sheet_hand(hand, tile_w)
            if hw > WIDTH - MARGIN - hand_x:
                raise RenderError(f"the example hand of {pid!r} is wider than the sheet")
            out.hands.append((hand, hand_x, round(y)))
            out.tile_widths.append(tile_w)
            y = max(ty, y + hh) + 16
    out.height = int(y + MARGIN)
    return out


ROWS_PER_PAGE: Final = 24  # a long table (Guobiao's 82 fans) is drawn on several pages
ONE_PAGE_UP_TO: Final = 32  # the other games' sheets stay one picture


def rules_image(rules: Rules, locale: object = "en") -> Image.Image:
    """The preset's patterns and bonuses, each with an example hand, as an RGB image."""
    if not isinstance(rules, Rules):
        raise RenderError(f"rules_image needs a Rules preset, not {type(rules).__name__}")
    return _draw(sheet_layout(rules, locale))


def rules_pages(rules: Rules, locale: object = "en") -> list[Image.Image]:
    """The same sheet cut into pages of at most :data:`ROWS_PER_PAGE` rows (one page up to
    :data:`ONE_PAGE_UP_TO` rows), each page with its section headings and "page i / n"."""
    if not isinstance(rules, Rules):
        raise RenderError(f"rules_pages needs a Rules preset, not {type(rules).__name__}")
    items = [(key, pid) for key, pids in _sections(rules) for pid, _ in pids]
    if len(items) <= ONE_PAGE_UP_TO:
        return [rules_image(rules, locale)]
    n = -(-len(items) // ROWS_PER_PAGE)
    return [
        _draw(sheet_layout(rules, locale, (
            frozenset(items[i * ROWS_PER_PAGE : (i + 1) * ROWS_PER_PAGE]), i + 1, n,
        )))
        for i in range(n)
    ]  # fmt: skip


def _draw(layout: SheetLayout) -> Image.Image:
    img = canvas(WIDTH, layout.height)
    d = ImageDraw.Draw(img)
    for y in layout.rules_lines:
        d.line((MARGIN, y, WIDTH - MARGIN, y), fill=(44, 100, 74), width=1)
    for t in layout.texts:
        text(d, (t.x, t.y), t.text, t.size, t.fill, t.face, anchor=t.anchor)
    for i, (hand, x, y) in enumerate(layout.hands):
        tile_w = layout.tile_widths[i] if i < len(layout.tile_widths) else TILE_W
        groups, _, _ = _sheet_hand(hand, tile_w)
        wild = frozenset(hand.wild_kinds)
        imagined = 1 + (hand.drawn is not None) if hand.imagined is not None else -1
        for g, group in enumerate(groups):
            if g == imagined:
                draw_imagined(img, group[0], x, y, tile_w, "en")
                x += tile_size(tile_w)[0] + MELD_GAP
                continue
            x = paste_row(img, group, x, y, tile_w, wild, GAP) - GAP + MELD_GAP
    return img
