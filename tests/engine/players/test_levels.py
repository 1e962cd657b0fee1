"""The easy / normal / hard players: legal and repeatable in every preset, blind to what
their seat cannot see, and each doing what its level promises (patterns, wildcards,
calls, defence)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.actions import Discard, Pass, Pong, Win
from engine.hand import HandState, LegalActions
from engine.jokers import wild_kinds
from engine.match import Match
from engine.melds import Meld, meld
from engine.players import PLAYER_KINDS, Observation, get_player
from engine.players.autoplay import play_match
from engine.rules import PRESETS, get_rules
from engine.tiles import parse, to_counts
from tests.engine.hand.helpers import rigged

LEVELS = ("easy", "normal", "hard")


def observe(
    preset: str,
    hand: str,
    *,
    melds: tuple[tuple[Meld, ...], ...] = ((), (), (), ()),
    discards: tuple[str, ...] = ("", "", "", ""),
    wall: int = 60,
    phase: str = "turn",
    tile: str | None = None,
    **legal: object,
) -> Observation:
    """Seat 0's view of a made-up table (seat 0 deals, East round)."""
    tiles = parse(hand)
    t = parse(tile)[0] if tile else tiles[-1]
    if phase == "turn":
        la = LegalActions(0, "turn", t, tuple(sorted(set(tiles))), **legal)  # type: ignore[arg-type]
    else:
        la = LegalActions(0, phase, t, can_pass=True, **legal)  # type: ignore[arg-type]
    return Observation(
        seat=0,
        rules=get_rules(preset),
        hand=tuple(to_counts(tiles, 42)),
        melds=melds,
        discards=tuple(tuple(parse(d)) if d else () for d in discards),
        wall_remaining=wall,
        dealer=0,
        round_wind=0,
        scores=(0, 0, 0, 0),
        legal=la,
        wild_kinds=wild_kinds(get_rules(preset)),
    )


def test_levels_are_registered():
    assert {"random", "greedy", *LEVELS} <= set(PLAYER_KINDS)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_levels_play_legally_and_repeat_in_every_preset(preset):
    rules = get_rules(preset)

    def play() -> list[dict]:
        players = [get_player(k, f"s{i}") for i, k in enumerate(("easy", "normal", "hard", "hard"))]
        m = play_match(Match.start(rules, f"lv-{preset}", hands_limit=2), players)
        return [e.to_json() for e in m.events]

    # Match.act verifies every action: an illegal one would raise here
    assert play() == play()


class Spy:
    """Records every object reachable from what a player is given."""

    def __init__(self) -> None:
        self.seen: list[object] = []

    def walk(self, x: object, depth: int = 0) -> None:
        if depth > 6:
            return
        self.seen.append(x)
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            for f in dataclasses.fields(x):
                self.walk(getattr(x, f.name), depth + 1)
        elif isinstance(x, (list, tuple, set, frozenset)):
            for y in x:
                self.walk(y, depth + 1)
        elif isinstance(x, dict):
            for y in x.values():
                self.walk(y, depth + 1)


def test_an_observation_reaches_no_other_hand_nor_the_wall():
    st = HandState.start(get_rules("heyuan-zheng"), "blind", dealer=0)
    obs = Observation.of(st, 0)
    spy = Spy()
    spy.walk(obs)
    others = [st.seats[s].counts for s in (1, 2, 3)]
    for x in spy.seen:
        assert x is not st and x is not st.wall and x is not st.seats
        assert not any(x is c for c in others)
        assert not isinstance(x, (HandState, type(st.wall)))
    # what is reachable is copies: changing them cannot change the table
    assert isinstance(obs.melds, tuple) and all(isinstance(m, tuple) for m in obs.melds)
    assert isinstance(obs.discards, tuple) and all(isinstance(d, tuple) for d in obs.discards)
    # the numbers in it: own tiles, the wall's size, nothing of the other hands
    assert list(obs.hand) == st.seats[0].counts and obs.wall_remaining == st.wall.remaining


