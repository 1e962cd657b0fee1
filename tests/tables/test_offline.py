"""``python bot.py --offline``: autoplay for several hands in a subprocess, and a typed game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    return env


def test_autoplay_plays_several_hands_and_prints_one_json_object(tmp_path):
    db, images = tmp_path / "offline.db", tmp_path / "pictures"
    cmd = [sys.executable, str(ROOT / "bot.py"), "--offline", "--autoplay", "--hands", "3",
           "--json", "--seed", "11", "--db", str(db), "--images", str(images)]
    proc = subprocess.run(cmd, cwd=tmp_path, env=_env(), capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1
    out = json.loads(lines[0])
    assert out["hands"] == 3 and len(out["chips"]) == 4
    assert sum(out["chips"]) == 0
    assert out["ledger_total_change"] == 0  # computers only: no chips created or lost
    # the table's pictures in a folder of its own
    folder = Path(out["images"])
    assert folder == (images / out["table"]).resolve()
    assert db.exists() and (folder / "standings.png").exists()
    assert len(list(folder.glob("settlement-*.png"))) == 3
    # the same seed plays the same game
    again = subprocess.run([*cmd[:-4], "--db", str(tmp_path / "2.db"), "--images", str(images)],
                           cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=120)
    assert json.loads(again.stdout)["chips"] == out["chips"]


def test_offline_if_no_token_plays_in_the_terminal(tmp_path):
    # a person who quits at once: the table stays in the store for next time
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--offline-if-no-token", "--db",
         str(tmp_path / "o.db"), "--images", str(tmp_path / "img"), "--env-file",
         str(tmp_path / "none.env")],
        cwd=tmp_path, env=_env(), input="nonsense\n1\nq\n", capture_output=True, text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Pictures are written to" in proc.stdout
    assert "No such move. Type a move's number" in proc.stdout  # the bad answer was explained
    assert len(list((tmp_path / "img").glob("*/hand.png"))) == 1


def test_the_indicator_games_play_offline_with_the_indicator_shown(tmp_path):
    for preset in ("shanghai", "beijing", "quzhou"):
        images = tmp_path / preset
        proc = subprocess.run(
            [sys.executable, str(ROOT / "bot.py"), "--offline", "--rules", preset, "--seed", "5",
             "--db", str(tmp_path / f"{preset}.db"), "--images", str(images)],
            cwd=tmp_path, env=_env(), input="1\n1\n1\nq\n", capture_output=True, text=True,
            timeout=120,
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        assert "Indicator" in proc.stdout and "this hand's" in proc.stdout, proc.stdout[-2000:]
        assert list(images.glob("*/hand.png")) and list(images.glob("*/table.png"))
        auto = subprocess.run(
            [sys.executable, str(ROOT / "bot.py"), "--offline", "--autoplay", "--hands", "2",
             "--json", "--rules", preset, "--seed", "6", "--db", str(tmp_path / f"a{preset}.db"),
             "--images", str(images)],
            cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        out = json.loads(auto.stdout)
        assert out["rules"] == preset and out["hands"] == 2 and sum(out["chips"]) == 0
        assert out["ledger_total_change"] == 0


def _offline(tmp_path, answers, *extra, lang="en"):
    cmd = [sys.executable, str(ROOT / "bot.py"), "--offline", "--seed", "3", "--lang", lang,
           "--db", str(tmp_path / "t.db"), "--images", str(tmp_path / "img"),
           "--env-file", str(tmp_path / "none.env"), *extra]
    proc = subprocess.run(cmd, cwd=tmp_path, env=_env(), input=answers, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_the_terminal_game_can_be_followed_in_plain_text(tmp_path):
    out = _offline(tmp_path, "zz\nt\n1\n1\nq\n", "--computers", "hard,normal,easy")
    assert "**" not in out and "`" not in out  # no Discord markdown
    head = out.splitlines()[:4]
    assert "Heyuan Baida (pattern) · hands: 4 · stake 1" in head
    assert ("Players: You, CPU1 (hard computer), CPU2 (normal computer), "
            "CPU3 (easy computer)") in head
    # the hand is named with its wall commitment, every public move is one line
    assert "Hand 1 of 4 · East round · dealer " in out
    assert "wall commitment (SHA-256) " in out
    assert "] CPU3 discards " in out and "] CPU3 draws (" in out
    assert "] You discard " in out and "You discards" not in out
    # `t` printed the table: rivers, melds and scores by seat
    assert "tiles left in the wall" in out and "(+0)" in out
    assert "No such move." in out
    # no timer runs offline, so none is shown
    assert "Your turn to discard." in out and " s)." not in out
    assert "You left table #" in out and "--new" in out


def test_a_table_left_last_time_is_offered_and_new_starts_fresh(tmp_path):
    first = _offline(tmp_path, "q\n")
    table = first.split("You left table #")[1].split(" ")[0]
    again = _offline(tmp_path, "y\nq\n")
    assert f"Table #{table} (Heyuan Baida (pattern), hand 1 of 4) from last time" in again
    assert f"Carrying on with table #{table}." in again
    fresh = _offline(tmp_path, "q\n", "--new")
    assert f"Computers finish table #{table} for you" in fresh
    assert "Carry on with it?" not in fresh
    assert "Carrying on" not in _offline(tmp_path, "n\nq\n")  # "n": a new table too


def test_the_terminal_speaks_chinese(tmp_path):
    out = _offline(tmp_path, "1\nq\n", lang="zh-CN")
    assert "第 1/4 局" in out and "轮到你出牌。" in out and "打出" in out
    assert "Hand" not in out and "discards" not in out


def test_the_108_tile_games_play_offline_with_their_choices_as_moves(tmp_path):
    """A typed Sichuan hand with 换三张 asks for three tiles (typed tiles of two suits are
    refused, a suggestion is taken), then the void suit; both games autoplay to a ledger
    that balances."""
    images = tmp_path / "sichuan"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--offline", "--rules", "sichuan", "--seed", "5",
         "--house-rules", "exchange_three=true",
         "--db", str(tmp_path / "sichuan.db"), "--images", str(images)],
        cwd=tmp_path, env=_env(), input="1m1p1s\n1\n1\n1\nq\n", capture_output=True,
        text=True, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "or type any 3 tiles of one suit" in proc.stdout
    assert "must all be one suit" in proc.stdout  # the mixed pick, refused
    assert "Three tiles exchanged" in proc.stdout
    assert "Void: characters (m)" in proc.stdout and "Void suits:" in proc.stdout
    bad = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--offline", "--rules", "sichuan",
         "--house-rules", "exchange_three=maybe", "--db", str(tmp_path / "bad.db")],
        cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert bad.returncode == 2 and "exchange_three takes true or false" in bad.stderr
    for preset in ("sichuan", "changsha"):
        auto = subprocess.run(
            [sys.executable, str(ROOT / "bot.py"), "--offline", "--autoplay", "--hands", "2",
             "--json", "--rules", preset, "--seed", "6", "--db", str(tmp_path / f"a{preset}.db"),
             "--images", str(tmp_path / f"a{preset}")],
            cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        out = json.loads(auto.stdout)
        assert out["rules"] == preset and out["hands"] == 2 and sum(out["chips"]) == 0
        assert out["ledger_total_change"] == 0 and out["ledger_seats"] == out["chips"]


def test_a_false_win_is_declared_offline_after_the_question(tmp_path):
    """Baoding pays 诈胡: ``w`` at one's turn on a hand that is no win asks first; "n"
    changes nothing, "y" ends the hand with the declarer paying 1 to each (a non-dealer)."""
    out = _offline(tmp_path, "w\nn\nw\ny\nq\n", "--rules", "baoding")
    turn = out.split("Your turn to discard.")[1]
    assert "1. Declare win" in turn  # offered on a hand that is none
    question = ("This hand is not a winning hand. Declaring it is a false win (诈胡): it costs "
                "you 3 chips (CPU1 1, CPU2 1, CPU3 1) and ends the hand. Declare it anyway? [y/N]")
    assert out.count(question) == 2
    first, second = out.split(question)[1:3]
    assert "Cancelled, nothing declared" in first and "settlement" not in first
    assert "You declared a false win (诈胡)" in second
    assert "False-win penalty (诈胡): You -3, CPU1 (normal computer) +1" in second
    assert ("You -3 · CPU1 (normal computer) +1 · CPU2 (normal computer) +1 · "
            "CPU3 (normal computer) +1") in second
    # a non-dealer's 诈胡 keeps the dealer
    dealers = [line.split(" · dealer ")[1].split(" · ")[0] for line in out.splitlines()
               if line.startswith("Hand ") and " · dealer " in line]
    assert len(dealers) == 2 and dealers[0] == dealers[1] != "You"
    assert len(list((tmp_path / "img").glob("*/settlement-1.png"))) == 1


def test_the_win_command_is_refused_where_false_wins_are(tmp_path):
    out = _offline(tmp_path, "w\nq\n", "--rules", "baoding", "--house-rules", "false_win=off")
    assert "Declare win" not in out and "Declaring it is a false win" not in out
    assert "No such move." in out


def test_each_table_writes_its_pictures_to_a_folder_of_its_own(tmp_path):
    # two games into one folder: neither table's pictures sit beside (or overwrite) the other's
    images = tmp_path / "pictures"
    outs = []
    for n, seed in enumerate(("21", "22")):
        proc = subprocess.run(
            [sys.executable, str(ROOT / "bot.py"), "--offline", "--autoplay", "--hands", "1",
             "--json", "--seed", seed, "--db", str(tmp_path / f"{n}.db"), "--images",
             str(images)],
            cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        outs.append(json.loads(proc.stdout))
    folders = [Path(o["images"]) for o in outs]
    assert folders[0] != folders[1] and all(f.parent == images.resolve() for f in folders)
    for f in folders:
        assert sorted(p.name for p in f.iterdir()) == ["settlement-1.png", "standings.png"]
    assert not list(images.glob("*.png"))  # nothing loose at the top


def test_no_offline_picture_is_tracked_by_git():
    # pictures written by a game must never show up as changes to the repository's files
    if not (ROOT / ".git").exists():
        return
    tracked = subprocess.run(["git", "ls-files", "data/offline-images"], cwd=ROOT,
                             capture_output=True, text=True, timeout=60)
    assert tracked.returncode == 0 and tracked.stdout == ""


def test_a_three_seat_sichuan_game_plays_offline(tmp_path):
    """``--seats 3``: two computers, seats numbered from the dealer (no winds), and an
    autoplayed three-seat game whose ledger balances; counts the preset does not play are
    refused in one line."""
    out = _offline(tmp_path, "1\n1\n1\nt\n1\nq\n", "--rules", "sichuan", "--seats", "3")
    assert "Players: You, CPU1 (normal computer), CPU2 (normal computer)" in out
    assert "CPU3" not in out
    assert "you sit Seat " in out and "[Seat 1] " in out
    assert not any(w in out for w in ("[East]", "[South]", "[West]", "[North]"))
    assert "Seat 3 CPU" in out or "Seat 3 You" in out  # the table printed by `t`
    auto = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--offline", "--autoplay", "--hands", "2",
         "--json", "--rules", "sichuan", "--seats", "3", "--seed", "6",
         "--db", str(tmp_path / "three.db"), "--images", str(tmp_path / "three")],
        cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert auto.returncode == 0, auto.stderr
    res = json.loads(auto.stdout)
    assert len(res["chips"]) == 3 and sum(res["chips"]) == 0
    assert res["ledger_seats"] == res["chips"] and res["ledger_total_change"] == 0
    assert len(list(Path(res["images"]).glob("settlement-*.png"))) == 2
    for extra, says in ((["--rules", "guangdong", "--seats", "3"], "players"),
                        (["--rules", "sichuan", "--seats", "9"], "--seats takes 2 to 7"),
                        (["--rules", "sichuan", "--seats", "3", "--computers", "hard,easy,easy"],
                         "--computers takes 2 levels")):
        bad = subprocess.run(
            [sys.executable, str(ROOT / "bot.py"), "--offline", *extra,
             "--db", str(tmp_path / "bad.db"), "--images", str(tmp_path / "bad")],
            cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert bad.returncode == 2 and says in bad.stderr, bad.stderr
        assert "Traceback" not in bad.stderr and len(bad.stderr.strip().splitlines()) <= 3
