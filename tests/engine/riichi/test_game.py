"""The riichi table game on rigged walls (rule page ``riichi.md``, "Play", "Draws", honba and
sticks): riichi offered only when legal, the locked hand, ippatsu and its break, ura-dora,
furiten of every kind with its reason, double ron, abortive draws, tenpai payments."""

from __future__ import annotations

import pytest

from engine.actions import Discard, IllegalAction, Pass, Pong, Riichi, Win
from engine.hand import HandState
from engine.hand.types import Phase
from engine.hand_setup import HandSetup
from engine.rules import Rules, get_rules
from engine.tiles import parse, parse_one

RULES = get_rules("riichi", {"aka": 0})  # plain fives: the red ones have tests of their own
AKA = get_rules("riichi")

# three seats of scattered tiles that neither win nor call on the tiles these tests throw
S1 = "147m258p369s1234z"
S2 = "258m369p147s5566z"
S3 = "369m147p258s1234z"


def T(x: str) -> int:
    return parse_one(x)


def setup(
    hands: list[str],
    draws: str = "",
    *,
    tail: str = "",
    dora: str = "2p",
    ura: str = "2p",
    rules: Rules = RULES,
) -> HandSetup:
    s = HandSetup.dealt(rules, hands, draws=draws, tail=tail, dealer=0)
    return s.at_dora(0, dora).at_dora(0, ura, ura=True)


def pass_all(h: HandState) -> None:
    """Every seat asked about the open window passes."""
    while h.phase is Phase.CLAIM and h.awaiting():
        h.act(Pass(h.awaiting()[0]))


def tsumogiri(h: HandState, seat: int) -> None:
    """``seat`` (to play, having drawn) discards the tile it drew; the others pass."""
    assert h.turn == seat and h.drawn_tile is not None
    h.act(Discard(seat, h.drawn_tile))
    pass_all(h)


def test_riichi_is_offered_for_the_discards_that_leave_the_hand_ready() -> None:
    h = setup(["123m456m789p11s23s7z", S1, S2, S3]).start()
    legal = h.legal_actions(0)
    # 7z leaves 1s-4s; 1s leaves a 7z wait; nothing else leaves the hand ready
    assert legal.riichi == (T("1s"), T("7z"))
    assert legal.discards == (T("1m"), T("2m"), T("3m"), T("4m"), T("5m"), T("6m"), T("7p"),
                              T("8p"), T("9p"), T("1s"), T("2s"), T("3s"), T("7z"))
    with pytest.raises(IllegalAction) as e:
        h.act(Riichi(0, T("1m")))
    assert e.value.code == "cannot_riichi"


def test_no_riichi_without_a_thousand_points() -> None:
    s = setup(["123m456m789p11s23s7z", S1, S2, S3])
    h = s.start(carry={"p0": 900, "p1": 33100, "p2": 33000, "p3": 33000})
    assert h.legal_actions(0).riichi == ()
    with pytest.raises(IllegalAction, match="1,000 points"):
        h.act(Riichi(0, T("7z")))


def test_double_riichi_ippatsu_tsumo_with_ura_dora_and_the_stick() -> None:
    # dealer riichi on 7z, its first discard (double riichi), waits 1s-4s; the three others
    # throw what they draw; the dealer draws 4s: double riichi, ippatsu, menzen tsumo,
    # pinfu and one ura-dora (3m under the indicator: 4m held)
    h = setup(["123m456m789p11s23s7z", S1, S2, S3], draws="9m1p9s4s", ura="3m").start()
    h.act(Riichi(0, T("7z")))
    pass_all(h)
    for seat in (1, 2, 3):
        tsumogiri(h, seat)
    assert h.turn == 0 and h.drawn_tile == T("4s")
    h.act(Win(0))
    won = next(e for e in h.events if e.type == "won")
    assert set(won.patterns) == {"menzen_tsumo", "double_riichi", "ippatsu", "pinfu", "ura_dora"}
    assert won.value == 18000 and won.fan == 6  # haneman, 6,000 all
    end = h.ended
    assert end is not None
    # the dealer put a stick and took it back: +18,000 net
    assert end.deltas == (18000, -6000, -6000, -6000)


