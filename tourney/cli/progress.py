"""Progress bars for commands that can take more than a couple of seconds.

``verify`` (rounds re-paired), ``build`` (pages rendered), ``build --pdf``
(PDFs rendered), ``import`` (its stages) and ``pair`` (each round) show one on standard error, drawn
by rich and removed when the work is done. Only on a terminal: when standard
output or standard error is piped or redirected, in CI (``CI`` set) or with
``TERM=dumb``, nothing is drawn, so logs and tests see only the command's own
lines; the bar never touches the files a command writes.

The work itself lives in ``app/`` and ``edit/``, which never print: they take
a ``progress(done, total, what)`` callback, and ``Steps`` is one.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

from tourney.app.text import for_terminal
from tourney.cli.terminal import raw_stream

if TYPE_CHECKING:
    from rich.console import Console  # rich loads only when a bar is drawn (bench/startup.py)

T = TypeVar("T")


def on_terminal() -> bool:
    """Whether a bar may be drawn: both streams a terminal, not CI, not a dumb terminal."""
    if os.environ.get("CI") or os.environ.get("TERM") == "dumb":
        return False
    return sys.stdout.isatty() and sys.stderr.isatty()


class Steps:
    """A bar fed by ``progress(done, total, what)`` calls, or one stage at a time (``step``).

    ``seen`` keeps every ``(done, total)`` reported, drawn or not. A bar is
    drawn only if ``shown`` (``--quiet`` passes ``False``), and then on standard
    error when ``on_terminal()``, or on ``console`` when one is given (tests).
    """

    def __init__(
        self,
        label: str,
        total: int = 0,
        *,
        shown: bool = True,
        console: Console | None = None,
        transient: bool = True,
    ) -> None:
        self.label = label
        self.total = total
        self.done = 0
        self.seen: list[tuple[int, int]] = []
        self._stages = 0
        self._console = console
        self._draw = shown and (console is not None or on_terminal())
        self._transient = transient
        self._progress: Any = None
        self._task: Any = None

    def __enter__(self) -> Steps:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is None and self._stages:  # the last stage finished
            self(self.total, self.total, "")
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def __call__(self, done: int, total: int, what: str = "") -> None:
        """``done`` of ``total`` finished; ``what`` is being worked on now."""
        self.done, self.total = done, total
        self.seen.append((done, total))
        if not self._draw:
            return
        text = for_terminal(f"{self.label}: {what}" if what else self.label)
        if self._progress is None:
            self._start(text)
        self._progress.update(self._task, completed=done, total=total, description=text)

    def step(self, what: str) -> None:
        """The next of ``total`` stages begins (the one before it is done)."""
        self._stages += 1
        self(self._stages - 1, self.total, what)

    def _start(self, text: str) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        self._progress = Progress(
            TextColumn("{task.description}", markup=False),  # names from a folder stay text
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=self._console or Console(file=raw_stream(sys.stderr)),
            transient=self._transient,
        )
        self._task = self._progress.add_task(text, total=self.total)
        self._progress.start()


def track(
    items: Sequence[T],
    label: str,
    *,
    console: Console | None = None,
    transient: bool = True,
) -> Iterator[T]:
    """``items`` one by one, with a bar ``label  ━━━━  3/7  0:00:02`` while they are worked on."""
    with Steps(label, len(items), console=console, transient=transient) as bar:
        for done, item in enumerate(items):
            bar(done, len(items))
            yield item
        bar(len(items), len(items))
