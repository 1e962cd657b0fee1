"""Where a command writes: checked before any work is done, so that a path that cannot be
written is one line saying what to do (not a traceback, and not after a long run)."""

from __future__ import annotations

import os
from pathlib import Path


def output_file_problem(path: Path | str, flag: str) -> str | None:
    """Why ``path`` cannot be written as a file (``flag`` names the option), or None."""
    path = Path(path)
    if path.is_dir():
        return f"{flag} {path} is a folder: name a file, e.g. {path / 'out'}"
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.exists():
        return f"{flag} {path}: the folder {parent} does not exist; create it or name another"
    if not parent.is_dir():
        return f"{flag} {path}: {parent} is a file, not a folder"
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return f"{flag} {path}: no permission to write there; name another place"
    return None


def output_dir_problem(path: Path | str, flag: str) -> str | None:
    """Why ``path`` cannot be (made and) written as a folder, or None. Missing folders are
    fine: the command creates them."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        return f"{flag} {path} is a file, not a folder: name a folder (it is created if missing)"
    probe = path
    while not probe.exists():
        if probe.parent == probe:
            break
        probe = probe.parent
    if probe.exists() and not probe.is_dir():
        return f"{flag} {path}: {probe} is a file, not a folder"
    if probe.exists() and not os.access(probe, os.W_OK | os.X_OK):
        return f"{flag} {path}: no permission to write in {probe}; name another folder"
    return None
