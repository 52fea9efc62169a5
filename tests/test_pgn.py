"""PGN as real files write it (tourney.load.pgn): tags with escapes, comments, variations,
NAGs, escape lines, several games, and errors with their line and column."""

from __future__ import annotations

import re

import pytest

from tourney.load.pgn import PgnError, parse_pgn

BROADCAST = """\ufeff[Event "Open"]
[Round "3.1"]
[White "O'Neill, \\"Pat\\""]
[Black "Back\\\\slash"]
[Result "0-1"]

1.e4 {[%clk 1:30:00]} 1...e5 {[%clk 1:29:58] the usual} 2. Nf3 $1 Nc6 (2... d6 3. d4
(3. Bc4 {a line inside a line}) 3... exd4) 3. Bb5!? a6 ; the Morphy line
% an escape line the reader ignores: 4. Qxf7
4. Ba4 Nf6 0-1

[Event "Open"]
[Round "3.2"]
[Result "1/2-1/2"]

1. d4 d5 2. c4 { a comment
over two lines } e6 1/2-1/2
"""


def test_a_broadcast_file() -> None:
    first, second = parse_pgn(BROADCAST)
    assert first.tag("White") == 'O\'Neill, "Pat"'
    assert first.tag("Black") == "Back\\slash"
    assert first.tag("Round") == "3.1"
    assert first.moves == ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6")
    assert first.result == "0-1"
    assert first.comments == ((2, "the usual"), (6, "the Morphy line"))
    assert first.line == 1
    assert second.moves == ("d4", "d5", "c4", "e6")
    assert second.comments == ((3, "a comment over two lines"),)
    assert second.result == "1/2-1/2"
    assert second.line == 12
    assert BROADCAST[second.start : second.end].startswith('[Event "Open"]\n[Round "3.2"]')
    assert BROADCAST[second.start : second.end].endswith("e6 1/2-1/2")


def test_no_termination_and_odd_spellings() -> None:
    text = '[White "A"]\n1. e4 e5\n[White "B"]\n1. d4 ½-½\n\n1. c4 *\n'
    games = parse_pgn(text)
    assert [g.result for g in games] == ["*", "1/2-1/2", "*"]
    assert [g.moves for g in games] == [("e4", "e5"), ("d4",), ("c4",)]
    assert games[2].tags == ()
    assert parse_pgn("1. O-O-O 0-0 2. e8=Q+ Kxe8# 1-0")[0].moves == (
        "O-O-O",
        "0-0",
        "e8=Q+",
        "Kxe8#",
    )
    assert parse_pgn("") == []


@pytest.mark.parametrize(
    ("text", "line", "col", "message"),
    [
        ('[White "A"]\n\n1. e4 {never closed\n', 3, 7, "never closed with '}'"),
        ("1. e4 (1. d4 d5\n2. c4 1-0", 1, 7, "never closed with ')'"),
        ("1. e4 e5 ) 1-0", 1, 10, "closes no variation"),
        ('[White "A]\n1. e4', 1, 8, "not closed with '\"'"),
        ("[White A]\n1. e4", 1, 8, "needs a quoted value"),
        ("1. e4 @ 1-0", 1, 7, "'@' is not PGN here"),
        ("1. e4 $x", 1, 7, "needs digits"),
    ],
)
def test_errors_point_at_line_and_column(text: str, line: int, col: int, message: str) -> None:
    with pytest.raises(PgnError, match=re.escape(message)) as caught:
        parse_pgn(text)
    assert (caught.value.line, caught.value.col) == (line, col)
