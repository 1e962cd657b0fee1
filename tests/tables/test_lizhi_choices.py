"""立直 (option lizhi) at the table: a button for each discard that leaves the hand ready,
named in three languages, and the seat's stick and the stakes in the table text."""

from __future__ import annotations

from engine.hand.types import LegalActions, Phase
from engine.tiles import parse, parse_one
from tables.game import choices_of
from tables.text import choice_label


def test_a_lizhi_button_per_ready_discard():
    legal = LegalActions(0, Phase.TURN, None, discards=tuple(parse("1m4z")),
                         riichi=(parse_one("4z"),))
    riichi = [c for c in choices_of(legal) if c.kind == "lizhi"]
    assert [(c.code, c.arg) for c in riichi] == [("r", "4z")]
    assert choice_label(riichi[0], "zh-Hans").startswith("立直")
    assert choice_label(riichi[0], "zh-Hant").startswith("立直")
    assert choice_label(riichi[0], "en").startswith("Riichi")
