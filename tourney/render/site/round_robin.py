"""Round-robin pages: the tournament table by Berger number, and withdrawals shown clearly.

``crosstable-start.html`` of an individual round robin is the square table
FIDE prints (``tourney.engine.crosstable``): a row and a column per
participant in number order, both cycles of a double round robin side by
side. Withdrawals follow FIDE General Regulations for Competitions 6.6
(``tourney.engine.withdrawals``): an annulled result is printed in
parentheses and left out of the points, an unplayed game after a withdrawal
is "-" for the withdrawn player and "+" for the opponent, and every page that
ranks players lists the withdrawals in ``notes``.

The view models here extend those of ``tourney.render.views`` (same contract:
ready-to-print strings, hrefs relative to the tournament root).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from tourney.engine.crosstable import GridGame, RoundRobinGrid
from tourney.engine.withdrawals import MarkedGame, Withdrawals
from tourney.model import Game
from tourney.render import text
from tourney.render.views import (
    Cell,
    Column,
    CrosstablePage,
    Frame,
    Link,
    PlayerRef,
    StandingsPage,
)

OUTCOME_CSS = {"win": "win", "forfeit-win": "win", "draw": "draw"}


@dataclass(frozen=True, slots=True)
class StandingsWithNotes(StandingsPage):
    """standings.html with ``notes``: the withdrawals and what GR 6.6 made of them."""

    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CrosstableWithNotes(CrosstablePage):
    """crosstable.html (by rank) with ``notes`` on withdrawals."""

    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GridRowView:
    """A line of the round-robin table; ``cells`` run opponent by opponent, cycle by cycle."""

    rank: str  # "–" for a player whose results are annulled
    start: int
    player: PlayerRef
    cells: tuple[Cell, ...]
    points: str  # standings points; an annulled player's table score in parentheses
    values: tuple[Cell, ...]
    performance: str


@dataclass(frozen=True, slots=True)
class RoundRobinCrosstablePage:
    """crosstable-start.html of an individual round robin: the table by Berger number."""

    template: ClassVar[str] = "crosstable_rr.html"
    frame: Frame
    numbers: tuple[int, ...]  # the column heads, 1..n
    cycles: int  # 2 for a double round robin: two cells per opponent
    columns: tuple[Column, ...]  # tie-breaks
    rows: tuple[GridRowView, ...]
    other: Link
    notes: tuple[str, ...] = ()


def withdrawal_notes(marks: Withdrawals, refs: Mapping[str, PlayerRef]) -> tuple[str, ...]:
    """One line per withdrawn player, by starting number."""
    lines = []
    for w in sorted(marks.players, key=lambda w: refs[w.player].start):
        ref = refs[w.player]
        name = text.person(ref.name, ref.title)
        if w.annulled:
            what = "the results are kept in the table but not counted in the standings"
        else:
            what = "the results count; the games left are lost by forfeit"
        lines.append(
            f"{name} withdrew after round {w.after}, having played {w.completed} of "
            f"{w.scheduled} games: {what} (FIDE General Regulations for Competitions 6.6)."
        )
    return tuple(lines)


def reason(withdrawn: tuple[str, ...], marks: Withdrawals, refs: Mapping[str, PlayerRef]) -> str:
    """Who withdrew, by name, and what GR 6.6 made of it."""
    parts = []
    for pid in withdrawn:
        w = marks.of(pid)
        if w is not None:
            parts.append(f"{refs[pid].name} {w.describe()}")
    return "; ".join(parts)


def board_result(game: Game, mark: MarkedGame | None) -> str:
    """A board's result on the round page, with what a withdrawal made of it."""
    if mark is None:
        return text.result(game.result)
    shown = text.result(mark.result)
    if mark.annulled:
        return f"({shown}) annulled" if shown else "annulled"
    return f"{shown} (withdrawal)"


def marked_title(
    base: str, mark: MarkedGame, marks: Withdrawals, refs: Mapping[str, PlayerRef]
) -> str:
    what = "annulled" if mark.annulled else "forfeit"
    return f"{base}; {what}: {reason(mark.withdrawn, marks, refs)}"


def grid_cell(game: GridGame | None, opponent: PlayerRef, own: bool, why: str = "") -> Cell:
    """One cell of the table: the row player's result against the column's."""
    if own:
        return Cell("×", css="self")
    if game is None:
        return Cell("", title=f"{opponent.name}: not paired yet")
    colour = text.colour_letter(game.colour)
    if game.outcome is None:
        return Cell("", title=f"round {game.round} ({colour}) v {opponent.name}: no result yet")
    shown = text.OUTCOME_TEXT[game.outcome]
    title = f"round {game.round} ({colour}) v {opponent.name}: {game.outcome.value}"
    if game.annulled:
        return Cell(f"({shown})", title=f"{title}; annulled: {why}", css="annulled")
    if game.derived:
        return Cell(shown, title=f"{title}; forfeit: {why}", css="forfeit")
    return Cell(shown, title=title, css=OUTCOME_CSS.get(game.outcome.value, "loss"))


def grid_cells(
    grid: RoundRobinGrid, participant: str, marks: Withdrawals, refs: Mapping[str, PlayerRef]
) -> tuple[Cell, ...]:
    """The cells of a participant's row, opponent by opponent and cycle by cycle."""
    row = grid.row(participant)
    cells = []
    for opponent, cycles in zip(grid.order, row.games, strict=True):
        for game in cycles:
            why = reason(game.withdrawn, marks, refs) if game is not None else ""
            cells.append(grid_cell(game, refs[opponent], opponent == participant, why))
    return tuple(cells)
