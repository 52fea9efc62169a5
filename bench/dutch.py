"""Replay the Dutch reference tournaments and time our pairing engine.

Usage (from the repository root):

    .venv/bin/python bench/dutch.py                 # every file
    .venv/bin/python bench/dutch.py ref_026 ref_064 # some files
    .venv/bin/python bench/dutch.py --quiet         # only the summary

Each round r of each file is paired from the rounds before it (the README
replay procedure in tests/reference/dutch) and compared with the file as
sets of (white, black) pairs plus the PAB. Prints per-file agreement and
timings, then the agreement over all rounds and the median, maximum and total
time per round. The reference engine's own speed is in
the project's reference notes (dutch-engine-design.md) (section 7).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from dutch_replay import expected, files, read, state_for_round  # noqa: E402

from tourney.engine.pairing.dutch import NoPairing, pair_dutch  # noqa: E402


def main(argv: list[str]) -> int:
    quiet = "--quiet" in argv
    names = [a for a in argv if not a.startswith("-")]
    paths = [p for p in files() if not names or p.stem in names]
    times: list[float] = []
    agree = total = 0
    slowest = (0.0, "", 0, 0)
    for path in paths:
        ref = read(path)
        file_ok = 0
        file_times = []
        for r in range(1, ref.rounds + 1):
            state = state_for_round(ref, r)
            start = time.perf_counter()
            try:
                result = pair_dutch(state)
                got: tuple[object, object] = (set(result.pairs), result.bye)
            except NoPairing as exc:
                got = ("no pairing", str(exc))
            elapsed = time.perf_counter() - start
            file_times.append(elapsed)
            n = len(state.to_pair)
            if elapsed > slowest[0]:
                slowest = (elapsed, path.stem, r, n)
            total += 1
            if got == expected(ref, r):
                agree += 1
                file_ok += 1
            elif not quiet:
                print(f"  {path.stem} round {r}: differs")
        times.extend(file_times)
        if not quiet:
            print(
                f"{path.stem}: {len(ref.entries):4d} players, {file_ok}/{ref.rounds} rounds agree, "
                f"median {statistics.median(file_times):.3f} s, max {max(file_times):.3f} s, "
                f"total {sum(file_times):.2f} s",
                flush=True,
            )
    if not times:
        print("no reference files found")
        return 1
    print(f"agreement: {agree}/{total} rounds")
    print(
        f"time per round: median {statistics.median(times):.3f} s, "
        f"max {max(times):.3f} s ({slowest[1]} round {slowest[2]}, {slowest[3]} players), "
        f"total {sum(times):.1f} s"
    )
    return 0 if agree == total else 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
