"""Tables of 2, 3, 5, 6 and 7 players and hands of 4, 7, 10 and 16 tiles (Sichuan's 成都 table
sizes, docs/rules/sichuan.md "Other table sizes"): the options, the deal, the hand's shapes,
``evaluate`` at every size, whole matches at every count."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.analysis import is_complete, shanten, waits
from engine.cli.evaluate import InputError, evaluate
from engine.events import Called, Dealt, TilesExchanged, Won
from engine.log import dumps_log, loads_log
from engine.match import Match, replay_match
from engine.players import get_player
from engine.players.autoplay import play_match
from engine.rules import RulesError, get_rules
from engine.scoring.readings import standard_complete
from engine.tiles import format_tiles, parse

ROOT = Path(__file__).resolve().parents[2]
SIZES = {2: 13, 3: 13, 4: 13, 5: 10, 6: 7, 7: 4}


def counts(text: str) -> list[int]:
    c = [0] * 34
    for t in parse(text):
        c[t] += 1
    return c


# -- the options --------------------------------------------------------------------------


@pytest.mark.parametrize("players", sorted(SIZES))
def test_players_sets_the_hand_size(players):
    rules = get_rules("sichuan", {"players": players})
    assert (rules.players, rules.hand_size) == (players, SIZES[players])
    assert rules.sets == (SIZES[players] - 1) // 3


def test_two_players_play_flush_only_with_face_down_discards():
    rules = get_rules("sichuan", {"players": 2})
    assert rules.full_flush_only and rules.self_draw_only and rules.hidden_discards
    assert not rules.discard_claims
    # the table's rules are not negotiable
    assert get_rules("sichuan", {"players": 2, "full_flush_only": False}).full_flush_only


def test_four_seats_write_no_size_options():
    # a four-seat game's MatchStarted / HandStarted read as before the options existed
    assert "players" not in get_rules("sichuan").options()
    assert get_rules("sichuan", {"players": 5}).options()["hand_size"] == 10


@pytest.mark.parametrize(
    ("preset", "options", "says"),
    [
        ("guangdong", {"players": 3}, "played by 4 players only"),
        ("heyuan-zheng", {"players": 2}, "played by 4 players only"),
        ("sichuan", {"players": 8}, "does not accept 8"),
        ("sichuan", {"players": 5, "hand_size": 13}, "deals 10 tiles each"),
        ("sichuan", {"hand_size": 16}, "evaluate only"),
    ],
)
def test_other_counts_are_refused_in_one_line(preset, options, says):
    with pytest.raises(RulesError, match=says):
        get_rules(preset, options)


def test_four_players_is_every_presets_own_count():
    assert get_rules("guangdong", {"players": 4}).players == 4


# -- evaluate: the page's worked examples and every size --------------------------------------


def ev(options: dict, concealed: str, **fields: object) -> dict:
    return evaluate({"rules": "sichuan", "options": options, "concealed": concealed, **fields})


def test_page_example_1_five_players_plain_hand_on_a_discard():
    out = ev({"players": 5}, "123m456m789m55p", win_tile="5p", void_suit="s")
    assert out == {"win": True, "points": 1, "patterns": ["basic"]}


def test_page_example_2_six_players_self_drawn_flush():
    out = ev({"players": 6}, "234p567p99p", win_tile="9p", self_drawn=True)
    assert out == {"win": True, "points": 4, "patterns": ["full_flush"]}


def test_page_example_3_seven_players_pungs_flush():
    out = ev({"players": 7}, "555s22s", win_tile="2s")
    assert out == {"win": True, "points": 8, "patterns": ["all_pungs", "full_flush"]}


def test_page_example_4_two_players_flush_only():
    one_suit = ev({"players": 2}, "123m456m789m234m55m", win_tile="5m", self_drawn=True)
    assert one_suit == {"win": True, "points": 4, "patterns": ["full_flush"]}
    assert ev({"players": 2}, "123m456m789m234m55p", win_tile="5p", self_drawn=True) == {
        "win": False
    }


def test_three_players_flush_only_by_agreement():
    hand = {"concealed": "123m456m789m234m55p", "win_tile": "5p"}
    assert evaluate({"rules": "sichuan", "options": {"players": 3}, **hand})["win"]
    on = {"players": 3, "full_flush_only": True}
    assert evaluate({"rules": "sichuan", "options": on, **hand}) == {"win": False}


@pytest.mark.parametrize(
    ("options", "hand", "win"),
    [
        ({"players": 7}, "22m789p", "7p"),  # 5 tiles
        ({"players": 6}, "22m789m345p", "3p"),  # 8
        ({"players": 5}, "22m789m345p666p", "6p"),  # 11
        ({"hand_size": 16}, "22m789m345p666p123m456m", "1m"),  # 17
    ],
)
def test_evaluate_wins_at_every_size(options, hand, win):
    assert ev(options, hand, win_tile=win) == {"win": True, "points": 1, "patterns": ["basic"]}


@pytest.mark.parametrize(
    ("options", "hand", "waits"),
    [
        ({"players": 7}, "2m789p", "2m"),  # 4 tiles
        ({"players": 6}, "22m78m345p", "69m"),  # 7
        ({"players": 5}, "22m789m345p66p", "2m6p"),  # 10
        ({"hand_size": 16}, "22m789m345p666p12m456m", "13m"),  # 16
    ],
)
def test_evaluate_waits_at_every_size(options, hand, waits):
    assert ev(options, hand) == {"shanten": 0, "waits": waits}


def test_no_pairs_hand_in_short_hands():
    # four pairs of 8 tiles is no hand: 七对 only with 13 tiles dealt, no smaller pair hands
    assert ev({"players": 6}, "11335577m", win_tile="7m", self_drawn=True) == {"win": False}
    assert ev({"players": 6}, "1133557m") == {"shanten": 1, "waits": ""}


def test_a_wrong_size_says_which_sizes():
    with pytest.raises(InputError, match="give 10 for shanten and waits or 11"):
        ev({"players": 5}, "123m456m789m55p11s", win_tile="5p")


# -- the analysis at 16 and 17 tiles (five sets: past the tables) ------------------------------


def test_five_set_completeness_agrees_with_the_reference_search():
    rng = random.Random(31)
    for _ in range(300):
        wall = [k for k in range(27) for _ in range(4)]
        rng.shuffle(wall)
        hand = wall[:17]
        c = [0] * 34
        for t in hand:
            c[t] += 1
        assert is_complete(c, 0, -1) == standard_complete(tuple(c), 0, 5, 1), format_tiles(hand)


def test_five_set_waits_are_the_tiles_that_complete():
    rng = random.Random(16)
    for _ in range(60):
        wall = [k for k in range(18) for _ in range(4)]
        rng.shuffle(wall)
        c = [0] * 34
        for t in wall[:16]:
            c[t] += 1
        found = waits(c, 0, -1)
        for k in range(34):
            c[k] += 1
            assert (k in found) == is_complete(c, 0, -1)
            c[k] -= 1
        assert (shanten(c, 0, -1) == 0) == bool(found)


def test_five_set_shanten_counts_the_tiles_missing():
    assert shanten(counts("123m456m789m234p567p55s"), 0, -1) == -1
    assert shanten(counts("123m456m789m234p567p5s"), 0, -1) == 0
    assert shanten(counts("123m456m789m234p56p58s"), 0, -1) == 1


# -- whole matches at every count ------------------------------------------------------------


def play(players: int, kinds: tuple[str, ...], seed: str, **options: object) -> Match:
    rules = get_rules("sichuan", {"players": players, **options})
    seats = [get_player(kinds[i % len(kinds)], f"{seed}/{i}") for i in range(players)]
    return play_match(Match.start(rules, seed, hands_limit=3), seats)


@pytest.mark.parametrize("players", sorted(SIZES))
def test_matches_are_zero_sum_deterministic_and_replay(players):
    a = play(players, ("greedy", "random", "normal"), "sizes")
    b = play(players, ("greedy", "random", "normal"), "sizes")
    assert len(a.totals) == players and sum(a.totals) == 0
    assert dumps_log(a.events) == dumps_log(b.events)
    again = replay_match(loads_log(dumps_log(a.events)))
    assert again.state_hash() == a.state_hash()
    deals = [e for e in a.events if isinstance(e, Dealt)]
    for d in deals:
        assert sorted(len(h) for h in d.hands) == [SIZES[players]] * (players - 1) + [
            SIZES[players] + 1
        ]


def test_two_players_claim_nothing_and_win_flush_only():
    m = play(2, ("greedy",), "two", hands=8)
    for e in m.events:
        assert not isinstance(e, Called) or e.from_seat is None
        if isinstance(e, Won):
            assert e.self_drawn and "full_flush" in e.patterns


@pytest.mark.parametrize("players", [3, 5, 6])
def test_exchange_three_goes_next_or_previous_at_odd_tables(players):
    m = play(players, ("greedy",), "swap", exchange_three=True)
    shifts = {e.shift for e in m.events if isinstance(e, TilesExchanged)}
    assert shifts and shifts <= {1, players - 1}


def test_no_exchange_at_seven():
    m = play(7, ("greedy",), "swap", exchange_three=True)
    assert not any(isinstance(e, TilesExchanged) for e in m.events)


def test_simulate_takes_the_seat_count_from_players(tmp_path):
    log = tmp_path / "five.jsonl"
    args = ["simulate", "--rules", "sichuan", "--hands", "2", "--seed", "5",
            "--players", "greedy,random,greedy,random,greedy", "--log", str(log)]  # fmt: skip
    p = subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)  # fmt: skip
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert len(out["chips"]) == 5 and sum(out["chips"]) == 0
    bad = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "--rules", "guangdong", "--hands", "1",
         "--players", "greedy,greedy,greedy"], cwd=ROOT, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert bad.returncode == 2 and "played by 4 players only" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1


def test_two_players_see_only_their_own_discards():
    from engine.actions import Discard
    from engine.hand import HandState
    from engine.players import Observation

    rules = get_rules("sichuan", {"players": 2})
    st = HandState.start(rules, "hidden", dealer=0)
    while st.awaiting() != (0,) or st.legal_actions(0).phase != "turn":
        seat = st.awaiting()[0]
        st.act(get_player("greedy", "x").act(Observation.of(st, seat)))
    tile = st.legal_actions(0).discards[0]
    st.act(Discard(0, tile))
    other = Observation.of(st, 1)
    assert other.discards[0] == () and other.visible_counts()[tile] == other.hand[tile]
    assert Observation.of(st, 0).discards[0] == (tile,)


def test_analyze_reads_the_table_size():
    from engine.advice import advise

    rules = get_rules("sichuan", {"players": 5})
    ready = advise(rules, parse("22m789m345p66p"))
    assert ready.waiting and [k for k, _ in ready.waits] == parse("2m6p")
    choose = advise(rules, parse("22m789m345p666p"))
    assert not choose.waiting and choose.score is not None and choose.shanten == -1
    wide = advise(get_rules("sichuan").with_options({"hand_size": 16}, scoring=True),
                  parse("22m789m345p666p12m459m"))  # fmt: skip
    assert wide.shanten == 1 and [k for k, _ in wide.improving] == parse("136m9m")


@pytest.mark.parametrize("players", sorted(SIZES))
def test_many_random_hands_pay_zero_sum_and_account_every_tile(players):
    from engine.events import HandEnded
    from engine.players.autoplay import play_hand

    for seed in range(12):
        rules = get_rules("sichuan", {"players": players, "exchange_three": seed % 2 == 0})
        m = Match.start(rules, f"many/{seed}", hands_limit=2)
        seats = [get_player("random", f"{seed}/{i}") for i in range(players)]
        while not m.is_over:
            play_hand(m, seats)
            assert m.hand is not None
            assert m.hand.tiles_accounted() == rules.tile_count
            ended = m.hand.ended
            assert isinstance(ended, HandEnded) and sum(ended.deltas) == 0
            assert len(ended.deltas) == players
            m.next_hand()
        assert sum(m.totals) == 0


@pytest.mark.parametrize("size", [4, 7, 10])
def test_short_hand_waits_agree_with_the_reference_search(size):
    # the tables read a short hand as a 13-tile one with the sets it lacks as melds
    short = (13 - size) // 3
    sets = (size - 1) // 3
    rng = random.Random(size)
    for _ in range(200):
        wall = [k for k in range(27) for _ in range(4)]
        rng.shuffle(wall)
        c = [0] * 34
        for t in wall[:size]:
            c[t] += 1
        found = waits(c, 0, short, seven_pairs=True, thirteen_orphans=True)
        expected = []
        for k in range(34):
            c[k] += 1
            if standard_complete(tuple(c), 0, sets, 1):
                expected.append(k)
            c[k] -= 1
        assert found == expected, format_tiles([k for k in range(34) for _ in range(c[k])])


@pytest.mark.parametrize("kinds", [("hard", "greedy"), ("normal", "greedy", "random"),
                                   ("greedy", "random", "normal", "random", "greedy")])
def test_duplicate_plays_every_rotation_of_the_seats(kinds):
    from engine.arena import duplicate, seatings

    rules = get_rules("sichuan", {"players": len(kinds)})
    report = duplicate(rules, kinds, 2, "dup")
    assert report.hands == 2 * len(seatings(kinds)) == 2 * len(kinds)
    assert sum(s.chips for s in report.levels.values()) == 0
    assert sum(s.seat_hands for s in report.levels.values()) == report.hands * len(kinds)
    again = duplicate(rules, kinds, 2, "dup")
    assert [s.chips for s in again.levels.values()] == [s.chips for s in report.levels.values()]
