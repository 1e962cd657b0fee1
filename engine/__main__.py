"""``python -m engine {evaluate,simulate,replay}``: the contract commands."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    commands = ("evaluate", "simulate", "replay", "analyze")
    if not args or args[0] not in commands:
        print(f"usage: python -m engine {{{','.join(commands)}}} ...", file=sys.stderr)
        return 2
    command, rest = args[0], args[1:]
    if command == "evaluate":
        from engine.cli.evaluate import main as run
    elif command == "simulate":
        from engine.cli.simulate import main as run
    elif command == "analyze":
        from engine.cli.analyze import main as run
    else:
        from engine.cli.replay import main as run
    return run(rest)


if __name__ == "__main__":
    sys.exit(main())
