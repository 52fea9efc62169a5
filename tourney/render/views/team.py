"""A team event's pages: teams, line-ups, match rounds, team standings, crosstable and grid, board statistics, individual results and the team cards.

Part of the template contract (``tourney.render.views``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tourney.render.views.common import Cell, Frame, Link, PlayerRef, TeamRef
from tourney.render.views.rounds import ByeRow, PairingNote
from tourney.render.views.standings import Column


@dataclass(frozen=True, slots=True)
class RosterRow:
    """A roster place: board, player, games played and points (forfeit wins included)."""

    board: int
    player: PlayerRef
    reserve: bool
    games: int
    points: str


@dataclass(frozen=True, slots=True)
class TeamRow:
    """A team in the team list, with its roster."""

    team: TeamRef
    short_name: str
    club: str
    captain: str
    series: str
    rating: str
    roster: tuple[RosterRow, ...]
    withdrawn: str = ""  # "withdrawn after round 4" for a team that withdrew


@dataclass(frozen=True, slots=True)
class TeamListPage:
    """teams.html: every team with its composition."""

    template: ClassVar[str] = "teams.html"
    frame: Frame
    teams: tuple[TeamRow, ...]
    boards: int
    show_series: bool


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """One board of a match; ``white`` is the player with White on that board."""

    board: int
    white: PlayerRef | None
    result: str
    black: PlayerRef | None


@dataclass(frozen=True, slots=True)
class TeamBoard:
    """One board of a match in team order: ``first`` plays for the team named first.

    ``result`` is read from the first team's side ("1-0": a point for it), "" while
    the game has no result; the colours say who had White on the board ("W", "B").
    """

    board: int
    first: PlayerRef | None
    first_colour: str
    result: str
    second: PlayerRef | None
    second_colour: str


@dataclass(frozen=True, slots=True)
class MatchRow:
    """A match: the team with White on board 1 first, game points, match points, boards.

    ``game_points`` is "–" until a board of the match has a result (or the match is
    decided as a whole), never "0-0".
    """

    number: int
    white: TeamRef
    black: TeamRef
    game_points: str  # "2½-1½"
    match_points: str  # "2-0", "" while the match is running
    white_average: str  # average rating fielded (unrated left out)
    black_average: str
    decision: str  # "awarded to Amstel 1" for a match forfeited as a whole
    boards: tuple[TeamBoard, ...]  # the first team (``white``) first on every board
    venue: str = ""  # where it is played (render.match_schedule.match_venue)
    moved: str = ""  # its day and time when not the round's: "Sun 2026-10-11 14:30"


@dataclass(frozen=True, slots=True)
class TeamRoundPage:
    """round-NN.html in a team event: the matches of the round with board results."""

    template: ClassVar[str] = "team_round.html"
    frame: Frame
    number: int
    date: str
    status: str
    matches: tuple[MatchRow, ...]
    byes: tuple[ByeRow, ...]
    previous: Link | None
    next: Link | None
    why: PairingNote | None = None  # "Why this pairing" (team Swiss only)
    # Boards added by hand that joined no match (tourney.engine.teams.hand_boards), in the order
    # of the round file, shown under "Boards of no team" with ``no_team_note``.
    no_team: tuple[MatchBoard, ...] = ()
    no_team_note: str = ""


@dataclass(frozen=True, slots=True)
class TeamStandingRow:
    """A team's line: matches played, won-drawn-lost, match and game points."""

    rank: str
    team: TeamRef
    series: str
    played: int
    won: int
    drawn: int
    lost: int
    match_points: str
    game_points: str
    average: str  # average rating fielded in the latest match
    values: tuple[str, ...] = ()  # the ranking tie-breaks, as ``TeamStandingsPage.columns``
    note: str = ""  # "withdrawn after round 4" once the standings have passed it


@dataclass(frozen=True, slots=True)
class TeamStandingsPage:
    """standings-NN.html in a team event: ranked by the primary score, then the other."""

    template: ClassVar[str] = "team_standings.html"
    frame: Frame
    after: int
    final: bool
    primary: str  # "match points" or "game points"
    rows: tuple[TeamStandingRow, ...]
    rounds: tuple[Link, ...]
    show_series: bool
    note: str
    # The tie-breaks after the primary and secondary score (MP and GP have their own
    # columns, so a tie-break repeating one is not printed twice).
    columns: tuple[Column, ...] = ()


@dataclass(frozen=True, slots=True)
class TeamCrossRow:
    """A team's crosstable line: per round opponent number, colour and game points."""

    rank: str
    team: TeamRef
    cells: tuple[Cell, ...]
    match_points: str
    game_points: str


