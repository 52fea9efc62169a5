"""tourney's pairing engine beside bbpPairings, the FIDE-endorsed C++ engine, on the same TRF.

Usage (from the repository root; PATH is a bbpPairings binary built from its source,
docs/pairing.md "Beside bbpPairings" says how):

    .venv/bin/python bench/versus.py --bbp PATH dutch         # the 972 Dutch reference rounds
    .venv/bin/python bench/versus.py --bbp PATH burstein      # the 371 Burstein reference rounds
    .venv/bin/python bench/versus.py --bbp PATH --tourney both burstein
    .venv/bin/python bench/versus.py --bbp PATH sizes 100 1000 2000 --rounds 2 9
    .venv/bin/python bench/versus.py --bbp PATH sizes 3000 --rounds 2 --cpu-limit 1200
    .venv/bin/python bench/versus.py --bbp PATH --system burstein --tourney both \
        sizes 400 1000 --rounds 1 2 3 5 9

Both engines run as whole processes, each exactly as a pairing checker calls it:
``tourney pairing-engine --dutch IN.trf -p OUT.txt`` (``python -m tourney``, this source
tree, bytecode compiled first as on an installed copy) and ``bbpPairings --dutch IN.trf
-p OUT.txt`` (``--burstein`` for the Burstein set). For each run the CPU seconds (user +
system) and the peak resident size are the child's own (``os.wait4``), so the work of
the other engineers on a shared machine inflates them far less than wall time.

``--tourney in-process`` pairs tourney's side in this process instead (``both``: as a
process and in this process), on the same TRF: the CPU seconds of the whole call, as
``pairing-engine`` spends them once started (``app.engine_input.pair_next_round``: the
TRF read, the pairing state, the pairing, the output lines), and of the system's
pairing function alone (``pair_dutch``, ``pair_burstein``). Set beside bbpPairings'
whole process, they show the engine's own work without the interpreter's start-up.

* ``dutch`` / ``burstein``: every round of every file of tests/reference/dutch or
  tests/reference/burstein, replayed as those READMEs say (the file cut before the
  round, absences of that round kept), paired by both engines. Prints the total CPU of
  each, the slowest round of each, and how many rounds the two pair identically (the
  same pairs with the same colours and the same bye; board order aside) and how many
  agree with the file.
* ``sizes``: a seeded event of N players (bench/pairing.py's simulation: players
  rated from 2700 down, results drawn from the ratings, 1 % forfeits, 3 % ask for a
  half-point bye), rounds before the measured ones paired by tourney in this process
  (not timed), written as TRF16 with ``XXR``/``XXC``; each round of ``--rounds`` is then
  paired by both engines from that TRF. ``--system dutch`` (the default) or
  ``burstein``; a Burstein event's earlier rounds are paired from its TRF, whose
  results the Burstein index reads. ``--cpu-limit`` (CPU seconds) and ``--timeout``
  (seconds of wall time, default 7200) stop an engine that has not finished; ``--keep
  DIR`` keeps the TRFs and outputs; ``--only tourney|bbp`` runs one engine (two such
  runs at once halve the wall time of the largest sizes).

The Burstein system, measured on 2026-12-03 on the shared 2-core machine under a load
of 11-16 (CPU seconds; docs/pairing.md "Beside bbpPairings" has the table):

* reference set, 371 rounds (``--tourney both burstein``), all 371 identical to
  bbpPairings and to the files: tourney's whole process 69.0 s (0.19 s a round, 22x
  bbpPairings: start-up); in process 13.2 s (0.035 s a round, 4.2x), of which the
  pairing function 6.9 s (0.019 s a round, 2.2x); bbpPairings' whole process 3.2 s
  (0.009 s a round). Before the Burstein engine's fast solve (commit 93c598e), the
  pairing function alone took 17.8 s (5.4x) and the whole processes 106 s.
* 400 and 1,000 players (``--system burstein --tourney both sizes 400 1000 --rounds 1
  2 3 5 9``), every measured round identical: in process 0.15-0.55 s against
  bbpPairings' 0.10-0.33 s at 400 (0.5-3.3x), 0.85-5.4 s against 1.7-5.7 s at 1,000
  (0.15-2.1x).

bbpPairings v6.0.0 ``--burstein`` aborts with heap corruption on some inputs (the
reference set's README): such a round prints ``exit 134`` and is left out of the
comparison.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from pairing import Event  # noqa: E402  (bench/pairing.py)

from tourney.app.engine_input import pair_next_round  # noqa: E402
from tourney.engine.pairing import burstein, dutch  # noqa: E402
from tourney.engine.pairing.dutch import pair_dutch  # noqa: E402

REFERENCE = ROOT / "tests" / "reference"
# GNU time, for the peak resident size of each engine alone (see run_engine)
TIME = shutil.which("time", path="/usr/bin:/bin") or None


@dataclass(frozen=True)
class Run:
    """One engine process: its CPU seconds, peak resident size (MB) and its pairing."""

    cpu: float
    rss_mb: float
    wall: float
    status: int | None  # exit status; None when it was stopped at the timeout
    pairing: frozenset[tuple[int, int]] | None  # (white, black); the bye as (N, 0)
    text: str


def run_engine(
    argv: list[str], out: Path, env: dict[str, str], timeout: float, cpu_limit: float | None = None
) -> Run:
    """Run ``argv`` as a child process. Its CPU is the child's own rusage (``os.wait4``).
    Its peak resident size is read by GNU time in between: a child forked from this
    process would count this process's memory as its own peak (Linux keeps the
    high-water mark of the memory the child replaced at exec). ``cpu_limit`` stops the
    engine after that many CPU seconds (RLIMIT_CPU), ``timeout`` after that wall time."""
    out.unlink(missing_ok=True)
    peak_file = out.with_suffix(".peak")
    peak_file.unlink(missing_ok=True)
    if TIME is not None:
        argv = [TIME, "-f", "%M", "-o", str(peak_file), *argv]
    start = time.perf_counter()

    def limit() -> None:  # in the child, before exec: inherited by the engine
        if cpu_limit is not None:
            seconds = int(cpu_limit)
            resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5))

    child = subprocess.Popen(
        argv,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        preexec_fn=limit if cpu_limit is not None else None,
    )
    status: int | None = None
    while True:
        pid, raw, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            status = os.waitstatus_to_exitcode(raw)
            break
        if time.perf_counter() - start > timeout:
            os.killpg(child.pid, signal.SIGKILL)
            _, raw, usage = os.wait4(child.pid, 0)
            break
        time.sleep(0.001 if time.perf_counter() - start < 1 else 0.2)
    if status and cpu_limit is not None and usage.ru_utime + usage.ru_stime >= cpu_limit - 1:
        status = None  # stopped at the CPU limit
    child.returncode = status if status is not None else -9
    wall = time.perf_counter() - start
    text = out.read_text() if status == 0 and out.exists() else ""
    peak = peak_file.read_text().split() if peak_file.exists() else []
    return Run(
        cpu=usage.ru_utime + usage.ru_stime,
        rss_mb=int(peak[-1]) / 1024 if peak and peak[-1].isdigit() else usage.ru_maxrss / 1024,
        wall=wall,
        status=status,
        pairing=parse_output(text) if text else None,
        text=text,
    )


def parse_output(text: str) -> frozenset[tuple[int, int]]:
    """The engines' output: a count, then ``white black`` per pair, the bye as ``N 0``."""
    lines = text.split()
    return frozenset((int(lines[i]), int(lines[i + 1])) for i in range(1, 1 + 2 * int(lines[0]), 2))


