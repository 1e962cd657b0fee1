"""A FakeBot whose tables live in a real SQLite store (replays, ratings and statistics read the
store), and a deterministic person who plays a seat through the table service."""

from __future__ import annotations

from typing import Any

from tables.persist import StoreTables
from tables.service import Person, TableService, TableSettings
from tests.cogs.fakes import CHANNEL, GUILD, FakeBot
from tests.tables.fakes import first_choice, pending


def store_bot(store: Any, **settings: Any) -> FakeBot:
    b = FakeBot(store)
    b.memory = None  # type: ignore[assignment]
    b.tables = TableService(StoreTables(store), b.transport, b.clock,
                            TableSettings(computer_delay=0.0, **settings),
                            seed_factory=lambda: "social-seed")
    b.transport.service = b.tables
    return b


async def play_out(bot: FakeBot, table_id: str, people: dict[int, int]) -> None:
    """Every person plays ``first_choice`` until the table is over."""
    for _ in range(2000):
        if table_id not in {t.id for t in bot.tables.tables()}:
            return
        moves = pending(bot.tables, table_id, people)
        if not moves:
            await bot.tables.run_computers(table_id)
            if not pending(bot.tables, table_id, people):
                return
            continue
        user, view = moves[0]
        code, arg = first_choice(view)
        await bot.tables.act(table_id, user, view.hand_no, view.step, code, arg)
    raise AssertionError("the table did not finish")


async def table_with(bot: FakeBot, people: list[tuple[int, str]], computers: int = 0,
                     hands: int = 1, preset: str = "guangdong",
                     options: dict[str, Any] | None = None, **kw: Any) -> str:
    """A started table: the people seated (the first hosts), then computers."""
    host = people[0]
    info = await bot.tables.create(GUILD, CHANNEL, Person(host[0], host[1]), preset,
                                   options or {}, 1, hands, **kw)
    for uid, name in people[1:]:
        await bot.tables.join(info.id, Person(uid, name))
    for _ in range(computers):
        await bot.tables.add_computer(info.id, host[0])
    await bot.tables.start(info.id, host[0])
    return info.id
