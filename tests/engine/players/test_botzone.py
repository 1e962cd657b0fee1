"""The Botzone seat: the judge's requests for one seat, answers read against the legal
actions, and programs run through the process channel (a scripted fake bot,
``fake_botzone_bot.py``, exercising every request kind, illegal and malformed answers,
timeouts and a crash)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from engine.actions import Chow, Discard, Kong, Pass, Pong, Win
from engine.arena import duplicate, play_board
from engine.cli.botzone import BotSeat, ProcessChannel, parse_bot, player_maker
from engine.hand import HandState
from engine.hand.types import LegalActions, Phase
from engine.match import Match
from engine.players import get_player
from engine.players.autoplay import play_match
from engine.players.base import Observation
from engine.players.botzone import BotStats, BotzonePlayer, Reply
from engine.players.botzone_protocol import kind_of, name_of, read_answer
from engine.rules import get_rules
from engine.tiles import parse
from tests.engine.players.fake_botzone_bot import FakeBot

ROOT = Path(__file__).resolve().parents[3]
FAKE = Path(__file__).with_name("fake_botzone_bot.py")
BOTZONE = {"bonus_flowers": False, "pass_win_lock": False}


def counts(text: str) -> list[int]:
    c = [0] * 42
    for t in parse(text):
        c[t] += 1
    return c


# -- tile names and answers --------------------------------------------------------------------


def test_tile_names_are_the_judges():
    assert [name_of(k) for k in parse("19m1p9s1234567z")] == [
        "W1", "W9", "B1", "T9", "F1", "F2", "F3", "F4", "J3", "J2", "J1",
    ]  # fmt: skip
    assert name_of(34) == "H1" and kind_of("J1") == parse("7z")[0]
    assert kind_of("W0") is None and kind_of("X1") is None


def test_answers_on_the_seats_own_turn():
    legal = LegalActions(0, Phase.TURN, 4, discards=(0, 4, 9), kongs=((9, "concealed_kong"),))
    hand = counts("15m1111p")
    assert read_answer("PLAY W5", legal, hand).action == Discard(0, 4)
    assert read_answer("GANG B1", legal, hand).action == Kong(0, 9)
    assert read_answer("BUGANG B1", legal, hand).fault == "illegal"
    assert read_answer("PLAY W2", legal, hand).fault == "illegal"  # not held
    assert read_answer("HU", legal, hand).fault == "illegal"  # no win now
    assert read_answer("PASS", legal, hand).fault == "illegal"  # a discard is due
    for bad in ("", "PLAY", "PLAY W10", "PLAY H1", "play W5", "PLAY W5 W6", "GANG"):
        assert read_answer(bad, legal, hand).fault == "malformed", bad


def test_answers_on_a_discard():
    # the discard 3m: pong with 33m, chow 234m / 345m, win
    legal = LegalActions(
        1, Phase.CLAIM, 2, win=True, pong=True, chows=((1, 2, 3), (2, 3, 4)), can_pass=True
    )
    hand = counts("23345m9p")
    assert read_answer("PASS", legal, hand).action == Pass(1)
    assert read_answer("HU", legal, hand).action == Win(1)
    got = read_answer("PENG B9", legal, hand)
    assert got.action == Pong(1) and got.discard == 17
    assert read_answer("PENG W3", legal, hand).fault == "illegal"  # both 3m go into the pong
    got = read_answer("CHI W3 W3", legal, hand)
    assert got.action == Chow(1, (1, 2, 3)) and got.discard == 2
    assert read_answer("CHI W2 W3", legal, hand).fault == "illegal"  # 123m: no 1m
    assert read_answer("GANG", legal, hand).fault == "illegal"
    assert read_answer("CHI W3", legal, hand).fault == "malformed"
    rob = LegalActions(1, Phase.ROB, 2, win=True, can_pass=True)
    assert read_answer("HU", rob, hand).action == Win(1)
    assert read_answer("PENG B9", rob, hand).fault == "illegal"


# -- the requests of a seat, in process --------------------------------------------------------


class InProcess:
    """A channel to a :class:`FakeBot` in this process that checks, at each decision, that
    the bot's own hand (kept from the requests alone) is the table's."""

    live = False

    def __init__(self, flags: frozenset[str] = frozenset()) -> None:
        self.bot = FakeBot(set(flags))
        self.fed = 0

    def exchange(self, requests: Sequence[str], responses: Sequence[str]) -> Reply:
        for req in requests[self.fed : -1]:  # requests it was not asked about (skipped)
            self.bot.answer(req)
        self.fed = len(requests)
        return Reply(self.bot.answer(requests[-1]))

    def close(self) -> None:
        pass


class Checked:
    """A Botzone seat whose bot's hand is compared with the table's at each decision."""

    def __init__(self, skip: bool, stats: BotStats) -> None:
        self.channels: list[InProcess] = []

        def open_channel() -> InProcess:
            self.channels.append(InProcess())
            return self.channels[-1]

        self.inner = BotzonePlayer(open_channel, stats, skip_forced=skip)
        self.hand_started = self.inner.hand_started
        self.hand_ended = self.inner.hand_ended
        self.checked = 0

    def act(self, obs: Observation):
        before = self.inner.stats.decisions
        action = self.inner.act(obs)
        if self.inner.stats.decisions > before:  # the bot was asked: its hand is the table's
            mine = sorted(kind_of(t) for t in self.channels[-1].bot.hand)
            table = sorted(k for k in range(34) for _ in range(obs.hand[k]))
            assert mine == table
            self.checked += 1
        return action


@pytest.mark.parametrize("skip", [False, True])
def test_a_seat_is_sent_every_request_kind_and_its_bot_keeps_the_tables_hand(skip):
    rules = get_rules("guobiao")  # with flowers: BUHUA and the deal's flower counts too
    seen: list[str] = []
    stats = BotStats()
    kinds = set()
    checked = 0
    for board in range(12):
        for seat in range(4):
            players = [get_player("normal", f"b{board}/{i}") for i in range(4)]
            players[seat] = Checked(skip, stats)
            play_board(rules, f"bz-{board}", board % 4, players, ["x"] * 4)
            checked += players[seat].checked
            seen += players[seat].inner.requests
    for line in seen:
        w = line.split()
        kinds.add(w[0] if w[0] != "3" else w[2])
    assert stats.illegal == 0, stats.faults
    assert stats.decisions > 0 and checked > 100
    expected = {"2", "PLAY", "PENG", "CHI", "GANG", "BUGANG", "DRAW", "BUHUA"}
    if not skip:
        expected |= {"0", "1"}
    assert expected <= kinds, expected - kinds
    if skip:  # only the decisions were put to the bot
        assert stats.exchanges == stats.decisions < stats.requests


def test_the_deal_and_the_others_moves_show_only_what_the_seat_may_see():
    rules = get_rules("guobiao")
    st = HandState.start(rules, "bz-view", dealer=2, hand_no=0)
    lines: dict[int, list[str]] = {}
    players = [BotzonePlayer(lambda: InProcess(), skip_forced=False) for _ in range(4)]
    for s, p in enumerate(players):
        p.hand_started(st.events, s)
    while not st.is_over:
        s = st.awaiting()[0]
        st.act(players[s].act(Observation.of(st, s, (0,) * 4)))
    for s, p in enumerate(players):
        lines[s] = p.requests
        pid = (s - 2) % 4
        assert p.requests[0] == f"0 {pid} {st.round_wind}"
        deal = p.requests[1].split()
        assert deal[0] == "1" and len(deal) == 5 + 13 + sum(map(int, deal[1:5]))
        for line in p.requests[2:]:
            w = line.split()
            if w[0] == "3" and w[2] in ("DRAW", "GANG"):
                assert len(w) == 3  # another's draw or kong: no tile
            if w[0] == "2":
                assert len(w) == 2
    # the dealer (id 0) is sent its fourteenth tile as a draw, the others see it drawn
    assert lines[2][2].startswith("2 ") and all(lines[s][2] == "3 0 DRAW" for s in (0, 1, 3))

    # past the deal every seat is sent the same lines, but for the tiles of its own draws
    # (each as far as its last decision)
    def public(s: int) -> list[str]:
        pid = (s - 2) % 4
        return [f"3 {pid} DRAW" if x.startswith("2 ") else x for x in lines[s][2:]]

    longest = max((public(s) for s in range(4)), key=len)
    assert len(longest) > 40
    assert all(public(s) == longest[: len(public(s))] for s in range(4))


def test_illegal_answers_are_counted_and_replaced_by_a_pass_or_the_drawn_tile():
    stats = BotStats()
    player = BotzonePlayer(lambda: InProcess(frozenset({"illegal"})), stats)
    players = [get_player("greedy", str(i)) for i in range(3)] + [player]
    out = play_board(get_rules("guobiao", BOTZONE), "bz-illegal", 0, players, ["g"] * 3 + ["b"])
    assert len(out) == 4
    assert stats.illegal >= stats.decisions > 5
    # every own turn was answered by discarding the drawn tile, which the history records
    plays = [r for q, r in zip(player.requests, player.responses, strict=False) if q[0] == "2"]
    draws = [q.split()[1] for q in player.requests if q[0] == "2"]
    assert plays[: len(draws)] == [f"PLAY {t}" for t in draws[: len(plays)]]


# -- programs through the process channel ------------------------------------------------------


def seat(tmp_path: Path, flags: str, timeout: float = 5.0) -> BotSeat:
    log = tmp_path / "requests.log"
    io = "json" if "json" in flags else "simple"
    cmd = [sys.executable, str(FAKE), flags, str(log)]
    return BotSeat("fake", cmd, io, "keep" in flags, timeout)


def play_one(bot: BotSeat, board: str = "bz-proc") -> None:
    players = [get_player("hard", str(i)) for i in range(3)] + [bot.make("s")]
    play_board(get_rules("guobiao", BOTZONE), board, 1, players, ["h"] * 3 + ["b"])


@pytest.mark.parametrize("flags", ["plain", "keep", "json", "keep,json", "json,slurp"])
def test_a_program_plays_a_hand_in_each_running_form(tmp_path, flags):
    bot = seat(tmp_path, flags)
    play_one(bot)
    s = bot.stats
    assert s.illegal == s.timeouts == s.crashes == 0, s.faults
    assert s.decisions > 0
    logged = (tmp_path / "requests.log").read_text().splitlines()
    if "keep" in flags:
        # started once on the history up to its first decision, then sent every request
        assert logged[-1].startswith(("2 ", "3 "))
        assert s.exchanges > s.decisions
    else:
        assert s.exchanges == s.decisions  # one start per decision, the rest answered PASS


def test_a_malformed_answer_is_counted_and_replaced(tmp_path):
    bot = seat(tmp_path, "keep,garbage@3")
    play_one(bot)
    assert bot.stats.malformed == 1 and bot.stats.illegal == 1
    assert "FOO BAR" in bot.stats.faults[0]


def test_a_timeout_is_counted_and_the_program_started_again(tmp_path):
    bot = seat(tmp_path, "keep,sleep@4", timeout=1.0)
    play_one(bot)
    assert bot.stats.timeouts == 1 and bot.stats.crashes == 0
    assert (tmp_path / "requests.log").read_text().splitlines().count("# start") == 2
    assert bot.stats.illegal == 0  # restarted on the whole history, it plays on legally


def test_a_one_shot_answer_stands_when_the_program_lingers(tmp_path):
    bot = seat(tmp_path, "linger@3", timeout=1.0)
    play_one(bot)
    assert bot.stats.timeouts == bot.stats.illegal == bot.stats.crashes == 0


def test_a_crash_is_counted_and_the_program_started_again(tmp_path):
    bot = seat(tmp_path, "crash@2")
    play_one(bot)
    assert bot.stats.crashes == 1 and bot.stats.timeouts == 0 and bot.stats.illegal == 0


def test_a_program_that_cannot_start_is_a_crash_every_time():
    ch = ProcessChannel(["/nonexistent/botzone-bot"])
    assert ch.exchange(["0 0 0"], []) == Reply(None, "crash")
    assert not ch.live


def test_every_hand_is_a_new_game_for_the_program(tmp_path):
    bot = seat(tmp_path, "keep")
    players = [get_player("greedy", str(i)) for i in range(3)] + [bot.make("s")]
    match = play_match(Match.start(get_rules("guobiao", {**BOTZONE, "hands": 4}), "bz-m"), players)
    assert len(match.results) == 4
    logged = (tmp_path / "requests.log").read_text().splitlines()
    assert logged.count("# start") == 4  # one long-running process per hand
    assert bot.stats.illegal == 0


def test_duplicate_with_a_program_seat(tmp_path):
    bot = seat(tmp_path, "keep")
    rep = duplicate(
        get_rules("guobiao", BOTZONE), ["hard", "fake"] * 2, 1, "d", player_maker([bot])
    )
    assert rep.hands == 2 and rep.levels["fake"].seat_hands == 4


# -- the command -------------------------------------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "simulate", *args],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )  # fmt: skip


def test_simulate_seats_a_program(tmp_path):
    cmd = f"{sys.executable} {FAKE} keep {tmp_path / 'log'}"
    r = run(
        "--rules", "guobiao", "--options", json.dumps(BOTZONE), "--hands", "2", "--seed", "1",
        "--players", "hard,fake,hard,fake", "--bot", f"fake:keep={cmd}", "--duplicate",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["hands"] == 2 and out["bots"]["fake"]["illegal"] == 0
    assert out["bots"]["fake"]["decisions"] > 0


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--bot", "fake"], "NAME=COMMAND"),
        (["--bot", "hard=./x"], "already a player kind"),
        (["--bot", "a b=./x"], "a bot's name"),
        (["--bot", "fake=./x 'unclosed"], "--bot fake"),
        (["--bot", "fake=./x", "--bot-timeout", "0"], "--bot-timeout"),
        (["--bot", "fake:fast=./x"], "unknown flag"),
        (["--bot", "fake=./no-such-bot --fast"], "no such program"),
    ],
)
def test_simulate_refuses_a_bad_bot_in_one_line(args, says):
    r = run("--rules", "guobiao", "--hands", "1", "--players", "hard,fake,hard,fake", *args)
    assert r.returncode == 2 and says in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_simulate_refuses_a_bot_in_a_game_with_jokers():
    bot = f"x={sys.executable} {FAKE}"
    r = run("--rules", "heyuan-zheng", "--hands", "1", "--players", "hard,x,hard,x", "--bot", bot)
    assert r.returncode == 2 and "without jokers" in r.stderr


def test_parse_bot_splits_the_command_like_a_shell_and_reads_the_flags():
    py = sys.executable
    b = parse_bot(f"b={py} 'my bot.py' -v")
    assert b.command == [py, "my bot.py", "-v"] and (b.io, b.keep) == ("simple", False)
    b = parse_bot(f"b:json:keep={py} --x=1")
    assert b.command == [py, "--x=1"] and (b.io, b.keep) == ("json", True)
