"""Team scoring: game points and match points of every match, team byes, withdrawals.

docs/teams.md ("Match points", "A match forfeited as a whole", "Results and
standings") and FIDE C.04.6 Art. 1.2 / 3.1:

- A match's game points are the sum of its boards (a forfeited board is one
  board's point); its match points follow from comparing them:
  ``Scoring.match_win`` / ``match_draw`` / ``match_loss`` (2/1/0 by default).
- A match forfeited as a whole by decision (``Match.decision``) is won or lost
  whatever the boards say: the winner gets one game point per board it seated
  (``ForfeitedMatchScore.SEATED``, the default: a team that seated nobody wins
  0-0) or the full board count (``FULL``, only while no game of the match was
  played: after one was, the match keeps the sum of its seated boards); a
  double forfeit gives both teams a lost match and nothing on the boards.
- A team PAB is worth a drawn match (``match_draw``, boards x draw) unless
  ``Scoring.team_pab_*`` says otherwise; a full-point bye a won match, a
  half-point bye a drawn match, a zero-point bye (and an absence) nothing.
- Won, drawn and lost read a match by its match points (docs/teams.md).
- A team that withdrew from a round robin before playing half of its matches
  has its results annulled (FIDE General Regulations 6.6): its matches count
  for nobody. A match not yet played against a team out of the round (withdrawn
  before it, or absent as a team) is forfeited to the team present; two such
  teams get a double forfeit (``forfeit_if_out``).
- US Chess 31E variation (``Scoring.match_win_needs_majority``): a match is won
  only with more than half the game points available, drawn with exactly half.
- A board of no team (added by hand and fitting no match: ``Round.games`` of a
  team round, ``tourney.engine.teams.hand_boards``) counts for no team: only the
  boards of ``Round.matches`` are read here.

``team_tables`` turns all of it into two ``ScoreTable`` objects, one on match
points and one on game points, with teams as participants, so that every
individual tie-break (BH, SB, PS, KS, ...) can be computed on either score
(C.07 ``:MP`` / ``:GP``). A match counts as played (C.07 Art. 16) when at least
one of its games was played over the board.

>>> from tourney.model import Game, Result, Scoring
>>> m = Match("A", "B", (Game("a1", "b1", Result.WHITE_WINS, 1),
...                      Game("b2", "a2", Result.DRAW, 2)))
>>> r = match_result(m, Scoring(), boards=2)
>>> (str(r.white_game_points), str(r.black_game_points), str(r.white_match_points))
('3/2', '1/2', '2')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from enum import StrEnum
from fractions import Fraction

from tourney.engine.scores import RoundView, ScoreTable, last_decided_round, recategorise
from tourney.model import (
    ByeKind,
    Colour,
    ForfeitedMatchScore,
    Game,
    Match,
    MatchDecision,
    Outcome,
    PrimaryScore,
    Scoring,
    Tournament,
)
from tourney.records import dataclass

ZERO = Fraction(0)


class MatchKind(StrEnum):
    """How a team's round went."""

    PLAYED = "played"  # at least one game over the board
    UNPLAYED = "unplayed"  # every board forfeited, no decision
    FORFEIT_WIN = "forfeit-win"  # awarded by decision
    FORFEIT_LOSS = "forfeit-loss"  # lost by decision (also a double forfeit)
    PENDING = "pending"  # a board has no result yet
    BYE = "bye"  # a team bye (PAB, full, half, zero)
    ABSENT = "absent"  # neither paired nor given a bye
    ANNULLED = "annulled"  # the opponent withdrew (GR 6.6): the match counts for nobody


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Game points and match points of both teams of one match."""

    white_game_points: Fraction
    black_game_points: Fraction
    white_match_points: Fraction
    black_match_points: Fraction
    white_outcome: Outcome
    black_outcome: Outcome
    played: bool


@dataclass(frozen=True, slots=True)
class BoardPoints:
    """One board of a team's round, seen from the team."""

    board: int
    player: str  # "" for an empty seat
    points: Fraction
    played: bool  # a game over the board


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One team in one round: opponent, what the match gave, and its boards."""

    round: int
    team: str
    kind: MatchKind
    opponent: str | None = None
    colour: Colour | None = None  # the colour of board 1
    game_points: Fraction = ZERO
    opponent_game_points: Fraction | None = None
    match_points: Fraction = ZERO
    outcome: Outcome | None = None  # by match points
    bye: ByeKind | None = None
    boards: tuple[BoardPoints, ...] = ()  # played or unplayed-match boards (empty for byes)

    @property
    def played(self) -> bool:
        return self.kind is MatchKind.PLAYED

    def describe(self) -> str:
        if self.kind is MatchKind.BYE and self.bye is not None:
            return f"{self.bye.value} bye"
        if self.opponent is None:
            return self.kind.value
        score = f"{_text(self.game_points)}-{_text(self.opponent_game_points or ZERO)}"
        forfeit = " (forfeit)" if self.kind in _FORFEITS else ""
        return f"v {self.opponent} {score}{forfeit}"


_FORFEITS = (MatchKind.FORFEIT_WIN, MatchKind.FORFEIT_LOSS, MatchKind.UNPLAYED)


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def match_result(
    match: Match, scoring: Scoring, boards: int, team_of: Mapping[str, str] | None = None
) -> MatchResult | None:
    """The result of a match, or None while a board has no result (and no decision).

    ``team_of`` (player -> team) tells which side of a board is whose; without
    it, the white team has White on odd boards.
    """
    sides = team_of or {}
    if match.decision is not None:
        return _decided(match, scoring, boards, sides)
    if any(g.result is None for g in match.games):
        return None
    white = black = ZERO
    for game in match.games:
        assert game.result is not None
        white_team_has_white = white_team_side(match, game, sides)
        w = scoring.outcome_points(game.result.outcome(True))
        b = scoring.outcome_points(game.result.outcome(False))
        if not game.white:
            w = ZERO
        if not game.black:
            b = ZERO
        if white_team_has_white:
            white, black = white + w, black + b
        else:
            white, black = white + b, black + w
    played = any(g.result is not None and g.result.is_played for g in match.games)
    mp, outcome = match_outcome(white, black, scoring, boards, played)
    if not played:
        outcome = tuple(  # type: ignore[assignment]
            Outcome.FORFEIT_WIN if o is Outcome.WIN else Outcome.FORFEIT_LOSS for o in outcome
        )
    return MatchResult(white, black, mp[0], mp[1], outcome[0], outcome[1], played)


def match_outcome(
    white: Fraction, black: Fraction, scoring: Scoring, boards: int, played: bool
) -> tuple[tuple[Fraction, Fraction], tuple[Outcome, Outcome]]:
    """Match points and outcomes of a match from its game points (the one place this
    is decided: team standings and the team Swiss pairing input both use it)."""
    if scoring.match_win_needs_majority:
        return _by_majority(white, black, scoring, boards)
    if white > black:
        return (scoring.match_win, scoring.match_loss), (Outcome.WIN, Outcome.LOSS)
    if black > white:
        return (scoring.match_loss, scoring.match_win), (Outcome.LOSS, Outcome.WIN)
    if played or white > 0:
        return (scoring.match_draw, scoring.match_draw), (Outcome.DRAW, Outcome.DRAW)
    # nothing on any board and no game: both lose
    return (scoring.match_loss, scoring.match_loss), (Outcome.LOSS, Outcome.LOSS)


def _by_majority(
    white: Fraction, black: Fraction, scoring: Scoring, boards: int
) -> tuple[tuple[Fraction, Fraction], tuple[Outcome, Outcome]]:
    """US Chess 31E variation (docs/teams.md): each team on its own share of the points available.

    More than half of ``boards x win`` wins the match, exactly half draws it, less
    loses it: two three-player teams on four boards drawing 1.5-1.5 both lose.
    """
    half = scoring.win * boards / 2
    table = {
        1: (scoring.match_win, Outcome.WIN),
        0: (scoring.match_draw, Outcome.DRAW),
        -1: (scoring.match_loss, Outcome.LOSS),
    }
    w = table[(white > half) - (white < half)]
    b = table[(black > half) - (black < half)]
    return (w[0], b[0]), (w[1], b[1])


def white_team_side(match: Match, game: Game, team_of: Mapping[str, str]) -> bool:
    """Whether the white team's player has White on this board.

    Known players say it by their team; otherwise the white team has White
    on board 1 and every odd board.
    """
    if game.white in team_of:
        return team_of[game.white] == match.white
    if game.black in team_of:
        return team_of[game.black] != match.white
    return match.white_team_white(game.board)


def pays_full_board_count(match: Match, scoring: Scoring) -> bool:
    """``forfeited_match: full`` pays a decided match the full board count only while no
    game of it was played over the board; after one was, the match keeps the sum of its
    boards, each seated board the decision's forfeit (docs/teams.md)."""
    if scoring.forfeited_match is not ForfeitedMatchScore.FULL:
        return False
    return not any(g.result is not None and g.result.is_played for g in match.games)


