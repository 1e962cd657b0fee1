"""The riichi rules sheet's example hands have their yaku under the riichi scoring (each
yakuhai with its wind as the seat's or the round's, suu ankou self-drawn); the yaku of the
moment and the dora show a plain hand, which wins."""

from __future__ import annotations

from engine.melds import meld
from engine.riichi.hand import RiichiWin
from engine.riichi.score import score_riichi
from engine.rules import PRESETS
from engine.tiles import parse
from render.rules_examples_riichi import EXAMPLES, PINFU, PLAIN

WINDS = ("east", "south", "west", "north")
SELF_DRAWN = {"suu_ankou", "rinshan_kaihou"}


def _score(yid: str):
    concealed, win, melds = EXAMPLES[yid]
    seat = rnd = 1  # South: no wind yakuhai unless the example's wind is asked for
    for i, w in enumerate(WINDS):
        if yid == f"yakuhai_seat_wind_{w}":
            seat, rnd = i, (i + 1) % 4
        elif yid == f"yakuhai_round_wind_{w}":
            seat, rnd = (i + 1) % 4, i
    situations = frozenset({"kong_replacement"}) if yid == "rinshan_kaihou" else frozenset()
    return score_riichi(RiichiWin(
        concealed=tuple(sorted(parse(concealed) + parse(win))),
        melds=tuple(meld(k, t, c or None, 1 if c else None) for k, t, c in melds),
        win_tile=parse(win)[0], self_drawn=yid in SELF_DRAWN or yid == "menzen_tsumo",
        seat_wind=seat, round_wind=rnd, situations=situations, aka=False,
    ))


def test_every_riichi_yaku_has_an_example_and_it_shows_the_yaku():
    assert set(EXAMPLES) == {p for p, _ in PRESETS["riichi"].pattern_values}
    missing = []
    for yid, ex in EXAMPLES.items():
        got = _score(yid)
        if ex in (PLAIN,):
            assert got is not None or yid not in SELF_DRAWN, yid
            continue
        if got is None or yid not in got.patterns:
            missing.append((yid, None if got is None else got.patterns))
    assert missing == []
    assert _score("pinfu") is not None and EXAMPLES["pinfu"] == PINFU