def test_a_later_riichi_is_plain_riichi_and_puts_its_stick_once_it_passes() -> None:
    # the dealer throws 9s first, then declares riichi on 7z
    hands = ["123m456m789p11s23s7z", S1, S2, S3]
    h = setup(hands, draws="9m1p9s5s").start()
    tsumogiri_first = Discard(0, T("7z"))
    h.act(tsumogiri_first)
    pass_all(h)
    for seat in (1, 2, 3):
        tsumogiri(h, seat)
    assert h.legal_actions(0).riichi == (T("1s"), T("2s"), T("5s"))
    h.act(Riichi(0, T("5s")))
    # nobody may claim 5s: the window closes at once, seat 1 draws, the stick is down
    pass_all(h)
    assert h.table.riichi == [1, 0, 0, 0] and h.table.sticks[0]
    assert h.seats[0].calls_closed


def test_a_call_ends_ippatsu() -> None:
    # seat 1 throws 5z, seat 2 pongs it: every ippatsu is broken
    h2 = setup(["123m456m789p11s23s7z", S1, S2, S3], draws="5z9s4s").start()
    h2.act(Riichi(0, T("7z")))
    pass_all(h2)
    h2.act(Discard(1, T("5z")))
    h2.act(Pong(2))
    assert not h2.table.ippatsu[0]
    h2.act(Discard(2, T("2m")))
    pass_all(h2)
    tsumogiri(h2, 3)
    assert h2.drawn_tile == T("4s")
    h2.act(Win(0))
    won = next(e for e in h2.events if e.type == "won")
    assert "double_riichi" in won.patterns and "ippatsu" not in won.patterns


def test_the_riichi_hand_discards_only_what_it_draws() -> None:
    h = setup(["123m456m789p11s23s7z", S1, S2, S3], draws="9m1p9s8p").start()
    h.act(Riichi(0, T("7z")))
    pass_all(h)
    for seat in (1, 2, 3):
        tsumogiri(h, seat)
    legal = h.legal_actions(0)
    assert legal.discards == (T("8p"),) and legal.riichi == () and not legal.win
    with pytest.raises(IllegalAction):
        h.act(Discard(0, T("1m")))


def test_discard_furiten_withholds_the_ron_with_its_reason() -> None:
    # the dealer throws 1s and waits on 1s-4s: furiten; seat 1 throws 4s
    h = setup(["123m456m789p111s23s", S1, S2, S3], draws="4s").start()
    h.act(Discard(0, T("1s")))
    pass_all(h)
    h.act(Discard(1, T("4s")))
    legal = h.legal_actions(0)
    assert not legal.win
    assert ("win", "furiten_discard") in legal.withheld
    with pytest.raises(IllegalAction) as e:
        h.act(Win(0))
    assert e.value.code == "furiten_discard"


def test_temporary_furiten_until_the_next_discard() -> None:
    # dealer ready on 1s-4s with pinfu (no riichi); seat 1 throws 4s, the dealer passes;
    # seat 2 throws 1s: withheld (temporary); after the dealer's own discard it may ron again
    h = setup(["123m456m789p11s23s7z", S1, S2, S3], draws="4s1s9p9m4s").start()
    h.act(Discard(0, T("7z")))
    pass_all(h)
    h.act(Discard(1, T("4s")))
    assert h.legal_actions(0).win
    h.act(Pass(0))
    pass_all(h)
    h.act(Discard(2, T("1s")))
    legal = h.legal_actions(0)
    assert not legal.win and ("win", "furiten_temporary") in legal.withheld
    pass_all(h)
    tsumogiri(h, 3)  # 9p
    tsumogiri(h, 0)  # 9m: the dealer's own discard ends it
    h.act(Discard(1, T("4s")))
    assert h.legal_actions(0).win


