"""Direct encounter for teams: DE (C.07 Art. 6) and EDE with its finishes (Art. 13.3).

Type A tie-breaks: they rank a group of teams tied on the primary score.

- DE: the primary score of the matches among the tied teams (6.1). A match
  decided without a game counts only in a round robin, where C.07 15.2 makes
  forfeits games; in a team Swiss it is no encounter (6.1.1), unless ``/P``.
  Several matches between the same two teams count as their average
  (6.1.2). When every tied team met every other, that mini-standings ranks
  them (6.2); otherwise a team is ranked first when no other could reach its
  score with the matches they did not play (6.3). Groups still tied are
  ranked again among themselves.
- EDE (13.3.1): the same with the primary score, then the secondary score of
  those matches, alternately, until nothing changes.
- Finishes for exactly two teams still tied after their match (13.3.2):
  EDEC their match's board count (board x points, lower first, as BB),
  EDET its top boards (board 1, then board 2, ...), EDEB its bottom-board
  elimination (without the last board, then the last two, ...), EDEBT
  board count then top boards, EDEBB board count then bottom boards.

The steps are applied in that order, and after any step that separates
teams the same step is applied again to the new groups; the procedure ends
when every step has been tried on the current groups without a change.

The value is a team's place in the group (1 = first), so lower is better.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from tourney.engine.scores import ScoreTable
from tourney.engine.teams.scores import TeamRound, TeamTables
from tourney.engine.tiebreaks.base import Context, Step, Value
from tourney.engine.tiebreaks.descriptor import Descriptor

ZERO = Fraction(0)

# P primary score, S secondary score, C board count, T top board k, B bottom boards.
STEPS: dict[str, Callable[[int], str]] = {
    "DE": lambda n: "P",
    "EDE": lambda n: "PS",
    "EDEC": lambda n: "PSC",
    "EDET": lambda n: "PS" + "T" * n,
    "EDEB": lambda n: "PS" + "B" * (n - 1),
    "EDEBT": lambda n: "PSC" + "T" * n,
    "EDEBB": lambda n: "PSC" + "B" * (n - 1),
}
_NAMES = {"P": "primary score", "S": "secondary score", "C": "board count"}

Encounter = Callable[[TeamRound, ScoreTable], Fraction]


def _teams(ctx: Context) -> TeamTables:
    assert ctx.teams is not None, "a team tie-break needs a team event"
    return ctx.teams


def _step_value(step: str, index: int, teams: TeamTables) -> tuple[Encounter | None, bool]:
    """How one match counts for a step, and whether lower is better."""
    if step == "C":

        def count(r: TeamRound, table: ScoreTable) -> Fraction:
            return sum((b.board * b.points for b in r.boards), ZERO)

        return count, True
    if step == "T":

        def top(r: TeamRound, table: ScoreTable) -> Fraction:
            return sum((b.points for b in r.boards if b.board == index + 1), ZERO)

        return top, False
    if step == "B":
        last = teams.boards - index - 1

        def bottom(r: TeamRound, table: ScoreTable) -> Fraction:
            return sum((b.points for b in r.boards if b.board <= last), ZERO)

        return bottom, False
    return None, False


def extended_direct_encounter(
    ctx: Context, descriptor: Descriptor, group: Sequence[str]
) -> Mapping[str, Value]:
    """Places inside ``group`` by DE / EDE / EDEC / EDET / EDEB / EDEBT / EDEBB."""
    teams = _teams(ctx)
    primary = ctx.table
    secondary = teams.mp if primary is teams.gp else teams.gp
    steps = STEPS[descriptor.name](teams.boards)
    counted = _counted(teams, primary, descriptor)
    tiers: list[list[str]] = [sorted(group, key=lambda t: primary.start[t])]
    working: dict[str, list[Step]] = {pid: [] for pid in group}
    position, quiet, guard = 0, 0, 0
    while quiet < len(steps) and guard < 100:
        guard += 1
        step = steps[position]
        index = steps[:position].count(step)
        changed = False
        new: list[list[str]] = []
        for tier in tiers:
            if len(tier) < 2 or (step in "CTB" and len(tier) != 2):
                new.append(tier)
                continue
            split = _rank(tier, step, index, teams, primary, secondary, counted, working)
            changed = changed or len(split) > 1
            new.extend(split)
        tiers = new
        if changed:
            quiet = 0
        else:
            quiet += 1
            position = (position + 1) % len(steps)
    values: dict[str, Value] = {}
    place = 1
    for tier in tiers:
        for pid in tier:
            values[pid] = Value(
                Fraction(place),
                tuple(working[pid]),
                note=f"place {place} of {len(group)} by {descriptor.name}",
            )
        place += len(tier)
    return values


def _counted(
    teams: TeamTables, table: ScoreTable, descriptor: Descriptor
) -> Callable[[TeamRound], bool]:
    """Which matches are encounters: played, or any decided match in a round robin (15.2)."""

    def counted(r: TeamRound) -> bool:
        if r.opponent is None or r.outcome is None:
            return False
        return r.played or table.round_robin or descriptor.played

    return counted


def _rank(
    tier: list[str],
    step: str,
    index: int,
    teams: TeamTables,
    primary: ScoreTable,
    secondary: ScoreTable,
    counted: Callable[[TeamRound], bool],
    working: dict[str, list[Step]],
) -> list[list[str]]:
    """One step on one group: the groups it splits into, best first."""
    value, lower_first = _step_value(step, index, teams)
    table = secondary if step == "S" else primary
    members = set(tier)
    score: dict[str, Fraction] = {}
    best: dict[str, Fraction] = {}
    met_all = True
    for pid in tier:
        per_opponent: dict[str, list[Fraction]] = {}
        for r in teams.rounds[pid]:
            if r.opponent not in members or not counted(r):
                continue
            assert r.opponent is not None
            points = table.views[pid][r.round - 1].points if value is None else value(r, table)
            per_opponent.setdefault(r.opponent, []).append(points)
            working[pid].append(
                Step(
                    r.round,
                    r.opponent,
                    r.describe(),
                    points,
                    rule="13.3" if step != "P" else "6.1",
                    note=_NAMES.get(
                        step, f"{'top' if step == 'T' else 'bottom'} boards {index + 1}"
                    ),
                )
            )
        total = sum((sum(v, ZERO) / len(v) for v in per_opponent.values()), ZERO)
        missing = len(tier) - 1 - len(per_opponent)
        score[pid] = -total if lower_first else total
        # 6.3: the most the missing matches could still add (a board step only
        # compares two teams' own match, so a missing match leaves them tied).
        ceiling = table.scoring.win if value is None else ZERO
        best[pid] = score[pid] + ceiling * missing
        if missing and not primary.round_robin:
            met_all = False
    if met_all:
        levels = sorted(set(score.values()), reverse=True)
        return [[pid for pid in tier if score[pid] == level] for level in levels]
    if value is not None:
        return [tier]  # two teams that did not meet: their match cannot decide
    ranked: list[list[str]] = []
    remaining = sorted(tier, key=lambda pid: (-score[pid], -best[pid]))
    while len(remaining) > 1:
        leader, others = remaining[0], remaining[1:]
        if all(score[leader] > best[o] for o in others):
            ranked.append([leader])
            remaining = others
        else:
            break
    return [*ranked, remaining]
