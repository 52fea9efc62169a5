"""The round to look at now, from the folder alone (never the clock).

The first planned round whose results are not all in, paired or not: the
site's "where do I play?" block and ``build --pdf`` both start from it, so a
round robin paired in advance prints the round being played, not its last.
"""

from __future__ import annotations

from tourney.engine.withdrawals import status as round_status_of
from tourney.model import Tournament


def current_round(t: Tournament) -> int:
    """The first planned round not done (paired or not); 0 once every round is done."""
    last = max((r.number for r in t.rounds), default=0)
    for number in range(1, max(t.planned_rounds, last) + 1):
        found = round_status_of(t, number)
        if found is None or found.value != "done":
            return number
    return 0
