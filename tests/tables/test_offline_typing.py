"""The terminal game's prompt, as a person meets it: the names of moves, help, Ctrl-C and
which table a start with ``--rules`` deals."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.tables.test_offline import ROOT, _env, _offline


def _first_turn(out: str) -> str:
    """What follows the first "Your turn to discard." (seed 3: East, South, Red in hand)."""
    return out.split("Your turn to discard.", 1)[1]


def test_every_name_the_game_shows_is_a_move(tmp_path):
    for said in ("Red", "red", "discard red", "Discard Red", "中", "7 z", "7z", "打 中", "12"):
        out = _offline(tmp_path, f"{said}\nq\n", "--new")
        assert "] You discard Red" in out, (said, _first_turn(out)[-1500:])
        assert "No such move" not in out, said


def test_chinese_names_in_a_chinese_terminal(tmp_path):
    out = _offline(tmp_path, "红中\nq\n", "--new", lang="zh-CN")
    assert "你打出 中" in out or "打出 中" in out, out[-1500:]


def test_a_word_that_fits_several_moves_is_asked_never_guessed(tmp_path):
    out = _offline(tmp_path, "DISCARD\n12\nq\n")
    turn = _first_turn(out)
    asked, after = turn.split("Type the number of the one you mean.", 1)
    assert "“DISCARD” fits several moves: 1. Discard 4 Characters; 2. Discard 6 Characters" in asked
    assert "You discard" not in asked  # nothing was thrown on the bare verb
    assert "] You discard Red" in after


def test_help_explains_the_notation_and_every_command(tmp_path):
    out = _offline(tmp_path, "h\nq\n")
    helped = _first_turn(out)
    for words in ("m Characters (1m-9m), p Dots (1p-9p), s Bamboo (1s-9s)",
                  "1z-7z = East South West North White Green Red",
                  "1f-8f = flowers", "w wins", "t shows the table", "h this help",
                  "q or Ctrl-C quits"):
        assert words in helped, words
    zh = _offline(tmp_path, "h\nq\n", "--new", lang="zh-CN").split("轮到你出牌。", 1)[1]
    assert "1z–7z = 东 南 西 北 白 发 中" in zh and "Ctrl-C" in zh


def _interrupt_at_prompt(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """Start a game, wait for its first prompt, press Ctrl-C (SIGINT to the process)."""
    (tmp_path / "none.env").touch()  # an empty settings file: a missing one is warned about
    cmd = [sys.executable, str(ROOT / "bot.py"), "--offline", "--seed", "3", "--lang", "en",
           "--db", str(tmp_path / "t.db"), "--images", str(tmp_path / "img"),
           "--env-file", os.devnull, *extra]
    out_path = tmp_path / "out.txt"
    with out_path.open("w") as out, subprocess.Popen(
        cmd, cwd=tmp_path, env=_env(), stdin=subprocess.PIPE, stdout=out,
        stderr=subprocess.PIPE, text=True,
    ) as proc:
        deadline = time.monotonic() + 60
        while "> " not in out_path.read_text() and "[Y/n]" not in out_path.read_text():
            assert proc.poll() is None and time.monotonic() < deadline, out_path.read_text()
            time.sleep(0.1)
        time.sleep(0.3)
        proc.send_signal(signal.SIGINT)
        # no Enter is pressed and standard input stays open: the process ends on its own
        rc = proc.wait(timeout=20)
        assert proc.stderr is not None
        err = proc.stderr.read()
    return subprocess.CompletedProcess(cmd, rc, out_path.read_text(), err)


def test_ctrl_c_at_the_prompt_quits_like_q_and_keeps_the_table(tmp_path):
    if os.name != "posix":  # pragma: no cover
        return
    first = _interrupt_at_prompt(tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stderr == ""  # no CancelledError / KeyboardInterrupt traceback
    last = first.stdout.rstrip().splitlines()[-1]
    assert last.startswith("You left table #") and "--new" in last
    table = last.split("#")[1].split(" ")[0]
    # at the question about that table, Ctrl-C quits in one line as well
    again = _interrupt_at_prompt(tmp_path)
    assert again.returncode == 0 and again.stderr == ""
    assert f"Table #{table} (" in again.stdout
    assert again.stdout.rstrip().splitlines()[-1].startswith(f"You left table #{table} ")
    # and the table is still there to carry on with
    assert f"Carrying on with table #{table}." in _offline(tmp_path, "y\nq\n")


def test_asking_for_another_preset_deals_it_and_offers_the_old_table_by_name(tmp_path):
    first = _offline(tmp_path, "q\n")
    table = first.split("You left table #")[1].split(" ")[0]
    out = _offline(tmp_path, "\nq\n", "--rules", "sichuan")
    assert "You asked for Sichuan Bloody Battle: a new Sichuan Bloody Battle table is dealt" in out
    assert f"Table #{table} (Heyuan Baida (pattern), hand 1 of 4) from last time" in out
    assert "[y/N]" in out and "Carrying on" not in out
    assert f"Computers finish table #{table}" in out
    assert "Sichuan" in out.split("Pictures are written to", 1)[1].splitlines()[1]
    # asking for the same preset, or none, still offers to carry on by default
    second = out.split("You left table #")[1].split(" ")[0]
    assert f"Carrying on with table #{second}." in _offline(tmp_path, "\nq\n", "--rules",
                                                            "sichuan")


def _view(*choices):
    from tables.model import Mode, PrivateView

    return PrivateView(table_id="t", hand_no=0, step=1, seat=0, mode=Mode.CLAIM, concealed=(),
                       drawn=None, melds=(), flowers=(), actions=tuple(choices))


def test_claim_moves_by_name_and_a_bare_tile_that_fits_two_moves_is_asked():
    from engine.tiles import parse
    from tables.model import ActionChoice
    from tables.offline import _pick

    pong = ActionChoice("pong", "p", "5p", tile=parse("5p")[0])
    kong = ActionChoice("kong", "k", "5p", tile=parse("5p")[0])
    chow = ActionChoice("chow", "c", "345p", tile=parse("5p")[0], tiles=tuple(parse("345p")))
    pas = ActionChoice("pass", "x")
    view = _view(pong, kong, chow, pas)
    assert _pick(view, "pong") == ("p", "5p") and _pick(view, "碰") == ("p", "5p")
    assert _pick(view, "Kong 5 Dots") == ("k", "5p") and _pick(view, "杠 五筒") == ("k", "5p")
    assert _pick(view, "chow 345p") == ("c", "345p") and _pick(view, "吃") == ("c", "345p")
    assert _pick(view, "Chow 3-4-5 Dots") == ("c", "345p")
    assert _pick(view, "pass") == ("x", "") and _pick(view, "過") == ("x", "")
    assert _pick(view, "5p") == [0, 1, 2]  # pong, kong or chow on it: asked
    assert _pick(view, "discard 5p") is None


def test_ctrl_c_during_autoplay_stops_in_one_line(tmp_path):
    if os.name != "posix":  # pragma: no cover
        return
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "bot.py"), "--offline", "--autoplay", "--hands", "16",
         "--db", str(tmp_path / "a.db"), "--images", str(tmp_path / "img"),
         "--env-file", os.devnull],
        cwd=tmp_path, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    time.sleep(2.5)
    proc.send_signal(signal.SIGINT)
    rc = proc.wait(timeout=30)
    assert proc.stderr is not None
    err = proc.stderr.read()
    if rc == 0:  # the 16 hands were already played
        return
    assert rc == 130 and err.strip() == "python bot.py: stopped (Ctrl-C)", err
