"""The words of every message, from the table service's views (pictures carry the rest).

Shared by the Discord cogs and the offline terminal; no Discord here.

Public texts never name a concealed tile: they are built from ``PublicView``,
``Notice`` and the end-of-hand views only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.tiles import is_flower
from i18n import has, normalize_locale
from i18n.bot_text import bt
from i18n.presets import preset_name
from tables import text_riichi
from tables.model import (
    ActionChoice,
    Mode,
    Notice,
    PrivateView,
    PublicView,
    SettlementView,
    StandingsView,
    Status,
    TableInfo,
    WinInfo,
)
from tables.ranked import pool_name, ranked

_TILE_TW = str.maketrans({"万": "萬", "条": "條", "东": "東", "发": "發", "兰": "蘭"})


def tile_label(tile: int | None, locale: object) -> str:
    """A tile's name, as a screen reader should say it: 五万 / 五萬 / 5 Characters."""
    from engine.tiles import EN_NAMES, ZH_NAMES

    if tile is None:
        return ""
    lang = normalize_locale(locale)
    if lang == "en":
        return EN_NAMES[tile]
    name = ZH_NAMES[tile]
    return name.translate(_TILE_TW) if lang == "zh-Hant" else name


def tiles_label(tiles: tuple[int, ...] | list[int], locale: object) -> str:
    """A row of tiles in text: 一万二万三万 in Chinese, compact notation (123m) in English."""
    from engine.tiles import format_tiles

    if normalize_locale(locale) == "en":
        return format_tiles(tiles)
    return "".join(tile_label(t, locale) for t in tiles)


