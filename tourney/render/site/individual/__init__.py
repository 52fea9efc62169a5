"""The pages about players: lists, pairings, standings, crosstables, cards, tie-breaks.

One module per kind of page (a row of ``tourney.render.site.table``): ``lists``,
``rounds``, ``standings``, ``crosstables``, ``cards``, ``tiebreaks``,
``rating_changes``, ``category_pages``; ``players`` holds what they share
(``PlayerPages``), ``names`` their file names and short texts.

Standings and tie-breaks come from ``tourney.engine.standings`` (FIDE C.07,
with the working of every value); each round's view of a player from
``tourney.engine.scores``; the performance is C.07 10.2's TPR. These modules
only arrange them into the view models of ``tourney.render.views``.

In an individual round robin, withdrawals follow FIDE General Regulations
6.6 (``tourney.engine.withdrawals``): round pages, crosstables and standings
mark annulled games and derived forfeits, and ``crosstable-start.html`` is the
table by Berger number (``tourney.render.site.round_robin``).
"""

from tourney.render.site.individual.memo import RowMemo
from tourney.render.site.individual.names import (
    OUTCOME_CSS,
    Pages,
    absence_text,
    anchor,
    latest_tab,
    own_result,
    refs_in,
    round_file,
    round_status_text,
    signed,
    standings_file,
    status_text,
)
from tourney.render.site.individual.players import PlayerPages

__all__ = [
    "OUTCOME_CSS",
    "Pages",
    "PlayerPages",
    "RowMemo",
    "absence_text",
    "anchor",
    "latest_tab",
    "own_result",
    "refs_in",
    "round_file",
    "round_status_text",
    "signed",
    "standings_file",
    "status_text",
]
