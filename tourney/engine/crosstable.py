"""The tournament table of a round robin: everyone against everyone, by Berger number.

FIDE prints a round robin's table (C.05 Annex 1 numbers, General Regulations
for Competitions 6.6 for withdrawals) as a square: one row and one column per
participant in the order of their numbers, the cell of row i and column j
holding i's result against j, the diagonal empty. A double round robin has
one cell per cycle for every pair.

``round_robin_grid`` builds that square from the round files, with what GR 6.6
asks the table to show: the results of a player whose withdrawal annulled them
stay in the table (marked ``annulled``), and unplayed games after a withdrawal
are forfeits, "-" for the withdrawn player and "+" for the opponent (marked
``derived`` when the round file has no result). ``table_points`` is the score
the table shows; the standings (``tourney.engine.standings``) count points
without the annulled games.

>>> from tourney.model import Format, Game, Player, Result, Round, Settings, Tournament
>>> t = Tournament(
...     Settings("Mini", Format.ROUND_ROBIN, 3),
...     players=(Player("a", "A"), Player("b", "B"), Player("c", "C")),
...     rounds=(Round(1, games=(Game("b", "c", Result.DRAW, 1),)),),
... )
>>> grid = round_robin_grid(t, ("a", "b", "c"))
>>> [[g[0].outcome.value if g[0] and g[0].outcome else "" for g in row.games] for row in grid.rows]
[['', '', ''], ['', '', 'draw'], ['', 'draw', '']]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tourney.engine.withdrawals import withdrawals
from tourney.model import Colour, Outcome, Result, Tournament
from tourney.records import dataclass


@dataclass(frozen=True, slots=True)
class GridGame:
    """One game seen from the row's participant."""

    round: int
    colour: Colour
    result: Result | None  # the board's result: the file's, else a derived forfeit
    outcome: Outcome | None  # the row participant's side of it; None while not played
    points: Fraction  # what the result gives the row participant (0 while not played)
    annulled: bool = False  # not counted in the standings (GR 6.6 a)
    derived: bool = False  # a forfeit the withdrawal implies; the round file has no result
    withdrawn: tuple[str, ...] = ()  # the withdrawn players of the game (GR 6.6)


Cycles = tuple[GridGame | None, ...]  # one entry per cycle; None: not paired (yet)


@dataclass(frozen=True, slots=True)
class GridRow:
    """One participant: a ``Cycles`` per participant in number order (own column empty)."""

    participant: str
    number: int
    games: tuple[Cycles, ...]
    table_points: Fraction  # every result the table shows, annulled ones included


@dataclass(frozen=True, slots=True)
class RoundRobinGrid:
    order: tuple[str, ...]  # participants by Berger number (number 1 first)
    cycles: int
    rows: tuple[GridRow, ...]

    def row(self, participant: str) -> GridRow:
        return self.rows[self.order.index(participant)]

    def game(self, participant: str, opponent: str, cycle: int = 1) -> GridGame | None:
        return self.row(participant).games[self.order.index(opponent)][cycle - 1]


def rounds_per_cycle(participants: int) -> int:
    """Rounds of one cycle: n - 1, or n when a bye completes an odd field (C.05 Annex 1)."""
    return participants - 1 + participants % 2


def round_robin_grid(
    t: Tournament, order: Sequence[str], after: int | None = None
) -> RoundRobinGrid:
    """The table of rounds 1..``after`` (default: every paired round) by Berger number."""
    ids = tuple(order)
    position = {pid: i for i, pid in enumerate(ids)}
    cycles = max(t.settings.cycles, 1)
    per_cycle = max(rounds_per_cycle(len(ids)), 1)
    marks = withdrawals(t)
    scoring = t.settings.scoring
    cells: dict[str, list[list[GridGame | None]]] = {
        pid: [[None] * cycles for _ in ids] for pid in ids
    }
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        if after is not None and rnd.number > after:
            continue
        cycle = min((rnd.number - 1) // per_cycle, cycles - 1)
        for game in rnd.games:
            if game.white not in position or game.black not in position:
                continue
            mark = marks.marked(rnd.number, game)
            result = mark.result if mark is not None else game.result
            for own, colour in ((game.white, Colour.WHITE), (game.black, Colour.BLACK)):
                outcome = result.outcome(colour is Colour.WHITE) if result else None
                cells[own][position[game.opponent(own)]][cycle] = GridGame(
                    round=rnd.number,
                    colour=colour,
                    result=result,
                    outcome=outcome,
                    points=scoring.outcome_points(outcome) if outcome else Fraction(0),
                    annulled=mark is not None and mark.annulled,
                    derived=mark is not None and game.result is None and mark.derived is not None,
                    withdrawn=mark.withdrawn if mark is not None else (),
                )
    rows = tuple(
        GridRow(
            participant=pid,
            number=i + 1,
            games=tuple(tuple(column) for column in cells[pid]),
            table_points=sum(
                (g.points for column in cells[pid] for g in column if g is not None),
                Fraction(0),
            ),
        )
        for i, pid in enumerate(ids)
    )
    return RoundRobinGrid(ids, cycles, rows)
