"""Rating-based tie-breaks (C.07 Art. 10) with FIDE's tables (B.02 8.1).

Only games played over the board count; forfeits stay unplayed even in a
round robin (15.2), and a no-contest (``0-0``: no game with a result to rate)
counts as no game, like a bye. When the event has an unrated player these tie-breaks
are dropped (Art. 10), unless a rating for unrated players is given
(``/U1400``, an extension of FIDE's checker).

- ARO (10.1): average rating of the opponents, rounded half up.
- TPR (10.2): ARO + dp(p), p the fractional score over the board.
  A single loss to a 1629 gives 1629 - 800 = 829.
- PTP (10.3): the lowest rating whose expected score against the opponents
  (table 8.1.b, no 400-point cut) reaches the score; for a zero score the
  lowest-rated opponent minus 800.
- APRO (10.4), APPO (10.5): average TPR / PTP of the opponents, rounded half up.
- RTNG (10.6): the participant's own rating, higher first.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from tourney.engine.ratings.fide_tables import dp, expected_score
from tourney.engine.rounding import round_half_up
from tourney.engine.scores import RoundView, ScoreTable, exact_sum
from tourney.engine.tiebreaks.base import Context, Step, Value, cut_steps
from tourney.engine.tiebreaks.descriptor import Descriptor
from tourney.model import Outcome

_STANDARD = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2)}
_ZERO = Fraction(0)
# "scored 1", "scored 1/2", "scored 0": each step's note, written once
_SCORED = {score: f"scored {score}" for score in (*_STANDARD.values(), _ZERO)}


def _rating(table: ScoreTable, pid: str, descriptor: Descriptor) -> int | None:
    rating = table.ratings.get(pid)
    return rating if rating else descriptor.unrated


def _dropped(table: ScoreTable, descriptor: Descriptor) -> bool:
    """Art. 10: dropped when the event has an unrated player and no rule for one."""
    return descriptor.unrated is None and any(not table.ratings.get(pid) for pid in table)


def _rated(view: RoundView) -> bool:
    """A game played over the board for a result: no bye, forfeit or no-contest."""
    return (
        view.played
        and view.opponent is not None
        and not view.pending
        and view.outcome is not Outcome.NO_CONTEST
    )


def _games(table: ScoreTable, pid: str, descriptor: Descriptor) -> list[Step]:
    """One step per game over the board: the opponent's rating, and the standard score as key."""
    steps = []
    for view in table.views[pid]:
        if not _rated(view) or view.opponent is None:
            continue
        rating = _rating(table, view.opponent, descriptor)
        score = _STANDARD.get(view.outcome, _ZERO) if view.outcome else _ZERO
        steps.append(
            Step(
                view.round,
                view.opponent,
                view.describe(),
                Fraction(rating) if rating is not None else None,
                rule="10.1",
                note=_SCORED[score],
                key=None,
            )
        )
    return steps


def _score(table: ScoreTable, pid: str) -> tuple[Fraction, int]:
    """Standard points (1, ½, 0) and number of games over the board."""
    halves = 0  # in half points: exact, without a Fraction per game
    count = 0
    for view in table.views[pid]:
        if _rated(view):
            count += 1
            halves += 2 if view.outcome is Outcome.WIN else view.outcome is Outcome.DRAW
    return Fraction(halves, 2), count


def _undefined(why: str) -> Value:
    return Value(None, note=why)


