"""The pages of a team event: teams, matches per round, team standings, crosstable,
board statistics and the individual ranking (seed 000, "Team tournaments").

Match and game points come from ``tourney.render.teamscore`` until the
team-events engine ranks teams with their C.07 tie-breaks.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from tourney.engine.fide_tables import dp
from tourney.engine.pairing.berger import round_status
from tourney.engine.rounding import round_half_up
from tourney.model import Match, MatchDecision, Outcome, PrimaryScore, Team
from tourney.render import text
from tourney.render.event import EventData, Frames, name_key
from tourney.render.individual import _date, _planned_date, round_file, standings_file
from tourney.render.teamscore import (
    TeamRound,
    score_match,
    team_rounds,
    team_standings,
    white_team_has_white,
)
from tourney.render.views import (
    BoardGroup,
    BoardStatRow,
    BoardStatsPage,
    ByeRow,
    Cell,
    IndividualPage,
    IndividualRow,
    Link,
    MatchBoard,
    MatchRow,
    RosterRow,
    TeamCardPage,
    TeamCrossRow,
    TeamCrosstablePage,
    TeamListPage,
    TeamRef,
    TeamRoundLine,
    TeamRoundPage,
    TeamRow,
    TeamStandingRow,
    TeamStandingsPage,
)

Pages = Iterator[tuple[str, object]]


_GAME_SCORE = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2)}


@dataclass(slots=True)
class _Tally:
    """A player's decided boards: games over the board, points, opponents' ratings."""

    boards: int = 0
    games: int = 0
    points: Fraction = Fraction(0)
    rated_points: Fraction = Fraction(0)
    opponents: list[int] = field(default_factory=list)

    def add(self, outcome: Outcome, points: Fraction, played: bool, opponent: int | None) -> None:
        self.boards += 1
        self.points += points
        if played:
            self.games += 1
            if opponent is not None:
                self.opponents.append(opponent)
                self.rated_points += _GAME_SCORE.get(outcome, Fraction(0))

    @property
    def percentage(self) -> str:
        return text.decimal(Fraction(100) * self.points / self.boards, 1) if self.boards else ""

    @property
    def performance(self) -> str:
        """ARO + dp(p) over games with a rated opponent (C.07 10.2, table 8.1.a)."""
        if not self.opponents:
            return ""
        aro = round_half_up(Fraction(sum(self.opponents), len(self.opponents)))
        return str(aro + dp(self.rated_points / len(self.opponents)))


class TeamPages:
    """Builds the team pages of one team event."""

    def __init__(self, data: EventData, frames: Frames) -> None:
        self.data = data
        self.frames = frames
        self.t = data.tournament
        self.scoring = self.t.settings.scoring
        self.boards = self.t.settings.team.boards
        self.rounds = team_rounds(self.t, data.last_paired)
        self.tallies, self.board_tallies = self._tally()

    # -- helpers ---------------------------------------------------------------------------

    def _tally(self) -> tuple[dict[str, _Tally], dict[tuple[int, str], _Tally]]:
        overall: dict[str, _Tally] = {}
        per_board: dict[tuple[int, str], _Tally] = {}
        for rnd in self.data.rounds:
            for match in rnd.matches:
                if match.decision is not None:
                    continue
                for index, game in enumerate(match.games):
                    if game.result is None:
                        continue
                    board = game.board or index + 1
                    for pid, white in ((game.white, True), (game.black, False)):
                        if not pid:
                            continue
                        other = game.black if white else game.white
                        rating = self.t.player(other).rating if other else None
                        outcome = game.result.outcome(white)
                        points = self.scoring.outcome_points(outcome)
                        played = game.result.is_played and game.result.is_rated
                        for tally in (
                            overall.setdefault(pid, _Tally()),
                            per_board.setdefault((board, pid), _Tally()),
                        ):
                            tally.add(outcome, points, played, rating)
        return overall, per_board

    def average(self, match: Match, white_team: bool) -> str:
        """The average rating the team fielded in the match (unrated left out)."""
        ratings = []
        for game in match.games:
            own_white = white_team_has_white(game, match, self.data.team_of) == white_team
            pid = game.white if own_white else game.black
            if pid and self.t.player(pid).rating is not None:
                ratings.append(self.t.player(pid).rating or 0)
        if not ratings:
            return ""
        return str(round_half_up(Fraction(sum(ratings), len(ratings))))

    def match_boards(self, match: Match) -> tuple[MatchBoard, ...]:
        return tuple(
            MatchBoard(
                board=game.board or i + 1,
                white=self.data.ref(game.white),
                result=text.result(game.result),
                black=self.data.ref(game.black),
            )
            for i, game in enumerate(match.games)
        )

    def team_row(self, team: Team) -> TeamRow:
        roster = []
        for index, pid in enumerate(team.roster):
            tally = self.tallies.get(pid, _Tally())
            roster.append(
                RosterRow(
                    board=index + 1,
                    player=self.data.refs[pid],
                    reserve=index >= self.boards,
                    games=tally.games,
                    points=text.points(tally.points),
                )
            )
        return TeamRow(
            team=self.data.team_refs[team.id],
            short_name=team.short_name,
            club=team.club,
            captain=team.captain,
            series=team.series,
            rating=str(team.rating) if team.rating is not None else self._rating(team),
            roster=tuple(roster),
        )

    def _rating(self, team: Team) -> str:
        """The Olympiad-rule rating: the best ``boards`` ratings of the roster (seed 000)."""
        unrated = self.t.settings.team.unrated_rating
        ratings = sorted(
            (self.t.player(pid).rating or unrated for pid in team.roster), reverse=True
        )[: self.boards]
        if not ratings:
            return ""
        return str(round_half_up(Fraction(sum(ratings), len(ratings))))

    @property
    def show_series(self) -> bool:
        return any(team.series for team in self.t.teams)

    # -- pages -------------------------------------------------------------------------------------

    def teams(self) -> Pages:
        rows = tuple(self.team_row(team) for team in self.data.teams)
        yield (
            "teams.html",
            TeamListPage(
                frame=self.frames("teams.html", "Teams"),
                teams=rows,
                boards=self.boards,
                show_series=self.show_series,
            ),
        )
        for team, row in zip(self.data.teams, rows, strict=True):
            yield self._card(team, row)

    def _card(self, team: Team, row: TeamRow) -> tuple[str, TeamCardPage]:
        lines = []
        for view in self.rounds[team.id]:
            lines.append(
                TeamRoundLine(
                    number=view.round,
                    opponent=self.data.team_refs[view.opponent] if view.opponent else None,
                    colour=("white" if view.white else "black") if view.opponent else "",
                    game_points=(
                        f"{text.points(view.game_points)}-{text.points(view.against)}"
                        if view.opponent
                        else text.points(view.game_points)
                    ),
                    match_points=(
                        text.points(view.match_points) if view.match_points is not None else ""
                    ),
                    note=self._note(view),
                    boards=self.match_boards(view.match) if view.match is not None else (),
                )
            )
        views = self.rounds[team.id][: self.data.last_decided]
        path = row.team.href
        return path, TeamCardPage(
            frame=self.frames(path, team.name),
            team=row,
            rounds=tuple(lines),
            match_points=text.points(
                sum((v.match_points or Fraction(0) for v in views), Fraction(0))
            ),
            game_points=text.points(sum((v.game_points for v in views), Fraction(0))),
        )

    def _note(self, view: TeamRound) -> str:
        if view.bye is not None:
            return (
                "absent"
                if view.opponent is None and view.bye.value == "zero"
                else text.BYE_TEXT[view.bye]
            )
        if view.match is not None and view.match.decision is not None:
            return _decision_text(view.match, self.data.team_refs)
        if view.match_points is None:
            return "running"
        return ""

    def round_pages(self) -> Pages:
        numbers = [r.number for r in self.data.rounds]
        for index, rnd in enumerate(self.data.rounds):
            n = rnd.number
            matches = []
            for i, match in enumerate(rnd.matches):
                score = score_match(match, self.scoring, self.boards, self.data.team_of)
                matches.append(
                    MatchRow(
                        number=match.number or i + 1,
                        white=self.data.team_refs[match.white],
                        black=self.data.team_refs[match.black],
                        game_points=f"{text.points(score.white_gp)}-{text.points(score.black_gp)}",
                        match_points=(
                            f"{text.points(score.white_mp)}-{text.points(score.black_mp)}"
                            if score.white_mp is not None and score.black_mp is not None
                            else ""
                        ),
                        white_average=self.average(match, True),
                        black_average=self.average(match, False),
                        decision=(
                            _decision_text(match, self.data.team_refs) if match.decision else ""
                        ),
                        boards=self.match_boards(match),
                    )
                )
            byes = tuple(
                ByeRow(
                    self.data.team_refs[b.participant].name,
                    self.data.team_refs[b.participant].href,
                    text.BYE_TEXT[b.kind],
                )
                for b in rnd.byes
                if b.participant in self.data.team_refs
            )
            path = round_file(n)
            yield (
                path,
                TeamRoundPage(
                    frame=self.frames(path, f"Round {n}"),
                    number=n,
                    date=_date(rnd.date or _planned_date(self.data, n)),
                    status=round_status(rnd).value,
                    matches=tuple(matches),
                    byes=byes,
                    previous=(
                        Link(round_file(numbers[index - 1]), f"Round {numbers[index - 1]}")
                        if index > 0
                        else None
                    ),
                    next=(
                        Link(round_file(numbers[index + 1]), f"Round {numbers[index + 1]}")
                        if index + 1 < len(numbers)
                        else None
                    ),
                ),
            )

    def standings_pages(self) -> Pages:
        last = self.data.last_decided
        links = tuple(Link(standings_file(r), str(r)) for r in range(1, last + 1))
        for after in range(1, last + 1):
            yield standings_file(after), self._standings(after, standings_file(after), links)
        if last:
            yield "standings.html", self._standings(last, "standings.html", links)

    def _standings(self, after: int, path: str, links: tuple[Link, ...]) -> TeamStandingsPage:
        lines = team_standings(self.t, after, self.data.team_numbers)
        latest: dict[str, str] = {}
        for rnd in self.data.rounds[:after]:
            for match in rnd.matches:
                latest[match.white] = self.average(match, True)
                latest[match.black] = self.average(match, False)
        team_by_id = {team.id: team for team in self.t.teams}
        rows = tuple(
            TeamStandingRow(
                rank=str(line.rank),
                team=self.data.team_refs[line.team],
                series=team_by_id[line.team].series,
                played=line.played,
                won=line.won,
                drawn=line.drawn,
                lost=line.lost,
                match_points=text.points(line.match_points),
                game_points=text.points(line.game_points),
                average=latest.get(line.team, ""),
            )
            for line in lines
        )
        primary = (
            "match points" if self.scoring.primary is PrimaryScore.MATCH_POINTS else "game points"
        )
        secondary = "game points" if primary == "match points" else "match points"
        last = self.t.round(after)
        final = (
            after >= self.t.planned_rounds > 0
            and last is not None
            and round_status(last).value == "done"
        )
        note = f"Ranked by {primary}, then {secondary}."
        if self.t.settings.tiebreaks:
            note += (
                " The team tie-breaks of the regulations ("
                + ", ".join(self.t.settings.tiebreaks)
                + ") are not computed by this version yet."
            )
        return TeamStandingsPage(
            frame=self.frames(
                path, f"{'Final standings' if final else 'Standings'} after round {after}"
            ),
            after=after,
            final=final,
            primary=primary,
            rows=rows,
            rounds=links,
            show_series=self.show_series,
            note=note,
        )

    def crosstable(self) -> Pages:
        after = self.data.last_decided
        if not after:
            return
        lines = team_standings(self.t, after, self.data.team_numbers)
        rank = {line.team: line.rank for line in lines}
        rows = []
        for line in lines:
            cells = []
            for view in self.rounds[line.team]:
                if view.opponent is None:
                    mark = "bye" if view.bye is not None and view.bye.value != "zero" else "–"
                    cells.append(Cell(mark, title=self._note(view) or "absent", css="bye"))
                    continue
                opponent = self.data.team_refs[view.opponent]
                colour = "w" if view.white else "b"
                score = text.points(view.game_points) if view.match_points is not None else ""
                css = ""
                if view.match_points is not None:
                    css = (
                        "win"
                        if view.game_points > view.against
                        else "draw"
                        if view.game_points == view.against
                        else "loss"
                    )
                cells.append(
                    Cell(
                        f"{rank[view.opponent]}{colour} {score}".rstrip(),
                        href=opponent.href,
                        title=f"round {view.round}: {opponent.name}, "
                        f"{text.points(view.game_points)}-{text.points(view.against)}",
                        css=css,
                    )
                )
            rows.append(
                TeamCrossRow(
                    rank=str(line.rank),
                    team=self.data.team_refs[line.team],
                    cells=tuple(cells),
                    match_points=text.points(line.match_points),
                    game_points=text.points(line.game_points),
                )
            )
        yield (
            "crosstable.html",
            TeamCrosstablePage(
                frame=self.frames("crosstable.html", "Team crosstable"),
                rounds=tuple(range(1, self.data.last_paired + 1)),
                rows=tuple(rows),
            ),
        )

    def board_stats(self) -> Pages:
        groups = []
        for board in range(1, self.boards + 1):
            entries = [(pid, tally) for (b, pid), tally in self.board_tallies.items() if b == board]
            entries.sort(
                key=lambda e: (-e[1].points, -e[1].games, *name_key(self.data.refs[e[0]].name))
            )
            rows = tuple(
                BoardStatRow(
                    player=self.data.refs[pid],
                    team=self._team_ref(pid),
                    games=tally.games,
                    points=text.points(tally.points),
                    percentage=tally.percentage,
                    performance=tally.performance,
                )
                for pid, tally in entries
            )
            groups.append(BoardGroup(board, rows))
        yield (
            "boards.html",
            BoardStatsPage(
                frame=self.frames("boards.html", "Board statistics"), boards=tuple(groups)
            ),
        )

    def _team_ref(self, pid: str) -> TeamRef | None:
        team_id = self.data.team_of.get(pid)
        return self.data.team_refs[team_id] if team_id is not None else None

    def individual(self) -> Pages:
        """The individual ranking: points, percentage, rating, name (seed 000)."""
        series = sorted({team.series for team in self.t.teams if team.series})
        series_links = tuple(Link(f"individual-{text.slug(s.lower())}.html", s) for s in series)
        pages = [("", "individual.html")]
        pages += [(s, link.href) for s, link in zip(series, series_links, strict=True)]
        for current, path in pages:
            yield path, self._individual(path, current, series_links)

    def _individual(self, path: str, current: str, series: tuple[Link, ...]) -> IndividualPage:
        team_by_id = {team.id: team for team in self.t.teams}
        entries = []
        for pid, tally in self.tallies.items():
            if tally.games == 0:
                continue
            team_id = self.data.team_of.get(pid)
            team_series = team_by_id[team_id].series if team_id is not None else ""
            if current and team_series != current:
                continue
            pct = Fraction(tally.points) / tally.boards if tally.boards else Fraction(0)
            rating = self.t.player(pid).rating or 0
            entries.append((pid, tally, pct, rating, team_series))
        entries.sort(
            key=lambda e: (-e[1].points, -e[2], -e[3], *name_key(self.data.refs[e[0]].name))
        )
        rows: list[IndividualRow] = []
        for index, (pid, tally, pct, _rating, team_series) in enumerate(entries):
            rank = index + 1
            if rows and (entries[index - 1][1].points, entries[index - 1][2]) == (
                tally.points,
                pct,
            ):
                rank = int(rows[-1].rank)
            rows.append(
                IndividualRow(
                    rank=str(rank),
                    player=self.data.refs[pid],
                    team=self._team_ref(pid),
                    series=team_series,
                    games=tally.games,
                    points=text.points(tally.points),
                    percentage=tally.percentage,
                )
            )
        title = f"Individual ranking: {current}" if current else "Individual ranking"
        return IndividualPage(
            frame=self.frames(path, title),
            rows=tuple(rows),
            series=series,
            current=current,
        )


def _decision_text(match: Match, refs: Mapping[str, TeamRef]) -> str:
    if match.decision is MatchDecision.NEITHER:
        return "double forfeit: both teams lose"
    winner = match.white if match.decision is MatchDecision.WHITE_TEAM else match.black
    return f"forfeited as a whole, awarded to {refs[winner].name}"