class Engines:
    """The two command lines, run on the same input."""

    def __init__(
        self, bbp: Path, system: str, work: Path, timeout: float, cpu_limit: float | None = None
    ) -> None:
        self.bbp = bbp
        self.cpu_limit = cpu_limit
        self.system = system
        self.work = work
        self.timeout = timeout
        self.env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        self.env["PYTHONPATH"] = str(ROOT)
        # bytecode compiled once, as on an installed copy (make setup, pip)
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(ROOT / "tourney")],
            check=True,
            capture_output=True,
        )

    def tourney(self, trf: Path) -> Run:
        out = self.work / "tourney.txt"
        argv = [sys.executable, "-m", "tourney", "pairing-engine", f"--{self.system}"]
        argv = [*argv, str(trf), "-p", str(out)]
        return run_engine(argv, out, self.env, self.timeout, self.cpu_limit)

    def in_process(self, trf: Path) -> tuple[float, float, str]:
        """tourney in this process, as ``pairing-engine`` runs once started: the CPU
        seconds of the whole call (the TRF read, the state, the pairing, the output
        lines) and of the system's pairing function alone, and the pairing."""
        module = burstein if self.system == "burstein" else dutch
        name = "pair_burstein" if self.system == "burstein" else "pair_dutch"
        function = getattr(module, name)
        inside = [0.0]

        def timed(state):  # type: ignore[no-untyped-def]
            start = time.process_time()
            try:
                return function(state)
            finally:
                inside[0] += time.process_time() - start

        setattr(module, name, timed)
        start = time.process_time()
        try:
            text = pair_next_round(trf, self.system).text
        except Exception:  # no pairing: counted as a failed round
            text = ""
        finally:
            setattr(module, name, function)
        whole = time.process_time() - start
        return whole, inside[0], text

    def reference(self, trf: Path) -> Run:
        out = self.work / "bbp.txt"
        argv = [str(self.bbp), f"--{self.system}", str(trf), "-p", str(out)]
        return run_engine(argv, out, self.env, self.timeout, self.cpu_limit)


