"""Example hands of the riichi yaku for the rules sheet (:mod:`render.rules_sheet`): one win
for each yaku as ``(concealed, winning tile, melds)`` — melds as (kind, tiles, called tile).
Yaku of the moment a hand is won (riichi, ippatsu, tsumo, the last tile, the first turn) and
the dora show a plain closed hand: the tiles do not make them. ``tests/render/
test_rules_examples_riichi.py`` scores every other example under the riichi scoring."""

from __future__ import annotations

from typing import Final

Meld3 = tuple[str, str, str]

PLAIN: Final = ("234m567m345p678s5s", "5s", ())
PINFU: Final = ("234m567m345p78s55p", "6s", ())

EXAMPLES: Final[dict[str, tuple[str, str, tuple[Meld3, ...]]]] = {
    "menzen_tsumo": PLAIN,
    "riichi": PLAIN,
    "ippatsu": PLAIN,
    "chankan": PLAIN,
    "rinshan_kaihou": ("234m567m345p5s", "5s", (("concealed_kong", "7777s", ""),)),
    "haitei_raoyue": PLAIN,
    "houtei_raoyui": PLAIN,
    "double_riichi": PLAIN,
    "pinfu": PINFU,
    "tanyao": ("234m567m345p678s5s", "5s", ()),
    "iipeiko": ("223344m567p789s1z", "1z", ()),
    "yakuhai_haku": ("555z123m456p78s99s", "9s", ()),
    "yakuhai_hatsu": ("666z123m456p78s99s", "9s", ()),
    "yakuhai_chun": ("777z123m456p78s99s", "9s", ()),
    "yakuhai_seat_wind_east": ("111z123m456p78s99s", "9s", ()),
    "yakuhai_seat_wind_south": ("222z123m456p78s99s", "9s", ()),
    "yakuhai_seat_wind_west": ("333z123m456p78s99s", "9s", ()),
    "yakuhai_seat_wind_north": ("444z123m456p78s99s", "9s", ()),
    "yakuhai_round_wind_east": ("111z123m456p78s99s", "9s", ()),
    "yakuhai_round_wind_south": ("222z123m456p78s99s", "9s", ()),
    "yakuhai_round_wind_west": ("333z123m456p78s99s", "9s", ()),
    "yakuhai_round_wind_north": ("444z123m456p78s99s", "9s", ()),
    "sanshoku_doujun": ("123m123p123s789m5z", "5z", ()),
    "ittsu": ("123456789m234p5z", "5z", ()),
    "chantai": ("123m789p789s111z9m", "9m", ()),
    "honroutou": ("999p111z222z9s", "9s", (("pung", "111m", "1m"),)),
    "toitoi": ("555p77s22z", "7s", (("pung", "111m", "1m"), ("pung", "999s", "9s"))),
    "san_ankou": ("222m444p666s78m99p", "9m", ()),
    "san_kantsu": ("234p5z", "5z", (("kong", "1111m", "1m"), ("kong", "9999s", "9s"),
                                     ("concealed_kong", "7777p", ""))),
    "sanshoku_doukou": ("222m222p222s456m5z", "5z", ()),
    "chiitoitsu": ("1133m5577p2288s6z", "6z", ()),
    "shou_sangen": ("555z666z77z123m45p", "6p", ()),
    "honitsu": ("123456789m111z2z", "2z", ()),
    "junchan": ("123m789m123p789s1s", "1s", ()),
    "ryanpeikou": ("112233m778899p5s", "5s", ()),
    "chinitsu": ("1123445678999m", "3m", ()),
    "kokushi_musou": ("19m19p19s123456z1m", "7z", ()),
    "chuuren_poutou": ("1112345678899m", "9m", ()),
    "suu_ankou": ("111m333p555s77s99m", "7s", ()),  # self-drawn
    "daisangen": ("555z666z777z123m4m", "4m", ()),
    "shousuushii": ("111z222z333z44z12m", "3m", ()),
    "ryuuiisou": ("223344s666s888s6z", "6z", ()),
    "suu_kantsu": ("5z", "5z", (("kong", "1111m", "1m"), ("kong", "9999s", "9s"),
                                ("concealed_kong", "7777p", ""), ("kong", "2222p", "2p"))),
    "tsuu_iisou": ("111z222z333z555z6z", "6z", ()),
    "chinroutou": ("111m999m111p999p1s", "1s", ()),
    "dai_suushii": ("111z222z333z444z5m", "5m", ()),
    "kokushi_musou_juusanmen_matchi": ("19m19p19s1234567z", "1m", ()),
    "suu_ankou_tanki": ("111m333p555s777s9m", "9m", ()),
    "daburu_chuuren_poutou": ("1112345678999m", "5m", ()),
    "tenhou": PLAIN,
    "chiihou": PLAIN,
    "dora": PLAIN,
    "aka_dora": PLAIN,
    "ura_dora": PLAIN,
}