def _decided(
    match: Match, scoring: Scoring, boards: int, team_of: Mapping[str, str]
) -> MatchResult:
    """A match forfeited as a whole (docs/teams.md): seated boards or the full board count."""
    decision = match.decision
    if decision is MatchDecision.NEITHER:
        loss = scoring.match_loss
        return MatchResult(
            ZERO, ZERO, loss, loss, Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS, False
        )
    white_wins = decision is MatchDecision.WHITE_TEAM
    if pays_full_board_count(match, scoring):
        points = scoring.forfeit_win * boards
    else:
        seated = 0
        for game in match.games:
            own = game.white if white_team_side(match, game, team_of) == white_wins else game.black
            seated += bool(own)
        points = scoring.forfeit_win * seated
    win, loss = scoring.match_win, scoring.match_loss
    if white_wins:
        return MatchResult(
            points, ZERO, win, loss, Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS, False
        )
    return MatchResult(ZERO, points, loss, win, Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN, False)


def bye_points(kind: ByeKind, scoring: Scoring, boards: int) -> tuple[Fraction, Fraction]:
    """Match points and game points of a team bye (C.04.6 3.1: a PAB is a drawn match)."""
    if kind is ByeKind.PAB:
        mp = scoring.team_pab_match_points
        gp = scoring.team_pab_game_points
        return (
            scoring.match_draw if mp is None else mp,
            scoring.draw * boards if gp is None else gp,
        )
    if kind is ByeKind.FULL:
        return scoring.match_win, scoring.win * boards
    if kind is ByeKind.HALF:
        return scoring.match_draw, scoring.draw * boards
    return ZERO, ZERO


