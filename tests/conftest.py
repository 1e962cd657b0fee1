"""Shared test helpers: tests read in tile notation."""

from __future__ import annotations

import pytest

from engine.tiles import parse, to_counts


def hand(notation: str) -> list[int]:
    """``hand("123m456p11z1f")`` → the tiles, in the order written."""
    return parse(notation)


def counts(notation: str, size: int = 42) -> list[int]:
    return to_counts(parse(notation), size)


@pytest.fixture
def tiles():
    return hand
