"""Render tests: views built from tile notation."""

from __future__ import annotations

from engine.tiles import FLOWERS

BAIDA = frozenset(FLOWERS)
