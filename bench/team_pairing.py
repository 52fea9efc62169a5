"""Time and memory to pair a late round of a seeded team Swiss (C.04.6, 2026).

Usage (from the repository root):

    .venv/bin/python bench/team_pairing.py               # 60, 200 and 400 teams
    .venv/bin/python bench/team_pairing.py 200           # some sizes
    .venv/bin/python bench/team_pairing.py --round 7 60  # pair round 7 instead of 9

For each size an 11-round event (an Olympiad has about 200 teams and 11 rounds) is
simulated with a fixed seed: teams rated from 2700 down, four boards, rounds 1..R-1
paired by our engine and played out board by board from the rating difference, then
round R is paired again under measurement: wall time, and the peak of Python
allocations in a second, traced solve (tracemalloc).
"""

from __future__ import annotations

import contextlib
import random
import resource
import sys
import time
import tracemalloc
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tourney.engine.pairing.team_state import TeamRecord, TeamState  # noqa: E402
from tourney.engine.pairing.team_swiss import NoLegalPairing, pair_team_swiss  # noqa: E402
from tourney.model import Colour  # noqa: E402

SIZES = (60, 200, 400)
BOARDS = 4


class Event:
    def __init__(self, n: int, rounds: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.rounds = rounds
        self.rating = {t: 2700 - (t - 1) * 1000 // max(n - 1, 1) for t in range(1, n + 1)}
        self.mp = {t: Fraction(0) for t in self.rating}
        self.gp = {t: Fraction(0) for t in self.rating}
        self.met: dict[int, set[int]] = {t: set() for t in self.rating}
        self.colours: dict[int, list[Colour]] = {t: [] for t in self.rating}
        self.floated: dict[int, set[int]] = {t: set() for t in self.rating}
        self.pab: dict[int, list[int]] = {t: [] for t in self.rating}

    def state(self, r: int) -> TeamState:
        teams = tuple(
            TeamRecord(
                tpn=t,
                team_id=str(t),
                match_points=self.mp[t],
                game_points=self.gp[t],
                opponents=frozenset(self.met[t]),
                colours=tuple(self.colours[t]),
                floated_rounds=frozenset(self.floated[t]),
                pab_rounds=tuple(self.pab[t]),
                matches_played=len(self.colours[t]),
            )
            for t in self.rating
        )
        return TeamState(round_no=r, total_rounds=self.rounds, teams=teams)

    def play(self, r: int, pairs: tuple[tuple[int, int], ...], pab: int | None) -> None:
        before = dict(self.mp)
        for white, black in pairs:
            expected = 1 / (1 + 10 ** ((self.rating[black] - self.rating[white]) / 400))
            points = Fraction(0)
            for _ in range(BOARDS):
                x = self.rng.random()
                points += 1 if x < expected - 0.15 else Fraction(1, 2) if x < expected + 0.15 else 0
            other = BOARDS - points
            self.gp[white] += points
            self.gp[black] += other
            self.mp[white] += 2 if points > other else 1 if points == other else 0
            self.mp[black] += 2 if other > points else 1 if points == other else 0
            self.met[white].add(black)
            self.met[black].add(white)
            self.colours[white].append(Colour.WHITE)
            self.colours[black].append(Colour.BLACK)
            if before[white] != before[black]:
                self.floated[white].add(r)
                self.floated[black].add(r)
        if pab is not None:
            self.pab[pab].append(r)
            self.mp[pab] += 1
            self.gp[pab] += Fraction(BOARDS, 2)


def run(n: int, target_round: int, seed: int = 2026) -> tuple[float, int, float]:
    event = Event(n, max(11, target_round), seed + n)
    warmup = 0.0
    for r in range(1, target_round):
        start = time.perf_counter()
        result = pair_team_swiss(event.state(r))
        warmup += time.perf_counter() - start
        event.play(r, result.pairs, result.pab)
    state = event.state(target_round)
    start = time.perf_counter()
    try:
        pair_team_swiss(state)
    except NoLegalPairing as error:
        print(f"  {n} teams: round {target_round} has no pairing ({error})")
    elapsed = time.perf_counter() - start
    tracemalloc.start()
    with contextlib.suppress(NoLegalPairing):
        pair_team_swiss(state)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return elapsed, peak, warmup


def main(argv: list[str]) -> int:
    target_round = 9
    if "--round" in argv:
        k = argv.index("--round")
        target_round = int(argv[k + 1])
        del argv[k : k + 2]
    sizes = [int(a) for a in argv] or list(SIZES)
    print(f"team Swiss (C.04.6): pairing round {target_round} of 11, {BOARDS} boards")
    print(f"{'teams':>8} {'time':>10} {'peak memory':>12} {'earlier rounds':>15}")
    for n in sizes:
        elapsed, peak, warmup = run(n, target_round)
        print(f"{n:8d} {elapsed:9.2f}s {peak / 2**20:10.1f}MB {warmup:14.1f}s", flush=True)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"peak resident size of the whole run: {rss / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
