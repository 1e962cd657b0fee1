"""Frozen records built fast: :func:`quick_init` for the records made at every decision.

A frozen dataclass sets each field in ``__init__`` through ``object.__setattr__``, about ten
times the cost of a plain attribute store; :class:`engine.players.base.Observation` and
:class:`engine.hand.types.LegalActions` (fourteen fields each) are made for every decision
of a simulated game. :func:`quick_init` gives such a class an ``__init__`` that fills the
fields through a twin class of the same slots (plain stores) and then sets the instance's
class to the frozen one: the same fields, defaults, equality, hash and refusal of changes.
:func:`slot_init` does the same for the small records of every turn (a draw, a discard)
whose base class holds fields too: each field is stored through its slot's descriptor.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Replace the ``__init__`` of a frozen, slotted dataclass deriving from ``object``
    directly (so that a twin of the same slots has the same layout) and without
    ``__post_init__`` or default factories."""
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    if not params.frozen or cls.__bases__ != (object,) or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__}: quick_init needs a frozen slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick_init does not run __post_init__")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    twin = type(f"_{cls.__name__}Twin", (object,), {"__slots__": cls.__slots__})  # type: ignore[attr-defined]
    names: dict[str, Any] = {"_twin": twin, "_cls": cls, "_set": object.__setattr__}
    args = []
    for f in fields:
        if f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init takes no default factory")
        if f.default is dataclasses.MISSING:
            args.append(f.name)
        else:
            names[f"_default_{f.name}"] = f.default
            args.append(f"{f.name}=_default_{f.name}")
    lines = [f"def __init__(self, {', '.join(args)}):", "    _set(self, '__class__', _twin)"]
    lines += [f"    self.{f.name} = {f.name}" for f in fields]
    lines.append("    self.__class__ = _cls")
    exec("\n".join(lines), names)  # the source is built from the field names alone
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    _TWINS[cls] = (twin, fields)
    return cls


_TWINS: dict[type, tuple[type, tuple[dataclasses.Field[Any], ...]]] = {}


def builder(cls: type[T]) -> Callable[..., T]:
    """For a :func:`quick_init` class, a function of every field in order (no defaults)
    that makes an instance without the call of the class: a twin instance is made, filled
    and given the frozen class (the same record as ``cls(...)`` makes; for the records
    made at every decision, where the class call and its first change of class cost about
    as much as the fields)."""
    twin, fields = _TWINS[cls]
    names: dict[str, Any] = {"_twin": twin, "_cls": cls, "_new": object.__new__}
    args = ", ".join(f.name for f in fields)
    lines = [f"def build({args}):", "    self = _new(_twin)"]
    lines += [f"    self.{f.name} = {f.name}" for f in fields]
    lines += ["    self.__class__ = _cls", "    return self"]
    exec("\n".join(lines), names)  # the source is built from the field names alone
    build: Callable[..., T] = names["build"]
    build.__qualname__ = f"{cls.__qualname__}.build"
    return build


def slot_init(cls: type[T]) -> type[T]:
    """Replace the ``__init__`` of a frozen, slotted dataclass (its bases slotted too, no
    ``__post_init__``, no default factories) by one that stores each field through the
    descriptor of its slot: what ``object.__setattr__`` does, without its look-up."""
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    if not params.frozen or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: slot_init needs a frozen dataclass without __post_init__")
    names: dict[str, Any] = {}
    args = []
    lines = []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        owner = next((k for k in cls.__mro__ if f.name in k.__dict__.get("__slots__", ())), None)
        if owner is None or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: slot_init needs a slot and no factory")
        names[f"_set_{f.name}"] = owner.__dict__[f.name].__set__
        if f.default is dataclasses.MISSING:
            args.append(f.name)
        else:
            names[f"_default_{f.name}"] = f.default
            args.append(f"{f.name}=_default_{f.name}")
        lines.append(f"    _set_{f.name}(self, {f.name})")
    exec(f"def __init__(self, {', '.join(args)}):\n" + "\n".join(lines or ["    pass"]), names)
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls

