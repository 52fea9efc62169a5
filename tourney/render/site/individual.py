"""The pages about players: lists, pairings, standings, crosstables, cards, tie-breaks.

Standings and tie-breaks come from ``tourney.engine.standings`` (FIDE C.07,
with the working of every value); each round's view of a player from
``tourney.engine.scores``; the performance is C.07 10.2's TPR. This module
only arranges them into the view models of ``tourney.render.views``.

In an individual round robin, withdrawals follow FIDE General Regulations
6.6 (``tourney.engine.withdrawals``): round pages, crosstables and standings
mark annulled games and derived forfeits, and ``crosstable-start.html`` is the
table by Berger number (``tourney.render.site.round_robin``).
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from fractions import Fraction
from functools import cached_property
from typing import TypeVar

from tourney.engine.double_games import match_points
from tourney.engine.evaluation import Evaluation
from tourney.engine.scores import RoundView, ScoreTable
from tourney.engine.standings import Standings
from tourney.engine.tiebreaks import Value, lookup, parse_descriptor
from tourney.engine.withdrawals import RULE, MarkedGame, Withdrawals, applies
from tourney.i18n import gettext as _
from tourney.i18n import pgettext
from tourney.model import Colour, Format, Game, Outcome
from tourney.render import text
from tourney.render.explain import explain_round
from tourney.render.schedule import round_start_text
from tourney.render.site.categories import categories
from tourney.render.site.categories import note as category_note
from tourney.render.site.charts import rank_chart
from tourney.render.site.club_ratings import member_file
from tourney.render.site.event import EventData, Frames, neighbours
from tourney.render.site.games import game_links
from tourney.render.site.keizer import keizer_workings
from tourney.render.site.now import next_game
from tourney.render.site.round_robin import (
    CrosstableWithNotes,
    GridRowView,
    RoundRobinCrosstablePage,
    StandingsWithNotes,
    board_result,
    grid_cells,
    marked_title,
    withdrawal_notes,
)
from tourney.render.tiebreak_text import tiebreak_name
from tourney.render.views import (
    AlphaPairingRow,
    BoardRow,
    ByeRow,
    CardRound,
    CategoriesPage,
    CategoryRow,
    Cell,
    Column,
    CrossRow,
    Fact,
    FideChangeRow,
    FideChangesPage,
    Link,
    PlayerCardPage,
    PlayerListPage,
    PlayerRef,
    PlayerRow,
    RoundAlphaPage,
    RoundPage,
    StandingRow,
    StandingsPage,
    TeamRef,
    TiebreakRow,
    TiebreaksPage,
    Working,
    WorkingStep,
)
from tourney.render.working_text import working_text

Pages = Iterator[tuple[str, object]]

OUTCOME_CSS = {
    Outcome.WIN: "win",
    Outcome.FORFEIT_WIN: "win",
    Outcome.DRAW: "draw",
    Outcome.LOSS: "loss",
    Outcome.FORFEIT_LOSS: "loss",
    Outcome.NO_CONTEST: "loss",
}

T = TypeVar("T")


def round_file(number: int, suffix: str = "") -> str:
    return f"round-{number:02d}{suffix}.html"


def standings_file(after: int) -> str:
    return f"standings-{after:02d}.html"


def latest_tab(path: str, final: bool) -> str:
    """The <title> of standings.html, which shows the same table as the latest
    standings-NN.html: "Standings" (or "Final standings") keeps each title unique."""
    if path != "standings.html":
        return ""
    return _("Final standings") if final else _("Standings")


def anchor(code: str) -> str:
    """The id of a tie-break's working on a player card: BH/C1 -> tb-BH-C1."""
    return "tb-" + "".join(c if c.isalnum() else "-" for c in code)


