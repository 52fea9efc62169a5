"""A longer fuzzing campaign over tourney's readers and writers (``make fuzz``).

Usage (from the repository root):

    .venv/bin/python fuzz/run.py --minutes 10            # every target, time split evenly
    .venv/bin/python fuzz/run.py --minutes 2 --target trf --seed 7
    .venv/bin/python fuzz/run.py --replay trf:7:1234     # repeat one case exactly
    .venv/bin/python fuzz/run.py --atheris trf --minutes 5   # coverage-guided, if installed

The targets are in ``fuzz/harness.py`` (the same ones the short campaign in
tests/test_fuzz_*.py runs). Case ``i`` of a campaign with seed ``s`` is fully
determined by ``(target, s, i)``; a failure prints the ``--replay`` argument
that repeats it and its traceback, and the exit status is 1.

At the end the script prints, per target, the number of cases tried and how
they ended (a model, diagnostics, an exit status), then the totals.

``--atheris`` runs libFuzzer (the ``atheris`` package, not a dependency of
tourney: ``pip install atheris``) on the raw bytes of a TRF file (``trf``) or
of players.yaml (``folder``), starting from the reference files.
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TARGET_NAMES = (
    "trf",
    "folder",
    "result-edit",
    "pair",
    "hostile",
    "trf-columns",
)  # fuzz.harness.TARGETS, imported late


def campaign(targets: list[str], seconds: float, seed: int) -> int:
    """Run each target for its share of ``seconds``; return the number of failures."""
    from fuzz.harness import TARGETS, Hang, case_random

    failures = 0
    totals: dict[str, collections.Counter[str]] = {}
    share = seconds / len(targets)
    with tempfile.TemporaryDirectory(prefix="tourney-fuzz-") as tmp:
        for name in targets:
            scratch = Path(tmp) / name
            scratch.mkdir()
            counts: collections.Counter[str] = collections.Counter()
            stop = time.monotonic() + share
            index = 0
            while time.monotonic() < stop:
                try:
                    counts[TARGETS[name](case_random(name, seed, index), scratch)] += 1
                except (Exception, Hang):
                    failures += 1
                    counts["FAILED"] += 1
                    print(f"FAILED: --replay {name}:{seed}:{index}", file=sys.stderr)
                    traceback.print_exc()
                index += 1
            totals[name] = counts
            print(f"{name:12} {index:8} cases  " + _outcomes(counts), flush=True)
    cases = sum(sum(c.values()) for c in totals.values())
    print(f"{'total':12} {cases:8} cases  {failures} failed (seed {seed})")
    return failures


def _outcomes(counts: collections.Counter[str]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))


def replay(spec: str) -> int:
    from fuzz.harness import TARGETS, case_random

    name, seed, index = spec.split(":")
    with tempfile.TemporaryDirectory(prefix="tourney-fuzz-") as tmp:
        outcome = TARGETS[name](case_random(name, int(seed), int(index)), Path(tmp))
    print(f"{spec}: {outcome}")
    return 0


def atheris_campaign(name: str, seconds: float) -> int:
    """Coverage-guided fuzzing of the raw input bytes with libFuzzer (atheris)."""
    try:
        import atheris
    except ImportError:
        print("atheris is not installed: pip install atheris (Python 3.11 wheels exist)")
        return 2
    # Instrument tourney's code for coverage as it is imported (only tourney: fast).
    with atheris.instrument_imports(include=["tourney"]):
        import tourney.load.folder
        import tourney.load.trf
        from fuzz import harness
        from tourney.errors import InvalidInput

    tmp = Path(tempfile.mkdtemp(prefix="tourney-atheris-"))
    corpus = tmp / "corpus"
    corpus.mkdir()
    if name == "trf":
        for path in sorted(harness.REFERENCE.glob("*/*.trf"))[:40]:
            (corpus / path.name).write_bytes(path.read_bytes())

        def one(data: bytes) -> None:
            try:
                tourney.load.trf.parse_trf(data, "fuzz.trf")
            except InvalidInput as error:
                harness.check_diagnostics(
                    error.diagnostics, harness.line_counts({"fuzz.trf": data})
                )

    else:
        work = harness.Workspace(tmp)
        folder = work.folder("swiss-open")
        target = folder / "players.yaml"
        (corpus / "players.yaml").write_bytes(target.read_bytes())

        def one(data: bytes) -> None:
            target.write_bytes(data)
            try:
                tourney.load.folder.read_path(folder)
            except InvalidInput as error:
                lines = harness.line_counts(harness.snapshot(folder))
                harness.check_diagnostics(error.diagnostics, lines, str(folder))

    atheris.Setup(
        [sys.argv[0], str(corpus), f"-max_total_time={int(seconds)}", "-timeout=20"],
        one,
    )
    # libFuzzer ends the process itself; its last line, "Done N runs", is the count.
    print(f"atheris on {name}: {int(seconds)} s, corpus {corpus}", flush=True)
    atheris.Fuzz()
    return 0  # pragma: no cover - atheris.Fuzz() does not return


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0, help="total time (default 1)")
    parser.add_argument("--target", action="append", choices=TARGET_NAMES)
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100_000)
    parser.add_argument("--replay", metavar="TARGET:SEED:INDEX")
    parser.add_argument("--atheris", choices=("trf", "folder"))
    args = parser.parse_args(argv)
    if args.replay:
        return replay(args.replay)
    if args.atheris:
        return atheris_campaign(args.atheris, args.minutes * 60)
    targets = args.target or list(TARGET_NAMES)
    return 1 if campaign(targets, args.minutes * 60, args.seed) else 0


if __name__ == "__main__":
    sys.exit(main())
