"""The tournament as data: frozen dataclasses, exact points, no I/O.

Everything the engine reads comes from here. The loaders (YAML folder, TRF)
build these objects and check them; the engine never sees a file. Points are
``Fraction`` throughout: "½" exists only when rendering.

Ids are strings. A YAML file may write ``id: 12`` or ``id: anna``; both are
kept as text so that a reference never depends on a position that can shift.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping
from dataclasses import field
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType

from tourney.records import dataclass  # dataclasses' own, built without compiling (issue 33)

PlayerId = str
TeamId = str


class Format(StrEnum):
    """The pairing system of the event (DESIGN.md, "Formats we support")."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    DOUBLE_ROUND_ROBIN = "double-round-robin"
    KEIZER = "keizer"
    TEAM_SWISS = "team-swiss"
    TEAM_ROUND_ROBIN = "team-round-robin"

    @property
    def is_team(self) -> bool:
        return self in (Format.TEAM_SWISS, Format.TEAM_ROUND_ROBIN)

    @property
    def is_round_robin(self) -> bool:
        return self in (Format.ROUND_ROBIN, Format.DOUBLE_ROUND_ROBIN, Format.TEAM_ROUND_ROBIN)

    @property
    def is_swiss(self) -> bool:
        return self in (Format.SWISS, Format.TEAM_SWISS)


class Result(StrEnum):
    """A board's result, as written in a round file (canonical spelling).

    ``0-0`` is a game that counts as played with no points for either side.
    The ``*u`` forms are TRF's W/D/L: a game decided before a move was made;
    it scores like the played result but is not a rated game.
    """

    WHITE_WINS = "1-0"
    DRAW = "½-½"
    BLACK_WINS = "0-1"
    WHITE_FORFEIT_WIN = "+/-"
    BLACK_FORFEIT_WIN = "-/+"
    DOUBLE_FORFEIT = "-/-"
    NO_CONTEST = "0-0"
    WHITE_WINS_UNPLAYED = "1-0u"
    DRAW_UNPLAYED = "½-½u"
    BLACK_WINS_UNPLAYED = "0-1u"

    @property
    def is_forfeit(self) -> bool:
        """Decided without a game: at least one side did not show up."""
        return self in (Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT)

    @property
    def is_played(self) -> bool:
        """A game that took place over the board (C.07 counts these as played)."""
        return not self.is_forfeit

    @property
    def is_rated(self) -> bool:
        """Rated games are those played over the board with a move made."""
        return self in (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)

    def outcome(self, white: bool) -> Outcome:
        """The outcome for one side of the board."""
        return _OUTCOMES[self][0 if white else 1]


