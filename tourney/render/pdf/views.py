"""The view models of the printed documents (``tourney print``, ``tourney build --pdf``).

A print template (``site_templates/pdf/*.html``) sees ``doc``, a ``PrintFrame``
(the header and the running footer every document shares), and ``page``, the
document's view model: one of the classes below or, where a site page already
holds what the paper shows, the site's own view model (``RoundPage``,
``RoundAlphaPage``, ``StandingsPage``, ``CrosstablePage``, ``PlayerListPage``,
``TeamRoundPage``; see ``tourney.render.views``), or whose rows are the
site's rows (``TeamStandingRow``, ``TeamCrossRow``, ``IndividualRow``). Every value is ready to print:
"2½", "1-0", "2022"; an empty string is a box the arbiter fills in by hand.

docs/teams.md "Printing" and US Chess rules 31D (pairing cards) and 31F (wall
charts) say what each document must hold; docs/printing.md shows them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tourney.render.views import (
    Column,
    IndividualRow,
    PlayerRef,
    TeamCrossRow,
    TeamRef,
    TeamStandingRow,
)


@dataclass(frozen=True, slots=True)
class PrintFrame:
    """What every printed document shares.

    ``event`` is the tournament's name (header and footer), ``title`` the
    document ("Match result sheets"), ``subtitle`` the round or the
    selection ("Round 2 · 2026-10-10"), ``facts`` a short line of event
    details (place, dates, chief arbiter), ``landscape`` turns the pages.
    """

    event: str
    title: str
    subtitle: str
    facts: tuple[str, ...]
    landscape: bool = False
    lang: str = "en"  # <html lang>: the tournament's language


# -- match result sheets ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SheetSide:
    """One team's half of a board on a match sheet.

    ``colour`` is "White" or "Black"; ``player`` None for an empty seat;
    ``score`` the player's own result ("1", "½", "0", "+", "-"), empty
    while the board has no result: the box the arbiter fills in.
    """

    colour: str
    player: PlayerRef | None
    fide_id: str
    score: str


@dataclass(frozen=True, slots=True)
class SheetBoard:
    """A board of a match: the home team (White on board 1) on the left."""

    board: int
    home: SheetSide
    away: SheetSide


@dataclass(frozen=True, slots=True)
class MatchSheet:
    """One match result sheet (one page): docs/teams.md "Printing".

    ``home`` is the team named first in the round file, White on board 1 and
    every odd board. Averages are the average rating each team fielded
    (unrated players and players who never came left out, rounded half up).
    Game and match points stay empty until every board has a result.
    """

    round: int
    date: str  # the match's day and start time: the round's unless the match has its own
    number: int
    home: TeamRef
    away: TeamRef
    home_captain: str
    away_captain: str
    boards: tuple[SheetBoard, ...]
    home_average: str
    away_average: str
    home_points: str
    away_points: str
    home_match_points: str
    away_match_points: str
    decision: str  # a match forfeited as a whole, else ""
    venue: str = ""  # where it is played (render.match_schedule.match_venue)


@dataclass(frozen=True, slots=True)
class MatchSheetsDoc:
    """match-sheets: one page per match of a round (or the one match asked for)."""

    template: ClassVar[str] = "pdf/match_sheets.html"
    sheets: tuple[MatchSheet, ...]
    arbiter: str  # the chief arbiter, printed under the arbiter's signature line


# -- line-up forms ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RosterLine:
    """A roster place: position (board order), player, ids, reserve, and a note.

    ``note`` says when the player cannot play the round of the form
    ("absent", "half-point bye", "withdrawn"); ``games`` and ``points`` count
    the boards played so far (forfeit wins among the points).
    """

    position: int
    player: PlayerRef
    fide_id: str
    national_id: str
    reserve: bool
    note: str
    games: int
    points: str


@dataclass(frozen=True, slots=True)
class FormRow:
    """A line for the captain to fill in: "1".."4" for boards, "R1", "R2" for reserves."""

    label: str
    colour: str  # "White" / "Black" once the round is paired, else ""
    reserve: bool


@dataclass(frozen=True, slots=True)
class LineupForm:
    """A blank line-up form for one team and one round (one page): docs/teams.md "Printing".

    Once the round is paired it names the opponent, the match and each
    board's colour; before that ``opponent`` is None and the colours blank.
    ``note`` explains a team without a match (a bye, absent).
    """

    round: int
    date: str  # the match's day and start time once paired (a moved match's own), else the round's
    team: TeamRef
    captain: str
    opponent: TeamRef | None
    match: int
    home: bool  # the team is named first (White on board 1)
    note: str
    rows: tuple[FormRow, ...]
    roster: tuple[RosterLine, ...]
    venue: str = ""  # the match's (render.match_schedule.match_venue); unpaired: a central round's


@dataclass(frozen=True, slots=True)
class LineupFormsDoc:
    """lineup-forms: one page per team (or the one team asked for)."""

    template: ClassVar[str] = "pdf/lineup_forms.html"
    forms: tuple[LineupForm, ...]
    paired: bool


# -- team standings, crosstable, rosters ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamStandingsDoc:
    """team-standings after a round: primary score, then the team tie-breaks (C.07)."""

    template: ClassVar[str] = "pdf/team_standings.html"
    after: int
    final: bool
    primary: str  # "MP" or "GP"
    columns: tuple[Column, ...]  # the printed tie-breaks (MP and GP have their own columns)
    rows: tuple[TeamStandingRow, ...]  # the site's rows: the same line on paper
    show_series: bool
    ranking: tuple[Column, ...] = ()  # every ranking tie-break in order, for the legend


@dataclass(frozen=True, slots=True)
class TeamCrossDoc:
    """team-crosstable: per round the opponent's rank, colour of board 1 and game points."""

    template: ClassVar[str] = "pdf/team_crosstable.html"
    rounds: tuple[int, ...]
    rows: tuple[TeamCrossRow, ...]


