"""The mahjong game, pure and synchronous: tiles, analysis, rules, scoring, hands, matches.

Nothing here does I/O beyond the command-line entry points in ``engine.cli``;
nothing imports Discord, Pillow, a database or asyncio.
"""
