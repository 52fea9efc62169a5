"""The round to look at now, from the folder alone (never the clock).

The first planned round whose results are not all in, paired or not: the
site's "where do I play?" block and ``build --pdf`` both start from it, so a
round robin paired in advance prints the round being played, not its last.
"""

from __future__ import annotations

from tourney.engine.evaluation import Evaluation


def current_round(evaluation: Evaluation) -> int:
    """The first planned round not done (paired or not); 0 once every round is done."""
    t = evaluation.tournament
    last = max((r.number for r in t.rounds), default=0)
    for number in range(1, max(t.planned_rounds, last) + 1):
        found = evaluation.round_status(number)
        if found is None or found.value != "done":
            return number
    return 0
