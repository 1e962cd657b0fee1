"""Starting a hand (or a match) on a chosen wall, dice and dealer: the named places of the
wall (indicator, last live tile, replacement n) land where each game puts them, the dice
given are the ones read, and the logs of such hands and matches replay."""

from __future__ import annotations

import pytest

from engine.actions import Choose, Discard, Kong, Pass
from engine.events import HandStarted, IndicatorTurned, TilesExchanged
from engine.family.sichuan import EXCHANGE_SHIFT
from engine.hand import HandState, ReplayError, replay_events
from engine.hand_setup import HandSetup, SetupError
from engine.log import dumps_log, replay_log
from engine.match import Match, replay_match
from engine.rules import get_rules
from engine.tiles import parse_one

T = parse_one


def _draw_to_the_end(st: HandState) -> list[int]:
    """Every seat throws what it draws and passes every claim until the wall is used up;
    the tiles drawn from the head, in order."""
    drawn = []
    while not st.is_over:
        if st.phase in ("claim", "rob"):
            st.act(Pass(st.awaiting()[0]))
            continue
        if st.phase == "choose":
            seat = st.awaiting()[0]
            st.act(Choose(seat, st.legal_actions(seat).choices[0]))
            continue
        if st.wall.remaining == 0 and st.turn is not None and st.drawn_tile is None:
            break
        la = st.legal_actions(st.turn)
        tile = la.tile if la.tile is not None else la.discards[0]
        if st.drawn_tile is not None and not st.last_draw_kong:
            drawn.append(st.drawn_tile)
        st.act(Discard(st.turn, tile if tile in la.discards else la.discards[0]))
    return drawn


@pytest.mark.parametrize(
    ("preset", "dice"),
    [("shanghai", (3, 4)), ("shanghai", (6, 6)), ("beijing", None), ("quzhou", None)],
)
def test_the_indicator_is_turned_where_the_setup_put_it(preset, dice):
    rules = get_rules(preset)
    setup = HandSetup.shuffled(rules, "indicator", dealer=2, dice=dice).at_indicator("5p")
    st = setup.start()
    ev = next(e for e in st.events if isinstance(e, IndicatorTurned))
    assert ev.tile == T("5p") and ev.index == setup.indicator_index()
    assert st.wild_kinds == frozenset({T("6p")})
    if dice is not None:
        assert ev.dice == dice
    assert st.dealer == 2 and st.tiles_accounted() == rules.tile_count
    assert replay_events(st.events).state_hash() == st.state_hash()


@pytest.mark.parametrize("preset", ["guangdong", "quzhou", "beijing", "baoding", "sichuan"])
def test_the_last_live_tile_is_the_last_one_drawn(preset):
    rules = get_rules(preset)
    setup = HandSetup.shuffled(rules, "haidi", dealer=1).at_last_live("9s")
    if rules.indicator_source != "none":
        setup = setup.at_indicator("1z" if rules.honours else "1m")
    st = setup.start()
    drawn = _draw_to_the_end(st)
    assert drawn[-1] == T("9s")
    assert replay_events(st.events).state_hash() == st.state_hash()


@pytest.mark.parametrize("preset", ["guangdong", "beijing", "baoding"])
def test_replacement_n_is_the_tile_a_kong_takes(preset):
    rules = get_rules(preset)
    setup = HandSetup.dealt(
        rules,
        [
            "1z1z1z1z2m3m4m6p7p8p2s3s9s5z",
            "147m258p369s1s4s7z6z",
            "258m369p147s2z5s6z7z",
            "369m147p258s3z6s9p4z",
        ],
        indicator="7z" if rules.indicator_source != "none" else None,
    )
    setup = setup.at_replacement(1, "8s").at_replacement(2, "4s")
    assert setup.tiles[setup.replacement_index(2)] == T("4s")
    assert setup.replacement_index(2) == setup.replacement_index(1) - 1
    st = setup.start()
    st.act(Kong(0, T("1z")))
    assert st.drawn_tile == T("8s")
    assert replay_events(st.events).state_hash() == st.state_hash()


def test_the_dice_choose_the_exchange_direction():
    rules = get_rules("sichuan", {"exchange_three": True})
    for dice in ((1, 1), (1, 2), (2, 2)):
        st = HandSetup.dealt(
            rules,
            [
                "5p11m22m33m66p77p6m8m9m",
                "123m456m789m123p5p",
                "111p444p888p456m7m",
                "999p567m678p22p33p",
            ],
            dice=dice,
        ).start()
        for seat, p in enumerate(["119m", "789m", "111p", "567m"]):
            st.act(Choose(seat, p))
        ev = next(e for e in st.events if isinstance(e, TilesExchanged))
        assert ev.dice == dice and ev.shift == EXCHANGE_SHIFT[sum(dice) % 3]
        assert replay_events(st.events).state_hash() == st.state_hash()