def tiles_spoken(tiles: tuple[int, ...] | list[int], locale: object) -> str:
    """A few tiles by name for a button: "3-4-5 Characters" / 三万四万五万."""
    from engine.tiles import EN_NAMES

    if normalize_locale(locale) != "en":
        return tiles_label(tiles, locale)
    suited = [t for t in tiles if t < 27]
    if suited and len(suited) == len(tiles) and len({t // 9 for t in tiles}) == 1:
        suit = EN_NAMES[tiles[0]].split(" ", 1)[1]
        return "-".join(str(t % 9 + 1) for t in tiles) + f" {suit}"
    return ", ".join(EN_NAMES[t] for t in tiles)


_CHOICE_LABELS: dict[tuple[ActionChoice, str], str] = {}


def choice_label(choice: ActionChoice, locale: object) -> str:
    """A legal move's button label. The same few hundred moves come back on every turn of
    every table (a DM update labels up to 25 buttons): their labels are remembered."""
    key = (choice, normalize_locale(locale))
    out = _CHOICE_LABELS.get(key)
    if out is None:
        out = _choice_label(choice, locale)
        if len(_CHOICE_LABELS) < 8192:
            _CHOICE_LABELS[key] = out
    return out


def charleston_line(view: PrivateView, locale: object, left: str, untimed: str) -> str:
    """What the Charleston asks now: the pass (its number and direction) or the dealer's
    call of one more round."""
    if not view.pass_shift:
        return bt("hand.choose.charleston_more" + untimed, locale, left=left)
    n = int(view.choosing.removeprefix("charleston"))
    return bt("hand.choose.charleston" + untimed, locale, left=left, n=n,
              direction=bt(f"charleston.to.{view.pass_shift}", locale))


def _choice_label(choice: ActionChoice, locale: object) -> str:
    if choice.kind.startswith("choose_charleston") and choice.tiles:
        return bt("act.choose_charleston", locale, tiles=tiles_label(choice.tiles, locale))
    if choice.kind.startswith("choose_"):
        return bt(f"act.{choice.kind}.{choice.arg}" if not choice.tiles else f"act.{choice.kind}",
                  locale, tiles=tiles_label(choice.tiles, locale))
    key = {
        "discard": "act.discard", "pong": "act.pong", "kong": "act.kong",
        "concealed_kong": "act.concealed_kong", "added_kong": "act.added_kong",
        "laizi_kong": "act.laizi_kong",
        "chow": "act.chow", "win": "act.win", "self_draw": "act.self_draw", "pass": "act.pass",
        "false_win": "act.false_win", "lizhi": "act.lizhi", "riichi": "act.riichi",
        "declare_draw": "act.declare_draw",
    }[choice.kind]
    return bt(key, locale, tile=tile_label(choice.tile, locale),
              tiles=tiles_spoken(choice.tiles, locale))


def rules_name(preset: str, locale: object) -> str:
    """A preset's name (``i18n.presets``); an id no preset has is shown as it is."""
    return preset_name(preset, locale)


def level_name(level: str, locale: object) -> str:
    """A computer level in words (简单 / easy); an unknown kind is shown as it is."""
    return bt(f"level.{level}", locale) if has(f"level.{level}") else level


def player_name(name: str, level: str, locale: object) -> str:
    """A seat's name, with the level of the computer playing it ("CPU1 (hard computer)")."""
    return bt("level.computer", locale, name=name, level=level_name(level, locale)) if level else name


def _names(names: tuple[str, ...], levels: tuple[str, ...], locale: object) -> list[str]:
    return [player_name(n, levels[i] if i < len(levels) else "", locale)
            for i, n in enumerate(names)]


def seat_name(seat: int, locale: object, seats: int = 4) -> str:
    """A wind's name (East, South …): ``seat`` counts from the dealer, who is East. A table
    of another size has no winds: its seats are numbered in turn order, the dealer 1 (as the
    pictures label them)."""
    if seats != 4:
        return bt("seat.n", locale, n=seat % seats + 1)
    return bt(f"seat.{seat % 4 + 1}", locale)


def seat_wind(seat: int, dealer: int, locale: object, seats: int = 4) -> str:
    """The wind a seat sits in this hand, as the pictures show it: the dealer is East (seat 1
    at a table of another size)."""
    return seat_name((seat - dealer) % seats, locale, seats)


def plain(text: str) -> str:
    """A message without Discord's markdown (for the terminal)."""
    return text.replace("**", "").replace("`", "")


# A transport's pictures for a row of tiles (Discord's tile emoji), or None to use words.
Glyphs = Callable[[Sequence[int]], str | None]


def _tiles(tiles: tuple[int, ...] | list[int], locale: object, glyphs: Glyphs | None = None) -> str:
    if not tiles:
        return "—"
    if glyphs is not None and (row := glyphs(tiles)) is not None:
        return row
    return tiles_label(list(tiles), locale)


def _tile(tile: int, locale: object, glyphs: Glyphs | None = None) -> str:
    if glyphs is not None and (row := glyphs((tile,))) is not None:
        return f"{row} {tile_label(tile, locale)}"
    return tile_label(tile, locale)


def lobby_text(info: TableInfo, locale: object) -> str:
    host = next((s.name for s in info.seats if s is not None and s.user_id == info.host_id), "?")
    lines = [
        "**" + bt("lobby.title", locale, table=info.id, rules=rules_name(info.preset, locale)) + "**",
        bt("lobby.summary", locale, stake=info.stake, hands=info.hands, host=host),
    ]
    if len(info.seats) != 4:  # a table of another size says so before its seats are listed
        lines.append(bt("lobby.seats", locale, n=len(info.seats)))
    if info.options:
        lines.append(bt("lobby.options", locale,
                        options=", ".join(f"{k}={v}" for k, v in info.options)))
    for i, s in enumerate(info.seats):
        if s is None:
            who = bt("lobby.empty", locale)
        else:
            who = player_name(s.name, s.level if s.user_id is None else "", locale)
        lines.append(f"{seat_name(i, locale, len(info.seats))}: {who}")
    lines.append(bt("lobby.hints_on" if info.hints else "lobby.hints_off", locale))
    if ranked(info):
        lines.append(bt("lobby.ranked", locale) if len(info.seats) == 4
                     else bt("lobby.ranked_pool", locale, pool=pool_name(len(info.seats), locale)))
    if info.status is Status.CANCELLED:
        lines.append(bt("lobby.cancelled", locale, table=info.id))
    elif info.status is Status.PLAYING:
        lines.append(bt("lobby.started", locale, table=info.id))
    return "\n".join(lines)


def hand_text(
    view: PrivateView, info: TableInfo, locale: object, now_unix: float | None = None,
    timed: bool = True, glyphs: Glyphs | None = None,
) -> str:
    """The private message. With ``now_unix`` the timer is a Discord timestamp that counts
    down by itself (``<t:…:R>``); without, it reads "30 s"; ``timed=False`` (no timer runs,
    as offline) leaves it out. With ``glyphs`` the hand, the drawn tile and the melds are
    rows of tile pictures."""
    lines = [bt("hand.header", locale, table=info.id, hand=view.hand_no + 1,
                seat=seat_wind(view.seat, view.dealer, locale, view.seats))]
    lines.append(bt("hand.concealed", locale, tiles=_tiles(view.concealed, locale, glyphs)))
    if view.imagined:  # 江南: the imagined tile, read only at a win
        lines.append(bt("hand.imagined", locale))
    wild = [t for t in view.concealed if t in view.wild]
    if wild:  # flowers are wildcards here: say which, a player new to Baida may not know
        lines.append(bt("hand.wilds", locale, n=len(wild), tiles=_tiles(wild, locale)))
    if view.received:
        lines.append(bt("hand.received", locale, tiles=_tiles(view.received, locale, glyphs)))
    if view.drawn is not None:
        lines.append(bt("hand.drawn", locale, tile=_tile(view.drawn, locale, glyphs)))
    if view.dora is not None:
        lines.append(_dora_line("hand.dora", view.dora, locale))
    if view.lizhi:
        lines.append(bt("hand.lizhi", locale, n=view.lizhi))
    if view.indicator is not None:
        lines.append(_indicator_line("hand.indicator", view.indicator, view.wild, view.family,
                                     locale))
    if view.melds:
        lines.append(bt("hand.melds", locale,
                        melds=" ".join(_tiles(m.tiles, locale, glyphs) for m in view.melds)))
    secs = int(view.seconds) if view.seconds is not None else 0
    if now_unix is not None:
        left = f"<t:{int(now_unix + secs)}:R>"
    else:
        left = bt("time.seconds", locale, n=secs)
    untimed = "" if timed else ".untimed"
    if view.void_suit is not None:
        lines.append(bt("hand.void", locale, suit=bt(f"suit.{view.void_suit}", locale)))
    need = _suit_need(view.family)
    if need:  # 八枝 (Hefei): each suit counted, melds included and a kong as four
        tiles = [*view.concealed, *([] if view.drawn is None else [view.drawn]),
                 *(t for m in view.melds for t in m.tiles)]
        m, p, s = (sum(1 for t in tiles if lo <= t < lo + 9) for lo in (0, 9, 18))
        lines.append(bt("hand.suit_count", locale, m=m, p=p, s=s, n=need))
    if view.choosing.startswith("charleston") and view.mode is Mode.CLAIM:
        lines.append(charleston_line(view, locale, left, untimed))
    elif view.choosing and view.mode is Mode.CLAIM:
        lines.append(bt(f"hand.choose.{view.choosing}" + untimed, locale, left=left))
    elif view.out and view.mode is not Mode.OVER:
        # a seat that has won watches the others play on; it is not asked again
        won = _tile(view.won_tile, locale, glyphs) if view.won_tile is not None else "—"
        lines.append(bt("hand.out", locale, tile=won))
    elif view.mode is Mode.TURN:
        lines.append(bt("hand.your_turn" + untimed, locale, left=left))
    elif view.mode is Mode.CLAIM and view.claim_tile is not None:
        lines.append(bt("hand.claim" + untimed, locale, seat=info.name(view.claim_from or 0),
                        tile=_tile(view.claim_tile, locale, glyphs), left=left))
    elif view.mode is Mode.AFK:
        lines.append(bt("hand.autoplay", locale))
    elif view.mode is Mode.OVER:
        lines.append(bt("hand.over", locale))
    elif view.mode is Mode.WAIT:
        # Not whose turn it is: a waiting seat's message is not redrawn on other seats' moves
        # (Discord's edit limit per DM), so a name here would go stale; the table message shows it.
        lines.append(bt("hand.not_your_turn", locale))
    # a lock kept a win or claim on the last tile given up: say which rule, so a missing
    # button is not a mystery (过胡, 过碰, one's own discard, a discarded joker)
    lines.extend(bt(f"withheld.{code}", locale) for code in view.withheld)
    if view.riichi and view.mode is not Mode.OVER:
        lines.append(bt("hand.riichi_locked", locale))
    return "\n".join(lines)


def table_text(view: PublicView, locale: object, glyphs: Glyphs | None = None) -> str:
    """The public table in words; with ``glyphs`` rivers and melds are rows of pictures
    (a transport checks the length and asks again without them when too long)."""
    n = len(view.names)
    # a table of other than four seats has no winds (docs/engine.md, "Other table sizes"):
    # no round wind in its header, its seat count instead
    header = ("table.header", {"wind": seat_name(view.round_wind % 4, locale)}) if n == 4 \
        else ("table.header.seats", {"n": n})
    lines = [
        "**" + bt(header[0], locale, table=view.table_id,
                  rules=rules_name(view.rules_name, locale), hand=view.hand_no + 1,
                  hands=view.hands_total, dealer=view.names[view.dealer], **header[1]) + "**",
        bt("table.wall", locale, n=view.wall_remaining),
    ]
    if view.turn_seat is not None and not view.finished:
        lines.append(bt("table.turn", locale,
                        seat=seat_wind(view.turn_seat, view.dealer, locale, n),
                        name=view.names[view.turn_seat]))
    names = _names(view.names, view.levels, locale)
    points = text_riichi.points_of(view.marks)  # riichi: each seat's points, not chips
    for s in range(len(view.names)):
        # face-down discards: how many, never which
        river = ("🀫" * len(view.rivers[s]) if view.hidden_rivers
                 else _tiles(view.rivers[s], locale, glyphs))
        melds = " ".join(
            "🀫🀫🀫🀫" if m.face_down else _tiles(m.tiles, locale, glyphs)
            for m in view.melds[s]
        )
        line = bt("table.river", locale, seat=seat_wind(s, view.dealer, locale, n), name=names[s],
                  tiles=river)
        if view.lizhi and view.lizhi[s]:
            line += " " + bt("table.lizhi_mark", locale)  # the 立直 stick in front of the seat
        score = f"{points[s]:,}" if points is not None else f"{view.scores[s]:+d}"
        lines.append(line + (f" | {melds}" if melds else "") + f" ({score})")
    if view.indicator is not None:
        lines.append(_indicator_line("table.indicator", view.indicator, view.wild, view.family,
                                     locale))
    if view.dora is not None:
        lines.append(_dora_line("table.dora", view.dora, locale))
    if view.stakes:
        lines.append(bt("table.stakes", locale, n=view.stakes))
    if view.running and any(view.running):
        nets = " · ".join(f"{seat_wind(s, view.dealer, locale, n)} {net:+d}"
                          for s, net in enumerate(view.running))
        lines.append(bt("table.running", locale, nets=nets))
    lines.extend(marks_lines(view.marks, locale, view.dealer))
    lines.extend(text_riichi.riichi_lines(
        view.marks, locale, [seat_wind(s, view.dealer, locale, n) for s in range(n)]))
    if view.commitment:
        lines.append(bt("table.commit", locale, hash=view.commitment[:32]))
    return "\n".join(lines)


def joker_kind(family: str, locale: object) -> str:
    """What the game calls its joker (百搭, 惠牌, 财神)."""
    return bt(f"joker.{family}" if has(f"joker.{family}") else "joker.default", locale)


def _dora_line(key: str, indicator: int, locale: object) -> str:
    """宝牌 (option dora): the turned indicator and the kind it makes 宝牌."""
    from engine.jokers import dora_kind

    return bt(key, locale, tile=tile_label(indicator, locale),
              dora=tile_label(dora_kind(indicator), locale))


def _indicator_line(key: str, indicator: int, wild: tuple[int, ...], family: str,
                    locale: object) -> str:
    return bt(key, locale, tile=tile_label(indicator, locale), kind=joker_kind(family, locale),
              joker=_tiles(wild, locale))


def marks_lines(
    marks: tuple[tuple[str, tuple[int, ...]], ...], locale: object, dealer: int = 0
) -> list[str]:
    """The public facts of a hand in words (荒番, 烧庄 rounds, 互包 pairs, 花 counts); seats
    are named by their wind from ``dealer``."""
    out = []
    dice = next((values for name, values in marks if name == "dice"), ())
    for name, values in marks:
        if name == "huangfan" and values[0]:
            out.append(bt("table.huangfan", locale, n=values[0], x=2 ** values[0]))
            # where the count comes from: the dice thrown at the start, and the rule
            out.append(bt("table.huangfan_why", locale,
                          dice="-".join(map(str, dice)) if dice else "—"))
        elif name == "burn":
            out.append(bt("table.burn", locale, n=values[0]))
        elif name == "streak":  # Taiwan's 連N拉N: the dealer's 1 + 2N 台
            out.append(bt("table.streak", locale, seat=seat_wind(dealer, dealer, locale),
                          n=values[0], d=1 + 2 * values[0]))
        elif name == "deal_start":
            again = next((v for n, v in marks if n == "dice_again"), (0, 0))
            out.append(bt("table.dice_twice", locale, a="-".join(map(str, dice)), t=sum(dice),
                          seat=seat_wind(values[0], dealer, locale), b="-".join(map(str, again)),
                          u=sum(again), n=values[1]))
        elif name == "stand_in":
            out.append(bt("table.stand_in", locale, tile=tile_label(values[0], locale)))
        elif name == "kept_deal":
            out.append(bt("table.kept_deal", locale, n=values[0]))
        elif name == "deal_dice":  # 掷骰: the total counts seats from the dealer, the smaller
            a, b = values           # die is the stack where dealing began
            wall = seat_wind((dealer + a + b - 1) % 4, dealer, locale)
            out.append(bt("table.deal_dice", locale, a=a, b=b, total=a + b, wall=wall,
                          k=min(a, b)))
        elif name == "bound":
            out.append(bt("table.bound", locale, a=seat_wind(values[0], dealer, locale),
                          b=seat_wind(values[1], dealer, locale)))
        elif name == "bird" and values:
            continue  # all birds in one line, below
        elif name == "hua" and any(values):
            out.append(bt("table.hua", locale, counts=" · ".join(
                f"{seat_wind(s, dealer, locale)} {n}" for s, n in enumerate(values))))
    birds = [values[0] for name, values in marks if name == "bird" and values]
    if birds:  # 扎鸟: the tiles turned after the win, and what they do
        out.append(bt("table.birds", locale, tiles=", ".join(tile_label(t, locale) for t in birds)))
    return out


def notice_text(notice: Notice, locale: object, viewer: int | None = None) -> str:
    """A notice in words; addressed to ``viewer`` ("You pong 5m") when it is about their seat."""
    from engine.tiles import parse, parse_one

    key = notice.key
    if viewer is not None and notice.seat == viewer and has(key + ".you"):
        key += ".you"
    args = dict(notice.args)
    # tiles travel in notation; show them in the reader's language
    if isinstance(args.get("tile"), str) and args["tile"]:
        args["tile"] = tile_label(parse_one(args["tile"]), locale)
    if isinstance(args.get("tiles"), str) and args["tiles"]:
        args["tiles"] = tiles_label(parse(args["tiles"]), locale)
    if isinstance(args.get("joker"), str) and args["joker"]:
        args["joker"] = tiles_label(parse(args["joker"]), locale)
    if isinstance(args.get("wind"), int):  # a round wind
        args["wind"] = seat_name(args["wind"], locale)
    if isinstance(args.get("kind"), str):  # the game's joker name, by its family
        args["kind"] = joker_kind(args["kind"], locale)
    if isinstance(args.get("shift"), int):  # 换三张: which way the tiles went
        args["direction"] = bt(f"exchange.shift.{args.pop('shift')}", locale)
    if isinstance(args.get("suits"), list):  # 定缺: each seat's void suit
        names = args.pop("names", [])
        sep = ", " if normalize_locale(locale) == "en" else "，"
        args["voids"] = sep.join(bt("void.seat", locale, name=_you(n, viewer, i, notice, locale),
                                     suit=bt(f"suit.{v}", locale))
                                  for i, (n, v) in enumerate(zip(names, args.pop("suits"),
                                                                 strict=False)))
    return bt(key, locale, **args)


def _you(name: str, viewer: int | None, seat: int, notice: Notice, locale: object) -> str:
    """A seat's name in a notice about every seat: the reader's own reads "You"."""
    return bt("offline.you", locale) if viewer is not None and seat == viewer else name


ABORT_KEYS = {"nine_kinds": "abort.nine_kinds", "four_winds": "abort.four_winds",
              "four_riichi": "abort.four_riichi", "four_kongs": "abort.four_kongs",
              "three_rons": "abort.three_rons"}  # a riichi abortive draw's sentence


def settlement_text(view: SettlementView, locale: object, dealer: int | None = None,
                    viewer: int | None = None) -> str:
    """A hand's result; ``viewer`` is the reader's seat ("on your discard"), if they play."""

    lines = ["**" + bt("settlement.title", locale, hand=view.hand_no + 1) + "**"]
    names = _names(view.names, view.levels, locale)
    if view.drawn and view.abort:
        who = names[view.abort_seat] if view.abort_seat is not None else ""
        lines.append(bt(ABORT_KEYS[view.abort], locale, name=who))
    elif view.drawn:
        lines.append(bt("call.draw", locale))
    for w in view.wins:
        if w.self_drawn or w.from_seat is None:
            how = bt("settlement.self_drawn", locale)
        elif w.tile is not None and is_flower(w.tile):  # 七搶一: the flower of another
            how = bt("settlement.on_flower", locale, name=view.names[w.from_seat])
        elif w.from_seat == viewer:
            how = bt("settlement.on_your_discard", locale)
        else:
            how = bt("settlement.on_discard", locale, name=view.names[w.from_seat])
        if "false_win" in w.patterns:  # 诈胡: no win; the line below says what it cost
            lines.append(bt("settlement.false_win", locale, name=names[w.seat]))
            continue
        pats = _pattern_list(w.patterns, view.family, locale)
        points = _value(w, view.family, locale)
        if value_style(view) == "tai":  # Taiwan: (底 + 台) × unit, each 台 by name
            from tables.text_tai import tai_terms

            pats, points = tai_terms(view, w, locale)
        if w.yaku:  # riichi: each yaku with its han
            pats = text_riichi.yaku_list(w, locale)
        lines.append(bt("settlement.win", locale, name=names[w.seat], how=how, patterns=pats,
                        points=points, tile=tile_label(w.tile, locale) or "—"))
        lines.extend(text_riichi.win_lines(view, w, locale))
        if w.concealed or w.melds:  # the winning hand, shown to all at the end
            held = list(w.concealed)
            whole = 14 if w.imagined is None else 13  # 江南: 13 real tiles and the 心皇
            if w.tile is not None and len(held) + 3 * len(w.melds) < whole:
                held.append(w.tile)  # a discard it won on
            lines.append(bt("settlement.hand", locale, tiles=tiles_label(held, locale),
                            melds=" ".join(tiles_label(list(m.tiles), locale) for m in w.melds)
                            or "—"))
            if w.imagined is not None:
                lines.append(bt("settlement.imagined", locale, tile=tile_label(w.imagined, locale)))
    for reason, nets in view.extras():  # what moved besides the win, so the sums add up
        lines.append(bt("settlement.extra", locale, what=bt(f"settlement.extra.{reason}", locale),
                        nets=", ".join(f"{names[i]} {n:+d}" for i, n in enumerate(nets) if n)))
    lines.extend(marks_lines(tuple(m for m in view.marks if m[0] != "hua"), locale,
                             view.dealer if dealer is None else dealer))
    lines.extend(ledger_lines(view, locale, names))
    if text_riichi.points_of(view.marks) is not None:
        lines.extend(text_riichi.riichi_lines(
            view.marks, locale, [seat_wind(s, view.dealer, locale) for s in range(len(names))]))
        lines.extend(text_riichi.payment_lines(view, locale, names))
    lines.append(" · ".join(f"{names[i]} {view.chips[i]:+d}" for i in range(len(view.names))))
    lines.extend(cut_lines(view, locale, names))
    lines.append(bt("settlement.seed", locale, seed=view.seed, hash=view.commitment[:32]))
    return "\n".join(lines)


def value_style(view: SettlementView) -> str:
    """How the view's game values a win ("tai": Taiwan's (底 + 台) × unit); "" if unknown."""
    from engine.family import UnknownFamily, family_of
    from engine.rules import RulesError, get_rules

    try:
        return family_of(get_rules(view.rules_name)).value_style
    except (UnknownFamily, RulesError, KeyError):
        return ""


def _pattern_list(ids: Sequence[str], family: str, locale: object) -> str:
    """Pattern names, a repeated one once with its count ("Flower Tile ×3")."""
    from i18n.patterns import pattern_name

    counts: dict[str, int] = {}
    for p in ids:
        counts[p] = counts.get(p, 0) + 1
    sep = ", " if normalize_locale(locale) == "en" else "、"
    return sep.join(pattern_name(p, locale, family) + (f" ×{n}" if n > 1 else "")
                    for p, n in counts.items()) or "—"


def _value(w: WinInfo, family: str, locale: object) -> str:
    """A win's value in words: "1 point", "16 points"; in Guobiao the fan and what it costs
    ("16 fan: each pays 8 base + 16 fan")."""
    from engine.family import UnknownFamily, family_of

    try:
        fam = family_of(family) if family else None
    except UnknownFamily:
        fam = None
    if fam is not None and fam.points_are_fan and fam.fan_base:
        key = ("settlement.fan_self" if w.self_drawn or w.from_seat is None
               else "settlement.fan_discard")
        return bt(key, locale, fan=w.points, base=fam.fan_base)
    return bt("settlement.point" if w.points == 1 else "settlement.points", locale, n=w.points)


def cut_lines(view: SettlementView, locale: object,
              names: Sequence[str] | None = None) -> list[str]:
    """One line per payment cut by 以小博大 (or by what the payer held), then the rule."""
    if not view.cut:
        return []
    names = view.names if names is None else names
    out = [bt("settlement.cut", locale, payer=names[a], payee=names[b],
              owed=f"{owed:,}", paid=f"{paid:,}") for a, b, owed, paid in view.cut]
    out.append(bt("settlement.cut_rule", locale))
    return out


MAX_LEDGER_LINES = 30  # a 血战 hand rarely has more; the picture lists every one


def ledger_lines(view: SettlementView, locale: object, names: Sequence[str]) -> list[str]:
    """Every payment of an itemised hand in the order it fell due (刮风下雨 and 起手小胡 as
    they happened, each 血战 win, 查叫 …), in chips, between the seats' ``names``: the
    totals line below adds them up."""
    from i18n import t

    rows = view.ledger()
    if not rows:
        return []
    out = [t("render.ledger", locale) + ":"]
    for i, (payer, payee, amount, why) in enumerate(rows[:MAX_LEDGER_LINES], 1):
        # the amount, then what it is for in brackets ("1 Kongs" read as a count of kongs)
        out.append(f"{i}. {names[payer]} → {names[payee]}: {amount:,} "
                   f"({t(f'render.reason.{why}', locale)})")
    if len(rows) > MAX_LEDGER_LINES:
        out.append(f"… +{len(rows) - MAX_LEDGER_LINES}")
    return out


def standings_text(view: StandingsView, locale: object) -> str:
    lines = ["**" + bt("standings.title", locale) + "**",
             bt("standings.explain", locale, hands=view.hands_played)]
    order = sorted(range(len(view.names)), key=lambda i: -view.totals[i])
    for i in order:
        bal = view.balances[i]
        if bal is None:  # a computer has no account: it plays on the house's chips
            lines.append(bt("standings.row_house", locale, name=view.names[i],
                            delta=view.totals[i]))
        else:
            lines.append(bt("standings.row", locale, name=view.names[i], delta=view.totals[i],
                            chips=bal))
    lines.extend(text_riichi.final_lines(view, locale))
    return "\n".join(lines)


def _suit_need(family: str) -> int:
    """Tiles of one suit a win needs in ``family`` (Hefei's 八枝), or 0."""
    if not family:
        return 0
    from engine.family import UnknownFamily, family_of

    try:
        return family_of(family).one_suit_need
    except UnknownFamily:
        return 0
