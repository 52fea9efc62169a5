"""Scale: a large Swiss (or team league) end to end through the folder commands.

Usage (from the repository root):

    .venv/bin/python bench/scale.py                          # 1,000 players, 9 rounds
    .venv/bin/python bench/scale.py swiss --players 3000 --rounds 5
    .venv/bin/python bench/scale.py team --teams 200 --rounds 9
    .venv/bin/python bench/scale.py swiss --players 400 --profile 12   # top 12 entries a step
    .venv/bin/python bench/scale.py swiss --engine-rounds 2  # rounds 3.. paired greedily

The event is generated with a fixed seed (players rated 1200-2650, about 1 %
half-point byes requested in players.yaml, 2 % withdrawals; team rosters 6 deep)
and written as a real tournament folder in a temporary directory. Then every step
is the real command, run as its own process exactly as a user types it:

    tourney pair DIR --quiet                 each round
    tourney results DIR N FILE               each round: every board's result, one file
    tourney check DIR
    tourney standings DIR
    tourney build DIR -o SITE --quiet        and again with nothing changed
    tourney export DIR -o FILE --format trf26, and trf16

For each step the bench prints the command's CPU seconds (user + system, from the
operating system's accounting of the child process, so a busy machine inflates it
far less than wall time), its wall time and its peak resident size (``ru_maxrss``
of that process alone); bytecode is compiled once before the first command, as on
an installed copy. A command that fails is reported with its exit status and
first error line, and the run goes on (an export that cannot be written says why).
The results of each round are drawn from the rating difference, as in
bench/tournaments.py. Rounds after ``--engine-rounds`` are paired by the bench's
greedy pairing and written by the bench (not timed), so that the later steps of a
large event can be measured where the pairing engine is the slow step.

``--profile N`` runs every command under cProfile and prints its N most expensive
functions (own time, then time including callees); the CPU figures of a profiled
run are inflated by the profiler. ``--keep DIR`` writes the folder there instead of
a temporary directory.

Measured figures, before and after each change, with the top profile entries of each
step: docs/robustness.md, section 5 ("10,000 players, 11 rounds"). At 10,000 players x
11 rounds (CPU seconds, shared 2-core machine under load): ``standings`` 32 s, of which
17 s were rich's layout of a table one column wider than the console, now drawn by
``tourney.cli.plain_table`` in 0.5 s; ``results`` of a whole round parses the folder's
files once (14 parses instead of 26) and its edited lines with the C parser; ``check``
4.8-5.8 s; a site build computes the latest rounds' tie-break contexts once instead of
twice. The time of every step other than pairing grows linearly with players x rounds
(the evaluation of ``build`` with players x rounds squared: the standings after every
round).
"""

from __future__ import annotations

import argparse
import compileall
import dataclasses
import datetime as dt
import io
import os
import pstats
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tournaments import FEDERATIONS, _name, _pair, _result, swiss, unfinished  # noqa: E402

from tourney.edit.folder_writer import write_folder  # noqa: E402
from tourney.edit.rounds import write_round  # noqa: E402
from tourney.load.folder import load_tournament  # noqa: E402
from tourney.model import (  # noqa: E402
    Bye,
    ByeKind,
    Format,
    Game,
    Match,
    Player,
    Result,
    Round,
    Settings,
    Team,
    TeamOptions,
    Tournament,
)

# -- events -----------------------------------------------------------------------------


def swiss_event(players: int, rounds: int, seed: int) -> Tournament:
    """The entry list of a Swiss (requested byes and withdrawals), no round yet."""
    return unfinished(swiss(players, rounds, seed=seed), 0)


def team_event(teams: int, rounds: int, boards: int, depth: int, seed: int) -> Tournament:
    """A team Swiss entry list: ``teams`` clubs of ``depth`` players each, no round yet."""
    rng = random.Random(seed)
    players: list[Player] = []
    squads: list[Team] = []
    for t in range(teams):
        base = 2500 - t * 1000 // max(teams, 1)
        roster = []
        for b in range(depth):
            k = t * depth + b
            pid = f"m{k + 1:05d}"
            players.append(
                Player(
                    id=pid,
                    name=_name(k),
                    rating=base - 20 * b + rng.randint(-50, 50),
                    federation=FEDERATIONS[t % len(FEDERATIONS)],
                )
            )
            roster.append(pid)
        squads.append(Team(id=f"t{t + 1:03d}", name=f"Club {t + 1}", roster=tuple(roster)))
    settings = Settings(
        name=f"Scale League {teams}",
        format=Format.TEAM_SWISS,
        rounds=rounds,
        start_date=dt.date(2026, 4, 1),
        team=TeamOptions(boards=boards),
    )
    return Tournament(settings, players=tuple(players), teams=tuple(squads))


