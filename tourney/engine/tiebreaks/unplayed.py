"""Unplayed rounds in tie-breaks (C.07 Art. 15 and 16).

- 15.2: in a round robin, forfeits count as games against the scheduled
  opponent; a bye there is handled like a Swiss bye.
- 16.3: the score a participant shows to opponents counts every round as
  awarded, except requested byes followed only by voluntarily unplayed rounds
  (or in the last round, category 16.2.5), which count as draws.
- 16.4: a participant's own unplayed round counts as a game against a dummy
  opponent with the participant's own score. The 2026 revision caps that
  score: at the scheduled opponent's adjusted score after a forfeit (16.4.1),
  otherwise at a draw in every round (16.4.2).
- 16.5: cuts take voluntarily unplayed rounds first (see ``base.cut_steps``).

``contributions`` lists, round by round, whose score a Buchholz-like
tie-break counts and why; Buchholz, Fore Buchholz and Sonneborn-Berger are
all built on it.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from tourney.engine.scores import RoundView, ScoreTable, Unplayed, recategorise
from tourney.engine.tiebreaks.base import Context
from tourney.engine.tiebreaks.edition import Edition
from tourney.model import Outcome
from tourney.records import dataclass


@dataclass(frozen=True, slots=True)
class Contribution:
    """One round of a participant seen by a Buchholz-like tie-break."""

    view: RoundView
    score: Fraction  # the opponent's adjusted score, or the dummy opponent's score
    rule: str  # the article that gave ``score``
    note: str
    vur: bool  # a voluntarily unplayed round that counts through a dummy (16.5)
    dummy: bool


def opponent_score(table: ScoreTable, opponent: str) -> tuple[Fraction, str, str]:
    """The score an opponent shows (16.3), with the article and a note (once per table)."""
    return table.memo(("opponent-score", opponent), lambda: _opponent_score(table, opponent))


def _opponent_score(table: ScoreTable, opponent: str) -> tuple[Fraction, str, str]:
    if table.round_robin:
        return table.points(opponent), "15.2", "opponent's score"
    adjusted = table.adjusted(opponent)
    drawn = sum(1 for v in table.views[opponent] if v.category is Unplayed.REQUESTED_BYE_TO_END)
    if drawn:
        return adjusted, "16.3.2", f"opponent's score with {drawn} round(s) counted as draws"
    return adjusted, "16.3.1", "opponent's score"


def dummy_score(
    ctx: Context, table: ScoreTable, participant: str, view: RoundView
) -> tuple[Fraction, str, str]:
    """The dummy opponent of an own unplayed round (16.4; capped in the 2026 revision)."""
    own = table.points(participant)
    if ctx.edition is Edition.C2024:
        return own, "16.4", "dummy opponent with the participant's own score"
    if view.opponent is not None:
        cap, _, _ = opponent_score(table, view.opponent)
        rule, why = "16.4.1", f"capped at the scheduled opponent's adjusted score {cap}"
    else:
        cap = table.scoring.draw * table.rounds
        rule, why = "16.4.2", f"capped at a draw in every round, {cap}"
    if own <= cap:
        return own, rule, "dummy opponent with the participant's own score"
    return cap, rule, "dummy opponent " + why


def contributions(
    ctx: Context, table: ScoreTable, participant: str, *, played_forfeits: bool = False
) -> tuple[Contribution, ...]:
    """Every decided round of ``participant``: an opponent's score or a dummy's.

    Computed once per table, participant, edition and ``played_forfeits``: BH,
    its cut variants and SB all read the same contributions.
    """
    key = ("contributions", participant, played_forfeits, ctx.edition)
    return table.memo(key, lambda: _contributions(ctx, table, participant, played_forfeits))


def _contributions(
    ctx: Context, table: ScoreTable, participant: str, played_forfeits: bool
) -> tuple[Contribution, ...]:
    out = []
    for view in table.views[participant]:
        if view.pending:
            continue
        as_game = view.opponent is not None and (
            view.played or table.round_robin or played_forfeits
        )
        if as_game:
            assert view.opponent is not None
            score, rule, note = opponent_score(table, view.opponent)
            if not view.played:
                note += " (forfeit counted as played)"
            out.append(Contribution(view, score, rule, note, vur=False, dummy=False))
        else:
            score, rule, note = dummy_score(ctx, table, participant, view)
            vur = view.vur and not table.round_robin
            out.append(Contribution(view, score, rule, note, vur=vur, dummy=True))
    return tuple(out)


def fore_table(table: ScoreTable) -> ScoreTable:
    """The table as if every game paired in the last round had been drawn (C.07 8.3).

    Forfeits of that round become draws too, so they are no longer unplayed;
    byes keep their points.
    """
    if table.rounds == 0:
        return table
    views = {}
    for pid, rounds in table.views.items():
        final = rounds[-1]
        if final.opponent is not None:
            final = replace(
                final,
                outcome=Outcome.DRAW,
                points=table.scoring.draw,
                played=True,
                pending=False,
                category=None,
            )
        views[pid] = recategorise((*rounds[:-1], final))
    return replace(table, views=views)
