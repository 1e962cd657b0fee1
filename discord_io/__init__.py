"""Discord plumbing under the cogs: the bot class, the transport that shows the table service's
updates, the global request pacer, Discord's message limits, the command translator and the tile
emoji. Nothing here is a slash command; the cogs are in ``cogs/``."""