class RowMemo:
    """Standings rows by the tie-break context they come from, kept by the renderer
    (never in the engine's cache): a rebuild in the same process (``tourney serve``)
    whose evaluation took over a round's context (``evaluate(t, previous)``) takes
    that round's rows over too. Each entry holds a weak reference to its context: it is
    only found for the very object it was made from, and goes when the engine lets that
    context go."""

    def __init__(self, before: RowMemo | None = None) -> None:
        # the last build's (or, when it made none, what it was handed)
        self.before: dict[tuple[int, object], tuple[weakref.ref[object], object]] = (
            (before.now or before.before) if before is not None else {}
        )
        self.now: dict[tuple[int, object], tuple[weakref.ref[object], object]] = {}

    def get(self, context: object, key: object, make: Callable[[], T]) -> T:
        at = (id(context), key)
        found = self.now.get(at) or self.before.get(at)
        rows = found[1] if found is not None and found[0]() is context else make()
        if at not in self.now or self.now[at][0]() is not context:
            # A weak reference: the engine bounds the contexts it holds (HELD_CONTEXTS),
            # and rows kept here for every round would hold players x rounds^2 again.
            ref = weakref.ref(context, functools.partial(_forget, self.now, at))
            self.now[at] = (ref, rows)
        return rows  # type: ignore[return-value]


def _forget(
    memo: dict[tuple[int, object], tuple[weakref.ref[object], object]],
    at: tuple[int, object],
    _: object,
) -> None:
    memo.pop(at, None)


