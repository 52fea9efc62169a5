"""A TRF file's records as written, before they become a Tournament: ``TrfDocument``,
built line by line by the record readers (``tourney.load.trf_records``, and
``tourney.load.trf_forbidden`` for 260, XXP and XXO), and the records it holds.

Its own module so that every reader names the document it fills without importing the
others (tests/test_layers.py: no import cycle inside a package).
"""

from __future__ import annotations

from dataclasses import field
from fractions import Fraction

from tourney.errors import Diagnostic
from tourney.load.trf_lines import Line
from tourney.model import RoundWindow, RuleStrength
from tourney.records import dataclass


@dataclass(frozen=True, slots=True)
class ForbiddenRecord:
    """One 260, XXP or XXO record as written: numbers and the column of each."""

    code: str
    teams: bool | None  # None: as the event (a 260 names teams in a team event)
    numbers: tuple[tuple[int, int], ...]  # (number, column)
    strength: RuleStrength
    rounds: RoundWindow
    line: Line


@dataclass(frozen=True, slots=True)
class RoundCell:
    """One round of a 001 line: opponent (None = no opponent), colour, result code."""

    round: int
    opponent: int | None
    colour: str  # "w", "b" or ""
    code: str  # one of RESULT_CODES (upper case) or "" (blank)
    line: int
    col: int


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    start: int
    sex: str
    title: str
    name: str
    rating: int | None
    federation: str
    fide_id: str
    birth: str
    points: Fraction | None
    rank: int | None
    rounds: tuple[RoundCell, ...]
    line: int


@dataclass
class TrfDocument:
    """What the records say, before it becomes a Tournament (built line by line)."""

    file: str
    header: dict[str, str] = field(default_factory=dict)
    header_lines: dict[str, int] = field(default_factory=dict)
    players: list[PlayerRecord] = field(default_factory=list)
    byes: list[tuple[str, int, int, Line]] = field(default_factory=list)  # kind, round, id
    scoring: dict[str, Fraction] = field(default_factory=dict)  # 162 / XXS codes
    rounds: int | None = None
    options: list[str] = field(default_factory=list)  # XXC
    absent_next: list[tuple[int, Line]] = field(default_factory=list)  # XXZ
    round_dates: list[str] = field(default_factory=list)
    deputies: list[str] = field(default_factory=list)
    other: dict[str, list[Line]] = field(default_factory=dict)
    forbidden: list[ForbiddenRecord] = field(default_factory=list)  # 260, XXP, XXO
    diagnostics: list[Diagnostic] = field(default_factory=list)
    team_event: bool = False
    team: TeamRecords = field(default_factory=lambda: TeamRecords())
    national: list[NationalRecord] = field(default_factory=list)
    accelerated: list[AcceleratedRecord] = field(default_factory=list)  # 250
    abnormal: list[AbnormalRecord] = field(default_factory=list)  # 299

    # Each problem has its stable code (docs/diagnostics.md "Reading TRF files").
    def error(self, code: str, line: Line, col: int, message: str, hint: str = "") -> None:
        self.diagnostics.append(Diagnostic(self.file, line.number, col, message, hint, code=code))

    def warn(self, code: str, line: Line, col: int, message: str, hint: str = "") -> None:
        self.diagnostics.append(
            Diagnostic(self.file, line.number, col, message, hint, "warning", code)
        )


@dataclass(frozen=True, slots=True)
class NationalRecord:
    """A national rating record (TRF-2026): the 001 layout under a federation code."""

    federation: str  # columns 1-3
    start: int  # 5-8: the player's 001 line
    rating: int | None  # 49-52
    national_id: str  # 58-68
    line: Line


@dataclass(frozen=True, slots=True)
class AcceleratedRecord:
    """A 250 record: fictitious points for the ids first..last in rounds first..last."""

    match_points: Fraction | None  # 5-8, teams only
    points: Fraction  # 10-13
    rounds: tuple[int, int]  # 15-17, 19-21
    ids: tuple[int, int]  # 23-26, 28-31
    line: Line


@dataclass(frozen=True, slots=True)
class AbnormalRecord:
    """A 299 record: points given outside the scoring (blank type: a penalty or bonus)."""

    kind: str  # column 5: W D L F H Z + - or "" (penalty / bonus)
    match_points: Fraction | None  # 8-11, teams only
    points: Fraction | None  # 14-17
    round: int  # 20-22, 0: all rounds (the event as a whole)
    ids: tuple[int, ...]  # from 24, five columns each
    line: Line


@dataclass(frozen=True, slots=True)
class RosterRecord:
    """A 310 (or 013) record: a team and its players in default board order."""

    number: int  # team pairing number
    name: str
    nickname: str
    strength: str
    match_points: Fraction | None
    game_points: Fraction | None
    rank: int | None
    roster: tuple[int, ...]
    line: Line
    # 013 only: the players' columns one off the table's 37-40, 42-45, ... (-1 left,
    # +1 right), or the column of a number that fits no reading (0: none)
    shift: int = 0
    misplaced: int = 0


@dataclass(frozen=True, slots=True)
class LineupRecord:
    """A 300 record: a team's board order in one round (0 = an unoccupied board)."""

    round: int
    team: int
    opponent: int
    boards: tuple[int, ...]
    line: Line


@dataclass(frozen=True, slots=True)
class ForfeitRecord:
    """A 330 record: a match forfeited as a whole (``+-``, ``-+`` or ``--``)."""

    code: str
    round: int
    white: int
    black: int
    line: Line


@dataclass
class TeamRecords:
    """The team records of a TRF-2026 file, as written."""

    rosters: list[RosterRecord] = field(default_factory=list)  # 310
    rosters_013: list[RosterRecord] = field(default_factory=list)
    lineups: list[LineupRecord] = field(default_factory=list)
    forfeits: list[ForfeitRecord] = field(default_factory=list)
    pab_points: tuple[Fraction, Fraction] | None = None  # 320: match points, game points
    pab_teams: dict[int, int] = field(default_factory=dict)  # round -> team
    pab_line: Line | None = None
    colours: str = ""  # 352
    match_points: dict[str, Fraction] = field(default_factory=dict)  # 362: TW TD TL
    match_points_line: int = 0
