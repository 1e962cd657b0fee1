"""Run every benchmark module and print one table (``--json`` for one JSON object)."""

from __future__ import annotations

import argparse
import ast
import importlib
import importlib.util
import json
import pkgutil
import platform
import sys
import traceback
from importlib import metadata

import bench
from bench import Row
from engine.cli.helptext import plain_help

PEERS = ("mahjong", "xiangting", "pymahjonggb", "discord.py", "Pillow", "aiosqlite")


def _versions() -> dict[str, str]:
    out = {"python": platform.python_version(), "machine": platform.machine()}
    for name in PEERS:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "not installed"
    return out


def modules() -> dict[str, str]:
    """Each benchmark module's short name and the first line of its docstring, read without
    importing it (some import the Discord stack)."""
    out = {}
    for mod in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
        if not mod.name.startswith("bench_"):
            continue
        spec = importlib.util.find_spec(f"bench.{mod.name}")
        doc = ""
        if spec is not None and spec.origin:
            with open(spec.origin, encoding="utf-8") as f:
                doc = ast.get_docstring(ast.parse(f.read())) or ""
        para = " ".join(doc.strip().split("\n\n")[0].split())  # the first paragraph, one line
        sentence = para.split(". ")[0].rstrip(".").replace("``", "").replace("`", "")
        out[mod.name.removeprefix("bench_")] = sentence
    return out


def main(argv: list[str] | None = None) -> int:
    found = modules()
    epilog = "\n".join(["modules (--only):", *(f"  {k:<10} {v}" for k, v in found.items()),
                        "", "python -m bench.discord_load runs 200 tables through the bot and a "
                        "local Discord double (separately: it takes minutes); "
                        "python -m bench.discord_shards runs the bot as several sharded "
                        "processes on one PostgreSQL ledger, killing one mid-load."])
    parser = argparse.ArgumentParser(prog="python -m bench", description=plain_help(__doc__),
                                     epilog=plain_help(epilog),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="smaller samples (a smoke run)")
    parser.add_argument("--only", default="", metavar="MODULE,MODULE",
                        help="run only these modules (listed below)")
    args = parser.parse_args(argv)
    only = {s.strip() for s in args.only.split(",") if s.strip()}
    unknown = sorted(only - set(found))
    if unknown:
        print(f"python -m bench: no module {', '.join(unknown)}; the modules are "
              f"{', '.join(found)}", file=sys.stderr)
        return 2
    rows: list[Row] = []
    errors: dict[str, str] = {}
    for mod in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
        if not mod.name.startswith("bench_"):
            continue
        short = mod.name.removeprefix("bench_")
        if only and short not in only:
            continue
        try:
            module = importlib.import_module(f"bench.{mod.name}")
            rows.extend(module.run(args.quick))
        except Exception as exc:  # a broken benchmark must not hide the others
            errors[short] = f"{type(exc).__name__}: {exc}"
            traceback.print_exc(file=sys.stderr)
    versions = _versions()
    if args.json:
        print(json.dumps({"versions": versions, "rows": [r.to_json() for r in rows],
                          "errors": errors}, ensure_ascii=False))
    else:
        print("versions: " + ", ".join(f"{k} {v}" for k, v in versions.items()))
        header = f"{'group':<10} {'figure':<48} {'ours':>14} {'peer':>28} {'ratio':>8}"
        print(header)
        print("-" * len(header))
        for r in rows:
            peer = f"{r.peer_value:,.4g} {r.unit} ({r.peer})" if r.peer_value is not None else ""
            ratio = f"{r.ratio:.2f}x" if r.ratio is not None else ""
            print(f"{r.group:<10} {r.name:<48} {r.value:>10,.4g} {r.unit:<3} {peer:>28} {ratio:>8}"
                  + (f"  {r.note}" if r.note else ""))
        for name, err in errors.items():
            print(f"ERROR in bench_{name}: {err}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