class PlayerPages:
    """Builds the player pages of one tournament (individual or team event)."""

    def __init__(
        self,
        data: EventData,
        frames: Frames,
        members: frozenset[str] = frozenset(),
        rows: RowMemo | None = None,
    ) -> None:
        self.data = data
        self.frames = frames
        self.rows = rows if rows is not None else RowMemo()
        # In a club folder with ratings: the members who have a page (members/ID.html).
        self.members = members
        self._boards: dict[int, dict[str, str]] = {}
        self._codes: dict[object, tuple[tuple[str, int | None, str], ...]] = {}
        # the shown columns of each standings (held with it, so its id stays its own)
        self._kept: dict[int, tuple[Standings, tuple[int, ...]]] = {}

    # -- standings, cached per round ------------------------------------------------------

    def withdrawn_note(self, pid: str, after: int) -> str:
        """ "withdrawn after round 4" in standings after a later round; "" otherwise."""
        gone = self.data.tournament.player(pid).withdrawn_after
        return (
            _("withdrawn after round {number}").format(number=gone)
            if gone is not None and gone < after
            else ""
        )

    def score_text(self, value: Fraction) -> str:
        """A standings score: game points as "3½"; a Keizer score as a decimal rounded
        half up to two places, "70.17" (docs/keizer.md, "Rounding"), as everywhere else."""
        if self.data.tournament.settings.format is Format.KEIZER:
            return text.decimal(value)
        return text.points(value)

    def standings(self, after: int) -> Standings:
        return self.data.evaluation.standings(after)

    def performance(self, after: int) -> Mapping[str, Value]:
        return self.data.evaluation.values(after, "TPR")

    # -- withdrawals from a round robin (FIDE General Regulations 6.6) ---------------------

    @property
    def marks(self) -> Withdrawals:
        return self.data.evaluation.withdrawals

    @property
    def counted_table(self) -> ScoreTable:
        """Every player's rounds as the standings count them (derived forfeits filled in)."""
        return self.data.evaluation.counted_table()

    @cached_property
    def notes(self) -> tuple[str, ...]:
        return withdrawal_notes(self.marks, self.data.refs)

    def rank_text(self, result: Standings, pid: str) -> str:
        """The rank as printed; "–" for a player whose results are annulled (GR 6.6)."""
        return "–" if pid in result.annulled else str(result.row(pid).rank)

    def status(self, number: int) -> str:
        return round_status_text(self.data.evaluation, number)

    def kept(self, result: Standings) -> tuple[int, ...]:
        """The tie-break columns a standings table shows: those with a value in some row.

        A column no row has a value in (DE where no tie reached it, a rating-based
        code with unrated players, C.07 10) is left out rather than shown empty.
        """
        found = self._kept.get(id(result))
        if found is None or found[0] is not result:
            if len(self._kept) >= 8:  # the standings of a few rounds, not all of them
                self._kept.clear()
            found = self._kept[id(result)] = (result, result.valued())
        return found[1]

    @staticmethod
    def shows_performance(tpr: Mapping[str, Value]) -> bool:
        """The TPR column only when some player has one (C.07 10: none with unrated players)."""
        return any(value.value is not None for value in tpr.values())

    def columns(self, result: Standings, every: bool = False) -> tuple[Column, ...]:
        """The columns of the tie-breaks (``every``: also those without a value)."""
        shown = range(len(result.tiebreaks)) if every else self.kept(result)
        return tuple(
            Column(str(d), tiebreak_name(d), lookup(d).article)
            for i, d in enumerate(result.tiebreaks)
            if i in shown
        )

    def value_cells(
        self, result: Standings, pid: str, link: bool, every: bool = False
    ) -> tuple[Cell, ...]:
        cells = self._value_cells(result, pid, link)
        if every:
            return cells
        return tuple(cells[i] for i in self.kept(result))

    def _value_cells(self, result: Standings, pid: str, link: bool) -> tuple[Cell, ...]:
        row = result.row(pid)
        href = self.data.refs[pid].href
        codes = self._codes.get(result.tiebreaks)
        if codes is None:  # looked up once per build: a standings page asks 400 times
            codes = self._codes[result.tiebreaks] = tuple(
                (str(d), lookup(d).decimals, anchor(str(d))) for d in result.tiebreaks
            )
        cells = []
        for (code, decimals, fragment), value in zip(codes, row.working, strict=True):
            cells.append(
                Cell(
                    text.decimal(value.value, decimals),
                    href=f"{href}#{fragment}" if link else "",
                    title=f"{code}: {working_text(value.note)}" if value.note else code,
                )
            )
        return tuple(cells)

    # -- lists ---------------------------------------------------------------------------

    def player_row(self, pid: str) -> PlayerRow:
        player = self.data.tournament.player(pid)
        team_id = self.data.team_of.get(pid)
        board = 0
        if team_id is not None:
            board = self.data.tournament.team(team_id).roster.index(pid) + 1
        return PlayerRow(
            player=self.data.refs[pid],
            club=player.club,
            fide_id=player.fide_id,
            fide_url=text.fide_profile(player.fide_id),
            team=self.data.team_refs[team_id] if team_id is not None else None,
            board=board,
            status=status_text(self.data, pid),
        )

    def lists(self) -> Pages:
        show_club = any(p.club for p in self.data.tournament.players)
        show_team = self.data.tournament.is_team
        for path, order, caption, other in (
            ("players.html", self.data.by_start, _("Starting rank list"), "players-alpha.html"),
            ("players-alpha.html", self.data.by_name, _("Players by name"), "players.html"),
        ):
            yield (
                path,
                PlayerListPage(
                    frame=self.frames(path, caption),
                    caption=caption,
                    rows=tuple(self.player_row(p.id) for p in order),
                    other=Link(
                        other,
                        _("by name") if other == "players-alpha.html" else _("by starting rank"),
                    ),
                    show_club=show_club,
                    show_team=show_team,
                ),
            )

    # -- rounds (individual events) ------------------------------------------------------------

    def _board_result(self, number: int, game: Game) -> str:
        """The board's result; a Double-Swiss match's score and both games (C.04.5)."""
        if not game.double:
            return board_result(game, self.marks.marked(number, game))
        scoring = self.data.tournament.settings.scoring
        return text.match_result(
            match_points(game, game.white, scoring),
            match_points(game, game.black, scoring),
            game.result,
            game.second,
        )

    def rounds(self) -> Pages:
        data = self.data
        numbers = [r.number for r in data.rounds]
        games = game_links(data)
        for rnd in data.rounds:
            n = rnd.number
            before = self._points_before(n)
            boards = tuple(
                BoardRow(
                    board=game.board or i + 1,
                    white=data.ref(game.white),
                    white_points=text.points(before.get(game.white, Fraction(0))),
                    result=self._board_result(n, game),
                    black=data.ref(game.black),
                    black_points=text.points(before.get(game.black, Fraction(0))),
                    game=games.get((n, game.board or i + 1), ""),
                )
                for i, game in enumerate(rnd.games)
            )
            path = round_file(n)
            index = numbers.index(n)
            yield (
                path,
                RoundPage(
                    frame=self.frames(path, _("Round {number}").format(number=n)),
                    number=n,
                    date=round_start_text(data.tournament, n, weekday=True),
                    status=self.status(n),
                    boards=boards,
                    byes=self.byes(n),
                    alpha=Link(round_file(n, "-alpha"), _("by name")),
                    previous=neighbours(numbers, index, round_file)[0],
                    next=neighbours(numbers, index, round_file)[1],
                    why=explain_round(data.tournament, n),
                ),
            )
            yield self._alpha(n)

    def _points_before(self, number: int) -> dict[str, Fraction]:
        table = self.data.table
        return {
            pid: sum((v.points for v in views[: number - 1]), Fraction(0))
            for pid, views in table.views.items()
        }

    def byes(self, number: int) -> tuple[ByeRow, ...]:
        """Byes and absences of a round, by starting number."""
        rows = []
        for player in self.data.by_start:
            view = self.data.table.round_view(player.id, number)
            if view.opponent is not None:
                continue
            ref = self.data.refs[player.id]
            what = absence_text(view)
            gone = player.withdrawn_after
            if view.absent and gone is not None and number > gone:
                what = _("withdrawn after round {number}").format(number=gone)
            elif view.absent and number < player.joins:
                what = _("joins in round {number}").format(number=player.joins)
            rows.append(ByeRow(text.person(ref.name, ref.title), ref.href, what))
        return tuple(rows)

    def _alpha(self, number: int) -> tuple[str, RoundAlphaPage]:
        data = self.data
        rnd = data.tournament.round(number)
        assert rnd is not None
        board_of = {}
        for i, game in enumerate(rnd.all_games()):
            board_of[game.white] = board_of[game.black] = str(game.board or i + 1)
        rows = []
        letters: list[Link] = []
        for player in data.by_name:
            view = data.table.round_view(player.id, number)
            search = text.folded(player.name)
            initial = (text.folded(text.filed_name(player.name))[:1] or "?").upper()
            anchor = ""
            if not letters or letters[-1].text != initial:
                anchor = f"letter-{initial}" if initial.isalnum() else "letter-other"
                letters.append(Link(f"#{anchor}", initial))
            note = ""
            if view.opponent is None:
                note = absence_text(view)
                gone = player.withdrawn_after
                if gone is not None and number > gone:
                    note = _("withdrawn after round {number}").format(number=gone)
                elif number < player.joins:
                    note = _("joins in round {number}").format(number=player.joins)
            rows.append(
                AlphaPairingRow(
                    player=data.refs[player.id],
                    board=board_of.get(player.id, ""),
                    colour=text.colour_letter(view.colour),
                    opponent=data.ref(view.opponent or ""),
                    result=own_result(view),
                    note=note,
                    anchor=anchor,
                    search=search,
                    points=data.points_before(player.id, number),
                    opponent_points=data.points_before(view.opponent, number),
                    chip=text.colour_chip(view.colour),
                )
            )
        path = round_file(number, "-alpha")
        return path, RoundAlphaPage(
            frame=self.frames(path, _("Round {number} by name").format(number=number)),
            number=number,
            rows=tuple(rows),
            boards=Link(round_file(number), _("board order")),
            letters=tuple(letters),
        )

    # -- standings ---------------------------------------------------------------------------

    def standings_pages(self) -> Pages:
        last = self.data.last_decided
        links = tuple(Link(standings_file(r), str(r)) for r in range(1, last + 1))
        for after in range(1, last + 1):
            page = self._standings_page(after, standings_file(after), links)
            yield standings_file(after), page
        if last:
            yield "standings.html", self._standings_page(last, "standings.html", links)

    def _standings_page(self, after: int, path: str, links: tuple[Link, ...]) -> StandingsPage:
        result = self.standings(after)
        latest = after == self.data.last_decided
        # The rows depend only on what the context after ``after`` holds (the players,
        # the rounds up to it, the settings), and an evaluation takes over the unchanged
        # contexts of the one before (``evaluate(t, previous)``): a rebuild after a late
        # result reuses the earlier pages' rows (``RowMemo``).
        official = self.data.evaluation.stated_ranks if latest else {}
        key = ("site standings rows", result.tiebreaks, latest, tuple(sorted(official.items())))

        def make() -> tuple[StandingRow, ...]:
            tpr = self.performance(after)
            return tuple(
                StandingRow(
                    rank=self.rank_text(result, row.participant),
                    player=self.data.refs[row.participant],
                    points=self.score_text(row.points),
                    values=self.value_cells(result, row.participant, link=latest),
                    performance=text.decimal(tpr[row.participant].value, 0),
                    note=self.withdrawn_note(row.participant, after),
                    official=str(official.get(row.participant, "")),
                )
                for row in result.rows
            )

        rows = self.rows.get(self.data.evaluation.context(after), key, make)
        final = self.is_final(after)
        title = (
            _("Final standings after round {number}")
            if final
            else _("Standings after round {number}")
        ).format(number=after)
        return StandingsWithNotes(
            frame=self.frames(path, title, latest_tab(path, final)),
            after=after,
            final=final,
            edition=result.edition.value,
            columns=self.columns(result),
            rows=rows,
            rounds=links,
            official=bool(official),
            notes=self.notes,
            show_performance=self.shows_performance(self.performance(after)),
        )

    def is_final(self, after: int) -> bool:
        return self.data.evaluation.final(after)

    # -- crosstables -----------------------------------------------------------------------------

    def crosstables(self) -> Pages:
        after = self.data.last_decided
        if not after:
            return
        result = self.standings(after)
        tpr = self.performance(after)
        rank_of = {row.participant: row.rank for row in result.rows}
        columns = self.columns(result)
        round_robin = applies(self.data.tournament)
        rounds = tuple(range(1, self.data.last_paired + 1))
        for path, by, order, other in (
            (
                "crosstable.html",
                "rank",
                [r.participant for r in result.rows],
                "crosstable-start.html",
            ),
            (
                "crosstable-start.html",
                "start",
                [p.id for p in self.data.by_start],
                "crosstable.html",
            ),
        ):
            if round_robin and by == "start":
                yield path, self._round_robin_table(path, result, tpr)
                continue
            number: Callable[[str], int] = (
                (lambda pid: rank_of[pid]) if by == "rank" else (lambda pid: self.data.numbers[pid])
            )
            rows = tuple(
                CrossRow(
                    rank=self.rank_text(result, pid),
                    start=self.data.numbers[pid],
                    player=self.data.refs[pid],
                    cells=tuple(
                        self._cross_cell(v, number, pid) for v in self.data.table.views[pid]
                    ),
                    points=self.score_text(result.row(pid).points),
                    values=self.value_cells(result, pid, link=True),
                    performance=text.decimal(tpr[pid].value, 0),
                )
                for pid in order
            )
            title = _("Crosstable by rank") if by == "rank" else _("Crosstable by starting number")
            yield (
                path,
                CrosstableWithNotes(
                    frame=self.frames(path, title),
                    by=by,
                    rounds=rounds,
                    columns=columns,
                    rows=rows,
                    other=Link(other, _("by starting number") if by == "rank" else _("by rank")),
                    notes=self.notes,
                    show_performance=self.shows_performance(tpr),
                ),
            )

    def _round_robin_table(
        self, path: str, result: Standings, tpr: Mapping[str, Value]
    ) -> RoundRobinCrosstablePage:
        """The table by Berger number, both cycles of a double round robin (C.05 Annex 1)."""
        data = self.data
        order = tuple(p.id for p in data.by_start)
        grid = data.evaluation.round_robin_grid(order)
        rows = []
        for pid in order:
            points = self.score_text(result.row(pid).points)
            if pid in result.annulled:
                points = f"({text.points(grid.row(pid).table_points)})"
            rows.append(
                GridRowView(
                    rank=self.rank_text(result, pid),
                    start=data.numbers[pid],
                    player=data.refs[pid],
                    cells=grid_cells(grid, pid, self.marks, data.refs),
                    points=points,
                    values=self.value_cells(result, pid, link=True),
                    performance=text.decimal(tpr[pid].value, 0),
                )
            )
        return RoundRobinCrosstablePage(
            frame=self.frames(path, _("Crosstable by starting number")),
            numbers=tuple(data.numbers[pid] for pid in order),
            cycles=grid.cycles,
            columns=self.columns(result),
            rows=tuple(rows),
            other=Link("crosstable.html", _("by rank")),
            notes=self.notes,
            show_performance=self.shows_performance(tpr),
        )

    def _cross_cell(self, view: RoundView, number: Callable[[str], int], pid: str) -> Cell:
        if view.opponent is None or not view.opponent:
            short = {"pab": "+", "full": "+", "half": "½", "zero": "-"}
            mark = short[view.bye.value] if view.bye else ""
            return Cell(
                pgettext("crosstable", "bye") + mark if not view.absent else "–",
                title=absence_text(view),
                css="bye",
            )
        opponent = self.data.refs[view.opponent]
        colour = text.colour_letter(view.colour)
        own = own_result(view)
        what = (
            _("no result yet") if view.pending else (_(view.outcome.value) if view.outcome else "")
        )
        title = _("round {number}: {opponent}, {what}").format(
            number=view.round, opponent=opponent.name, what=what
        )
        marked = self.marks.find(view.round, pid, view.opponent)
        if marked is not None:
            # GR 6.6: annulled results in parentheses, unplayed games after a withdrawal -/+
            shown = marked.result
            outcome = shown.outcome(pid == marked.game.white) if shown is not None else None
            own = text.OUTCOME_TEXT[outcome] if outcome is not None else ""
            if marked.annulled:
                own = f"({own})" if own else "(–)"
            return Cell(
                f"{number(view.opponent)}{colour}{own}",
                href=opponent.href,
                title=marked_title(
                    _("round {number}: {opponent}").format(
                        number=view.round, opponent=opponent.name
                    ),
                    marked,
                    self.marks,
                    self.data.refs,
                ),
                css="annulled" if marked.annulled else "forfeit",
            )
        return Cell(
            f"{number(view.opponent)}{colour}{own}",
            href=opponent.href,
            title=title,
            css=OUTCOME_CSS.get(view.outcome, "") if view.outcome else "",
        )

    # -- player cards ------------------------------------------------------------------------------

    def cards(self) -> Pages:
        data = self.data
        after = data.last_decided
        ranked = after and not data.tournament.is_team  # team events rank teams, not players
        result = self.standings(after) if ranked else None
        tpr = self.performance(after) if after else {}
        # Each player's rank after every round, for the chart on the card.
        ranks_after: list[dict[str, int]] = []
        if result is not None:
            for number in range(1, after + 1):
                ranks_after.append(dict(data.evaluation.ranks(number)))
        keizer = (
            keizer_workings(data.evaluation, after, data.refs)
            if result is not None and data.tournament.settings.format is Format.KEIZER
            else {}
        )
        for player in data.by_start:
            pid = player.id
            ref = data.refs[pid]
            path = ref.href
            running = Fraction(0)
            rounds = []
            k, changes = self.rating_changes(pid)
            for view in data.table.views[pid]:
                marked = self.marks.find(view.round, pid, view.opponent or "")
                if marked is not None and not marked.annulled and view.pending:
                    view = self.counted_table.round_view(pid, view.round)  # derived forfeit
                if marked is None or not marked.annulled:
                    running += view.points
                card_round = self._card_round(view, running, marked)
                if view.round in changes:
                    card_round = replace(card_round, rating_change=signed(changes[view.round]))
                rounds.append(card_round)
            working: tuple[Working, ...] = ()
            rank = points = ""
            if result is not None:
                row = result.row(pid)
                rank, points = self.rank_text(result, pid), self.score_text(row.points)
                working = tuple(
                    self._working(str(d), value)
                    for d, value in zip(result.tiebreaks, row.working, strict=True)
                )
            perf = tpr.get(pid)
            yield (
                path,
                PlayerCardPage(
                    frame=self.frames(path, text.person(player.name, player.title)),
                    player=ref,
                    facts=self._facts(pid),
                    rounds=tuple(rounds),
                    points=points,
                    rank=rank,
                    performance=text.decimal(perf.value, 0) if perf is not None else "",
                    working=working,
                    after=after,
                    k=str(k) if k is not None else "",
                    rating_change=signed(sum(changes.values(), Fraction(0))) if changes else "",
                    keizer=keizer.get(pid),
                    next_game=next_game(data, pid) if player.approved else None,
                    rank_chart=rank_chart(
                        [r[pid] for r in ranks_after if pid in r],
                        len(ranks_after[-1]) if ranks_after else 0,
                    ),
                    member=(
                        Link(member_file(player.member), _("Club rating history"))
                        if player.member in self.members
                        else None
                    ),
                ),
            )

    def rated_games(self, pid: str) -> Mapping[int, tuple[int, Fraction]]:
        """Round -> (opponent's rating, score) of the player's FIDE-rated games (B.02)."""
        return self.data.evaluation.rated_games(pid)

    def rating_changes(self, pid: str) -> tuple[int | None, Mapping[int, Fraction]]:
        """The player's K (None when no game is rated) and each rated game's change."""
        return self.data.evaluation.rating_changes(pid)

    def _card_round(
        self, view: RoundView, running: Fraction, marked: MarkedGame | None = None
    ) -> CardRound:
        data = self.data
        board = ""
        if view.opponent is not None:
            board = self.boards(view.round).get(view.opponent, "")
        note = ""
        if view.opponent is None:
            note = absence_text(view)
        elif view.pending:
            note = _("not played yet")
        elif view.forfeit:
            note = _("forfeit")
        elif view.double:  # a Double-Swiss match: its two games
            note = text.games(view.result, view.second)
        elif view.result is not None and not view.result.is_rated:
            note = _("not rated")
        points = text.points(view.points) if not view.pending else ""
        if marked is not None and marked.annulled:
            note = _("annulled, not counted ({rule})").format(rule=_(RULE))
            points = f"({points})" if points else ""
        elif marked is not None:
            note = _("forfeit after a withdrawal ({rule})").format(rule=_(RULE))
        return CardRound(
            number=view.round,
            board=board,
            opponent=data.ref(view.opponent or ""),
            colour={Colour.WHITE: _("white"), Colour.BLACK: _("black"), None: ""}[view.colour],
            result=own_result(view),
            points=points,
            running=text.points(running),
            note=note,
            team="",
            chip=text.colour_chip(view.colour),
            opponent_points=data.points_before(view.opponent, view.round),
            opponent_team=self._team_ref(view.opponent),
        )

    def _team_ref(self, pid: str | None) -> TeamRef | None:
        """The team of a player in a team event (None for no player or no team)."""
        team_id = self.data.team_of.get(pid) if pid is not None else None
        return self.data.team_refs[team_id] if team_id is not None else None

    def boards(self, number: int) -> Mapping[str, str]:
        """Each player's board in round ``number`` (its first game, as a card shows it)."""
        found = self._boards.get(number)
        if found is None:
            found = self._boards[number] = {}
            rnd = self.data.tournament.round(number)
            for i, game in enumerate(rnd.all_games() if rnd is not None else ()):
                board = str(game.board or i + 1)
                found.setdefault(game.white, board)
                found.setdefault(game.black, board)
        return found

    def _working(self, code: str, value: Value) -> Working:
        entry = lookup(parse_descriptor(code))
        steps = tuple(
            WorkingStep(
                round=str(step.round) if step.round is not None else "",
                what=working_text(self._named(step.what, step.opponent)),
                counted=text.decimal(step.counted) if step.counted is not None else "",
                rule=step.rule,
                note=working_text(step.note),
                cut=step.cut,
            )
            for step in value.steps
        )
        return Working(
            code=code,
            name=_(entry.name),
            article=entry.article,
            value=text.decimal(value.value, entry.decimals) or _("undefined"),
            note=working_text(value.note),
            steps=steps,
            anchor=anchor(code),
        )

    def _named(self, what: str, opponent: str | None) -> str:
        """The engine names opponents by id; the site names them by name.

        A forfeit counts against a dummy opponent (C.07 16.4), so the step has no
        opponent of its own, but its text still names the scheduled one by id.
        """
        if opponent and opponent in self.data.refs and what.endswith(f" v {opponent}"):
            return what[: -len(opponent)] + self.data.refs[opponent].name
        head, _v, scheduled = what.rpartition(" v ")
        if head and scheduled in self.data.refs:
            return f"{head} v {self.data.refs[scheduled].name}"
        return what

    def _facts(self, pid: str) -> tuple[Fact, ...]:
        player = self.data.tournament.player(pid)
        facts = [Fact(_("Starting number"), str(self.data.numbers[pid]))]
        if player.title:
            facts.append(Fact(_("Title"), player.title))
        facts.append(
            Fact(_("Rating"), str(player.rating) if player.rating is not None else _("unrated"))
        )
        for label, value in (
            (_("National rating"), player.national_rating),
            (_("Club rating"), player.club_rating),
            (_("Birth year"), player.birth_year),
        ):
            if value is not None:
                facts.append(Fact(label, str(value)))
        for label, value2 in (
            (_("Federation"), player.federation),
            (_("FIDE ID"), player.fide_id),
            (_("National ID"), player.national_id),
            (_("Club"), player.club),
        ):
            if value2:
                href = text.fide_profile(value2) if label == _("FIDE ID") else ""
                facts.append(Fact(label, value2, href))
        team_id = self.data.team_of.get(pid)
        if team_id is not None:
            team = self.data.tournament.team(team_id)
            facts.append(
                Fact(
                    _("Team"),
                    _("{team}, board {board}").format(
                        team=team.name, board=team.roster.index(pid) + 1
                    ),
                    link=self.data.team_refs[team_id].href,
                )
            )
        status = status_text(self.data, pid)
        if status:
            facts.append(Fact(_("Status"), status))
        return tuple(facts)

    # -- tie-breaks ----------------------------------------------------------------------------------

    def category_pages(self) -> Pages:
        """categories.html: the latest standings by category (women, age groups, ratings)."""
        after = self.data.last_decided
        if not after:
            return
        result = self.standings(after)

        def row(pid: str, place: str, overall: str) -> CategoryRow:
            points = self.score_text(result.row(pid).points)
            return CategoryRow(place, overall, self.data.refs[pid], points)

        tables = tuple(categories(self.data.tournament, result, row))
        yield (
            "categories.html",
            CategoriesPage(
                frame=self.frames(
                    "categories.html", _("Categories after round {number}").format(number=after)
                ),
                after=after,
                tables=tables,
                note=category_note(after, tables),
            ),
        )

    def fide_changes(self) -> Pages:
        """rating-changes.html: the event's FIDE rating changes, one line per rated player
        with a rated game (the cards hold the game-by-game working)."""
        after = self.data.last_decided
        if not after or not self.data.tournament.settings.fide_rated:
            return
        rows = []
        for player in self.data.by_start:
            k, changes = self.rating_changes(player.id)
            if k is None or not changes:
                continue
            games = self.rated_games(player.id)
            score = sum((s for _, s in games.values()), Fraction(0))
            total = sum(changes.values(), Fraction(0))
            rows.append(
                FideChangeRow(
                    player=self.data.refs[player.id],
                    k=k,
                    games=len(games),
                    score=text.points(score),
                    expected=text.decimal(score - total / k),
                    change=signed(total),
                )
            )
        yield (
            "rating-changes.html",
            FideChangesPage(
                frame=self.frames("rating-changes.html", _("FIDE rating changes")),
                after=after,
                rows=tuple(rows),
            ),
        )

    def tiebreaks(self) -> Pages:
        after = self.data.last_decided
        if not after:
            return
        result = self.standings(after)
        rows = tuple(
            TiebreakRow(
                rank=self.rank_text(result, row.participant),
                player=self.data.refs[row.participant],
                points=self.score_text(row.points),
                values=self.value_cells(result, row.participant, link=True, every=True),
            )
            for row in result.rows
        )
        yield (
            "tiebreaks.html",
            TiebreaksPage(
                frame=self.frames("tiebreaks.html", _("Tie-breaks")),
                edition=result.edition.value,
                columns=self.columns(result, every=True),
                rows=rows,
                after=after,
            ),
        )


