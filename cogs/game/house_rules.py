"""The ``house-rules`` text of ``/mahjong new``: read against the chosen preset (a refusal says
what is wrong and changes nothing), and completed as it is typed (Discord's autocomplete).

The text's grammar is ``tables.house_rules`` (the offline terminal reads it the same way).
"""

from __future__ import annotations

from typing import Any

from discord_io.limits import MAX_AUTOCOMPLETE
from engine.rules import TABLE_PRESETS, RulesError, get_rules, option_fields
from i18n import LOCALES, t
from tables.errors import TableError
from tables.house_rules import parse_house_rules


def read_house_rules(text: str | None, preset: str) -> dict[str, Any]:
    """The typed options of ``text`` for ``preset``; TableError ``err.bad_option`` with the
    reason (an unknown option, one the preset does not offer, a bad value)."""
    try:
        options = parse_house_rules(text)
        get_rules(preset, options)
    except RulesError as exc:
        raise TableError("err.bad_option", reason=str(exc)) from None
    return options


def house_rule_suggestions(current: str, preset: str | None = None) -> list[str]:
    """Autocomplete: the text typed so far with its last ``option=value`` completed, from
    the options ``preset`` offers (every preset's when none is chosen yet); the last part may
    also be typed as the option's name in any language (封顶, 封頂, fan cap)."""
    head, _, last = current.rpartition(",")
    prefix = (head + ", ") if head.strip() else ""
    last = last.strip()
    out: list[str] = []
    fields = option_fields()
    rules = TABLE_PRESETS.get(preset) if isinstance(preset, str) else None
    names = rules.offered_options() if rules is not None else tuple(fields)
    # a table seats four for now (tables.lobby refuses another count): not suggested
    names = tuple(n for n in names if n not in ("players", "hand_size"))
    for name in names:
        f = fields[name]
        choices = f.metadata.get("choices") or ()
        if "=" in last:
            typed_name, _, typed_value = last.partition("=")
            if typed_name.strip() != name:
                continue
            for c in choices:
                v = str(c).lower()
                if v.startswith(typed_value.strip().lower()):
                    out.append(f"{prefix}{name}={v}")
        elif name.startswith(last) or any(last in t(f"option.{name}", loc) for loc in LOCALES):
            for c in choices[:3] or ("1",):
                out.append(f"{prefix}{name}={str(c).lower()}")
    if rules is None:  # no preset chosen: an option any preset offers, once
        out = list(dict.fromkeys(out))
    return [s for s in out if len(s) <= 100][:MAX_AUTOCOMPLETE]
