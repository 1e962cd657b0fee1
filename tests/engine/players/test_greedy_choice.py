"""The greedy player writes random.choice out (its ties are broken on every turn): the same
draws of getrandbits as the library's, so the same games as before."""

import random


def test_random_choice_is_the_written_out_draw() -> None:
    for seed in range(100):
        library = random.Random(seed)
        written = random.Random(seed)
        for n in range(1, 40):
            best = list(range(100, 100 + n))
            want = library.choice(best)
            bits = n.bit_length()
            r = written.getrandbits(bits)
            while r >= n:
                r = written.getrandbits(bits)
            assert best[r] == want


def test_unseen_counts_are_the_plain_count() -> None:
    # at every greedy decision of a few hands of each preset: 4 - naturals - visible (at
    # least 0) per kind, a byte each
    from engine.hand import HandState
    from engine.players import get_player
    from engine.players.base import Observation
    from engine.players.greedy import GreedyPlayer, _shape
    from engine.rules import PRESETS, get_rules

    for preset in PRESETS:
        rules = get_rules(preset)
        for hand in range(3):
            st = HandState.start(rules, f"unseen/{preset}/{hand}")
            players = [get_player("greedy", f"{hand}/{i}") for i in range(4)]
            while not st.is_over:
                seat = st.awaiting()[0]
                obs = Observation.of(st, seat)
                if obs.legal.phase == "turn":
                    _, naturals, _ = _shape(obs)
                    visible = obs.visible_counts()
                    want = bytes(max(0, 4 - n - v) for n, v in zip(naturals, visible, strict=True))
                    got = GreedyPlayer._unseen_counts(obs, naturals)
                    assert got == int.from_bytes(want, "little")
                st.act(obs.table_action(players[seat].act(obs)))
