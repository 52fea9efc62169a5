"""Time the standings (default FIDE tie-breaks) after every round of generated Swiss events.

Usage (from the repository root):

    .venv/bin/python bench/standings.py              # 100x9, 400x11, 1000x11
    .venv/bin/python bench/standings.py 400x11       # one size
    .venv/bin/python bench/standings.py --profile 400x11   # cProfile's top 25 as well

For each event (bench/tournaments.py: seeded, with half-point byes, a PAB,
forfeits and withdrawals) it prints the CPU time of ``standings(t, after=k)``
for every round k (CPU time, since the 2-core machines are shared; the wall
time of the whole run is printed too), computed the way the site does it (one
``Evaluation`` of the tournament, ``tourney.engine.evaluation``, asked for the
standings after each round), and the total. The default tie-breaks of a
Swiss are BH/C1, BH, SB, DE, WIN (seed 003).

Measured on the 2-core machine (CPU seconds, all rounds): before the caches of
issue 8 (ScoreTable.memo, a global memo of contexts) 0.32 / 2.08 / 5.27 s for 100x9 /
400x11 / 1000x11; after them 0.14 / 0.78 / 2.46 s. Issue 18 replaced the global
memo by the ``Evaluation``, which keeps each round's context itself.
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tournaments import swiss  # noqa: E402

from tourney.engine.evaluation import evaluate  # noqa: E402

SIZES = ((100, 9), (400, 11), (1000, 11))


def run(players: int, rounds: int) -> float:
    t = swiss(players, rounds, seed=players)
    times = []
    wall = time.perf_counter()
    evaluation = evaluate(t)
    for after in range(1, rounds + 1):
        started = time.process_time()
        evaluation.standings(after)
        times.append(time.process_time() - started)
    wall = time.perf_counter() - wall
    per_round = " ".join(f"{x:.3f}" for x in times)
    print(
        f"{players:5d} players, {rounds:2d} rounds: CPU {sum(times):6.2f} s (wall {wall:.2f} s)",
        flush=True,
    )
    print(f"    CPU per round (s): {per_round}", flush=True)
    return sum(times)


def main(argv: list[str]) -> int:
    profile = "--profile" in argv
    wanted = [a for a in argv if not a.startswith("-")]
    sizes = [tuple(int(x) for x in a.split("x")) for a in wanted] or list(SIZES)
    for players, rounds in sizes:
        if profile:
            profiler = cProfile.Profile()
            profiler.enable()
            run(players, rounds)
            profiler.disable()
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        else:
            run(players, rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
