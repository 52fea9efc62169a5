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
from tourney.i18n import gettext as _
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
from tourney.render.working_text import working_text

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
    show_performance: bool = True  # the TPR column; left out when no player has one


def withdrawal_notes(marks: Withdrawals, refs: Mapping[str, PlayerRef]) -> tuple[str, ...]:
    """One line per withdrawn player, by starting number."""
    lines = []
    for w in sorted(marks.players, key=lambda w: refs[w.player].start):
        ref = refs[w.player]
        name = text.person(ref.name, ref.title)
        if w.annulled:
            what = _("the results are kept in the table but not counted in the standings")
        else:
            what = _("the results count; the games left are lost by forfeit")
        lines.append(
            _(
                "{name} withdrew after round {after}, having played {played} of "
                "{scheduled} games: {what} (FIDE General Regulations for Competitions 6.6)."
            ).format(name=name, after=w.after, played=w.completed, scheduled=w.scheduled, what=what)
        )
    return tuple(lines)


def reason(withdrawn: tuple[str, ...], marks: Withdrawals, refs: Mapping[str, PlayerRef]) -> str:
    """Who withdrew, by name, and what GR 6.6 made of it."""
    parts = []
    for pid in withdrawn:
        w = marks.of(pid)
        if w is not None:
            parts.append(f"{refs[pid].name} {working_text(w.describe())}")
    return "; ".join(parts)


def board_result(game: Game, mark: MarkedGame | None) -> str:
    """A board's result on the round page, with what a withdrawal made of it."""
    if mark is None:
        return text.result(game.result)
    shown = text.result(mark.result)
    if mark.annulled:
        return _("({result}) annulled").format(result=shown) if shown else _("annulled")
    return _("{result} (withdrawal)").format(result=shown)


def marked_title(
    base: str, mark: MarkedGame, marks: Withdrawals, refs: Mapping[str, PlayerRef]
) -> str:
    what = _("annulled") if mark.annulled else _("forfeit")
    return f"{base}; {what}: {reason(mark.withdrawn, marks, refs)}"


def grid_cell(game: GridGame | None, opponent: PlayerRef, own: bool, why: str = "") -> Cell:
    """One cell of the table: the row player's result against the column's."""
    if own:
        return Cell("×", css="self")
    if game is None:
        return Cell("", title=_("{opponent}: not paired yet").format(opponent=opponent.name))
    colour = text.colour_letter(game.colour)
    if game.outcome is None:
        title = _("round {number} ({colour}) v {opponent}: no result yet")
        return Cell(
            "", title=title.format(number=game.round, colour=colour, opponent=opponent.name)
        )
    shown = text.OUTCOME_TEXT[game.outcome]
    title = _("round {number} ({colour}) v {opponent}: {outcome}").format(
        number=game.round, colour=colour, opponent=opponent.name, outcome=_(game.outcome.value)
    )
    if game.annulled:
        title = _("{title}; annulled: {why}").format(title=title, why=why)
        return Cell(f"({shown})", title=title, css="annulled")
    if game.derived:
        title = _("{title}; forfeit: {why}").format(title=title, why=why)
        return Cell(shown, title=title, css="forfeit")
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
