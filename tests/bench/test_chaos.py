"""The chaos soak's short form: two tables of scripted people through the bot and the Discord
double for a quarter of a minute of random overlapping faults (gateway drops and reconnects,
REST 500 and 429 storms, DMs that fail or refuse, the database locked or slow, kill -9 of the
bot and its restart), then the books: every hand paid once, chips conserved, every posted
settlement equal to the ledger, every table finished. ``python -m bench.chaos`` runs it longer.
"""

from __future__ import annotations

import pytest

from bench.chaos import KINDS, Game, books, kinds_for, main, ok, posted, run, silences
from discord_double import DiscordDouble
from discord_double.users import ScriptedUser
from tests.store import pg

pytestmark = pytest.mark.e2e


async def test_a_short_chaos_soak_keeps_the_books(tmp_path):
    res = await run(tables=2, minutes=0.25, hands=1, seed=36, workdir=tmp_path,
                    think=(0.05, 0.2), grace=150)
    print(f"\nchaos (short): {res}")
    assert res["faults_total"] >= 3 and len(res["faults"]) >= 2
    assert res["games"] >= 2 and res["games_finished"] == res["games"]
    assert res["hands_played"] >= 2
    assert res["hands_unpaid"] == 0 and res["hands_paid_twice"] == 0
    assert res["chips_conserved"] and res["posted_vs_ledger_mismatches"] == 0
    assert res["settlements_not_posted"] == 0 and res["posted_twice_differently"] == 0
    assert res["tables_unfinished"] == [] and res["open_errors"] == 0
    assert res["log_errors"] == 0, res["log_error_samples"]
    assert ok(res)


async def test_a_short_chaos_soak_on_postgresql_survives_its_restart_and_a_shard_killed(tmp_path):
    """Two shard processes on a PostgreSQL server of the test's own, which is restarted under
    them (every session ended: the processes holding table leases stop and are started
    again), while one of them is killed -9 and the gateway drops: every hand paid once,
    chips conserved, every table under way when its process died played to its end."""
    pg.require_own_server()
    res = await run(tables=2, minutes=0.3, hands=1, seed=37, workdir=tmp_path,
                    think=(0.05, 0.2), grace=150, backend="postgresql", shards=2,
                    kinds=("pg_restart", "kill9", "gateway_drop", "db_locked"))
    print(f"\nchaos (short, PostgreSQL, 2 shards): {res}")
    assert res["faults"]["pg_restart"] >= 1 and res["faults"]["kill9"] >= 1
    assert res["bot_processes"] > 2 and res["tables_interrupted"] >= 1
    assert res["tables_interrupted_then_finished"] == res["tables_interrupted"]
    assert res["games"] >= 2 and res["games_finished"] == res["games"]
    assert res["hands_unpaid"] == 0 and res["hands_paid_twice"] == 0
    assert res["chips_conserved"] and res["posted_vs_ledger_mismatches"] == 0
    assert res["settlements_not_posted"] == 0 and res["posted_twice_differently"] == 0
    assert res["tables_unfinished"] == [] and res["open_errors"] == 0
    assert res["harness_errors"] == []
    assert res["log_errors"] == 0, res["log_error_samples"]
    assert ok(res)


def test_the_silence_after_a_click_is_until_the_clickers_next_update():
    clicks = [(1.0, 7), (5.0, 7), (2.0, 8)]
    seen = {7: [0.5, 1.5, 9.0], 8: [2.25]}
    assert silences(clicks, seen) == [0.5, 4.0, 0.25]


async def test_a_hand_posted_twice_with_other_numbers_is_counted():
    d = DiscordDouble()
    owner = d.add_user("o")
    g = d.add_guild("g", owner)
    ch = g.channels[0]
    for chips in ("a +3 · b -1 · c -1 · d -1", "a +3 · b -1 · c -1 · d -1",
                  "a +4 · b -2 · c -1 · d -1"):
        d._new_message(ch, {"content": f"**Hand 1 settlement**\n{chips}"}, [])
    shown, differ = posted(d, ch)
    assert shown == {1: {"a": 4, "b": -2, "c": -1, "d": -1}} and differ == 1


def test_unknown_fault_kinds_are_refused_in_one_line(capsys):
    assert main(["--faults", "meteor"]) == 2
    err = capsys.readouterr().err
    assert "meteor" in err and all(k in err for k in KINDS) and "Traceback" not in err


def test_a_postgresql_restart_needs_a_server_of_the_runs_own(capsys):
    assert kinds_for("sqlite", True) == tuple(k for k in KINDS if k != "pg_restart")
    assert kinds_for("postgresql", False) == kinds_for("sqlite", True)
    assert "pg_restart" in kinds_for("postgresql", True)
    assert main(["--database", "postgresql://postgres@127.0.0.1:1/x", "--faults",
                 "pg_restart"]) == 2
    assert main(["--backend", "sqlite", "--shards", "2"]) == 2
    err = capsys.readouterr().err
    assert "pg_restart needs" in err and "shard processes need" in err
    assert "Traceback" not in err


def test_the_books_find_an_unpaid_hand_a_double_payment_and_a_wrong_post():
    """The checker itself: hand 2 of t1 ended unpaid, hand 1 was paid twice, and the posted
    settlement says +5 where the ledger has +3."""
    d = DiscordDouble()
    owner = d.add_user("o")
    g = d.add_guild("g", owner)
    ch = g.channels[0]
    d._new_message(ch, {"content": "**Hand 1 settlement**\na +5 · b -1 · c -1 · d -1"}, [])
    a = d.add_user("a")
    game = Game(ch, [ScriptedUser(d, a, ch)], table="t1", done=True)
    events = [("t1", '{"type": "hand_started", "hand_no": 0}'), ("t1", '{"type": "hand_ended"}'),
              ("t1", '{"type": "hand_started", "hand_no": 1}'), ("t1", '{"type": "hand_ended"}')]
    rows = [[(7,)], [("t1", 0, 2)], events, [("t1", 0, a.id, 3)], [("t1", "playing")]]
    res = books(rows, d, [game])
    assert res["hands_played"] == 2 and res["hands_unpaid"] == 1 and res["hands_paid_twice"] == 1
    assert not res["chips_conserved"] and res["posted_vs_ledger_mismatches"] == 1
    assert res["tables_unfinished"] == ["t1"]
    assert not ok(res)


def test_errors_a_process_logs_while_stopping_on_lost_leases_are_counted_apart():
    from bench.chaos import log_errors

    first = ("x ERROR a\nx CRITICAL mahjong.bot: this process's table leases were lost\n"
             "x ERROR b\nx ERROR c")
    second = "x WARNING d\nx ERROR e"
    running, stopping = log_errors([first, second])
    assert running == ["x ERROR a", "x ERROR e"] and stopping == ["x ERROR b", "x ERROR c"]
