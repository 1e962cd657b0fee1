"""Rule presets as data.

A preset is a frozen :class:`Rules`. Every option a lobby (or the ``evaluate``
command's ``options`` object) may change is a field with metadata: its zh and
en names, the values it accepts, and one line of what it does. The project's
rules documentation (``docs/rules/``) is the human form of the same data.

``family`` names the rule family (:mod:`engine.family`: Heyuan multiples, Guangdong fan,
…) that scores and settles the preset; ``pattern_values`` says what each pattern is worth
there; ``joker`` how a hand's joker kinds are chosen (:mod:`engine.jokers`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from engine.rule_fields import (  # noqa: F401  (re-exported: the types of the rules)
    DealerRotation,
    IndicatorSource,
    JokerRule,
    MultipleWinners,
    ReserveMode,
)
from engine.rule_options import RulesOptions
from engine.tiles import DRAGONS, FLOWERS

# the joker rules that read a turned indicator tile
_INDICATOR_JOKERS: Final = ("next", "next_east", "next_no_red", "turned", "window")


class RulesError(ValueError):
    """An unknown preset, an unknown option or a value an option does not accept."""


@dataclass(frozen=True, slots=True)
class Rules(RulesOptions):
    """A preset: the fields every game reads (:class:`engine.rule_fields.RulesCore`), the
    options of each game (:class:`engine.rule_options.RulesOptions`) and the views derived
    from them."""

    # -- derived views ----------------------------------------------------------------------
    @property
    def patterns(self) -> Mapping[str, int]:
        return dict(self.pattern_values)

    @property
    def bonuses(self) -> Mapping[str, int]:
        return dict(self.bonus_values)

    @property
    def discard_wins(self) -> bool:
        return not self.self_draw_only

    @property
    def flowers_in_set(self) -> int:
        """How many flower tiles are in the wall (wildcards or bonus flowers)."""
        return 8 if self.bonus_flowers else self.wildcards

    @property
    def bonus_kinds(self) -> frozenset[int]:
        """Kinds set aside when drawn and replaced from the tail (补花): the flowers where
        they are bonus tiles, and the dragons where they count as flowers."""
        kinds = frozenset(FLOWERS) if self.bonus_flowers else frozenset()
        return kinds | frozenset(DRAGONS) if self.bonus_dragons else kinds

    @property
    def joker_rule(self) -> JokerRule:
        """How this hand's jokers are chosen, the ``caishen`` option applied (``white``:
        the White dragons, with no indicator)."""
        if self.laizi:
            return "next_no_red"  # Yangzhou's 红中赖子
        return "white" if self.caishen == "white" and self.joker != "flowers" else self.joker

    @property
    def indicator_source(self) -> IndicatorSource:
        """Where the indicator is turned, or "none" where the jokers need no indicator."""
        return self.indicator if self.joker_rule in _INDICATOR_JOKERS else "none"

    def offered_options(self) -> tuple[str, ...]:
        """The options this preset's lobby offers (``house_options``, else every option that
        is not scoped to a game), then the options on several presets that it offers
        (:mod:`engine.shared_options`)."""
        from engine.shared_options import shared_for

        if self.house_options:
            return (*self.house_options, *shared_for(self.id))
        own = (n for n, f in option_fields().items() if not f.metadata.get("scoped"))
        return (*own, *shared_for(self.id))

    @property
    def tile_count(self) -> int:
        suits = 108 if self.characters else 72
        return suits + (28 if self.honours else 0) + self.flowers_in_set

    @property
    def absent_kinds(self) -> frozenset[int]:
        """Tile kinds this set has none of: the honours without ``honours``, the 万 without
        ``characters`` (no hand holds them, no wait is on them)."""
        key = (self.honours, self.characters)
        kinds = _ABSENT.get(key)
        if kinds is None:
            kinds = _ABSENT[key] = frozenset(
                [*(() if self.honours else range(27, 34)), *(() if self.characters else range(9))]
            )
        return kinds

    def with_options(
        self, overrides: Mapping[str, Any] | None, *, scoring: bool = False
    ) -> Rules:
        """A copy with some options changed; unknown names and values raise RulesError.

        ``players`` picks one of the preset's :attr:`seat_forms` (its hand size and table
        rules with it); ``hand_size`` given as well must be that form's, except when
        ``scoring`` (evaluate reads a hand of any size as that many sets and a pair)."""
        if not overrides:
            return self
        if not isinstance(overrides, Mapping):
            raise RulesError("options must be an object of option names to values")
        known = option_fields()
        offered = self.offered_options()
        changes: dict[str, Any] = {}
        aliases = {(n, a): v for n, a, v in self.option_aliases}
        for name, value in overrides.items():
            if isinstance(value, str) and (name, value) in aliases:
                value = aliases[name, value]
            f = known.get(name)
            if name == "players" and name not in offered and value != self.players:
                counts = ", ".join(str(n) for n, _, _ in self.seat_forms)
                raise RulesError(
                    f"{self.id} is played by {counts} players only (its rules page has no "
                    f"other table); sichuan plays 2 to 7"
                )
            if name == "players" and name not in offered:
                continue  # its own count: nothing changes
            if f is None or name not in offered:
                what = "unknown option" if f is None else f"{self.id} has no option"
                raise RulesError(f"{what} {name!r}; options are: {', '.join(sorted(offered))}")
            choices = f.metadata["choices"]
            expected = type(f.default)
            if type(value) is not expected or (choices is not None and value not in choices):
                allowed = ", ".join(map(repr, choices)) if choices else expected.__name__
                raise RulesError(f"option {name!r} does not accept {value!r} (allowed: {allowed})")
            if name in ("unit", "kong_unit") and isinstance(value, int) and not 0 <= value <= 1_000_000:
                raise RulesError(f"option {name!r} must be between 0 and 1000000")
            changes[name] = value
        if changes.get("bonus_flowers") and (changes.get("wildcards", self.wildcards)):
            raise RulesError("bonus flowers and flower wildcards cannot be combined")
        if "players" in changes or "hand_size" in changes:
            changes = self._seat_form(changes, scoring)
        return dataclasses.replace(self, **changes)

    def _seat_form(self, changes: dict[str, Any], scoring: bool) -> dict[str, Any]:
        """The changes with the chosen player count's form applied (hand size, table rules)."""
        players = changes.get("players", self.players)
        forms = {n: (size, fields) for n, size, fields in self.seat_forms}
        if players not in forms:
            counts = ", ".join(str(n) for n in forms)
            raise RulesError(
                f"{self.id} is played by {counts} players, not {players} (see its rules page)"
            )
        size, fields = forms[players]
        out = {**changes, **dict(fields)}  # the form's table rules are not negotiable
        given = changes.get("hand_size", size)
        if given != size and not scoring:
            raise RulesError(
                f"{self.id} with {players} players deals {size} tiles each, not {given}; "
                "other hand sizes are for evaluate only"
            )
        out["hand_size"] = given
        return out

    def options(self) -> dict[str, Any]:
        """This preset's option values by name (what a lobby shows): the options it offers.

        The table-size options (:data:`SIZE_OPTIONS`) are left out at their defaults, so a
        four-seat game's ``MatchStarted`` / ``HandStarted`` read exactly as before they
        existed (a log keeps its hash); so are a preset's :attr:`quiet_options` at the value
        its games always had."""
        from engine.shared_options import QUIET

        quiet = {**SIZE_DEFAULTS, **QUIET, **dict(self.quiet_options)}
        return {
            name: getattr(self, name)
            for name in self.offered_options()
            if not (name in quiet and getattr(self, name) == quiet[name])
        }

    @property
    def sets(self) -> int:
        """Sets in a winning hand besides the pair (13 tiles dealt: 4; 10: 3; 16: 5)."""
        return (self.hand_size + self.imagined - 1) // 3

    @property
    def short_sets(self) -> int:
        """Sets a hand of this size lacks against the 13-tile hand (16 tiles: -1). Shape
        analysis counts them as melds already made, so its 13/14-tile tables serve hands
        of 4, 7 and 10 tiles as they are (and seven pairs is left out of them, as with
        melds)."""
        return 4 - self.sets

    @property
    def plain_size(self) -> bool:
        """The hand reads as 13 tiles (real and imagined): seven pairs and thirteen orphans
        may be winning forms."""
        return self.hand_size + self.imagined == 13

    @property
    def tiles_to_win(self) -> int:
        """Tiles of a complete hand, a kong counting three: ``hand_size + 1``."""
        return self.hand_size + 1