@dataclass(frozen=True, slots=True)
class RosterSheet:
    """A team's roster in board order, with its rating and how it was worked out."""

    team: TeamRef
    short_name: str
    captain: str
    club: str
    series: str
    rating: str
    rating_working: str  # "olympiad: (2339 + 2025 + 2021 + 1666) / 4 = 2012.75"
    lines: tuple[RosterLine, ...]


@dataclass(frozen=True, slots=True)
class RostersDoc:
    """rosters: every team (or the one asked for); reserves marked."""

    template: ClassVar[str] = "pdf/rosters.html"
    teams: tuple[RosterSheet, ...]
    boards: int


# -- board prizes and the individual ranking --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PrizeRow:
    """A player in a board-prize table: all points, credited on the lowest board played."""

    rank: str
    player: PlayerRef
    team: TeamRef | None
    boards: str  # the boards played, "1, 2"
    games: int
    points: str
    percentage: str
    performance: str


@dataclass(frozen=True, slots=True)
class PrizeBoard:
    board: int
    rows: tuple[PrizeRow, ...]


@dataclass(frozen=True, slots=True)
class BoardPrizesDoc:
    """board-prizes: per board, the players eligible for its prize (US Chess 31B1)."""

    template: ClassVar[str] = "pdf/board_prizes.html"
    after: int
    boards: tuple[PrizeBoard, ...]


@dataclass(frozen=True, slots=True)
class IndividualDoc:
    """individual-ranking: everyone who played (one series with the filter)."""

    template: ClassVar[str] = "pdf/individual.html"
    after: int
    series: str  # "" for every series
    rows: tuple[IndividualRow, ...]
    show_series: bool


# -- US Chess 31D pairing cards and 31F wall charts ------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardRound:
    """A round on a team pairing card; an unplayed future round is a blank line."""

    round: int
    opponent: TeamRef | None
    colour: str  # colour of board 1: "W" / "B"
    game_points: str  # "2½-1½"
    match_points: str
    running: str  # match points after the round
    note: str  # "bye", "absent", "forfeit", "pending"


@dataclass(frozen=True, slots=True)
class PairingCard:
    """US Chess 31D: front (name, average rating, rounds), back (players, ids, captain)."""

    team: TeamRef
    short_name: str
    rating: str
    rating_working: str
    captain: str
    club: str
    series: str
    rounds: tuple[CardRound, ...]
    match_points: str
    game_points: str
    players: tuple[RosterLine, ...]


@dataclass(frozen=True, slots=True)
class PairingCardsDoc:
    """pairing-cards: one page per team, the card's front above the fold, its back below."""

    template: ClassVar[str] = "pdf/pairing_cards.html"
    cards: tuple[PairingCard, ...]


@dataclass(frozen=True, slots=True)
class WallCell:
    """A wall-chart cell: result code, opponent's chart number, colour and a score.

    Codes (US Chess wall-chart notation): W win, D draw, L loss, X forfeit win,
    F forfeit loss, B full-point bye, H half-point bye, U zero-point bye or
    not paired; empty while the game has no result. ``score`` is the running
    score on the individual chart and the match's game points on the team chart.
    """

    code: str
    opponent: str
    colour: str
    score: str


@dataclass(frozen=True, slots=True)
class WallPlayerRow:
    number: int
    player: PlayerRef
    ids: str  # FIDE id, else national id
    team: str  # the team's short name (or name)
    cells: tuple[WallCell, ...]
    total: str


@dataclass(frozen=True, slots=True)
class WallTeamRow:
    number: int
    team: TeamRef
    rating: str
    cells: tuple[WallCell, ...]
    match_points: str
    game_points: str


@dataclass(frozen=True, slots=True)
class WallChartDoc:
    """wall-chart (US Chess 31F): the team chart, then the individual chart set up by team.

    Teams are listed by average rating, highest first; the individual chart
    numbers the highest-rated team's players 1, 2, 3, ... in board order,
    then the next team's, so a strong player of a weak team sits low.
    """

    template: ClassVar[str] = "pdf/wall_chart.html"
    rounds: tuple[int, ...]
    teams: tuple[WallTeamRow, ...]
    players: tuple[WallPlayerRow, ...]
