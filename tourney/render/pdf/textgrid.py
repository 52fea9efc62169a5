"""A large crosstable or standings on paper as lines of fixed-width text (issue 32 item 8).

WeasyPrint lays out, styles and draws every table cell on its own: a
400-player, 11-round crosstable has 8,800 of them and took 7 s of CPU, most of
it per cell. On paper the crosstable of a large field is therefore a table of
three cells per player: rank and starting number, the name, and one line of
text in a monospaced font holding every column after the name (rating, a cell
per round, points, tie-breaks, TPR), padded with spaces so that the columns
line up exactly as in a table. The same lines, with the same headings, as the
site's crosstable (``CrosstablePage``); a small field keeps its real table.
The standings of a large field print the same way (``StandingsPage``: the
rating, federation, points, tie-breaks and TPR in the line after the name), and
so do its list of players and its pairings in board order and by name
(``text_table``: names in their own cells, the columns between them as text).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from tourney.i18n import gettext as _
from tourney.i18n import ngettext
from tourney.render.views import (
    ByeRow,
    Column,
    CrossRow,
    CrosstablePage,
    PlayerListPage,
    PlayerRef,
    RoundAlphaPage,
    RoundPage,
    StandingRow,
    StandingsPage,
)

GAP = "  "  # between two columns
COMPACT_FROM = 100  # players: a field this large prints as text lines (smaller: a table)


def aligned(columns: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    """Row strings of ``columns`` (each a heading, then one value per row), padded to line up.

    A column is as wide as its widest value; ``right`` aligns numbers to the
    right (the last digit under the last digit), other columns to the left.
    """
    widths = [max(len(v) for v in column) for column in columns]
    rows = len(columns[0]) if columns else 0
    lines = []
    for i in range(rows):
        cells = [
            col[i].rjust(w) if r else col[i].ljust(w)
            for col, w, r in zip(columns, widths, right, strict=True)
        ]
        lines.append(GAP.join(cells).rstrip())
    return lines


@dataclass(frozen=True, slots=True)
class TextRow:
    """One player: rank and number, the name (``player``), then the rest as one text line."""

    lead: str
    player: PlayerRef
    rest: str
    even: bool  # shaded: every other line, to follow a line across the page


@dataclass(frozen=True, slots=True)
class TextCrosstable:
    """A crosstable of fixed-width text lines; ``lead_head`` and ``rest_head`` are its headings."""

    template: ClassVar[str] = "pdf/crosstable_text.html"
    lead_head: str
    rest_head: str
    rows: tuple[TextRow, ...]
    columns: tuple[Column, ...]  # the tie-breaks, for the legend


def text_crosstable(page: CrosstablePage) -> TextCrosstable:
    """The site's crosstable page as text lines (headings and values as the site has them)."""
    rows = page.rows
    lead = aligned(
        [[_("Rk")] + [r.rank for r in rows], [_("No.")] + [str(r.start) for r in rows]],
        [True, True],
    )
    columns: list[list[str]] = [[_("Rtg")] + [r.player.rating for r in rows]]
    right = [True]
    for index, number in enumerate(page.rounds):
        columns.append([str(number)] + [r.cells[index].text for r in rows])
        right.append(True)
    columns.append([_("Pts")] + [r.points for r in rows])
    right.append(True)
    _add_values(page, rows, columns, right)
    rest = aligned(columns, right)
    return TextCrosstable(
        lead_head=lead[0],
        rest_head=rest[0],
        rows=_text_rows(lead, rest, rows),
        columns=page.columns,
    )


@dataclass(frozen=True, slots=True)
class TextStandings:
    """Standings of fixed-width text lines; the legend as ``pdf/standings.html`` has it."""

    template: ClassVar[str] = "pdf/standings_text.html"
    lead_head: str
    rest_head: str
    rows: tuple[TextRow, ...]
    columns: tuple[Column, ...]
    show_performance: bool
    edition: str


def text_standings(page: StandingsPage) -> TextStandings:
    """The site's standings page as text lines (the columns of ``pdf/standings.html``)."""
    rows = page.rows
    lead = aligned(
        [[_("Rk")] + [r.rank for r in rows], [_("No.")] + [str(r.player.start) for r in rows]],
        [True, True],
    )
    columns: list[list[str]] = [
        [_("Rtg")] + [r.player.rating for r in rows],
        [_("Fed")] + [r.player.federation for r in rows],
        [_("Pts")] + [r.points for r in rows],
    ]
    right = [True, False, True]
    _add_values(page, rows, columns, right)
    rest = aligned(columns, right)
    return TextStandings(
        lead_head=lead[0],
        rest_head=rest[0],
        rows=_text_rows(lead, rest, rows),
        columns=page.columns,
        show_performance=page.show_performance,
        edition=page.edition,
    )


def _add_values(
    page: CrosstablePage | StandingsPage,
    rows: Sequence[CrossRow | StandingRow],
    columns: list[list[str]],
    right: list[bool],
) -> None:
    """The tie-break columns and the TPR, right-aligned, after the points."""
    for index, column in enumerate(page.columns):
        columns.append([column.code] + [r.values[index].text for r in rows])
        right.append(True)
    if page.show_performance:
        columns.append([_("TPR")] + [r.performance for r in rows])
        right.append(True)


