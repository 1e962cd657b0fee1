"""What Discord accepts in one message, and builders that refuse to go past it.

The numbers are Discord's (API v10): a message holds at most 5 action rows of
5 buttons (a select menu fills a row), a select menu offers at most 25 options,
a ``custom_id`` is at most 100 characters, message content at most 2,000
characters, a button label 80, a select option label 100, an embed description
4,096, and an interaction must be answered within 3 seconds. Everything the bot
sends goes through these checks so that a bad layout fails in tests, not in a
player's DM.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

MAX_ROWS: Final = 5
MAX_BUTTONS_PER_ROW: Final = 5
MAX_COMPONENTS: Final = MAX_ROWS * MAX_BUTTONS_PER_ROW
MAX_SELECT_OPTIONS: Final = 25
MAX_CUSTOM_ID: Final = 100
MAX_CONTENT: Final = 2000
MAX_BUTTON_LABEL: Final = 80
MAX_SELECT_LABEL: Final = 100
MAX_EMBED_DESCRIPTION: Final = 4096
MAX_FILES: Final = 10
MAX_AUTOCOMPLETE: Final = 25
MAX_CHOICES: Final = 25
ACK_SECONDS: Final = 3.0
EPHEMERAL_VIEW_SECONDS: Final = 15 * 60


class LimitError(ValueError):
    """A message or component that Discord would reject."""


def check_custom_id(custom_id: str) -> str:
    if not custom_id or len(custom_id) > MAX_CUSTOM_ID:
        raise LimitError(f"custom_id must be 1–{MAX_CUSTOM_ID} characters: {custom_id!r}")
    return custom_id


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    """``text`` cut to ``limit`` characters, ending in an ellipsis when cut."""
    if len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


def check_content(text: str | None) -> str | None:
    if text is not None and len(text) > MAX_CONTENT:
        raise LimitError(f"message content is {len(text)} characters (max {MAX_CONTENT})")
    return text


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    """One button before it becomes a discord.ui item: the table service's words, not Discord's."""

    custom_id: str
    label: str
    style: str = "secondary"  # primary, secondary, success, danger
    emoji: str | None = None
    disabled: bool = False

    def __post_init__(self) -> None:
        check_custom_id(self.custom_id)
        if not self.label and not self.emoji:
            raise LimitError("a button needs a label or an emoji")
        if len(self.label) > MAX_BUTTON_LABEL:
            raise LimitError(f"button label over {MAX_BUTTON_LABEL} characters: {self.label!r}")


def layout_rows(
    groups: list[list[ButtonSpec]], max_rows: int = MAX_ROWS
) -> list[list[ButtonSpec]]:
    """Buttons laid out in rows: each group starts a new row and wraps after five.

    Raises LimitError when the result needs more than ``max_rows`` rows, so a
    caller can fall back to a select menu instead of losing a button.
    """
    rows: list[list[ButtonSpec]] = []
    for group in groups:
        for i in range(0, len(group), MAX_BUTTONS_PER_ROW):
            rows.append(group[i : i + MAX_BUTTONS_PER_ROW])
    if len(rows) > max_rows:
        raise LimitError(f"{len(rows)} rows of buttons (max {max_rows})")
    ids = [b.custom_id for row in rows for b in row]
    if len(set(ids)) != len(ids):
        raise LimitError("two buttons share a custom_id")
    return rows


def check_select(options: int) -> None:
    if not 1 <= options <= MAX_SELECT_OPTIONS:
        raise LimitError(f"a select menu takes 1–{MAX_SELECT_OPTIONS} options (got {options})")
