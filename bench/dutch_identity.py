"""The Dutch engine's fast solve against its plain one, on simulated events.

Usage (from the repository root):

    .venv/bin/python bench/dutch_identity.py                 # 200, 500, 1000 players
    .venv/bin/python bench/dutch_identity.py 2000 --rounds 5 # some sizes, fewer rounds
    .venv/bin/python bench/dutch_identity.py --fast-only 1000

Each event (``bench/pairing.py``'s simulation: ratings, draws, forfeits, half-point
byes, so rematches pile up and colours get constrained round by round) is paired
round by round twice: with the matchings solved by the fast path (``dutch.WARM``,
the greedy start at each stage of the blossom algorithm) and solved cold, as the
engine did before. Every round must give the same pairing; the CPU seconds of each
way are printed. The digest of all the pairings of an event is printed too: run
the script with ``--fast-only`` on another checkout (e.g. the main branch before a
change) and the same digest means the same pairings. tests/test_dutch_fast_solve.py
runs the same comparison on small events.
"""

from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from pairing import Event  # noqa: E402

from tourney.engine.pairing import dutch  # noqa: E402


def compare(n: int, rounds: int, seed: int, fast_only: bool) -> bool:
    event = Event(n, rounds, seed + n)
    digest = hashlib.sha256()
    same = True
    fast_cpu = plain_cpu = 0.0
    for r in range(1, rounds + 1):
        state = event.state(r)
        if hasattr(dutch, "WARM"):
            dutch.WARM = True
        start = time.process_time()
        fast = dutch.pair_dutch(state)
        fast_cpu += time.process_time() - start
        if not fast_only:
            dutch.WARM = False
            start = time.process_time()
            plain = dutch.pair_dutch(state)
            plain_cpu += time.process_time() - start
            dutch.WARM = True
            if (plain.pairs, plain.bye) != (fast.pairs, fast.bye):
                same = False
                print(f"  {n} players, seed {seed}: round {r} differs", flush=True)
        digest.update(repr((r, fast.pairs, fast.bye)).encode())
        event.play(r, fast.pairs, fast.bye)
    plain_text = "" if fast_only else f", plain {plain_cpu:.1f} s"
    print(
        f"{n:6d} players, seed {seed}, {rounds} rounds: fast {fast_cpu:.1f} s CPU{plain_text}"
        f"; {'same' if same else 'DIFFERENT'} pairings; digest {digest.hexdigest()[:16]}",
        flush=True,
    )
    return same


def main(argv: list[str]) -> int:
    rounds = 9
    if "--rounds" in argv:
        k = argv.index("--rounds")
        rounds = int(argv[k + 1])
        del argv[k : k + 2]
    fast_only = "--fast-only" in argv
    sizes = [int(a) for a in argv if not a.startswith("--")] or [200, 500, 1000]
    ok = True
    for n in sizes:
        for seed in (2026, 7):
            ok = compare(n, rounds, seed, fast_only) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
