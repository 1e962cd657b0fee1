"""python bot.py: a Discord bot hosting Chinese mahjong tables, or the same tables offline.

    python bot.py                         connect to Discord (DISCORD_TOKEN in the environment or .env)
    python bot.py --sync                  ... and register the slash commands with Discord first
    python bot.py --offline               play in the terminal against computer players
    python bot.py --offline-if-no-token   Discord when a token is set, else offline
    python bot.py --offline --autoplay --hands 4 --json
                                          computers only; print one JSON object of the result

Settings (environment or .env) are listed in docs/admin.md; the Discord application
setup is in the README.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import socket
import sys
from pathlib import Path
from typing import Any, NoReturn

from config import ConfigError, Settings, load_settings

log = logging.getLogger("mahjong.bot")

# how the user started us: the mahjong-bot console script, or python bot.py from a checkout
PROG = "mahjong-bot" if Path(sys.argv[0]).name == "mahjong-bot" else "python bot.py"

# The extensions setup_hook loads, in order.
COGS = ("cogs.game", "cogs.ledger", "cogs.admin", "cogs.analyze", "cogs.rating", "cogs.stats")


class HideConcealed(logging.Filter):
    """Drops, at every level, any record that may name someone's hidden tiles: records flagged
    ``concealed``, and aiosqlite's DEBUG records, which carry the SQL parameters of every
    write (the stored events hold each dealt hand). Server owners share logs when asking for
    help, DEBUG ones included."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "concealed", False):
            return False
        return not (record.name.startswith("aiosqlite") and record.levelno < logging.INFO)


