"""quick_init: a frozen record built through its twin is the same record."""

import dataclasses

import pytest

from engine.hand.types import LegalActions, Phase
from engine.records import quick_init


@quick_init
@dataclasses.dataclass(frozen=True, slots=True)
class _Point:
    x: int
    y: int = 2
    tags: tuple[str, ...] = ()


def test_fields_defaults_and_keywords() -> None:
    p = _Point(1)
    assert (p.x, p.y, p.tags) == (1, 2, ())
    assert _Point(x=1, tags=("a",)) == _Point(1, 2, ("a",))
    assert type(p) is _Point
    assert repr(p) == "_Point(x=1, y=2, tags=())"


def test_equal_records_hash_alike_and_stay_frozen() -> None:
    assert hash(_Point(1, 3)) == hash(_Point(1, 3))
    p = _Point(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 5  # type: ignore[misc]
    assert dataclasses.replace(p, y=7) == _Point(1, 7)


def test_legal_actions_keep_their_defaults() -> None:
    la = LegalActions(0, Phase.TURN, 5, (1, 2), win=True)
    assert la.kongs == () and la.win and not la.pong and la.step == ""
    with pytest.raises(dataclasses.FrozenInstanceError):
        la.win = False  # type: ignore[misc]


def test_refuses_what_it_cannot_build() -> None:
    @dataclasses.dataclass(slots=True)
    class Plain:
        x: int

    with pytest.raises(TypeError):
        quick_init(Plain)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Made:
        x: list[int] = dataclasses.field(default_factory=list)

    with pytest.raises(TypeError):
        quick_init(Made)
