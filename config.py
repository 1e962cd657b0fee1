"""The bot's settings: read once at start-up from the environment and an optional ``.env`` file.

Nothing secret lives in code. Every value has a default except the token; the
environment wins over ``.env``. Names (all optional but ``DISCORD_TOKEN``)::

    DISCORD_TOKEN           the bot token from the Discord developer portal
    MAHJONG_DB              SQLite file (default data/mahjong.db)
    MAHJONG_DATABASE_URL    postgresql://user@host:port/db: keep the ledger in PostgreSQL instead
    MAHJONG_DATABASE_SCHEMA PostgreSQL schema for the tables (default: the server's search path)
    MAHJONG_SHARD_COUNT     shards of the whole bot (default 0: not sharded)
    MAHJONG_SHARD_IDS       the shards this process runs, e.g. 0,1 or 0-3 (default: all of them;
                            a subset needs MAHJONG_DATABASE_URL: the processes share one ledger)
    MAHJONG_SHARED_BUDGET   processes running some of the shards share the token's request
                            budget through the ledger (default 1); 0: each paces a fixed share
    MAHJONG_TURN_SECONDS    turn timer (default 30)
    MAHJONG_CLAIM_SECONDS   claim window (default 10)
    MAHJONG_AFK_TIMEOUTS    time-outs in a row before a computer keeps the seat (default 2)
    MAHJONG_STARTING_CHIPS  chips a new player starts with (default 1000)
    MAHJONG_DAILY_CHIPS     the /daily claim (default 100)
    MAHJONG_COMPUTER_LEVEL  a computer seat's level unless the host picks one (default normal)
    MAHJONG_AFK_LEVEL       the level of the computer keeping an absent person's seat (default normal)
    MAHJONG_COMPUTER_DELAY  seconds a computer player "thinks" before its move (default 0.6)
    MAHJONG_EDIT_INTERVAL   least seconds between two edits of a table message (default 1.2)
    MAHJONG_PICTURE_PROCESSES  draw pictures in this many worker processes (default 0:
                            threads of the bot's process; a busy bot uses its other cores)
    MAHJONG_IMAGES          folder for offline pictures (default data/offline-images)
    MAHJONG_LOG_LEVEL       INFO, DEBUG, ... (default INFO)
    MAHJONG_DB_SYNC         SQLite synchronous mode: FULL (default), NORMAL, EXTRA, OFF
    MAHJONG_DB_BUSY_MS      how long a write waits for another process's lock (default 5000)
    MAHJONG_BACKUP_DIR      where /mahjong-admin backup and --backup write (default data/backups)
    MAHJONG_BACKUPS_KEPT    dated backups kept there, the oldest deleted (default 7)
    MAHJONG_WALLS           a JSON file of chosen walls: every new table of its preset deals
                            its first hands from them (demonstrations, tests; see tables/walls.py)
    DISCORD_API_BASE        REST base URL (default https://discord.com/api/v10): a test double
    DISCORD_GATEWAY_URL     gateway URL (default: what the API answers): a test double
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from store.settings import (
    COMPUTER_LEVELS,
    DEFAULT_COMPUTER_LEVEL,
    DEFAULT_DAILY_CHIPS,
    DEFAULT_STARTING_CHIPS,
)
from tables.shards import ShardSet, parse_shard_ids
from tables.walls import ChosenWalls, WallsError, load_walls

DEFAULT_API_BASE = "https://discord.com/api/v10"


_SECRET = ("token", "database_url")  # a database URL may carry a password


class ConfigError(ValueError):
    """A setting that cannot be read; the message names the variable and what it accepts."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str | None = field(default=None, metadata={"env": "DISCORD_TOKEN"})
    db_path: Path = field(default=Path("data/mahjong.db"), metadata={"env": "MAHJONG_DB"})
    database_url: str | None = field(default=None, metadata={"env": "MAHJONG_DATABASE_URL"})
    database_schema: str | None = field(default=None, metadata={"env": "MAHJONG_DATABASE_SCHEMA"})
    shard_count: int = field(default=0, metadata={"env": "MAHJONG_SHARD_COUNT"})
    shard_ids: str = field(default="", metadata={"env": "MAHJONG_SHARD_IDS"})
    shared_budget: bool = field(default=True, metadata={"env": "MAHJONG_SHARED_BUDGET"})
    turn_seconds: float = field(default=30.0, metadata={"env": "MAHJONG_TURN_SECONDS"})
    claim_seconds: float = field(default=10.0, metadata={"env": "MAHJONG_CLAIM_SECONDS"})
    afk_timeouts: int = field(default=2, metadata={"env": "MAHJONG_AFK_TIMEOUTS"})
    starting_chips: int = field(
        default=DEFAULT_STARTING_CHIPS, metadata={"env": "MAHJONG_STARTING_CHIPS"}
    )
    daily_chips: int = field(default=DEFAULT_DAILY_CHIPS, metadata={"env": "MAHJONG_DAILY_CHIPS"})
    computer_level: str = field(
        default=DEFAULT_COMPUTER_LEVEL,
        metadata={"env": "MAHJONG_COMPUTER_LEVEL", "choices": COMPUTER_LEVELS},
    )
    afk_level: str = field(
        default=DEFAULT_COMPUTER_LEVEL,
        metadata={"env": "MAHJONG_AFK_LEVEL", "choices": COMPUTER_LEVELS},
    )
    computer_delay: float = field(default=0.6, metadata={"env": "MAHJONG_COMPUTER_DELAY"})
    edit_interval: float = field(default=1.2, metadata={"env": "MAHJONG_EDIT_INTERVAL"})
    picture_processes: int = field(default=0, metadata={"env": "MAHJONG_PICTURE_PROCESSES"})
    images_dir: Path = field(
        default=Path("data/offline-images"), metadata={"env": "MAHJONG_IMAGES"}
    )
    log_level: str = field(default="INFO", metadata={
        "env": "MAHJONG_LOG_LEVEL", "upper": True,
        "choices": ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")})
    db_sync: str = field(default="FULL", metadata={"env": "MAHJONG_DB_SYNC",
                                                   "choices": ("FULL", "NORMAL", "EXTRA", "OFF")})
    db_busy_ms: int = field(default=5000, metadata={"env": "MAHJONG_DB_BUSY_MS"})
    backup_dir: Path = field(default=Path("data/backups"), metadata={"env": "MAHJONG_BACKUP_DIR"})
    backups_kept: int = field(default=7, metadata={"env": "MAHJONG_BACKUPS_KEPT"})
    walls: str | None = field(default=None, metadata={"env": "MAHJONG_WALLS"})
    api_base: str = field(default=DEFAULT_API_BASE, metadata={"env": "DISCORD_API_BASE"})
    gateway_url: str | None = field(default=None, metadata={"env": "DISCORD_GATEWAY_URL"})

    def chosen_walls(self) -> ChosenWalls | None:
        """The walls of ``MAHJONG_WALLS``, read and laid out (ConfigError if they cannot be)."""
        if not self.walls:
            return None
        try:
            return load_walls(Path(self.walls))
        except WallsError as exc:
            raise ConfigError(f"MAHJONG_WALLS: {exc}") from None

    def shards(self) -> ShardSet | None:
        """The shards this process runs; None when the bot is not sharded."""
        if not self.shard_count:
            if self.shard_ids:
                raise ConfigError("MAHJONG_SHARD_IDS needs MAHJONG_SHARD_COUNT (the shards in all)")
            return None
        if self.shard_ids:
            try:
                ids = parse_shard_ids(self.shard_ids, self.shard_count)
            except ValueError as exc:
                raise ConfigError(f"MAHJONG_SHARD_IDS: {exc}") from None
        else:
            ids = frozenset(range(self.shard_count))
        if len(ids) < self.shard_count and not self.database_url:
            raise ConfigError(
                "this process runs only some of the shards, so the others run elsewhere: all of "
                "them must share one PostgreSQL ledger (set MAHJONG_DATABASE_URL)"
            )
        return ShardSet(self.shard_count, ids)

    def __repr__(self) -> str:  # never print the token (nor a database URL's password)
        shown = ", ".join(
            f"{f.name}={'***' if f.name in _SECRET and getattr(self, f.name) else getattr(self, f.name)!r}"
            for f in fields(self)
        )
        return f"Settings({shown})"


def read_dotenv(path: Path) -> dict[str, str]:
    """``KEY=value`` lines of a ``.env`` file; blank lines and ``#`` comments skipped,
    optional ``export`` and surrounding quotes removed. A missing file is empty."""
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, IsADirectoryError, PermissionError):
        return {}
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not a settings file (KEY=value lines of UTF-8 text): "
                          "name the right file with --env-file") from None
    out: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        if key:
            out[key] = value
    return out