class Outcome(StrEnum):
    """One side's view of a board result."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit-win"
    FORFEIT_LOSS = "forfeit-loss"
    NO_CONTEST = "no-contest"


_OUTCOMES: dict[Result, tuple[Outcome, Outcome]] = {
    Result.WHITE_WINS: (Outcome.WIN, Outcome.LOSS),
    Result.DRAW: (Outcome.DRAW, Outcome.DRAW),
    Result.BLACK_WINS: (Outcome.LOSS, Outcome.WIN),
    Result.WHITE_FORFEIT_WIN: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    Result.BLACK_FORFEIT_WIN: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    Result.DOUBLE_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
    Result.NO_CONTEST: (Outcome.NO_CONTEST, Outcome.NO_CONTEST),
    Result.WHITE_WINS_UNPLAYED: (Outcome.WIN, Outcome.LOSS),
    Result.DRAW_UNPLAYED: (Outcome.DRAW, Outcome.DRAW),
    Result.BLACK_WINS_UNPLAYED: (Outcome.LOSS, Outcome.WIN),
}


class ByeKind(StrEnum):
    """Why a participant has no opponent in a round.

    PAB is the pairing-allocated bye; the others are requested (or imposed)
    before the round is paired. ``ZERO`` is also what an absence is.
    """

    PAB = "pab"
    FULL = "full"
    HALF = "half"
    ZERO = "zero"


class Colour(StrEnum):
    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class PrimaryScore(StrEnum):
    """What ranks and pairs a team event first (C.04.6 Art. 1.2.2)."""

    MATCH_POINTS = "mp"
    GAME_POINTS = "gp"


class ForfeitedMatchScore(StrEnum):
    """Game points of a match forfeited as a whole (docs/teams.md, Scoring)."""

    SEATED = "seated"  # one per board the winner seated
    FULL = "full"  # the full board count


class LineupRule(StrEnum):
    REQUIRED = "required"  # play the roster in order, a reserve moves up (FIDE)
    FREE = "free"  # the captain names any players of the roster


class BoardOrder(StrEnum):
    FIXED = "fixed"  # a lower roster player never sits above a higher one (FIDE)
    CHOSEN = "chosen"  # any order each round
    US_31B = "us-31b"  # US Chess 31B: by rating, missing boards last, unrated below rated
    US_31B2 = "us-31b2"  # US Chess 31B with variation 31B2: an unrated player may sit anywhere


class TeamRatingMethod(StrEnum):
    OLYMPIAD = "olympiad"  # average of the highest-rated players, one per board
    FIRST_BOARDS = "first-boards"  # average of the first boards in roster order
    ROSTER = "roster"  # average of the whole roster
    TYPED = "typed"  # the rating typed for each team
    US_31C = "us-31c"  # US Chess 31C: average of the rated regulars
    US_31C1 = "us-31c1"  # US Chess 31C1: unrated regulars interpolated from their neighbours


class RuleStrength(StrEnum):
    RULE = "rule"  # absolute: treated as if the pair had met
    WISH = "wish"  # only decides between otherwise equal pairings


class TiebreakRules(StrEnum):
    """Which C.07 edition: by start date (2026 revision from 2026-03-01), or forced."""

    AUTO = "auto"
    C07_2024 = "2024"
    C07_2026 = "2026"


class Edition(StrEnum):
    """The C.07 edition a computation follows: 2024, or the 2026 revision."""

    C2024 = "2024"
    C2026 = "2026"


@dataclass(frozen=True, slots=True)
class Descriptor:
    """One tie-break of a list, with its modifiers: ``NAME[:MP|:GP][/modifier]...``
    (C.07 Art. 14). Read and checked once, where the list is read (tournament.yaml's
    ``tiebreaks``, a TRF's 202/212, ``--tiebreaks``: ``tourney.engine.tiebreaks.descriptor``);
    ``str()`` writes it back in the one spelling (``BH-C1`` -> ``BH/C1``)."""

    name: str
    score: str | None = None  # "MP" or "GP" for team events
    cut: int = 0  # /Cn
    median: int = 0  # /Mn
    played: bool = False  # /P
    fore: bool = False  # /F
    limit: int | None = None  # /L+n, /L-n: the Koya limit moved by n half points
    percent: int | None = None  # /Ln without a sign: the Koya limit at n % (checker's reading)
    k: Fraction | None = None  # /Kx
    reverse: bool = False  # /R
    unrated: int | None = None  # /Un (checker extension)
    edition: Edition | None = None  # /V1, /V2 (checker extension)
    no_unplayed: bool = False  # /B0 (tourney extension): own unplayed rounds add nothing

    @property
    def low(self) -> int:
        """How many least significant values are cut."""
        return self.cut + self.median

    @property
    def high(self) -> int:
        """How many most significant values are cut."""
        return self.median

    def __str__(self) -> str:
        text = self.name + (f":{self.score}" if self.score else "")
        if self.cut:
            text += f"/C{self.cut}"
        if self.median:
            text += f"/M{self.median}"
        if self.limit is not None:
            text += f"/L{self.limit:+d}"
        if self.percent is not None:
            text += f"/L{self.percent}"
        if self.k is not None:
            text += f"/K{self.k}"
        if self.fore:
            text += "/F"
        if self.played:
            text += "/P"
        if self.reverse:
            text += "/R"
        if self.unrated is not None:
            text += f"/U{self.unrated}"
        if self.edition is not None:
            text += "/V1" if self.edition is Edition.C2024 else "/V2"
        if self.no_unplayed:
            text += "/B0"
        return text


class RematchRule(StrEnum):
    """tournament.yaml ``rematches:``: may two players meet a second time (docs/pairing.md)?"""

    NEVER = "never"  # FIDE C.04.1 b: two players shall not play each other more than once
    # The club rule: only when no pairing without a rematch exists, and then the fewest,
    # between the players who met longest ago.
    WHEN_UNAVOIDABLE = "when-unavoidable"


class RatingPeriod(StrEnum):
    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points for each kind of result (C.04.6 Art. 1.2, docs/results.md)."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    pab: Fraction = Fraction(1)
    full_bye: Fraction = Fraction(1)
    half_bye: Fraction = Fraction(1, 2)
    zero_bye: Fraction = Fraction(0)
    # Team events.
    match_win: Fraction = Fraction(2)
    match_draw: Fraction = Fraction(1)
    match_loss: Fraction = Fraction(0)
    primary: PrimaryScore = PrimaryScore.MATCH_POINTS
    forfeited_match: ForfeitedMatchScore = ForfeitedMatchScore.SEATED
    # A team PAB is worth a drawn match unless the regulations say otherwise
    # (C.04.6 Art. 3.1); None means "a drawn match": match_draw and boards x draw.
    team_pab_match_points: Fraction | None = None
    team_pab_game_points: Fraction | None = None
    # US Chess 31E variation: a match is won only with more than half the game points
    # available, drawn with exactly half; otherwise it is lost.
    match_win_needs_majority: bool = False

    def bye_points(self, kind: ByeKind) -> Fraction:
        return {
            ByeKind.PAB: self.pab,
            ByeKind.FULL: self.full_bye,
            ByeKind.HALF: self.half_bye,
            ByeKind.ZERO: self.zero_bye,
        }[kind]

    def outcome_points(self, outcome: Outcome) -> Fraction:
        return {
            Outcome.WIN: self.win,
            Outcome.DRAW: self.draw,
            Outcome.LOSS: self.loss,
            Outcome.FORFEIT_WIN: self.forfeit_win,
            Outcome.FORFEIT_LOSS: self.forfeit_loss,
            Outcome.NO_CONTEST: Fraction(0),
        }[outcome]


@dataclass(frozen=True, slots=True)
class RoundWindow:
    """Rounds ``first``..``last`` inclusive; None on either side is open."""

    first: int | None = None
    last: int | None = None

    def __contains__(self, round_no: object) -> bool:
        if not isinstance(round_no, int):
            return False
        return (self.first is None or round_no >= self.first) and (
            self.last is None or round_no <= self.last
        )


@dataclass(frozen=True, slots=True)
class ForbiddenPairing:
    """Participants who must not (rule) or should not (wish) meet.

    Either ``members`` names a group (players, or teams in a team event), or
    ``same_club`` groups everyone by club (compared case-insensitively, edges
    stripped; no club is never grouped).
    """

    teams: bool
    members: tuple[str, ...] = ()
    same_club: bool = False
    strength: RuleStrength = RuleStrength.RULE
    rounds: RoundWindow = RoundWindow()


@dataclass(frozen=True, slots=True)
class TeamOptions:
    boards: int = 4
    lineups: LineupRule = LineupRule.REQUIRED
    board_order: BoardOrder = BoardOrder.FIXED
    rating_method: TeamRatingMethod = TeamRatingMethod.OLYMPIAD
    unrated_rating: int = 1400
    numbers_correctable_until: int = 4
    colour_preferences: str = "A"  # C.04.6 Art. 1.7: "A", "B" or "none"
    use_secondary_score: bool = True  # C.04.6 Art. 4.2.2 may be switched off
    # "alternate": the team named first has White on odd boards; "as-played": each
    # board's colours are as its round file writes them (docs/teams.md "Board colours")
    board_colours: str = "alternate"


@dataclass(frozen=True, slots=True)
class KeizerOptions:
    """tournament.yaml ``keizer:``: how a Keizer competition values places and absences."""

    top_value: int | None = None  # value of place 1; None: the number of players
    step: int = 1  # the value drops by this much per place
    values: tuple[int, ...] = ()  # a table of values, place 1 first (overrides the two above)
    bye: Fraction = Fraction(2, 3)  # shares of one's own value for a round without a game
    duty: Fraction = Fraction(2, 3)
    notice: Fraction = Fraction(1, 3)
    absent: Fraction = Fraction(0)
    max_notice: int | None = None  # absences with notice credited at most this many times
    own_value_once: bool = True  # classic Keizer: one's own value counts once
    rematch_rounds: int = 3  # no rematch within this many rounds


@dataclass(frozen=True, slots=True)
class Categories:
    """tournament.yaml ``categories:``: the groups of the site's category rankings.

    Defaults: docs/site.md "Categories". An empty tuple turns that kind of group off.
    """

    women: bool = True
    youth: tuple[int, ...] = (8, 10, 12, 14, 16, 18)  # U8 ... U18 (age on 1 January)
    seniors: tuple[int, ...] = (50, 65)  # 50+, 65+
    ratings: tuple[int, ...] = (2200, 2000, 1800, 1600)  # lower limits of the bands


class Sharing(StrEnum):
    """How tied players share prize money (docs/prizes.md)."""

    EQUAL = "equal"  # the pooled amounts of the places they occupy, in equal parts
    HORT = "hort"  # half of the pool in equal parts, half by the tie-break order
    TIEBREAK = "tiebreak"  # by the tie-break order alone


@dataclass(frozen=True, slots=True)
class PrizeGroup:
    """One list of prizes of tournament.yaml ``prizes:`` (docs/prizes.md).

    ``category`` is "" for the place prizes (everyone), else a category of the
    site's category page ("women", "U12", "50+", "1800-1999", "below 1600",
    "unrated") or "members" (a club's members) or "club" (players whose
    ``club`` is ``club``). Amounts are exact (whole cents).
    """

    name: str
    amounts: tuple[Fraction, ...]
    category: str = ""
    club: str = ""


@dataclass(frozen=True, slots=True)
class Prizes:
    """tournament.yaml ``prizes:``: the place prizes first, then the category prizes.

    ``order`` empty: each player keeps the highest prize won; else the names of the
    groups in the order in which a player wins (docs/prizes.md "One prize each")."""

    currency: str
    sharing: Sharing
    groups: tuple[PrizeGroup, ...]
    order: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Settings:
    """tournament.yaml: what the event is and how it is scored and ranked."""

    name: str
    format: Format
    rounds: int
    start_date: dt.date | None = None
    end_date: dt.date | None = None
    place: str = ""
    federation: str = ""
    # Codes allowed besides FIDE's in federation fields; ("any",) allows every code.
    federations: tuple[str, ...] = ()
    organiser: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    rating_period: RatingPeriod = RatingPeriod.STANDARD
    fide_mode: bool = True
    fide_rated: bool = False
    national_rated: bool = False
    scoring: Scoring = Scoring()
    tiebreaks: tuple[Descriptor, ...] = ()  # parsed and checked at load
    tiebreak_rules: TiebreakRules = TiebreakRules.AUTO
    initial_colour: Colour | None = None  # None: drawn by lot with ``colour_seed``
    colour_seed: int = 0
    team: TeamOptions = TeamOptions()
    forbidden: tuple[ForbiddenPairing, ...] = ()
    round_dates: tuple[dt.date | None, ...] = ()
    # The start time of each round, beside its date (None: no time given); docs/folder-format.md.
    round_times: tuple[dt.time | None, ...] = ()
    # ``updated:``, the day (and time) the folder was last brought up to date (docs/site.md).
    updated: dt.date | None = None
    updated_time: dt.time | None = None
    # ``round_venues: {4: Jaarbeurs, Utrecht}`` (team events): a round played at one
    # venue, known before it is paired; a round file's ``venue`` wins.
    round_venues: tuple[tuple[int, str], ...] = ()
    website: str = ""
    contact: str = ""
    cycles: int = 1  # round robins: 2 for a double round robin (C.05)
    keizer: KeizerOptions = KeizerOptions()
    categories: Categories = Categories()
    draw_seed: int | None = None  # round robins: numbers drawn by lot with this seed
    acceleration: str = "none"  # Swiss: "none" or "baku" (C.04.3 Baku acceleration)
    # Individual Swiss: the pairing system, a name of engine/pairing/systems.SYSTEMS.
    pairing: str = "dutch"
    paper: str = "a4"  # printed documents: "a4" or "letter"
    # The site's and the PDFs' language ("en", "nl"); "" when tournament.yaml does not
    # say: English, or the language of the club folder it stands in.
    language: str = ""
    # ``registration:`` the last round a new player may join (docs/folder-format.md
    # "Registration"): None while open, 0 when closed.
    registration: int | None = None
    # Pairing engines' XXC options read from a TRF other than white1/black1 (those are
    # initial_colour), kept to be written back: "rank" pairs in the order of the player
    # lines (Player.start), not by the TRF numbers (docs/trf.md).
    trf_options: tuple[str, ...] = ()
    # Other pairing-engine records (XXA accelerated points, XX codes tourney does not
    # interpret) read from a TRF, kept verbatim and written back on export.
    trf_records: tuple[str, ...] = ()
    # ``rematches:``; None when tournament.yaml does not say (see ``rematch_rule``).
    rematches: RematchRule | None = None
    # TRF (docs/trf.md): the federation column of the 001 lines holds the clubs of the
    # players who have no federation (Irish and club programs write club codes there).
    trf_clubs: bool = False
    # National ratings (TRF-2026 national rating records and 172): the federation whose
    # ratings ``Player.national_rating`` holds, and the 172 starting-rank method.
    national_federation: str = ""
    starting_rank_method: str = ""
    # ``prizes:`` (docs/prizes.md); None when tournament.yaml has none.
    prizes: Prizes | None = None

    @property
    def rematch_rule(self) -> RematchRule:
        """``rematches:``, by default ``never`` in FIDE mode and ``when-unavoidable``
        outside it (docs/pairing.md, "Rematches")."""
        if self.rematches is not None:
            return self.rematches
        return RematchRule.NEVER if self.fide_mode else RematchRule.WHEN_UNAVOIDABLE


@dataclass(frozen=True, slots=True)
class Player:
    """One entry of players.yaml (docs/teams.md Players, docs/results.md Ratings)."""

    id: PlayerId
    name: str
    rating: int | None = None  # FIDE rating for the event's rating period
    national_rating: int | None = None
    club_rating: int | None = None
    fide_id: str = ""
    national_id: str = ""
    federation: str = ""
    title: str = ""
    sex: str = ""
    birth_year: int | None = None
    club: str = ""
    start: int | None = None  # pairing number, frozen once round 1 is paired
    # Availability.
    absent: tuple[int, ...] = ()  # rounds not to be paired (zero-point)
    byes: tuple[tuple[int, ByeKind], ...] = ()  # requested byes
    joins: int = 1  # first round the player can be paired (late entry)
    withdrawn_after: int | None = None  # not paired after this round
    approved: bool = True  # sign-ups wait for approval before pairing
    member: str = ""  # the club member this player is, in a club folder
    # What an imported TRF stated (docs/trf.md): the full birth date, the rank and the
    # points of the file's own standings, kept as the file gave them.
    birth_date: dt.date | None = None
    official_rank: int | None = None
    stated_points: Fraction | None = None
    # Penalties and bonuses (TRF-2026 record 299, docs/results.md): (round, points), round
    # 0 for the event as a whole; the standings add them to the points of the results.
    adjustments: tuple[tuple[int, Fraction], ...] = ()

    def adjustment(self, after: int | None = None) -> Fraction:
        """The penalties and bonuses that stand after round ``after`` (None: all)."""
        return sum(
            (points for number, points in self.adjustments if after is None or number <= after),
            Fraction(0),
        )

    def requested_bye(self, round_no: int) -> ByeKind | None:
        for number, kind in self.byes:
            if number == round_no:
                return kind
        return None

    def available(self, round_no: int) -> bool:
        """Whether the player may be paired in this round."""
        if not self.approved or round_no < self.joins or round_no in self.absent:
            return False
        if self.withdrawn_after is not None and round_no > self.withdrawn_after:
            return False
        return self.requested_bye(round_no) is None


@dataclass(frozen=True, slots=True)
class Team:
    """One entry of teams.yaml; the roster is the board order, board 1 first."""

    id: TeamId
    name: str
    short_name: str = ""
    captain: str = ""
    series: str = ""
    club: str = ""
    roster: tuple[PlayerId, ...] = ()
    rating: int | None = None  # typed rating; wins over the computed one
    start: int | None = None  # team pairing number, frozen once round 1 is paired
    absent: tuple[int, ...] = ()
    byes: tuple[tuple[int, ByeKind], ...] = ()
    withdrawn_after: int | None = None
    # The team's home venue: where the matches it hosts are played, unless the round or
    # the match names another (docs/teams.md "Venues, dates and times").
    venue: str = ""


@dataclass(frozen=True, slots=True)
class Game:
    """One board. ``result`` is None while the game has no result yet."""

    white: PlayerId
    black: PlayerId
    result: Result | None = None
    board: int = 0
    # A forfeit its source gave no colours (TRF ``-``): white/black is only the order
    # written, and no colour is shown or exported (round file ``colours: none``).
    colourless: bool = False
    # The two met before and meet again on purpose: the arbiter's mark, or the pairing's
    # when no pairing without a rematch existed (round file ``rematch: true``).
    rematch: bool = False
    # A Double-Swiss match (C.04.5): two games, ``white`` has White in game 1 and Black
    # in game 2; ``result`` is game 1's result, ``second`` game 2's, each written the
    # usual way, that game's White first (round file ``result: 1-0 ½-½``).
    double: bool = False
    second: Result | None = None

    @property
    def decided(self) -> bool:
        """Every game of the board has a result (both games of a match)."""
        return self.result is not None and (not self.double or self.second is not None)

    @property
    def begun(self) -> bool:
        """Some game of the board has a result."""
        return self.result is not None or self.second is not None

    def opponent(self, player: PlayerId) -> PlayerId:
        return self.black if player == self.white else self.white

    def involves(self, player: PlayerId) -> bool:
        return player in (self.white, self.black)


@dataclass(frozen=True, slots=True)
class Bye:
    """A participant (player, or team in a team event) without an opponent."""

    participant: str
    kind: ByeKind


class MatchDecision(StrEnum):
    """A match forfeited as a whole by decision (docs/teams.md, Pairing)."""

    WHITE_TEAM = "white"  # awarded to the team with White on board 1
    BLACK_TEAM = "black"
    NEITHER = "neither"  # double forfeit: both lose


@dataclass(frozen=True, slots=True)
class Match:
    """Team against team. ``white`` has White on board 1 and every odd board.

    A board with an empty seat (no player fielded) has an empty id on that
    side; the player present wins by forfeit.
    """

    white: TeamId
    black: TeamId
    games: tuple[Game, ...] = ()
    decision: MatchDecision | None = None
    number: int = 0
    # The colour of ``white``'s player on each board, board 1 first (``"WWBB"``), for
    # a match whose colours follow no fixed pattern (``board_colours: as-played``,
    # docs/teams.md); empty: White on board 1 and every odd board.
    colours: str = ""
    # When and where, when the match says so itself (round file ``date:`` and ``venue:``
    # of the match); else the round's, and the host's venue (render.match_schedule).
    date: dt.date | None = None
    time: dt.time | None = None
    venue: str = ""

    def white_team_white(self, board: int) -> bool:
        """Whether the team named first (``white``) has White on ``board``."""
        if 0 < board <= len(self.colours):
            return self.colours[board - 1] == "W"
        return board % 2 == 1 or board == 0

    def white_team_on(self, board: int) -> TeamId:
        """The team with White on ``board``."""
        return self.white if self.white_team_white(board) else self.black


def alternating(boards: int) -> str:
    """The default colours of the team named first: ``WBWB...`` (docs/teams.md)."""
    return "".join("W" if board % 2 else "B" for board in range(1, boards + 1))


def as_played_colours(match: Match, team_of: Mapping[str, TeamId]) -> str:
    """``Match.colours`` from the players' teams: each board's colours as written.

    A board whose players' teams do not tell (no roster) keeps the alternation; the
    result is empty when every board alternates.
    """
    out = []
    for index, game in enumerate(match.games):
        board = game.board or index + 1
        if team_of.get(game.white) == match.white or team_of.get(game.black) == match.black:
            colour = "W"
        elif team_of.get(game.white) == match.black or team_of.get(game.black) == match.white:
            colour = "B"
        else:
            colour = "W" if board % 2 == 1 else "B"
        out.append((board, colour))
    size = max((b for b, _ in out), default=0)
    text = list(alternating(size))
    for board, colour in out:
        if board > 0:
            text[board - 1] = colour
    joined = "".join(text)
    return "" if joined == alternating(size) else joined


@dataclass(frozen=True, slots=True)
class Round:
    """rounds/NN.yaml: the pairing of one round and its results."""

    number: int
    games: tuple[Game, ...] = ()  # individual events
    matches: tuple[Match, ...] = ()  # team events
    byes: tuple[Bye, ...] = ()
    date: dt.date | None = None
    time: dt.time | None = None  # the start time, written after the date: 2026-10-03 19:30
    published: bool = True
    marked_started: bool = False  # ``started: true``: play began (``tourney round start``)
    # rounds/NN.why.txt, written by ``tourney pair``: why the engine paired the round so,
    # and the fingerprint of the pairing it explains (engine.pair.fingerprint).
    explanation: tuple[str, ...] = ()
    explained: str = ""
    # ``board_colours: as-played``: this round's matches keep each board's colours as
    # written (docs/teams.md "Board colours"); empty: the event's ``teams: board_colours``
    board_colours: str = ""
    # ``venue:`` of a team round: where every match of it is played, unless a match
    # names its own (docs/teams.md "Venues, dates and times").
    venue: str = ""

    def all_games(self) -> Iterator[Game]:
        yield from self.games
        for match in self.matches:
            yield from match.games

    @property
    def complete(self) -> bool:
        """Every board has a result (a decided match counts as complete)."""
        for match in self.matches:
            if match.decision is None and any(g.result is None for g in match.games):
                return False
        return all(g.decided for g in self.games)

    @property
    def started(self) -> bool:
        """A result exists (``marked_started`` alone makes the round running, not decided)."""
        return any(g.begun for g in self.all_games()) or any(
            m.decision is not None for m in self.matches
        )


@dataclass(frozen=True, slots=True)
class Page:
    """pages/NAME.md: a text page for the site (markdown source, unrendered)."""

    slug: str
    title: str
    markdown: str


@dataclass(frozen=True, slots=True)
class GameScore:
    """One game of games/*.pgn (docs/games.md): its PGN tags, main line and text.

    ``round`` is the round it belongs to (the file's NN, else its Round tag), None
    when neither tells; ``moves`` are SAN as written; ``text`` the game's PGN as in
    the file (the site's downloads copy it)."""

    file: str = field(compare=False)  # relative to the tournament folder: games/01.pgn
    line: int = field(compare=False)  # where in the file: neither is part of the game
    round: int | None
    tags: tuple[tuple[str, str], ...]
    moves: tuple[str, ...]
    result: str  # PGN's termination: 1-0, 0-1, 1/2-1/2 or *
    comments: tuple[tuple[int, str], ...] = ()  # (moves played before it, text)
    text: str = ""

    def tag(self, name: str) -> str:
        for key, value in self.tags:
            if key == name:
                return value
        return ""


@dataclass(frozen=True, slots=True)
class Tournament:
    settings: Settings
    players: tuple[Player, ...] = ()
    teams: tuple[Team, ...] = ()
    rounds: tuple[Round, ...] = ()
    pages: tuple[Page, ...] = ()
    games: tuple[GameScore, ...] = ()  # games/*.pgn
    # An index built for each instance: not an argument, so ``dataclasses.replace``
    # makes a fresh one and never touches the original's.
    _by_id: Mapping[PlayerId, Player] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", MappingProxyType({p.id: p for p in self.players}))

    def player(self, player_id: PlayerId) -> Player:
        return self._by_id[player_id]

    def team(self, team_id: TeamId) -> Team:
        for team in self.teams:
            if team.id == team_id:
                return team
        raise KeyError(team_id)

    def round(self, number: int) -> Round | None:
        for rnd in self.rounds:
            if rnd.number == number:
                return rnd
        return None

    @property
    def is_team(self) -> bool:
        return self.settings.format.is_team

    @property
    def planned_rounds(self) -> int:
        """Rounds planned: as set, or what a round robin's participants need (C.05)."""
        if self.settings.rounds:
            return self.settings.rounds
        if not self.settings.format.is_round_robin:
            return 0
        count = len(self.teams) if self.is_team else sum(p.approved for p in self.players)
        per_cycle = count - 1 if count % 2 == 0 else count
        return max(per_cycle, 0) * self.settings.cycles


@dataclass(frozen=True, slots=True)
class SeriesDefinition:
    """A series (grand prix) over several tournaments of a club (docs/pairing.md)."""

    id: str
    name: str
    tournaments: tuple[str, ...]
    points: tuple[Fraction, ...]  # placement points: 1st, 2nd, ...
    best: int | None = None  # count only the best N events


@dataclass(frozen=True, slots=True)
class ClubPlayer:
    """A member of a club or league, with the club's own ratings (B.02)."""

    id: PlayerId
    name: str
    ratings: tuple[tuple[RatingPeriod, int], ...] = ()
    rated_games: tuple[tuple[RatingPeriod, int], ...] = ()
    fide_id: str = ""
    federation: str = ""
    title: str = ""
    sex: str = ""
    birth_year: int | None = None
    rating: int | None = None  # FIDE rating, copied into tournaments that use the member


@dataclass(frozen=True, slots=True)
class Club:
    """club.yaml plus the club's members and the tournament folders under it."""

    name: str
    members: tuple[ClubPlayer, ...] = ()
    series: tuple[SeriesDefinition, ...] = ()
    tournaments: tuple[tuple[str, Tournament], ...] = ()
    language: str = "en"  # club.yaml's ``language:``; its events' unless they set their own
