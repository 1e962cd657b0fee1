"""Discord only: slash commands, views and buttons, turning clicks into table actions."""
