"""A club folder's and a repository's pages: the club index and series, members, club ratings and rating changes, the repository's home page.

Part of the template contract (``tourney.render.views``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tourney.i18n import N_
from tourney.render.views.cards import RatingChart
from tourney.render.views.common import Frame, Link


@dataclass(frozen=True, slots=True)
class EventRow:
    """A tournament of a club: link to its site, format, dates and progress."""

    name: str
    href: str
    format: str
    dates: str
    progress: str  # "3 of 5 rounds"
    participants: int


@dataclass(frozen=True, slots=True)
class SeriesCell:
    """Series points of one event; ``counted`` False when a best-N rule discards it."""

    text: str
    counted: bool


@dataclass(frozen=True, slots=True)
class SeriesRow:
    rank: str
    name: str
    cells: tuple[SeriesCell, ...]
    total: str


@dataclass(frozen=True, slots=True)
class SeriesTable:
    """A series (grand prix): placement points per event, best N counted."""

    id: str
    name: str
    events: tuple[Link, ...]
    rule: str
    rows: tuple[SeriesRow, ...]


@dataclass(frozen=True, slots=True)
class MemberRow:
    """A club member with the club's own rating per time control."""

    name: str
    federation: str
    ratings: tuple[str, ...]
    games: tuple[str, ...]
    href: str = ""  # the member's page (members/ID.html), when the rating history is known


@dataclass(frozen=True, slots=True)
class ClubIndexPage:
    """index.html of a club folder: its tournaments, series and rating list."""

    template: ClassVar[str] = "club.html"
    frame: Frame
    events: tuple[EventRow, ...]
    series: tuple[SeriesTable, ...]
    periods: tuple[str, ...]
    members: tuple[MemberRow, ...]
    ratings: Link | None = None  # ratings.html, when the rating history is known
    note: str = ""  # the club's own ratings, not FIDE's


@dataclass(frozen=True, slots=True)
class HomeGroup:
    """Tournaments of a repository's home page: a club's (``name`` its name, ``href``
    its home page) or those outside any club (``href`` empty)."""

    name: str
    href: str
    events: tuple[EventRow, ...]  # ``progress``: "round 3 of 7", "finished", "not started"


@dataclass(frozen=True, slots=True)
class HomePage:
    """index.html of a repository that holds several folders (``tourney build`` of its
    top): every tournament, running first, then those to come, then the finished."""

    template: ClassVar[str] = "home.html"
    frame: Frame
    groups: tuple[HomeGroup, ...]


NOT_FIDE = N_(
    "These are the club's own ratings, calculated with the FIDE formula (B.02); "
    "they are not FIDE ratings."
)


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """A member's rating history in one time control: initial, after each event, now."""

    name: str
    initial: str
    cells: tuple[str, ...]  # per rated event: "rating (±change)", or "" when not played
    now: str
    # The rating after each step (initial, then each event rated), for the small chart.
    trend: tuple[int, ...] = ()
    href: str = ""  # the member's page (members/ID.html)


@dataclass(frozen=True, slots=True)
class HistoryTable:
    """Every member's rating history in one time control."""

    period: str
    events: tuple[Link, ...]  # the rating-changes pages, in rating order
    rows: tuple[HistoryRow, ...]


@dataclass(frozen=True, slots=True)
class MemberStep:
    """One rated tournament of a member's history: its rating-changes page (href from
    the site root), its dates, the rating before (Ro) and after, and the change."""

    event: Link
    dates: str
    before: int
    after: int
    change: str  # "+7", "-13", "0"


@dataclass(frozen=True, slots=True)
class MemberPeriod:
    """A member's club rating history in one time control, with its chart."""

    period: str
    initial: int
    steps: tuple[MemberStep, ...]
    now: int
    chart: RatingChart | None  # None before a first rated tournament


@dataclass(frozen=True, slots=True)
class MemberPage:
    """members/ID.html of a club folder: one member's club ratings over time and the
    tournaments they played (each linking to their player card)."""

    template: ClassVar[str] = "member.html"
    frame: Frame
    note: str  # the club's own ratings, not FIDE's
    federation: str
    periods: tuple[MemberPeriod, ...]
    played: tuple[Link, ...]  # player cards, href from the site root


@dataclass(frozen=True, slots=True)
class ClubRatingsPage:
    """ratings.html of a club folder: the rating list with each member's history."""

    template: ClassVar[str] = "club_ratings.html"
    frame: Frame
    note: str
    tables: tuple[HistoryTable, ...]


@dataclass(frozen=True, slots=True)
class ChangeRow:
    """A line of a tournament's rating-changes table (B.02 Art. 8.3)."""

    name: str
    ro: int
    k: int
    games: int
    score: str
    expected: str
    change: str
    new: int


@dataclass(frozen=True, slots=True)
class RatingChangesPage:
    """ratings/<event>.html: the club rating changes of one finalized tournament."""

    template: ClassVar[str] = "rating_changes.html"
    frame: Frame
    note: str
    period: str
    event: Link  # the tournament's own pages
    rows: tuple[ChangeRow, ...]