# -- the reference sets ----------------------------------------------------------------


def replay_case(path: Path, r: int) -> tuple[str, frozenset[tuple[int, int]]]:
    """The input TRF for round ``r`` of a reference file and the file's own pairing
    (tests/reference/dutch/README.md, "How a test should replay a file")."""
    lines = path.read_text(encoding="ascii").splitlines()
    win, draw = Fraction(1), Fraction(1, 2)
    for line in lines:
        if line.startswith("162"):  # 3/1/0 scoring
            if found := re.search(r"W\s+([\d.]+)", line):
                win = Fraction(found.group(1))
            if found := re.search(r"D\s+([\d.]+)", line):
                draw = Fraction(found.group(1))

    def value(entry: str) -> Fraction:
        result = entry[7]
        return win if result in "1+U" else draw if result in "=H" else Fraction(0)

    rows = []
    expected: set[tuple[int, int]] = set()
    for line in lines:
        if not line.startswith("001"):
            continue
        pid = int(line[4:8])
        entries = [line[i : i + 8] for i in range(91, len(line), 10)]
        kept = entries[: r - 1]
        now = entries[r - 1]
        if now.startswith("0000") and now[7] in "HZ":
            kept.append(now)  # absent in round r: kept
        elif now.startswith("0000"):  # "0000 - U", the pairing-allocated bye
            expected.add((pid, 0))
        elif now[5] == "w":
            expected.add((pid, int(now[0:4])))
        rows.append((pid, line[:80], sum(value(e) for e in entries[: r - 1]), kept))
    order = sorted(rows, key=lambda row: (-row[2], row[0]))
    rank = {row[0]: i + 1 for i, row in enumerate(order)}
    body = [
        f"{prefix}{float(score):4.1f} {rank[pid]:4d}" + "".join("  " + e for e in kept)
        for pid, prefix, score, kept in rows
    ]
    head = [line for line in lines if line.startswith("012")]
    tail = [line for line in lines if line[:3] in ("092", "162", "XXR", "XXC")]
    return "\n".join(head + body + tail) + "\n", frozenset(expected)


