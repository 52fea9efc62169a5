"""A large field's lists on paper as lines of fixed-width text (issue 32 item 8).

WeasyPrint lays out, styles and draws every table cell on its own: a
400-player, 11-round crosstable has 8,800 of them and took 7 s of CPU, most of
it per cell, and a table of a few cells a line still cost three times what
plain lines do (its rows are laid out as a table: measured in bench/pdf.py's
docstring). From ``COMPACT_FROM`` players on, the crosstable, the standings,
the list of players and the pairings (by board and by name) therefore print as
one block of text a player: every column, the names too, in a monospaced font
(DejaVu Sans Mono), padded with spaces so that the columns line up under their
headings exactly as in a table, every other line shaded. The heading line is
repeated at the top of every page after the first (a running element in the
page's top margin, ``site_templates/pdf/print.css``). The values and headings
are the site's (``CrosstablePage``, ``StandingsPage``, ``PlayerListPage``,
``RoundPage``, ``RoundAlphaPage``); a smaller field keeps its real table.

A line longer than the page is wide at the stylesheet's type size (long names,
many tie-breaks) is set smaller (``fitted``) rather than cut or wrapped.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from tourney.i18n import gettext as _
from tourney.i18n import ngettext
from tourney.render import text
from tourney.render.views import (
    ByeRow,
    Column,
    CrosstablePage,
    PlayerListPage,
    PlayerRef,
    RoundAlphaPage,
    RoundPage,
    StandingsPage,
)

GAP = "  "  # between two columns
COMPACT_FROM = 100  # players: a field this large prints as text lines (smaller: a table)

# One column: its heading, a value per line, whether it is aligned to the right.
TextColumn = tuple[str, Sequence[str], bool]


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
class TextLines:
    """A list as fixed-width lines: ``head`` the headings, a line per row (every other
    shaded by the template); ``size`` a smaller type size when the longest line would
    not fit the page at the stylesheet's ("" keeps the stylesheet's)."""

    template: ClassVar[str] = "pdf/text_table.html"
    head: str
    lines: tuple[str, ...]
    size: str = ""
    legend: str = ""
    byes: tuple[ByeRow, ...] = ()  # the pairings' "Not paired" list

    @property
    def width(self) -> int:
        """The longest line, in characters."""
        return max((len(line) for line in (self.head, *self.lines)), default=0)


def text_lines(columns: Sequence[TextColumn]) -> tuple[str, tuple[str, ...]]:
    """The heading line and the lines of ``columns``."""
    lines = aligned([[head, *values] for head, values, _ in columns], [r for *_, r in columns])
    return lines[0], tuple(lines[1:])


def name(ref: PlayerRef | None, empty: str = "—") -> str:
    """A player as the lists print one: the title in front; ``empty`` for nobody."""
    return text.person(ref.name, ref.title) if ref is not None else empty


# The stylesheet's type size of the lines (print.css: 6.6pt for the landscape
# crosstable, 8pt for the rest) and what a DejaVu Sans Mono character takes (0.602 em).
CROSSTABLE_SIZE, LIST_SIZE = 6.6, 8.0
_ADVANCE = 0.602
_PAPER_MM = {"A4": (210.0, 297.0), "letter": (215.9, 279.4)}
_MARGINS_MM = 12.0 + 12.0 + 2.0  # the page's left and right margins and the lines' padding
_SMALLEST = 4.5  # pt: below this the lines are not worth reading; they run off the page instead


def fitted(page: TextLines, paper: str, landscape: bool, size: float) -> TextLines:
    """``page`` with a smaller ``size`` when its longest line is wider than the paper allows."""
    wide, high = _PAPER_MM.get(paper, _PAPER_MM["A4"])
    room_pt = ((high if landscape else wide) - _MARGINS_MM) / 25.4 * 72
    needed = page.width * _ADVANCE * size
    if needed <= room_pt:
        return page
    smaller = max(_SMALLEST, int(room_pt / (page.width * _ADVANCE) * 10) / 10)
    return dataclasses.replace(page, size=f"{smaller:g}pt")


@dataclass(frozen=True, slots=True)
class TextCrosstable(TextLines):
    """A crosstable as lines; ``columns`` are its tie-breaks, for the legend."""

    template: ClassVar[str] = "pdf/crosstable_text.html"
    columns: tuple[Column, ...] = ()


@dataclass(frozen=True, slots=True)
class TextStandings(TextLines):
    """Standings as lines; the legend as ``pdf/standings.html`` has it."""

    template: ClassVar[str] = "pdf/standings_text.html"
    columns: tuple[Column, ...] = ()
    show_performance: bool = False
    edition: str = ""


def _values(page: CrosstablePage | StandingsPage, rows: Sequence[object]) -> list[TextColumn]:
    """The tie-break columns and the TPR, right-aligned, after the points."""
    out: list[TextColumn] = [
        (column.code, [r.values[index].text for r in rows], True)  # type: ignore[attr-defined]
        for index, column in enumerate(page.columns)
    ]
    if page.show_performance:
        out.append((_("TPR"), [r.performance for r in rows], True))  # type: ignore[attr-defined]
    return out


def text_crosstable(page: CrosstablePage) -> TextCrosstable:
    """The site's crosstable page as text lines (headings and values as the site has them)."""
    rows = page.rows
    columns: list[TextColumn] = [
        (_("Rk"), [r.rank for r in rows], True),
        (_("No."), [str(r.start) for r in rows], True),
        (_("Player"), [name(r.player) for r in rows], False),
        (_("Rtg"), [r.player.rating for r in rows], True),
    ]
    columns += [
        (str(number), [r.cells[index].text for r in rows], True)
        for index, number in enumerate(page.rounds)
    ]
    columns.append((_("Pts"), [r.points for r in rows], True))
    head, lines = text_lines(columns + _values(page, rows))
    return TextCrosstable(head, lines, columns=page.columns)