# -- results ----------------------------------------------------------------------------


def _played(rng: random.Random, t: Tournament, game: Game) -> Game:
    white = t.player(game.white).rating if game.white else None
    black = t.player(game.black).rating if game.black else None
    if not game.white or not game.black:
        won = Result.WHITE_FORFEIT_WIN if game.white else Result.BLACK_FORFEIT_WIN
        return dataclasses.replace(game, result=won)
    return dataclasses.replace(game, result=_result(rng, white, black))


def with_results(rng: random.Random, t: Tournament, rnd: Round) -> Round:
    """The round with a result on every board, drawn from the rating difference."""
    if rnd.matches:
        matches = tuple(
            dataclasses.replace(m, games=tuple(_played(rng, t, g) for g in m.games))
            for m in rnd.matches
        )
        return dataclasses.replace(rnd, matches=matches)
    return dataclasses.replace(rnd, games=tuple(_played(rng, t, g) for g in rnd.games))


def greedy_round(t: Tournament, number: int) -> Round:
    """A round paired by the bench's greedy pairing (not FIDE): top-down by score."""
    score: dict[str, Fraction] = {}
    met: dict[str, set[str]] = {}
    whites: dict[str, int] = {}
    entries = t.teams if t.is_team else t.players
    start = {e.id: e.start or i for i, e in enumerate(entries, start=1)}
    for e in entries:
        score[e.id] = Fraction(0)
        met[e.id] = set()
        whites[e.id] = 0
    for rnd in t.rounds:
        for bye in rnd.byes:
            if bye.participant in score:
                score[bye.participant] += 1 if bye.kind is ByeKind.PAB else Fraction(1, 2)
        pairs = [(m.white, m.black, m.games) for m in rnd.matches] or [
            (g.white, g.black, (g,)) for g in rnd.games
        ]
        for white, black, games in pairs:
            met[white].add(black)
            met[black].add(white)
            whites[white] += 1
            for g in games:  # an approximate score is enough for a greedy pairing
                if g.result in (Result.WHITE_WINS, Result.WHITE_FORFEIT_WIN):
                    score[white] += 1
                elif g.result in (Result.BLACK_WINS, Result.BLACK_FORFEIT_WIN):
                    score[black] += 1
                elif g.result is Result.DRAW:
                    score[white] += Fraction(1, 2)
                    score[black] += Fraction(1, 2)
    byes: list[Bye] = []
    pool: list[str] = []
    for e in entries:
        player = e if isinstance(e, Player) else None
        kind = player.requested_bye(number) if player is not None else None
        if kind is not None:
            byes.append(Bye(e.id, kind))
        elif player is None or player.available(number):
            pool.append(e.id)
    if len(pool) % 2:
        had = {b.participant for r in t.rounds for b in r.byes if b.kind is ByeKind.PAB}
        lowest = sorted(pool, key=lambda p: (score[p], -start[p]))
        pab = next((p for p in lowest if p not in had), lowest[0])
        pool.remove(pab)
        byes.append(Bye(pab, ByeKind.PAB))
    pairs = _pair(pool, score, start, met, whites)
    if not t.is_team:
        games = tuple(Game(w, b, board=k) for k, (w, b) in enumerate(pairs, start=1))
        return Round(number, games=games, byes=tuple(byes))
    boards = t.settings.team.boards if t.settings.team else 4
    matches = []
    for k, (w, b) in enumerate(pairs, start=1):
        rw, rb = t.team(w).roster[:boards], t.team(b).roster[:boards]
        games = tuple(
            Game(rw[i], rb[i], board=i + 1) if i % 2 == 0 else Game(rb[i], rw[i], board=i + 1)
            for i in range(boards)
        )
        matches.append(Match(w, b, games, number=k))
    return Round(number, matches=tuple(matches), byes=tuple(byes))