def _boards(
    match: Match, own_is_white: bool, scoring: Scoring, team_of: Mapping[str, str]
) -> tuple[BoardPoints, ...]:
    out = []
    for index, game in enumerate(match.games, start=1):
        board = game.board or index
        side_white = white_team_side(match, game, team_of) == own_is_white
        player = game.white if side_white else game.black
        if match.decision is not None or game.result is None or not player:
            points = ZERO
        else:
            points = scoring.outcome_points(game.result.outcome(side_white))
        played = match.decision is None and game.result is not None and game.result.is_played
        out.append(BoardPoints(board, player, points, played))
    return tuple(out)


def team_rounds(
    tournament: Tournament, after: int | None = None
) -> dict[str, tuple[TeamRound, ...]]:
    """Every team's rounds 1..``after`` (default: the last round with a result)."""
    if after is None:
        after = last_decided_round(tournament)
    scoring = tournament.settings.scoring
    boards = tournament.settings.team.boards
    annulled = annulled_teams(tournament)
    team_of = {p: t.id for t in tournament.teams for p in t.roster}
    order = [t.id for t in sorted(tournament.teams, key=_team_order)]
    out: dict[str, list[TeamRound]] = {tid: [] for tid in order}
    for number in range(1, after + 1):
        seen: dict[str, TeamRound] = {}
        rnd = tournament.round(number)
        if rnd is not None:
            away = teams_out(tournament, number)
            for paired in rnd.matches:
                match = forfeit_if_out(paired, away)
                for view in _match_views(number, match, scoring, boards, annulled, team_of):
                    seen[view.team] = view
            for bye in rnd.byes:
                if bye.participant not in seen:
                    mp, gp = bye_points(bye.kind, scoring, boards)
                    seen[bye.participant] = TeamRound(
                        number,
                        bye.participant,
                        MatchKind.BYE,
                        game_points=gp,
                        match_points=mp,
                        bye=bye.kind,
                        outcome=_bye_outcome(mp, scoring),
                    )
        for tid in order:
            out[tid].append(seen.get(tid) or TeamRound(number, tid, MatchKind.ABSENT))
    return {tid: tuple(rounds) for tid, rounds in out.items()}