def test_a_hand_without_chosen_dice_logs_as_before():
    st = HandSetup.shuffled(get_rules("guangdong"), "plain").start()
    assert "given_dice" not in st.events[0].to_json()
    diced = HandSetup.shuffled(get_rules("guangdong"), "plain", dice=(2, 5)).start()
    assert diced.events[0].to_json()["given_dice"] == [2, 5]


def test_what_cannot_be_set_up_is_refused_with_a_reason():
    rules = get_rules("guangdong")
    hands = ["1z1z1z1z2m3m4m6p7p8p2s3s9s5z", "147m258p369s1s4s7z6z", "258m369p147s2z5s6z7z",
             "369m147p258s3z6s9p4z"]  # fmt: skip
    setup = HandSetup.dealt(rules, hands)
    with pytest.raises(SetupError, match="turns no indicator"):
        setup.at_indicator("1m")
    with pytest.raises(SetupError, match="placed on purpose"):
        setup.with_tile(0, "9m")
    with pytest.raises(SetupError, match="placed already"):
        setup.at_replacement(1, "1z")  # all four 1z are dealt
    with pytest.raises(SetupError, match="dice"):
        setup.with_dice((0, 7))  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="set"):
        HandSetup(rules, setup.tiles[1:])
    with pytest.raises(ValueError, match="dice"):
        HandState.start(rules, "x", dice=(1, 9))


def test_a_log_with_impossible_dice_or_wall_does_not_replay():
    st = HandSetup.shuffled(get_rules("shanghai"), "bad", dice=(3, 3)).start()
    start = st.events[0]
    assert isinstance(start, HandStarted)
    from dataclasses import replace

    with pytest.raises(ReplayError, match="dice"):
        replay_events([replace(start, given_dice=(3, 9)), *st.events[1:]])
    with pytest.raises(ReplayError, match="set"):
        replay_events([replace(start, wall=(*start.wall[:-1], T("1m"))), *st.events[1:]])


def test_a_match_on_chosen_walls_plays_and_replays():
    rules = get_rules("heyuan-jihu", {"hands": 4})
    first = HandSetup.shuffled(rules, "m1", dealer=3, dice=(4, 5)).at_last_live("1f")
    m = Match.start(rules, "chosen", setups=[first])
    assert m.events[0].chosen_walls and m.dealer == 3  # type: ignore[attr-defined]
    assert m.hand is not None and m.hand.wall.tiles == list(first.tiles)
    from engine.players import get_player
    from engine.players.autoplay import play_match

    play_match(m, [get_player("greedy", s) for s in range(4)])
    assert m.is_over
    again = replay_match(m.events)
    assert again.state_hash() == m.state_hash()
    assert replay_log(dumps_log(m.events)).state_hash() == m.state_hash()  # type: ignore[union-attr]


def test_a_seeded_match_refuses_a_hand_on_another_wall():
    rules = get_rules("guangdong", {"hands": 4})
    m = Match.start(rules, "fair")
    other = HandSetup.shuffled(rules, "other", dealer=m.dealer)
    start = m.events[1]
    assert isinstance(start, HandStarted)
    from dataclasses import replace

    from engine.wall import commitment

    forged = replace(start, wall=other.tiles, commitment=commitment(start.seed, other.tiles))
    with pytest.raises(ReplayError):
        replay_match([m.events[0], forged, *m.events[2:]])


@pytest.mark.parametrize("preset", ["beijing", "quzhou", "shanghai"])
def test_a_dealt_setup_keeps_its_draws_tail_and_indicator_fixed(preset):
    rules = get_rules(preset)
    # no dragons: Shanghai sets them aside and takes replacements for them first
    hands = ["1z1z1z1z2m3m4m6p7p8p2s3s9s4z", "147m258p369s1s4s2z3z", "258m369p147s2z4z5s8m",
             "369m147p258s3z6s9p4z"]  # fmt: skip
    setup = HandSetup.dealt(rules, hands, draws="5m6m", tail="8s9m", indicator="9p")
    assert setup.tiles[setup.indicator_index()] == T("9p")
    assert setup.tiles[setup.replacement_index(1)] == T("8s")
    assert setup.tiles[setup.replacement_index(2)] == T("9m")
    for index in (setup.indicator_index(), setup.replacement_index(1), setup.replacement_index(2)):
        assert index in setup.fixed
    with pytest.raises(SetupError, match="placed on purpose"):
        setup.at_replacement(1, "1m")
    st = setup.start()
    assert st.indicator == T("9p")
    st.act(Kong(0, T("1z")))
    assert st.drawn_tile == T("8s")
