"""Sign-ups and late entries (docs/pairing.md, docs/folder-format.md "Registration").

A sign-up with ``approved: false`` is not paired until the arbiter approves it;
``tourney check`` lists them so they are not forgotten. A player who joins after
the last round (``joins`` beyond ``rounds``) can never play: W250, since ``tourney
player add`` and ``tourney signup`` refuse such an entry (E252) and only a hand
edit, or ending a Swiss early, makes one.
"""

from __future__ import annotations

from tourney.check.context import Context, at
from tourney.errors import Diagnostic
from tourney.model import Tournament


def signup_notes(t: Tournament) -> list[str]:
    waiting = [p for p in t.players if not p.approved]
    if not waiting:
        return []
    names = ", ".join(f"{p.name} ({p.id})" for p in waiting)
    return [f"{t.settings.name}: {len(waiting)} sign-up(s) awaiting approval: {names}"]


def joins_too_late(ctx: Context) -> list[Diagnostic]:
    """W250: each player whose first round is after the last round."""
    t = ctx.tournament
    planned = t.planned_rounds
    if t.is_team or not planned:
        return []
    return [
        at(
            ctx.sources.player(p.id),
            "W250",
            f"{p.name} ({p.id}) joins in round {p.joins}, but the tournament has {planned} "
            "rounds: the player can never be paired",
            "remove the entry, or give it a round it can play in ('joins')",
            severity="warning",
        )
        for p in t.players
        if p.joins > planned
    ]
