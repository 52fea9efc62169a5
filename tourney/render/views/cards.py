"""A player's card (players/ID.html): the rounds, the tie-break working, the rank and rating charts.

Part of the template contract (``tourney.render.views``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tourney.render.views.common import Fact, Frame, Link, PlayerRef, TeamRef
from tourney.render.views.event import NextGame


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
