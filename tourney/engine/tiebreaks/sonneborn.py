"""Sonneborn-Berger (C.07 9.1) and Koya (9.2).

- SB: for each round, the opponent's score (16.3) times the points scored
  against that opponent; an own unplayed round counts its dummy's score
  (16.4) times the points the round gave. The least significant value for a
  cut is the contribution of the opponent with the lowest score, the lowest
  such product among equals (14.1.1); in a Swiss, 16.5.2 compares it with
  the lowest contribution of a voluntarily unplayed round and cuts the higher.
- KS: the points scored against the participants who reached half of the
  maximum possible score; ``/L±n`` moves the limit by n half points (14.5),
  ``/Ln`` without a sign sets it at n % of the maximum (FIDE's checker).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from tourney.engine.tiebreaks.base import Context, Step, Value, cut_steps, total
from tourney.engine.tiebreaks.descriptor import Descriptor
from tourney.engine.tiebreaks.unplayed import contributions

_ZERO = Fraction(0)


def sonneborn_berger(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """SB, C.07 9.1."""
    table = ctx.table
    values = {}
    for pid in table:
        steps = []
        for c in contributions(ctx, table, pid, played_forfeits=descriptor.played):
            if c.dummy and descriptor.no_unplayed:
                continue  # /B0: a bye or another own unplayed round adds nothing (docs/pairing.md)
            got = c.view.points
            # a loss adds nothing and a win (scored 1) the score itself: no product made
            counted = _ZERO if not got else c.score if got == 1 else c.score * got
            steps.append(
                Step(
                    round=c.view.round,
                    opponent=c.view.opponent if not c.dummy else None,
                    what=c.view.describe(),
                    counted=counted,
                    rule=c.rule,
                    note=f"{c.note} {c.score} x {c.view.points}",
                    key=c.score,
                    vur=c.vur,
                )
            )
        cut = cut_steps(steps, descriptor.low, descriptor.high, vur_first=not table.round_robin)
        values[pid] = Value(total(cut), cut)
    return values


def koya(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """KS, C.07 9.2: points against the participants on at least half the maximum score."""
    table = ctx.table
    maximum = table.scoring.win * table.rounds
    share = Fraction(descriptor.percent, 100) if descriptor.percent is not None else Fraction(1, 2)
    limit = maximum * share + Fraction(descriptor.limit or 0, 2)
    values = {}
    for pid in table:
        steps = []
        for view in table.views[pid]:
            if view.opponent is None or view.pending:
                continue
            their = table.points(view.opponent)
            counted = view.points if their >= limit else None
            steps.append(
                Step(
                    view.round,
                    view.opponent,
                    view.describe(),
                    counted,
                    rule="9.2",
                    note=f"opponent's score {their} {'>=' if counted is not None else '<'} {limit}",
                )
            )
        values[pid] = Value(total(steps), tuple(steps), note=f"limit {limit}")
    return values
