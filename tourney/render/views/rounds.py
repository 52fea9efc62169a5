"""An individual event's round pages: the pairings by board (round-NN.html) and by name (round-NN-alpha.html).

Part of the template contract (``tourney.render.views``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tourney.render.views.common import Frame, Link, PlayerRef


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