@pytest.mark.parametrize("kind", LEVELS)
def test_a_decision_depends_only_on_what_the_seat_sees(kind):
    # two deals where seat 0 holds the same tiles and the others hold different ones
    rules = get_rules("heyuan-zheng")
    mine = "1235789m46p11z2z3z1f"
    others = ["147p258s369s5566z", "258p147s369p7744z", "2468p2468s1379m6z"]
    a = rigged(rules, [mine, *others])
    b = rigged(rules, [mine, others[2], others[0], others[1]])
    assert a.seats[1].counts != b.seats[1].counts
    oa, ob = Observation.of(a, 0), Observation.of(b, 0)
    assert oa == ob
    assert get_player(kind, 1).act(oa) == get_player(kind, 1).act(ob)


def test_hard_steers_to_a_flush_where_a_bare_chicken_cannot_win():
    # 正百搭: the two dots are the odd ones out of a characters half flush
    obs = observe("heyuan-zheng", "1235789m46p11z2z3z1f")
    assert get_player("hard", 0).act(obs) in (
        Discard(0, parse("4p")[0]),
        Discard(0, parse("6p")[0]),
    )
    # greedy (no patterns) throws an honour instead
    assert get_player("greedy", 0).act(obs) == Discard(0, parse("3z")[0])


@pytest.mark.parametrize("kind", ["normal", "hard"])
def test_wildcards_are_kept(kind):
    obs = observe("heyuan-zheng", "123456m1p5s9s11z3z1f2f")
    action = get_player(kind, 0).act(obs)
    assert isinstance(action, Discard) and action.tile < 34


def test_hard_calls_a_pong_only_when_it_helps():
    # a characters half flush: ponging the East pair helps, ponging a lone bamboo pair does not
    helps = observe("heyuan-zheng", "123567m99m11z4z5s1f", phase="claim", tile="1z", pong=True)
    assert get_player("hard", 0).act(helps) == Pong(0)
    useless = observe("heyuan-zheng", "1235679m11z4z55s1f", phase="claim", tile="5s", pong=True)
    assert get_player("hard", 0).act(useless) == Pass(0)


def test_hard_defends_against_a_seat_collecting_a_suit():
    # seat 1 shows three dots pungs late in the hand: hard throws what seat 1 threw itself,
    # never a dot; normal does not look
    shown = ((), (meld("pung", "222p"), meld("pung", "555p"), meld("pung", "888p")), (), ())
    discards = ("19m", "7z3s9s4s", "11s3z", "5m6m")
    obs = observe(
        "guangdong", "13m4p7p2s5s8s1z4z5z6z7z9m3p", melds=shown, discards=discards, wall=30
    )
    assert get_player("hard", 0).act(obs) == Discard(0, parse("7z")[0])
    obs2 = observe(
        "guangdong", "1234m4p7p2s5s8s1z4z5z9m6z", melds=shown, discards=discards, wall=30
    )
    action = get_player("hard", 0).act(obs2)
    assert isinstance(action, Discard) and not 9 <= action.tile < 18


def test_no_defence_against_a_seat_that_cannot_win_on_a_discard():
    # the same late table as above: in Guangdong every other seat is read (seat 1, three
    # pungs, the likeliest ready); in Beijing a seat that has ponged wins only by self-draw,
    # and in Shanghai nobody wins on a discard: no tile can deal in to them
    shown = ((), (meld("pung", "222p"), meld("pung", "555p"), meld("pung", "888p")), (), ())
    discards = ("19m", "7z3s9s4s", "11s3z", "5m6m")
    obs = observe(
        "guangdong", "13m4p7p2s5s8s1z4z5z6z7z9m3p", melds=shown, discards=discards, wall=30
    )
    hard = get_player("hard", 0)
    assert [r.seat for r in hard._reads(obs)] == [1, 2, 3]
    for preset, read in (("beijing", [2, 3]), ("shanghai", [])):
        rules = get_rules(preset)
        other = dataclasses.replace(obs, rules=rules, wild_kinds=wild_kinds(rules, parse("8s")[0]))
        assert [r.seat for r in hard._reads(other)] == read


