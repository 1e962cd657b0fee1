"""House rules typed as text (``"seven_pairs=true, horses=2"``), for ``/mahjong new`` and the
offline terminal alike: each value typed as its option's default is."""

from __future__ import annotations

from typing import Any

from engine.rules import RulesError, option_fields

_TRUE = {"true", "yes", "on", "1", "是", "开", "開"}
_FALSE = {"false", "no", "off", "0", "否", "关", "關"}


def parse_house_rules(text: str | None) -> dict[str, Any]:
    """``"seven_pairs=true, horses=2"`` → typed option values; RulesError says what is wrong."""
    out: dict[str, Any] = {}
    if not text or not text.strip():
        return out
    fields = option_fields()
    for part in text.replace("，", ",").replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if "=" not in part:
            raise RulesError(f"{part!r}: write option=value, e.g. horses=2")
        name, _, raw = (x.strip() for x in part.partition("="))
        f = fields.get(name)
        if f is None:
            raise RulesError(f"unknown option {name!r}")
        default = f.default
        value: Any
        if isinstance(default, bool):
            if raw.lower() in _TRUE:
                value = True
            elif raw.lower() in _FALSE:
                value = False
            else:
                raise RulesError(f"{name} takes true or false, not {raw!r}")
        elif isinstance(default, int):
            try:
                value = int(raw)
            except ValueError:
                raise RulesError(f"{name} takes a whole number, not {raw!r}") from None
        else:
            value = raw
        out[name] = value
    return out
