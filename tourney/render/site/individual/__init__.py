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

from tourney.render.site.individual.cards import cards as _cards
from tourney.render.site.individual.category_pages import category_pages as _category_pages
from tourney.render.site.individual.crosstables import crosstables as _crosstables
from tourney.render.site.individual.lists import lists as _lists
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
from tourney.render.site.individual.players import Players
from tourney.render.site.individual.rating_changes import fide_changes as _fide_changes
from tourney.render.site.individual.rounds import rounds as _rounds
from tourney.render.site.individual.standings import standings_pages as _standings_pages
from tourney.render.site.individual.tiebreaks import tiebreaks as _tiebreaks


class PlayerPages(Players):
    """``Players`` with a method per page kind, calling its module's function (the PDFs
    and the tests ask for one kind of page: ``PlayerPages(data, frames).cards()``)."""

    def lists(self) -> Pages:
        return _lists(self)

    def rounds(self) -> Pages:
        return _rounds(self)

    def standings_pages(self) -> Pages:
        return _standings_pages(self)

    def crosstables(self) -> Pages:
        return _crosstables(self)

    def cards(self) -> Pages:
        return _cards(self)

    def tiebreaks(self) -> Pages:
        return _tiebreaks(self)

    def fide_changes(self) -> Pages:
        return _fide_changes(self)

    def category_pages(self) -> Pages:
        return _category_pages(self)


__all__ = [
    "OUTCOME_CSS",
    "Pages",
    "PlayerPages",
    "Players",
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
