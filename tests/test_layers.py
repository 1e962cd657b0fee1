"""The bot's layers import one way: cogs -> discord_io -> tables (and below them render, store,
engine, i18n). Nothing under the cogs imports them back — not at the top of a module, not
inside a function, not for type checking only — so each layer can be read, tested and changed
without the ones above it. The imports are read from the source (ast), nothing is run."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BELOW_THE_COGS = ("discord_io", "tables", "render", "store", "engine", "i18n")


def imported_modules(path: Path, root: Path = ROOT) -> list[tuple[int, str]]:
    """Every module a file imports, anywhere in it, with its line: ``from x import y`` gives
    ``x`` (and ``x.y``, which may be a module), relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            out.append((node.lineno, base))
            out.extend((node.lineno, f"{base}.{a.name}") for a in node.names)
    return out


def imports_of_layer(layer: str, above: str, root: Path = ROOT) -> list[str]:
    """``file:line imports module`` for each import of ``above`` (or of its modules) made by a
    file of ``layer``."""
    found = []
    for path in sorted((root / layer).rglob("*.py")):
        for line, module in imported_modules(path, root):
            if module == above or module.startswith(above + "."):
                found.append(f"{path.relative_to(root).as_posix()}:{line} imports {module}")
    return found


@pytest.mark.parametrize("layer", BELOW_THE_COGS)
def test_nothing_below_the_cogs_imports_them(layer: str) -> None:
    assert imports_of_layer(layer, "cogs") == []


@pytest.mark.parametrize("layer", ["tables", "render", "store", "engine", "i18n"])
def test_nothing_below_the_discord_plumbing_imports_it(layer: str) -> None:
    assert imports_of_layer(layer, "discord_io") == []


def test_the_check_sees_an_import_wherever_it_is(tmp_path: Path) -> None:
    # a function's import, a relative one and a type-checking-only one count as much as a
    # module's own
    (tmp_path / "discord_io" / "views").mkdir(parents=True)
    (tmp_path / "discord_io" / "views" / "sample.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from cogs.game.watch import Spectators\n"
        "def f():\n    import cogs.game.cog\n"
        "from .. import limits\n", encoding="utf-8")
    assert imports_of_layer("discord_io", "cogs", tmp_path) == [
        "discord_io/views/sample.py:3 imports cogs.game.watch",
        "discord_io/views/sample.py:3 imports cogs.game.watch.Spectators",
        "discord_io/views/sample.py:5 imports cogs.game.cog",
    ]
    assert imports_of_layer("discord_io", "discord_io.limits", tmp_path) == [
        "discord_io/views/sample.py:6 imports discord_io.limits"]