def reference_set(engines: Engines, name: str, mode: str) -> None:
    """``mode``: tourney as a whole process (``process``), in this process
    (``in-process``) or both, beside bbpPairings' whole process each round."""
    files = sorted((REFERENCE / name).glob("ref_*.trf"))
    totals = {"tourney": 0.0, "bbp": 0.0, "in-process": 0.0, "engine": 0.0}
    slowest = {who: (0.0, "") for who in totals}
    peak = {"tourney": 0.0, "bbp": 0.0}
    rounds = same = ours_file = theirs_file = same_inside = 0
    differ: list[str] = []
    failed: list[str] = []
    for path in files:
        count = max(len(line) for line in path.read_text().splitlines() if line[:3] == "001")
        for r in range(1, (count - 91 + 2) // 10 + 1):
            text, expected = replay_case(path, r)
            trf = engines.work / "in.trf"
            trf.write_text(text, encoding="ascii")
            label = f"{path.name} round {r}"
            runs = {"bbp": engines.reference(trf)}
            if mode != "in-process":
                runs["tourney"] = engines.tourney(trf)
            rounds += 1
            theirs = runs["bbp"].pairing
            for who, run in runs.items():
                totals[who] += run.cpu
                peak[who] = max(peak[who], run.rss_mb)
                if run.cpu > slowest[who][0]:
                    slowest[who] = (run.cpu, label)
                if run.status != 0:
                    failed.append(f"{label}: {who} exit {run.status}")
            if mode != "process":
                whole, inside, output = engines.in_process(trf)
                pairing = parse_output(output) if output else None
                for who, cpu in (("in-process", whole), ("engine", inside)):
                    totals[who] += cpu
                    if cpu > slowest[who][0]:
                        slowest[who] = (cpu, label)
                same_inside += pairing is not None and pairing == theirs
                if pairing is None:
                    failed.append(f"{label}: tourney in process, no pairing")
            ours = runs["tourney"].pairing if "tourney" in runs else pairing
            same += ours is not None and ours == theirs
            ours_file += ours == expected
            theirs_file += theirs == expected
            if ours != theirs:
                differ.append(label)
        print(f"  {path.name}: {rounds} rounds so far, {same} identical", flush=True)
    print(f"\n{name} reference set: {len(files)} files, {rounds} rounds (CPU seconds)")
    shown = {
        "process": ("tourney", "bbp"),
        "in-process": ("in-process", "engine", "bbp"),
        "both": ("tourney", "in-process", "engine", "bbp"),
    }[mode]
    titles = {
        "tourney": "tourney, whole process",
        "in-process": "tourney in process (TRF read, pairing, output)",
        "engine": "tourney's pairing function alone",
        "bbp": "bbpPairings, whole process",
    }
    for who in shown:
        cpu, where = slowest[who]
        memory = f"; peak resident {peak[who]:.0f} MB" if who in peak else ""
        ratio = f" ({totals[who] / totals['bbp']:.1f}x bbpPairings)" if who != "bbp" else ""
        print(
            f"  {titles[who]}: {totals[who]:.1f} s in all{ratio}, {totals[who] / rounds:.4f} s "
            f"a round; slowest {cpu:.2f} s ({where}){memory}"
        )
    print(f"  identical pairings (pairs, colours, bye): {same} of {rounds}")
    if mode == "both":
        print(f"  identical pairings in process: {same_inside} of {rounds}")
    print(f"  agreeing with the file: tourney {ours_file}, bbpPairings {theirs_file}")
    for line in differ[:20]:
        print(f"  differ: {line}")
    for line in failed[:20]:
        print(f"  failed: {line}")


# -- generated events ------------------------------------------------------------------


class Recorded(Event):
    """bench/pairing.py's simulated event, keeping each round's TRF entries."""

    def __init__(self, n: int, rounds: int, seed: int, system: str = "dutch") -> None:
        super().__init__(n, rounds, seed)
        self.system = system
        self.entries: dict[int, list[str]] = {i: [] for i in self.rating}

    def play(self, r: int, pairs: tuple[tuple[int, int], ...], bye: int | None) -> None:
        before = dict(self.score)
        super().play(r, pairs, bye)
        for white, black in pairs:
            if self.colours[white][-1] is None:  # forfeited: the game was not played
                cells = ("+", "-")
            else:
                won = self.score[white] - before[white]
                cells = ("1", "0") if won == 1 else ("=", "=") if won else ("0", "1")
            self.entries[white].append(f"{black:4d} w {cells[0]}")
            self.entries[black].append(f"{white:4d} b {cells[1]}")
        if bye is not None:
            self.entries[bye].append("0000 - U")
        for i in self.rating:
            if r in self.absent[i]:
                self.entries[i].append("0000 - H")

    def advance(self, r: int, trf: Path, text: str = "") -> bool:
        """Pair round ``r`` by tourney in this process and play it. The Dutch system
        from the simulation's own state, as before; the Burstein system from ``trf``
        (the simulation keeps no round-by-round results, which its index reads), or
        ``text``, the output of that pairing when it was measured."""
        if self.system == "dutch":
            result = pair_dutch(self.state(r))
            self.play(r, result.pairs, result.bye)
            return True
        try:
            lines = (text or pair_next_round(trf, self.system).text).split()
        except Exception:
            return False
        pairs = [(int(lines[i]), int(lines[i + 1])) for i in range(1, len(lines), 2)]
        bye = next((w for w, b in pairs if b == 0), None)
        self.play(r, tuple((w, b) for w, b in pairs if b), bye)
        return True

    def trf(self, r: int) -> str:
        """TRF16 before round ``r``: rounds 1..r-1, and the half-point byes of round r."""
        value = {"1": 1, "+": 1, "U": 1, "=": Fraction(1, 2), "H": Fraction(1, 2)}
        scores = {
            i: sum((Fraction(value.get(e[7], 0)) for e in self.entries[i][: r - 1]), Fraction(0))
            for i in self.rating
        }
        order = sorted(self.rating, key=lambda i: (-scores[i], i))
        rank = {i: k + 1 for k, i in enumerate(order)}
        lines = [f"012 bench/versus.py {self.n} players"]
        for i, rating in self.rating.items():
            cells = self.entries[i][: r - 1]
            if r in self.absent[i]:
                cells = [*cells, "0000 - H"]
            name = f"Player {i:04d}"
            lines.append(
                f"001 {i:4d}      {name:<33} {rating:4d}{'':28}"
                f"{float(scores[i]):4.1f} {rank[i]:4d}" + "".join("  " + c for c in cells)
            )
        code = "FIDE_BURSTEIN" if self.system == "burstein" else "FIDE_DUTCH_2025"
        lines += [f"092 {code}", f"XXR {self.rounds}", "XXC white1"]
        return "\n".join(lines) + "\n"


SKIPPED = Run(0.0, 0.0, 0.0, -1, None, "")  # an engine left out (``--only``)


def sizes(
    engines: Engines, players: list[int], rounds: list[int], seed: int, only: str | None, mode: str
) -> None:
    """Generated events of each size: the rounds before a measured one paired by tourney
    in this process from the same TRF (not timed); each measured round by both."""
    inside = mode != "process"
    print(
        f"{'players':>7} {'round':>5}  {'tourney CPU':>11} {'peak':>7}  "
        f"{'bbpPairings CPU':>15} {'peak':>7}  {'ratio':>6}  same pairing"
        + ("   in process: whole call, pairing function, ratio" if inside else "")
    )
    for n in players:
        event = Recorded(n, max(9, *rounds), seed + n, engines.system)
        for r in range(1, max(rounds) + 1):
            trf = engines.work / f"{engines.system}-{n}-round{r}.trf"
            trf.write_text(event.trf(r), encoding="ascii")
            measured = r in rounds
            ours = theirs = SKIPPED
            whole = alone = 0.0
            text = ""
            if measured and only != "bbp" and mode != "in-process":
                ours = engines.tourney(trf)
            if measured and only != "tourney":
                theirs = engines.reference(trf)
            if inside and measured:
                whole, alone, text = engines.in_process(trf)
            if measured:
                same = (
                    "yes"
                    if ours.pairing is not None and ours.pairing == theirs.pairing
                    else "NO"
                    if ours.pairing and theirs.pairing
                    else "-"
                )
                extra = ""
                if inside:
                    agree = "same" if text and parse_output(text) == theirs.pairing else "DIFFERS"
                    ratio = f"{whole / theirs.cpu:.2f}" if theirs.cpu else "-"
                    extra = f"   {whole:9.2f} s {alone:9.2f} s {ratio:>6}  {agree}"
                print(
                    f"{n:>7} {r:>5}  {_cpu(ours):>11} {ours.rss_mb:>5.0f}MB  "
                    f"{_cpu(theirs):>15} {theirs.rss_mb:>5.0f}MB  "
                    f"{_ratio(ours, theirs):>6}  {same}{extra}",
                    flush=True,
                )
                for who, run in (("tourney", ours), ("bbpPairings", theirs)):
                    (engines.work / f"{engines.system}-{n}-round{r}.{who}.txt").write_text(run.text)
            if r < max(rounds) and not event.advance(r, trf, text):
                print(f"{n:>7} {r:>5}  tourney found no pairing: stopped", flush=True)
                break


def _cpu(run: Run) -> str:
    if run.status is None:
        return f">{run.cpu:.1f} s (stopped)"
    if run is SKIPPED:
        return "-"
    if run.status != 0:
        return f"exit {run.status}"
    return f"{run.cpu:.2f} s"


def _ratio(ours: Run, theirs: Run) -> str:
    if ours.status != 0 or theirs.status != 0 or not theirs.cpu:
        return "-"
    return f"{ours.cpu / theirs.cpu:.2f}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bbp", type=Path, required=True, help="the bbpPairings binary")
    parser.add_argument("--timeout", type=float, default=7200, help="seconds of wall time a run")
    parser.add_argument("--cpu-limit", type=float, help="CPU seconds a run may take")
    parser.add_argument("--keep", type=Path, help="keep the TRFs and outputs in this folder")
    parser.add_argument("--rounds", type=int, nargs="+", default=[2, 9])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--only", choices=["tourney", "bbp"], help="sizes: run one engine (two runs side by side)"
    )
    parser.add_argument(
        "--system", choices=["dutch", "burstein"], default="dutch", help="sizes: the system"
    )
    parser.add_argument(
        "--tourney",
        choices=["process", "in-process", "both"],
        default="process",
        help="tourney as a whole process each round, in this process, or both",
    )
    parser.add_argument("what", choices=["dutch", "burstein", "sizes"])
    parser.add_argument("players", type=int, nargs="*", default=[100, 1000, 2000])
    args = parser.parse_args(argv)
    if not args.bbp.is_file():
        parser.error(f"{args.bbp} is not a file")
    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        system = args.system if args.what == "sizes" else args.what
        engines = Engines(args.bbp.resolve(), system, work, args.timeout, args.cpu_limit)
        print(f"tourney ({sys.executable} -m tourney) beside {args.bbp}, --{system}", flush=True)
        if args.what == "sizes":
            rounds = sorted(set(args.rounds))
            sizes(engines, args.players, rounds, args.seed, args.only, args.tourney)
        else:
            reference_set(engines, args.what, args.tourney)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
