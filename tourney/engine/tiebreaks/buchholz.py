"""The Buchholz family: BH (C.07 8.1), AOB (8.2), FB (8.3), with Art. 16 for unplayed rounds.

- BH: the sum of the opponents' scores; an opponent's score is adjusted by
  16.3, and each own unplayed round counts a dummy opponent (16.4).
- FB: Buchholz as if every game of the last round had been drawn.
- AOB: the average of the Buchholz (``/F``: Fore Buchholz) of the opponents
  met over the board.

Two helper values of FIDE's checker are registered too, for locating a
difference: ABH (the 16.3 adjusted score) and AFB (the same in the Fore
Buchholz table).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from tourney.engine.scores import ScoreTable
from tourney.engine.tiebreaks.base import Context, Step, Value, cut_steps, total
from tourney.engine.tiebreaks.descriptor import Descriptor
from tourney.engine.tiebreaks.unplayed import contributions, fore_table


def fore(ctx: Context) -> ScoreTable:
    table: ScoreTable = ctx.cached("fore-table", lambda: fore_table(ctx.table))
    return table


def buchholz_on(ctx: Context, table: ScoreTable, descriptor: Descriptor) -> dict[str, Value]:
    """Buchholz of every participant on ``table`` (the real one, or the Fore table).

    The uncut working is made once per table (``BH/C1`` and ``BH`` share it);
    each descriptor then applies its own cuts.
    """
    values = {}
    for pid in table:
        steps = _steps(ctx, table, pid, descriptor.played)
        cut = cut_steps(steps, descriptor.low, descriptor.high, vur_first=not table.round_robin)
        values[pid] = Value(total(cut), cut)
    return values


def _steps(ctx: Context, table: ScoreTable, pid: str, played: bool) -> tuple[Step, ...]:
    def make() -> tuple[Step, ...]:
        return tuple(
            Step(
                round=c.view.round,
                opponent=c.view.opponent if not c.dummy else None,
                what=c.view.describe(),
                counted=c.score,
                rule=c.rule,
                note=c.note,
                vur=c.vur,
            )
            for c in contributions(ctx, table, pid, played_forfeits=played)
        )

    found: tuple[Step, ...] = table.memo(("bh-steps", pid, played, ctx.edition), make)
    return found


def buchholz(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """BH, C.07 8.1."""
    return buchholz_on(ctx, ctx.table, descriptor)


def fore_buchholz(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """FB, C.07 8.3: the last round's games all count as draws."""
    return buchholz_on(ctx, fore(ctx), descriptor)


def average_of_opponents_buchholz(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """AOB, C.07 8.2: the average Buchholz (or Fore Buchholz) of the opponents met over the board."""
    plain = Descriptor("FB" if descriptor.fore else "BH")
    key = ("opponents-bh", descriptor.fore)
    if descriptor.fore:
        theirs: Mapping[str, Value] = ctx.cached(key, lambda: fore_buchholz(ctx, plain))
    else:
        theirs = ctx.cached(key, lambda: buchholz(ctx, plain))
    table = ctx.table
    values = {}
    for pid in table:
        steps = []
        for view in table.views[pid]:
            if view.opponent is None or view.pending:
                continue
            if not view.played:
                continue
            their = theirs[view.opponent].value
            steps.append(
                Step(
                    view.round,
                    view.opponent,
                    view.describe(),
                    their,
                    rule="8.2",
                    note=f"opponent's {plain.name}",
                )
            )
        counted = [s.counted for s in steps if s.counted is not None]
        value = sum(counted, Fraction(0)) / len(counted) if counted else None
        values[pid] = Value(value, tuple(steps), note=f"average of {len(counted)} opponents")
    return values


def adjusted_score(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """ABH (checker helper): the score opponents see, C.07 16.3."""
    return _adjusted(ctx.table)


def adjusted_fore_score(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """AFB (checker helper): the 16.3 score in the Fore Buchholz table."""
    return _adjusted(fore(ctx))


def _adjusted(table: ScoreTable) -> dict[str, Value]:
    values = {}
    for pid in table:
        steps = tuple(
            Step(
                v.round,
                v.opponent,
                v.describe(),
                table.adjusted_round(v),
                rule="16.3.2" if table.adjusted_round(v) != v.points else "16.3.1",
            )
            for v in table.views[pid]
        )
        values[pid] = Value(table.adjusted(pid), steps)
    return values
