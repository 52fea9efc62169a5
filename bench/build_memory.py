"""Peak memory of ``tourney build`` as the event grows (issue 31 item 5, docs/robustness.md).

Usage (from the repository root):

    .venv/bin/python bench/build_memory.py                   # 300 x 40 and 600 x 99
    .venv/bin/python bench/build_memory.py 300x40 2000x99 10000x15

For each size (players x rounds) a finished Swiss is generated with a fixed seed
(bench/tournaments.py: greedy pairing, results drawn from the rating difference;
a pairing that repeats an earlier one is marked ``rematch: true``, as an arbiter
would), written as a real folder in a temporary directory, and built by a child
``tourney build DIR -o SITE --quiet``. The bench prints the child's peak resident
size (``ru_maxrss`` of that process alone), its CPU seconds and the size of the
site written. Memory linear in players x rounds shows as a steady MB per thousand
player-rounds from one size to the next.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tournaments import swiss  # noqa: E402

from tourney.edit.folder_writer import write_folder  # noqa: E402
from tourney.model import Tournament  # noqa: E402

DEFAULT = ("300x40", "600x99")


def event(players: int, rounds: int, seed: int) -> Tournament:
    """A finished Swiss whose repeated pairings are marked as the arbiter's rematches."""
    t = swiss(players, rounds, seed=seed)
    met: set[frozenset[str]] = set()
    marked = []
    for rnd in t.rounds:
        games = []
        for g in rnd.games:
            pair = frozenset((g.white, g.black))
            games.append(dataclasses.replace(g, rematch=pair in met))
            met.add(pair)
        marked.append(dataclasses.replace(rnd, games=tuple(games)))
    return dataclasses.replace(t, rounds=tuple(marked))


def size_of(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def measure(players: int, rounds: int, seed: int) -> None:
    with tempfile.TemporaryDirectory(prefix="tourney-buildmem-") as tmp:
        folder, site = Path(tmp) / "event", Path(tmp) / "_site"
        write_folder(event(players, rounds, seed), folder)
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "tourney", "build", str(folder), "-o", str(site), "--quiet"],
            env=env,
            capture_output=True,
            text=True,
        )
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        # ru_maxrss of the children is the largest child so far: one child per size,
        # sizes run smallest first, so it is this build's own peak.
        peak = after.ru_maxrss / 1024  # kilobytes on Linux
        cells = players * rounds / 1000
        if done.returncode:
            first = (done.stderr or done.stdout).strip().splitlines()[:1]
            print(f"  {players:>6} x {rounds:<3} build failed ({done.returncode}): {first}")
            return
        print(
            f"  {players:>6} x {rounds:<3} peak {peak:8.0f} MB  "
            f"({peak / cells:6.2f} MB per 1,000 player-rounds)  "
            f"{cpu:7.1f} s CPU  {wall:7.1f} s wall  site {size_of(site) / 1e6:6.1f} MB",
            flush=True,
        )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sizes", nargs="*", default=list(DEFAULT), help="PLAYERSxROUNDS")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    sizes = []
    for text in args.sizes:
        players, _, rounds = text.lower().partition("x")
        if not (players.isdecimal() and rounds.isdecimal()):
            parser.error(f"{text!r}: give a size as PLAYERSxROUNDS, e.g. 600x99")
        sizes.append((int(players), int(rounds)))
    sizes.sort(key=lambda s: s[0] * s[1])  # ru_maxrss of the children only ever grows
    print("tourney build, peak resident size of the child process:")
    for players, rounds in sizes:
        measure(players, rounds, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
