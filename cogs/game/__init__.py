"""``/mahjong``: the game cog (``cog``), its persistent buttons and menus (``components``), and the
parts of the group that show a table to others: hints, the quick-play queue, replays, spectators."""

from cogs.game.cog import Mahjong, setup

__all__ = ["Mahjong", "setup"]
