"""A large crosstable on paper as fixed-width text lines (tourney.render.pdf.textgrid, issue 32).

Three cells a player instead of one per column: the columns after the name are
one line of monospaced text, padded so that they line up under their headings.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tourney.app.print import read_print_theme
from tourney.engine.evaluation import evaluate
from tourney.render.pdf.common import Selection
from tourney.render.pdf.documents import document_html
from tourney.render.pdf.textgrid import COMPACT_FROM, aligned

ROOT = Path(__file__).resolve().parents[1]


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
    sys.path.insert(0, str(ROOT / "bench"))
    from tournaments import swiss

    t = swiss(COMPACT_FROM, 5, seed=7)
    theme, css = read_print_theme(ROOT / "examples" / "swiss-open")
    html = document_html(evaluate(t), "crosstable", Selection(), theme, css)
    assert '<table class="textgrid">' in html
    head = html.split('<th class="t">')[2].split("</th>")[0]
    assert head.split() == ["Rtg", "1", "2", "3", "4", "5", "Pts", *head.split()[7:-1], "TPR"]
    lines = [part.split("</td>")[0] for part in html.split('<td class="t">')[1:]]
    rests = lines[1::2]  # each row: the lead cell (rank, number), then the rest
    assert len(rests) == COMPACT_FROM
    # Every value ends where its heading ends: "Rtg" over four-digit ratings, "5" over the
    # round 5 cells, "Pts" over the points.
    ends = [head.index(word) + len(word) for word in ("Rtg", " 5", "Pts")]
    for rest in rests:
        for end in ends:
            assert rest[end - 1] != " " and (end == len(rest) or rest[end] == " "), (rest, end)


def test_a_large_field_prints_its_standings_as_aligned_lines() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    from tournaments import swiss

    t = swiss(COMPACT_FROM, 5, seed=7)
    theme, css = read_print_theme(ROOT / "examples" / "swiss-open")
    html = document_html(evaluate(t), "standings", Selection(), theme, css)
    assert '<table class="textgrid">' in html
    head = html.split('<th class="t">')[2].split("</th>")[0]
    assert head.split()[:3] == ["Rtg", "Fed", "Pts"] and head.split()[-1] == "TPR"
    rests = [part.split("</td>")[0] for part in html.split('<td class="t">')[1:]][1::2]
    assert len(rests) == COMPACT_FROM
    # Federations (bench/tournaments.py: three letters) start under "Fed", left-aligned.
    fed = head.index("Fed")
    assert all(rest[fed : fed + 3].isalpha() and rest[fed + 3] == " " for rest in rests)
    assert "TPR: tournament performance rating (C.07 10.2)" in html


def test_a_large_field_prints_its_players_and_pairings_by_name_as_text() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    from tournaments import swiss

    t = swiss(COMPACT_FROM, 5, seed=7)
    theme, css = read_print_theme(ROOT / "examples" / "swiss-open")
    players = document_html(evaluate(t), "players", Selection(), theme, css)
    assert '<table class="textgrid">' in players
    assert f'<p class="legend">{COMPACT_FROM} players.</p>' in players
    # bench/tournaments.py: player i (0-based) starts at number i + 1 with FIDE id 10000000 + i;
    # the first line is number 1.
    first = players.split("<tr>")[2]  # after the heading's row
    assert '<td class="t">  1</td>' in first and "10000000" in first
    alpha = document_html(evaluate(t), "pairings-alpha", Selection(), theme, css)
    assert '<table class="textgrid">' in alpha
    heads = alpha.split("<thead>")[1].split("</thead>")[0]
    assert ">Player</th>" in heads and ">Opponent</th>" in heads
    assert heads.count('<th class="t">') == 2  # No. Bd Colour, then No. Result
    assert alpha.count('<tr class="z">') == COMPACT_FROM // 2  # every other line shaded


def test_a_large_round_prints_its_pairings_as_a_text_table() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    from tournaments import swiss

    t = swiss(2 * COMPACT_FROM, 5, seed=7)  # 100 boards less a few byes and withdrawals
    theme, css = read_print_theme(ROOT / "examples" / "swiss-open")
    html = document_html(evaluate(t), "pairings", Selection(), theme, css)
    assert '<table class="textgrid">' in html
    heads = html.split("<thead>")[1].split("</thead>")[0]
    assert ">White</th>" in heads and ">Black</th>" in heads
    # Bd No. | White | Rtg Pts Result Pts No. | Black | Rtg
    assert heads.count('<th class="t">') == 3
    first = html.split("<tbody>")[1].split("<tr>")[1]
    assert first.startswith('<td class="t"> 1  ')  # board 1 under "Bd", both 2 wide