def test_riichi_furiten_lasts_the_hand() -> None:
    h = setup(["123m456m789p11s23s7z", S1, S2, S3], draws="4s1s9p9m4s").start()
    h.act(Riichi(0, T("7z")))
    pass_all(h)
    h.act(Discard(1, T("4s")))
    h.act(Pass(0))
    pass_all(h)
    h.act(Discard(2, T("1s")))
    assert ("win", "furiten_riichi") in h.legal_actions(0).withheld
    pass_all(h)
    tsumogiri(h, 3)
    tsumogiri(h, 0)
    h.act(Discard(1, T("4s")))
    legal = h.legal_actions(0)
    assert not legal.win and ("win", "furiten_riichi") in legal.withheld


DEALER_JUNK = "19m19p19s1234567z5p"  # 14 tiles, throws 5p
RON_A = "234m678m34p456s88s"  # waits 2p-5p: tanyao, pinfu
RON_B = "234p678p46p345s77s"  # waits 5p (kanchan): tanyao
OTHER = "357m357s99s2233z4z"


def test_double_ron_both_paid_honba_to_each_sticks_to_the_nearest() -> None:
    s = setup([DEALER_JUNK, RON_A, RON_B, OTHER], dora="9m", ura="9m")
    h = s.start(carry={"honba": 1, "sticks": 1})
    h.act(Discard(0, T("5p")))
    assert h.legal_actions(1).win and h.legal_actions(2).win
    h.act(Win(1))
    h.act(Win(2))
    end = h.ended
    assert end is not None and end.winners == (1, 2)
    wins = [e for e in h.events if e.type == "won"]
    assert [w.value for w in wins] == [2000, 1300]
    # the dealer pays each win and its honba; the stick on the table goes to seat 1
    assert end.deltas == (-(2300 + 1600), 2300 + 1000, 1600, 0)


def test_three_rons_are_an_abortive_draw() -> None:
    ron_c = "234s678s34p456m99m"  # waits 2p-5p too
    s = setup([DEALER_JUNK, RON_A, RON_B, ron_c], dora="1s", ura="1s")
    h = s.start()
    h.act(Discard(0, T("5p")))
    for seat in (1, 2, 3):
        h.act(Win(seat))
    end = h.ended
    assert end is not None and end.drawn and end.winners == ()
    assert end.deltas == (0, 0, 0, 0) and end.next_dealer == 0


def test_head_bump_and_all_rons() -> None:
    ron_c = "234s678s34p456m99m"
    hands = [DEALER_JUNK, RON_A, RON_B, ron_c]
    bump = get_rules("riichi", {"aka": 0, "multiple_ron": "head_bump"})
    h = setup(hands, dora="1s", ura="1s", rules=bump).start()
    h.act(Discard(0, T("5p")))
    for seat in (1, 2, 3):
        h.act(Win(seat))
    assert h.ended is not None and h.ended.winners == (1,)
    every = get_rules("riichi", {"aka": 0, "multiple_ron": "all"})
    h = setup(hands, dora="1s", ura="1s", rules=every).start()
    h.act(Discard(0, T("5p")))
    for seat in (1, 2, 3):
        h.act(Win(seat))
    assert h.ended is not None and h.ended.winners == (1, 2, 3)


def test_four_winds_are_an_abortive_draw() -> None:
    hands = ["123m456m789p11s23s1z", "147m258p369s1z234z"[:0] + "147m258p369s1567z",
             "258m369p147s1566z", "369m147p258s1237z"]  # fmt: skip
    h = setup(hands, draws="9m9p9s").start()
    h.act(Discard(0, T("1z")))
    pass_all(h)
    for seat in (1, 2, 3):
        h.act(Discard(seat, T("1z")))
        pass_all(h)
    end = h.ended
    assert end is not None and end.drawn and end.next_dealer == 0
    assert sum(e.type == "discarded" for e in h.events) == 4


