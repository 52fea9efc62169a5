"""The pages of a team event: teams, matches per round, team standings, crosstable,
board statistics and the individual ranking (docs/teams.md, "Team tournaments").

Everything is computed by the engine: match and game points by
``tourney.engine.teams.scores`` (a match against a team out of the round counts as
forfeited, as there), the ranking with the team tie-breaks by
``tourney.engine.teams.standings``, board statistics and the individual ranking by
``tourney.engine.teams.board_stats`` (a decided match counts on the boards it seated),
and the average rating fielded by ``tourney.engine.teams.lineups`` (unrated players
and players who lost by forfeit left out). A round's boards of no team (added by
hand, fitting no match) are listed on its page apart from the matches.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from tourney.engine.pairing.berger import round_status
from tourney.engine.rounding import round_half_up
from tourney.engine.teams.board_stats import Line
from tourney.engine.teams.lineups import fielded_average, latest_fielded_average
from tourney.engine.teams.rating import TeamRating
from tourney.engine.teams.scores import (
    MatchKind,
    TeamRound,
    forfeit_if_out,
    match_result,
    teams_out,
)
from tourney.engine.tiebreaks import lookup
from tourney.i18n import N_, pgettext
from tourney.i18n import gettext as _
from tourney.model import ByeKind, Colour, Game, Match, MatchDecision, Outcome, PrimaryScore, Team
from tourney.render import text
from tourney.render.explain import explain_round
from tourney.render.schedule import round_start_text
from tourney.render.site.event import EventData, Frames, neighbours
from tourney.render.site.individual import latest_tab, round_file, standings_file
from tourney.render.site.venues import card_when_where, match_where, next_match_line
from tourney.render.team_order import shown_tiebreaks, team_boards, tiebreak_columns
from tourney.render.views import (
    BoardGroup,
    BoardStatRow,
    BoardStatsPage,
    ByeRow,
    Cell,
    CompositionPage,
    CompositionRow,
    CompositionTable,
    IndividualPage,
    IndividualRow,
    Link,
    MatchBoard,
    MatchRow,
    RosterRow,
    TeamBoard,
    TeamCardPage,
    TeamCrossRow,
    TeamCrosstablePage,
    TeamGridPage,
    TeamGridRow,
    TeamListPage,
    TeamRef,
    TeamRoundLine,
    TeamRoundPage,
    TeamRow,
    TeamStandingRow,
    TeamStandingsPage,
)

Pages = Iterator[tuple[str, object]]

NO_TEAM_NOTE = N_(
    "Added by hand, these boards fit no match of the round (its teams, the colours or "
    "the board order): they count for no team, only in the players' own results, until "
    "they are made boards of their match."
)


@dataclass(frozen=True, slots=True)
class _Score:
    """A match added up: game points so far, match points once every board has a result."""

    match: Match  # as it counts: forfeited as a whole against a team out of the round
    white_gp: Fraction
    black_gp: Fraction
    white_mp: Fraction | None
    black_mp: Fraction | None


def _average(value: Fraction | None) -> str:
    return "" if value is None else str(round_half_up(value))


def _percentage(line: Line) -> str:
    return text.decimal(line.percentage, 1) if line.percentage is not None else ""


def _performance(line: Line) -> str:
    return "" if line.performance is None else str(line.performance)


class TeamPages:
    """Builds the team pages of one team event."""

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

    # -- helpers ---------------------------------------------------------------------------

    def _score(self, number: int, paired: Match) -> _Score:
        """The engine's result of a match, or the game points of its decided boards so far."""
        match = forfeit_if_out(paired, teams_out(self.t, number))
        team_of = self.data.team_of
        result = match_result(match, self.scoring, self.boards, team_of)
        if result is not None:
            return _Score(
                match,
                result.white_game_points,
                result.black_game_points,
                result.white_match_points,
                result.black_match_points,
            )
        decided = replace(match, games=tuple(g for g in match.games if g.result is not None))
        so_far = match_result(decided, self.scoring, self.boards, team_of)
        if so_far is None:  # pragma: no cover - every board of ``decided`` has a result
            return _Score(match, Fraction(0), Fraction(0), None, None)
        return _Score(match, so_far.white_game_points, so_far.black_game_points, None, None)

    def _match_of(self, view: TeamRound) -> tuple[int, Match] | None:
        rnd = self.t.round(view.round)
        if rnd is None or view.opponent is None:
            return None
        for index, match in enumerate(rnd.matches):
            if view.team in (match.white, match.black):
                return index, match
        return None

    def average(self, match: Match, white_team: bool) -> str:
        """The average rating the team fielded in the match (docs/teams.md; unrated left out)."""
        return _average(fielded_average(self.t, match, match.white if white_team else match.black))

    def match_boards(self, match: Match, first: str | None = None) -> tuple[TeamBoard, ...]:
        """The boards in team order: team ``first`` (default: the first-named) first."""
        return team_boards(match, first or match.white, self.data.ref, self.data.team_of)

    def _boards(self, games: tuple[Game, ...]) -> tuple[MatchBoard, ...]:
        return tuple(
            MatchBoard(
                board=game.board or i + 1,
                white=self.data.ref(game.white),
                result=text.result(game.result),
                black=self.data.ref(game.black),
            )
            for i, game in enumerate(games)
        )

    def _composition_cells(self) -> dict[str, dict[int, Cell]]:
        """player -> round -> the cell of the board they played (team order, own side)."""
        found: dict[str, dict[int, Cell]] = {}
        for rnd in self.data.rounds:
            for index in range(len(rnd.matches)):
                match = self.scores[(rnd.number, index)].match
                for own, other in ((match.white, match.black), (match.black, match.white)):
                    opponent = self.data.team_refs[other].name
                    for b in self.match_boards(match, own):
                        if b.first is None:
                            continue
                        colour = _("White") if b.first_colour == "W" else _("Black")
                        against = (
                            text.person(b.second.name, b.second.title)
                            if b.second
                            else _("no player")
                        )
                        title = _(
                            "round {number}, board {board}, {colour} v {against} ({team})"
                        ).format(
                            number=rnd.number,
                            board=b.board,
                            colour=colour,
                            against=against,
                            team=opponent,
                        )
                        score = _own_score(b.result)
                        found.setdefault(b.first.id, {})[rnd.number] = Cell(
                            score,
                            title=title
                            if score
                            else _("{title}: no result yet").format(title=title),
                            css=_SCORE_CSS.get(score, ""),
                        )
        return found

    def composition_table(
        self, team: Team, cells: Mapping[str, Mapping[int, Cell]]
    ) -> CompositionTable:
        numbers = [rnd.number for rnd in self.data.rounds]
        rows = tuple(
            CompositionRow(
                board=index + 1,
                player=self.data.refs[pid],
                reserve=index >= self.boards,
                cells=tuple(cells.get(pid, {}).get(n, _NOT_FIELDED) for n in numbers),
                games=self.games.get(pid, 0),
                points=text.points(self.points.get(pid, Fraction(0))),
            )
            for index, pid in enumerate(team.roster)
        )
        return CompositionTable(self.data.team_refs[team.id], rows)

    def composition(self) -> Pages:
        """composition.html: each team's roster by rounds (issue 20, chess-results' team page)."""
        cells = self._composition_cells()
        yield (
            "composition.html",
            CompositionPage(
                frame=self.frames("composition.html", _("Team compositions")),
                rounds=tuple(rnd.number for rnd in self.data.rounds),
                teams=tuple(self.composition_table(team, cells) for team in self.data.teams),
            ),
        )

    def team_row(self, team: Team) -> TeamRow:
        roster = tuple(
            RosterRow(
                board=index + 1,
                player=self.data.refs[pid],
                reserve=index >= self.boards,
                games=self.games.get(pid, 0),
                points=text.points(self.points.get(pid, Fraction(0))),
            )
            for index, pid in enumerate(team.roster)
        )
        rating = self.ratings[team.id].rounded
        return TeamRow(
            team=self.data.team_refs[team.id],
            short_name=team.short_name,
            club=team.club,
            captain=team.captain,
            series=team.series,
            rating="" if rating is None else str(rating),
            roster=roster,
            withdrawn=_withdrawn(team),
        )

    @property
    def show_series(self) -> bool:
        return any(team.series for team in self.t.teams)

    # -- pages -------------------------------------------------------------------------------------

    def teams(self) -> Pages:
        rows = tuple(self.team_row(team) for team in self.data.teams)
        yield (
            "teams.html",
            TeamListPage(
                frame=self.frames("teams.html", _("Teams")),
                teams=rows,
                boards=self.boards,
                show_series=self.show_series,
            ),
        )
        cells = self._composition_cells()
        for team, row in zip(self.data.teams, rows, strict=True):
            yield self._card(team, row, self.composition_table(team, cells))

    def _card(
        self, team: Team, row: TeamRow, composition: CompositionTable
    ) -> tuple[str, TeamCardPage]:
        lines = []
        for view in self.rounds[team.id]:
            found = self._match_of(view)
            score = self.scores[(view.round, found[0])] if found is not None else None
            paired = found[1] if found is not None else None
            when, venue = card_when_where(self.data, view.round, paired)
            game_points = text.points(view.game_points)
            match_points = text.points(view.match_points)
            if score is not None:
                own_white = score.match.white == team.id
                mine, theirs = (
                    (score.white_gp, score.black_gp)
                    if own_white
                    else (score.black_gp, score.white_gp)
                )
                game_points = _game_points(score, mine, theirs)
                own_mp = score.white_mp if own_white else score.black_mp
                match_points = "" if own_mp is None else text.points(own_mp)
            lines.append(
                TeamRoundLine(
                    number=view.round,
                    opponent=self.data.team_refs[view.opponent] if view.opponent else None,
                    colour=str(view.colour) if view.opponent and view.colour else "",
                    game_points=game_points,
                    match_points=match_points,
                    note=self._note(view, score),
                    boards=self.match_boards(score.match, team.id) if score is not None else (),
                    when=when,
                    venue=venue,
                )
            )
        views = self.rounds[team.id][: self.data.last_decided]
        path = row.team.href
        return path, TeamCardPage(
            frame=self.frames(path, team.name),
            team=row,
            rounds=tuple(lines),
            match_points=text.points(sum((v.match_points for v in views), Fraction(0))),
            game_points=text.points(sum((v.game_points for v in views), Fraction(0))),
            composition=composition,
            round_numbers=tuple(rnd.number for rnd in self.data.rounds),
            next_match=next_match_line(self.data, team.id),
        )

    def _note(self, view: TeamRound, score: _Score | None = None) -> str:
        if view.bye is not None:
            return _("absent") if view.bye is ByeKind.ZERO else text.BYE_TEXT[view.bye]
        if view.kind is MatchKind.ANNULLED:
            return _("annulled: a team withdrew (FIDE General Regulations 6.6)")
        if score is not None and score.match.decision is not None:
            return _decision_text(score.match, self.data.team_refs)
        if view.opponent is None:
            return _("absent")
        if score is not None and score.white_mp is None:
            started = any(game.result is not None for game in score.match.games)
            return _("running") if started else _("not played yet")
        return ""

    def round_pages(self) -> Pages:
        numbers = [r.number for r in self.data.rounds]
        for index, rnd in enumerate(self.data.rounds):
            n = rnd.number
            matches = []
            for i, paired in enumerate(rnd.matches):
                score = self.scores[(n, i)]
                match = score.match
                where = match_where(self.data, n, paired)
                matches.append(
                    MatchRow(
                        number=match.number or i + 1,
                        white=self.data.team_refs[match.white],
                        black=self.data.team_refs[match.black],
                        game_points=_game_points(score, score.white_gp, score.black_gp),
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
                        boards=self.match_boards(paired),
                        venue=where[0],
                        moved=where[1],
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
                    frame=self.frames(path, _("Round {number}").format(number=n)),
                    number=n,
                    date=round_start_text(self.data.tournament, n, weekday=True),
                    status=round_status(rnd).value,
                    matches=tuple(matches),
                    byes=byes,
                    previous=neighbours(numbers, index, round_file)[0],
                    next=neighbours(numbers, index, round_file)[1],
                    why=explain_round(self.data.tournament, n),
                    no_team=self._boards(rnd.games),
                    no_team_note=_(NO_TEAM_NOTE) if rnd.games else "",
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
        ranked = self.data.evaluation.team_standings(after)
        tiebreaks = ranked.standings.tiebreaks
        shown = shown_tiebreaks(ranked.standings.codes, ranked.standings.valued())
        places = {i: lookup(tiebreaks[i]).decimals for i in shown}
        rows = tuple(
            TeamStandingRow(
                rank=str(line.rank),
                team=self.data.team_refs[line.team],
                series=line.series,
                played=line.matches,
                won=line.won,
                drawn=line.drawn,
                lost=line.lost,
                match_points=text.points(line.match_points),
                game_points=text.points(line.game_points),
                average=_average(latest_fielded_average(self.t, line.team, after)),
                values=tuple(text.decimal(line.row.values[i], places[i]) for i in shown),
                note=_withdrawn(self.t.team(line.team), after),
            )
            for line in ranked.rows
        )
        primary = (
            _("match points")
            if self.scoring.primary is PrimaryScore.MATCH_POINTS
            else _("game points")
        )
        last = self.t.round(after)
        final = (
            after >= self.t.planned_rounds > 0
            and last is not None
            and round_status(last).value == "done"
        )
        codes = [str(d) for d in ranked.standings.tiebreaks]
        note = _("Ranked by {score}").format(score=primary) + (
            _(", then the tie-breaks {codes}.").format(codes=", ".join(codes)) if codes else "."
        )
        return TeamStandingsPage(
            frame=self.frames(
                path,
                (
                    _("Final standings after round {number}")
                    if final
                    else _("Standings after round {number}")
                ).format(number=after),
                latest_tab(path, final),
            ),
            after=after,
            final=final,
            primary=primary,
            rows=rows,
            rounds=links,
            show_series=ranked.has_series,
            note=note,
            columns=tiebreak_columns(tiebreaks, shown),
        )

    def crosstable(self) -> Pages:
        after = self.data.last_decided
        if not after:
            return
        ranked = self.data.evaluation.team_standings(after)
        rank = {line.team: line.rank for line in ranked.rows}
        rows = []
        for line in ranked.rows:
            cells = []
            for view in self.rounds[line.team]:
                if view.opponent is None:
                    mark = (
                        pgettext("crosstable", "bye")
                        if view.bye is not None and view.bye is not ByeKind.ZERO
                        else "–"
                    )
                    cells.append(Cell(mark, title=self._note(view) or _("absent"), css="bye"))
                    continue
                found = self._match_of(view)
                score = self.scores[(view.round, found[0])] if found is not None else None
                opponent = self.data.team_refs[view.opponent]
                white = view.colour is not None and view.colour.value == "white"
                colour = text.colour_letter(Colour.WHITE if white else Colour.BLACK)
                decided = score is not None and score.white_mp is not None
                own_white = score is not None and score.match.white == line.team
                mine = theirs = Fraction(0)
                if score is not None:
                    mine, theirs = (
                        (score.white_gp, score.black_gp)
                        if own_white
                        else (score.black_gp, score.white_gp)
                    )
                css = ""
                if decided:
                    css = _OUTCOME_CSS.get(view.outcome, "loss") if view.outcome else ""
                cells.append(
                    Cell(
                        f"{rank[view.opponent]}{colour} {text.points(mine) if decided else ''}".rstrip(),
                        href=opponent.href,
                        title=_("round {number}: {opponent}, {score}").format(
                            number=view.round,
                            opponent=opponent.name,
                            score=f"{text.points(mine)}-{text.points(theirs)}",
                        ),
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
                frame=self.frames("crosstable.html", _("Team crosstable")),
                rounds=tuple(range(1, self.data.last_paired + 1)),
                rows=tuple(rows),
                grid=self.t.settings.format.is_round_robin,
            ),
        )

    def grid(self) -> Pages:
        """crosstable-start.html of a team round robin: a row and a column per team in
        number order (the Berger numbers of C.05 Annex 1), a cell per cycle holding the
        row team's game points against the column's."""
        after = self.data.last_decided
        if not after or not self.t.settings.format.is_round_robin:
            return
        ranked = self.data.evaluation.team_standings(after)
        lines = {line.team: line for line in ranked.rows}
        order = sorted(self.data.teams, key=lambda team: self.data.team_refs[team.id].start)
        cycles = max(self.t.settings.cycles, 1)
        rows = []
        for team in order:
            met: dict[str, list[Cell]] = {}
            for view in self.rounds[team.id]:
                if view.opponent is None:
                    continue
                met.setdefault(view.opponent, []).append(self._grid_cell(view))
            cells: list[Cell] = []
            for other in order:
                if other.id == team.id:
                    cells += [Cell("×", css="self")] * cycles
                    continue
                found = met.get(other.id, [])
                cells += found[:cycles] + [Cell("", title=_("not met yet"))] * (cycles - len(found))
            line = lines[team.id]
            rows.append(
                TeamGridRow(
                    rank=str(line.rank),
                    team=self.data.team_refs[team.id],
                    cells=tuple(cells),
                    match_points=text.points(line.match_points),
                    game_points=text.points(line.game_points),
                )
            )
        yield (
            "crosstable-start.html",
            TeamGridPage(
                frame=self.frames("crosstable-start.html", _("Team round-robin table")),
                numbers=tuple(self.data.team_refs[team.id].start for team in order),
                cycles=cycles,
                rows=tuple(rows),
            ),
        )

    def _grid_cell(self, view: TeamRound) -> Cell:
        """The row team's game points in one match, from its side, while its boards go on."""
        assert view.opponent is not None
        found = self._match_of(view)
        score = self.scores[(view.round, found[0])] if found is not None else None
        colour = (
            _("white") if view.colour is not None and view.colour.value == "white" else _("black")
        )
        name = self.data.team_refs[view.opponent].name
        base = _("round {number}, {colour} on board 1, v {team}").format(
            number=view.round, colour=colour, team=name
        )
        if score is None or view.kind is MatchKind.ANNULLED:
            return Cell("", title=f"{base}: {self._note(view) or _('no result')}", css="bye")
        own_white = score.match.white == view.team
        mine, theirs = (
            (score.white_gp, score.black_gp) if own_white else (score.black_gp, score.white_gp)
        )
        shown = _game_points(score, mine, theirs)
        if score.white_mp is None:
            return Cell("", title=_("{what}: running, {score}").format(what=base, score=shown))
        css = _OUTCOME_CSS.get(view.outcome, "loss") if view.outcome else ""
        return Cell(text.points(mine), title=f"{base}: {shown}", css=css)

    def board_stats(self) -> Pages:
        groups = []
        for table in self.data.evaluation.board_statistics():
            if table.board > self.boards and not table.lines:
                continue
            rows = tuple(
                BoardStatRow(
                    player=self.data.refs[line.player],
                    team=self._team_ref(line.player),
                    games=line.games,
                    points=text.points(line.points),
                    percentage=_percentage(line),
                    performance=_performance(line),
                )
                for line in table.lines
            )
            groups.append(BoardGroup(table.board, rows))
        yield (
            "boards.html",
            BoardStatsPage(
                frame=self.frames("boards.html", _("Board statistics")), boards=tuple(groups)
            ),
        )

    def _team_ref(self, pid: str) -> TeamRef | None:
        team_id = self.data.team_of.get(pid)
        return self.data.team_refs[team_id] if team_id is not None else None

    def individual(self) -> Pages:
        """The individual ranking: points, percentage, rating, name (docs/teams.md)."""
        series = sorted({team.series for team in self.t.teams if team.series})
        series_links = tuple(Link(f"individual-{text.slug(s.lower())}.html", s) for s in series)
        pages = [("", "individual.html")]
        pages += [(s, link.href) for s, link in zip(series, series_links, strict=True)]
        for current, path in pages:
            yield path, self._individual(path, current, series_links)

    def _individual(self, path: str, current: str, series: tuple[Link, ...]) -> IndividualPage:
        rows = tuple(
            IndividualRow(
                rank=str(line.rank),
                player=self.data.refs[line.player],
                team=self._team_ref(line.player),
                series=line.series,
                games=line.games,
                points=text.points(line.points),
                percentage=_percentage(line),
            )
            for line in self.data.evaluation.individual_ranking(None, current or None)
        )
        title = (
            _("Individual ranking: {series}").format(series=current)
            if current
            else _("Individual ranking")
        )
        return IndividualPage(
            frame=self.frames(path, title),
            rows=rows,
            series=series,
            current=current,
        )


_OUTCOME_CSS = {
    Outcome.WIN: "win",
    Outcome.FORFEIT_WIN: "win",
    Outcome.DRAW: "draw",
}


_SCORE_CSS = {"1": "win", "+": "win", "½": "draw", "0": "loss", "-": "loss"}
_NOT_FIELDED = Cell("")


def _own_score(result: str) -> str:
    """A player's score from a board result read from their side: "1-0" -> "1", "+/-" -> "+"."""
    if not result:
        return ""
    return result[0] if "/" in result else result.split("-")[0]


def _game_points(score: _Score, mine: Fraction, theirs: Fraction) -> str:
    """ "2½-1½" from one side; "–" before any board (or the match as a whole) has a result."""
    started = (
        score.white_mp is not None
        or score.match.decision is not None
        or any(game.result is not None for game in score.match.games)
    )
    return f"{text.points(mine)}-{text.points(theirs)}" if started else "–"


def _withdrawn(team: Team, after: int | None = None) -> str:
    """ "withdrawn after round 4" for a team that withdrew (in standings: after a later
    round only), "" otherwise."""
    gone = team.withdrawn_after
    if gone is None or (after is not None and gone >= after):
        return ""
    return _("withdrawn after round {number}").format(number=gone)


def _decision_text(match: Match, refs: Mapping[str, TeamRef]) -> str:
    if match.decision is MatchDecision.NEITHER:
        return _("double forfeit: both teams lose")
    winner = match.white if match.decision is MatchDecision.WHITE_TEAM else match.black
    return _("forfeited as a whole, awarded to {team}").format(team=refs[winner].name)
