"""The event's own pages: details (index.html), the player list, statistics, the schedule, the players not paired, downloads and text pages.

Part of the template contract (``tourney.render.views``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tourney.render.views.common import Download, Fact, Frame, Link, PlayerRef, TeamRef
from tourney.render.views.rounds import ByeRow


@dataclass(frozen=True, slots=True)
class RoundLink:
    """A round in the schedule: date, status (pending, running, done), number of boards."""

    number: int
    date: str
    status: str
    boards: int
    href: str  # "" when the round is not paired yet
    # Team events: where every match of the round is played (render.match_schedule.round_venue)
    venue: str = ""


@dataclass(frozen=True, slots=True)
class CurrentRound:
    """The event home's answer to "where do I play?": the round being played, or next.

    ``number`` is 0 once every planned round is done. ``status`` is said in words:
    "paired, no results yet", "results coming in", "not paired yet", "finished".
    """

    number: int
    date: str  # "2026-10-03 19:30", or the day alone (render.schedule.round_start_text)
    status: str
    links: tuple[Link, ...]  # pairings, pairings by name, standings


@dataclass(frozen=True, slots=True)
class NextGame:
    """The line at the top of a player card: the player's next (or current) game.

    With ``opponent`` set: round, date, board, colour ("White", "Black") and the
    opponent (``match`` names the team match in a team event). Otherwise ``note``
    says why there is no game to name: "not paired yet", a bye, a withdrawal, the end.
    """

    round: int
    date: str
    board: str
    colour: str
    opponent: PlayerRef | None
    match: str
    note: str
    chip: str = ""  # the colour as a chip: "w", "b" or ""
    points: str = ""  # the player's points before that round
    opponent_points: str = ""  # the opponent's points before that round


@dataclass(frozen=True, slots=True)
class DetailsPage:
    """index.html: the tournament's details, schedule and text pages."""

    template: ClassVar[str] = "details.html"
    frame: Frame
    facts: tuple[Fact, ...]
    flags: tuple[str, ...]  # "FIDE rated", "nationally rated"
    rounds: tuple[RoundLink, ...]
    pages: tuple[Link, ...]
    participants: int
    team_event: bool
    current: CurrentRound | None = None
    # "2026-10-04" or "2026-10-04 18:45": tournament.yaml's ``updated``, else the latest
    # day of a round with a result (render.schedule.last_updated); "" when unknown
    updated: str = ""


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player of a list; ``team``/``board`` in team events (board 0: not on a roster)."""

    player: PlayerRef
    club: str
    fide_id: str
    team: TeamRef | None
    board: int
    status: str  # "", "withdrawn after round 4", "joins in round 3"
    fide_url: str = ""  # the FIDE profile (https://ratings.fide.com/profile/ID), "" without


@dataclass(frozen=True, slots=True)
class PlayerListPage:
    """players.html (by starting rank) and players-alpha.html (by name)."""

    template: ClassVar[str] = "players.html"
    frame: Frame
    caption: str
    rows: tuple[PlayerRow, ...]
    other: Link  # the same list in the other order
    show_club: bool
    show_team: bool


@dataclass(frozen=True, slots=True)
class Count:
    """A labelled count with a share of the whole, e.g. a federation's players."""

    label: str
    count: int
    share: str


@dataclass(frozen=True, slots=True)
class ColourRow:
    """Results of one round (or all) by colour."""

    label: str
    white_wins: int
    draws: int
    black_wins: int
    forfeits: int
    pending: int
    games: int
    white_score: str  # white's percentage over the board


@dataclass(frozen=True, slots=True)
class StatisticsPage:
    """statistics.html: federations, clubs, ratings and results by colour."""

    template: ClassVar[str] = "statistics.html"
    frame: Frame
    facts: tuple[Fact, ...]
    federations: tuple[Count, ...]
    clubs: tuple[Count, ...]
    colours: tuple[ColourRow, ...]


@dataclass(frozen=True, slots=True)
class SchedulePage:
    """schedule.html: every planned round with its date and status."""

    template: ClassVar[str] = "schedule.html"
    frame: Frame
    rounds: tuple[RoundLink, ...]
    matches: tuple[ScheduledMatch, ...] = ()  # team events: every match shown, round by round


@dataclass(frozen=True, slots=True)
class ScheduledMatch:
    """A team match on the schedule: when and where (render.match_schedule), teams, link."""

    round: int
    number: int
    href: str  # the match on its round page: "round-02.html#match-3"
    white: TeamRef  # the team named first: the host
    black: TeamRef
    when: str  # "Sat 2026-10-10 14:30"; "" when no date is known
    venue: str


@dataclass(frozen=True, slots=True)
class AbsentRound:
    """Who was not paired in a round, and why."""

    number: int
    rows: tuple[ByeRow, ...]


@dataclass(frozen=True, slots=True)
class AbsentPage:
    """absent.html: byes, absences, late entries and withdrawals, round by round."""

    template: ClassVar[str] = "absent.html"
    frame: Frame
    rounds: tuple[AbsentRound, ...]
    withdrawn: tuple[ByeRow, ...]
    late: tuple[ByeRow, ...]


@dataclass(frozen=True, slots=True)
class DownloadsPage:
    """downloads.html: the data files (CSV, JSON, TRF where one exists)."""

    template: ClassVar[str] = "downloads.html"
    frame: Frame
    files: tuple[Download, ...]


@dataclass(frozen=True, slots=True)
class TextPage:
    """pages/SLUG.html: a markdown page, already sanitised HTML (``html`` is safe)."""

    template: ClassVar[str] = "text.html"
    frame: Frame
    html: str
