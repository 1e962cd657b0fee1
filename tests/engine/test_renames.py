"""One pattern id, one meaning across families: Guobiao's 和绝张 is ``last_of_kind`` (every
other game's ``last_tile`` is 海底捞月), and logs written under the old id still replay."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.events import MatchStarted, Won
from engine.guobiao.fans import FAN_IDS, FAN_ZH
from engine.log import loads_log, replay_log
from engine.renames import upgrade_events
from i18n.patterns import pattern_name

ROOT = Path(__file__).resolve().parents[2]
OLD = ROOT / "tests" / "engine" / "logs" / "guobiao-before-last-of-kind.jsonl"


def test_guobiao_names_last_of_kind_as_the_contract_does():
    assert "last_tile" not in FAN_IDS and FAN_ZH["last_of_kind"] == "和绝张"
    line = json.dumps({"rules": "guobiao", "concealed": "123m456p789s11z", "win_tile": "8s",
                       "melds": [{"type": "chow", "tiles": "234m"}],
                       "situation": ["last_of_kind"]})
    out = subprocess.run([sys.executable, "-m", "engine", "evaluate"], input=line + "\n",
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert json.loads(out.stdout)["patterns"] == ["mixed_straight", "last_of_kind", "closed_wait"]
    # the same id reads the same in every game that has it
    assert pattern_name("last_of_kind", "zh-Hans") == "和绝张"
    assert pattern_name("last_tile", "zh-Hans", "beijing") == "海底捞月"
    assert pattern_name("last_tile", "zh-Hans") == "海底捞月"


def test_a_log_written_with_the_old_id_replays_and_reads_with_the_new_one():
    text = OLD.read_text(encoding="utf-8")
    assert '"patterns":["last_tile"' in text  # as an earlier engine wrote it
    wins = [e for e in loads_log(text) if isinstance(e, Won)]
    assert any("last_of_kind" in w.patterns for w in wins)
    assert not any("last_tile" in w.patterns for w in wins)
    assert replay_log(text).is_over  # type: ignore[union-attr]
    proc = subprocess.run([sys.executable, "-m", "engine", "replay", str(OLD)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    fresh = OLD.read_text(encoding="utf-8").replace('"patterns":["last_tile"',
                                                    '"patterns":["last_of_kind"')
    assert proc.stdout.strip() == replay_log(fresh).state_hash()  # type: ignore[union-attr]


def test_another_games_last_tile_is_left_alone():
    start = MatchStarted(seed="1", rules="beijing", options=(), first_dealer=0, players=4,
                         hands_limit=1)
    won = Won(seat=0, tile=1, self_drawn=True, from_seat=None, value=2, fan=None,
              patterns=("last_tile",), situations=("last_tile",))
    assert upgrade_events([start, won])[1] == won
