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