def _convert(name: str, env: str, raw: str, default: Any) -> Any:
    kind = type(default) if default is not None else str
    try:
        if kind is bool:
            return raw.strip().lower() in ("1", "true", "yes", "on")
        if kind is int:
            value: Any = int(raw)
        elif kind is float:
            value = float(raw)
        elif isinstance(default, Path):
            value = Path(raw)
        else:
            value = raw
    except ValueError:
        what = {int: "a whole number", float: "a number"}.get(kind, f"a {kind.__name__}")
        raise ConfigError(f"{env}={raw!r} is not {what}") from None
    if kind in (int, float) and value < 0:
        raise ConfigError(f"{env} must not be negative (got {raw!r})")
    return value


def load_settings(
    environ: Mapping[str, str] | None = None,
    dotenv: Path | None = Path(".env"),
    **overrides: Any,
) -> Settings:
    """Settings from ``.env`` overlaid by the environment, then by keyword ``overrides``."""
    merged: dict[str, str] = dict(read_dotenv(dotenv)) if dotenv is not None else {}
    merged.update(os.environ if environ is None else environ)
    values: dict[str, Any] = {}
    for f in fields(Settings):
        env = f.metadata["env"]
        raw = merged.get(env)
        if raw is None or raw.strip() == "":
            continue
        values[f.name] = _convert(f.name, env, raw.strip(), f.default)
        if f.metadata.get("upper"):
            values[f.name] = values[f.name].upper()
        choices = f.metadata.get("choices")
        if choices and values[f.name] not in choices:
            raise ConfigError(f"{env}={raw.strip()!r}: choose one of {', '.join(choices)}")
    values.update({k: v for k, v in overrides.items() if v is not None})
    settings = Settings(**values)
    settings.shards()  # refuse bad shard settings at start-up, not at the first table
    return settings
