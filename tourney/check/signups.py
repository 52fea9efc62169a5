"""Sign-ups awaiting approval: a note, not a problem (docs/pairing.md).

A sign-up with ``approved: false`` is not paired until the arbiter approves it;
``tourney check`` lists them so they are not forgotten.
"""

from __future__ import annotations

from tourney.model import Tournament


def signup_notes(t: Tournament) -> list[str]:
    waiting = [p for p in t.players if not p.approved]
    if not waiting:
        return []
    names = ", ".join(f"{p.name} ({p.id})" for p in waiting)
    return [f"{t.settings.name}: {len(waiting)} sign-up(s) awaiting approval: {names}"]
