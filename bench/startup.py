"""How long a short ``tourney`` command takes to start and finish: CPU seconds per run.

Usage (from the repository root):

    .venv/bin/python bench/startup.py            # 7 runs of each command: best, median
    .venv/bin/python bench/startup.py --runs 15 --imports 8

Each command runs as its own process (``python -m tourney ...``) on a copy of
examples/swiss-open (41 players), the way a user types it, and the CPU time (user +
system) of that child process is read from ``resource.getrusage(RUSAGE_CHILDREN)``.
The best of the runs is the figure to compare (the machine's other work only ever adds
time); the median and the worst show the noise. Bytecode is written and used
(``PYTHONDONTWRITEBYTECODE`` is removed from the environment), as on an installed copy
(``make setup`` and pip compile it); one untimed run first compiles it. ``result``
enters a result on board 1 of a freshly paired round 6 and clears it again, so every
timed run writes a round file; ``pair`` pairs round 6 of a fresh copy each run;
``pairing-engine`` pairs round 9 of tests/reference/dutch/ref_089.trf (99 players), cut
as that README says, the way a FIDE checker calls an engine (bench/versus.py times it
beside bbpPairings).
Then, for each command, the modules whose own import took longest
(``python -X importtime``, one run) and the total import time.

Issue 33's target on a quiet machine: each command under 0.15 s CPU. Figures are in
docs/robustness.md ("Start-up"); on a busy machine compare before and after side by
side, never against figures measured at another time: ``--tree DIR`` (given more
than once) times the source trees in turn, run by run (e.g. this tree and an export of
the commit before: ``git archive COMMIT | tar -x -C /tmp/before``).

History (issue 18's target: ``--version``, ``check`` and ``result`` under 0.25 s CPU
each). Measured 2026-12-02 with bytecode written, the commit before
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

Issue 33.4's second pass (2026-12-03 evening; docs/robustness.md "Second pass"):
dataclasses built without compiling their methods (``tourney.records``), standings'
table to a pipe without rich and without the site's views, check without the tie-break
computations, json or the i18n catalogs, writes without tempfile, a clean ``check DIR``
without click. Side by side with 93c598e under a load average of 19-24, best of 9 CPU s,
before -> after: ``--version`` 0.039 -> 0.050 (noise: the same instructions), ``check``
0.300 -> 0.231, ``result`` 0.356 -> 0.289, ``standings`` 0.624 -> 0.347, ``pair`` 0.334
-> 0.274, ``pairing-engine`` 0.242 -> 0.180 (bbpPairings 0.043). On a busy machine the
instructions executed are the steadier figure (valgrind --tool=cachegrind, the command in
docs/robustness.md), millions: ``check`` 858 -> 674, ``result`` 1,134 -> 891,
``standings`` 1,686 -> 895, ``pair`` 1,130 -> 912, ``pairing-engine`` 877 -> 684. Not
yet under 0.15 s on a quiet machine (estimated 0.19-0.25 s, ``pairing-engine`` 0.14 s):
the interpreter, click, PyYAML and dataclasses alone are about 0.07 s.
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
sys.path.insert(0, str(ROOT / "bench"))

from versus import replay_case  # noqa: E402  (bench/versus.py: a reference round as input)


def _cpu(argv: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    # cwd is the tree timed: ``python -m`` looks in the current folder before PYTHONPATH
    subprocess.run(argv, env=env, cwd=env["PYTHONPATH"], check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _imports(argv: list[str], env: dict[str, str], top: int) -> str:
    """The ``top`` modules by their own import time (microseconds), and the total."""
    run = subprocess.run(
        [argv[0], "-X", "importtime", *argv[1:]],
        env=env,
        cwd=env["PYTHONPATH"],
        capture_output=True,
        text=True,
    )
    rows = []
    for line in run.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, _total, name = line[len("import time:") :].split("|")
        rows.append((int(own), name.strip()))
    rows.sort(reverse=True)
    total = sum(own for own, _ in rows)
    listed = ", ".join(f"{name} {own / 1000:.1f}" for own, name in rows[:top])
    return f"{len(rows)} modules, {total / 1000:.0f} ms; longest (ms): {listed}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--imports", type=int, default=6, help="modules listed per command")
    parser.add_argument(
        "--tree",
        type=Path,
        action="append",
        help="a tourney source tree to time (default: this one); several are timed in turn",
    )
    args = parser.parse_args()
    trees = [t.resolve() for t in args.tree or [ROOT]]
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    envs = [{**base, "PYTHONPATH": str(tree)} for tree in trees]
    env = envs[0]
    tourney = [sys.executable, "-m", "tourney"]
    with tempfile.TemporaryDirectory() as tmp:
        example = ROOT / "examples" / "swiss-open"
        folder = Path(tmp) / "swiss-open"
        shutil.copytree(example, folder)
        subprocess.run(
            [*tourney, "pair", str(folder)], env=env, cwd=trees[0], check=True, capture_output=True
        )
        fresh = Path(tmp) / "fresh"
        engine_in, engine_out = Path(tmp) / "in.trf", Path(tmp) / "out.txt"
        text, _ = replay_case(ROOT / "tests" / "reference" / "dutch" / "ref_089.trf", 9)
        engine_in.write_text(text, encoding="ascii")

        def unpaired() -> None:  # in this process: not counted as the child's CPU
            shutil.rmtree(fresh, ignore_errors=True)
            shutil.copytree(example, fresh)

        commands: dict[str, list[list[str]]] = {
            "--version": [["--version"]],
            "check": [["check", str(folder)]],
            "result": [
                ["result", str(folder), "6", "1", "1-0"],
                ["result", str(folder), "6", "1", "none"],
            ],
            "standings": [["standings", str(folder)]],
            "pair": [["pair", str(fresh)]],
            # what a FIDE checker runs per round: round 9 of a 99-player reference file
            "pairing-engine": [
                ["pairing-engine", "--dutch", str(engine_in), "-p", str(engine_out)]
            ],
        }
        print(f"{'command':<20} {'best CPU s':>10} {'median':>7} {'max':>6}  ({args.runs} runs)")
        notes = []
        for name, steps in commands.items():
            before = unpaired if name == "pair" else (lambda: None)
            for tree_env in envs:
                for step in steps:  # compile the bytecode, untimed
                    before()
                    _cpu([*tourney, *step], tree_env)
            times: list[list[float]] = [[] for _ in envs]
            for _ in range(args.runs):
                for tree_times, tree_env in zip(times, envs, strict=True):
                    for step in steps:
                        before()
                        tree_times.append(_cpu([*tourney, *step], tree_env))
            for tree, tree_times in zip(trees, times, strict=True):
                label = name if len(trees) == 1 else f"{name} ({tree.name})"
                print(
                    f"{label:<20} {min(tree_times):>10.3f} "
                    f"{statistics.median(tree_times):>7.3f} {max(tree_times):>6.3f}"
                )
            for tree, tree_env in zip(trees, envs, strict=True):
                before()
                label = name if len(trees) == 1 else f"{name} ({tree.name})"
                notes.append(f"{label}: {_imports([*tourney, *steps[0]], tree_env, args.imports)}")
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print("\nimports (python -X importtime, one run):")
        for note in notes:
            print(f"  {note}")


if __name__ == "__main__":
    main()
