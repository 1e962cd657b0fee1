"""Who a message pings, as Discord decides it from its content and ``allowed_mentions``.

Without ``allowed_mentions`` Discord parses everything in the content: ``@everyone`` and
``@here``, ``<@id>`` / ``<@!id>`` users and ``<@&id>`` roles. With it, only the kinds in
``parse`` and the ids listed in ``users`` / ``roles`` ping.
"""

from __future__ import annotations

import re
from typing import Any

USER = re.compile(r"<@!?(\d+)>")
ROLE = re.compile(r"<@&(\d+)>")
EVERYONE = re.compile(r"@(everyone|here)")


def pings(content: str, allowed: Any) -> list[str]:
    """``everyone`` / ``here``, ``user:<id>``, ``role:<id>`` for each mention that pings."""
    if not isinstance(allowed, dict):
        parse = {"everyone", "users", "roles"}
        users: set[str] = set()
        roles: set[str] = set()
    else:
        parse = set(allowed.get("parse") or [])
        users = {str(u) for u in allowed.get("users") or []}
        roles = {str(r) for r in allowed.get("roles") or []}
    out: list[str] = []
    if "everyone" in parse:
        out += [m.group(1) for m in EVERYONE.finditer(content)]
    out += [f"user:{u}" for u in USER.findall(content) if "users" in parse or u in users]
    out += [f"role:{r}" for r in ROLE.findall(content) if "roles" in parse or r in roles]
    return out
