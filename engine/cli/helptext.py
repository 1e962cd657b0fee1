"""Help texts in plain words: the module docstrings that ``--help`` prints are written in
reStructuredText for the code's readers (````python -m x````, ``:mod:`engine.y```); a terminal
shows them without that markup."""

from __future__ import annotations

import re

_ROLE = re.compile(r":(?:mod|func|class|meth|attr|data|obj|exc|ref):`?([^`\s]+)`?")


def plain_help(text: str | None) -> str:
    """``text`` with roles (``:mod:`engine.x```) reduced to their target and every backtick
    dropped."""
    return _ROLE.sub(r"\1", text or "").replace("`", "")