def text_standings(page: StandingsPage) -> TextStandings:
    """The site's standings page as text lines (the columns of ``pdf/standings.html``)."""
    rows = page.rows
    columns: list[TextColumn] = [
        (_("Rk"), [r.rank for r in rows], True),
        (_("No."), [str(r.player.start) for r in rows], True),
        (_("Player"), [name(r.player) for r in rows], False),
        (_("Rtg"), [r.player.rating for r in rows], True),
        (_("Fed"), [r.player.federation for r in rows], False),
        (_("Pts"), [r.points for r in rows], True),
    ]
    head, lines = text_lines(columns + _values(page, rows))
    return TextStandings(
        head,
        lines,
        columns=page.columns,
        show_performance=page.show_performance,
        edition=page.edition,
    )


def text_players(page: PlayerListPage) -> TextLines:
    """The starting rank list (``pdf/players.html``'s columns) as text lines."""
    rows = page.rows
    columns: list[TextColumn] = [
        (_("No."), [str(r.player.start) for r in rows], True),
        (_("Player"), [name(r.player) for r in rows], False),
        (_("Rtg"), [r.player.rating for r in rows], True),
        (_("Fed"), [r.player.federation for r in rows], False),
        (_("FIDE ID"), [r.fide_id for r in rows], False),
    ]
    if page.show_club:
        columns.append((_("Club"), [r.club for r in rows], False))
    if page.show_team:
        columns.append((_("Team"), [r.team.name if r.team else "" for r in rows], False))
        columns.append((_("Bd"), [str(r.board or "") for r in rows], True))
    columns.append((_("Status"), [r.status for r in rows], False))
    head, lines = text_lines(columns)
    legend = ngettext("%(num)d player.", "%(num)d players.", len(rows)) % {"num": len(rows)}
    return TextLines(head, lines, legend=legend)


def text_pairings_alpha(page: RoundAlphaPage) -> TextLines:
    """A round's pairings by name (``pdf/pairings_alpha.html``'s columns) as text lines."""
    rows = page.rows

    def opponent(r: object) -> str:
        o = r.opponent  # type: ignore[attr-defined]
        if o is not None:
            return name(o)
        return _("no opponent") if r.board else _("not paired")  # type: ignore[attr-defined]

    head, lines = text_lines(
        [
            (_("Player"), [name(r.player) for r in rows], False),
            (_("No."), [str(r.player.start) for r in rows], True),
            (_("Bd"), [r.board for r in rows], True),
            (_("Colour"), [r.colour for r in rows], False),
            (_("Opponent"), [opponent(r) for r in rows], False),
            (_("No."), [str(r.opponent.start) if r.opponent else "" for r in rows], True),
            (_("Result"), [r.result for r in rows], False),
        ]
    )
    return TextLines(head, lines)


def text_pairings(page: RoundPage) -> TextLines:
    """A round in board order (``pdf/pairings.html``'s columns) as text lines."""
    boards = page.boards
    head, lines = text_lines(
        [
            (_("Bd"), [str(b.board) for b in boards], True),
            (_("No."), [str(b.white.start) if b.white else "" for b in boards], True),
            (_("White"), [name(b.white) for b in boards], False),
            (_("Rtg"), [b.white.rating if b.white else "" for b in boards], True),
            (_("Pts"), [b.white_points for b in boards], True),
            (_("Result"), [b.result for b in boards], False),
            (_("Pts"), [b.black_points for b in boards], True),
            (_("No."), [str(b.black.start) if b.black else "" for b in boards], True),
            (_("Black"), [name(b.black) for b in boards], False),
            (_("Rtg"), [b.black.rating if b.black else "" for b in boards], True),
        ]
    )
    return TextLines(head, lines, byes=page.byes)
