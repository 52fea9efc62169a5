"""Time and memory to pair a late round of a seeded individual Swiss (C.04.3, Dutch).

Usage (from the repository root):

    .venv/bin/python bench/pairing.py                # 50, 100, 400 and 1000 players
    .venv/bin/python bench/pairing.py 100 400        # some sizes
    .venv/bin/python bench/pairing.py --round 7 200  # pair round 7 instead of round 9
    .venv/bin/python bench/pairing.py --each 3000    # every round of one event, timed

For each size a tournament is simulated with a fixed seed: players rated from 2700
down, rounds 1..R-1 paired by our engine and played out with results drawn from the
rating difference (draws included, a few forfeits and half-point byes), and then
round R is paired again under measurement. The figures printed are the wall time of
that one pairing, the peak memory tracemalloc saw during a second, traced solve of
the same round (Python allocations; ``--no-memory`` skips it), the time of rounds
1..R-1 in all and the slowest of them (the early rounds, with their large score
groups, cost the most), plus the process's peak resident size (``ru_maxrss``) for
the whole run. bench/scale.py runs whole events (3,000 players) through the CLI.
"""

from __future__ import annotations

import contextlib
import hashlib
import random
import resource
import sys
import time
import tracemalloc
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tourney.engine.pairing.dutch import NoPairing, pair_dutch  # noqa: E402
from tourney.engine.pairing.swiss_state import Float, SwissPlayer, SwissState  # noqa: E402
from tourney.model import Colour  # noqa: E402

SIZES = (50, 100, 400, 1000)
TARGETS = {100: 1.0, 400: 15.0, 1000: 120.0}