@dataclass(frozen=True, slots=True)
class TeamCrosstablePage:
    """crosstable.html in a team event."""

    template: ClassVar[str] = "team_crosstable.html"
    frame: Frame
    rounds: tuple[int, ...]
    rows: tuple[TeamCrossRow, ...]
    grid: bool = False  # a round robin: crosstable-start.html holds the square table


@dataclass(frozen=True, slots=True)
class TeamGridRow:
    """A team's line of the round-robin table: game points against each team, by number."""

    rank: str
    team: TeamRef
    cells: tuple[Cell, ...]  # per opponent in number order, one per cycle; "×" on the diagonal
    match_points: str
    game_points: str


@dataclass(frozen=True, slots=True)
class TeamGridPage:
    """crosstable-start.html of a team round robin: the square table by team number (C.05)."""

    template: ClassVar[str] = "team_grid.html"
    frame: Frame
    numbers: tuple[int, ...]  # the column heads: team numbers 1..n
    cycles: int  # 2 for a double round robin: two cells per opponent
    rows: tuple[TeamGridRow, ...]  # in team-number order


@dataclass(frozen=True, slots=True)
class TeamRoundLine:
    """A round on a team card: opponent, colour of board 1, score and players fielded."""

    number: int
    opponent: TeamRef | None
    colour: str
    game_points: str
    match_points: str
    note: str
    boards: tuple[TeamBoard, ...]  # the card's own team first on every board
    when: str = ""  # the match's day and start time: "Sat 2026-10-10 14:30"
    venue: str = ""  # where it is played


@dataclass(frozen=True, slots=True)
class CompositionRow:
    """A roster player and, round by round, the board they played and its result.

    A cell's text is the player's own score on the board ("1", "½", "0"; "+" and "-"
    for a forfeit), its title the board, colour and opponent; "" where not fielded.
    """

    board: int  # place in the roster
    player: PlayerRef
    reserve: bool
    cells: tuple[Cell, ...]  # one per round of ``CompositionPage.rounds``
    games: int
    points: str


@dataclass(frozen=True, slots=True)
class CompositionTable:
    """One team's roster by rounds (chess-results' "team composition with round results")."""

    team: TeamRef
    rows: tuple[CompositionRow, ...]


@dataclass(frozen=True, slots=True)
class CompositionPage:
    """composition.html: every team's roster by rounds, each board's result."""

    template: ClassVar[str] = "composition.html"
    frame: Frame
    rounds: tuple[int, ...]
    teams: tuple[CompositionTable, ...]


@dataclass(frozen=True, slots=True)
class TeamCardPage:
    """teams/ID.html: a team's details, roster with scores and its matches."""

    template: ClassVar[str] = "team.html"
    frame: Frame
    team: TeamRow
    rounds: tuple[TeamRoundLine, ...]
    match_points: str
    game_points: str
    composition: CompositionTable | None = None  # the roster by rounds
    round_numbers: tuple[int, ...] = ()  # the columns of ``composition``
    next_match: NextMatchLine | None = None  # "Next match: round 4, Sunday ... at ..."


@dataclass(frozen=True, slots=True)
class NextMatchLine:
    """The line at the top of a team card: its first match without a result, in round
    order (render.match_schedule.next_match), or the next round while it is not paired."""

    round: int
    href: str  # the match on its round page; "" while the round is not paired
    when: str  # "Sunday 2026-12-06 14:30": the weekday in full, in the site's language
    venue: str
    opponent: TeamRef | None
    colour: str  # the team's colour on board 1: "white", "black"; "" while not paired
    note: str  # "not paired yet"


@dataclass(frozen=True, slots=True)
class BoardStatRow:
    """A player's games on one board number."""

    player: PlayerRef
    team: TeamRef | None
    games: int
    points: str
    percentage: str
    performance: str


@dataclass(frozen=True, slots=True)
class BoardGroup:
    """Everyone who sat on board ``board``, best score first."""

    board: int
    rows: tuple[BoardStatRow, ...]


@dataclass(frozen=True, slots=True)
class BoardStatsPage:
    """boards.html: board statistics (docs/teams.md, Results and standings)."""

    template: ClassVar[str] = "boards.html"
    frame: Frame
    boards: tuple[BoardGroup, ...]


@dataclass(frozen=True, slots=True)
class IndividualRow:
    """A line of the individual ranking of a team event (docs/teams.md, Individual ranking)."""

    rank: str
    player: PlayerRef
    team: TeamRef | None
    series: str
    games: int
    points: str
    percentage: str


@dataclass(frozen=True, slots=True)
class IndividualPage:
    """individual.html (everyone) and individual-SERIES.html (one series)."""

    template: ClassVar[str] = "individual.html"
    frame: Frame
    rows: tuple[IndividualRow, ...]
    series: tuple[Link, ...]  # the series filter: one page per series
    current: str  # the series shown, "" for all
