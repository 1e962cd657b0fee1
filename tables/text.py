"""The words of every message, from the table service's views (pictures carry the rest).

Shared by the Discord cogs and the offline terminal; no Discord here.

Public texts never name a concealed tile: they are built from ``PublicView``,
``Notice`` and the end-of-hand views only.
"""

from __future__ import annotations

from engine.rules import PRESETS
from engine.tiles import tile_name
from i18n.bot_text import bt, normalize_locale
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
)

_TW = str.maketrans({"万": "萬", "条": "條", "东": "東", "发": "發", "兰": "蘭", "鸡": "雞",
                     "胡": "胡", "广": "廣", "搭": "搭", "源": "源", "正": "正", "将": "將"})


_TILE_TW = str.maketrans({"万": "萬", "条": "條", "东": "東", "发": "發", "兰": "蘭"})


def tile_label(tile: int | None, locale: object) -> str:
    """A tile's name for a button: 五万 / 五萬 / 5m."""
    from engine.tiles import ZH_NAMES

    if tile is None:
        return ""
    lang = normalize_locale(locale)
    if lang == "en":
        return tile_name(tile)
    name = ZH_NAMES[tile]
    return name.translate(_TILE_TW) if lang == "zh-TW" else name


def tiles_label(tiles: tuple[int, ...] | list[int], locale: object) -> str:
    from engine.tiles import format_tiles

    if normalize_locale(locale) == "en":
        return format_tiles(tiles)
    return "".join(tile_label(t, locale) for t in tiles)


def choice_label(choice: ActionChoice, locale: object) -> str:
    key = {
        "discard": "act.discard", "pong": "act.pong", "kong": "act.kong",
        "concealed_kong": "act.concealed_kong", "added_kong": "act.added_kong",
        "chow": "act.chow", "win": "act.win", "self_draw": "act.self_draw", "pass": "act.pass",
    }[choice.kind]
    return bt(key, locale, tile=tile_label(choice.tile, locale),
              tiles=tiles_label(choice.tiles, locale))


def rules_name(preset: str, locale: object) -> str:
    rules = PRESETS.get(preset)
    if rules is None:
        return preset
    lang = normalize_locale(locale)
    if lang == "en":
        return rules.name_en
    return rules.name_zh.translate(_TW) if lang == "zh-TW" else rules.name_zh


def seat_name(seat: int, locale: object) -> str:
    return bt(f"seat.{seat + 1}", locale)


def _tiles(tiles: tuple[int, ...] | list[int], locale: object) -> str:
    return tiles_label(list(tiles), locale) if tiles else "—"


def lobby_text(info: TableInfo, locale: object) -> str:
    host = next((s.name for s in info.seats if s is not None and s.user_id == info.host_id), "?")
    lines = [
        "**" + bt("lobby.title", locale, table=info.id, rules=rules_name(info.preset, locale)) + "**",
        bt("lobby.summary", locale, stake=info.stake, hands=info.hands, host=host),
    ]
    if info.options:
        lines.append(bt("lobby.options", locale,
                        options=", ".join(f"{k}={v}" for k, v in info.options)))
    for i, s in enumerate(info.seats):
        who = bt("lobby.empty", locale) if s is None else s.name
        lines.append(f"{seat_name(i, locale)}: {who}")
    if info.status is Status.CANCELLED:
        lines.append(bt("lobby.cancelled", locale, table=info.id))
    elif info.status is Status.PLAYING:
        lines.append(bt("lobby.started", locale, table=info.id))
    return "\n".join(lines)


def hand_text(
    view: PrivateView, info: TableInfo, locale: object, now_unix: float | None = None
) -> str:
    """The private message. With ``now_unix`` the timer is a Discord timestamp that counts
    down by itself (``<t:…:R>``); without, it reads "30 s"."""
    lines = [bt("hand.header", locale, table=info.id, hand=view.hand_no + 1,
                seat=seat_name(view.seat, locale))]
    lines.append(bt("hand.concealed", locale, tiles=_tiles(view.concealed, locale)))
    wild = [t for t in view.concealed if t in view.wild]
    if wild:  # flowers are wildcards here: say which, a player new to Baida may not know
        lines.append(bt("hand.wilds", locale, n=len(wild), tiles=_tiles(wild, locale)))
    if view.drawn is not None:
        lines.append(bt("hand.drawn", locale, tile=tile_label(view.drawn, locale)))
    if view.indicator is not None:
        lines.append(_indicator_line("hand.indicator", view.indicator, view.wild, view.family,
                                     locale))
    if view.melds:
        lines.append(bt("hand.melds", locale,
                        melds=" ".join(_tiles(m.tiles, locale) for m in view.melds)))
    secs = int(view.seconds) if view.seconds is not None else 0
    if now_unix is not None:
        left = f"<t:{int(now_unix + secs)}:R>"
    else:
        left = bt("time.seconds", locale, n=secs)
    if view.mode is Mode.TURN:
        lines.append(bt("hand.your_turn", locale, left=left))
    elif view.mode is Mode.CLAIM and view.claim_tile is not None:
        lines.append(bt("hand.claim", locale, seat=info.name(view.claim_from or 0),
                        tile=tile_label(view.claim_tile, locale), left=left))
    elif view.mode is Mode.AFK:
        lines.append(bt("hand.autoplay", locale))
    elif view.mode is Mode.OVER:
        lines.append(bt("hand.over", locale))
    elif view.mode is Mode.WAIT:
        # Not whose turn it is: a waiting seat's message is not redrawn on other seats' moves
        # (Discord's edit limit per DM), so a name here would go stale; the table message shows it.
        lines.append(bt("hand.not_your_turn", locale))
    return "\n".join(lines)


