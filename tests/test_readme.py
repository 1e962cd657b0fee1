"""The README's first commands are what CI runs: keep them in step."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    commands = [line.strip() for line in readme[:12] if line.startswith("    ")]
    assert len(commands) >= 2, "README must start with the run and test commands"
    assert commands[1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