def signed(value: Fraction) -> str:
    """A rating change with its sign: "+7.2", "-3.6", "0"."""
    return ("+" if value > 0 else "") + text.decimal(value)


def round_status_text(evaluation: Evaluation, number: int) -> str:
    """Pending, running or done, counting forfeits a withdrawal implies (docs/pairing.md)."""
    found = evaluation.round_status(number)
    return found.value if found is not None else "not paired"


def own_result(view: RoundView) -> str:
    """A player's own result in a round: 1, ½, 0, + or -, empty while not played."""
    if view.pending or view.outcome is None:
        return ""
    if view.double and not view.forfeit:  # a Double-Swiss match: its points, 2 ... 0
        return text.points(view.points)
    return text.OUTCOME_TEXT[view.outcome]


def absence_text(view: RoundView) -> str:
    if view.absent:
        return _("absent")
    if view.bye is not None:
        return text.BYE_TEXT[view.bye]
    return ""


def status_text(data: EventData, pid: str) -> str:
    player = data.tournament.player(pid)
    if not player.approved:
        return _("awaiting approval")
    if player.withdrawn_after is not None:
        gone = _("withdrawn after round {number}").format(number=player.withdrawn_after)
        if player.id in data.evaluation.withdrawals.annulled_players:
            return _("{status}; results not counted ({rule})").format(status=gone, rule=_(RULE))
        return gone
    if player.joins > 1:
        return _("joins in round {number}").format(number=player.joins)
    return ""


def refs_in(data: EventData, ids: list[str]) -> tuple[PlayerRef, ...]:
    return tuple(data.refs[i] for i in ids if i in data.refs)
