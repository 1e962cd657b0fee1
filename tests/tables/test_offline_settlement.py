"""The end of a hand in the terminal, as a player reads it: who won on what with which hand,
what it is worth in the game's own terms, every payment, and English in English."""

from __future__ import annotations

import re
import subprocess
import sys

from tests.tables.test_offline import ROOT, _env


def _autoplay(tmp_path, preset: str, seed: int, hands: int = 2, lang: str = "en") -> str:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--offline", "--autoplay", "--hands", str(hands),
         "--seed", str(seed), "--rules", preset, "--lang", lang, "--db",
         str(tmp_path / f"{preset}{seed}{lang}.db"), "--images", str(tmp_path / "img"),
         "--env-file", str(tmp_path / "none.env")],
        cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def _no_chinese_without_english(out: str) -> None:
    """English lines carry Chinese only as a term in brackets after its English words."""
    for line in out.splitlines():
        bare = re.sub(r"\([^()]*\)", "", line)
        assert not re.search(r"[\u4e00-\u9fff]", bare), line


def test_a_guobiao_win_shows_the_hand_and_what_each_pays(tmp_path):
    out = _autoplay(tmp_path, "guobiao", 4)
    assert ("CPU0 (normal computer) won on 5 Characters (on CPU1's discard): Mixed Triple "
            "Chow, All Types, Dragon Pung, Concealed Hand; 18 fan: the discarder pays 8 base "
            "+ 18 fan, the others 8 base each") in out
    assert "Winning hand: 567m567p567s11666z · melds: —" in out
    assert "CPU1 (normal computer) -26 · CPU2 (normal computer) -8" in out  # 8 + 18, and 8
    assert "Flower Tile ×2" in out and "Flower Tile, Flower Tile" not in out
    _no_chinese_without_english(out)


def test_amounts_read_as_words_and_108_tile_payments_name_their_reason(tmp_path):
    sichuan = _autoplay(tmp_path, "sichuan", 4)
    assert "; 1 point" in sichuan and "1 points" not in sichuan
    assert "→ CPU1 (normal computer): 1 (Kongs)" in sichuan and "1 Kongs" not in sichuan
    assert sichuan.count("Winning hand: ") >= 3  # every 血战 win shows its hand
    changsha = _autoplay(tmp_path, "changsha", 4)
    assert "Birds (扎鸟): 9 Dots (a bird's number counts seats from the dealer" in changsha
    _no_chinese_without_english(sichuan + changsha)
    zh = _autoplay(tmp_path, "changsha", 4, lang="zh-CN")
    assert "扎鸟：九筒" in zh


def test_shanghai_says_where_its_doubling_comes_from(tmp_path):
    out = _autoplay(tmp_path, "shanghai", 1, hands=3)
    assert "Doubling count (荒番) 1: payments ×2" in out and "Huangfan" not in out
    assert "(the dealer's dice at the start: 5-4; 1-1 or 4-4 add 2" in out
    _no_chinese_without_english(out)


def test_a_win_on_your_discard_in_a_typed_game(tmp_path):
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--offline", "--hands", "1", "--seed", "2",
         "--rules", "guangdong", "--lang", "en", "--db", str(tmp_path / "t.db"), "--images",
         str(tmp_path / "img"), "--env-file", str(tmp_path / "none.env")],
        cwd=tmp_path, env=_env(), input="1\n" * 400, capture_output=True, text=True,
        timeout=180,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "won on 7 Dots (on your discard): Chicken Hand; 1 point" in out
    assert "You's" not in out
    assert "Winning hand: " in out.split("Hand 1 settlement")[1]


def test_the_exchange_and_the_voids_read_in_english(tmp_path):
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--offline", "--rules", "sichuan", "--seed", "5",
         "--house-rules", "exchange_three=true", "--lang", "en", "--db", str(tmp_path / "s.db"),
         "--images", str(tmp_path / "img"), "--env-file", str(tmp_path / "none.env")],
        cwd=tmp_path, env=_env(), input="1\n1\n1\nq\n", capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    out = proc.stdout
    assert "Three tiles exchanged: each passed to the next player (下家)" in out
    assert "Received in the exchange (换三张): 458m" in out  # which three came to you
    assert "Void suits: You: bamboo (s), CPU1: dots (p)" in out
    _no_chinese_without_english("\n".join(ln for ln in out.splitlines()
                                          if "exchange" in ln or "Void" in ln))