def test_four_riichi_are_an_abortive_draw_and_the_sticks_stay() -> None:
    hands = ["123m456m789p11s23s7z", "123p456p789s22z34s", "789m123s456s33z67p",
             "999m888p567s44z12m"]  # fmt: skip
    h = setup(hands, draws="6z5z7z").start(carry={"honba": 2, "sticks": 1})
    h.act(Riichi(0, T("7z")))
    pass_all(h)
    for seat, tile in ((1, "6z"), (2, "5z"), (3, "7z")):
        assert T(tile) in h.legal_actions(seat).riichi
        h.act(Riichi(seat, T(tile)))
        pass_all(h)
    end = h.ended
    assert end is not None and end.drawn and end.next_dealer == 0
    assert end.deltas == (-1000, -1000, -1000, -1000) and end.payments == ()
    carry = h.family.carry_over(h.rules, h.carry, h)
    assert carry["sticks"] == 5 and carry["honba"] == 3 and carry["p0"] == 24000


def test_exhaustive_draw_tenpai_payments_and_the_dealer_stays() -> None:
    # everyone throws what they draw: only the dealer (123m456m789p11s23s) is ready
    h = setup(["123m456m789p11s23s7z", S1, S2, S3]).start()
    h.act(Discard(0, T("7z")))
    pass_all(h)
    while not h.is_over:
        tsumogiri(h, h.turn)
    end = h.ended
    assert end is not None and end.drawn and h.wall.remaining == 0
    nagashi = [s for s in range(4) if h.table.nagashi[s]]
    if not nagashi:  # (the shuffled draws make nobody's river all terminals and honours)
        assert end.deltas == (3000, -1000, -1000, -1000)
    assert end.next_dealer == 0


def test_a_concealed_kong_turns_its_dora_at_once_an_open_one_at_the_discard() -> None:
    # the dealer holds four 9p: a concealed kong turns the second indicator at once
    h = setup(["123m456m9999p11s23s", S1, "258m36p147s55667z", S3], tail="5z").start()
    from engine.actions import Kong

    assert h.table.dora == 1
    h.act(Kong(0, T("9p")))
    assert h.table.dora == 2
    ctx = h.win_context(0, True, frozenset())
    assert len(ctx.dora_indicators) == 2 and ctx.ura_indicators == ()
    # an open kong: seat 2 kongs seat 1's 5z; its indicator turns once seat 2 discards
    h = setup(["123m456m789p11s23s7z", S1, "258m369p147s5556z", S3], draws="5z",
              tail="1m").start()  # fmt: skip
    h.act(Discard(0, T("7z")))
    pass_all(h)
    h.act(Discard(1, T("5z")))
    h.act(Kong(2))
    assert h.turn == 2 and h.drawn_tile == T("1m") and h.table.dora == 1
    h.act(Discard(2, T("1m")))
    assert h.table.dora == 2


def test_after_a_chow_kuikae_forbids_the_called_kind_and_the_other_end() -> None:
    from engine.actions import Chow

    # seat 1 holds 34p and chows the dealer's 5p: it may not throw 5p nor 2p
    hands = ["19m19p19s1234567z5p", "234m678m2345p56s88s"[:0] + "234m67m22345p56s8s",
             S2, S3]  # fmt: skip
    h = setup(hands).start()
    h.act(Discard(0, T("5p")))
    h.act(Chow(1, (T("3p"), T("4p"), T("5p"))))
    pass_all(h)
    legal = h.legal_actions(1)
    assert T("5p") not in legal.discards and T("2p") not in legal.discards
    assert T("6m") in legal.discards
    with pytest.raises(IllegalAction):
        h.act(Discard(1, T("2p")))


