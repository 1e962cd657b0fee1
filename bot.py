"""``python bot.py`` — the product: a Discord bot hosting mahjong tables, or the same tables offline.

    python bot.py                         connect to Discord (DISCORD_TOKEN in the environment or .env)
    python bot.py --sync                  ... and register the slash commands with Discord first
    python bot.py --offline               play in the terminal against computer players
    python bot.py --offline-if-no-token   Discord when a token is set, else offline
    python bot.py --offline --autoplay --hands 4 --json
                                          computers only; print one JSON object of the result

Settings are described in config.py; the Discord application setup in docs/discord.md.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path
from typing import Any

from config import ConfigError, Settings, load_settings

log = logging.getLogger("mahjong.bot")

# The extensions setup_hook loads, in order.
COGS = ("cogs.game", "cogs.ledger", "cogs.admin")


class HideConcealed(logging.Filter):
    """Drops, at every level, any record that may name someone's hidden tiles: records flagged
    ``concealed``, and aiosqlite's DEBUG records, which carry the SQL parameters of every
    write (the stored events hold each dealt hand). Server owners share logs when asking for
    help, DEBUG ones included."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "concealed", False):
            return False
        return not (record.name.startswith("aiosqlite") and record.levelno < logging.INFO)


def setup_logging(level: str = "INFO") -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(HideConcealed())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(getattr(logging, level.upper(), logging.INFO))
    # discord.py's gateway chatter is noise at DEBUG for our purposes
    logging.getLogger("discord").setLevel(max(root.level, logging.INFO))
    # aiosqlite logs every statement's parameters at DEBUG: never wanted (see HideConcealed)
    logging.getLogger("aiosqlite").setLevel(logging.INFO)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python bot.py", description=__doc__.split("\n\n")[0])
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
    p.add_argument("--rules", default="heyuan-zheng", help="offline: rule preset")
    p.add_argument("--db", type=Path, default=None, help="SQLite file (default data/mahjong.db)")
    p.add_argument("--images", type=Path, default=None, help="offline: folder for pictures")
    p.add_argument("--env-file", type=Path, default=Path(".env"), help="settings file")
    args = p.parse_args(argv)
    if args.hands is not None and args.hands < 1:
        p.error("--hands must be at least 1")
    return args


def build_bot(settings: Settings, sync: bool = False) -> Any:
    """The discord.py Bot; imported lazily so ``--offline`` never needs a network library."""
    from cogs.client import MahjongBot

    return MahjongBot(settings, sync=sync)


def run_online(settings: Settings, sync: bool) -> int:
    import discord

    bot = build_bot(settings, sync=sync)
    try:
        # log_handler=None: keep the handler (and its HideConcealed filter) set up above
        bot.run(settings.token or "", log_handler=None)
    except discord.LoginFailure:
        print("DISCORD_TOKEN was refused by Discord: copy the token again from the "
              "Developer Portal (Bot → Reset Token).", file=sys.stderr)
        return 2
    return 0


def run_offline(settings: Settings, args: argparse.Namespace) -> int:
    from tables.offline import OfflineOptions, play_offline

    options = OfflineOptions(
        autoplay=args.autoplay,
        hands=args.hands,
        json=args.json,
        seed=args.seed,
        rules=args.rules,
        images_dir=settings.images_dir,
    )
    return asyncio.run(play_offline(settings, options))


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        settings = load_settings(dotenv=args.env_file, db_path=args.db, images_dir=args.images)
    except ConfigError as exc:
        print(f"bad setting: {exc}", file=sys.stderr)
        return 2
    offline = args.offline or (args.offline_if_no_token and not settings.token)
    if offline and not args.json:
        setup_logging("WARNING" if not args.autoplay else settings.log_level)
    elif offline:
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
