"""``python -m engine COMMAND``: the engine's commands (evaluate, simulate, replay, analyze)."""

from __future__ import annotations

import sys

COMMANDS = {
    "evaluate": "JSON Lines of hands on stdin, one JSON line out per line: shanten and "
                "waits, or whether it wins and for how much",
    "simulate": "whole games between computer players; one JSON object of results",
    "replay": "replay an event log (simulate --log FILE), print the final state's hash",
    "analyze": "advice on one hand in the terminal: what to discard, what it waits on",
}


def usage() -> str:
    from engine.rules import PRESETS

    lines = ["usage: python -m engine COMMAND [ARGS]", "", "commands:"]
    lines += [f"  {name:<9} {what}" for name, what in COMMANDS.items()]
    lines += [
        "",
        f"presets: {', '.join(PRESETS)}",
        "",
        "examples:",
        "  python -m engine simulate --rules guangdong --hands 100 --seed 1 "
        "--players hard,normal,greedy,random",
        "  python -m engine analyze 123m456p789s1z2z3z4z1f --rules heyuan-zheng",
        "",
        "python -m engine COMMAND --help describes a command.",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    if not args:
        print(usage(), file=sys.stderr)
        return 2
    if args[0] not in COMMANDS:
        print(f"unknown command {args[0]!r}: use one of {', '.join(COMMANDS)} "
              "(python -m engine --help)", file=sys.stderr)
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
