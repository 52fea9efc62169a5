"""A table as rich prints it, drawn without rich's work per cell where the text is the same.

``tourney standings`` of 10,000 players spent most of its time in rich's table layout:
measuring, wrapping, cropping and styling each of about 100,000 cells, one object per
cell and per segment. Most of that work changes nothing when the output is not a
terminal (no colour, no bold), the table fits the console's width and each cell is one
line of plain text: rich then pads each cell to its column's widest (plus one space
each side), draws the heavy-head box and centres the title over the table. That case is
drawn here, the same text byte for byte (``tests/test_plain_table.py`` compares it with
rich's); anything else (a terminal, markup-like or wide characters) is printed by rich as
before.

A table wider than the console is drawn here too when rich would narrow only its widest
columns (``Table._collapse_widths``): 10,000 players' start numbers and ranks of five
digits made the standings 81 columns wide on a console of 80, and rich wrapped the names
of 20 characters. The few cells longer than their narrowed column are wrapped by rich
itself, the other cells padded as before.

Whether the output is such a pipe or file, and its width, is read without loading rich
(``piped``: rich's own rules for a console that is not a terminal, on a POSIX system;
rich's import alone was a sixth of ``tourney standings``, docs/robustness.md "Start-up");
wherever rich might decide otherwise (a terminal, the variables that force one, Jupyter,
IDLE, Windows), rich's console decides.
"""

from __future__ import annotations

import builtins
import io
import os
import re
import sys
import unicodedata
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

# rich's markup ([bold]) and its escapes, tabs and line breaks, and anything like an emoji
# code (:smile:, rich's pattern): text rich may change; such a table is left to rich.
_SPECIAL = re.compile(r"[\[\]\\\t\n\r]|:\S*?:")
# combining marks and format characters: no cell of their own (left to rich's tables)
_ZERO_WIDTH = frozenset({"Mn", "Me", "Mc", "Cf"})


def _width(text: str) -> int | None:
    """The cells ``text`` takes, when each character takes one; None otherwise."""
    if text.isascii():
        return len(text) if text.isprintable() else None
    if not text.isprintable():
        return None
    if all(c < "\u0530" and unicodedata.category(c) not in _ZERO_WIDTH for c in text):
        return len(text)  # Latin, Greek, Cyrillic letters: one cell each, in rich's tables too
    from rich.cells import get_character_cell_size

    if any(get_character_cell_size(c) != 1 for c in text):
        return None
    return len(text)


