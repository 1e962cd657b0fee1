"""What the bot's messages carry besides text: the persistent table controls
(``components``: custom_id templates and the DynamicItems they match) and the views laid out
from them within Discord's limits (``controls``). They sit under both the transport, which
sends the views, and the cogs, which register the items and answer their clicks."""
