"""Every catalog key the code names exists in all three languages, so a player never meets a raw
key (and a lookup never raises in a game): the literal keys found in the source, the prefixes of
keys the code builds, and the keys built from each enumerable domain (presets, levels, …)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import i18n
from engine.rules import PRESETS, TABLE_PRESETS
from i18n.bot_text import bt

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [*sorted(p for pkg in ("cogs", "discord_io", "tables", "render", "i18n")
                   for p in (ROOT / pkg).rglob("*.py")), ROOT / "bot.py"]
# what takes a catalog key as its first argument
LOOKUPS = {"bt", "t", "L", "has", "TableError", "Notice", "_indicator_line"}


def _named(node: ast.expr) -> list[ast.expr]:
    """The key expressions one argument stands for (both sides of ``a if c else b``)."""
    if isinstance(node, ast.IfExp):
        return _named(node.body) + _named(node.orelse)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):  # f"hand.choose.{x}" + s
        return _named(node.left)
    # {"pung": "call.pong", …}.get(kind) and {…}[kind]: every value is a key
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get" and isinstance(node.func.value, ast.Dict)):
        return [v for v in node.func.value.values if v is not None]
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Dict):
        return [v for v in node.value.values if v is not None]
    return [node]


def _keys_in_code() -> list[tuple[str, int, ast.expr]]:
    """(file, line, expression) of every key the code hands to a lookup or names ``key``."""
    out = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        rel = str(path.relative_to(ROOT))
        for node in ast.walk(tree):
            args: list[ast.expr] = []
            if isinstance(node, ast.Call) and node.args:
                f = node.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                if name in LOOKUPS:
                    args = [node.args[0]]
            elif isinstance(node, ast.Assign) and any(
                    isinstance(tg, ast.Name) and tg.id == "key" for tg in node.targets):
                args = [node.value]
            out.extend((rel, node.lineno, e) for a in args for e in _named(a))
    return out


def test_the_scan_finds_the_code_s_keys() -> None:
    literal = {e.value for _, _, e in _keys_in_code() if isinstance(e, ast.Constant)}
    assert {"err.guild_only", "lobby.title", "cmd.new", "render.drawn_hand", "call.pong",
            "act.concealed_kong"} <= literal
    assert len(literal) > 300


def test_every_literal_key_in_the_code_is_in_the_catalog() -> None:
    missing = [f"{where}:{line} {e.value!r}" for where, line, e in _keys_in_code()
               if isinstance(e, ast.Constant) and isinstance(e.value, str)
               and not i18n.has(e.value)]
    assert not missing, "keys named in the code but not in the catalog:\n" + "\n".join(missing)


def test_every_built_key_has_its_prefix_in_the_catalog() -> None:
    """``bt(f"level.{level}")`` and the like: some key starts with the literal head."""
    missing = []
    for where, line, e in _keys_in_code():
        if not isinstance(e, ast.JoinedStr) or not e.values:
            continue
        head = e.values[0]
        if isinstance(head, ast.Constant) and not i18n.keys(str(head.value)):
            missing.append(f"{where}:{line} {head.value!r}…")
    assert not missing, "built keys whose prefix no key has:\n" + "\n".join(missing)


def _domain_keys() -> list[str]:
    from cogs.game.replay import replay_controls  # noqa: F401  (its codes below)
    from engine.players import PLAYER_KINDS
    from store.periods import PERIODS
    from store.settings import COMPUTER_LEVELS
    from tables.model import EXTRA_REASONS

    # the families whose rules sheet is drawn: those of the presets tables offer
    families = sorted({r.family for r in TABLE_PRESETS.values()})
    return [
        *(f"preset.{p}" for p in PRESETS),
        *(f"level.{lv}" for lv in COMPUTER_LEVELS),
        *(f"level.{k}" for k in PLAYER_KINDS if k in ("random", "greedy")),
        *(f"seat.{n}" for n in range(1, 5)),
        *(f"suit.{s}" for s in range(3)),
        *(f"render.void.{s}" for s in range(3)),
        *(f"render.wind.{w}" for w in range(4)),
        *(f"render.wind_short.{w}" for w in range(4)),
        *(f"period.{p}" for p in PERIODS),
        *(f"scope.{s}" for s in ("server", "global")),
        *(f"by.{b}" for b in ("chips", "rating")),
        *(f"replay.{c}" for c in ("first", "prev", "next", "last")),
        *(f"render.rules_values_{f}" for f in families),
        *(f"settlement.extra.{r}" for r in EXTRA_REASONS),
        *(f"render.reason.{r}" for r in EXTRA_REASONS),
    ]


@pytest.mark.parametrize("key", _domain_keys())
def test_every_key_built_from_a_domain_exists(key: str) -> None:
    assert i18n.has(key)
    assert all(i18n.t(key, loc) for loc in i18n.LOCALES)


def test_a_key_no_catalog_has_raises_and_is_never_shown() -> None:
    for lookup in (i18n.t, bt):
        with pytest.raises(i18n.I18nError, match=r"no text for 'nope\.nothing'"):
            lookup("nope.nothing", "zh-CN")
