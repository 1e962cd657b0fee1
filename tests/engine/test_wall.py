"""The wall: the shuffle that makes it, and its live tiles with a reserve kept back, in each
reserve mode."""

from __future__ import annotations

from engine.wall import Wall


def _wall(reserve: int, mode: str, horses: int = 0) -> Wall:
    return Wall(list(range(100)), horses, reserve=reserve, reserve_mode=mode)


def test_no_reserve_every_tile_is_live() -> None:
    w = _wall(0, "keeps_size", horses=4)
    assert w.remaining == 96 and w.in_wall == 96
    w.head += 10
    w.tail -= 2
    assert w.remaining == 84


def test_a_reserve_that_keeps_its_size() -> None:
    w = _wall(14, "keeps_size")
    assert w.remaining == 86
    w.tail -= 1  # a kong replacement from the tail: the live end moves with it
    assert w.remaining == 85 and w.in_wall == 99
    w.head = 85
    assert w.remaining == 0 and w.in_wall == 14


def test_a_reserve_with_a_fixed_end() -> None:
    w = _wall(14, "fixed_end")
    assert w.remaining == 86
    w.tail -= 3  # replacements come out of the reserve: the live wall is untouched
    assert w.remaining == 86
    w.head = 86
    assert w.remaining == 0 and w.in_wall == 11


def test_a_reserve_that_grows_with_kongs() -> None:
    w = _wall(14, "grows_with_kongs")
    w.tail -= 1
    w.kongs = 1
    assert w.remaining == 100 - 1 - 14 - 1
    w.head = 84
    assert w.remaining == 0


def test_the_wall_is_the_library_shuffle() -> None:
    # shuffled_wall writes random.shuffle out for speed: the same walls, seed for seed
    import random

    from engine.rules import PRESETS, get_rules
    from engine.wall import shuffled_wall, wall_tiles

    for preset in PRESETS:
        rules = get_rules(preset)
        for n in range(40):
            seed = f"{preset}/{n}"
            tiles = wall_tiles(rules)
            random.Random(seed).shuffle(tiles)
            assert shuffled_wall(rules, seed) == tiles


def test_the_commitment_is_of_the_json_of_seed_and_wall() -> None:
    import hashlib
    import json

    from engine.rules import get_rules
    from engine.tiles import tile_name
    from engine.wall import commitment, shuffled_wall

    for preset, seed in (("heyuan-zheng", "abc"), ("guangdong", 'q"u\\o'), ("sichuan", "日本")):
        tiles = shuffled_wall(get_rules(preset), seed)
        text = json.dumps(
            {"seed": seed, "wall": [tile_name(t) for t in tiles]}, separators=(",", ":")
        )
        assert commitment(seed, tiles) == hashlib.sha256(text.encode()).hexdigest()


def test_wall_tiles_is_the_full_set_anew_each_time() -> None:
    # wall_tiles keeps each kind of set made once: every call is a new list of it
    from engine.rules import PRESETS, get_rules
    from engine.tiles import full_set
    from engine.wall import wall_tiles

    for preset in PRESETS:
        rules = get_rules(preset)
        tiles = wall_tiles(rules)
        assert tiles == full_set(flowers=rules.flowers_in_set, honours=rules.honours,
                                 characters=rules.characters)
        tiles.reverse()
        assert wall_tiles(rules) == full_set(flowers=rules.flowers_in_set, honours=rules.honours,
                                             characters=rules.characters)
