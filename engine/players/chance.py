"""The chance of completing a target before the wall runs out (:func:`win_chance`), a
deliberately simple model: a number of steps (shanten + 1) each taken with the probability
of drawing an accepting tile, the last one also from the other players' discards where
discard wins are allowed; and the unseen tiles it counts, as bit planes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import Any, NamedTuple

from engine.players.targets import Target

# --- chances and worth ----------------------------------------------------------------------


# a hand's acceptance narrows as it fills: typical accepting tiles with k steps to go
# (k = shanten + 1) of an ordinary hand; a hand's later steps are scaled from its own
# acceptance now along this curve
TYPICAL_ACCEPT = (0, 7, 20, 32, 42, 50, 55, 60, 64, 68)


@lru_cache(maxsize=1 << 17)
def win_chance(
    shanten: int,
    accept: int,
    unseen: int,
    draws: int,
    discard_wins: bool,
    hazard: float = 0.0,
    share: float = 1.0,
    spread: float = 0.35,
) -> float:
    """Rough chance of completing a hand ``shanten`` away with ``accept`` accepting tiles
    among ``unseen`` in ``draws`` more own draws, while the hand survives each round with
    probability ``1 - hazard`` (somebody else may win first). ``share``: how much of an
    ordinary hand's acceptance the target keeps (a flush accepts only its suit)."""
    if shanten < 0:
        return 1.0
    if draws <= 0 or accept <= 0 or unseen <= 0:
        return 0.0
    steps = shanten + 1
    # every step is taken with the target's typical acceptance for its distance; the next
    # step a little faster or slower as the hand's acceptance now is wide or narrow (a
    # narrow hand now is not a narrow hand for ever: bounded, so the nearer hand stays
    # ahead, as in play)
    top, qs, rs = _steps(steps, unseen, share, discard_wins)
    tilt = min(2.0, max(0.5, (accept / top) ** spread))
    q = min(0.9, top * tilt / unseen)
    if steps == 1:  # the last step is also the first
        q = _last_step(q, discard_wins)
    return _recurrence(steps)([*qs, q], [*rs, 1.0 - q], 1.0 - hazard, draws)


@lru_cache(maxsize=4096)
def _steps(
    steps: int, unseen: int, share: float, discard_wins: bool
) -> tuple[float, tuple[float, ...], tuple[float, ...]]:
    """The parts of :func:`win_chance`'s step chances that do not depend on the acceptance:
    the typical acceptance of the first step, and the chances (and their complements) of
    the steps after it, index 0 unused."""
    curve = TYPICAL_ACCEPT
    typical = [curve[min(k, len(curve) - 1)] * share for k in range(steps + 1)]
    qs = [min(0.9, typical[k] / unseen) for k in range(steps)]
    if steps > 1:
        qs[1] = _last_step(qs[1], discard_wins)
    return typical[steps], tuple(qs), tuple(1.0 - q for q in qs)


def _last_step(q: float, discard_wins: bool) -> float:
    # the last step also wins on the others' discards where that is allowed
    return 1.0 - (1.0 - q) ** (2.0 if discard_wins else 1.0)


@cache
def _recurrence(steps: int) -> Callable[[list[float], list[float], float, int], float]:
    """:func:`win_chance`'s recurrence for ``steps`` steps: the chance of having taken them
    all within ``draws`` draws, where a hand k steps away takes one with ``qs[k]`` or stays
    with ``rs[k] = 1 - qs[k]`` (and survives with ``alive``).

    Written out with one local variable per step (d_k: probability that k steps are still
    to take), which Python runs about twice as fast as a list indexed in a loop; the
    operations and their order are those of the plain loop, so are the results, to the
    last bit (tests/engine/players/test_evaluation_fast.py). A draw's new d_k reads the
    old d_k and d_k+1 only, so the steps are assigned one by one from k = 1 up (no tuple
    built and unpacked per draw)."""
    ks = range(1, steps + 1)
    state = ", ".join(f"d{k}" for k in ks)
    step = "".join(
        f"        d{k} = d{k} * r{k} * alive + d{k + 1} * q{k + 1}\n"
        if k < steps
        else f"        d{k} = d{k} * r{k} * alive\n"
        for k in ks
    )
    source = (
        "def run(qs, rs, alive, draws):\n"
        f"    {', '.join(f'q{k}' for k in ks)}, = qs[1:]\n"
        f"    {', '.join(f'r{k}' for k in ks)}, = rs[1:]\n"
        f"    {state}, = {'0.0, ' * (steps - 1)}1.0,\n"
        "    done = 0.0\n"
        "    for _ in range(draws):\n"
        "        done += d1 * q1\n"
        f"{step}"
        "    return done\n"
    )
    namespace: dict[str, Any] = {}
    exec(source, namespace)  # generated from the step count alone, nothing from outside
    run: Callable[[list[float], list[float], float, int], float] = namespace["run"]
    return run


class Prospect(NamedTuple):
    """A target's state for one hand: shanten, accepting unseen tiles, estimated worth.
    (A named tuple: one is made per discard weighed, and a tuple is made fastest.)"""

    target: Target
    shanten: int
    accept: int
    worth: float


# bytes.translate tables: a seen count -> ASCII "1" where bit n of its unseen copies is set
_UNSEEN_BIT = [bytes(48 + ((4 - v if v < 4 else 0) >> n & 1) for v in range(256)) for n in range(3)]


def _unseen_planes(seen: Sequence[int]) -> tuple[int, int, int]:
    """The unseen copies of each kind (4 - seen, at least 0) as three bit planes, so that a
    mask's unseen tiles are three popcounts (:meth:`HandView._accept_mask`)."""
    b = bytes(seen[:34])[::-1]
    return (
        int(b.translate(_UNSEEN_BIT[0]), 2),
        int(b.translate(_UNSEEN_BIT[1]), 2),
        int(b.translate(_UNSEEN_BIT[2]), 2),
    )
