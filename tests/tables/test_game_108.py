"""The table driver for the 108-tile games: choices as buttons, their time-out defaults, and
a seat that has won in 血战 never asked again."""

from __future__ import annotations

from engine.hand import Phase
from tables.game import GameDriver


def test_void_suits_are_buttons_and_a_time_out_takes_the_weakest():
    d, _ = GameDriver.start("sichuan", {}, "t108", 1)
    h = d.hand
    assert h is not None and h.phase is Phase.CHOOSE
    assert set(d.acting()) == {0, 1, 2, 3}
    for seat in range(4):
        legal = d.legal(seat)
        assert [c.code for c in legal] == ["y", "y", "y"]
        assert sorted(c.arg for c in legal) == ["m", "p", "s"]
        assert all(c.kind == "choose_void" for c in legal)
        assert d.timeout_choice(seat) == legal[0]  # the family's weakest suit comes first
    step = d.step
    d.apply(0, d.legal(0)[0])
    assert d.step == step  # answers do not move the step: the others' buttons stay good
    assert set(d.acting()) == {1, 2, 3}


def test_the_exchange_offers_a_pick_per_suit_and_small_wins_one_button():
    d, _ = GameDriver.start("sichuan", {"exchange_three": True}, "t108x", 1)
    legal = d.legal(0)
    assert legal and all(c.kind == "choose_exchange" and len(c.tiles) == 3 for c in legal)
    found = False
    for n in range(40):
        cs, _ = GameDriver.start("changsha", {}, f"small{n}", 1)
        if cs.hand is not None and cs.hand.phase is Phase.CHOOSE:
            seat = next(iter(cs.acting()))
            kinds = [c.kind for c in cs.legal(seat)]
            assert kinds == ["choose_small_wins", "pass"]
            assert cs.timeout_choice(seat).arg == "declare"
            found = True
            break
    assert found


def test_a_seat_that_has_won_is_not_asked_again():
    d, _ = GameDriver.start("sichuan", {}, "t108w", 1)
    h = d.hand
    assert h is not None
    while not h.is_over:
        out = {s for s, st in enumerate(h.seats) if st.has_won}
        acting = d.acting()
        assert acting and not out & set(acting)
        for seat in out:
            assert d.legal(seat) == ()
        seat = next(iter(acting))
        d.apply(seat, d.computer_choice(seat))
    assert h.ended is not None and sum(h.ended.deltas) == 0
