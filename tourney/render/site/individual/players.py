"""What every page about players is built from: a tournament's standings, tie-break
columns and cells, and the withdrawals of a round robin (FIDE General Regulations 6.6).

``Players`` holds one build's data and frames; the page kinds are functions of it in
the modules beside this one (rounds, standings, crosstables, cards, ...), which the page
table (``tourney.render.site.table``) points to.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cached_property

from tourney.engine.scores import ScoreTable
from tourney.engine.standings import Standings
from tourney.engine.tiebreaks import Value, lookup
from tourney.engine.withdrawals import Withdrawals
from tourney.i18n import catalog
from tourney.i18n import gettext as _
from tourney.model import Format
from tourney.render import text
from tourney.render.site.event import EventData, Frames
from tourney.render.site.individual.memo import RowMemo
from tourney.render.site.individual.names import (
    absence_text,
    anchor,
    round_status_text,
)
from tourney.render.site.reuse import Reuse, Reused, key, round_inputs
from tourney.render.site.round_robin import (
    withdrawal_notes,
)
from tourney.render.tiebreak_text import tiebreak_name
from tourney.render.views import (
    ByeRow,
    Cell,
    Column,
)
from tourney.render.working_text import working_text


class Players:
    """What the player pages of one tournament (individual or team event) share."""

    def __init__(
        self,
        data: EventData,
        frames: Frames,
        members: frozenset[str] = frozenset(),
        rows: RowMemo | None = None,
        reuse: Reuse | None = None,
    ) -> None:
        self.data = data
        # a build in a new process: what the last one left (tourney.render.site.reuse)
        self.reuse = reuse
        self.printed: Mapping[str, str] = {}  # page path -> its PDF's link (build --pdf)
        self.frames = frames
        self.rows = rows if rows is not None else RowMemo()
        # In a club folder with ratings: the members who have a page (members/ID.html).
        self.members = members
        self._boards: dict[int, dict[str, str]] = {}
        self._codes: dict[object, tuple[tuple[str, int | None, str], ...]] = {}
        # the shown columns of each standings (held with it, so its id stays its own)
        self._kept: dict[int, tuple[Standings, tuple[int, ...]]] = {}

    # -- what the last build left (tourney.render.site.reuse) ----------------------------

    @cached_property
    def _inputs(self) -> tuple[dict[int, str], str]:
        """Each round's inputs digest and the digest of what every page shows besides
        (the language, the frames); empty without ``reuse``."""
        if self.reuse is None:
            return {}, ""
        rounds = round_inputs(self.data.tournament, self.reuse.salt)
        return rounds, key(catalog.current(), self.frames) if rounds else ""

    def reused(self, path: str, number: int, *shown: object) -> Reused | None:
        """The last build's ``path``, a page of round ``number`` that shows ``shown``
        besides what follows from the rounds up to ``number``, if none of it changed."""
        rounds, frame = self._inputs
        if self.reuse is None or number not in rounds:
            return None
        inputs = key(frame, path, rounds[number], self.printed.get(path, ""), *shown)
        return self.reuse.page(inputs, path)

    def ranks(self, after: int) -> Mapping[str, int]:
        """Each player's rank after round ``after`` (a card's chart): the last build's
        when the rounds up to ``after`` are as they were."""
        rounds, _frame = self._inputs
        inputs = key("ranks", rounds[after]) if after in rounds else None
        if self.reuse is not None:
            found = self.reuse.known_ranks(inputs)
            if found is not None:
                return found
        ranks = self.data.evaluation.ranks(after)
        if self.reuse is not None:
            self.reuse.keep_ranks(inputs, ranks)
        return ranks

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

    def is_final(self, after: int) -> bool:
        return self.data.evaluation.final(after)

    def rated_games(self, pid: str) -> Mapping[int, tuple[int, Fraction]]:
        """Round -> (opponent's rating, score) of the player's FIDE-rated games (B.02)."""
        return self.data.evaluation.rated_games(pid)

    def rating_changes(self, pid: str) -> tuple[int | None, Mapping[int, Fraction]]:
        """The player's K (None when no game is rated) and each rated game's change."""
        return self.data.evaluation.rating_changes(pid)

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
