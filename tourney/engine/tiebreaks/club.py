"""The club rules' tie-breaks (docs/tiebreaks.md "Profiles", ``tiebreaks: club``).

The club order is points, Buchholz, Sonneborn-Berger, direct encounter,
wins, then the pairing number; round robins skip Buchholz. Its definitions
are the club's own, not C.07's Art. 16, so they have codes of their own:

- CBH: the sum of the opponents' scores; a round without an opponent (a bye
  of any kind, an absence) counts a virtual opponent with the player's own
  score. Scores are as awarded (no C.07 16.3 adjustment, no 16.4.2 cap).
- CSB: the full score of every opponent beaten and half the score of every
  opponent drawn; byes and no-contests (``0-0``) add nothing.
- CDE: only inside a group tied on everything before it, and only when every
  two of them met equally often (at least once) and the points they scored
  in those games separate all of them; otherwise it separates nobody (its
  value is then undefined for the whole group, with the reason in the note).
- CWIN: rounds won against an opponent; byes never count as wins.

A forfeit is a result against the paired opponent: it has an opponent, so it
is no bye (a forfeit win beats that opponent, a forfeit loss loses to them).
A no-contest is a game played for no points (it counts in CBH and as a
meeting in CDE).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import combinations

from tourney.engine.scores import RoundView, ScoreTable
from tourney.engine.tiebreaks.base import Context, Step, Value, total
from tourney.engine.tiebreaks.descriptor import Descriptor
from tourney.model import Outcome

RULE = "club"
_WON = (Outcome.WIN, Outcome.FORFEIT_WIN)
# The share of the opponent's score SB adds: "the full score of everyone you beat and
# half the score of everyone you drew".
_SB_SHARE = {
    Outcome.WIN: Fraction(1),
    Outcome.FORFEIT_WIN: Fraction(1),
    Outcome.DRAW: Fraction(1, 2),
}


def _decided(table: ScoreTable, pid: str) -> list[RoundView]:
    return [v for v in table.views[pid] if not v.pending]


def buchholz(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """CBH: opponents' scores; a round without an opponent counts the player's own score."""
    table = ctx.table
    values = {}
    for pid in table:
        own = table.points(pid)
        steps = []
        for view in _decided(table, pid):
            if view.opponent is not None:
                score, note = table.points(view.opponent), "opponent's score"
            else:
                score, note = own, "no opponent: a virtual opponent with the player's own score"
            steps.append(Step(view.round, view.opponent, view.describe(), score, RULE, note))
        values[pid] = Value(total(steps), tuple(steps))
    return values


def sonneborn_berger(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """CSB: beaten opponents' scores in full, drawn opponents' scores by half."""
    table = ctx.table
    values = {}
    for pid in table:
        steps = []
        for view in _decided(table, pid):
            share = _SB_SHARE.get(view.outcome) if view.outcome else None
            if view.opponent is None or share is None:
                why = "a bye adds nothing" if view.opponent is None else "not won or drawn"
                if view.outcome is Outcome.NO_CONTEST:
                    why = "a no-contest adds nothing"
                steps.append(Step(view.round, view.opponent, view.describe(), None, RULE, why))
                continue
            theirs = table.points(view.opponent)
            steps.append(
                Step(
                    view.round,
                    view.opponent,
                    view.describe(),
                    theirs * share,
                    RULE,
                    f"opponent's score {theirs} x {share}",
                )
            )
        values[pid] = Value(total(steps), tuple(steps))
    return values


def wins(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """CWIN: rounds won against an opponent, over the board or by forfeit; never a bye."""
    table = ctx.table
    values = {}
    for pid in table:
        steps = tuple(
            Step(
                v.round,
                v.opponent,
                v.describe(),
                Fraction(1) if v.opponent is not None and v.outcome in _WON else None,
                RULE,
                "a bye is no win" if v.opponent is None else "",
            )
            for v in _decided(table, pid)
        )
        values[pid] = Value(total(steps), steps)
    return values


def direct_encounter(
    ctx: Context, descriptor: Descriptor, group: Sequence[str]
) -> Mapping[str, Value]:
    """CDE: places inside ``group`` (1 = first); undefined for all when the rule does not apply."""
    table = ctx.table
    members = set(group)
    games = {pid: [v for v in _decided(table, pid) if v.opponent in members] for pid in group}
    met = {(a, b): sum(1 for v in games[a] if v.opponent == b) for a, b in combinations(group, 2)}
    scores = {pid: sum((v.points for v in games[pid]), Fraction(0)) for pid in group}
    why = ""
    if len(set(met.values())) > 1 or 0 in met.values():
        why = "not applied: the tied players did not all meet each other equally often"
    elif len(set(scores.values())) < len(group):
        why = "not applied: their results against each other do not separate them all"
    ranked = sorted(scores.values(), reverse=True)
    values: dict[str, Value] = {}
    for pid in group:
        steps = tuple(Step(v.round, v.opponent, v.describe(), v.points, RULE) for v in games[pid])
        if why:
            values[pid] = Value(None, steps, note=why)
            continue
        place = ranked.index(scores[pid]) + 1
        values[pid] = Value(
            Fraction(place),
            steps,
            note=f"scored {scores[pid]} against the tied players: place {place} of {len(group)}",
        )
    return values
