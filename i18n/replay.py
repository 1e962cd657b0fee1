"""Words of the replay pictures (``render.replay.*``) and the advice texts (``advice.*``)."""

from __future__ import annotations

from typing import Final

from i18n import register

# key: (zh-Hans, zh-Hant, en)
_TEXTS: Final[dict[str, tuple[str, str, str]]] = {
    "render.replay.deal": ("开局", "開局", "The deal"),
    "render.replay.seat": ("{n} 号位", "{n} 號位", "Seat {n}"),
    "render.replay.discard": ("{name} 打出 {tile}", "{name} 打出 {tile}", "{name} discards {tile}"),
    # two-player Sichuan: discards lie face down, so the replay names none until the end
    "render.replay.discard_down": ("{name} 打出一张牌", "{name} 打出一張牌", "{name} discards face down"),
    "render.replay.pung": ("{name} 碰 {tile}", "{name} 碰 {tile}", "{name} pongs {tile}"),
    "render.replay.kong": ("{name} 杠 {tile}", "{name} 槓 {tile}", "{name} kongs {tile}"),
    "render.replay.chow": ("{name} 吃 {tile}", "{name} 吃 {tile}", "{name} chows {tile}"),
    "render.replay.end": ("终局 · 亮牌", "終局 · 亮牌", "The end: every hand open"),
    "render.replay.won_on": ("{name} 和 {tile}（{how}）", "{name} 和 {tile}（{how}）",
                             "{name} wins on {tile} ({how})"),
    "render.replay.winners": ("{names} 胡牌", "{names} 胡牌", "{names} win, in that order"),
    "render.replay.result": ("结算", "結算", "The result"),
}

register({key: {"zh-Hans": a, "zh-Hant": b, "en": c} for key, (a, b, c) in _TEXTS.items()})
