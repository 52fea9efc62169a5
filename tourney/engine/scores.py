"""Each participant's rounds after round N, scored (FIDE C.07 Art. 15-16 categories).

``score_table(tournament, after)`` turns the rounds of a ``Tournament`` into
one ``RoundView`` per participant and round: the opponent (or none), the
colour, the outcome or the bye, the points under the tournament's
``Scoring``, whether the game was played over the board, and the C.07
Art. 16.2 category of an unplayed round. Everything the tie-breaks need is
here, so they never look at the model's rounds themselves.

Only decided results count: a board without a result is ``pending`` and adds
nothing. A participant who is neither paired nor given a bye in a round is
absent (a zero-point bye, C.07 Art. 16.1.1 counts every round after a
withdrawal as one).

In a round robin (pre-determined pairings) forfeits are the only unplayed
rounds and count as games against the scheduled opponent (C.07 Art. 15.2);
Art. 16 categories are still recorded for the exceptions of 15.2.

Participants are players in an individual event. The view keeps to ids, so
a team reader can build the same table with teams as participants.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import field, replace
from enum import IntEnum
from fractions import Fraction
from math import lcm
from types import MappingProxyType
from typing import Any, TypeVar

from tourney.model import (
    ByeKind,
    Colour,
    Game,
    Match,
    MatchDecision,
    Outcome,
    Result,
    Round,
    Scoring,
    Tournament,
)
from tourney.records import dataclass

T = TypeVar("T")


class Unplayed(IntEnum):
    """Categories of unplayed rounds, C.07 Art. 16.2 (2024 and 2026 editions)."""

    PAB_OR_FULL_BYE = 1  # 16.2.1 pairing-allocated byes and full-point byes
    FORFEIT_WIN = 2  # 16.2.2
    REQUESTED_BYE = 3  # 16.2.3 requested byes (and absences) followed by a round that is no VUR
    FORFEIT_LOSS = 4  # 16.2.4
    REQUESTED_BYE_TO_END = 5  # 16.2.5 followed only by VURs, or in the last round

    @property
    def article(self) -> str:
        return f"16.2.{self.value}"

    @property
    def voluntary(self) -> bool:
        """A voluntarily unplayed round (VUR, Art. 16.1.2): requested byes and forfeit losses."""
        return self in (
            Unplayed.REQUESTED_BYE,
            Unplayed.FORFEIT_LOSS,
            Unplayed.REQUESTED_BYE_TO_END,
        )


@dataclass(frozen=True, slots=True)
class RoundView:
    """One participant in one round."""

    round: int
    opponent: str | None = None  # the scheduled opponent (games and forfeits)
    colour: Colour | None = None
    result: Result | None = None
    outcome: Outcome | None = None
    bye: ByeKind | None = None  # for byes and absences
    absent: bool = False  # neither paired nor given a bye
    pending: bool = False  # paired, but the board has no result yet
    points: Fraction = Fraction(0)
    played: bool = False  # a game over the board (C.07 "played"): not a forfeit, not a bye
    category: Unplayed | None = None  # Art. 16.2, None for games played over the board
    # A Double-Swiss match (C.04.5): ``result`` is game 1's, ``second`` game 2's (each
    # with that game's White first), ``colour`` the player's colour in game 1.
    double: bool = False
    second: Result | None = None

    @property
    def is_game(self) -> bool:
        """Paired against an opponent (played or forfeited), with a result."""
        return self.opponent is not None and not self.pending

    @property
    def forfeit(self) -> bool:
        return self.outcome in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)

    @property
    def vur(self) -> bool:
        return self.category is not None and self.category.voluntary

    def describe(self) -> str:
        """A short text for the working: 'w 1 v 12', 'half-point bye', 'absent'."""
        if self.pending:
            return f"v {self.opponent}, no result yet"
        if self.opponent is not None:
            colour = "w" if self.colour is Colour.WHITE else "b" if self.colour else "-"
            what = self.outcome.value if self.outcome else "?"
            return f"{colour} {what} v {self.opponent}"
        if self.absent:
            return "absent"
        return _BYE_NAMES[self.bye] if self.bye else "-"


_BYE_NAMES = {
    ByeKind.PAB: "pairing-allocated bye",
    ByeKind.FULL: "full-point bye",
    ByeKind.HALF: "half-point bye",
    ByeKind.ZERO: "zero-point bye",
}


@dataclass(frozen=True, slots=True)
class ScoreTable:
    """The rounds 1..``after`` of every participant, and what they scored."""

    rounds: int  # rounds considered (``after``)
    scoring: Scoring
    round_robin: bool
    order: tuple[str, ...]  # participants in starting-rank order
    views: Mapping[str, tuple[RoundView, ...]]
    start: Mapping[str, int]
    ratings: Mapping[str, int | None] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)
    # Values derived from ``views`` (scores, tie-break contributions), computed once per
    # table. Not an init field, so ``dataclasses.replace`` gives a new table a fresh memo.
    _memo: dict[Hashable, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __iter__(self) -> Iterator[str]:
        return iter(self.order)

    def memo(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()``, computed once per table and ``key`` (the views never change)."""
        try:
            found: T = self._memo[key]
        except KeyError:
            found = self._memo[key] = make()
        return found

    def points(self, participant: str) -> Fraction:
        return self.memo(
            ("points", participant),
            lambda: exact_sum(v.points for v in self.views[participant]),
        )

    def adjusted(self, participant: str) -> Fraction:
        """The score the participant's opponents see (Art. 16.3): category 5 rounds as draws."""
        return self.memo(
            ("adjusted", participant),
            lambda: exact_sum(self.adjusted_round(v) for v in self.views[participant]),
        )

    def adjusted_round(self, view: RoundView) -> Fraction:
        """One round as opponents see it (16.3.2: a category 5 round counts as a draw)."""
        if view.category is Unplayed.REQUESTED_BYE_TO_END and not self.round_robin:
            return self.scoring.draw
        return view.points

    def round_view(self, participant: str, number: int) -> RoundView:
        return self.views[participant][number - 1]