def plain_text(
    console: Any, title: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[str]]
) -> str | None:
    """The table as rich's ``Table(title=title)`` prints it on ``console``, or None when
    rich would do more than pad plain cells (see the module docstring).

    ``columns``: (heading, "left" or "right") each.
    """
    if console.is_terminal or console.color_system is not None:
        return None
    if not console.encoding.lower().startswith("utf"):
        return None  # rich draws an ASCII box then
    widths = []
    for heading, _ in columns:
        width = _width(heading)
        if width is None or _SPECIAL.search(heading):
            return None
        widths.append(width)
    for row in rows:
        if len(row) != len(widths):
            return None
        for index, cell in enumerate(row):
            if _SPECIAL.search(cell):
                return None
            width = _width(cell)
            if width is None:
                return None
            if width > widths[index]:
                widths[index] = width
    if any(w == 0 for w in widths):
        return None  # rich gives an empty column its own width rule
    title_width = _width(title)
    if title_width is None or _SPECIAL.search(title) or title != title.strip():
        return None
    if sum(widths) + 3 * len(widths) + 1 > console.width:
        shrunk = _shrunk(widths, console.width - len(widths) - 1)
        if shrunk is None:
            return None
        widths = shrunk
    total = sum(widths) + 3 * len(widths) + 1
    if title_width > total:
        return None
    right = [justify == "right" for _, justify in columns]

    def line(cells: Sequence[str], bar: str) -> str:
        parts = [
            cell.rjust(w) if r else cell.ljust(w)
            for cell, w, r in zip(cells, widths, right, strict=True)
        ]
        return bar + " " + f" {bar} ".join(parts) + " " + bar

    def lines(cells: Sequence[str], bar: str, header: bool) -> list[str]:
        if all(len(cell) <= w for cell, w in zip(cells, widths, strict=True)):
            return [line(cells, bar)]
        # a cell wider than its shrunk column: wrapped as rich wraps it, the row as tall
        # as its tallest cell (a header row's cells at the bottom, a body row's at the top)
        wrapped = [
            _wrapped(console, cell, w, "right" if r else "left")
            for cell, w, r in zip(cells, widths, right, strict=True)
        ]
        height = max(len(cell) for cell in wrapped)
        for index, cell in enumerate(wrapped):
            blank = [" " * (widths[index] + 2)] * (height - len(cell))
            wrapped[index] = blank + cell if header else cell + blank
        return [bar + bar.join(row) + bar for row in zip(*wrapped, strict=True)]

    spare = total - title_width
    out = [" " * (spare // 2) + title + " " * (spare - spare // 2)]
    out.append("┏" + "┳".join("━" * (w + 2) for w in widths) + "┓")
    out.extend(lines([heading for heading, _ in columns], "┃", header=True))
    out.append("┡" + "╇".join("━" * (w + 2) for w in widths) + "┩")
    for row in rows:
        out.extend(lines(row, "│", header=False))
    out.append("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
    return "\n".join(out) + "\n"


def _shrunk(widths: list[int], room: int) -> list[int] | None:
    """The column widths (without padding) rich gives a table too wide for its console,
    ``room`` being the console's width less the borders: the widest columns narrowed
    first. None where that is not enough (rich then narrows every column)."""
    from rich.table import Table

    measured = [min(w + 2, room) for w in widths]  # rich's measure: no wider than the room
    padded = Table._collapse_widths(measured, [True] * len(widths), room)
    if sum(padded) > room or any(w < 3 for w in padded):
        return None  # rich reduces every column then (its last resort)
    return [w - 2 for w in padded]


# rich consoles that only render the cells to wrap, by width (no output of their own)
_renderers: dict[int, Any] = {}


def _wrapped(console: Any, cell: str, width: int, justify: str) -> list[str]:
    """The lines of one cell as rich's table renders it in a column ``width`` wide
    (its padding included on each line)."""
    from rich.console import Console
    from rich.padding import Padding

    if not isinstance(console, Console):  # ``piped()``'s stand-in: rich's console of its width
        console = _renderers.get(console.width) or _renderers.setdefault(
            console.width, Console(width=console.width, color_system=None, file=io.StringIO())
        )
    options = console.options.update(
        width=width + 2, justify=justify, no_wrap=False, overflow="ellipsis", height=None
    )
    options = options.update(highlight=False)
    rendered = console.render_lines(Padding(cell, (0, 1)), options)
    return ["".join(segment.text for segment in line) for line in rendered]


def print_table(
    title: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[str]]
) -> None:
    """Print the table as ``rich.table.Table(title=title)`` does, quickly where it can."""
    pipe = piped()
    text = None if pipe is None else plain_text(pipe, title, columns, rows)
    if text is not None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    from rich.console import Console

    console = Console()
    text = plain_text(console, title, columns, rows)
    if text is not None:
        console.file.write(text)
        console.file.flush()
        return
    from rich.table import Table

    table = Table(title=title)
    for heading, justify in columns:
        table.add_column(heading, justify=justify)  # type: ignore[arg-type]
    for row in rows:
        table.add_row(*row)
    console.print(table)


# what makes rich's Console treat its output as a terminal, or size it otherwise
_FORCING = ("FORCE_COLOR", "TTY_COMPATIBLE", "JUPYTER_COLUMNS", "JUPYTER_LINES")


def piped() -> Any:
    """What ``rich.console.Console()`` sees on standard output when it is not a terminal
    (``is_terminal``, ``color_system``, ``encoding``, ``width``), read as rich reads it
    (rich 13-15) without loading rich; None wherever rich might see something else."""
    env = os.environ
    if os.name != "posix" or any(name in env for name in _FORCING):
        return None
    if hasattr(builtins, "get_ipython") or getattr(sys.stdin, "__module__", "").startswith(
        "idlelib"
    ):
        return None  # Jupyter, IDLE: rich's special cases
    try:
        if sys.stdout.isatty():
            return None
    except (AttributeError, ValueError):
        return None
    columns = env.get("COLUMNS")
    if columns is not None:
        if not columns.isdigit() or int(columns) == 0:
            return None
        width = int(columns)
    else:
        width = 0
        for stream in (sys.__stdin__, sys.__stdout__, sys.__stderr__):  # rich's order
            try:
                width = os.get_terminal_size(stream.fileno() if stream else -1).columns
            except (AttributeError, ValueError, OSError):
                continue
            break
    encoding = (getattr(sys.stdout, "encoding", "utf-8") or "utf-8").lower()
    return SimpleNamespace(
        is_terminal=False, color_system=None, encoding=encoding, width=width or 80
    )