def table_text(view: PublicView, locale: object) -> str:
    lines = [
        "**" + bt("table.header", locale, table=view.table_id,
                  rules=rules_name(view.rules_name, locale), hand=view.hand_no + 1,
                  hands=view.hands_total, wind=seat_name(view.round_wind % 4, locale),
                  dealer=view.names[view.dealer]) + "**",
        bt("table.wall", locale, n=view.wall_remaining),
    ]
    if view.turn_seat is not None and not view.finished:
        lines.append(bt("table.turn", locale, seat=seat_name(view.turn_seat, locale),
                        name=view.names[view.turn_seat]))
    for s in range(4):
        river = _tiles(view.rivers[s], locale)
        melds = " ".join(
            "🀫🀫🀫🀫" if m.kind.is_concealed else _tiles(m.tiles, locale) for m in view.melds[s]
        )
        line = bt("table.river", locale, seat=seat_name(s, locale), name=view.names[s],
                  tiles=river)
        lines.append(line + (f" | {melds}" if melds else "") + f" ({view.scores[s]:+d})")
    if view.indicator is not None:
        lines.append(_indicator_line("table.indicator", view.indicator, view.wild, view.family,
                                     locale))
    lines.extend(marks_lines(view.marks, locale))
    if view.commitment:
        lines.append(bt("table.commit", locale, hash=view.commitment[:32]))
    return "\n".join(lines)


def joker_kind(family: str, locale: object) -> str:
    """What the game calls its joker (百搭, 惠牌, 财神)."""
    text = bt(f"joker.{family}", locale)
    return text if text != f"joker.{family}" else bt("joker.default", locale)


def _indicator_line(key: str, indicator: int, wild: tuple[int, ...], family: str,
                    locale: object) -> str:
    return bt(key, locale, tile=tile_label(indicator, locale), kind=joker_kind(family, locale),
              joker=_tiles(wild, locale))


def marks_lines(marks: tuple[tuple[str, tuple[int, ...]], ...], locale: object) -> list[str]:
    """The public facts of a hand in words (荒番, 烧庄 rounds, 互包 pairs, 花 counts)."""
    out = []
    for name, values in marks:
        if name == "huangfan" and values[0]:
            out.append(bt("table.huangfan", locale, n=values[0], x=2 ** values[0]))
        elif name == "burn":
            out.append(bt("table.burn", locale, n=values[0]))
        elif name == "bound":
            out.append(bt("table.bound", locale, a=seat_name(values[0], locale),
                          b=seat_name(values[1], locale)))
        elif name == "hua" and any(values):
            out.append(bt("table.hua", locale, counts=" · ".join(
                f"{seat_name(s, locale)} {n}" for s, n in enumerate(values))))
    return out


def notice_text(notice: Notice, locale: object) -> str:
    from engine.tiles import parse, parse_one

    args = dict(notice.args)
    # tiles travel in notation; show them in the reader's language
    if isinstance(args.get("tile"), str) and args["tile"]:
        args["tile"] = tile_label(parse_one(args["tile"]), locale)
    if isinstance(args.get("tiles"), str) and args["tiles"]:
        args["tiles"] = tiles_label(parse(args["tiles"]), locale)
    if isinstance(args.get("joker"), str) and args["joker"]:
        args["joker"] = tiles_label(parse(args["joker"]), locale)
    if isinstance(args.get("kind"), str):  # the game's joker name, by its family
        args["kind"] = joker_kind(args["kind"], locale)
    return bt(notice.key, locale, **args)


def settlement_text(view: SettlementView, locale: object) -> str:
    lines = ["**" + bt("settlement.title", locale, hand=view.hand_no + 1) + "**"]
    if view.drawn:
        lines.append(bt("call.draw", locale))
    for w in view.wins:
        key = "call.self_draw" if w.self_drawn else "call.win"
        pats = ", ".join(w.patterns)
        lines.append(f"{bt(key, locale, name=view.names[w.seat])} {pats} ({w.points})"
                     + (f" · {tile_name(w.tile)}" if w.tile is not None else ""))
    lines.extend(marks_lines(tuple(m for m in view.marks if m[0] != "hua"), locale))
    lines.append(" · ".join(f"{view.names[i]} {view.chips[i]:+d}" for i in range(len(view.names))))
    lines.extend(cut_lines(view, locale))
    lines.append(bt("table.reveal", locale, seed=view.seed))
    return "\n".join(lines)


def cut_lines(view: SettlementView, locale: object) -> list[str]:
    """One line per payment cut by 以小博大 (or by what the payer held), then the rule."""
    if not view.cut:
        return []
    out = [bt("settlement.cut", locale, payer=view.names[a], payee=view.names[b],
              owed=f"{owed:,}", paid=f"{paid:,}") for a, b, owed, paid in view.cut]
    out.append(bt("settlement.cut_rule", locale))
    return out


def standings_text(view: StandingsView, locale: object) -> str:
    lines = ["**" + bt("standings.title", locale) + "**"]
    order = sorted(range(len(view.names)), key=lambda i: -view.totals[i])
    for i in order:
        bal = view.balances[i]
        lines.append(bt("standings.row", locale, seat=seat_name(i, locale), name=view.names[i],
                        delta=view.totals[i], chips="—" if bal is None else bal))
    return "\n".join(lines)