def test_red_fives_the_first_copy_in_the_wall_counts_for_whoever_holds_it() -> None:
    # the dealer's 5m is the first in the wall: red; it wins the tsumo with one aka dora
    h = setup(["123m456m789p11s23s7z", S1, S2, S3], draws="9m1p9s4s", rules=AKA).start()
    assert h.table.red_holder[parse_one("5m")] == 0
    h.act(Discard(0, T("7z")))
    pass_all(h)
    for seat in (1, 2, 3):
        tsumogiri(h, seat)
    h.act(Win(0))
    won = next(e for e in h.events if e.type == "won")
    assert "aka_dora" in won.patterns


def test_a_red_five_won_on_counts_for_each_winner() -> None:
    # the dealer's 5p is red (seat 1's 34p come later in the wall): both rons count it
    s = setup([DEALER_JUNK, RON_A, RON_B, OTHER], dora="9m", ura="9m", rules=AKA)
    h = s.start()
    assert h.table.red_holder[T("5p")] == 0
    h.act(Discard(0, T("5p")))
    assert h.table.red_discard == T("5p")
    h.act(Win(1))
    h.act(Win(2))
    wins = [e for e in h.events if e.type == "won"]
    assert all("aka_dora" in w.patterns for w in wins)
    # seat 1 also holds the red 5s (the first 5s of the wall): two aka dora, 4 han 30 fu
    assert [w.value for w in wins] == [7700, 2600]


def test_a_seat_keeps_its_red_five_while_it_holds_a_plain_one() -> None:
    h = setup(["123m455m789p11s23s7z", S1, S2, S3], rules=AKA).start()
    assert h.table.red_holder[T("5m")] == 0
    h.act(Discard(0, T("5m")))  # a plain 5m goes first
    assert h.table.red_holder[T("5m")] == 0 and h.table.red_discard is None


def test_only_thirteen_orphans_robs_a_concealed_kong() -> None:
    from engine.actions import Kong

    kokushi = "9m19p19s12345677z"  # waits 1m alone
    h = setup(["1111m456m789p11s23s", kokushi, S2, S3]).start()
    h.act(Kong(0, T("1m")))
    assert h.phase is Phase.ROB and h.awaiting() == (1,)
    assert h.legal_actions(1).win
    h.act(Win(1))
    won = next(e for e in h.events if e.type == "won")
    assert won.patterns == ("kokushi_musou",) and won.from_seat == 0 and won.value == 32000
    assert h.ended is not None and h.ended.deltas == (-32000, 32000, 0, 0)
    # a plain hand waiting on 1m may not rob the concealed kong
    plain = "23m456p789s111z22z"
    h = setup(["1111m456m789p11s23s", plain, S2, S3]).start()
    h.act(Kong(0, T("1m")))
    assert h.phase is not Phase.ROB and h.turn == 0 and h.drawn_tile is not None


def test_nine_kinds_of_terminals_and_honours_on_the_first_draw_may_end_the_hand() -> None:
    from engine.actions import DeclareDraw

    nine = "19m19p19s123z23m45p6s"
    h = setup([nine, S1, S2, S3], draws="9m").start(carry={"honba": 1, "sticks": 2})
    assert h.legal_actions(0).declare_draw
    assert not h.legal_actions(1).declare_draw
    h.act(DeclareDraw(0))
    end = h.ended
    assert end is not None and end.drawn and end.next_dealer == 0 and end.deltas == (0,) * 4
    carry = h.family.carry_over(h.rules, h.carry, h)
    assert carry["honba"] == 2 and carry["sticks"] == 2
    # not after one's first discard
    h = setup([nine, S1, S2, S3], draws="9m1p9s4s").start()
    h.act(Discard(0, T("6s")))
    pass_all(h)
    for seat in (1, 2, 3):
        tsumogiri(h, seat)
    assert not h.legal_actions(0).declare_draw
    with pytest.raises(IllegalAction) as e:
        h.act(DeclareDraw(0))
    assert e.value.code == "cannot_declare_draw"