def average_rating(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """ARO, 10.1 (with /Cn, /Mn on the ratings)."""
    table = ctx.table
    if _dropped(table, descriptor):
        return {pid: _undefined("dropped: unrated players take part (C.07 10)") for pid in table}
    values = {}
    for pid in table:
        steps: tuple[Step, ...] | list[Step] = _games(table, pid, descriptor)
        if descriptor.low or descriptor.high:
            steps = cut_steps(steps, descriptor.low, descriptor.high, vur_first=False)
        else:
            steps = tuple(steps)  # nothing to cut
        counted = [s.counted for s in steps if not s.cut and s.counted is not None]
        if not counted:
            values[pid] = Value(None, steps, note="no rated game over the board")
            continue
        exact = exact_sum(counted) / len(counted)
        values[pid] = Value(Fraction(round_half_up(exact)), steps, note=f"average {exact}")
    return values


def _aro(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    plain = Descriptor("ARO", unrated=descriptor.unrated)
    result: Mapping[str, Value] = ctx.cached(
        ("aro", descriptor.unrated), lambda: average_rating(ctx, plain)
    )
    return result


def performance(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """TPR, 10.2: ARO + dp(p) from table 8.1.a."""
    table = ctx.table
    aro = _aro(ctx, descriptor)
    values = {}
    for pid in table:
        base = aro[pid]
        if base.value is None:
            values[pid] = Value(None, base.steps, note=base.note)
            continue
        score, count = _score(table, pid)
        p = score / count
        diff = dp(p)
        values[pid] = Value(
            base.value + diff, base.steps, note=f"ARO {base.value} + dp({p}) {diff:+d}"
        )
    return values


def perfect_performance(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """PTP, 10.3: the lowest rating whose expected score reaches the score over the board."""
    table = ctx.table
    if _dropped(table, descriptor):
        return {pid: _undefined("dropped: unrated players take part (C.07 10)") for pid in table}
    values = {}
    for pid in table:
        steps = _games(table, pid, descriptor)
        ratings = [int(s.counted) for s in steps if s.counted is not None]
        if not ratings:
            values[pid] = Value(None, tuple(steps), note="no game over the board")
            continue
        score, _ = _score(table, pid)
        values[pid] = Value(Fraction(_ptp(ratings, score)), tuple(steps), note=f"score {score}")
    return values


def _ptp(ratings: list[int], score: Fraction) -> int:
    if score == 0:
        return min(ratings) - 800
    low, high = min(ratings) - 800, max(ratings) + 800
    while low < high:
        middle = (low + high) // 2
        if sum((expected_score(middle, r) for r in ratings), Fraction(0)) >= score:
            high = middle
        else:
            low = middle + 1
    return low


def _opponents_average(
    ctx: Context, descriptor: Descriptor, theirs: Mapping[str, Value], what: str
) -> Mapping[str, Value]:
    table = ctx.table
    values = {}
    for pid in table:
        steps = []
        for view in table.views[pid]:
            if not _rated(view) or view.opponent is None:
                continue
            steps.append(
                Step(
                    view.round,
                    view.opponent,
                    view.describe(),
                    theirs[view.opponent].value,
                    note=f"opponent's {what}",
                )
            )
        counted = [s.counted for s in steps if s.counted is not None]
        if not counted or len(counted) < len(steps):
            values[pid] = Value(None, tuple(steps), note=f"an opponent has no {what}")
            continue
        exact = sum(counted, Fraction(0)) / len(counted)
        values[pid] = Value(Fraction(round_half_up(exact)), tuple(steps), note=f"average {exact}")
    return values


def average_performance(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """APRO, 10.4: the average TPR of the opponents met over the board."""
    plain = Descriptor("TPR", unrated=descriptor.unrated)
    theirs = ctx.cached(("tpr", descriptor.unrated), lambda: performance(ctx, plain))
    return _opponents_average(ctx, descriptor, theirs, "TPR")


def average_perfect_performance(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """APPO, 10.5: the average PTP of the opponents met over the board."""
    plain = Descriptor("PTP", unrated=descriptor.unrated)
    theirs = ctx.cached(("ptp", descriptor.unrated), lambda: perfect_performance(ctx, plain))
    return _opponents_average(ctx, descriptor, theirs, "PTP")


def rating(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """RTNG, 10.6: the participant's rating, higher first (``/R``: lower first)."""
    table = ctx.table
    return {
        pid: Value(Fraction(r) if (r := _rating(table, pid, descriptor)) else None, note="rating")
        for pid in table
    }
