"""七搶一 in the deal's 補花 (rule page ``taiwan.md``: "when a player shows the eighth flower
while another holds the seven, the holder of the seven may take it and win"). The deal's
flowers are set aside round by round from the dealer, so the eighth may lie by one seat
before another sets his seventh aside: the holder of the seven is offered it either way,
and its owner pays as a discarder; passing, he takes his replacement and the deal goes on."""

from __future__ import annotations

from engine.actions import Pass, Win
from engine.events import HandEnded, Won
from engine.hand.replay import replay_events
from engine.rules import get_rules
from engine.tiles import parse
from tests.engine.hand.helpers import rigged

TW = get_rules("taiwan")

E17 = "2468m1s5689s1234z677z5p"
W16 = "1379m1279s89p1234z66z"
N16 = "123p34p567p789p234p99p"
W_8F = "8f" + W16.replace("89p", "9p")  # W is dealt the eighth flower
E_8F = E17.replace("5p", "8f")  # the dealer is dealt it (shown first of all)
S_SEVEN = "1234567f" + "123m456m789m"  # S is dealt seven flowers
S_SIX = "123456f" + "123m456m789m1p"  # six, the seventh comes as a replacement
TAIL = "1s2s3s4s5s6s7s9s"


def one(tile: str) -> int:
    return parse(tile)[0]


def flowers(h, seat: int) -> str:
    return "".join(f"{t - one('1f') + 1}" for t in h.seats[seat].flowers) + "f"


def test_the_seventh_as_a_replacement_takes_the_eighth_shown_before():
    # round 1: S sets six aside (7f among the replacements), W the 8f; round 2: S sets 7f
    # aside and holds seven with the eighth by W: S is offered W's 8f
    tail = "1s2s3s4s5s7f9s8s"
    h = rigged(TW, [E17, S_SIX, W_8F, N16], tail=tail)
    assert h.phase == "rob" and h.awaiting() == (1,)
    assert flowers(h, 1) == "1234567f" and flowers(h, 2) == "8f"
    assert h.window is not None and (h.window.seat, h.window.tile) == (2, one("8f"))
    events = h.act(Win(1))
    won = [e for e in events if isinstance(e, Won)]
    assert [(w.seat, w.from_seat, w.tile, w.patterns) for w in won] == [
        (1, 2, one("8f"), ("seven_rob_one",))
    ]
    end = next(e for e in events if isinstance(e, HandEnded))
    assert end.payments == ((2, 1, 3 + 8, "win"),)  # W pays as a discarder
    assert replay_events(h.events).ended == end


def test_the_dealer_who_showed_the_eighth_first_pays_with_his_dealer_tai():
    # the dealer sets 8f aside first; S then sets his seven aside: S takes the dealer's 8f,
    # and the dealer pays 底 3 + 8 + his 1 (N = 0)
    h = rigged(TW, [E_8F, S_SEVEN, W16, N16], tail=TAIL)
    assert h.phase == "rob" and h.awaiting() == (1,)
    assert (h.window.seat, h.window.tile) == (0, one("8f"))
    end = next(e for e in h.act(Win(1)) if isinstance(e, HandEnded))
    assert end.payments == ((0, 1, 3 + 8 + 1, "win"),)
    assert end.deltas == (-12, 12, 0, 0)


def test_the_eighth_shown_after_the_seven_in_the_deal_is_offered_too():
    h = rigged(TW, [E17, S_SEVEN, W_8F, N16], tail=TAIL)
    assert h.phase == "rob" and h.awaiting() == (1,)
    assert (h.window.seat, h.window.tile) == (2, one("8f"))
    end = next(e for e in h.act(Win(1)) if isinstance(e, HandEnded))
    assert end.payments == ((2, 1, 11, "win"),)


def test_passing_the_offer_the_deal_goes_on():
    tail = "1s2s3s4s5s7f9s8s"
    h = rigged(TW, [E17, S_SIX, W_8F, N16], tail=tail)
    h.act(Pass(1))
    # S takes his replacement for 7f; nobody holds a flower: the dealer plays
    assert h.phase == "turn" and h.turn == 0 and h.awaiting() == (0,) and h.window is None
    assert not h.wins and flowers(h, 1) == "1234567f"
    assert h.seats[1].counts[one("8s")] == 1  # the replacement
    assert sum(sum(st.counts) for st in h.seats) == 17 + 3 * 16


def test_without_the_flower_win_option_nothing_is_offered():
    rules = get_rules("taiwan", {"flower_win": False})
    h = rigged(rules, [E17, S_SIX, W_8F, N16], tail="1s2s3s4s5s7f9s8s")
    assert h.phase == "turn" and h.awaiting() == (0,)
    assert flowers(h, 1) == "1234567f" and flowers(h, 2) == "8f"