def _text_rows(
    lead: list[str], rest: list[str], rows: Sequence[CrossRow | StandingRow]
) -> tuple[TextRow, ...]:
    """One line a player (the headings are ``lead[0]``, ``rest[0]``), every other shaded."""
    return tuple(
        TextRow(lead[i + 1], row.player, rest[i + 1], i % 2 == 1) for i, row in enumerate(rows)
    )


# -- any list: names in their own cells, the columns between them as text ------------------------

Name = PlayerRef | str  # a player, or a word in a name's place ("not paired")


@dataclass(frozen=True, slots=True)
class TextLine:
    """One line of a ``TextTable``: a string per text group, a ``Name`` per name column."""

    cells: tuple[Name, ...]
    even: bool


@dataclass(frozen=True, slots=True)
class TextTable:
    """A list whose ``mono`` groups are fixed-width text; ``legend`` is printed under it."""

    template: ClassVar[str] = "pdf/text_table.html"
    heads: tuple[str, ...]
    mono: tuple[bool, ...]
    lines: tuple[TextLine, ...]
    legend: str = ""
    byes: tuple[ByeRow, ...] = ()  # the pairings' "Not paired" list


Group = tuple[str, list[Name]] | list[tuple[str, list[str], bool]]


def text_table(groups: list[Group], legend: str = "", byes: tuple[ByeRow, ...] = ()) -> TextTable:
    """A table of ``groups``: a name column (heading, names) or text columns (heading,
    values, right-aligned) set as one cell of aligned text."""
    heads: list[str] = []
    mono: list[bool] = []
    columns: list[list[Name]] = []
    for group in groups:
        if isinstance(group, tuple):
            heads.append(group[0])
            mono.append(False)
            columns.append(group[1])
        else:
            lines = aligned([[head, *values] for head, values, _ in group], [r for *_, r in group])
            heads.append(lines[0])
            mono.append(True)
            columns.append(list(lines[1:]))
    count = len(columns[0]) if columns else 0
    return TextTable(
        tuple(heads),
        tuple(mono),
        tuple(TextLine(tuple(c[i] for c in columns), i % 2 == 1) for i in range(count)),
        legend,
        byes,
    )


def text_players(page: PlayerListPage) -> TextTable:
    """The starting rank list (``pdf/players.html``'s columns) as a text table."""
    rows = page.rows
    rest: list[tuple[str, list[str], bool]] = [
        (_("Rtg"), [r.player.rating for r in rows], True),
        (_("Fed"), [r.player.federation for r in rows], False),
        (_("FIDE ID"), [r.fide_id for r in rows], False),
    ]
    if page.show_club:
        rest.append((_("Club"), [r.club for r in rows], False))
    if page.show_team:
        rest.append((_("Team"), [r.team.name if r.team else "" for r in rows], False))
        rest.append((_("Bd"), [str(r.board or "") for r in rows], True))
    rest.append((_("Status"), [r.status for r in rows], False))
    return text_table(
        [
            [(_("No."), [str(r.player.start) for r in rows], True)],
            (_("Player"), list[Name](r.player for r in rows)),
            rest,
        ],
        ngettext("%(num)d player.", "%(num)d players.", len(rows)) % {"num": len(rows)},
    )


def text_pairings_alpha(page: RoundAlphaPage) -> TextTable:
    """A round's pairings by name (``pdf/pairings_alpha.html``'s columns) as a text table."""
    rows = page.rows

    def opponent(r: object) -> Name:
        o = r.opponent  # type: ignore[attr-defined]
        if o is not None:
            return o  # type: ignore[no-any-return]
        return _("no opponent") if r.board else _("not paired")  # type: ignore[attr-defined]

    return text_table(
        [
            (_("Player"), list[Name](r.player for r in rows)),
            [
                (_("No."), [str(r.player.start) for r in rows], True),
                (_("Bd"), [r.board for r in rows], True),
                (_("Colour"), [r.colour for r in rows], False),
            ],
            (_("Opponent"), [opponent(r) for r in rows]),
            [
                (_("No."), [str(r.opponent.start) if r.opponent else "" for r in rows], True),
                (_("Result"), [r.result for r in rows], False),
            ],
        ]
    )


def text_pairings(page: RoundPage) -> TextTable:
    """A round in board order (``pdf/pairings.html``'s columns) as a text table."""
    boards = page.boards

    def seat(ref: PlayerRef | None) -> Name:
        return ref if ref is not None else "—"

    return text_table(
        [
            [
                (_("Bd"), [str(b.board) for b in boards], True),
                (_("No."), [str(b.white.start) if b.white else "" for b in boards], True),
            ],
            (_("White"), [seat(b.white) for b in boards]),
            [
                (_("Rtg"), [b.white.rating if b.white else "" for b in boards], True),
                (_("Pts"), [b.white_points for b in boards], True),
                (_("Result"), [b.result for b in boards], False),
                (_("Pts"), [b.black_points for b in boards], True),
                (_("No."), [str(b.black.start) if b.black else "" for b in boards], True),
            ],
            (_("Black"), [seat(b.black) for b in boards]),
            [(_("Rtg"), [b.black.rating if b.black else "" for b in boards], True)],
        ],
        byes=page.byes,
    )
