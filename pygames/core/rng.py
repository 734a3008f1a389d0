"""A tiny seeded PRNG whose whole state is one integer stored in the game state.

Python's `random.Random` is avoided on purpose: its state is 625 integers (too big to copy at every move and
to save), and its helper algorithms are not promised to stay identical across versions. SplitMix64 is simple,
well tested, and gives the same numbers in CPython and in Pyodide.
"""

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The PRNG state for a user-facing seed (any int, negative allowed)."""
    return seed & MASK64


class Rng:
    """A SplitMix64 generator. `state` is a plain int, so it serialises as JSON."""

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & MASK64

    def next64(self) -> int:
        self.state = (self.state + GOLDEN) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform int in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items) -> list:
        out = list(items)
        self.shuffle(out)
        return out

    def sample(self, items, k: int) -> list:
        return self.shuffled(items)[:k]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) / (1 << 53)
