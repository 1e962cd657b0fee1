"""No tofu: the shipped fonts hold every glyph the catalog and the pictures use."""

from __future__ import annotations

import unicodedata

import pytest

import i18n
import render
from engine.rules import TABLE_PRESETS as PRESETS  # the presets tables offer (and picture)
from render import draw, samples
from render.charset import TILE_FACE_TEXT, required_text
from render.fonts import FILES, Face, missing_glyphs, safe_text


def test_font_files_ship_with_their_licence():
    for path in FILES.values():
        assert path.exists(), f"{path} missing: run scripts/make_font_subset.py"
    licence = (FILES["regular"].parent / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE" in licence


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_every_catalog_string_has_its_glyphs(face):
    for text in i18n.all_texts():
        assert not missing_glyphs(text, face), f"{text!r} needs {missing_glyphs(text, face)}"


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_required_characters_are_covered(face):
    assert not missing_glyphs(required_text(), face)


def test_tile_faces_are_covered():
    assert not missing_glyphs(TILE_FACE_TEXT, "tile")


def test_common_names_draw_in_the_name_face():
    assert not missing_glyphs("张伟王芳李娜刘洋陈静杨磊小明阿强", "bold")


def test_safe_text_drops_what_the_font_lacks():
    assert safe_text("小雨🌧️", "bold") == "小雨"
    assert "?" in safe_text("Ωmega\u0f00", "bold") or safe_text("Ωmega\u0f00", "bold") == "Ωmega"


def test_every_rendered_string_has_its_glyphs(monkeypatch):
    drawn: list[tuple[str, Face]] = []
    original = draw.safe_text

    def recording(text: str, face: Face = "regular") -> str:
        out = original(text, face)
        drawn.append((out, face))
        return out

    monkeypatch.setattr(draw, "safe_text", recording)
    for locale in i18n.LOCALES:
        render.hand_image(samples.sample_hand(), locale)
        render.table_image(samples.sample_table(), locale)
        render.settlement_image(samples.sample_settlement(), locale)
        render.settlement_image(samples.sample_settlement_guangdong(), locale)
        render.leaderboard_image(samples.sample_leaderboard(), locale)
        for rules in PRESETS.values():
            render.rules_image(rules, locale)
    assert len(drawn) > 200
    for text, face in drawn:
        missing = {c for c in missing_glyphs(text, face) if unicodedata.category(c) != "So"}
        assert not missing, f"{text!r} in {face} lacks {missing}"
