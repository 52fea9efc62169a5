"""Which edition of C.07 applies: 2024 (1 Aug 2024) or the 2026 revision (1 Mar 2026).

The revision changes Art. 16.4: the dummy opponent of a participant's own
unplayed round no longer has the participant's own score without limit, but
at most the scheduled opponent's adjusted score (16.4.1, forfeits) or a draw
in every round (16.4.2, byes and absences).

>>> edition_for(dt.date(2026, 3, 1), TiebreakRules.AUTO).value
'2026'
>>> edition_for(dt.date(2025, 11, 3), TiebreakRules.AUTO).value
'2024'
>>> edition_for(dt.date(2025, 11, 3), TiebreakRules.C07_2026).value
'2026'
"""

from __future__ import annotations

import datetime as dt

from tourney.model import Edition, TiebreakRules

REVISION_2026 = dt.date(2026, 3, 1)


def edition_for(start: dt.date | None, rules: TiebreakRules) -> Edition:
    """The forced edition, else the one in force on the start date (the newest without one)."""
    if rules is TiebreakRules.C07_2024:
        return Edition.C2024
    if rules is TiebreakRules.C07_2026:
        return Edition.C2026
    if start is not None and start < REVISION_2026:
        return Edition.C2024
    return Edition.C2026


__all__ = ["REVISION_2026", "Edition", "edition_for"]