def round_scoring(tournament: Tournament) -> Scoring:
    """What one round is worth, as the tie-breaks read it (a drawn round, a win): the
    event's scoring, or in a Double-Swiss (C.04.5) that of a two-game match, twice a
    game's win, draw and loss (byes are per match already)."""
    scoring = tournament.settings.scoring
    if tournament.settings.pairing != "double-swiss":
        return scoring
    return replace(
        scoring,
        win=2 * scoring.win,
        draw=2 * scoring.draw,
        loss=2 * scoring.loss,
        forfeit_win=2 * scoring.forfeit_win,
        forfeit_loss=2 * scoring.forfeit_loss,
    )


def exact_sum(values: Iterable[Fraction]) -> Fraction:
    """The exact sum of ``values``: ``sum(values, Fraction(0))``, without a gcd per addition.

    Points share a few small denominators (halves, quarters), so the sum is
    kept as a numerator over a common denominator and reduced once.

    >>> exact_sum([Fraction(1, 2), Fraction(3, 4), Fraction(1)])
    Fraction(9, 4)
    """
    numerator, denominator = 0, 1
    for value in values:
        d = value.denominator
        if denominator % d:
            common = lcm(denominator, d)
            numerator *= common // denominator
            denominator = common
        numerator += value.numerator * (denominator // d)
    return Fraction(numerator, denominator)


def last_decided_round(tournament: Tournament) -> int:
    """The highest round with a decided result (0 before any result)."""
    numbers = [rnd.number for rnd in tournament.rounds if rnd.started]
    return max(numbers, default=0)


RoundViews = Callable[[Round, Scoring], Mapping[str, RoundView]]


def score_table(
    tournament: Tournament, after: int | None = None, views_of: RoundViews | None = None
) -> ScoreTable:
    """Score every participant's rounds 1..``after`` (default: the last round with a result).

    ``views_of`` gives one round's views (default ``round_views``); an
    ``Evaluation`` passes its own, which reads each round once for every ``after``.
    """
    if after is None:
        after = last_decided_round(tournament)
    scoring = tournament.settings.scoring
    players = sorted(
        tournament.players, key=lambda p: (p.start if p.start is not None else 10**9, p.id)
    )
    order = tuple(p.id for p in players)
    raw: dict[str, list[RoundView]] = {pid: [] for pid in order}
    for number in range(1, after + 1):
        rnd = tournament.round(number)
        seen = (views_of or round_views)(rnd, scoring) if rnd is not None else {}
        absent = RoundView(round=number, bye=ByeKind.ZERO, absent=True, points=scoring.zero_bye)
        for pid in order:
            raw[pid].append(seen.get(pid) or absent)
    round_robin = tournament.settings.format.is_round_robin
    views = {pid: recategorise(rounds) for pid, rounds in raw.items()}
    return ScoreTable(
        rounds=after,
        scoring=round_scoring(tournament),
        round_robin=round_robin,
        order=order,
        views=views,
        start={p.id: p.start if p.start is not None else i + 1 for i, p in enumerate(players)},
        ratings={p.id: p.rating for p in players},
        names={p.id: p.name for p in players},
    )


def decided_result(match: Match, game: Game, board: int) -> Result | None:
    """The result a board counts with: the decision of a match forfeited as a whole
    (docs/teams.md) overrides the board's own; a double forfeit is ``-/-`` everywhere.
    The team named first has White on the odd boards (C.04.6 Art. 4)."""
    if match.decision is None:
        return game.result
    if match.decision is MatchDecision.NEITHER:
        return Result.DOUBLE_FORFEIT
    winner = match.white if match.decision is MatchDecision.WHITE_TEAM else match.black
    white_team = match.white if board % 2 == 1 else match.black
    return Result.WHITE_FORFEIT_WIN if winner == white_team else Result.BLACK_FORFEIT_WIN


def counted_results(rnd: Round) -> Iterator[tuple[Game, Result | None]]:
    """Every game of the round with the result it counts with (``decided_result``)."""
    for game in rnd.games:
        yield game, game.result
    for match in rnd.matches:
        for index, game in enumerate(match.games):
            yield game, decided_result(match, game, game.board or index + 1)


def round_views(rnd: Round, scoring: Scoring) -> Mapping[str, RoundView]:
    """Each participant paired or given a bye in ``rnd``, before Art. 16.2 categories.

    The same round gives the same views whatever ``after`` is.
    """
    number = rnd.number
    seen: dict[str, RoundView] = {}
    for game, result in counted_results(rnd):
        for own, colour in ((game.white, Colour.WHITE), (game.black, Colour.BLACK)):
            if game.double:
                seen[own] = _match_view(number, game, own, colour, scoring)
                continue
            seen[own] = _game_view(number, game.opponent(own), colour, result, scoring)
    for bye in rnd.byes:
        if bye.participant not in seen:
            seen[bye.participant] = RoundView(
                round=number, bye=bye.kind, points=scoring.bye_points(bye.kind)
            )
    return MappingProxyType(seen)


def _game_view(
    number: int, opponent: str, colour: Colour, result: Result | None, scoring: Scoring
) -> RoundView:
    if result is None:
        return RoundView(round=number, opponent=opponent, colour=colour, pending=True)
    outcome = result.outcome(colour is Colour.WHITE)
    return RoundView(
        round=number,
        opponent=opponent,
        colour=colour,
        result=result,
        outcome=outcome,
        points=scoring.outcome_points(outcome),
        played=result.is_played,
    )


def _match_view(number: int, game: Game, own: str, colour: Colour, scoring: Scoring) -> RoundView:
    """A Double-Swiss match as one round (C.04.5 Preface): the game points of both games,
    played unless a player forfeited both; ``colour`` is the player's colour in game 1."""
    from tourney.engine.double_games import match_forfeited, match_outcome, match_points

    opponent = game.opponent(own)
    if not game.decided:
        return RoundView(
            round=number,
            opponent=opponent,
            colour=colour,
            pending=True,
            result=game.result,
            double=True,
            second=game.second,
        )
    forfeited = match_forfeited(game)
    return RoundView(
        round=number,
        opponent=opponent,
        colour=colour,
        result=game.result,
        outcome=match_outcome(game, own, scoring),
        points=match_points(game, own, scoring),
        played=not forfeited,
        double=True,
        second=game.second,
    )


def recategorise(rounds: Sequence[RoundView]) -> tuple[RoundView, ...]:
    """Give every unplayed round its Art. 16.2 category (needs the rounds that follow)."""
    out: list[RoundView] = []
    for index, view in enumerate(rounds):
        category: Unplayed | None = None
        if view.pending or view.played:
            category = None
        elif view.outcome is Outcome.FORFEIT_WIN:
            category = Unplayed.FORFEIT_WIN
        elif view.outcome is Outcome.FORFEIT_LOSS:
            category = Unplayed.FORFEIT_LOSS
        elif view.bye in (ByeKind.PAB, ByeKind.FULL):
            category = Unplayed.PAB_OR_FULL_BYE
        elif view.bye is not None:
            later = rounds[index + 1 :]
            followed = any(not _voluntary(r) for r in later)
            category = Unplayed.REQUESTED_BYE if followed else Unplayed.REQUESTED_BYE_TO_END
        out.append(_with_category(view, category))
    return tuple(out)


def _voluntary(view: RoundView) -> bool:
    """A VUR before categories are known: requested byes, absences and forfeit losses."""
    if view.pending or view.played:
        return False
    if view.outcome is Outcome.FORFEIT_LOSS:
        return True
    return view.bye in (ByeKind.HALF, ByeKind.ZERO)


def _with_category(view: RoundView, category: Unplayed | None) -> RoundView:
    if category is view.category:
        return view
    return RoundView(
        round=view.round,
        opponent=view.opponent,
        colour=view.colour,
        result=view.result,
        outcome=view.outcome,
        bye=view.bye,
        absent=view.absent,
        pending=view.pending,
        points=view.points,
        played=view.played,
        category=category,
        double=view.double,
        second=view.second,
    )
