"""``/mahjong``: the game cog (``cog``: the commands' declarations and the click entry point), what
they do (``commands``, ``house_rules``, ``replies``, ``clicks``), its persistent buttons and menus
(``components``) and the views laid out from them (``controls``), and the parts of the group that
show a table to others: hints, the quick-play queue, replays, spectators."""

from cogs.game.cog import Mahjong, setup

__all__ = ["Mahjong", "setup"]
