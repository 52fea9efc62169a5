"""Tie-breaks from the participant's own record (C.07 Art. 7, type B), and points.

PTS (the score itself), WIN (7.1), WON (7.2), BPG (7.3), BWG (7.4), PS
(7.5), REP, formerly GE (7.6), STD (7.7), TPN (7.8), and VUR, the number of
voluntarily unplayed rounds (a helper of FIDE's checker, Art. 16.1.2).

In a round robin forfeits count as games (15.2), except that forfeit losses
stay unplayed for these type B tie-breaks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from tourney.engine.scores import RoundView, ScoreTable
from tourney.engine.tiebreaks.base import Context, Step, Value, total
from tourney.engine.tiebreaks.descriptor import Descriptor
from tourney.model import ByeKind, Colour, Outcome

ONE = Fraction(1)


def _count(
    table: ScoreTable, counts: Callable[[ScoreTable, RoundView], Fraction | None], rule: str
) -> dict[str, Value]:
    values = {}
    for pid in table:
        steps = tuple(
            Step(v.round, v.opponent, v.describe(), counts(table, v), rule=rule)
            for v in table.views[pid]
            if not v.pending
        )
        values[pid] = Value(total(steps), steps)
    return values


def _over_the_board(table: ScoreTable, view: RoundView) -> bool:
    """Played over the board (also in a round robin: a forfeit is no game won or played)."""
    return view.played


def points(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """PTS: the score, with the tournament's scoring."""
    return _count(ctx.table, lambda t, v: v.points, "")


def wins(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """WIN, 7.1: rounds that gave the points of a win, played or not."""
    win = ctx.table.scoring.win
    above_draw = win > ctx.table.scoring.draw

    def counts(table: ScoreTable, view: RoundView) -> Fraction | None:
        return ONE if above_draw and view.points == win else None

    return _count(ctx.table, counts, "7.1")


def games_won(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """WON, 7.2: games won over the board."""

    def counts(table: ScoreTable, view: RoundView) -> Fraction | None:
        won = view.outcome in (Outcome.WIN, Outcome.FORFEIT_WIN)
        return ONE if won and _over_the_board(table, view) else None

    return _count(ctx.table, counts, "7.2")


def black_games(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """BPG, 7.3: games played over the board with Black."""

    def counts(table: ScoreTable, view: RoundView) -> Fraction | None:
        black = view.colour is Colour.BLACK
        return ONE if black and _over_the_board(table, view) else None

    return _count(ctx.table, counts, "7.3")


def black_wins(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """BWG, 7.4: games won over the board with Black."""

    def counts(table: ScoreTable, view: RoundView) -> Fraction | None:
        won = view.outcome in (Outcome.WIN, Outcome.FORFEIT_WIN)
        black = view.colour is Colour.BLACK
        return ONE if won and black and _over_the_board(table, view) else None

    return _count(ctx.table, counts, "7.4")


def progressive(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """PS, 7.5: the sum of the running score after each round; /Cn drops the first n rounds."""
    table = ctx.table
    values = {}
    for pid in table:
        running = Fraction(0)
        steps = []
        for view in table.views[pid]:
            running += view.points
            cut = view.round <= descriptor.low
            steps.append(
                Step(
                    view.round,
                    view.opponent,
                    view.describe(),
                    running,
                    rule="7.5",
                    note="score after the round",
                    cut=cut,
                )
            )
        values[pid] = Value(total(steps), tuple(steps))
    return values


def rounds_elected(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """REP (GE), 7.6: rounds minus half-point byes, zero-point byes and forfeit losses."""

    def counts(table: ScoreTable, view: RoundView) -> Fraction | None:
        if view.outcome is Outcome.FORFEIT_LOSS:
            return None
        if view.opponent is None and view.bye in (ByeKind.HALF, ByeKind.ZERO):
            return None
        return ONE

    return _count(ctx.table, counts, "7.6")


def standard_points(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """STD, 7.7: 1 per round won (or unplayed above a draw), ½ per round drawn (or a draw's worth).

    A double forfeit is lost by both sides and counts nothing.
    """

    def counts(table: ScoreTable, view: RoundView) -> Fraction | None:
        draw = table.scoring.draw
        if view.opponent is None or view.outcome in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS):
            if view.outcome is Outcome.FORFEIT_LOSS:
                return None
            if view.points > draw:
                return ONE
            return Fraction(1, 2) if view.points == draw else None
        mine = view.outcome
        if mine is Outcome.WIN:
            return ONE
        if mine in (Outcome.DRAW, Outcome.NO_CONTEST):
            return Fraction(1, 2)
        return None

    return _count(ctx.table, counts, "7.7")


def pairing_number(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """TPN, 7.8: the tournament pairing number, lower first (``/R``: higher first)."""
    return {pid: Value(Fraction(ctx.table.start[pid]), note="pairing number") for pid in ctx.table}


def voluntarily_unplayed(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """VUR (checker helper): requested byes, absences and forfeit losses (16.1.2)."""
    return _count(ctx.table, lambda t, v: ONE if v.vur else None, "16.1.2")