# -- the commands -----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Step:
    """One command run: its label, CPU and wall seconds, peak resident size, outcome."""

    label: str
    cpu: float
    wall: float
    rss_mb: float
    status: int
    error: str


def _first_error(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for line in lines:
        if "error" in line.lower():
            return line
    return lines[-1] if lines else ""


# ``python -c PROFILED STATS ARGS...``: ``tourney ARGS...`` under cProfile, timed by
# the process's CPU clock (a busy machine would inflate a wall clock), the frames of
# the runner itself left out of the statistics.
PROFILED = """
import cProfile, runpy, sys, time
stats = sys.argv[1]
sys.argv = ["tourney", *sys.argv[2:]]
profile = cProfile.Profile(time.process_time)
code = 0
try:
    profile.runcall(runpy.run_module, "tourney", run_name="__main__")
except SystemExit as stop:
    code = stop.code if isinstance(stop.code, int) else 1
profile.dump_stats(stats)
sys.exit(code)
"""

RUNNER_FRAMES = ("<frozen runpy>", "builtins.exec}", "tourney/__main__.py")


class Runner:
    """Runs ``tourney`` commands as child processes and prints a row for each."""

    def __init__(self, work: Path, profile: int) -> None:
        self.work = work
        self.profile = profile
        self.steps: list[Step] = []
        # Bytecode written and used, as on an installed copy (bench/startup.py does
        # the same): compiled once here, untimed, not by the first command.
        self.env = dict(os.environ)
        self.env.pop("PYTHONDONTWRITEBYTECODE", None)
        compileall.compile_dir(ROOT / "tourney", quiet=1)
        self.env["PYTHONPATH"] = os.pathsep.join(
            [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
        )

    def __call__(self, label: str, *args: str | Path) -> Step:
        stats = self.work / "profile.out"
        argv = [sys.executable, "-m", "tourney", *map(str, args)]
        if self.profile:
            argv = [sys.executable, "-c", PROFILED, str(stats), *argv[3:]]
        out, err = self.work / "stdout.txt", self.work / "stderr.txt"
        with out.open("wb") as o, err.open("wb") as e:
            start = time.perf_counter()
            child = subprocess.Popen(argv, stdout=o, stderr=e, env=self.env)
            _, status, usage = os.wait4(child.pid, 0)
            wall = time.perf_counter() - start
        child.returncode = code = os.waitstatus_to_exitcode(status)
        cpu = usage.ru_utime + usage.ru_stime
        error = _first_error(err.read_text(errors="replace")) if code else ""
        step = Step(label, cpu, wall, usage.ru_maxrss / 1024, code, error)
        self.steps.append(step)
        outcome = f"   exit {code}: {error}" if code else ""
        print(
            f"  {label:<34} {cpu:8.2f} s CPU {wall:8.2f} s wall {step.rss_mb:7.0f} MB{outcome}",
            flush=True,
        )
        if self.profile and not code:
            self._print_profile(stats)
        return step

    def _print_profile(self, path: Path) -> None:
        for order, title in (("tottime", "own time"), ("cumulative", "with callees")):
            sink = io.StringIO()
            stats = pstats.Stats(str(path), stream=sink)
            stats.sort_stats(order).print_stats(self.profile)
            rows = [
                line
                for line in sink.getvalue().splitlines()
                if line.lstrip()[:1].isdigit()
                and "function calls" not in line
                and not any(frame in line for frame in RUNNER_FRAMES)
            ]
            print(f"      top {self.profile} by {title}: ncalls tottime percall cumtime percall")
            for row in rows:
                print("      " + row.replace(str(ROOT) + "/", ""))


# -- results as a user types them -------------------------------------------------------

SPELLING = {
    Result.WHITE_WINS: "1-0",
    Result.DRAW: "=",
    Result.BLACK_WINS: "0-1",
    Result.WHITE_FORFEIT_WIN: "+-",
    Result.BLACK_FORFEIT_WIN: "-+",
    Result.DOUBLE_FORFEIT: "--",
}


def results_text(rnd: Round) -> str:
    """``tourney results`` input for a round whose games hold results: one board a line."""
    lines = [f"# round {rnd.number}"]
    if rnd.matches:
        for m in rnd.matches:
            for g in m.games:
                assert g.result is not None
                lines.append(f"{m.number}.{g.board} {SPELLING[g.result]}")
    else:
        for g in rnd.games:
            assert g.result is not None
            lines.append(f"{g.board} {SPELLING[g.result]}")
    return "\n".join(lines) + "\n"


# -- the run ----------------------------------------------------------------------------


def run(
    title: str,
    make: Callable[[], Tournament],
    rounds: int,
    engine_rounds: int,
    build: bool,
    profile: int,
    seed: int,
    keep: Path | None,
) -> list[Step]:
    rng = random.Random(seed)
    print(f"{title}:", flush=True)
    with tempfile.TemporaryDirectory(prefix="tourney-scale-") as tmp:
        work = Path(tmp)
        folder = keep if keep is not None else work / "event"
        start = time.process_time()
        write_folder(make(), folder)
        print(f"  {'generate and write the folder':<34} {time.process_time() - start:8.2f} s CPU")
        cli = Runner(work, profile)
        for number in range(1, rounds + 1):
            if number <= engine_rounds:
                step = cli(f"round {number}: pair", "pair", folder, "--quiet")
                if step.status:
                    print("  stopping: the round could not be paired")
                    return cli.steps
                t = load_tournament(folder)
                rnd = t.round(number)
                assert rnd is not None
            else:
                t = load_tournament(folder)
                rnd = greedy_round(t, number)
                write_round(t, folder, rnd)
                print(f"  round {number}: paired greedily by the bench (not timed)", flush=True)
            played = with_results(rng, t, rnd)
            sheet = work / f"results-{number:02d}.txt"
            sheet.write_text(results_text(played), encoding="utf-8")
            cli(f"round {number}: results (whole round)", "results", folder, number, sheet)
        cli("check", "check", folder)
        cli("standings", "standings", folder)
        if build:
            site = work / "_site"
            cli("build (full)", "build", folder, "-o", site, "--quiet")
            cli("build (nothing changed)", "build", folder, "-o", site, "--quiet")
        for kind in ("trf26", "trf16"):
            cli(
                f"export {kind}",
                "export",
                folder,
                "-o",
                work / f"event-{kind}.txt",
                "--format",
                kind,
            )
        return cli.steps


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("events", nargs="*", help="swiss (default), team, or both")
    parser.add_argument("--players", type=int, default=1000, help="Swiss players (1000)")
    parser.add_argument("--teams", type=int, default=200, help="league teams (200)")
    parser.add_argument("--rounds", type=int, default=9, help="rounds of each event (9)")
    parser.add_argument("--boards", type=int, default=4, help="boards per match (4)")
    parser.add_argument("--depth", type=int, default=6, help="players per roster (6)")
    parser.add_argument(
        "--engine-rounds",
        type=int,
        default=None,
        help="pair only the first N rounds with tourney pair (default: all)",
    )
    parser.add_argument("--no-build", action="store_true", help="skip tourney build")
    parser.add_argument(
        "--profile", type=int, default=0, metavar="N", help="profile each command, top N"
    )
    parser.add_argument("--keep", type=Path, help="write the folder here (must not exist)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    events = args.events or ["swiss"]
    if set(events) - {"swiss", "team"}:
        parser.error("the events are 'swiss' and 'team'")
    if args.keep is not None and len(events) > 1:
        parser.error("--keep takes one event")
    engine_rounds = args.rounds if args.engine_rounds is None else args.engine_rounds
    failed = False
    if "swiss" in events:
        steps = run(
            f"individual Swiss, {args.players} players, {args.rounds} rounds",
            lambda: swiss_event(args.players, args.rounds, args.seed),
            args.rounds,
            engine_rounds,
            not args.no_build,
            args.profile,
            args.seed,
            args.keep,
        )
        failed = failed or any(s.status for s in steps)
    if "team" in events:
        steps = run(
            f"team Swiss, {args.teams} teams x {args.depth} players, {args.boards} boards, "
            f"{args.rounds} rounds",
            lambda: team_event(args.teams, args.rounds, args.boards, args.depth, args.seed),
            args.rounds,
            engine_rounds,
            not args.no_build,
            args.profile,
            args.seed,
            args.keep,
        )
        failed = failed or any(s.status for s in steps)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
