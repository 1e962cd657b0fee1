"""``python -m engine simulate`` and ``replay`` end to end, through a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def simulate(tmp_path: Path, name: str, *extra: str) -> tuple[dict, Path]:
    log = tmp_path / f"{name}.jsonl"
    p = run("simulate", "--rules", "heyuan-jihu", "--hands", "4", "--seed", "7",
            "--players", "random,random,random,random", "--log", str(log), *extra)  # fmt: skip
    assert p.returncode == 0, p.stderr
    lines = p.stdout.strip().splitlines()
    assert len(lines) == 1
    return json.loads(lines[0]), log


def test_simulate_prints_one_object_and_is_deterministic(tmp_path):
    a, log_a = simulate(tmp_path, "a")
    b, log_b = simulate(tmp_path, "b")
    assert set(a) == {
        "hands",
        "wins",
        "draws",
        "self_draws",
        "chips",
        "seconds",
        "hands_per_second",
    }
    assert a["hands"] == 4 and a["wins"] + a["draws"] == 4 and sum(a["chips"]) == 0
    for key in ("hands", "wins", "draws", "self_draws", "chips"):
        assert a[key] == b[key]
    assert log_a.read_text() == log_b.read_text()

    p = run("replay", str(log_a))
    assert p.returncode == 0, p.stderr
    digest = p.stdout.strip()
    assert len(digest) == 64 and digest == run("replay", str(log_b)).stdout.strip()


def test_options_and_bad_input(tmp_path):
    out, _ = simulate(tmp_path, "opt", "--options", '{"self_draw_only": true}')
    assert out["wins"] == out["self_draws"]
    bad = run("simulate", "--rules", "nope", "--hands", "1")
    assert bad.returncode != 0 and "nope" in bad.stderr
    bad = run(
        "simulate", "--rules", "guangdong", "--hands", "1", "--players", "random,x,random,random"
    )
    assert bad.returncode != 0 and "x" in bad.stderr


def test_replay_of_a_tampered_log_fails_naming_the_line(tmp_path):
    _, log = simulate(tmp_path, "t")
    lines = log.read_text().splitlines()
    n = next(i for i, line in enumerate(lines) if '"type":"discarded"' in line)
    obj = json.loads(lines[n])
    obj["seat"] = (obj["seat"] + 1) % 4
    lines[n] = json.dumps(obj)
    log.write_text("\n".join(lines) + "\n")
    p = run("replay", str(log))
    assert p.returncode != 0 and f"line {n + 1}" in p.stderr


def test_the_108_tile_games_simulate_and_replay(tmp_path):
    for preset, options in (("sichuan", '{"exchange_three": true}'), ("changsha", '{"birds": 2}')):
        log = tmp_path / f"{preset}.jsonl"
        p = run("simulate", "--rules", preset, "--hands", "3", "--seed", "12", "--options",
                options, "--log", str(log))  # fmt: skip
        assert p.returncode == 0, p.stderr
        out = json.loads(p.stdout)
        assert out["hands"] == 3 and sum(out["chips"]) == 0
        text = log.read_text()
        r = run("replay", str(log))
        assert r.returncode == 0 and len(r.stdout.strip()) == 64, r.stderr
        if preset != "sichuan":
            assert '"turned":' in text  # the birds
            continue
        # an edited choice is refused at its line
        lines = text.splitlines()
        i = next(n for n, line in enumerate(lines) if '"type":"chose"' in line)
        bad = json.loads(lines[i])
        bad["value"] = "z"
        lines[i] = json.dumps(bad)
        tampered = tmp_path / f"{preset}-bad.jsonl"
        tampered.write_text("\n".join(lines) + "\n")
        r = run("replay", str(tampered))
        assert r.returncode == 1 and f"line {i + 1}" in (r.stdout + r.stderr)
