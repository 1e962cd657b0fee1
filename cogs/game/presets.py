"""The preset option of ``/mahjong new``, ``quick``, ``rules``, ``analyze`` and
``/mahjong-admin preset``: completed as it is typed (Discord allows 25 static choices, and the
presets outgrow them), and read back with a one-line refusal for a preset no table plays.

What is typed is matched against each preset's id, its names in the three languages and its
region's; the suggestions are named in the reader's language, prefixed by region
("广东 · 河源百搭·正百搭") and grouped by it.
"""

from __future__ import annotations

from discord import app_commands

from discord_io.limits import MAX_AUTOCOMPLETE
from engine.rules import TABLE_PRESETS
from i18n import LOCALES
from i18n.presets import preset_name, preset_region
from tables.errors import TableError

MAX_CHOICE_NAME = 100  # Discord's limit on a choice's name
_SHOWN_TYPED = 40  # a refused value is quoted at most this long (the refusal stays one line)


def _words(preset_id: str) -> tuple[str, ...]:
    """Everything a person may type to find ``preset_id``, lower-cased."""
    out = [preset_id]
    for loc in LOCALES:
        out += [preset_name(preset_id, loc), preset_region(preset_id, loc)]
    return tuple(w.lower() for w in out if w)


def _grouped() -> list[str]:
    """Table presets, grouped by region in the order each region first appears."""
    regions: dict[str, list[str]] = {}
    for pid in TABLE_PRESETS:
        regions.setdefault(preset_region(pid, "en"), []).append(pid)
    return [pid for ids in regions.values() for pid in ids]


def choice_name(preset_id: str, locale: object) -> str:
    """``"广东 · 河源百搭·正百搭"``: region · name, in ``locale``."""
    region = preset_region(preset_id, locale)
    name = preset_name(preset_id, locale)
    return (f"{region} · {name}" if region else name)[:MAX_CHOICE_NAME]


def preset_suggestions(current: str, locale: object) -> list[tuple[str, str]]:
    """(name in ``locale``, preset id) of the table presets matching ``current`` (every
    preset when nothing is typed), at most Discord's 25."""
    typed = current.strip().lower()
    out = [(choice_name(pid, locale), pid) for pid in _grouped()
           if not typed or any(typed in w for w in _words(pid))]
    return out[:MAX_AUTOCOMPLETE]


def preset_choices(current: str, locale: object) -> list[app_commands.Choice[str]]:
    """The autocomplete answer: :func:`preset_suggestions` as Discord choices."""
    return [app_commands.Choice(name=n, value=v) for n, v in preset_suggestions(current, locale)]


def read_preset(typed: str) -> str:
    """The table preset ``typed`` names: its id (any case), or a name or region · name in any
    language that only one preset has; TableError ``err.unknown_preset`` otherwise (nothing
    is made)."""
    value = typed.strip()
    if value in TABLE_PRESETS:
        return value
    low = value.lower()
    hits = [pid for pid in TABLE_PRESETS
            if low == pid or any(low in (preset_name(pid, loc).lower(),
                                         choice_name(pid, loc).lower()) for loc in LOCALES)]
    if len(hits) == 1:
        return hits[0]
    shown = " ".join(value.split())
    if len(shown) > _SHOWN_TYPED:
        shown = shown[:_SHOWN_TYPED - 1] + "…"
    raise TableError("err.unknown_preset", preset=shown)
