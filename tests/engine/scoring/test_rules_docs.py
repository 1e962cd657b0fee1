"""The rules documentation names every option of each preset with its zh/en names (the catalog's,
``i18n.options``) and default."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.rules import PRESETS, SCORING_PRESETS, get_rules, option_fields
from i18n import t

DOCS = Path(__file__).resolve().parents[3] / "docs" / "rules"
PAGES = {
    "heyuan-zheng": "heyuan-baida.md",
    "heyuan-jihu": "heyuan-baida.md",
    "guangdong": "guangdong.md",
    "shanghai": "shanghai.md",
    "beijing": "beijing.md",
    "quzhou": "quzhou.md",
    "sichuan": "sichuan.md",
    "changsha": "changsha.md",
    "guobiao": "guobiao.md",
    "baoding": "baoding.md",
    "riichi": "riichi.md",
    "taiwan": "taiwan.md",
    "hefei": "variants.md",
    "hundred": "variants.md",
    "yangzhou": "variants.md",
    "fujian": "variants.md",
    "philippine": "variants.md",
    "nanjing": "variants.md",
    "jiangnan": "variants.md",
}
# the table presets and the scoring-only ones (riichi): every one has its page
ALL = {**PRESETS, **SCORING_PRESETS}


def _value(v: object) -> str:
    return f"`{json.dumps(v)}`"


def option_rows(preset: str) -> list[str]:
    """The option table of a preset, one Markdown row per option (what the docs must hold)."""
    rules = get_rules(preset, scoring=True)
    rows = []
    fields = option_fields()
    for name in rules.offered_options():  # the options this preset's lobby offers
        f = fields[name]
        meta = f.metadata
        choices = meta["choices"]
        values = ", ".join(_value(c) for c in choices) if choices else "any whole number 0–1000000"
        rows.append(
            f"| `{name}` | {t(f'option.{name}', 'zh-Hans')} | {t(f'option.{name}', 'en')} | "
            f"{_value(getattr(rules, name))} | {values} | "
            f"{meta['doc']} |"
        )
    return rows


def option_table(preset: str) -> str:
    head = "| option | 中文 | English | default | values | what it does |\n|---|---|---|---|---|---|\n"
    return head + "\n".join(option_rows(preset)) + "\n"


@pytest.mark.parametrize("preset", sorted(ALL))
def test_every_option_row_is_in_the_docs(preset):
    text = (DOCS / PAGES[preset]).read_text(encoding="utf-8")
    missing = [row for row in option_rows(preset) if row not in text]
    assert not missing, f"docs/rules/{PAGES[preset]} lacks these rows for {preset}:\n" + "\n".join(
        missing
    )


@pytest.mark.parametrize("preset", sorted(ALL))
def test_every_pattern_id_is_in_the_docs(preset):
    text = (DOCS / PAGES[preset]).read_text(encoding="utf-8")
    ids = [p for p, _ in ALL[preset].pattern_values] + [b for b, _ in ALL[preset].bonus_values]
    assert all(f"`{i}`" in text for i in ids)


if __name__ == "__main__":  # print the tables to paste into the docs
    for preset in sorted(ALL):
        print(f"## {preset}\n\n{option_table(preset)}")
