"""``/mahjong``: the game cog (``cog``: the commands' declarations and the click entry point), what
they do (``commands``, ``house_rules``, ``replies``, ``clicks``), and the parts of the group that
show a table to others: hints, the quick-play queue, replays, spectators. The table's buttons
and menus and the views laid out from them sit below, in ``discord_io.views`` (the transport
sends those views); the cog registers them as it loads."""

from cogs.game.cog import Mahjong, setup, teardown

__all__ = ["Mahjong", "setup", "teardown"]
