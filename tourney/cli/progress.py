"""A progress bar for commands that can take more than a couple of seconds.

Shown on stderr, and only when stderr is a terminal: piped output, CI logs
and tests see nothing but the command's own lines. rich draws it; it is
removed when the work is done.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from typing import TypeVar

from rich.console import Console

T = TypeVar("T")


def track(
    items: Sequence[T],
    label: str,
    *,
    console: Console | None = None,
    transient: bool = True,
) -> Iterator[T]:
    """``items`` one by one, with a bar ``label  ━━━━  3/7  0:00:02`` while they are worked on."""
    shown = console is not None or sys.stderr.isatty()
    if not shown or len(items) < 2:
        yield from items
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console or Console(stderr=True),
        transient=transient,
    ) as progress:
        task = progress.add_task(label, total=len(items))
        for item in items:
            yield item
            progress.advance(task)
