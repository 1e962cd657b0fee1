"""The hand's cheap shape checks (tables) must agree with scoring's completeness search,
or a claim would be offered that scoring refuses (or a win hidden)."""

import random

from engine.hand import judge
from engine.rules import get_rules
from engine.scoring.readings import is_complete
from engine.tiles import parse, to_counts


def _random_hand(rng: random.Random, size: int) -> list[int]:
    pool = [k for k in range(34) for _ in range(4)]
    if rng.random() < 0.5:  # suit-heavy hands have the most shapes
        s = rng.randrange(3)
        pool = [k for k in (*range(9 * s, 9 * s + 9), *range(27, 34)) for _ in range(4)]
    return rng.sample(pool, size)


def test_shape_checks_agree_with_scoring_on_random_hands():
    rng = random.Random(20261129)
    for rules in (get_rules("heyuan-zheng"), get_rules("heyuan-jihu"), get_rules("guangdong")):
        for _ in range(600):
            wilds = rng.choice((0, 0, 1, 2, 3, 4)) if rules.wildcards else 0
            melds = rng.choice((0, 0, 0, 1, 2))
            tiles = _random_hand(rng, 14 - wilds - 3 * melds)
            c = to_counts(tiles, 34)
            sp = rules.seven_pairs and melds == 0
            want = is_complete(c, wilds, melds, seven_pairs=sp, thirteen_orphans=melds == 0)
            assert judge.shape_complete(rules, c, wilds, melds) == want, (c, wilds, melds)
            c[tiles[0]] -= 1
            expected = set()
            for k in range(34):
                c[k] += 1
                if is_complete(c, wilds, melds, seven_pairs=sp, thirteen_orphans=melds == 0):
                    expected.add(k)
                c[k] -= 1
            assert judge.shape_waits(rules, c, wilds, melds) == expected, (c, wilds, melds)


def test_known_shapes():
    zheng = get_rules("heyuan-zheng")
    assert judge.shape_complete(zheng, to_counts(parse("123m234m567m999m55m"), 34), 0, 0)
    assert judge.shape_waits(zheng, to_counts(parse("1112345678999m"), 34), 0, 0) == frozenset(
        range(9)
    )
