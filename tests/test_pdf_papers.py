"""Papers (issue 20): a legend kept with its table, a wall chart with every round, the
square table of a round robin, a compact crosstable for a large field. Values are
worked by hand from the examples' round files.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_pdf import EXAMPLES, OPEN, TEAM, html_of, render, text_of, writer  # noqa: F401
from test_site_team_order import match_table

from tourney.app.print import read_print_theme
from tourney.engine.evaluation import evaluate
from tourney.render.pdf.common import Selection
from tourney.render.pdf.documents import PdfWriter, document_html

RR = "club-championship"


def test_standings_of_41_players_keep_the_legend_on_their_page(
    writer: PdfWriter,  # noqa: F811
    tmp_path: Path,
) -> None:
    """41 players and the legend on one A4 page (no page holding only the legend); the
    legend tells BH/C1 from BH."""
    pdf, pages = render(writer, OPEN, "standings")
    assert pages == 1
    text = text_of(pdf, tmp_path)
    assert "41 41 Novak, Lotte" in text  # the last line, rank 41
    assert "BH/C1: Buchholz, cut 1 (the lowest value left out) (C.07 8.1) · BH: Buchholz" in text


def test_legends_are_table_footers() -> None:
    for example, document in ((OPEN, "standings"), (OPEN, "crosstable"), (TEAM, "team-standings")):
        html = html_of(example, document)
        assert '<tfoot><tr><td class="legend"' in html, document
        assert '<p class="legend">' not in html.split("</table>")[0], document


def test_wall_chart_has_a_column_for_every_planned_round() -> None:
    """examples/team-league plans 7 rounds and has paired 3: Rd 4-7 are blank columns."""
    html = html_of(TEAM, "wall-chart")
    for n in range(1, 8):
        assert f'<th class="c">Rd {n}</th>' in html
    # Smit, Mila (player 1): L31 L46 W56 in rounds 1-3, then four blank cells.
    row = html.split("Smit, Mila")[-1].split("</tr>")[0]
    assert row.count('<td class="wall"><span class="run"> </span></td>') == 4


def test_round_robin_prints_its_square_table(writer: PdfWriter, tmp_path: Path) -> None:  # noqa: F811
    """club-championship, rounds 1-3: Willems, Koen (1) drew Groen (6) and Hoekstra (2),
    beat Huisman, Stijn (3): × ½ 1 ... ½, 2 points."""
    pdf, pages = render(writer, RR, "crosstable")
    assert pages == 1
    text = text_of(pdf, tmp_path)
    assert "Round-robin table" in text
    assert "1 Willems, Koen 2105 × ½ 1 ½ 2" in text


def test_team_round_robin_prints_its_square_table() -> None:
    theme, css = read_print_theme(EXAMPLES / TEAM)
    html = document_html(evaluate(match_table()), "team-crosstable", Selection(), theme, css)
    assert "Team round-robin table" in html
    # A v B 1½-½ in round 1 and A v D 1-1 in round 2 (tests/test_site_team_order.py).
    row = html.split("<td>A</td>")[1].split("</tr>")[0]
    assert '<td class="c self">×</td>' in row and '<td class="c win">1½</td>' in row


@pytest.mark.slow
def test_a_400_player_crosstable_fits_12_pages(
    writer: PdfWriter,  # noqa: F811
    tmp_path: Path,
) -> None:
    """bench/tournaments.py's 400-player, 11-round Swiss: one line per player, at most 12
    landscape A4 pages (it took 23 with wrapping names), as text lines (pdf/textgrid.py),
    the heading line at the top of every page."""
    sys.path.insert(0, str(EXAMPLES.parent / "bench"))
    from tournaments import swiss

    theme, css = read_print_theme(EXAMPLES / OPEN)
    html = document_html(evaluate(swiss(400, 11)), "crosstable", Selection(), theme, css)
    assert '<div class="textlines">' in html
    pdf, pages = writer.render(html)
    assert pages <= 12
    for page in (1, 2, pages):
        # page 1: the title, then the heading; later pages: the heading first
        text = text_of(pdf, tmp_path, page=page)
        head = text if page > 1 else text.split("2026-04-01 ")[1]  # the facts line
        assert head.split()[:5] == ["Rk", "No.", "Player", "Rtg", "1"], (page, text[:80])
