"""Which guilds this process serves when the bot runs as several sharded processes.

Discord sends a guild's events to shard ``(guild_id >> 22) % shard_count``.  A process
started with ``MAHJONG_SHARD_COUNT`` and ``MAHJONG_SHARD_IDS`` owns the tables of the guilds
its shards hold: it creates them (their commands reach it), resumes only them after a
restart, and holds a lease on each in the shared PostgreSQL ledger so that a second process
started by mistake with the same shards does not act on them too.
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord routes ``guild_id``'s events to."""
    return (guild_id >> 22) % shard_count


def parse_shard_ids(raw: str, shard_count: int) -> frozenset[int]:
    """``"0,2"`` or ``"0-3"`` (or a mix) → the shard ids; each must be below the count."""
    ids: set[int] = set()
    for part in raw.replace(" ", "").split(","):
        if not part:
            continue
        lo, sep, hi = part.partition("-")
        try:
            first, last = int(lo), int(hi) if sep else int(lo)
        except ValueError:
            raise ValueError(f"shard ids are numbers like 0,1 or 0-3, not {raw!r}") from None
        if first > last:
            raise ValueError(f"shard range {part!r} runs backwards")
        ids.update(range(first, last + 1))
    if not ids:
        raise ValueError("no shard ids given")
    bad = sorted(i for i in ids if not 0 <= i < shard_count)
    if bad:
        raise ValueError(f"shard ids {bad} are not between 0 and {shard_count - 1}")
    return frozenset(ids)


@dataclass(frozen=True)
class ShardSet:
    """The shards one process runs (all of them when the bot is not sharded)."""

    count: int = 1
    ids: frozenset[int] = frozenset({0})

    def owns(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.count) in self.ids
