"""Direct encounter, DE (C.07 Art. 6, type A): only inside a group of tied participants.

- 6.1: the points each tied participant scored in the games among them make
  a separate standings; forfeits are left out unless ``/P`` (6.1.1; in a round
  robin they are games, 15.2); several games between the same two count as
  their average (6.1.2).
- 6.2: when every tied participant met every other, that standings ranks
  them; groups still tied are ranked again by Art. 6 among themselves.
- 6.3: otherwise a participant is ranked first when alone at the top
  whatever the missing games would give, then the same for the next place;
  Art. 6 is applied again to those left.

The value of a participant is its place inside the group (1 = first, shared
when not separated), so lower is better.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from tourney.engine.scores import ScoreTable
from tourney.engine.tiebreaks.base import Context, Step, Value
from tourney.engine.tiebreaks.descriptor import Descriptor


def direct_encounter(
    ctx: Context, descriptor: Descriptor, group: Sequence[str]
) -> Mapping[str, Value]:
    """Places inside ``group`` by direct encounter."""
    table = ctx.table
    tiers = _rank(table, descriptor, list(group))
    values: dict[str, Value] = {}
    place = 1
    members = set(group)
    for tier in tiers:
        for pid in tier:
            values[pid] = Value(
                Fraction(place),
                _steps(table, descriptor, pid, members),
                note=f"place {place} of {len(group)} by direct encounter",
            )
        place += len(tier)
    return values


def _counts(table: ScoreTable, descriptor: Descriptor, pid: str, opponent: str) -> list[Fraction]:
    """Points ``pid`` scored in each counted game against ``opponent``."""
    out = []
    for view in table.views[pid]:
        if view.opponent != opponent or view.pending:
            continue
        if view.played or table.round_robin or descriptor.played:
            out.append(view.points)
    return out


def _steps(
    table: ScoreTable, descriptor: Descriptor, pid: str, members: set[str]
) -> tuple[Step, ...]:
    steps = []
    for view in table.views[pid]:
        if view.opponent in members and not view.pending:
            counted = (
                view.points if (view.played or table.round_robin or descriptor.played) else None
            )
            steps.append(Step(view.round, view.opponent, view.describe(), counted, rule="6.1"))
    return tuple(steps)


def _standings(
    table: ScoreTable, descriptor: Descriptor, group: list[str]
) -> tuple[dict[str, Fraction], dict[str, int]]:
    """Mini standings (6.1) and, per participant, how many tied opponents it did not meet."""
    scores = {pid: Fraction(0) for pid in group}
    missing = {pid: 0 for pid in group}
    for pid in group:
        for other in group:
            if other == pid:
                continue
            games = _counts(table, descriptor, pid, other)
            if games:
                scores[pid] += sum(games, Fraction(0)) / len(games)
            else:
                missing[pid] += 1
    return scores, missing


def _rank(table: ScoreTable, descriptor: Descriptor, group: list[str]) -> list[list[str]]:
    """The tiers of ``group``, best first. Art. 6 is applied again to each tier it
    leaves tied (6.2) or to those left after 6.3; a tier can shrink by one player at
    a time, so the groups still to rank are kept on a list, not on the call stack."""
    ranked: list[list[str]] = []
    todo = [group]  # the next group to rank is on top
    while todo:
        current = todo.pop()
        if len(current) < 2:
            ranked.append(current)
            continue
        scores, missing = _standings(table, descriptor, current)
        if not any(missing.values()):
            levels = sorted(set(scores.values()), reverse=True)
            tiers = [[pid for pid in current if scores[pid] == level] for level in levels]
            if len(tiers) == 1:
                ranked.append(tiers[0])
            else:
                todo.extend(reversed(tiers))
            continue
        # 6.3: separate from the top while someone is ahead whatever the missing games give.
        win = table.scoring.win
        best = {pid: scores[pid] + win * missing[pid] for pid in current}
        remaining = list(current)
        while len(remaining) > 1:
            leader = max(remaining, key=lambda pid: scores[pid])
            others = [pid for pid in remaining if pid != leader]
            if all(scores[leader] > best[pid] for pid in others):
                ranked.append([leader])
                remaining = others
            else:
                break
        if len(remaining) == len(current):
            ranked.append(current)
        else:
            todo.append(remaining)
    return ranked
