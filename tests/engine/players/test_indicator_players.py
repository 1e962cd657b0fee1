"""Computer players in the indicator games: they value a joker, keep three for 四百搭 and
take the fourth, respect the chow restriction, never spend jokers on a call, and aim at
Quzhou's single-tile hands."""

from __future__ import annotations

import pytest

from engine.actions import Discard, Pass, Win
from engine.hand import LegalActions
from engine.jokers import wild_kinds
from engine.match import Match
from engine.melds import Meld, meld
from engine.players import Observation, get_player
from engine.players.autoplay import play_match
from engine.rules import get_rules
from engine.tiles import parse, parse_one, to_counts

LEVELS = ("greedy", "easy", "normal", "hard")
SENSIBLE = ("greedy", "normal", "hard")  # easy slips now and then, by design


def observe(
    preset: str,
    hand: str,
    indicator: str,
    *,
    melds: tuple[Meld, ...] = (),
    discards: tuple[int, ...] | None = None,
    phase: str = "turn",
    tile: str | None = None,
    **legal: object,
) -> Observation:
    rules = get_rules(preset)
    tiles = parse(hand)
    t = parse_one(tile) if tile else tiles[-1]
    if phase == "turn":
        allowed = tuple(sorted(set(tiles))) if discards is None else discards
        la = LegalActions(0, "turn", t, allowed, **legal)  # type: ignore[arg-type]
    else:
        la = LegalActions(0, phase, t, can_pass=True, **legal)  # type: ignore[arg-type]
    return Observation(
        seat=0, rules=rules, hand=tuple(to_counts(tiles, 42)), melds=(melds, (), (), ()),
        discards=((), (), (), ()), wall_remaining=60, dealer=0, round_wind=0,
        scores=(0, 0, 0, 0), legal=la, wild_kinds=wild_kinds(rules, parse_one(indicator)),
    )  # fmt: skip


@pytest.mark.parametrize("preset", ["shanghai", "beijing", "quzhou"])
@pytest.mark.parametrize("kind", LEVELS)
def test_every_level_plays_whole_hands_legally_and_repeatably(preset, kind):
    rules = get_rules(preset)

    def play() -> list[dict]:
        players = [get_player(k, f"s{i}") for i, k in enumerate((kind, "greedy", kind, "random"))]
        m = play_match(Match.start(rules, f"ind-{preset}", hands_limit=2), players)
        return [e.to_json() for e in m.events]

    assert play() == play()  # Match.act verifies every action


@pytest.mark.parametrize("kind", LEVELS)
def test_after_a_chow_the_banned_tiles_are_not_thrown(kind):
    # chowed 2m with 3m4m: 2m and 5m are banned though they are the loosest tiles
    obs = observe("shanghai", "2m5m123p456p11z8s", "7z", melds=(meld("chow", "234m", "2m", 3),),
                  discards=tuple(parse("123p456p1z8s")))  # fmt: skip
    action = get_player(kind, 1).act(obs)
    assert isinstance(action, Discard) and action.tile in obs.legal.discards


@pytest.mark.parametrize("kind", SENSIBLE)
def test_a_joker_is_kept(kind):
    obs = observe("shanghai", "123m456p789s11z3z9m5p", "4p")  # 5p is the 百搭
    action = get_player(kind, 2).act(obs)
    assert isinstance(action, Discard) and action.tile != parse_one("5p")


@pytest.mark.parametrize("kind", SENSIBLE)
def test_three_jokers_are_kept_for_a_fourth_and_four_win(kind):
    obs = observe("shanghai", "5p5p5p123m456s1z2z3z4z9m", "4p")
    action = get_player(kind, 3).act(obs)
    assert isinstance(action, Discard) and action.tile != parse_one("5p")
    obs = observe("shanghai", "5p5p5p5p123m456s1z2z3z4z", "4p", win=True)
    assert isinstance(get_player(kind, 3).act(obs), Win)


@pytest.mark.parametrize("kind", LEVELS)
def test_no_pong_of_a_discarded_joker_with_ones_own_jokers(kind):
    obs = observe("shanghai", "5p5p123m456s789s1z2z", "4p", phase="claim", tile="5p", pong=True)
    assert isinstance(get_player(kind, 4).act(obs), Pass)


@pytest.mark.parametrize("kind", ["normal", "hard"])
def test_quzhou_players_aim_at_thirteen_unrelated(kind):
    # 147m 258p 369s and four honours: 5m spoils the 十三不搭 one tile away
    obs = observe("quzhou", "147m258p369s1234z5m", "9p")
    action = get_player(kind, 5).act(obs)
    assert isinstance(action, Discard) and action.tile == parse_one("5m")
