"""Backups while the bot runs: a dated copy of the database in a folder, the oldest pruned.

Used by ``/mahjong-admin backup`` and ``python bot.py --backup``; the copy itself is
SQLite's online backup (``Store.backup``), consistent even while tables are being played.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

NAME = re.compile(r"^mahjong-\d{8}-\d{6}\.db$")


def backup_name(now: datetime) -> str:
    return f"mahjong-{now.astimezone(UTC):%Y%m%d-%H%M%S}.db"


async def backup_into(store: Any, directory: Path, keep: int = 7,
                      now: datetime | None = None) -> tuple[Path, int]:
    """Write ``mahjong-YYYYmmdd-HHMMSS.db`` (UTC) into ``directory`` and delete all but the
    newest ``keep`` such files (other files there are left alone); (path, size in bytes)."""
    directory = Path(directory)
    path = directory / backup_name(now or datetime.now(UTC))
    size = await store.backup(path)
    if keep > 0:
        ours = sorted(p for p in directory.iterdir() if NAME.match(p.name))
        for old in ours[:-keep]:
            old.unlink(missing_ok=True)
    return path, size
