"""``python -m engine simulate``: whole games between computer players.

Prints one JSON object: hands, wins, draws, self-draws, each seat's total chips (they sum
to zero), seconds and hands per second. The same seed plays the same games."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from engine.cli.batch import collector_paused
from engine.cli.botzone import BotSeat, fits, parse_bot, player_maker
from engine.cli.paths import output_file_problem
from engine.log import dumps_log
from engine.match import Match
from engine.players import PLAYER_KINDS
from engine.players.autoplay import play_match
from engine.rules import Rules, RulesError, get_rules


def _parser() -> argparse.ArgumentParser:
    from engine.cli.helptext import plain_help
    from engine.rules import PRESETS

    p = argparse.ArgumentParser(prog="python -m engine simulate",
                                description=plain_help(__doc__))
    p.add_argument("--rules", required=True, help=f"preset id: {', '.join(PRESETS)}")
    p.add_argument("--hands", type=int, required=True, help="how many hands to play")
    p.add_argument("--seed", default="0", help="the match seed (same seed, same games)")
    p.add_argument("--players", default="greedy,greedy,greedy,greedy",
                   help=f"one kind per seat, comma-separated ({', '.join(PLAYER_KINDS)}); "
                   "2 to 7 seats where the preset plays that many (sichuan)")  # fmt: skip
    p.add_argument("--options", default=None, help="rule options as a JSON object")
    p.add_argument("--log", default=None, help="write the event log (JSON Lines) here")
    p.add_argument(
        "--duplicate", action="store_true",
        help="duplicate play: each hand seed is played in every distinct rotation of the "
        "seating (luck cancels); prints per-level chips/hand with 95%% CIs, win and deal-in "
        "rates, average win value and pairwise differences as one JSON object",
    )  # fmt: skip
    p.add_argument(
        "--bot", action="append", default=[], metavar="NAME[:json][:keep|:mjai]=COMMAND",
        help="a Botzone Chinese-Standard-Mahjong program as the player kind NAME (repeat for "
        "more); COMMAND is split like a shell line; json: JSON input, keep: it may keep "
        "running; mjai: an mjai riichi bot (--rules riichi). Its answers to every request of the judge's protocol are checked: illegal "
        "ones are counted and replaced (docs/players.md)",
    )  # fmt: skip
    p.add_argument("--bot-timeout", type=float, default=5.0,
                   help="seconds a bot may take to answer one request (default 5)")  # fmt: skip
    p.add_argument("--report", default=None,
                   help="with --duplicate: also write the tables (Markdown) to this file")  # fmt: skip
    return p


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    kinds = [k.strip() for k in args.players.split(",")]
    try:
        options = json.loads(args.options) if args.options else None
        if not isinstance(options, dict | None):
            raise RulesError("--options must be a JSON object of option names to values")
        if len(kinds) != 4 and "players" not in (options or {}):
            options = {**(options or {}), "players": len(kinds)}  # the seats the kinds fill
        rules = get_rules(args.rules, options)
    except (json.JSONDecodeError, RulesError) as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    if args.hands < 1:
        print("simulate: --hands must be at least 1", file=sys.stderr)
        return 2
    # where the results go, checked before playing: a run can take minutes
    for flag, target in (("--log", args.log), ("--report", args.report)):
        problem = target and output_file_problem(target, flag)
        if problem:
            print(f"simulate: {problem}", file=sys.stderr)
            return 2
    try:
        bots = [parse_bot(spec, args.bot_timeout) for spec in args.bot]
    except ValueError as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    why = fits(rules, bots) if bots else None
    if why:
        print(f"simulate: {why}", file=sys.stderr)
        return 2
    make = player_maker(bots)
    if len(kinds) != rules.players:
        print(f"simulate: --players needs {rules.players} kinds", file=sys.stderr)
        return 2
    try:
        players = [make(k, f"{args.seed}/player/{i}") for i, k in enumerate(kinds)]
    except ValueError as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2

    if args.duplicate:
        return _duplicate(rules, kinds, args, bots)
    if args.report:
        print("simulate: --report needs --duplicate", file=sys.stderr)
        return 2

    with collector_paused():
        start = time.perf_counter()
        match = play_match(Match.start(rules, args.seed, hands_limit=args.hands), players)
        seconds = time.perf_counter() - start

    wins = sum(1 for r in match.results if r.winners)
    self_draws = 0
    for ev in match.events:
        if ev.type == "won" and getattr(ev, "self_drawn", False):
            self_draws += 1
    out = {
        "hands": len(match.results),
        "wins": wins,
        "draws": len(match.results) - wins,
        "self_draws": self_draws,
        "chips": list(match.totals),
        "seconds": round(seconds, 3),
        "hands_per_second": round(len(match.results) / seconds, 1) if seconds > 0 else None,
    }
    if bots:
        out["bots"] = {b.name: b.stats.to_json() for b in bots}
    if args.log and not _write(args.log, dumps_log(match.events), "--log"):
        return 1
    print(json.dumps(out))
    return 0


def _duplicate(
    rules: Rules, kinds: list[str], args: argparse.Namespace, bots: list[BotSeat]
) -> int:
    from engine.arena import duplicate, seatings

    boards = max(1, args.hands // len(seatings(kinds)))
    if args.log:
        print("simulate: --log is not written in --duplicate mode", file=sys.stderr)
        return 2
    with collector_paused():
        report = duplicate(rules, kinds, boards, str(args.seed), player_maker(bots))
    out = report.to_json()
    if bots:
        out["bots"] = {b.name: b.stats.to_json() for b in bots}
    if args.report and not _write(args.report, report.to_markdown(), "--report"):
        return 1
    print(json.dumps(out))
    return 0


def _write(path: str, text: str, flag: str) -> bool:
    """Write a result file; False (and one line) if the system refuses."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"simulate: {flag} {path}: {exc.strerror or exc}", file=sys.stderr)
        return False
    return True
