"""An individual event's tables: standings after each round, crosstables, tie-breaks, FIDE rating changes, categories and prizes.

Part of the template contract (``tourney.render.views``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tourney.render.views.common import Cell, Frame, Link, PlayerRef


@dataclass(frozen=True, slots=True)
class Column:
    """A tie-break column: code (``BH/C1``), full name and C.07 article."""

    code: str
    name: str
    article: str


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A line of the standings; ``values`` follow ``StandingsPage.columns``.

    ``rank`` is empty for a player sharing the rank of the line above.
    """

    rank: str
    player: PlayerRef
    points: str
    values: tuple[Cell, ...]
    performance: str
    note: str = ""  # "withdrawn after round 4" once the withdrawal has taken effect
    official: str = ""  # the rank an imported TRF stated (docs/trf.md), "" when none


@dataclass(frozen=True, slots=True)
class StandingsPage:
    """standings-NN.html (after round NN) and standings.html (the latest)."""

    template: ClassVar[str] = "standings.html"
    frame: Frame
    after: int
    final: bool
    edition: str
    columns: tuple[Column, ...]
    rows: tuple[StandingRow, ...]
    rounds: tuple[Link, ...]  # standings after every round
    official: bool = False  # show the ranks an imported TRF stated (docs/trf.md)
    show_performance: bool = True  # the TPR column; left out when no player has one


@dataclass(frozen=True, slots=True)
class CrossRow:
    """A crosstable line: a cell per round (opponent number, colour, result)."""

    rank: str
    start: int
    player: PlayerRef
    cells: tuple[Cell, ...]
    points: str
    values: tuple[Cell, ...]
    performance: str


@dataclass(frozen=True, slots=True)
class CrosstablePage:
    """crosstable.html (by rank) and crosstable-start.html (by starting number)."""

    template: ClassVar[str] = "crosstable.html"
    frame: Frame
    by: str  # "rank" or "start": what the opponent numbers in the cells are
    rounds: tuple[int, ...]
    columns: tuple[Column, ...]
    rows: tuple[CrossRow, ...]
    other: Link
    show_performance: bool = True  # the TPR column; left out when no player has one


@dataclass(frozen=True, slots=True)
class TiebreakRow:
    """A player's tie-break values, each linking to its working on the card."""

    rank: str
    player: PlayerRef
    points: str
    values: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class TiebreaksPage:
    """tiebreaks.html: the tie-breaks in force, what they mean, and every value."""

    template: ClassVar[str] = "tiebreaks.html"
    frame: Frame
    edition: str
    columns: tuple[Column, ...]
    rows: tuple[TiebreakRow, ...]
    after: int


@dataclass(frozen=True, slots=True)
class FideChangeRow:
    """A rated player's FIDE rating change over the event (B.02 Art. 8.3), exact until
    FIDE rounds it: the sum over rated games of K x (score - expected score)."""

    player: PlayerRef
    k: int
    games: int  # rated games (played over the board against a rated opponent)
    score: str
    expected: str
    change: str  # "+6.3", "-12.45"


@dataclass(frozen=True, slots=True)
class FideChangesPage:
    """rating-changes.html of a ``fide_rated`` event: every rated player's change."""

    template: ClassVar[str] = "fide_changes.html"
    frame: Frame
    after: int
    rows: tuple[FideChangeRow, ...]  # by starting number


@dataclass(frozen=True, slots=True)
class CategoryRow:
    """A player's line in a category: place in it (shared like the standings), overall rank."""

    place: str
    overall: str
    player: PlayerRef
    points: str


@dataclass(frozen=True, slots=True)
class CategoryTable:
    """One category ("Women", "U12", "50+", "Rating 1800-1999") in the standings' order."""

    name: str
    rows: tuple[CategoryRow, ...]
    kind: str = ""  # "women", "age" or "rating": the page says only what it shows


@dataclass(frozen=True, slots=True)
class CategoriesPage:
    """categories.html: the standings by category (tourney.render.site.categories)."""

    template: ClassVar[str] = "categories.html"
    frame: Frame
    after: int
    tables: tuple[CategoryTable, ...]
    note: str = ""  # what the categories are, for those the page has (categories.note)


@dataclass(frozen=True, slots=True)
class PrizeRow:
    """One prize won: the places the player's tied group occupies, the amount paid."""

    place: str  # "3" or "3-5" when tied players pooled places 3 to 5
    player: PlayerRef
    points: str
    amount: str  # "166.67 EUR"
    shared: int  # players sharing the pool (1: not shared)


@dataclass(frozen=True, slots=True)
class PrizeTable:
    """One group of prizes ("Place prizes", "Women", "U14", ...) with the prizes won in it."""

    name: str
    amounts: str  # the prizes as announced: "500 · 300 · 200 · 100 EUR"
    rows: tuple[PrizeRow, ...]


@dataclass(frozen=True, slots=True)
class PrizesPage:
    """prizes.html (and ``tourney print prizes``): tournament.yaml's prizes: after the
    last round with a result (tourney.render.site.prizes, docs/prizes.md)."""

    template: ClassVar[str] = "prizes.html"
    frame: Frame
    after: int
    final: bool  # after the last planned round; else provisional
    sharing: str  # the sharing rule in words
    one_prize: str  # how one prize per player is decided, in words
    tables: tuple[PrizeTable, ...]
    total: str
