"""The Discord double moved to the ``discord_double`` package (``bench`` uses it too); this
keeps ``tests.discord_double`` and its modules importable under their old names."""

import sys

import discord_double
from discord_double import botproc, mentions, server, users, validate
from discord_double.server import DiscordDouble, Interaction, Limits, Message, User

for _name, _module in (("server", server), ("users", users), ("botproc", botproc),
                       ("validate", validate), ("mentions", mentions)):
    sys.modules[f"{__name__}.{_name}"] = _module

__all__ = ["DiscordDouble", "Interaction", "Limits", "Message", "User", "discord_double"]
