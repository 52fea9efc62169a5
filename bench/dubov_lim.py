"""CPU time to pair every round of a seeded Swiss by the Dubov (C.04.4.1) and Lim
(C.04.4.3) systems.

Usage (from the repository root):

    .venv/bin/python bench/dubov_lim.py              # 150 and 400 players, 9 rounds
    .venv/bin/python bench/dubov_lim.py 400 1000     # some sizes
    .venv/bin/python bench/dubov_lim.py --lim 400    # one system (--dubov, --lim)

For each size and system an event is simulated with a fixed seed: players rated from
2700 down, every round paired by the system and played out with results drawn from
the rating difference (draws included), about 3 % of the players joining late (round
2 or 3). Printed per system: the CPU seconds (``time.process_time``) of the slowest
round and of all nine, and which round was the slowest. The issue's target is under
5 s CPU for a 400-player round.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tourney.engine.pairing.dubov import pair_dubov  # noqa: E402
from tourney.engine.pairing.lim import pair_lim  # noqa: E402
from tourney.engine.pairing.swiss_core import SwissPairing  # noqa: E402
from tourney.engine.pairing.swiss_state import Float, SwissPlayer, SwissState  # noqa: E402
from tourney.model import Colour  # noqa: E402

SYSTEMS: dict[str, Callable[[SwissState], SwissPairing]] = {
    "dubov": pair_dubov,
    "lim": pair_lim,
}
ROUNDS = 9


class Event:
    def __init__(self, n: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.rating = {i: 2700 - (i - 1) * 1400 // max(n - 1, 1) for i in range(1, n + 1)}
        self.score = {i: Fraction(0) for i in self.rating}
        self.colours: dict[int, list[Colour | None]] = {i: [] for i in self.rating}
        self.floats: dict[int, list[Float | None]] = {i: [] for i in self.rating}
        self.met: dict[int, list[int]] = {i: [] for i in self.rating}
        self.pab = {i: False for i in self.rating}
        self.joins = {
            i: self.rng.choice((2, 3)) if self.rng.random() < 0.03 else 1 for i in self.rating
        }

    def state(self, r: int) -> SwissState:
        players = tuple(
            SwissPlayer(
                number=i,
                score=self.score[i],
                available=r >= self.joins[i],
                opponents=frozenset(self.met[i]),
                colours=tuple(self.colours[i]),
                floats=tuple(self.floats[i]),
                had_pab=self.pab[i],
                unplayed=sum(c is None for c in self.colours[i]),
                absent_rounds=sum(1 for k in range(1, r) if k < self.joins[i]),
                rating=self.rating[i],
                opponent_ratings=tuple(self.rating[o] for o in self.met[i]),
            )
            for i in self.rating
        )
        return SwissState(players=players, round_no=r, total_rounds=ROUNDS)

    def play(self, r: int, result: SwissPairing) -> None:
        before = dict(self.score)
        seen = set()
        for white, black in result.pairs:
            seen.update((white, black))
            expected = 1 / (1 + 10 ** ((self.rating[black] - self.rating[white]) / 400))
            x = self.rng.random()
            pts = (
                Fraction(1)
                if x < expected - 0.15
                else Fraction(1, 2)
                if x < expected + 0.15
                else Fraction(0)
            )
            for me, other, colour, got in (
                (white, black, Colour.WHITE, pts),
                (black, white, Colour.BLACK, 1 - pts),
            ):
                self.score[me] += got
                self.met[me].append(other)
                self.colours[me].append(colour)
                mine, theirs = before[me], before[other]
                self.floats[me].append(
                    Float.DOWN if mine > theirs else Float.UP if mine < theirs else None
                )
        if result.bye is not None:
            seen.add(result.bye)
            self.pab[result.bye] = True
            self.score[result.bye] += 1
            self.colours[result.bye].append(None)
            self.floats[result.bye].append(Float.DOWN)
        for i in self.rating:
            if i not in seen:
                self.colours[i].append(None)
                self.floats[i].append(None)


def run(system: str, n: int, seed: int = 2026) -> tuple[float, float, int]:
    """(slowest round's CPU seconds, all rounds', the slowest round)."""
    pair = SYSTEMS[system]
    event = Event(n, seed + n)
    total = slowest = 0.0
    which = 0
    for r in range(1, ROUNDS + 1):
        state = event.state(r)
        start = time.process_time()
        result = pair(state)
        took = time.process_time() - start
        total += took
        if took > slowest:
            slowest, which = took, r
        event.play(r, result)
    return slowest, total, which


def main(argv: list[str]) -> int:
    chosen = [s for s in SYSTEMS if f"--{s}" in argv] or list(SYSTEMS)
    sizes = [int(a) for a in argv if not a.startswith("--")] or [150, 400]
    print("Dubov (C.04.4.1) and Lim (C.04.4.3): CPU seconds per round of a seeded 9-round Swiss")
    print(f"{'system':<7} {'players':>7} {'slowest round':>14} {'all 9 rounds':>13}")
    for system in chosen:
        for n in sizes:
            slowest, total, which = run(system, n)
            print(f"{system:<7} {n:>7} {slowest:>9.2f} (r{which}) {total:>12.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
