"""A local stand-in for Discord (gateway + REST) that the unmodified bot connects to."""

from discord_double.server import DiscordDouble, Interaction, Limits, Message, User

__all__ = ["DiscordDouble", "Interaction", "Limits", "Message", "User"]