def test_no_kong_of_ones_own_after_a_call() -> None:
    from engine.actions import Kong

    h = setup(["123m456m789p11s23s7z", S1, "6666z258m369p557z", S3], draws="5z").start()
    h.act(Discard(0, T("7z")))
    pass_all(h)
    h.act(Discard(1, T("5z")))
    h.act(Pong(2))
    assert h.turn == 2 and h.legal_actions(2).kongs == ()
    with pytest.raises(IllegalAction) as e:
        h.act(Kong(2, T("6z")))
    assert e.value.code == "cannot_kong"


def test_an_ippatsu_ron_within_the_go_around() -> None:
    h = setup(["123m456m789p11s23s7z", S1, S2, S3], draws="4s").start()
    h.act(Riichi(0, T("7z")))
    pass_all(h)
    h.act(Discard(1, T("4s")))
    assert h.legal_actions(0).win
    h.act(Win(0))
    won = next(e for e in h.events if e.type == "won")
    assert set(won.patterns) == {"double_riichi", "ippatsu", "pinfu"}
    assert won.value == 11600  # 4 han 30 fu, dealer ron
    assert h.ended is not None and h.ended.deltas == (11600, -11600, 0, 0)


def test_a_ron_on_the_riichi_discard_voids_the_stick() -> None:
    # seat 1 waits on 7z (a pair of 7z? no: a lone 7z wait, yakuhai-less): give it chiitoitsu
    pairs = "1199m1199p2288s3z"  # seven pairs waiting on 3z
    h = setup(["123m456m789p11s23s3z", pairs, S2.replace("5566z", "5667z"), S3]).start()
    h.act(Riichi(0, T("3z")))
    assert h.legal_actions(1).win
    h.act(Win(1))
    end = h.ended
    assert end is not None and end.winners == (1,)
    # no stick: the dealer pays the ron only (chiitoitsu 2 han 25 fu: 1,600)
    assert end.deltas == (-1600, 1600, 0, 0)


def test_seven_pairs_need_seven_distinct_pairs_to_be_ready() -> None:
    from engine.riichi.table import waits_mask

    def counts(text: str) -> list[int]:
        c = [0] * 34
        for k in parse(text):
            c[k] += 1
        return c

    assert waits_mask(RULES, counts("1111m22p33p44s55s6z"), 0) == 0  # four of a kind: no pairs
    assert waits_mask(RULES, counts("11m22p33p44s55s66z7z"), 0) == 1 << T("7z")
    # a wait on a kind held four times is no wait: this hand is noten (the page's rule)
    assert waits_mask(RULES, counts("1111m234p567s789s"), 0) == 0


def test_no_riichi_with_fewer_than_four_live_tiles() -> None:
    h = setup(["123m456m789p11s23s7z", S1, S2, S3]).start()
    h.act(Discard(0, T("7z")))
    pass_all(h)
    offered_late = None
    while not h.is_over:
        if h.turn == 0 and h.drawn_tile is not None:
            riichi = h.legal_actions(0).riichi
            if h.wall.remaining >= 4:
                assert h.drawn_tile in riichi  # throwing the draw keeps the hand ready
            else:
                offered_late = riichi
        tsumogiri(h, h.turn)
    assert offered_late == ()


def test_no_call_that_leaves_only_forbidden_discards() -> None:
    from engine.hand.claims import _kuikae_leaves
    from engine.hand.marks import chow_bans

    def counts(text: str) -> list[int]:
        c = [0] * 34
        for k in parse(text):
            c[k] += 1
        return c

    # 34p + 2p held, 5p chowed: 5p and 2p are forbidden and nothing else is left
    assert not _kuikae_leaves(counts("234p"), (T("3p"), T("4p")), chow_bans((11, 12, 13), 13))
    assert _kuikae_leaves(counts("234p9s"), (T("3p"), T("4p")), chow_bans((11, 12, 13), 13))
    # 555p held, 5p ponged: one 5p left, the called kind
    assert not _kuikae_leaves(counts("555p"), (T("5p"), T("5p")), frozenset({T("5p")}))
    assert RULES.kuikae
