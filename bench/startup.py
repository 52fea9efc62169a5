"""How long a short ``tourney`` command takes to start and finish: CPU seconds per run.

Usage (from the repository root):

    .venv/bin/python bench/startup.py            # 7 runs of each command, the median
    .venv/bin/python bench/startup.py --runs 15

Each command runs as its own process (``python -m tourney ...``) on a copy of
examples/swiss-open, the way a user types it, and the CPU time (user + system)
of that child process is read from ``resource.getrusage``. Bytecode is written
and used (``PYTHONDONTWRITEBYTECODE`` is removed from the environment), as on an
installed copy; one untimed run first compiles it. ``result`` enters a result
on board 1 of a freshly paired round 6 and clears it again, so every timed run
writes a round file.

Issue 18's target on the 2-core machines: ``--version``, ``check`` and ``result``
under 0.25 s CPU each. Measured 2026-12-02 with bytecode written, the commit before
the lazy command table (``tourney.cli.COMMANDS``; median of 3 runs) -> now, with every
command running the checks of docs/diagnostics.md (median of 7): ``--version``
0.43 -> 0.07 s, ``check`` 0.55 -> 0.20 s, ``standings`` 0.46 -> 0.25 s; ``result``
(enter, then clear; not measured before) 0.24-0.29 s, varying with the load of the
shared machine (0.21-0.27 s at the commit before the journal, measured side by side).

Then the checks' imports trimmed (the standings and tie-break engine only for a
finalized folder, the club and finalize code only for a correction, one quicker
regular expression instead of two slow ones); two side-by-side runs with the commit
before, median of 9, load average 5 on 2 cores: ``result`` 0.275 / 0.286 -> 0.208 /
0.221 s, ``check`` 0.218 / 0.215 -> 0.191 / 0.184 s, ``--version`` 0.07 s both.

At the end of that day (the evaluation stage and languages in; median of 11, load
average 1.5): ``--version`` 0.059 s, ``check`` 0.181 s, ``result`` 0.204 s, and
``standings`` 0.317 s, up from 0.25 s: it now evaluates through
``tourney.engine.evaluation``, which imports every part of the engine (about 0.06 s).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _cpu(argv: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=env, cwd=ROOT, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    tourney = [sys.executable, "-m", "tourney"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "swiss-open"
        shutil.copytree(ROOT / "examples" / "swiss-open", folder)
        subprocess.run([*tourney, "pair", str(folder)], env=env, check=True, capture_output=True)
        commands = {
            "--version": [["--version"]],
            "check": [["check", str(folder)]],
            "result": [
                ["result", str(folder), "6", "1", "1-0"],
                ["result", str(folder), "6", "1", "none"],
            ],
            "standings": [["standings", str(folder)]],
        }
        print(f"{'command':<12} {'median CPU s':>12} {'min':>6} {'max':>6}  ({args.runs} runs)")
        for name, steps in commands.items():
            for step in steps:  # compile the bytecode, untimed
                _cpu([*tourney, *step], env)
            times = []
            for _ in range(args.runs):
                for step in steps:
                    times.append(_cpu([*tourney, *step], env))
            print(
                f"{name:<12} {statistics.median(times):>12.3f} "
                f"{min(times):>6.3f} {max(times):>6.3f}"
            )


if __name__ == "__main__":
    main()