class NoVoiceNotes(logging.Filter):
    """Drops discord.py's start-up warnings that voice support is missing: the bot never
    joins a voice channel, so they only worry whoever reads the log."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


def setup_logging(level: str = "INFO") -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(HideConcealed())
    handler.addFilter(NoVoiceNotes())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(getattr(logging, level.upper(), logging.INFO))
    # discord.py's gateway chatter is noise at DEBUG for our purposes
    logging.getLogger("discord").setLevel(max(root.level, logging.INFO))
    # aiosqlite logs every statement's parameters at DEBUG: never wanted (see HideConcealed)
    logging.getLogger("aiosqlite").setLevel(logging.INFO)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line with what to do, not a usage dump
        print(f"{PROG}: {message} ({PROG} --help lists the options)", file=sys.stderr)
        raise SystemExit(2)


def _epilog() -> str:
    from engine.players import PLAYER_KINDS
    from engine.rules import TABLE_PRESETS
    from i18n.presets import preset_name
    from store.settings import COMPUTER_LEVELS

    others = [k for k in PLAYER_KINDS if k not in COMPUTER_LEVELS]
    return "\n".join([
        "rule presets (--rules):",
        *(f"  {pid:<14} {preset_name(pid, 'en')} · {preset_name(pid, 'zh-Hans')}"
          for pid in TABLE_PRESETS),
        "",
        f"computer levels (--computers): {', '.join(COMPUTER_LEVELS)} "
        f"(also {', '.join(others)})",
        "",
        "examples:",
        "  python bot.py --offline --rules guangdong --computers hard,normal,easy",
        "  python bot.py --offline --autoplay --hands 4 --json",
        "",
        "Settings (environment or .env) and running the bot as a service: docs/admin.md.",
    ])


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    from engine.rules import TABLE_PRESETS

    p = _Parser(
        prog=PROG, description=(__doc__ or "").split("\n\n")[0],
        epilog=_epilog(), formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--offline", action="store_true", help="play in the terminal, no Discord")
    p.add_argument(
        "--offline-if-no-token", action="store_true",
        help="connect to Discord when DISCORD_TOKEN is set, otherwise play offline",
    )
    p.add_argument("--sync", action="store_true", help="sync slash commands with Discord on start")
    p.add_argument("--autoplay", action="store_true", help="offline: computers in every seat")
    p.add_argument("--hands", type=int, default=None, help="offline: hands to play")
    p.add_argument("--json", action="store_true", help="offline autoplay: print one JSON object")
    p.add_argument("--seed", type=int, default=None, help="offline: shuffle seed")
    p.add_argument("--rules", default=None, metavar="PRESET",
                   help="offline: the rule preset (listed below; default heyuan-zheng)")
    p.add_argument(
        "--computers", default=None, metavar="LEVEL,LEVEL,LEVEL",
        help="offline: the computers' levels in seat order (one per other seat), e.g. hard,normal,easy "
             "(one level for all three works too; default MAHJONG_COMPUTER_LEVEL)",
    )
    p.add_argument("--seats", type=int, default=None, metavar="N",
                   help="offline: seats at the table, where the preset plays N "
                        "(sichuan: 2 to 7; the others: 4)")
    p.add_argument("--new", action="store_true",
                   help="offline: deal a new table even if last time's is unfinished "
                        "(computers finish the old one)")
    p.add_argument("--lang", default=None,
                   choices=("en", "zh-CN", "zh-TW", "zh-Hans", "zh-Hant"),
                   help="offline: the terminal's language (default: from LANG)")
    p.add_argument("--house-rules", default="", metavar="RULES",
                   help='offline: house rules, e.g. "exchange_three=true, fan_cap=3"')
    p.add_argument("--db", type=Path, default=None, help="SQLite file (default data/mahjong.db)")
    p.add_argument("--images", type=Path, default=None, help="offline: folder for pictures")
    p.add_argument("--backup", nargs="?", const="", default=None, metavar="FILE",
                   help="copy the database to FILE (default: a dated file in MAHJONG_BACKUP_DIR) "
                        "and exit; safe while the bot runs")
    p.add_argument("--env-file", type=Path, default=None,
                   help="settings file (default .env, if there is one)")
    args = p.parse_args(argv)
    args.rules_given = args.rules is not None
    args.rules = args.rules or "heyuan-zheng"
    if args.rules not in TABLE_PRESETS:
        p.error(f"--rules {args.rules!r} is not a preset: use one of {', '.join(TABLE_PRESETS)}")

    from engine.rules import RulesError
    from tables.house_rules import parse_house_rules

    try:
        args.options = parse_house_rules(args.house_rules)
    except RulesError as exc:
        p.error(f"--house-rules: {exc}")
    if args.hands is not None and args.hands < 1:
        p.error("--hands must be at least 1")
    if args.seats is not None:
        if not 2 <= args.seats <= 7:
            p.error(f"--seats takes 2 to 7 (where the preset plays that many); got {args.seats}")
        args.options["players"] = args.seats
    # one computer for each seat besides the player's
    others = int(args.options.get("players", 4)) - 1 if str(
        args.options.get("players", 4)).isdigit() else 3
    args.others = others
    if args.computers is not None:
        from engine.players import PLAYER_KINDS

        levels = [x.strip() for x in args.computers.split(",") if x.strip()]
        if len(levels) == 1:
            levels *= others
        bad = [x for x in levels if x not in PLAYER_KINDS]
        if bad or len(levels) != others:
            p.error(f"--computers takes {others} levels (or one for all), each one of "
                    f"{', '.join(PLAYER_KINDS)}; got {args.computers!r}")
        args.computers = tuple(levels)
    return args


def build_bot(settings: Settings, sync: bool = False) -> Any:
    """The discord.py Bot; imported lazily so ``--offline`` never needs a network library."""
    from discord_io.client import make_bot

    return make_bot(settings, sync=sync)


def run_online(settings: Settings, sync: bool) -> int:
    import aiohttp
    import discord

    bot = build_bot(settings, sync=sync)
    try:
        # log_handler=None: keep the handler (and its HideConcealed filter) set up above
        bot.run(settings.token or "", log_handler=None)
    except discord.LoginFailure:
        print("DISCORD_TOKEN was refused by Discord: copy the token again from the "
              "Developer Portal (Bot → Reset Token).", file=sys.stderr)
        return 2
    except (aiohttp.ClientConnectionError, ConnectionError, socket.gaierror, TimeoutError) as exc:
        # Discord unreachable (no network, DNS, a firewall): one line, not a traceback
        print(f"cannot reach Discord at {settings.api_base} ({type(exc).__name__}: {exc}): "
              "check the network, or play offline with --offline.", file=sys.stderr)
        return 3
    # non-zero when the bot stopped itself (its table leases lost): the service manager
    # starts it again
    return int(getattr(bot, "exit_code", 0))


def run_offline(settings: Settings, args: argparse.Namespace) -> int:
    from tables.offline import OfflineOptions, play_offline

    options = OfflineOptions(
        autoplay=args.autoplay,
        hands=args.hands,
        json=args.json,
        seed=args.seed,
        rules=args.rules,
        options=args.options,
        images_dir=settings.images_dir,
        computers=args.computers or (settings.computer_level,) * getattr(args, "others", 3),
        locale=args.lang or terminal_locale(),
        new=args.new,
        rules_given=args.rules_given,
    )
    from store import StoreError

    try:
        return asyncio.run(play_offline(settings, options))
    except StoreError as exc:  # a database file that is not one, a full disk …
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            raise
        print(f"{PROG}: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "),
              file=sys.stderr)
        return 1


async def run_backup(settings: Settings, target: str) -> int:
    """``--backup``: one consistent copy of the database, taken beside a running bot."""
    from store import Store, StoreError, StoreSettings
    from store.backups import backup_into

    if not settings.db_path.exists():
        print(f"no database at {settings.db_path}: set MAHJONG_DB (or --db) to the bot's "
              "database file", file=sys.stderr)
        return 2
    try:
        store = await Store.open(settings.db_path, StoreSettings(
            verify_on_open=False, synchronous=settings.db_sync,
            busy_timeout_ms=settings.db_busy_ms))
        try:
            if target:
                path, size = Path(target), await store.backup(target)
            else:
                path, size = await backup_into(store, settings.backup_dir, settings.backups_kept)
        finally:
            await store.close()
    except (StoreError, OSError) as exc:
        print(f"backup failed: {exc}", file=sys.stderr)
        return 1
    print(f"backup written: {path} ({size} bytes)")
    return 0


def terminal_locale() -> str:
    """zh-Hans / zh-Hant / en from the terminal's LC_ALL, LC_MESSAGES or LANG."""
    from i18n import normalize_locale

    raw = os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG")
    return normalize_locale((raw or "en").split(".")[0])


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:  # Ctrl-C where nothing is asked (--autoplay, start-up)
        print(f"{PROG}: stopped (Ctrl-C)", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the output went to a pipe that closed (`mahjong-bot ... | head`): stop quietly; the
        # interpreter would otherwise fail again flushing stdout at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _path_problem(args: argparse.Namespace, settings: Settings) -> str | None:
    """A database or picture folder that cannot be used, in one line (checked before any
    table is opened)."""
    from engine.cli.paths import output_dir_problem

    if settings.db_path.is_dir():
        return (f"the database {settings.db_path} is a folder: name the database file "
                f"(--db or MAHJONG_DB), e.g. {settings.db_path / 'mahjong.db'}")
    if args.offline or args.offline_if_no_token:
        return output_dir_problem(settings.images_dir, "--images")
    return None


def _main(argv: list[str] | None) -> int:
    args = parse_args(argv)
    if args.env_file is not None and (args.env_file.is_dir() or not args.env_file.exists()):
        # named on purpose, so its settings were wanted: say they are not read
        what = "is a folder" if args.env_file.is_dir() else "does not exist"
        print(f"warning: --env-file {args.env_file} {what}: its settings are not read "
              "(the environment's are used)", file=sys.stderr)
    try:
        settings = load_settings(dotenv=args.env_file or Path(".env"), db_path=args.db,
                                 images_dir=args.images)
        settings.chosen_walls()  # a walls file that cannot be dealt is refused here
    except ConfigError as exc:
        print(f"bad setting: {exc}", file=sys.stderr)
        return 2
    problem = _path_problem(args, settings)
    if problem:
        print(f"{PROG}: {problem}", file=sys.stderr)
        return 2
    if args.backup is not None:
        return asyncio.run(run_backup(settings, args.backup))
    offline = args.offline or (args.offline_if_no_token and not settings.token)
    if offline:  # the terminal is the game's: only problems are logged there
        setup_logging("WARNING")
    else:
        setup_logging(settings.log_level)
    if offline:
        return run_offline(settings, args)
    if args.autoplay or args.json:
        print("--autoplay and --json only apply with --offline", file=sys.stderr)
        return 2
    if not settings.token:
        print("DISCORD_TOKEN is not set: put DISCORD_TOKEN=<your bot token> in the environment "
              "or in a .env file, or run with --offline to play in the terminal.", file=sys.stderr)
        return 2
    return run_online(settings, args.sync)


if __name__ == "__main__":
    sys.exit(main())
