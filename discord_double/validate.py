"""What Discord refuses in a message, a component tree or a command list (API v10), as error dicts.

Each check returns a list of problems; an empty list means Discord would take it. The
server turns problems into ``400 Invalid Form Body`` (code 50035), which is what
discord.py surfaces as ``HTTPException`` to the bot.
"""

from __future__ import annotations

import re
from typing import Any

MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_LABEL = 100
MAX_EMBEDS = 10
MAX_FILES = 10
MAX_COMMANDS = 100
MAX_COMMAND_OPTIONS = 25
MAX_CHOICES = 25

ACTION_ROW, BUTTON, STRING_SELECT = 1, 2, 3
SELECTS = {3, 5, 6, 7, 8}
LINK_STYLE, PREMIUM_STYLE = 5, 6


def check_components(components: Any) -> list[str]:
    out: list[str] = []
    if components is None:
        return out
    if not isinstance(components, list):
        return ["components: must be a list"]
    if len(components) > MAX_ROWS:
        out.append(f"components: {len(components)} action rows (max {MAX_ROWS})")
    ids: list[str] = []
    for r, row in enumerate(components):
        if not isinstance(row, dict) or row.get("type") != ACTION_ROW:
            out.append(f"components[{r}]: top level must be action rows (type 1)")
            continue
        children = row.get("components") or []
        if not children:
            out.append(f"components[{r}]: an action row needs at least one component")
        selects = [c for c in children if isinstance(c, dict) and c.get("type") in SELECTS]
        if selects and len(children) > 1:
            out.append(f"components[{r}]: a select menu must be alone in its row")
        if len(children) > MAX_BUTTONS_PER_ROW:
            out.append(f"components[{r}]: {len(children)} components (max {MAX_BUTTONS_PER_ROW})")
        for c, comp in enumerate(children):
            where = f"components[{r}].components[{c}]"
            if not isinstance(comp, dict):
                out.append(f"{where}: not an object")
                continue
            kind = comp.get("type")
            cid = comp.get("custom_id")
            if kind == BUTTON:
                style = comp.get("style")
                if style not in (1, 2, 3, 4, 5, 6):
                    out.append(f"{where}.style: {style!r} is not a button style")
                if style == LINK_STYLE:
                    if not comp.get("url") or cid is not None:
                        out.append(f"{where}: a link button has a url and no custom_id")
                elif style != PREMIUM_STYLE and not cid:
                    out.append(f"{where}.custom_id: required")
                label = comp.get("label")
                if label is not None and len(str(label)) > MAX_BUTTON_LABEL:
                    out.append(f"{where}.label: over {MAX_BUTTON_LABEL} characters")
                if not label and not comp.get("emoji"):
                    out.append(f"{where}: a button needs a label or an emoji")
            elif kind in SELECTS:
                if not cid:
                    out.append(f"{where}.custom_id: required")
                if kind == STRING_SELECT:
                    options = comp.get("options") or []
                    if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
                        out.append(f"{where}.options: {len(options)} (1 to {MAX_SELECT_OPTIONS})")
                    values = [o.get("value") for o in options if isinstance(o, dict)]
                    if len(set(values)) != len(values):
                        out.append(f"{where}.options: values must be unique")
                    for o in options:
                        if len(str(o.get("label", ""))) > MAX_SELECT_LABEL or not o.get("label"):
                            out.append(f"{where}.options: label must be 1-{MAX_SELECT_LABEL}")
                lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
                if not 0 <= lo <= hi <= MAX_SELECT_OPTIONS:
                    out.append(f"{where}: min_values/max_values {lo}/{hi}")
                if kind == STRING_SELECT and hi > len(comp.get("options") or []):
                    out.append(f"{where}: max_values {hi} is more than the options")
            else:
                out.append(f"{where}.type: {kind!r} is not allowed in an action row")
            if cid is not None:
                if not isinstance(cid, str) or not 1 <= len(cid) <= MAX_CUSTOM_ID:
                    out.append(f"{where}.custom_id: must be 1-{MAX_CUSTOM_ID} characters")
                ids.append(str(cid))
    if len(ids) != len(set(ids)):
        out.append("components: custom_id values must be unique within a message")
    return out


def check_message(payload: dict[str, Any], files: int, creating: bool) -> list[str]:
    out: list[str] = []
    content = payload.get("content")
    if content is not None and len(str(content)) > MAX_CONTENT:
        out.append(f"content: {len(str(content))} characters (max {MAX_CONTENT})")
    embeds = payload.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        out.append(f"embeds: {len(embeds)} (max {MAX_EMBEDS})")
    if files > MAX_FILES:
        out.append(f"files: {files} (max {MAX_FILES})")
    out += check_components(payload.get("components"))
    if creating and not (content or embeds or files or payload.get("components")
                         or payload.get("sticker_ids") or payload.get("poll")):
        out.append("Cannot send an empty message (code 50006)")
    return out


def _check_option(opt: dict[str, Any], where: str) -> list[str]:
    out = _check_names(opt, where)
    if len(opt.get("options") or []) > MAX_COMMAND_OPTIONS:
        out.append(f"{where}.options: over {MAX_COMMAND_OPTIONS}")
    if len(opt.get("choices") or []) > MAX_CHOICES:
        out.append(f"{where}.choices: over {MAX_CHOICES}")
    for i, ch in enumerate(opt.get("choices") or []):
        if not 1 <= len(str(ch.get("name", ""))) <= 100:
            out.append(f"{where}.choices[{i}].name: 1-100 characters")
        for loc, text in (ch.get("name_localizations") or {}).items():
            if not 1 <= len(str(text)) <= 100:
                out.append(f"{where}.choices[{i}].name_localizations.{loc}: 1-100 characters")
    seen_optional = False
    for i, sub in enumerate(opt.get("options") or []):
        out += _check_option(sub, f"{where}.options[{i}]")
        if sub.get("type") not in (1, 2):
            if sub.get("required") and seen_optional:
                out.append(f"{where}.options[{i}]: required options must come first")
            seen_optional = seen_optional or not sub.get("required")
    return out


def _check_names(obj: dict[str, Any], where: str) -> list[str]:
    out: list[str] = []
    name = str(obj.get("name", ""))
    if not re.fullmatch(r"[-_'\w]{1,32}", name) or name.lower() != name:
        out.append(f"{where}.name: {name!r} must be 1-32 lower-case letters, digits, - or _")
    desc = obj.get("description")
    if desc is not None and not 1 <= len(str(desc)) <= 100:
        out.append(f"{where}.description: 1-100 characters")
    for loc, text in (obj.get("name_localizations") or {}).items():
        if not re.fullmatch(r"[-_'\w]{1,32}", str(text)) or str(text).lower() != str(text):
            out.append(f"{where}.name_localizations.{loc}: {text!r}")
    for loc, text in (obj.get("description_localizations") or {}).items():
        if not 1 <= len(str(text)) <= 100:
            out.append(f"{where}.description_localizations.{loc}: 1-100 characters")
    return out


def check_commands(commands: Any) -> list[str]:
    if not isinstance(commands, list):
        return ["commands: must be a list"]
    out: list[str] = []
    if len(commands) > MAX_COMMANDS:
        out.append(f"commands: {len(commands)} (max {MAX_COMMANDS})")
    names = [(c.get("type", 1), c.get("name")) for c in commands]
    if len(set(names)) != len(names):
        out.append("commands: two commands share a name")
    for i, cmd in enumerate(commands):
        out += _check_option(cmd, f"commands[{i}]")
    return out
