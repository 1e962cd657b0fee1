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


@dataclass(frozen=True)
class StoreSettings:
    """How the store runs.  ``from_env`` reads ``MAHJONG_DB`` and friends."""

    path: str = str(DEFAULT_DB_PATH)
    starting_chips: int = 1000  # default for guilds that did not set their own
    daily_amount: int = 200
    busy_timeout_ms: int = 5000
    # FULL: every commit is on disk before it returns (a power cut loses nothing committed)
    synchronous: str = "FULL"
    # check every transaction sums to zero and every balance equals its entries at open
    verify_on_open: bool = True
    # cap on the database size in pages (None: only the disk); also how tests simulate a full disk
    max_page_count: int | None = None

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
        )


def _check_range(lo: int, hi: int) -> Any:
    return {"range": (lo, hi)}


@dataclass(frozen=True)
class GuildSettings:
    """What a guild's admins may change.  Defaults come from StoreSettings and the code."""

    default_preset: str = field(default="heyuan-zheng", metadata={"max_len": 64})
    stake: int = field(default=1, metadata=_check_range(1, 1_000_000))
    turn_timer: int = field(default=30, metadata=_check_range(5, 3600))  # seconds
    starting_chips: int = field(default=1000, metadata=_check_range(0, 1_000_000_000))
    daily_amount: int = field(default=200, metadata=_check_range(0, 1_000_000_000))
    # chips needed to sit at a table, in stakes of that table (times the rules' unit): a
    # seat must be able to lose something real for its wins to be fair (以小博大)
    entry_stakes: int = field(default=10, metadata=_check_range(0, 1_000_000))


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
