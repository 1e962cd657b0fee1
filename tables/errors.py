"""Refusals of the table service. ``key`` is a sentence in i18n.bot_text; nothing was changed."""

from __future__ import annotations

from typing import Any


class TableError(Exception):
    """A refused request: wrong user, out of turn, stale button, not seated, bad option …"""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key if not args else f"{key} {args}")
        self.key = key
        self.args_ = args


class ConfirmNeeded(TableError):
    """A move that costs the player and must be confirmed first (a declared win on a hand
    that is none: 诈胡). ``key`` is the question; nothing was changed. ``code`` is the one-time
    code issued with this question: the confirmation carries it back (a "Declare anyway"
    forged without the question has none, and is refused)."""

    def __init__(self, key: str, code: str = "", **args: Any) -> None:
        super().__init__(key, **args)
        self.code = code