@pytest.mark.parametrize("shown", ["discards", "melds"])
def test_hard_counts_acceptance_against_the_visible_tiles_normal_its_own(shown):
    # 123m 456p 789s 111z and two lone honours: either one left waits on the other alone.
    # Three 7z are out (thrown, or in another seat's pung): hard keeps 3z (three unseen) and
    # throws 7z; normal counts only its own tiles, sees two equal waits and throws the lower
    # kind, 3z
    if shown == "discards":
        obs = observe("guangdong", "123m456p789s111z3z7z", discards=("7z", "7z", "", "7z"))
    else:
        obs = observe(
            "guangdong", "123m456p789s111z3z7z", melds=((), (meld("pung", "777z"),), (), ())
        )
    assert get_player("hard", 0).act(obs) == Discard(0, parse("7z")[0])
    assert get_player("normal", 0).act(obs) == Discard(0, parse("3z")[0])


def test_easy_slips_where_normal_does_not():
    # over many seeds, easy sometimes throws a different tile from the same position
    obs = observe("guangdong", "1235789m46p11z2z3z7s")
    normal = {get_player("normal", i).act(obs) for i in range(40)}
    easy = {get_player("easy", i).act(obs) for i in range(40)}
    assert len(normal) == 1 and len(easy) > 1


def test_the_suit_distance_table_lookup_matches_the_search():
    # the shipped per-suit vectors are an optimisation: the search gives the same numbers
    from engine.players.targets import _searched_vector, suit_vector

    for key in [
        (0,) * 9,
        (1, 1, 1, 0, 0, 0, 0, 0, 1),
        (3, 1, 1, 1, 1, 1, 1, 1, 3),
        (0, 2, 2, 2, 0, 0, 1, 1, 0),
    ]:
        assert suit_vector(key) == _searched_vector(key)


def test_targets_come_from_the_preset():
    from engine.players.evaluation import targets_for

    zheng = {t.name.split(":")[0] for t in targets_for(get_rules("heyuan-zheng"))}
    assert "chicken" not in zheng and {"half_flush", "all_pungs", "full_flush"} <= zheng
    jihu = {t.name.split(":")[0] for t in targets_for(get_rules("heyuan-jihu"))}
    assert jihu == {"chicken"}
    gd = {t.name.split(":")[0] for t in targets_for(get_rules("guangdong"))}
    assert {"chicken", "half_flush", "all_pungs", "all_chows"} <= gd
    # a minimum fan removes what does not reach it
    gd3 = {t.name.split(":")[0] for t in targets_for(get_rules("guangdong", {"min_fan": 3}))}
    assert "chicken" not in gd3 and "half_flush" not in gd3 and "full_flush" in gd3


def test_hard_passes_a_discard_win_for_a_self_draw_worth_much_more():
    # 正百搭, early: a half flush whose lone wildcard waits on anything (飞牌). A discard
    # win is paid by one seat; the self-draw by three — hard waits, normal takes it.
    obs = observe("heyuan-zheng", "123456789m111z1f", phase="claim", tile="5m", win=True, wall=80)
    assert get_player("hard", 0).act(obs) == Pass(0)
    assert get_player("normal", 0).act(obs) == Win(0)
    # late in the hand, hard takes it too
    late = observe("heyuan-zheng", "123456789m111z1f", phase="claim", tile="5m", win=True, wall=12)
    assert get_player("hard", 0).act(late) == Win(0)


def test_hard_plays_taiwan_with_the_knobs_measured_there():
    # Taiwan pays (底 + 台): hard weighs speed more there (docs/players.md), its own style
    # everywhere else
    from engine.players.hard import FAMILY_STYLES, STYLE

    player = get_player("hard", "knobs")
    tw = rigged(get_rules("taiwan"), ["2468m1s5689s1234z677z5p", "123m456m789m234s55z34p",
                                      "1379m1279s89p1234z66z", "123p34p567p789p234p99p"])
    assert isinstance(player.act(Observation.of(tw, 0, [0] * 4)), Discard)
    assert player.style == FAMILY_STYLES["taiwan"] != STYLE  # type: ignore[attr-defined]
    gd = rigged(get_rules("guangdong"), ["123m456m789m1p2p3p5s5s", "147m258p369s1234z",
                                         "147p258s369m1234z", "147s258m369p5566z"])
    player.act(Observation.of(gd, 0, [0] * 4))
    assert player.style == STYLE  # type: ignore[attr-defined]