class Event:
    """A simulated individual Swiss: histories kept per pairing number."""

    def __init__(self, n: int, rounds: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.n = n
        self.rounds = rounds
        self.rating = {i: 2700 - (i - 1) * 1200 // max(n - 1, 1) for i in range(1, n + 1)}
        self.score = {i: Fraction(0) for i in self.rating}
        self.colours: dict[int, list[Colour | None]] = {i: [] for i in self.rating}
        self.floats: dict[int, list[Float | None]] = {i: [] for i in self.rating}
        self.met: dict[int, set[int]] = {i: set() for i in self.rating}
        self.pab = {i: False for i in self.rating}
        self.won_unplayed = {i: False for i in self.rating}
        self.absent: dict[int, set[int]] = {i: set() for i in self.rating}
        for i in self.rating:  # about 3% ask for a half-point bye in some round
            if self.rng.random() < 0.03:
                self.absent[i].add(self.rng.randint(2, rounds))

    def state(self, r: int) -> SwissState:
        players = tuple(
            SwissPlayer(
                number=i,
                id=str(i),
                score=self.score[i],
                available=r not in self.absent[i],
                opponents=frozenset(self.met[i]),
                colours=tuple(self.colours[i]),
                floats=tuple(self.floats[i]),
                had_pab=self.pab[i],
                had_unplayed_win=self.won_unplayed[i],
                unplayed=sum(c is None for c in self.colours[i]),
                absent_rounds=sum(1 for k in self.absent[i] if k < r),
            )
            for i in self.rating
        )
        return SwissState(players=players, round_no=r, total_rounds=self.rounds)

    def play(self, r: int, pairs: tuple[tuple[int, int], ...], bye: int | None) -> None:
        before = dict(self.score)
        for white, black in pairs:
            if self.rng.random() < 0.01:  # a forfeit: no game, no colour, no meeting
                self.score[white] += 1
                self.won_unplayed[white] = True
                for me in (white, black):
                    self.colours[me].append(None)
                self.floats[white].append(Float.DOWN)
                self.floats[black].append(None)
                continue
            expected = 1 / (1 + 10 ** ((self.rating[black] - self.rating[white]) / 400))
            x = self.rng.random()
            draw = 0.3
            outcome = (
                Fraction(1)
                if x < expected - draw / 2
                else Fraction(1, 2)
                if x < expected + draw / 2
                else Fraction(0)
            )
            self.score[white] += outcome
            self.score[black] += 1 - outcome
            self.met[white].add(black)
            self.met[black].add(white)
            self.colours[white].append(Colour.WHITE)
            self.colours[black].append(Colour.BLACK)
            for me, other in ((white, black), (black, white)):
                self.floats[me].append(
                    Float.DOWN
                    if before[me] > before[other]
                    else Float.UP
                    if before[me] < before[other]
                    else None
                )
        if bye is not None:
            self.pab[bye] = True
            self.score[bye] += 1
            self.colours[bye].append(None)
            self.floats[bye].append(Float.DOWN)
        for i in self.rating:
            if r in self.absent[i]:
                self.score[i] += Fraction(1, 2)
                self.colours[i].append(None)
                self.floats[i].append(Float.DOWN)


def run(
    n: int, target_round: int, memory: bool, seed: int = 2026
) -> tuple[float, int, float, float]:
    """Seconds and tracemalloc peak bytes for pairing ``target_round``, the
    seconds the earlier rounds took in all and the slowest of them."""
    event = Event(n, max(target_round, 9), seed + n)
    warmup = slowest = 0.0
    for r in range(1, target_round):
        start = time.perf_counter()
        result = pair_dutch(event.state(r))
        took = time.perf_counter() - start
        warmup += took
        slowest = max(slowest, took)
        event.play(r, result.pairs, result.bye)
    state = event.state(target_round)
    start = time.perf_counter()
    cpu = time.process_time()
    try:
        pair_dutch(state)
    except NoPairing as error:
        print(f"  {n} players: round {target_round} has no pairing ({error})")
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  {n} players, round {target_round}: {cpu:.1f} s CPU, {rss:.0f} MB resident so far")
    peak = 0
    if memory:  # a second solve under tracemalloc, which slows Python down
        tracemalloc.start()
        with contextlib.suppress(NoPairing):
            pair_dutch(state)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return elapsed, peak, warmup, slowest


def each_round(n: int, rounds: int = 9, seed: int = 2026) -> None:
    """Pair every round of one seeded event, printing each round's time and its
    largest score groups (the early rounds of a large event cost the most)."""
    event = Event(n, rounds, seed + n)
    print(f"{n} players, every round paired by the engine")
    digest = hashlib.sha256()
    total = 0.0
    for r in range(1, rounds + 1):
        state = event.state(r)
        groups: dict[Fraction, int] = {}
        for p in state.to_pair:
            groups[p.key_score] = groups.get(p.key_score, 0) + 1
        start = time.perf_counter()
        cpu = time.process_time()
        result = pair_dutch(state)
        cpu = time.process_time() - cpu
        took = time.perf_counter() - start
        total += cpu
        digest.update(repr((r, result.pairs, result.bye)).encode())
        largest = ", ".join(str(k) for k in sorted(groups.values(), reverse=True)[:3])
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"  round {r}: {took:7.1f} s ({cpu:.1f} s CPU)   largest score groups {largest}"
            f"   {rss:.0f} MB resident",
            flush=True,
        )
        event.play(r, result.pairs, result.bye)
    # The same digest before and after a change to the engine: the same pairings.
    print(f"  all rounds: {total:.1f} s CPU; pairings digest {digest.hexdigest()[:16]}")


def main(argv: list[str]) -> int:
    if "--each" in argv:
        sizes = [int(a) for a in argv if a != "--each"] or [1000]
        for n in sizes:
            each_round(n)
        return 0
    target_round = 9
    if "--round" in argv:
        k = argv.index("--round")
        target_round = int(argv[k + 1])
        del argv[k : k + 2]
    memory = "--no-memory" not in argv
    argv = [a for a in argv if a != "--no-memory"]
    sizes = [int(a) for a in argv] or list(SIZES)
    print(f"Dutch system (C.04.3): pairing round {target_round} of a seeded Swiss")
    print(
        f"{'players':>8} {'time':>10} {'peak memory':>12} "
        f"{'rounds 1-' + str(target_round - 1):>12} {'slowest of them':>16}"
    )
    ok = True
    for n in sizes:
        elapsed, peak, warmup, slowest = run(n, target_round, memory)
        target = TARGETS.get(n)
        flag = "" if target is None or elapsed < target else f"  (target {target:g} s missed)"
        ok = ok and not flag
        print(
            f"{n:8d} {elapsed:9.2f}s {peak / 2**20:10.1f}MB {warmup:11.1f}s {slowest:15.1f}s{flag}",
            flush=True,
        )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"peak resident size of the whole run: {rss / 1024:.0f} MB")
    return 0 if ok else 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
