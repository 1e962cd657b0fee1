"""The mjai seat: an outside riichi bot speaking mjai plays through a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.actions import Chow, Discard, Kong, Pass, Pong, Riichi, Win
from engine.cli.botzone import fits, parse_bot
from engine.hand.types import LegalActions, Phase
from engine.players.mjai_protocol import mjai_tile, read_action, tile_kind
from engine.rules import get_rules
from engine.tiles import parse

ROOT = Path(__file__).resolve().parents[3]
FAKE = Path(__file__).with_name("fake_mjai_bot.py")


def t(s: str) -> int:
    return parse(s)[0]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "simulate", *args],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )  # fmt: skip


def test_tile_names_are_mjais():
    assert [mjai_tile(t(x)) for x in ("1m", "9p", "5s", "1z", "4z", "5z", "6z", "7z")] == [
        "1m", "9p", "5s", "E", "N", "P", "F", "C",
    ]  # fmt: skip
    assert tile_kind("5mr") == t("5m") and tile_kind("C") == t("7z") and tile_kind("0z") is None


def test_answers_become_legal_actions_or_faults():
    turn = LegalActions(0, Phase.TURN, discards=(t("1m"), t("9p")), riichi=(t("9p"),),
                        kongs=((t("5s"), "concealed_kong"),), win=True)  # fmt: skip
    assert read_action('{"type":"dahai","pai":"9p"}', turn, 0).action == Discard(0, t("9p"))
    assert read_action('{"type":"dahai","pai":"2m"}', turn, 0).fault == "illegal"
    assert read_action('{"type":"reach","actor":0}', turn, 0).reach
    assert read_action('{"type":"dahai","pai":"9p"}', turn, 0, True).action == Riichi(0, t("9p"))
    assert read_action('{"type":"dahai","pai":"1m"}', turn, 0, True).fault == "illegal"
    got = read_action('{"type":"ankan","consumed":["5s","5s","5s","5s"]}', turn, 0)
    assert got.action == Kong(0, t("5s"))
    assert read_action('{"type":"hora"}', turn, 0).action == Win(0)
    assert read_action("FOO BAR", turn, 0).fault == "malformed"
    claim = LegalActions(1, Phase.CLAIM, tile=t("4m"), pong=True, can_pass=True,
                         chows=((t("3m"), t("4m"), t("5m")),))  # fmt: skip
    assert read_action('{"type":"none"}', claim, 1).action == Pass(1)
    assert read_action('{"type":"pon","consumed":["4m","4m"]}', claim, 1).action == Pong(1)
    chi = read_action('{"type":"chi","consumed":["3m","5mr"]}', claim, 1)
    assert chi.action == Chow(1, (t("3m"), t("4m"), t("5m")))
    assert read_action('{"type":"chi","consumed":["5m","6m"]}', claim, 1).fault == "illegal"
    assert read_action('{"type":"hora"}', claim, 1).fault == "illegal"


def test_simulate_seats_an_mjai_bot_that_sees_only_its_seat(tmp_path):
    log = tmp_path / "sent"
    bot = f"tg:mjai={sys.executable} {FAKE} - {log}"
    r = run("--rules", "riichi", "--hands", "2", "--seed", "3",
            "--players", "tg,greedy,hard,normal", "--bot", bot)  # fmt: skip
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    stats = out["bots"]["tg"]
    assert stats["decisions"] > 10 and stats["illegal"] == 0 and stats["crashes"] == 0
    batches = [json.loads(line) for line in log.read_text().splitlines()]
    events = [e for b in batches for e in b]
    kinds = {e["type"] for e in events}
    assert {"start_game", "start_kyoku", "tsumo", "dahai", "end_kyoku", "end_game"} <= kinds
    assert kinds & {"hora", "ryukyoku"}
    assert batches[0][0]["type"] == "start_game"
    start = next(e for e in events if e["type"] == "start_kyoku")
    assert len(start["tehais"][0]) == 13 and "?" not in start["tehais"][0]
    assert all(h == ["?"] * 13 for h in start["tehais"][1:])
    assert start["dora_marker"] != "?" and sum(start["scores"]) == 100000
    for e in events:  # another seat's draw is never shown
        if e["type"] == "tsumo":
            assert (e["pai"] == "?") == (e["actor"] != 0)
    # each answer was asked at the bot's own draw or at another's discard
    asked = [b[-1] for b in batches if b[-1]["type"] != "end_game"]
    assert len(asked) == stats["decisions"] and len(batches) == len(asked) + out["hands"]
    for last in asked:
        assert (last["type"] == "tsumo" and last["actor"] == 0) or (
            last["type"] in ("dahai", "kakan") and last["actor"] != 0
        )


@pytest.mark.parametrize(("flags", "field"), [("illegal", "illegal"), ("garbage", "malformed")])
def test_illegal_answers_are_counted_and_replaced(flags, field):
    bot = f"x:mjai={sys.executable} {FAKE} {flags}"
    r = run("--rules", "riichi", "--hands", "1", "--seed", "5",
            "--players", "x,greedy,greedy,greedy", "--bot", bot)  # fmt: skip
    assert r.returncode == 0, r.stderr
    stats = json.loads(r.stdout)["bots"]["x"]
    assert stats[field] > 0 and stats["illegal"] == stats["decisions"]


def test_a_bot_that_cannot_answer_in_time_is_played_for(tmp_path):
    slow = tmp_path / "slow.py"
    slow.write_text("import sys, time\nfor line in sys.stdin:\n    time.sleep(30)\n")
    bot = f"s:mjai={sys.executable} {slow}"
    r = run("--rules", "riichi", "--hands", "1", "--seed", "5", "--bot-timeout", "0.5",
            "--players", "s,greedy,greedy,greedy", "--bot", bot)  # fmt: skip
    assert r.returncode == 0, r.stderr
    stats = json.loads(r.stdout)["bots"]["s"]
    assert stats["timeouts"] == stats["requests"] and stats["illegal"] == 0


def test_a_crashed_bot_is_started_again_on_the_whole_hand(tmp_path):
    log = tmp_path / "sent"
    bot = f"c:mjai={sys.executable} {FAKE} crash {log}"
    r = run("--rules", "riichi", "--hands", "1", "--seed", "5",
            "--players", "c,greedy,greedy,greedy", "--bot", bot)  # fmt: skip
    assert r.returncode == 0, r.stderr
    stats = json.loads(r.stdout)["bots"]["c"]
    assert stats["crashes"] == 1 and stats["illegal"] == 0
    batches = [json.loads(line) for line in log.read_text().splitlines()]
    starts = [i for i, b in enumerate(batches) if b[0]["type"] == "start_game"]
    assert starts == [0, 3]  # the third batch crashed it; the fourth is the whole hand again
    assert batches[3][: len(batches[0])] == batches[0] and len(batches[3]) > len(batches[2])


def test_a_reach_answer_is_echoed_and_its_discard_declares_riichi():
    from engine.players.botzone import Reply
    from engine.players.mjai import MjaiPlayer

    class Chan:
        def __init__(self) -> None:
            self.lines: list[str] = []

        def exchange(self, line: str) -> Reply:
            self.lines.append(line)
            batch = json.loads(line)
            if batch and batch[-1]["type"] == "reach":
                return Reply('{"type":"dahai","pai":"9p"}')
            return Reply('{"type":"reach","actor":0}')

        def close(self) -> None: ...

    chan = Chan()
    p = MjaiPlayer(lambda: chan)
    p.hand_started([], 0)
    legal = LegalActions(0, Phase.TURN, discards=(t("1m"), t("9p")), riichi=(t("9p"),))

    class Obs:
        seat = 0

    obs = Obs()
    obs.legal = legal  # type: ignore[attr-defined]
    assert p.act(obs) == Riichi(0, t("9p"))  # type: ignore[arg-type]
    assert json.loads(chan.lines[-1]) == [{"type": "reach", "actor": 0}]


def test_an_mjai_seat_plays_riichi_only():
    seat = parse_bot(f"m:mjai={sys.executable} {FAKE}")
    assert seat.io == "mjai"
    assert fits(get_rules("riichi"), [seat]) is None
    assert "riichi" in (fits(get_rules("guobiao"), [seat]) or "")


def test_red_fives_are_named_where_the_seat_may_see_them(tmp_path):
    log = tmp_path / "sent"
    bot = f"tg:mjai={sys.executable} {FAKE} - {log}"
    r = run("--rules", "riichi", "--hands", "8", "--seed", "3",
            "--players", "tg,greedy,hard,normal", "--bot", bot)  # fmt: skip
    assert r.returncode == 0, r.stderr
    events = [e for line in log.read_text().splitlines() for e in json.loads(line)]
    hands: list[list[dict]] = []
    for e in events:
        if e["type"] == "start_kyoku":
            hands.append([])
        if hands:
            hands[-1].append(e)
    named = 0
    for hand in hands:  # one red five of each suit: discarded at most once, and the seat's
        # own red discard is one it was dealt or drew as red
        held: list[str] = [x for x in hand[0]["tehais"][0] if x.endswith("r")]
        thrown: list[str] = []
        for e in hand[1:]:
            pai = e.get("pai") or ""
            if e["type"] == "tsumo" and pai.endswith("r"):
                held.append(pai)
            if e["type"] == "dahai" and pai.endswith("r"):
                thrown.append(pai)
                assert e["actor"] != 0 or pai in held
        assert len(thrown) == len(set(thrown)) and set(held + thrown) <= {"5mr", "5pr", "5sr"}
        named += len(held) + len(thrown)
    assert named > 0
    plain = run("--rules", "riichi", "--hands", "2", "--seed", "3", "--options", '{"aka": 0}',
                "--players", "tg,greedy,hard,normal", "--bot", bot)  # fmt: skip
    assert plain.returncode == 0, plain.stderr
