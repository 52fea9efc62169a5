"""Extended Sonneborn-Berger for teams (C.07 13.2) and SSSC (13.4).

- EMMSB, EMGSB, EGMSB, EGGSB (13.2.1-13.2.4): the sum, over the rounds, of
  the opponent's score times the team's own result in that match. The first
  letter after E names the opponent's score (M match points, G game points),
  the second the own result (M the match points of the match, G its game
  points). Unplayed rounds follow Art. 16 as for SB: the opponent's adjusted
  score (16.3), a dummy opponent for the team's own unplayed rounds (16.4,
  capped in the 2026 revision) times what the round gave; cuts take
  voluntarily unplayed rounds first (16.5).
- SSSC (13.4, score and schedule strength combination): the secondary score
  plus the Buchholz of the primary score divided by F, where F is the
  maximum primary total divided by the maximum secondary score of one round,
  rounded down (``/Kx`` sets F; ``/F`` uses Fore Buchholz; ``/P`` counts
  forfeits as played). Printed with two decimals.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

from tourney.engine.teams.scores import TeamTables
from tourney.engine.tiebreaks.base import Context, Step, Value, cut_steps, total, with_score
from tourney.engine.tiebreaks.buchholz import buchholz_on, fore
from tourney.engine.tiebreaks.descriptor import Descriptor
from tourney.engine.tiebreaks.unplayed import contributions


def _teams(ctx: Context) -> TeamTables:
    assert ctx.teams is not None, "a team tie-break needs a team event"
    return ctx.teams


def extended_sonneborn_berger(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """EMMSB / EMGSB / EGMSB / EGGSB, 13.2."""
    opponent_score, own_result = descriptor.name[1], descriptor.name[2]
    scores = with_score(ctx, opponent_score + "P")
    results = _teams(ctx).table(own_result + "P")
    table = scores.table
    values = {}
    for pid in table:
        steps = []
        for c in contributions(scores, table, pid, played_forfeits=descriptor.played):
            own = results.views[pid][c.view.round - 1].points
            steps.append(
                Step(
                    round=c.view.round,
                    opponent=c.view.opponent if not c.dummy else None,
                    what=c.view.describe(),
                    counted=c.score * own,
                    rule=c.rule,
                    note=f"{c.note} {c.score} x {own}",
                    key=c.score,
                    vur=c.vur,
                )
            )
        cut = cut_steps(steps, descriptor.low, descriptor.high, vur_first=not table.round_robin)
        values[pid] = Value(total(cut), cut)
    return values


def divisor(teams: TeamTables, rounds: int) -> int:
    """F of 13.4: the maximum primary total over the maximum secondary score of one round."""
    scoring = teams.scoring
    board_max = scoring.win * teams.boards
    if teams.table() is teams.mp:
        return max(1, math.floor(scoring.match_win * rounds / board_max))
    return max(1, math.floor(board_max * rounds / scoring.match_win))


def score_strength(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """SSSC, 13.4: secondary score + Buchholz (primary) / F."""
    teams = _teams(ctx)
    primary = ctx
    table = primary.table
    secondary = teams.mp if table is teams.gp else teams.gp
    plain = Descriptor("BH", played=descriptor.played)
    strength = buchholz_on(primary, fore(primary) if descriptor.fore else table, plain)
    factor = Fraction(descriptor.k) if descriptor.k else Fraction(divisor(teams, table.rounds))
    values = {}
    for pid in table:
        own = secondary.points(pid)
        bh = strength[pid].value or Fraction(0)
        values[pid] = Value(
            own + bh / factor,
            strength[pid].steps,
            note=f"secondary score {own} + Buchholz {bh} / {factor}",
        )
    return values
