"""The view models of the site: one frozen dataclass per page kind, the template contract.

A template sees one object, ``page``, an instance of a class below (and
``frame``, its ``Frame``). Every value is ready to print: names, "4½",
"1-0", "2026-10-02"; templates only loop, link and escape. Links (``href``)
are relative to the tournament's root folder; a template prefixes them with
``frame.home``, the way from the page to that folder (``""`` or ``"../"``).
``frame.root`` leads to the site root, where ``static/`` lives. So every link
is relative and the site works from ``file://`` and any sub-path.

Overriding a template (docs/site.md) means writing Jinja against these fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tourney.i18n import N_

# -- shared pieces -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Link:
    """A link: ``href`` relative to the tournament root (or the site root in a club)."""

    href: str
    text: str


@dataclass(frozen=True, slots=True)
class NavItem:
    """One entry of the navigation; ``current`` marks the page being shown."""

    href: str
    text: str
    current: bool = False


@dataclass(frozen=True, slots=True)
class Frame:
    """What every page shares.

    ``title`` is the page's heading; ``event`` the tournament (or club) name
    shown above it; ``root`` the way to the site root (static files);
    ``home`` the way to the tournament root (every ``href`` below starts
    there); ``nav`` the tournament's navigation; ``crumbs`` the way up
    (a club's index) with hrefs relative to the site root.
    """

    title: str
    event: str
    root: str
    home: str
    nav: tuple[NavItem, ...] = ()
    crumbs: tuple[Link, ...] = ()
    lang: str = "en"
    pdf: Link | None = None  # the same page printed (``build --pdf``), href from ``home``
    tab: str = ""  # the <title> where it differs from ``title``: each page's is unique
    about: str = ""  # the event in a line for link previews: "Amsterdam, 2026-10-02 – ..."


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A player wherever one is named: ``href`` leads to the player card."""

    id: str
    name: str
    title: str
    start: int
    rating: str  # "" when unrated
    federation: str
    href: str


@dataclass(frozen=True, slots=True)
class TeamRef:
    """A team wherever one is named: ``href`` leads to the team card."""

    id: str
    name: str
    start: int
    href: str


@dataclass(frozen=True, slots=True)
class Fact:
    """A labelled line of a details list."""

    label: str
    value: str
    href: str = ""  # an absolute URL (website) or ""
    link: str = ""  # a page of the site, relative to the tournament root (the team card)


@dataclass(frozen=True, slots=True)
class Cell:
    """A table cell with an optional link and a tooltip (``title``)."""

    text: str
    href: str = ""
    title: str = ""
    css: str = ""  # a class: "win", "draw", "loss", "bye", "cut"


# -- individual events -----------------------------------------------------------------


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
class BoardRow:
    """A board of a round: players with their points before the round, and the result."""

    board: int
    white: PlayerRef | None  # None: an empty seat
    white_points: str
    result: str
    black: PlayerRef | None
    black_points: str
    game: str = ""  # the game's page (games/*.pgn, docs/games.md), "" when none


@dataclass(frozen=True, slots=True)
class ByeRow:
    """A participant without an opponent in a round, and why."""

    who: str
    href: str
    what: str


@dataclass(frozen=True, slots=True)
class PairingNote:
    """The "Why this pairing" section of a round page: the engine's lines, or why there are none."""

    matches: bool
    lines: tuple[str, ...]
    summary: str = ""


@dataclass(frozen=True, slots=True)
class RoundPage:
    """round-NN.html: the pairing of one round in board order, with results."""

    template: ClassVar[str] = "round.html"
    frame: Frame
    number: int
    date: str
    status: str
    boards: tuple[BoardRow, ...]
    byes: tuple[ByeRow, ...]
    alpha: Link  # the same round by name
    previous: Link | None
    next: Link | None
    why: PairingNote | None = None  # "Why this pairing" (Swiss only)


@dataclass(frozen=True, slots=True)
class AlphaPairingRow:
    """A player's line in the alphabetical pairing: board, colour, opponent, own result."""

    player: PlayerRef
    board: str
    colour: str
    opponent: PlayerRef | None
    result: str
    note: str = ""  # no game: "half-point bye", "withdrawn after round 4", "absent"
    anchor: str = ""  # "letter-K" on the first name of its letter ("" on the others)
    search: str = ""  # the name folded for the search box: "kuipers, jan" (no accents)
    points: str = ""  # the player's points before the round ("3½")
    opponent_points: str = ""  # the opponent's points before the round
    chip: str = ""  # the colour as a chip: "w", "b" or "" (no game)


@dataclass(frozen=True, slots=True)
class RoundAlphaPage:
    """round-NN-alpha.html: every player of a round by name, with board and opponent.

    ``letters`` link to the first name of each initial (the page works without
    JavaScript); a search box, shown by site.js, filters the rows ignoring accents.
    """

    template: ClassVar[str] = "round_alpha.html"
    frame: Frame
    number: int
    rows: tuple[AlphaPairingRow, ...]
    boards: Link
    letters: tuple[Link, ...] = ()


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
class CardRound:
    """A round on a player card; ``opponent`` None for a bye or an absence."""

    number: int
    board: str
    opponent: PlayerRef | None
    colour: str
    result: str
    points: str
    running: str
    note: str  # "half-point bye", "absent", "forfeit", "not played yet"
    team: str  # team events: the player's team that round ("" otherwise)
    rating_change: str = ""  # FIDE-rated events: K x (score - expected), "+7.2"; "" unrated
    chip: str = ""  # the colour as a chip: "w", "b" or "" (no game)
    opponent_points: str = ""  # the opponent's points before that round ("" without one)
    opponent_team: TeamRef | None = None  # team events: the opponent's team


@dataclass(frozen=True, slots=True)
class WorkingStep:
    """One line of a tie-break's working: what counted in a round, and by which rule."""

    round: str
    what: str
    counted: str
    rule: str
    note: str
    cut: bool


@dataclass(frozen=True, slots=True)
class Working:
    """A tie-break value with its working; ``anchor`` is its id on the card."""

    code: str
    name: str
    article: str
    value: str
    note: str
    steps: tuple[WorkingStep, ...]
    anchor: str


@dataclass(frozen=True, slots=True)
class KeizerStep:
    """One line of how a Keizer score was built: a round's game or credit, or the own value."""

    round: str  # "" for the own value counted once
    what: str  # "won against Bb, B (place 1)", "pairing's bye", "own value (place 3)"
    share: str  # "1 × 4", "⅔ × 1": the share and the value it applies to
    earned: str  # "4", "0.67"


@dataclass(frozen=True, slots=True)
class KeizerWorking:
    """A player's Keizer score worked out with the values of the ranking it gives
    (docs/keizer.md): the own value, then each round's share of a value."""

    score: str
    place: int
    value: int  # the player's own Keizer value
    steps: tuple[KeizerStep, ...]
    note: str


@dataclass(frozen=True, slots=True)
class ChartPoint:
    """One point of a chart in SVG user units, with the value it shows."""

    x: int
    y: int
    label: str  # the rank, "12"
    round: int


@dataclass(frozen=True, slots=True)
class RankChart:
    """A player's rank after each round as a small static SVG line chart (no script):
    rank 1 at the top, the field's last rank at the bottom; ``summary`` says it in words."""

    width: int
    height: int
    top: int  # y of rank 1
    bottom: int  # y of the last rank
    field: int  # players ranked
    points: tuple[ChartPoint, ...]
    polyline: str  # "x,y x,y ..."
    summary: str  # "Rank after each round: 12, 8, 5, 3, 1 (of 41)"


@dataclass(frozen=True, slots=True)
class RatingChart:
    """A member's club rating after each step (the initial rating, then each rated
    tournament) as a static SVG line chart: the highest rating at the top, the lowest
    at the bottom; each point's ``round`` is its step (0: the initial rating)."""

    width: int
    height: int
    top: int  # y of ``high``
    bottom: int  # y of ``low``
    high: int
    low: int
    points: tuple[ChartPoint, ...]
    polyline: str  # "x,y x,y ..."
    summary: str  # "Rapid rating: 1600, 1607, 1594"


@dataclass(frozen=True, slots=True)
class PlayerCardPage:
    """players/ID.html: a player's details, rounds, performance and tie-break working."""

    template: ClassVar[str] = "player.html"
    frame: Frame
    player: PlayerRef
    facts: tuple[Fact, ...]
    rounds: tuple[CardRound, ...]
    points: str
    rank: str
    performance: str
    working: tuple[Working, ...]
    after: int
    k: str = ""  # FIDE-rated events: the player's K ("" when no game of theirs is rated)
    rating_change: str = ""  # the sum of the rounds' rating changes, "+12.4"
    keizer: KeizerWorking | None = None  # Keizer events: how the Keizer score was built
    next_game: NextGame | None = None  # "Next game: round 6, board 3, White against ..."
    rank_chart: RankChart | None = None  # the rank after each round (from round 2 on)
    # In a club folder with ratings: the member's page, href relative to the site root.
    member: Link | None = None


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
class Download:
    """A file of the site to download: link, format and what it holds."""

    href: str
    name: str
    format: str
    description: str


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


# -- team events -------------------------------------------------------------------------


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


# -- club folders -------------------------------------------------------------------------


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
