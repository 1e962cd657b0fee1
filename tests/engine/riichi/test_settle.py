"""Paying riichi hands (engine.riichi.settle) and the end of the game (the family's
match_over): tsumo shares, honba, sticks, pao, tenpai payments, nagashi mangan; busting,
sudden death and agari-yame."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.family import WinFacts, family_of
from engine.melds import Meld, MeldKind
from engine.riichi.settle import settle_riichi, tsumo_shares
from engine.rules import get_rules
from engine.scoring.types import Score, WinContext
from engine.settlement import HandOutcome, WinRecord

RULES = get_rules("riichi")
FAMILY = family_of(RULES)


@pytest.mark.parametrize(
    ("points", "dealer", "shares"),
    [(1100, False, (500, 300)), (2700, False, (1300, 700)), (5200, False, (2600, 1300)),
     (8000, False, (4000, 2000)), (1500, False, (700, 400)), (1600, False, (800, 400)),
     (32000, False, (16000, 8000)), (12000, True, (4000, 4000)), (2100, True, (700, 700))],
)  # fmt: skip
def test_tsumo_shares_follow_from_the_total(points: int, dealer: bool, shares: tuple) -> None:
    assert tsumo_shares(points, dealer) == shares


def _win(seat: int, points: int, self_drawn: bool, discarder: int | None, liable=None):
    return WinRecord(seat, Score(points, ("riichi",)), self_drawn, discarder, liable)


def test_a_tsumo_with_honba_and_the_sticks_on_the_table() -> None:
    out = HandOutcome(wins=(_win(2, 4000, True, None),), dealer=0,
                      facts={"honba": 2, "pot": 1, "sticks": (2, 3)})  # fmt: skip
    st = settle_riichi(RULES, out)
    # a 4,000 non-dealer tsumo: 2,000 / 1,000 (+200 each for two honba); the winner takes
    # the stick on the table and the two put this hand (its own among them)
    assert st.deltas == (-2200, -1200, 4600 - 1000 + 3000, -1200 - 1000)


def test_pao_pays_the_whole_tsumo_and_half_a_ron() -> None:
    tsumo = settle_riichi(RULES, HandOutcome(wins=(_win(1, 32000, True, None, liable=3),),
                                             dealer=0, facts={"honba": 1}))  # fmt: skip
    assert tsumo.deltas == (0, 32300, 0, -32300)
    ron = settle_riichi(RULES, HandOutcome(wins=(_win(1, 32000, False, 2, liable=3),),
                                           dealer=0, facts={"honba": 1}))  # fmt: skip
    assert ron.deltas == (0, 32300, -16000, -16300)


def test_pao_answers_only_for_its_own_yakuman() -> None:
    # daisangen and tsuu iisou (26 han, 64,000): the liable seat answers for daisangen's half
    win = WinRecord(1, Score(64000, ("daisangen", "tsuu_iisou"), fan=26), True, None, 3)
    st = settle_riichi(RULES, HandOutcome(wins=(win,), dealer=0, facts={}))
    # 32,000 from the liable seat; the other 32,000 as a tsumo: 16,000 / 8,000 / 8,000
    assert st.deltas == (-16000, 64000, -8000, -8000 - 32000)
    ron = WinRecord(1, Score(64000, ("daisangen", "tsuu_iisou"), fan=26), False, 2, 3)
    st = settle_riichi(RULES, HandOutcome(wins=(ron,), dealer=0, facts={}))
    assert st.deltas == (0, 64000, -48000, -16000)


def test_pao_names_the_feeder_of_the_third_dragon_set() -> None:
    melds = (Meld(MeldKind.PUNG, (31,) * 3, 31, 2), Meld(MeldKind.CHOW, (0, 1, 2), 0, 0),
             Meld(MeldKind.PUNG, (32,) * 3, 32, 0), Meld(MeldKind.PUNG, (33,) * 3, 33, 3))  # fmt: skip
    facts = WinFacts(melds, WinContext(self_drawn=True))
    assert FAMILY.liable_seat(RULES, facts, Score(32000, ("daisangen",))) == 3
    assert FAMILY.liable_seat(RULES, facts, Score(8000, ("shou_sangen",))) is None


@pytest.mark.parametrize(
    ("tenpai", "deltas"),
    [((0,), (3000, -1000, -1000, -1000)), ((1, 2), (-1500, 1500, 1500, -1500)),
     ((0, 1, 3), (1000, 1000, -3000, 1000)), ((), (0, 0, 0, 0)), ((0, 1, 2, 3), (0, 0, 0, 0))],
)  # fmt: skip
def test_tenpai_payments(tenpai: tuple, deltas: tuple) -> None:
    out = HandOutcome(drawn=True, dealer=0, facts={"exhaustive": True, "tenpai": tenpai})
    assert settle_riichi(RULES, out).deltas == deltas


def test_nagashi_mangan_replaces_the_tenpai_payments() -> None:
    out = HandOutcome(drawn=True, dealer=0,
                      facts={"exhaustive": True, "tenpai": (1,), "nagashi": (2,), "honba": 3})  # fmt: skip
    assert settle_riichi(RULES, out).deltas == (-4000, -2000, 8000, -2000)
    dealer = HandOutcome(drawn=True, dealer=2, facts={"exhaustive": True, "nagashi": (2,)})
    assert settle_riichi(RULES, dealer).deltas == (-4000, -4000, 12000, -4000)


def _match(points, *, rounds_done=0, round_wind=0, dealer=0, hand_dealer=0, dealt=4,
           wins=(), remaining=10):  # fmt: skip
    hand = SimpleNamespace(
        ended=object(), round_wind=round_wind, dealer=hand_dealer,
        wins=[SimpleNamespace(seat=s) for s in wins], wall=SimpleNamespace(remaining=remaining),
    )  # fmt: skip
    carry = {f"p{s}": p for s, p in enumerate(points)}
    return SimpleNamespace(hand=hand, players=4, carry=carry, rounds_done=rounds_done,
                           dealt_this_round=set(range(dealt)), dealer=dealer, first_dealer=0)  # fmt: skip


def test_the_end_of_the_game() -> None:
    over = FAMILY.match_over
    assert over(RULES, _match([25000] * 4)) is False
    assert over(RULES, _match([-100, 40100, 30000, 30000])) is True  # busting
    assert over(RULES, _match([0, 40000, 30000, 30000])) is False  # exactly 0 plays on
    # after South 4: someone at 30,000 ends it; nobody: sudden death in the West
    assert over(RULES, _match([31000, 29000, 20000, 20000], rounds_done=2)) is True
    assert over(RULES, _match([29000, 29000, 22000, 20000], rounds_done=2)) is False
    assert over(RULES, _match([29000, 29000, 22000, 20000], rounds_done=3)) is True
    # agari-yame: South 4, the dealer (seat 3) wins and is alone on top at 30,000 or more
    last = dict(round_wind=1, dealer=3, hand_dealer=3, wins=(3,))
    assert over(RULES, _match([20000, 20000, 25000, 35000], **last)) is True
    assert over(RULES, _match([20000, 36000, 14000, 30000], **last)) is False  # not top
    # tenpai-yame: the dealer stays on tenpai at the exhaustive draw
    drawn = dict(round_wind=1, dealer=3, hand_dealer=3, remaining=0)
    assert over(RULES, _match([20000, 20000, 25000, 35000], **drawn)) is True
    # an abortive draw keeps the deal but does not end the game
    aborted = dict(round_wind=1, dealer=3, hand_dealer=3, remaining=5)
    assert over(RULES, _match([20000, 20000, 25000, 35000], **aborted)) is False
    # South 3's dealer staying is no agari-yame
    early = dict(round_wind=1, dealer=2, hand_dealer=2, dealt=3, wins=(2,))
    assert over(RULES, _match([20000, 20000, 35000, 25000], **early)) is False