def _bye_outcome(match_points: Fraction, scoring: Scoring) -> Outcome:
    if match_points >= scoring.match_win:
        return Outcome.WIN
    if match_points >= scoring.match_draw:
        return Outcome.DRAW
    return Outcome.LOSS


def _match_views(
    number: int,
    match: Match,
    scoring: Scoring,
    boards: int,
    annulled: set[str],
    team_of: Mapping[str, str],
) -> tuple[TeamRound, TeamRound]:
    teams = (match.white, match.black)
    if annulled & set(teams):
        return (
            TeamRound(number, match.white, MatchKind.ANNULLED, opponent=match.black),
            TeamRound(number, match.black, MatchKind.ANNULLED, opponent=match.white),
        )
    result = match_result(match, scoring, boards, team_of)
    if result is None:
        return (
            TeamRound(number, match.white, MatchKind.PENDING, match.black, Colour.WHITE),
            TeamRound(number, match.black, MatchKind.PENDING, match.white, Colour.BLACK),
        )
    views = []
    for own_is_white in (True, False):
        gp = result.white_game_points if own_is_white else result.black_game_points
        other = result.black_game_points if own_is_white else result.white_game_points
        mp = result.white_match_points if own_is_white else result.black_match_points
        outcome = result.white_outcome if own_is_white else result.black_outcome
        if match.decision is not None:
            kind = (
                MatchKind.FORFEIT_WIN if outcome is Outcome.FORFEIT_WIN else MatchKind.FORFEIT_LOSS
            )
        else:
            kind = MatchKind.PLAYED if result.played else MatchKind.UNPLAYED
        views.append(
            TeamRound(
                number,
                match.white if own_is_white else match.black,
                kind,
                opponent=match.black if own_is_white else match.white,
                colour=Colour.WHITE if own_is_white else Colour.BLACK,
                game_points=gp,
                opponent_game_points=other,
                match_points=mp,
                outcome=outcome,
                boards=_boards(match, own_is_white, scoring, team_of),
            )
        )
    return views[0], views[1]


def teams_out(tournament: Tournament, number: int) -> frozenset[str]:
    """Teams out of round ``number`` as a team: withdrawn before it, or marked absent in it."""
    return frozenset(
        team.id
        for team in tournament.teams
        if number in team.absent
        or (team.withdrawn_after is not None and number > team.withdrawn_after)
    )


def forfeit_if_out(match: Match, out: frozenset[str]) -> Match:
    """A match not yet decided against a team out of the round is forfeited as a whole.

    docs/teams.md: the team present wins it as a match forfeited by decision; when both
    teams are out (two withdrawn teams that still had to meet, whichever withdrew
    first) it is a double forfeit. Reinstating a team (no ``withdrawn_after``)
    gives it the forfeit win back, since nothing is stored. A match whose boards
    all have results, or that has a decision, keeps them.
    """
    if match.decision is not None or not out or not {match.white, match.black} & out:
        return match
    if match.games and all(g.result is not None for g in match.games):
        return match
    if {match.white, match.black} <= out:
        decision = MatchDecision.NEITHER
    else:
        decision = MatchDecision.BLACK_TEAM if match.white in out else MatchDecision.WHITE_TEAM
    return replace(match, decision=decision)


def annulled_teams(tournament: Tournament) -> set[str]:
    """Teams withdrawn from a round robin before playing half their matches (GR 6.6)."""
    if not tournament.settings.format.is_round_robin:
        return set()
    planned = tournament.planned_rounds
    out = set()
    for team in tournament.teams:
        if team.withdrawn_after is None:
            continue
        played = sum(
            1
            for rnd in tournament.rounds
            if rnd.number <= team.withdrawn_after
            for match in rnd.matches
            if team.id in (match.white, match.black)
        )
        if 2 * played < planned:
            out.add(team.id)
    return out


def _team_order(team: object) -> tuple[int, str]:
    start = getattr(team, "start", None)
    return (start if start is not None else 10**9, str(getattr(team, "id", "")))


