"""What every page of a team event is built from: each match added up, the team rounds,
ratings and players' tallies, once per build (docs/teams.md, "Team tournaments").

Everything is computed by the engine: match and game points by
``tourney.engine.teams.scores`` (a match against a team out of the round counts as
forfeited, as there), and the average rating fielded by ``tourney.engine.teams.lineups``
(unrated players and players who lost by forfeit left out). The modules beside this one
build one kind of page each from a ``TeamEvent`` (the page table's rows,
``tourney.render.site.table``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TypeVar

from tourney.engine.rounding import round_half_up
from tourney.engine.teams.board_stats import Line
from tourney.engine.teams.lineups import fielded_average
from tourney.engine.teams.rating import TeamRating
from tourney.engine.teams.scores import (
    MatchKind,
    TeamRound,
    forfeit_if_out,
    match_result,
    teams_out,
)
from tourney.i18n import gettext as _
from tourney.model import ByeKind, Match, MatchDecision, Outcome, Team
from tourney.render import text
from tourney.render.site.event import EventData, Frames
from tourney.render.team_order import team_boards
from tourney.render.views import TeamBoard, TeamRef

Pages = Iterator[tuple[str, object]]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Score:
    """A match added up: game points so far, match points once every board has a result."""

    match: Match  # as it counts: forfeited as a whole against a team out of the round
    white_gp: Fraction
    black_gp: Fraction
    white_mp: Fraction | None
    black_mp: Fraction | None

    def sides(self, team: str) -> tuple[Fraction, Fraction]:
        """The game points of ``team`` and of its opponent."""
        if self.match.white == team:
            return self.white_gp, self.black_gp
        return self.black_gp, self.white_gp


class TeamEvent:
    """One team event's matches added up, for its pages."""

    def __init__(self, data: EventData, frames: Frames) -> None:
        self.data = data
        self.frames = frames
        self.t = data.tournament
        self.scoring = self.t.settings.scoring
        self.boards = self.t.settings.team.boards
        self.rounds = data.evaluation.team_rounds()
        # Each team's rating by the event's method; a typed rating wins (docs/teams.md, setting up step 5).
        self.ratings: Mapping[str, TeamRating] = data.evaluation.team_ratings
        self.games: dict[str, int] = {}
        self.points: dict[str, Fraction] = {}
        for sitting in data.evaluation.sittings():
            self.games[sitting.player] = self.games.get(sitting.player, 0) + sitting.played
            self.points[sitting.player] = (
                self.points.get(sitting.player, Fraction(0)) + sitting.points
            )
        self.scores = {
            (rnd.number, index): self._score(rnd.number, match)
            for rnd in data.rounds
            for index, match in enumerate(rnd.matches)
        }
        self._made: dict[Hashable, object] = {}

    def once(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()`` the first time ``key`` is asked for: what two kinds of page show
        (the line-ups on composition.html and on every team card) is built once."""
        if key not in self._made:
            self._made[key] = make()
        return self._made[key]  # type: ignore[return-value]

    def _score(self, number: int, paired: Match) -> Score:
        """The engine's result of a match, or the game points of its decided boards so far."""
        match = forfeit_if_out(paired, teams_out(self.t, number))
        team_of = self.data.team_of
        result = match_result(match, self.scoring, self.boards, team_of)
        if result is not None:
            return Score(
                match,
                result.white_game_points,
                result.black_game_points,
                result.white_match_points,
                result.black_match_points,
            )
        decided = replace(match, games=tuple(g for g in match.games if g.result is not None))
        so_far = match_result(decided, self.scoring, self.boards, team_of)
        if so_far is None:  # pragma: no cover - every board of ``decided`` has a result
            return Score(match, Fraction(0), Fraction(0), None, None)
        return Score(match, so_far.white_game_points, so_far.black_game_points, None, None)

    def match_of(self, view: TeamRound) -> tuple[int, Match] | None:
        """The index in its round and the match as paired of a team's round, if it met a team."""
        rnd = self.t.round(view.round)
        if rnd is None or view.opponent is None:
            return None
        for index, match in enumerate(rnd.matches):
            if view.team in (match.white, match.black):
                return index, match
        return None

    def score_of(self, view: TeamRound) -> Score | None:
        found = self.match_of(view)
        return self.scores[(view.round, found[0])] if found is not None else None

    def average(self, match: Match, white_team: bool) -> str:
        """The average rating the team fielded in the match (docs/teams.md; unrated left out)."""
        return average_text(
            fielded_average(self.t, match, match.white if white_team else match.black)
        )

    def match_boards(self, match: Match, first: str | None = None) -> tuple[TeamBoard, ...]:
        """The boards in team order: team ``first`` (default: the first-named) first."""
        return team_boards(match, first or match.white, self.data.ref, self.data.team_of)

    def note(self, view: TeamRound, score: Score | None = None) -> str:
        """Why a team's round has no plain result: a bye, an annulled or forfeited match,
        a match not (fully) played yet; "" for a decided match."""
        if view.bye is not None:
            return _("absent") if view.bye is ByeKind.ZERO else text.BYE_TEXT[view.bye]
        if view.kind is MatchKind.ANNULLED:
            return _("annulled: a team withdrew (FIDE General Regulations 6.6)")
        if score is not None and score.match.decision is not None:
            return decision_text(score.match, self.data.team_refs)
        if view.opponent is None:
            return _("absent")
        if score is not None and score.white_mp is None:
            started = any(game.result is not None for game in score.match.games)
            return _("running") if started else _("not played yet")
        return ""

    def team_ref(self, pid: str) -> TeamRef | None:
        """The team of a player, if on a roster."""
        team_id = self.data.team_of.get(pid)
        return self.data.team_refs[team_id] if team_id is not None else None

    @property
    def show_series(self) -> bool:
        return any(team.series for team in self.t.teams)


OUTCOME_CSS = {
    Outcome.WIN: "win",
    Outcome.FORFEIT_WIN: "win",
    Outcome.DRAW: "draw",
}


def average_text(value: Fraction | None) -> str:
    return "" if value is None else str(round_half_up(value))


def percentage(line: Line) -> str:
    return text.decimal(line.percentage, 1) if line.percentage is not None else ""


def game_points(score: Score, mine: Fraction, theirs: Fraction) -> str:
    """ "2½-1½" from one side; "–" before any board (or the match as a whole) has a result."""
    started = (
        score.white_mp is not None
        or score.match.decision is not None
        or any(game.result is not None for game in score.match.games)
    )
    return f"{text.points(mine)}-{text.points(theirs)}" if started else "–"


def withdrawn(team: Team, after: int | None = None) -> str:
    """ "withdrawn after round 4" for a team that withdrew (in standings: after a later
    round only), "" otherwise."""
    gone = team.withdrawn_after
    if gone is None or (after is not None and gone >= after):
        return ""
    return _("withdrawn after round {number}").format(number=gone)


def decision_text(match: Match, refs: Mapping[str, TeamRef]) -> str:
    """A match forfeited as a whole: who it was awarded to, or that both teams lose."""
    if match.decision is MatchDecision.NEITHER:
        return _("double forfeit: both teams lose")
    winner = match.white if match.decision is MatchDecision.WHITE_TEAM else match.black
    return _("forfeited as a whole, awarded to {team}").format(team=refs[winner].name)
