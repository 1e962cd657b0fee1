"""The ``hard`` player: a strong local player.

- Discards by every paying target's distance and acceptance counted against all visible
  tiles, the exposed melds too (a wide acceptance counts; between two close discards toward
  a plain hand, the two-step acceptance decides), reading how soon the others may finish
  from what they show; wildcards kept unless throwing one is clearly better (or, folding,
  the only safe tile); weighs the preset's bonuses (Guangdong's bonus pungs, 飞牌 where a
  lone wildcard waits on anything) and the forms the game pays far more for than a plain
  hand (七对: Guobiao's 24 fans, Beijing's 4).
- Calls (pong, kong, chow) only when the hand's worth rises.
- Passes a discard win for a self-draw that pays much more when the wait is wide and the
  wall long (the rules pay a self-draw by three seats).
- Folds when a seat looks ready (calibrated: melds shown, how late it is) and its own hand
  is still far: tiles that seat threw or let pass first, 筋, away from the suit it collects;
  never against a seat that cannot win on a discard (Beijing after a chow or pong, Shanghai).
  Otherwise it pushes or folds by the numbers: every discard's chance of dealing in (the
  tile's danger read from the seat's discards, 筋, the neighbours' visible counts (壁), a flush
  being collected, 定缺) weighed against the hand's worth, a deal-in costing what the game
  makes the discarder pay beyond what that seat's win would cost anyway (Guobiao: the fans).
- In Guobiao it values its targets for speed (the 8 every payer pays makes a fast cheap hand
  worth more than its fans say) and aims at 组合龙, 花龙 and 清龙 (nine fixed tiles, a set and
  a pair) as targets of their own.
"""

from __future__ import annotations

import dataclasses

from engine.actions import Action
from engine.players.base import Observation
from engine.players.planner import Planner, Style

STYLE = Style(
    visible=True,
    defence=1.0,
    decline=True,
    claim_margin=0.1,
    bonuses=True,
    lookahead=True,
    hazard_reads=True,
    deep=True,
    speed=True,
    push_fold=True,
    fold_weight=0.3,
    walls=True,
)

# where a family plays better with other knobs (measured in duplicate play against
# ``normal``, docs/players.md): Taiwan pays (底 + 台), the 底 three 台, so a win's worth is
# flat and the speed of a hand decides: the hands of others end it sooner (hazard), the
# second and third targets count for nothing (flex), and it folds a little earlier
FAMILY_STYLES: dict[str, Style] = {
    "taiwan": dataclasses.replace(STYLE, hazard=0.12, flex=0.0, fold_threat=0.35),
}


class HardPlayer(Planner):
    style = STYLE

    def act(self, obs: Observation) -> Action:
        self.style = FAMILY_STYLES.get(obs.rules.family, type(self).style)
        return super().act(obs)
