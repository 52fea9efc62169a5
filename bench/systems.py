"""CPU time of one 400-player round per Swiss system of the registry (docs/pairing.md, Speed).

Usage (from the repository root):

    .venv/bin/python bench/systems.py               # every system, 400 players, 9 rounds
    .venv/bin/python bench/systems.py 200 burstein  # some sizes, some systems

For each system a seeded event is played through the shared model: players rated from
2700 down, each round paired by the system (``SYSTEMS[name].pair`` on
``state_from_tournament``) and played out with results drawn from the rating
difference (draws, a few forfeits, half-point byes asked in advance; in the Double-Swiss
two games a round, the second with the colours reversed). The figures are
the process CPU time of the pairing call alone (``time.process_time``, so the load of
other work on the machine weighs less than in wall time): the slowest round, the
last round and all rounds together. The goal is under 5 s for any round at 400
players (issue 28).
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tourney.engine.pairing.swiss_state import state_from_tournament  # noqa: E402
from tourney.engine.pairing.systems import SYSTEMS  # noqa: E402
from tourney.model import (  # noqa: E402
    Bye,
    ByeKind,
    Colour,
    Format,
    Game,
    Player,
    Result,
    Round,
    Settings,
    Tournament,
)

ROUNDS = 9
GOAL = 5.0


def players(n: int, rng: random.Random) -> tuple[Player, ...]:
    out = []
    for i in range(1, n + 1):
        byes: tuple[tuple[int, ByeKind], ...] = ()
        if rng.random() < 0.03:  # about 3% ask for a half-point bye in some round
            byes = ((rng.randint(2, ROUNDS), ByeKind.HALF),)
        rating = 2700 - (i - 1) * 1200 // max(n - 1, 1)
        out.append(Player(id=f"p{i}", name=f"P{i}", rating=rating, start=i, byes=byes))
    return tuple(out)


def result(white: Player, black: Player, rng: random.Random) -> Result:
    if rng.random() < 0.01:
        return Result.WHITE_FORFEIT_WIN
    expected = 1 / (1 + 10 ** (((black.rating or 0) - (white.rating or 0)) / 400))
    x = rng.random()
    if x < expected - 0.15:
        return Result.WHITE_WINS
    if x < expected + 0.15:
        return Result.DRAW
    return Result.BLACK_WINS


def run(system: str, n: int, seed: int = 2026) -> list[float]:
    """The CPU seconds of each round's pairing."""
    rng = random.Random(seed + n)
    field = players(n, rng)
    settings = Settings("bench", Format.SWISS, ROUNDS, initial_colour=Colour.WHITE, pairing=system)
    t = Tournament(settings, field, (), ())
    by_id = {p.id: p for p in field}
    times = []
    for r in range(1, ROUNDS + 1):
        state = state_from_tournament(t, r)
        start = time.process_time()
        pairing = SYSTEMS[system].pair(state)
        times.append(time.process_time() - start)
        ids = {p.number: p.id for p in state.players}
        games = tuple(
            Game(ids[w], ids[b], result(by_id[ids[w]], by_id[ids[b]], rng), board=k)
            for k, (w, b) in enumerate(pairing.pairs, start=1)
        )
        if system == "double-swiss":  # a two-game match: game 2 with the colours reversed
            games = tuple(
                replace(g, double=True, second=result(by_id[g.black], by_id[g.white], rng))
                for g in games
            )
        byes = tuple(Bye(p.id, kind) for p in field for k, kind in p.byes if k == r)
        if pairing.bye is not None:
            byes += (Bye(ids[pairing.bye], ByeKind.PAB),)
        t = Tournament(settings, field, (), (*t.rounds, Round(r, games=games, byes=byes)))
    return times


def main(argv: list[str]) -> int:
    sizes = [int(a) for a in argv if a.isdigit()] or [400]
    names = [a for a in argv if not a.isdigit()] or list(SYSTEMS)
    print(f"CPU time of the pairing of one round, {ROUNDS} rounds, per system")
    print(f"{'system':>10} {'players':>8} {'slowest round':>14} {'round 9':>8} {'all':>8}")
    ok = True
    for name in names:
        for n in sizes:
            times = run(name, n)
            slowest = max(times)
            worst = times.index(slowest) + 1
            print(
                f"{name:>10} {n:>8} {slowest:9.2f} s (r{worst}) {times[-1]:6.2f} s "
                f"{sum(times):6.1f} s"
            )
            ok = ok and (n > 400 or slowest < GOAL)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
