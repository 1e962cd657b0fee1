"""Store settings (from the process's configuration) and typed per-guild settings."""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from store.errors import CorruptRow, SettingError

DEFAULT_DB_PATH = Path(__file__).resolve().parent.parent / "data" / "mahjong.db"

# One default per setting, read by config.py (MAHJONG_*), StoreSettings and GuildSettings alike.
DEFAULT_STARTING_CHIPS = 1000
DEFAULT_DAILY_CHIPS = 100
# Computer strengths a server may choose (engine.players kinds); "normal" unless changed.
COMPUTER_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
DEFAULT_COMPUTER_LEVEL = "normal"


@dataclass(frozen=True)
class StoreSettings:
    """How the store runs.  ``from_env`` reads ``MAHJONG_DB`` and friends."""

    path: str = str(DEFAULT_DB_PATH)
    starting_chips: int = DEFAULT_STARTING_CHIPS  # default for guilds that did not set their own
    daily_amount: int = DEFAULT_DAILY_CHIPS
    computer_level: str = DEFAULT_COMPUTER_LEVEL  # a computer seat's level, unless chosen
    afk_level: str = DEFAULT_COMPUTER_LEVEL  # the computer keeping an absent person's seat
    busy_timeout_ms: int = 5000
    # FULL: every commit is on disk before it returns (a power cut loses nothing committed)
    synchronous: str = "FULL"
    # check every transaction sums to zero and every balance equals its entries at open
    verify_on_open: bool = True
    # cap on the database size in pages (None: only the disk); also how tests simulate a full disk
    max_page_count: int | None = None
    # postgresql://user:password@host:port/database to keep the ledger in PostgreSQL instead
    # of the SQLite file at ``path`` (None: SQLite, the default; no server needed)
    database_url: str | None = None
    # PostgreSQL only: the schema holding the tables (None: the server's default search path)
    database_schema: str | None = None
    # PostgreSQL only: connections in this process's pool
    pool_size: int = 8

    @property
    def backend_name(self) -> str:
        return "postgresql" if self.database_url else "sqlite"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> StoreSettings:
        env = os.environ if env is None else env
        base = cls()

        def num(key: str, default: int) -> int:
            raw = env.get(key)
            if raw is None or raw == "":
                return default
            try:
                return int(raw)
            except ValueError:
                raise SettingError(f"{key} must be a whole number, not {raw!r}") from None

        return cls(
            path=env.get("MAHJONG_DB") or base.path,
            starting_chips=num("MAHJONG_STARTING_CHIPS", base.starting_chips),
            daily_amount=num("MAHJONG_DAILY_CHIPS", base.daily_amount),
            busy_timeout_ms=num("MAHJONG_DB_BUSY_MS", base.busy_timeout_ms),
            synchronous=env.get("MAHJONG_DB_SYNC") or base.synchronous,
            database_url=database_url(env),
            database_schema=env.get("MAHJONG_DATABASE_SCHEMA") or None,
            pool_size=num("MAHJONG_DATABASE_POOL", base.pool_size),
            computer_level=env.get("MAHJONG_COMPUTER_LEVEL") or base.computer_level,
            afk_level=env.get("MAHJONG_AFK_LEVEL") or base.afk_level,
        )


def database_url(env: Mapping[str, str]) -> str | None:
    """``MAHJONG_DATABASE_URL`` if set: a PostgreSQL URL (anything else is refused, so a typo
    does not silently fall back to a SQLite file)."""
    raw = (env.get("MAHJONG_DATABASE_URL") or "").strip()
    return check_database_url(raw) if raw else None


def check_database_url(raw: str) -> str:
    if not raw.startswith(("postgresql://", "postgres://")):
        raise SettingError(
            "MAHJONG_DATABASE_URL must be a postgresql://user@host:port/database URL (unset it "
            f"to use the SQLite file), not {raw.split('://')[0]!r}://…"
        )
    return raw


def _check_range(lo: int, hi: int) -> Any:
    return {"range": (lo, hi)}


@dataclass(frozen=True)
class GuildSettings:
    """What a guild's admins may change.  Defaults come from StoreSettings and the code."""

    default_preset: str = field(default="heyuan-zheng", metadata={"max_len": 64})
    stake: int = field(default=1, metadata=_check_range(1, 1_000_000))
    turn_timer: int = field(default=30, metadata=_check_range(5, 3600))  # seconds
    starting_chips: int = field(
        default=DEFAULT_STARTING_CHIPS, metadata=_check_range(0, 1_000_000_000)
    )
    daily_amount: int = field(default=DEFAULT_DAILY_CHIPS, metadata=_check_range(0, 1_000_000_000))
    # chips needed to sit at a table, in stakes of that table (times the rules' unit): a
    # seat must be able to lose something real for its wins to be fair (以小博大)
    entry_stakes: int = field(default=10, metadata=_check_range(0, 1_000_000))
    computer_level: str = field(
        default=DEFAULT_COMPUTER_LEVEL, metadata={"max_len": 16, "choices": COMPUTER_LEVELS}
    )
    afk_level: str = field(
        default=DEFAULT_COMPUTER_LEVEL, metadata={"max_len": 16, "choices": COMPUTER_LEVELS}
    )


GUILD_SETTING_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(GuildSettings))


def check_guild_setting(key: str, value: Any) -> Any:
    """The value if ``key`` is a guild setting and ``value`` fits it; else SettingError."""
    fields = {f.name: f for f in dataclasses.fields(GuildSettings)}
    f = fields.get(key)
    if f is None:
        raise SettingError(f"unknown setting {key!r}; the settings are: {', '.join(fields)}")
    if f.type in ("int", int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SettingError(f"{key} must be a whole number, not {value!r}")
        lo, hi = f.metadata["range"]
        if not lo <= value <= hi:
            raise SettingError(f"{key} must be between {lo} and {hi}, not {value}")
    else:
        if not isinstance(value, str) or not value.strip():
            raise SettingError(f"{key} must be a non-empty text, not {value!r}")
        if len(value) > f.metadata["max_len"]:
            raise SettingError(f"{key} is at most {f.metadata['max_len']} characters")
        choices = f.metadata.get("choices")
        if choices and value not in choices:
            raise SettingError(f"{key} is one of {', '.join(choices)}, not {value!r}")
    return value


def guild_settings_from_rows(
    guild_id: int, defaults: GuildSettings, rows: list[tuple[str, str]]
) -> GuildSettings:
    """Overlay stored (key, JSON value) rows on the defaults; a bad stored row is an error
    that says which row and how to repair it."""
    values: dict[str, Any] = {}
    for key, raw in rows:
        try:
            values[key] = check_guild_setting(key, json.loads(raw))
        except (SettingError, ValueError) as exc:
            raise CorruptRow(
                f"guild {guild_id}: the stored setting {key!r} = {raw!r} is not valid ({exc}); "
                "set it again with the admin command (or delete that guild_settings row)"
            ) from None
    return dataclasses.replace(defaults, **values)
