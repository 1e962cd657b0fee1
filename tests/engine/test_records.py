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


def test_slot_init_keeps_the_records_of_a_turn() -> None:
    from engine.actions import Discard, Pass
    from engine.events import Discarded, Drawn, Responded, event_from_json

    d = Drawn(1, 5)
    assert (d.seat, d.tile, d.from_tail) == (1, 5, False)
    assert Drawn(seat=1, tile=5, from_tail=True) != d and Drawn(1, 5, False) == d
    assert hash(Discarded(2, 7)) == hash(Discarded(seat=2, tile=7))
    assert Responded(0, "pass") == Responded(0, "pass", ())
    assert event_from_json(Discarded(2, 7).to_json()) == Discarded(2, 7)
    assert Discard(3, 9).tile == 9 and Pass(2).seat == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.tile = 6  # type: ignore[misc]


def test_builder_makes_the_same_record() -> None:
    from engine.records import builder

    build = builder(_Point)
    p = build(1, 5, ("a",))
    assert p == _Point(1, 5, ("a",)) and type(p) is _Point
    assert hash(p) == hash(_Point(1, 5, ("a",)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2  # type: ignore[misc]
    legal = builder(LegalActions)(0, Phase.TURN, 5, (1, 5), (), False, False, False, (), False,
                                  "", (), 0, (), (), False)  # fmt: skip
    assert legal == LegalActions(0, Phase.TURN, 5, (1, 5))
