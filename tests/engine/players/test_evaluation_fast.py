"""The evaluation's fast paths give exactly the numbers of the plain searches they replace
(so the players' decisions do not change; see also test_pinned_games.py)."""

from __future__ import annotations

import random

import pytest

from engine.players import evaluation as ev
from engine.players import shape_search, shape_tables
from engine.rules import get_rules


def _hand(rng: random.Random, size: int) -> list[int]:
    pool = rng.choice(
        [
            list(range(34)),
            list(range(9)) + list(range(27, 34)),
            list(range(9, 18)),
            list(range(27, 34)),
            [0, 8, 9, 17, 18, 26, *range(27, 34)],
        ]
    )
    counts = [0] * 34
    while sum(counts) < size:
        k = rng.choice(pool)
        if counts[k] < 4:
            counts[k] += 1
    return counts


def _targets() -> list[ev.Target]:
    out: dict[str, ev.Target] = {}
    for preset in ("heyuan-zheng", "heyuan-jihu", "guangdong"):
        for t in ev.targets_for(get_rules(preset)):
            out.setdefault(t.name, t)
    return [t for t in out.values() if not t.any_form]


@pytest.mark.parametrize("seed", [1, 2])
def test_shapes_match_the_search(seed):
    rng = random.Random(seed)
    targets = _targets()
    for _ in range(150):
        melds = rng.choice([0, 0, 1, 2, 3])
        counts = _hand(rng, 14 - 3 * melds - rng.randrange(3))
        sets = 4 - melds
        shape = shape_tables._Shape.of(counts, sets)
        assert shape is not None
        held = [k for k in range(34) if counts[k]]
        k = rng.choice(held)
        after = shape.without(k)
        less = list(counts)
        less[k] -= 1
        for t in targets:
            key = tuple(counts[j] for j in t.kinds())
            n0, kinds = shape_search._target_shape(t, sets, key)
            assert shape.target(t, shape_tables._spec(t), counts) == (
                n0,
                sum(1 << j for j in kinds),
            ), t.name
            n1, kinds1 = shape_search._target_shape(t, sets, tuple(less[j] for j in t.kinds()))
            assert after.target(t, shape_tables._spec(t), less) == (n1, sum(1 << j for j in kinds1))


def _win_chance_reference(
    shanten, accept, unseen, draws, discard_wins, hazard=0.0, share=1.0, spread=0.35
):
    """The model as first written (a fresh list per draw): the fast one must match it bit
    for bit."""
    if shanten < 0:
        return 1.0
    if draws <= 0 or accept <= 0 or unseen <= 0:
        return 0.0
    steps = shanten + 1
    curve = ev.TYPICAL_ACCEPT
    typical = [curve[min(k, len(curve) - 1)] * share for k in range(steps + 1)]
    tilt = min(2.0, max(0.5, (accept / typical[steps]) ** spread))
    qs = [min(0.9, typical[k] / unseen) for k in range(steps + 1)]
    qs[steps] = min(0.9, typical[steps] * tilt / unseen)
    qs[1] = 1.0 - (1.0 - qs[1]) ** (2.0 if discard_wins else 1.0)
    dist = [0.0] * (steps + 1)
    dist[steps] = 1.0
    done = 0.0
    alive = 1.0 - hazard
    for _ in range(draws):
        new = [0.0] * (steps + 1)
        for k in range(1, steps + 1):
            m = dist[k]
            if m == 0.0:
                continue
            p = qs[k]
            new[k - 1] += m * p
            new[k] += m * (1.0 - p) * alive
        done += new[0]
        new[0] = 0.0
        dist = new
    return done


def test_win_chance_is_bit_identical_to_the_reference():
    rng = random.Random(3)
    for _ in range(3000):
        args = (
            rng.randrange(-1, 9),
            rng.randrange(0, 70),
            rng.choice([4, 40, 64, 92, 120]),
            rng.randrange(0, 35),
            rng.random() < 0.5,
            round(rng.random() * 0.5, 3),
            rng.choice([1.0, 0.8, 0.55, 0.4, 0.3, 0.2]),
            rng.choice([0.35, 0.2]),
        )
        assert ev.win_chance.__wrapped__(*args) == _win_chance_reference(*args), args


@pytest.mark.parametrize("preset", ["heyuan-zheng", "heyuan-jihu", "shanghai", "guobiao"])
def test_discards_reusing_untouched_targets_match_the_plain_loop(preset):
    # discards() weighs a target the discard leaves alone once per hand (and reads the
    # shape after each discard inline) where every target's value is its own; a view whose
    # values go through the bonus reading (no bonus kinds: the same values) takes the plain
    # loop of _worth per discard. Both must give the same numbers to the last bit.
    rules = get_rules(preset)
    rng = random.Random(7)
    for _ in range(120):
        wilds = rng.choice([0, 0, 0, 1, 2])
        counts = _hand(rng, 14 - wilds)
        seen = [min(4, n + rng.choice([0, 0, 1, 2])) for n in counts]
        args = (rules, [], seen, rng.randrange(0, 4), rng.randrange(1, 30))
        kwargs = {"hazard": rng.choice([0.06, 0.1, 0.31]), "chows": rng.random() < 0.5}
        fast = ev.HandView(*args, **kwargs)
        assert fast._fan is None and not fast.ready_end
        plain = ev.HandView(*args, **kwargs)
        plain._fan = 0  # the bonus reading with no bonus: the plain loop, same values
        assert fast.discards(counts, wilds, 0) == plain.discards(counts, wilds, 0)
