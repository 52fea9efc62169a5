"""Seeded tournaments for the benches: a Swiss with byes, forfeits and withdrawals, a team Swiss.

The pairings are a plain greedy Swiss (score groups top-down, no rematch,
colours alternated), not the FIDE Dutch system: the benches time standings
and the site, which only need realistic score distributions, byes and
unplayed rounds. Everything follows ``random.Random(seed)``, so the same
arguments always give the same tournament.

    >>> t = swiss(20, 5, seed=1)
    >>> len(t.players), len(t.rounds)
    (20, 5)
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from collections.abc import Sequence
from fractions import Fraction

from tourney.model import (
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

FIRST = ["Anna", "Bram", "Carla", "Daan", "Emma", "Finn", "Greta", "Hugo", "Iris", "Joost"]
LAST = [
    "Bakker",
    "de Vries",
    "Jansen",
    "Visser",
    "Smit",
    "Meijer",
    "Mulder",
    "Bos",
    "Vos",
    "Peters",
]
FEDERATIONS = ["NED", "BEL", "GER", "FRA", "ENG", "NOR", "POL", "ITA"]


def _name(index: int) -> str:
    return f"{LAST[index % 10]}, {FIRST[(index // 10) % 10]} {index}"


def _result(rng: random.Random, white: int | None, black: int | None) -> Result:
    """A result drawn from the rating difference, with rare forfeits."""
    roll = rng.random()
    if roll < 0.015:
        return Result.WHITE_FORFEIT_WIN
    if roll < 0.03:
        return Result.BLACK_FORFEIT_WIN
    if roll < 0.033:
        return Result.DOUBLE_FORFEIT
    diff = (white or 1500) - (black or 1500)
    expected = 1 / (1 + 10 ** (-diff / 400))
    roll = rng.random()
    if roll < expected - 0.15:
        return Result.WHITE_WINS
    if roll < expected + 0.15:
        return Result.DRAW
    return Result.BLACK_WINS


def _points(result: Result) -> tuple[Fraction, Fraction]:
    table = {
        Result.WHITE_WINS: (Fraction(1), Fraction(0)),
        Result.WHITE_FORFEIT_WIN: (Fraction(1), Fraction(0)),
        Result.DRAW: (Fraction(1, 2), Fraction(1, 2)),
        Result.BLACK_WINS: (Fraction(0), Fraction(1)),
        Result.BLACK_FORFEIT_WIN: (Fraction(0), Fraction(1)),
    }
    return table.get(result, (Fraction(0), Fraction(0)))


def _pair(
    ids: Sequence[str],
    score: dict[str, Fraction],
    start: dict[str, int],
    met: dict[str, set[str]],
    whites: dict[str, int],
) -> list[tuple[str, str]]:
    """Greedy top-down pairing by score then number, avoiding rematches where it can."""
    queue = sorted(ids, key=lambda p: (-score[p], start[p]))
    pairs = []
    while queue:
        first = queue.pop(0)
        index = next((i for i, p in enumerate(queue) if p not in met[first]), 0)
        second = queue.pop(index)
        if whites[first] > whites[second]:
            first, second = second, first
        pairs.append((first, second))
    return pairs


def swiss(players: int, rounds: int, seed: int = 0) -> Tournament:
    """A finished Swiss of ``players`` players and ``rounds`` rounds.

    About 1 % of the players request a half-point bye in some round, 2 %
    withdraw half-way, 3 % of the games are forfeited (some double); an odd
    number of players gives a pairing-allocated bye.
    """
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1200, 2650) for _ in range(players)), reverse=True)
    roster = []
    for i, elo in enumerate(ratings):
        byes: tuple[tuple[int, ByeKind], ...] = ()
        if rng.random() < 0.01 * rounds:
            byes = ((rng.randint(1, rounds), ByeKind.HALF),)
        withdrawn = rng.randint(rounds // 2, rounds - 1) if rng.random() < 0.02 else None
        if withdrawn is not None:
            byes = tuple(b for b in byes if b[0] <= withdrawn)
        roster.append(
            Player(
                id=f"p{i + 1:04d}",
                name=_name(i),
                rating=elo,
                federation=FEDERATIONS[rng.randrange(len(FEDERATIONS))],
                fide_id=str(10_000_000 + i),
                start=i + 1,
                byes=byes,
                withdrawn_after=withdrawn,
            )
        )
    rating = {p.id: p.rating for p in roster}
    start = {p.id: p.start or 0 for p in roster}
    score = {p.id: Fraction(0) for p in roster}
    met: dict[str, set[str]] = {p.id: set() for p in roster}
    whites = {p.id: 0 for p in roster}
    had_pab: set[str] = set()
    played = []
    for number in range(1, rounds + 1):
        bye_list = []
        pool: list[str] = []
        for p in roster:
            kind = p.requested_bye(number)
            if kind is not None:
                bye_list.append(Bye(p.id, kind))
                score[p.id] += Fraction(1, 2)
            elif p.available(number):
                pool.append(p.id)
        if len(pool) % 2:
            lowest = sorted(pool, key=lambda p: (score[p], -start[p]))
            pab = next(p for p in lowest if p not in had_pab)
            had_pab.add(pab)
            pool.remove(pab)
            bye_list.append(Bye(pab, ByeKind.PAB))
            score[pab] += 1
        games: list[Game] = []
        for white, black in _pair(pool, score, start, met, whites):
            result = _result(rng, rating[white], rating[black])
            got_w, got_b = _points(result)
            score[white] += got_w
            score[black] += got_b
            met[white].add(black)
            met[black].add(white)
            whites[white] += 1
            games.append(Game(white, black, result, board=len(games) + 1))
        played.append(Round(number, games=tuple(games), byes=tuple(bye_list)))
    settings = Settings(
        name=f"Bench Open {players}",
        format=Format.SWISS,
        rounds=rounds,
        start_date=dt.date(2026, 4, 1),
        place="Amsterdam",
        federation="NED",
        fide_rated=True,
    )
    return Tournament(settings, players=tuple(roster), rounds=tuple(played))


def team_swiss(teams: int, rounds: int, boards: int = 4, seed: int = 0) -> Tournament:
    """A finished team Swiss: ``teams`` teams of ``boards`` + 1 players, greedy pairing."""
    rng = random.Random(seed)
    players = []
    squads = []
    for t in range(teams):
        base = 2500 - t * (1000 // max(teams, 1))
        roster = []
        for b in range(boards + 1):
            pid = f"m{t * (boards + 1) + b + 1:04d}"
            players.append(
                Player(
                    id=pid,
                    name=_name(t * (boards + 1) + b),
                    rating=base - 20 * b + rng.randint(-50, 50),
                    federation=FEDERATIONS[t % len(FEDERATIONS)],
                )
            )
            roster.append(pid)
        squads.append(
            Team(id=f"t{t + 1:03d}", name=f"Club {t + 1}", start=t + 1, roster=tuple(roster))
        )
    rating = {p.id: p.rating for p in players}
    by_id = {team.id: team for team in squads}
    start = {team.id: team.start or 0 for team in squads}
    score = {team.id: Fraction(0) for team in squads}
    met: dict[str, set[str]] = {team.id: set() for team in squads}
    whites = {team.id: 0 for team in squads}
    had_pab: set[str] = set()
    played = []
    for number in range(1, rounds + 1):
        matches: list[Match] = []
        pool = list(by_id)
        byes: tuple[Bye, ...] = ()
        if len(pool) % 2:
            lowest = sorted(pool, key=lambda t: (score[t], -start[t]))
            pab = next(t for t in lowest if t not in had_pab)
            had_pab.add(pab)
            pool.remove(pab)
            byes = (Bye(pab, ByeKind.PAB),)
            score[pab] += 1
        for white, black in _pair(pool, score, start, met, whites):
            fielded = [_lineup(rng, by_id[white], boards), _lineup(rng, by_id[black], boards)]
            games = []
            own = [Fraction(0), Fraction(0)]
            for b in range(boards):
                w, bl = fielded[0][b], fielded[1][b]
                if b % 2:
                    w, bl = bl, w
                result = _result(rng, rating[w], rating[bl])
                got_w, got_b = _points(result)
                if b % 2:
                    got_w, got_b = got_b, got_w
                own[0] += got_w
                own[1] += got_b
                games.append(Game(w, bl, result, board=b + 1))
            score[white] += 2 if own[0] > own[1] else 1 if own[0] == own[1] else 0
            score[black] += 2 if own[1] > own[0] else 1 if own[0] == own[1] else 0
            met[white].add(black)
            met[black].add(white)
            whites[white] += 1
            matches.append(Match(white, black, tuple(games), number=len(matches) + 1))
        played.append(Round(number, matches=tuple(matches), byes=byes))
    settings = Settings(
        name=f"Bench Team Swiss {teams}",
        format=Format.TEAM_SWISS,
        rounds=rounds,
        start_date=dt.date(2026, 4, 1),
        team=TeamOptions(boards=boards),
    )
    return Tournament(settings, players=tuple(players), teams=tuple(squads), rounds=tuple(played))


def _lineup(rng: random.Random, team: Team, boards: int) -> list[str]:
    """The first ``boards`` of the roster; now and then the reserve replaces one of them."""
    lineup = list(team.roster[:boards])
    if rng.random() < 0.2:
        out = rng.randrange(boards)
        lineup = [p for i, p in enumerate(lineup) if i != out] + [team.roster[boards]]
    return lineup


def unfinished(t: Tournament, rounds: int) -> Tournament:
    """The tournament with only its first ``rounds`` rounds."""
    return dataclasses.replace(t, rounds=t.rounds[:rounds])
