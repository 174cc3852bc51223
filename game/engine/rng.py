"""The engine's own seeded random generator (PCG32).

Owns: a small, fully serialisable generator whose whole state is two integers plus a queue of
forced results. The state lives inside the match, is saved with it, and is advanced only by rules
code, so the same seed and the same actions always give the same game.

Must not: touch the global `random` module or any clock.

Forced results (tests, scenarios, bug reports) are consumed before the generator itself: each
`randint(lo, hi)` call takes the next forced value, which must lie within [lo, hi].
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005


class ForcedValueError(ValueError):
    """A forced result does not fit the roll that consumed it."""


@dataclass(slots=True)
class Rng:
    state: int = 0
    inc: int = 1
    forced: list[int] = field(default_factory=list)

    @classmethod
    def from_seed(cls, seed: int, stream: int = 54) -> "Rng":
        # PCG32's seeding: from state 0 step once, add the seed, step again (the two outputs
        # are thrown away, so only the state updates are worked out; a bot forks twice a
        # decision)
        inc = ((stream << 1) | 1) & _MASK64
        state = (inc + (seed & _MASK64)) & _MASK64
        return cls((state * _MULT + inc) & _MASK64, inc)

    def _next32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], inclusive, without modulo bias."""
        if hi < lo:
            raise ValueError(f"empty range [{lo}, {hi}]")
        if self.forced:
            value = self.forced.pop(0)
            if not lo <= value <= hi:
                raise ForcedValueError(f"forced result {value} is outside {lo}..{hi}")
            return value
        span = hi - lo + 1
        # Rejection sampling over enough 32-bit words to cover the span (one word for any dice);
        # results at or above `limit` would make the low values more likely, so they are redrawn.
        words = max(1, (span - 1).bit_length() + 31 >> 5)
        bits = 32 * words
        limit = (1 << bits) - ((1 << bits) % span)
        while True:
            r = 0
            for _ in range(words):
                r = (r << 32) | self._next32()
            if r < limit:
                return lo + r % span

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randint(0, i)
            items[i], items[j] = items[j], items[i]

    def force(self, values: list[int]) -> None:
        self.forced.extend(int(v) for v in values)

    def fork(self, label: str) -> "Rng":
        """An independent stream (for bots), derived from this state without advancing it."""
        h = _label_hash(label)
        return Rng.from_seed(self.state ^ h, stream=(self.inc >> 1) ^ (h & 0xFFFF))

    def to_json(self) -> dict:
        return {"state": self.state, "inc": self.inc, "forced": list(self.forced)}

    @classmethod
    def from_json(cls, data: dict) -> "Rng":
        return cls(int(data["state"]), int(data["inc"]), [int(v) for v in data.get("forced", [])])


@lru_cache(maxsize=4096)
def _label_hash(label: str) -> int:
    """FNV-1a (64 bit) of a fork label; the few labels bots fork by ("bot0", "decision<n>")
    come back every decision, so each is hashed once."""
    h = 1469598103934665603
    for ch in label.encode():
        h = ((h ^ ch) * 1099511628211) & _MASK64
    return h
