"""`tourney standings` draws a plain table itself where rich would only pad the cells
(tourney.cli.plain_table): the text must be rich's, byte for byte, and anything rich
would do more with goes to rich."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.table import Table

from tourney.cli.plain_table import plain_text

COLUMNS = [("Rank", "right"), ("No", "right"), ("Name", "left"), ("Pts", "right"), ("BH", "right")]


def rich_text(title: str, columns: list[tuple[str, str]], rows: list[list[str]], width: int) -> str:
    sink = io.StringIO()
    table = Table(title=title)
    for heading, justify in columns:
        table.add_column(heading, justify=justify)  # type: ignore[arg-type]
    for row in rows:
        table.add_row(*row)
    Console(file=sink, width=width).print(table)
    return sink.getvalue()


def console(width: int) -> Console:
    return Console(file=io.StringIO(), width=width)


@pytest.mark.parametrize(
    ("title", "rows"),
    [
        ("Open: standings after round 5 (C.07 2026)", [["1", "4", "Kuipers, Jan", "4", "12.5"]]),
        # a tie (no rank shown), a long and an accented name, a wide number
        (
            "T",
            [
                ["1", "10000", "Ekström, Kári-Øyvind", "10.5", "77.25"],
                ["", "2", "Ng, Li", "10.5", "-"],
                ["3", "17", "Łukasiewicz, Zoë", "0", "0"],
            ],
        ),
        # a title as wide as the table, and an odd spare column split around it
        ("A title of just about twenty-ni", [["1", "2", "Bo", "1", "2"]]),
        ("Odd", [["1", "2", "Bo", "1", "2"]]),
        ("T", [["1", "2", "", "1", "2"]]),  # an empty cell
    ],
)
def test_the_plain_table_is_richs_byte_for_byte(title: str, rows: list[list[str]]) -> None:
    text = plain_text(console(80), title, COLUMNS, rows)
    assert text is not None
    assert text == rich_text(title, COLUMNS, rows, 80)


# Wider than the console: rich narrows the widest column(s) and wraps their cells by word.
# 10,000 players: numbers of five digits and names of 20 characters made the standings
# table one column wider than the console of 80. Here five columns of 5 + 5 + 20 + 4 + 5,
# plus 3 a column and 1, are 55 on a console of 54: the name column gets 19 and
# "de Vries, Joost 3191" takes two lines ("de Vries, Joost", "3191").
WIDE = [
    ("T", [["10000", "10000", "de Vries, Joost 3191", "10.5", "77.25"]], 54),
    ("T", [["1", "3191", "de Vries, Joost 3191", "0", "1"], ["2", "7", "Ng, Li", "1", "2"]], 36),
    # two columns equally wide narrowed together; a right-justified one wrapped
    ("T", [["1", "2", "Anna Maria Bakker", "1", "one two three four five"]], 50),
    # a heading wider than its cells, narrowed: the header row's cells at the bottom
    ("T", [["1", "2", "Bo", "1", "2"]], 24),
    ("A title", [["1", "2", "A very long name that will not fit in forty columns", "1", "2"]], 40),
    # a word longer than its column: cut with an ellipsis, as rich does
    ("T", [["1", "2", "Supercalifragilisticexpialidocious Bo", "1", "2"]], 36),
]


@pytest.mark.parametrize(("title", "rows", "width"), WIDE)
def test_a_table_wider_than_the_console_is_richs_byte_for_byte(
    title: str, rows: list[list[str]], width: int
) -> None:
    text = plain_text(console(width), title, COLUMNS, rows)
    assert text is not None
    assert text == rich_text(title, COLUMNS, rows, width)


def test_the_name_of_the_ten_thousand_player_table_takes_two_lines() -> None:
    rows = [["10000", "10000", "de Vries, Joost 3191", "10.5", "77.25"]]
    text = plain_text(console(54), "T", COLUMNS, rows)
    assert text is not None
    body = text.splitlines()[4:6]
    assert body == [
        "│ 10000 │ 10000 │ de Vries, Joost     │ 10.5 │ 77.25 │",
        "│       │       │ 3191                │      │       │",
    ]


@pytest.mark.parametrize(
    ("title", "rows", "width"),
    [
        ("T", [["1", "2", "[bold]Bo[/bold]", "1", "2"]], 80),  # markup
        ("T", [["1", "2", "Bo :smile: Bo", "1", "2"]], 80),  # an emoji code
        ("T", [["1", "2", "李小龍", "1", "2"]], 80),  # two cells a character
        ("A title far wider than the little table under it", [["1", "2", "B", "1", "2"]], 80),
        ("A title of just about twenty-nin", [["1", "2", "Bo", "1", "2"]], 80),  # wrapped
    ],
)
def test_what_rich_does_more_with_is_left_to_rich(
    title: str, rows: list[list[str]], width: int
) -> None:
    assert plain_text(console(width), title, COLUMNS, rows) is None


def test_a_terminal_gets_richs_table() -> None:
    terminal = Console(file=io.StringIO(), force_terminal=True, width=80)
    assert plain_text(terminal, "T", COLUMNS, [["1", "2", "Bo", "1", "2"]]) is None


# Standard output a pipe, as in ``tourney standings > file``: what the rich-free probe
# reads must be what rich's Console reads (or the probe must step aside: None).
PROBE = """
import json
from rich.console import Console
from tourney.cli.plain_table import piped
seen = piped()
rich = Console()
print(json.dumps([
    None if seen is None else [seen.is_terminal, seen.color_system, seen.encoding, seen.width],
    [rich.is_terminal, rich.color_system, rich.encoding, rich.width],
]))
"""


@pytest.mark.parametrize(
    "variables",
    [{}, {"COLUMNS": "120"}, {"COLUMNS": "50"}, {"COLUMNS": "0"}, {"FORCE_COLOR": "1"}],
    ids=["plain", "columns-120", "columns-50", "columns-0", "force-color"],
)
def test_the_probe_reads_a_pipe_as_rich_does(variables: dict[str, str]) -> None:
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("COLUMNS", "LINES", "FORCE_COLOR", "TTY_COMPATIBLE", "TERM")
    }
    env.update(variables, PYTHONPATH=str(root))
    run = subprocess.run(
        [sys.executable, "-c", PROBE],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=True,
    )
    probe, rich = json.loads(run.stdout)
    if variables.get("FORCE_COLOR") or variables.get("COLUMNS") == "0":
        assert probe is None  # rich decides
    else:
        assert probe == rich
        assert probe[3] == int(variables.get("COLUMNS", "80"))


def test_letters_below_armenian_take_one_cell_as_in_richs_tables() -> None:
    """The widths read without rich (Latin with accents, Greek, Cyrillic: U+00A0 to
    U+052F, combining marks and format characters left to rich) are rich's."""
    import unicodedata

    from rich.cells import get_character_cell_size

    from tourney.cli.plain_table import _width

    for code in range(0xA0, 0x530):
        c = chr(code)
        if not c.isprintable() or unicodedata.category(c) in ("Mn", "Me", "Mc", "Cf"):
            continue
        assert get_character_cell_size(c) == 1, hex(code)
        assert _width(f"a{c}") == 2, hex(code)
    assert _width("Łukasiewicz, Zoë") == 16
    assert _width("Ekström, 日本") is None  # wide: rich's table decides


def test_a_wide_table_on_the_stand_in_of_a_piped_console_is_richs() -> None:
    # print_table reads a pipe's width without rich (plain_table.piped: a stand-in with
    # is_terminal, color_system, encoding and width); the cells to wrap still need
    # rich's renderer, which the stand-in does not have.
    from types import SimpleNamespace

    pipe = SimpleNamespace(is_terminal=False, color_system=None, encoding="utf-8", width=54)
    rows = [["10000", "10000", "de Vries, Joost 3191", "10.5", "77.25"]]
    assert plain_text(pipe, "T", COLUMNS, rows) == rich_text("T", COLUMNS, rows, 54)
