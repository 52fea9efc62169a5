"""Scale: a large individual Swiss and a large team league, loaded, paired and built.

Usage (from the repository root):

    .venv/bin/python bench/scale.py                      # both events at full size
    .venv/bin/python bench/scale.py swiss --players 400  # a smaller Swiss
    .venv/bin/python bench/scale.py team --teams 60 --rounds 5
    .venv/bin/python bench/scale.py swiss --engine-rounds 2   # rounds 3.. paired greedily

Full size is a 3,000-player, 9-round individual Swiss (FIDE Dutch system) and a
200-team, 9-round team Swiss (4 boards, 6 players per roster). Each event is
generated with a fixed seed (players rated 1200-2650, about 1 % half-point
byes, 2 % withdrawals; team rosters 6 deep) and written as a real tournament
folder in a temporary directory. Then, round by round, the folder is loaded
(``load``, timed), the round is paired through the ``tourney pair`` command
path (``pair``, timed: it loads the folder again, pairs and writes
rounds/NN.yaml and the explanation) and its results are drawn from the rating
difference and written into the round file. Rounds after ``--engine-rounds``
are paired by the simple greedy pairing of bench/tournaments.py instead, so that
the load and build of a full-size event can be measured even where the
pairing engine is the slow step. Last, ``tourney build`` renders the site
(load / render / write, timed).

Memory: the process's peak resident size (``ru_maxrss``) after each step, and
with ``--tracemalloc`` the peak of Python allocations per step (tracing makes
everything several times slower, so it is off by default).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import datetime as dt
import io
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tournaments import FEDERATIONS, _name, _pair, _result, swiss, unfinished  # noqa: E402

from tourney.app.build import build_site  # noqa: E402
from tourney.app.pair import pair_folder  # noqa: E402
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


def rss_mb() -> float:
    """Peak resident size of this process so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Meter:
    """Wall time of a step, the peak RSS after it and, optionally, the traced peak."""

    def __init__(self, trace: bool) -> None:
        self.trace = trace
        self.rows: list[tuple[str, float, float, float | None]] = []

    @contextlib.contextmanager
    def step(self, label: str, quiet: bool = True) -> Iterator[None]:
        if self.trace:
            tracemalloc.start()
        start = time.perf_counter()
        sink = io.StringIO()
        with contextlib.redirect_stdout(sink) if quiet else contextlib.nullcontext():
            yield
        elapsed = time.perf_counter() - start
        peak = None
        if self.trace:
            peak = tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
        self.rows.append((label, elapsed, rss_mb(), peak))
        traced = f"  traced {peak:8.1f} MB" if peak is not None else ""
        print(f"  {label:<34} {elapsed:9.2f} s   RSS {rss_mb():8.0f} MB{traced}", flush=True)


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


# -- the run ----------------------------------------------------------------------------


def run(
    title: str,
    make: Callable[[], Tournament],
    rounds: int,
    engine_rounds: int,
    build: bool,
    meter: Meter,
    seed: int,
) -> None:
    rng = random.Random(seed)
    print(f"{title}:", flush=True)
    with tempfile.TemporaryDirectory(prefix="tourney-scale-") as tmp:
        with meter.step("generate and write the folder"):
            folder = write_folder(make(), Path(tmp) / "event")
        for number in range(1, rounds + 1):
            with meter.step(f"round {number}: load"):
                t = load_tournament(folder)
            if number <= engine_rounds:
                with meter.step(f"round {number}: pair (tourney pair)"):
                    pair_folder(folder)
                t = load_tournament(folder)
                rnd = t.round(number)
                assert rnd is not None
            else:
                rnd = greedy_round(t, number)
                print(f"  round {number}: paired greedily (not timed)", flush=True)
            write_round(t, folder, with_results(rng, t, rnd))
        with meter.step("load the finished event"):
            t = load_tournament(folder)
        if build:
            output = Path(tmp) / "_site"
            with meter.step("tourney build (full)"):
                built = build_site(folder, output)
            print(f"    {built.pages} pages, {len(built.report.written)} files written")
            with meter.step("tourney build (nothing changed)"):
                build_site(folder, output)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("events", nargs="*", help="swiss, team or both (default)")
    parser.add_argument("--players", type=int, default=3000, help="Swiss players (3000)")
    parser.add_argument("--teams", type=int, default=200, help="league teams (200)")
    parser.add_argument("--rounds", type=int, default=9, help="rounds of each event (9)")
    parser.add_argument("--boards", type=int, default=4, help="boards per match (4)")
    parser.add_argument("--depth", type=int, default=6, help="players per roster (6)")
    parser.add_argument(
        "--engine-rounds",
        type=int,
        default=None,
        help="pair only the first N rounds with the engine (default: all)",
    )
    parser.add_argument("--no-build", action="store_true", help="skip tourney build")
    parser.add_argument("--tracemalloc", action="store_true", help="trace Python allocations")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    events = args.events or ["swiss", "team"]
    if set(events) - {"swiss", "team"}:
        parser.error("the events are 'swiss' and 'team'")
    engine_rounds = args.rounds if args.engine_rounds is None else args.engine_rounds
    meter = Meter(args.tracemalloc)
    if "swiss" in events:
        run(
            f"individual Swiss, {args.players} players, {args.rounds} rounds",
            lambda: swiss_event(args.players, args.rounds, args.seed),
            args.rounds,
            engine_rounds,
            not args.no_build,
            meter,
            args.seed,
        )
    if "team" in events:
        run(
            f"team Swiss, {args.teams} teams x {args.depth} players, {args.boards} boards, "
            f"{args.rounds} rounds",
            lambda: team_event(args.teams, args.rounds, args.boards, args.depth, args.seed),
            args.rounds,
            engine_rounds,
            not args.no_build,
            meter,
            args.seed,
        )
    print(f"peak resident size of the whole run: {rss_mb():.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
