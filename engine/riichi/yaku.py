"""The riichi yaku the project plays, with their han (rule page ``riichi.md``, "Patterns").

Ids are the reference library's yaku names in snake_case; :data:`YAKU` is in the library's
order (its ``yaku_id``), which is the order ``evaluate`` lists ``patterns`` in. ``closed`` /
``open`` are the han of a closed / open hand; an ``open`` of 0 means the yaku needs a closed
hand (a concealed kong keeps a hand closed). The dora ids count one han per dora tile.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Yaku:
    id: str
    closed: int
    open: int
    yakuman: bool = False

    def han(self, is_open: bool) -> int:
        """The han this yaku gives a closed or an open hand (the library's reading: the open
        han where the yaku has one, else the closed one)."""
        return self.open if is_open and self.open else self.closed


YAKU: Final[tuple[Yaku, ...]] = (
    Yaku("menzen_tsumo", 1, 0),
    Yaku("riichi", 1, 0),
    Yaku("ippatsu", 1, 0),
    Yaku("chankan", 1, 1),
    Yaku("rinshan_kaihou", 1, 1),
    Yaku("haitei_raoyue", 1, 1),
    Yaku("houtei_raoyui", 1, 1),
    Yaku("double_riichi", 2, 0),
    Yaku("pinfu", 1, 0),
    Yaku("tanyao", 1, 1),
    Yaku("iipeiko", 1, 0),
    Yaku("yakuhai_haku", 1, 1),
    Yaku("yakuhai_hatsu", 1, 1),
    Yaku("yakuhai_chun", 1, 1),
    Yaku("yakuhai_seat_wind_east", 1, 1),
    Yaku("yakuhai_seat_wind_south", 1, 1),
    Yaku("yakuhai_seat_wind_west", 1, 1),
    Yaku("yakuhai_seat_wind_north", 1, 1),
    Yaku("yakuhai_round_wind_east", 1, 1),
    Yaku("yakuhai_round_wind_south", 1, 1),
    Yaku("yakuhai_round_wind_west", 1, 1),
    Yaku("yakuhai_round_wind_north", 1, 1),
    Yaku("sanshoku_doujun", 2, 1),
    Yaku("ittsu", 2, 1),
    Yaku("chantai", 2, 1),
    Yaku("honroutou", 2, 2),
    Yaku("toitoi", 2, 2),
    Yaku("san_ankou", 2, 2),
    Yaku("san_kantsu", 2, 2),
    Yaku("sanshoku_doukou", 2, 2),
    Yaku("chiitoitsu", 2, 0),
    Yaku("shou_sangen", 2, 2),
    Yaku("honitsu", 3, 2),
    Yaku("junchan", 3, 2),
    Yaku("ryanpeikou", 3, 0),
    Yaku("chinitsu", 6, 5),
    Yaku("kokushi_musou", 13, 0, True),
    Yaku("chuuren_poutou", 13, 0, True),
    Yaku("suu_ankou", 13, 0, True),
    Yaku("daisangen", 13, 13, True),
    Yaku("shousuushii", 13, 13, True),
    Yaku("ryuuiisou", 13, 13, True),
    Yaku("suu_kantsu", 13, 13, True),
    Yaku("tsuu_iisou", 13, 13, True),
    Yaku("chinroutou", 13, 13, True),
    Yaku("dai_suushii", 26, 26, True),
    Yaku("kokushi_musou_juusanmen_matchi", 26, 0, True),
    Yaku("suu_ankou_tanki", 26, 0, True),
    Yaku("daburu_chuuren_poutou", 26, 0, True),
    Yaku("tenhou", 13, 0, True),
    Yaku("chiihou", 13, 0, True),
    Yaku("dora", 1, 1),
    Yaku("aka_dora", 1, 1),
    Yaku("ura_dora", 1, 0),
)

BY_ID: Final[dict[str, Yaku]] = {y.id: y for y in YAKU}
ORDER: Final[dict[str, int]] = {y.id: i for i, y in enumerate(YAKU)}
YAKU_IDS: Final[tuple[str, ...]] = tuple(y.id for y in YAKU)
DORA_IDS: Final = frozenset({"dora", "aka_dora", "ura_dora"})
