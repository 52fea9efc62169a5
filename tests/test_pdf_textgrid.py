"""A large field's lists on paper as fixed-width text lines (tourney.render.pdf.textgrid, issue 32).

A block of monospaced text a player instead of a table: every column, the name
too, padded so that the columns line up under their headings; the heading line
runs at the top of every page after the first.
"""

from __future__ import annotations

import re
import sys
from html import unescape
from pathlib import Path

from tourney.app.print import read_print_theme
from tourney.engine.evaluation import evaluate
from tourney.model import Player
from tourney.render.pdf.common import Selection
from tourney.render.pdf.documents import document_html
from tourney.render.pdf.textgrid import COMPACT_FROM, TextLines, aligned, fitted

ROOT = Path(__file__).resolve().parents[1]


def lines_of(html: str) -> tuple[str, list[str]]:
    """The heading line and the lines of a document's ``textlines`` block."""
    block = html.split('<div class="textlines"')[1].split("</div>\n</div>")[0] + "</div>"
    head = unescape(block.split('<div class="head">')[1].split("</div>")[0])
    lines = re.findall(r'<div(?: class="z")?>(.*?)</div>', block)
    return head, [unescape(line) for line in lines]


def ends_under(head: str, words: tuple[str, ...], lines: list[str]) -> None:
    """Every line's value ends where each (right-aligned) heading word ends."""
    ends = [head.index(word) + len(word) for word in words]
    for line in lines:
        for end in ends:
            assert line[end - 1] != " " and (end == len(line) or line[end] == " "), (line, end)


def field(players: int, rounds: int = 5):  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(ROOT / "bench"))
    from tournaments import swiss

    return swiss(players, rounds, seed=7)


def html_of(t: object, document: str) -> str:
    theme, css = read_print_theme(ROOT / "examples" / "swiss-open")
    return document_html(evaluate(t), document, Selection(), theme, css)  # type: ignore[arg-type]


def test_aligned_pads_each_column_to_its_widest_value() -> None:
    # "Rk" and "10" are 2 wide, "Pts" 3: numbers to the right, two spaces between columns.
    assert aligned([["Rk", "1", "10"], ["Pts", "9", "8½"]], [True, True]) == [
        "Rk  Pts",
        " 1    9",
        "10   8½",
    ]
    # A left-aligned column pads on the right; trailing spaces of a line are dropped.
    assert aligned([["a", "bcd"], ["x", "y"]], [False, False]) == ["a    x", "bcd  y"]


def test_a_large_field_prints_its_crosstable_as_aligned_lines() -> None:
    t = field(COMPACT_FROM)
    html = html_of(t, "crosstable")
    assert "<table" not in html  # no table cell at all
    head, lines = lines_of(html)
    words = head.split()
    assert words[:4] == ["Rk", "No.", "Player", "Rtg"]
    assert words[4:10] == ["1", "2", "3", "4", "5", "Pts"] and words[-1] == "TPR"
    assert len(lines) == COMPACT_FROM
    # Every value ends where its heading ends: "Rtg" over four-digit ratings, "5" over the
    # round 5 cells, "Pts" over the points.
    ends_under(head, ("Rtg", " 5", "Pts"), lines)
    # The names start under "Player", each line's name one of the field's.
    start = head.index("Player")
    names = {p.name for p in t.players}
    assert all(line[start:].split("  ")[0] in names for line in lines)
    # The heading once in the flow and once as the running head of later pages.
    assert html.count(f'<div class="running-head">{head}</div>') == 1
    assert html.count(f'<div class="head">{head}</div>') == 1


def test_a_large_field_prints_its_standings_as_aligned_lines() -> None:
    html = html_of(field(COMPACT_FROM), "standings")
    head, lines = lines_of(html)
    assert head.split()[:6] == ["Rk", "No.", "Player", "Rtg", "Fed", "Pts"]
    assert head.split()[-1] == "TPR"
    assert len(lines) == COMPACT_FROM
    # Federations (bench/tournaments.py: three letters) start under "Fed", left-aligned.
    fed = head.index("Fed")
    assert all(line[fed : fed + 3].isalpha() and line[fed + 3] == " " for line in lines)
    # Rank 1 first: the lines run in the order of the standings.
    assert lines[0].split()[0] == "1"
    assert "TPR: tournament performance rating (C.07 10.2)" in html


def test_a_large_field_prints_its_players_and_pairings_by_name_as_text() -> None:
    t = field(COMPACT_FROM)
    players = html_of(t, "players")
    assert f'<p class="legend lines-legend">{COMPACT_FROM} players.</p>' in players
    head, lines = lines_of(players)
    assert head.split()[:3] == ["No.", "Player", "Rtg"]
    # bench/tournaments.py: player i (0-based) starts at number i + 1 with FIDE id
    # 10000000 + i; the first line is number 1.
    assert lines[0].startswith("  1  ") and "10000000" in lines[0]
    alpha = html_of(t, "pairings-alpha")
    head, lines = lines_of(alpha)
    assert head.split() == ["Player", "No.", "Bd", "Colour", "Opponent", "No.", "Result"]
    assert len(lines) == COMPACT_FROM
    assert alpha.count('<div class="z">') == COMPACT_FROM // 2  # every other line shaded


def test_a_large_round_prints_its_pairings_as_text_lines() -> None:
    html = html_of(field(2 * COMPACT_FROM), "pairings")
    head, lines = lines_of(html)
    assert head.split() == [
        "Bd", "No.", "White", "Rtg", "Pts", "Result", "Pts", "No.", "Black", "Rtg",
    ]  # fmt: skip
    # 100 boards less a few byes and withdrawals: board 1 under "Bd", both two wide.
    assert lines[0].startswith(" 1  ") and len(lines) < 100
    ends_under(head, ("Bd",), lines)


def test_a_line_too_long_for_the_paper_is_set_smaller() -> None:
    # A4 portrait: 210 mm less 26 mm of margins and padding = 521.6 pt. At 8 pt a
    # DejaVu Sans Mono character takes 0.602 x 8 = 4.816 pt: 108 characters fit.
    fits = TextLines("x" * 108, ("y" * 100,))
    assert fitted(fits, "A4", False, 8.0) is fits
    # 130 characters need 521.6 / (130 x 0.602) = 6.66 pt: set at 6.6 pt.
    long = TextLines("x" * 130, ())
    assert fitted(long, "A4", False, 8.0).size == "6.6pt"
    # Landscape A4 has 297 - 26 = 271 mm = 768.2 pt: 130 characters fit at 8 pt.
    assert fitted(long, "A4", True, 8.0).size == ""


def test_a_long_name_sets_the_standings_smaller_not_cut() -> None:
    t = field(COMPACT_FROM)
    long = "Villalobos Hernández de la Fuente y Montenegro, Maximiliano Alejandro"
    players = list(t.players)
    players[0] = Player(players[0].id, long, rating=players[0].rating,
                        federation=players[0].federation, fide_id=players[0].fide_id)  # fmt: skip
    import dataclasses

    html = html_of(dataclasses.replace(t, players=tuple(players)), "standings")
    head, lines = lines_of(html)
    assert any(long in line for line in lines)
    width = max(len(line) for line in [head, *lines])
    assert width > 108  # wider than A4 portrait at 8 pt ...
    size = float(html.split('<div class="textlines" style="font-size: ')[1].split("pt")[0])
    assert width * 0.602 * size <= 521.6 < width * 0.602 * (size + 0.1)  # ... so set smaller