_ABSENT: dict[tuple[bool, bool], frozenset[int]] = {}  # (honours, characters) -> absent kinds

# options a table size sets; written into logs only when not the default (Rules.options)
SIZE_OPTIONS: Final = ("players", "hand_size", "full_flush_only")
SIZE_DEFAULTS: Final[dict[str, Any]] = {"players": 4, "hand_size": 13, "full_flush_only": False}


def option_fields() -> dict[str, dataclasses.Field[Any]]:
    return {f.name: f for f in dataclasses.fields(Rules) if f.metadata.get("option")}


# -- the presets -------------------------------------------------------------------------------
# Each game's presets live in its own module of engine/presets/ (a new game adds one); they are
# collected here, in the order of engine.presets.MODULES.

def _collect(scoring: bool = False) -> dict[str, Rules]:
    from engine.presets import all_presets, scoring_presets

    return {r.id: r for r in (scoring_presets() if scoring else all_presets())}


def get_rules(
    preset: str, options: Mapping[str, Any] | None = None, *, scoring: bool = False
) -> Rules:
    """A preset by id with options applied; RulesError names the presets when unknown.

    ``scoring``: the caller only scores hands (``evaluate``), so the scoring-only presets
    (:data:`SCORING_PRESETS`, games whose table is still to come) are found too; elsewhere
    they are refused with a message that says so."""
    rules = PRESETS.get(preset) if isinstance(preset, str) else None
    if rules is None and isinstance(preset, str) and preset in SCORING_PRESETS:
        if not scoring:
            raise RulesError(
                f"{preset!r} is scored by `python -m engine evaluate` only: its table game is "
                f"not played yet; presets are: {', '.join(PRESETS)}"
            )
        rules = SCORING_PRESETS[preset]
    if rules is None:
        known = [*PRESETS, *SCORING_PRESETS] if scoring else list(PRESETS)
        raise RulesError(f"unknown rules {preset!r}; presets are: {', '.join(known)}")
    return rules.with_options(options, scoring=scoring)


PRESETS: Final[dict[str, Rules]] = _collect()
# presets the engine plays (simulate, replay, tests) whose tables are not offered yet (none
# now: riichi's tables came with its pictures, texts and settlement at the game's end)
ENGINE_ONLY_PRESETS: Final[frozenset[str]] = frozenset()
# the presets tables offer (Discord, offline): every played preset but the engine-only ones
TABLE_PRESETS: Final[dict[str, Rules]] = {
    k: v for k, v in PRESETS.items() if k not in ENGINE_ONLY_PRESETS
}
# presets whose hands ``evaluate`` scores but whose game no table plays yet (riichi)
SCORING_PRESETS: Final[dict[str, Rules]] = _collect(scoring=True)
