"""The Discord transport: a burst of table updates costs few edits; pictures go as files."""

from __future__ import annotations

from tables.model import PublicView, Status, TableInfo
from tests.cogs.fakes import CHANNEL, GUILD, FakeBot


def _info() -> TableInfo:
    return TableInfo("t1", GUILD, CHANNEL, 1, "heyuan-zheng", (), 1, 4, Status.PLAYING,
                     (None, None, None, None))


def _view(wall: int) -> PublicView:
    return PublicView("t1", "heyuan-zheng", 0, 4, 0, 0, wall, 1, ((), (), (), ()),
                      ((), (), (), ()), ((), (), (), ()), (13, 13, 13, 13),
                      ("A", "B", "C", "D"), (False, True, True, True), (0, 0, 0, 0))


async def test_a_burst_of_computer_turns_is_one_or_two_edits():
    bot = FakeBot()
    bot.transport.edit_interval = 5.0  # far longer than the burst
    for wall in range(80, 40, -1):
        await bot.transport.public(_info(), _view(wall))
    await bot.transport.drain()
    ch = bot.channels[CHANNEL]
    posts = ch.send.await_args_list
    assert len(posts) == 1 and bot.transport.edits == 1  # only the latest view was drawn
    assert "41" in posts[0].kwargs["content"]
    assert posts[0].kwargs["files"][0].filename == "table.png"