@dataclass(frozen=True, slots=True)
class TeamTables:
    """The team event scored on match points and on game points (C.07 ``:MP``, ``:GP``)."""

    mp: ScoreTable
    gp: ScoreTable
    primary: PrimaryScore
    boards: int
    rounds: Mapping[str, tuple[TeamRound, ...]]
    scoring: Scoring  # the event's own scoring (game results, match points)

    def table(self, score: str | None = None) -> ScoreTable:
        """``"MP"``, ``"GP"``, or None for the primary score."""
        if score is None:
            return self.gp if self.primary is PrimaryScore.GAME_POINTS else self.mp
        return self.gp if score.upper() == "GP" else self.mp

    def secondary(self) -> ScoreTable:
        return self.mp if self.primary is PrimaryScore.GAME_POINTS else self.gp

    @property
    def primary_code(self) -> str:
        return "GP" if self.primary is PrimaryScore.GAME_POINTS else "MP"


def team_tables(
    tournament: Tournament,
    after: int | None = None,
    known: Mapping[str, tuple[TeamRound, ...]] | None = None,
) -> TeamTables:
    """Both score tables of a team event after round ``after``.

    ``known``: ``team_rounds(tournament, later)`` for a round ``later`` at or after
    ``after``, cut here to rounds 1..``after`` (a round's views do not depend on the
    rounds after it), so that a build adds up every match once, not once per round.
    """
    if after is None:
        after = last_decided_round(tournament)
    scoring = tournament.settings.scoring
    boards = tournament.settings.team.boards
    if known is not None and all(len(rounds) >= after for rounds in known.values()):
        rounds = {tid: tuple(views[:after]) for tid, views in known.items()}
    else:
        rounds = team_rounds(tournament, after)
    teams = sorted(tournament.teams, key=_team_order)
    round_robin = tournament.settings.format.is_round_robin
    tables = []
    for score in ("MP", "GP"):
        if score == "MP":
            table_scoring = Scoring(
                win=scoring.match_win, draw=scoring.match_draw, loss=scoring.match_loss
            )
        else:
            table_scoring = Scoring(
                win=scoring.win * boards, draw=scoring.draw * boards, loss=scoring.loss * boards
            )
        views = {
            tid: recategorise(tuple(_view(r, score) for r in team_rounds_))
            for tid, team_rounds_ in rounds.items()
        }
        tables.append(
            ScoreTable(
                rounds=after,
                scoring=table_scoring,
                round_robin=round_robin,
                order=tuple(t.id for t in teams),
                views=views,
                start={
                    t.id: t.start if t.start is not None else i + 1 for i, t in enumerate(teams)
                },
                ratings={t.id: None for t in teams},
                names={t.id: t.name for t in teams},
            )
        )
    return TeamTables(tables[0], tables[1], scoring.primary, boards, rounds, scoring)


def _view(team_round: TeamRound, score: str) -> RoundView:
    points = team_round.match_points if score == "MP" else team_round.game_points
    kind = team_round.kind
    if kind is MatchKind.PENDING:
        return RoundView(
            team_round.round,
            opponent=team_round.opponent,
            colour=team_round.colour,
            pending=True,
        )
    if kind in (MatchKind.ABSENT, MatchKind.ANNULLED):
        return RoundView(team_round.round, bye=ByeKind.ZERO, absent=True)
    if kind is MatchKind.BYE:
        return RoundView(team_round.round, bye=team_round.bye, points=points)
    outcome = team_round.outcome
    if kind is not MatchKind.PLAYED and outcome is Outcome.DRAW:
        outcome = Outcome.FORFEIT_LOSS  # an unplayed drawn match is no game (rare)
    return RoundView(
        team_round.round,
        opponent=team_round.opponent,
        colour=team_round.colour,
        outcome=outcome,
        points=points,
        played=kind is MatchKind.PLAYED,
    )


__all__ = [
    "BoardPoints",
    "MatchKind",
    "MatchResult",
    "TeamRound",
    "TeamTables",
    "annulled_teams",
    "bye_points",
    "forfeit_if_out",
    "match_result",
    "team_rounds",
    "team_tables",
    "teams_out",
]
