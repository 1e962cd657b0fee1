"""Rule families: what differs between regional games, behind one small protocol.

A preset (:class:`engine.rules.Rules`) is data; its ``family`` names the module that gives
that data its meaning. A family answers the questions only a game of its region can:

* :meth:`RuleFamily.score` — is this complete hand a legal win, and what does it pay;
  :meth:`RuleFamily.wins` — only whether it is one (what a list of waits needs);
* :meth:`RuleFamily.pattern_possible` — a cheap necessary test before the full scoring
  search (the hand state machine asks it after every discard);
* :meth:`RuleFamily.liable_seat` — who pays a whole win alone (包), if anyone;
* :meth:`RuleFamily.settle` — every payment of a finished hand (one
  :class:`engine.settlement.HandOutcome` in, a :class:`engine.settlement.Settlement` out);
* what computer players need to value a hand: :meth:`RuleFamily.target_value` (what one
  payer pays for a pattern), :meth:`RuleFamily.with_fan` (what additions on top of it are
  worth) and :meth:`RuleFamily.bonus_pung_kinds` (which pungs add to a hand);
* ``value_style`` — how pattern values read to people: ``"multiple"`` (×n of the unit) or
  ``"fan"`` (points = 2^fan);
* what a game adds around the hand, each with a default that adds nothing: the wall's
  reserve (:meth:`BaseFamily.wall_reserve`), the next dealer
  (:meth:`BaseFamily.next_dealer`), state the match carries from hand to hand
  (:meth:`BaseFamily.carry_over`, Shanghai's 荒番), facts of a finished hand its settlement
  and pictures read (:meth:`BaseFamily.hand_facts`, handed to ``settle`` as
  ``HandOutcome.facts``, and :meth:`BaseFamily.table_marks`), winning forms that are not sets and a pair
  (:meth:`BaseFamily.special_complete`, :meth:`BaseFamily.special_waits`, Quzhou's 七风 …)
  and their targets for computer players (:meth:`BaseFamily.special_targets`,
  :meth:`BaseFamily.special_need`);
* a game whose ``evaluate`` lines carry fields of their own (riichi's dora indicators and red
  fives) answers them whole: :meth:`BaseFamily.evaluate_line`, refusing a bad line with
  :class:`EvaluateInputError`.

Families register themselves by id (:func:`register`); :func:`family_of` finds a preset's,
and fails with :class:`UnknownFamily` — never falls back to another game's scoring. A new
game is one module with a :class:`BaseFamily` subclass plus a preset entry in
:mod:`engine.rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.family.base import BaseFamily
from engine.family.protocol import (
    EvaluateInputError,
    Mark,
    PaymentRow,
    RuleFamily,
    UnknownFamily,
    ValueStyle,
    WinFacts,
)

if TYPE_CHECKING:
    from engine.rules import Rules

__all__ = [
    "BaseFamily",
    "EvaluateInputError",
    "Mark",
    "PaymentRow",
    "RuleFamily",
    "UnknownFamily",
    "ValueStyle",
    "WinFacts",
    "families",
    "family_of",
    "register",
    "unregister",
]


_FAMILIES: dict[str, RuleFamily] = {}
# the built-in families not imported yet, id -> (module, class): a process imports a family's
# module the first time one of its presets is asked for (a simulation of one game need not
# compile and run the nine others' modules at its start)
_BUILTINS: dict[str, tuple[str, str]] = {
    "heyuan": ("engine.family.heyuan", "HeyuanFamily"),
    "guangdong": ("engine.family.guangdong", "GuangdongFamily"),
    "shanghai": ("engine.family.shanghai", "ShanghaiFamily"),
    "beijing": ("engine.family.beijing", "BeijingFamily"),
    "quzhou": ("engine.family.quzhou", "QuzhouFamily"),
    "guobiao": ("engine.family.guobiao", "GuobiaoFamily"),
    "baoding": ("engine.family.baoding", "BaodingFamily"),
    "sichuan": ("engine.family.sichuan", "SichuanFamily"),
    "changsha": ("engine.family.changsha", "ChangshaFamily"),
    "riichi": ("engine.family.riichi", "RiichiFamily"),
    "taiwan": ("engine.family.taiwan", "TaiwanFamily"),
    "hefei": ("engine.family.hefei", "HefeiFamily"),
    "hundred": ("engine.family.hundred", "HundredFamily"),
    "yangzhou": ("engine.family.yangzhou", "YangzhouFamily"),
    "fujian": ("engine.family.fujian", "FujianFamily"),
    "philippine": ("engine.family.fujian", "PhilippineFamily"),
    "nanjing": ("engine.family.nanjing", "NanjingFamily"),
    "jiangnan": ("engine.family.jiangnan", "JiangnanFamily"),
}


def register(family: RuleFamily) -> RuleFamily:
    """Make ``family`` the one presets reach by its id (a later registration replaces it)."""
    if not family.id:
        raise ValueError("a rule family needs an id")
    _BUILTINS.pop(family.id, None)
    _FAMILIES[family.id] = family
    return family


def unregister(family_id: str) -> None:
    """Remove a family (plugins and tests that register one for a while)."""
    _BUILTINS.pop(family_id, None)
    _FAMILIES.pop(family_id, None)


def _load(family_id: str) -> RuleFamily | None:
    """The built-in family ``family_id``, imported and registered now (None: no such one)."""
    where = _BUILTINS.get(family_id)
    if where is None:
        return None
    import importlib

    module, name = where
    return register(getattr(importlib.import_module(module), name)())


def families() -> dict[str, RuleFamily]:
    """Every registered family by id."""
    for family_id in list(_BUILTINS):
        _load(family_id)
    return dict(_FAMILIES)


def family_of(rules: Rules | str) -> RuleFamily:
    """The family of a preset (or a family id); UnknownFamily names the known ones."""
    key = rules if isinstance(rules, str) else rules.family
    fam = _FAMILIES.get(key)
    if fam is None:
        fam = _load(key)
    if fam is None:
        known = ", ".join(sorted({*_FAMILIES, *_BUILTINS})) or "none"
        raise UnknownFamily(f"no rule family {key!r} is registered (families: {known})")
    return fam
