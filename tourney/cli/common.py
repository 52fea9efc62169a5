"""Shared pieces of the commands: loading with diagnostics, and failing cleanly."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NoReturn

import click

from tourney.errors import Diagnostic, InvalidInput, RefusedAt, TourneyError


def print_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    for diagnostic in diagnostics:
        click.echo(diagnostic.format(), err=True)


def shown(path: Path | str) -> str:
    """A path as messages print it: relative to where the user stands (``../club/x.yaml``
    when it is beside it), never the absolute path a command worked with.

    >>> shown(Path.cwd() / "spring" / "final.yaml")
    'spring/final.yaml'
    """
    text = str(path)
    if not os.path.isabs(text):
        return text
    try:
        return os.path.relpath(text)
    except ValueError:  # another drive (Windows): nothing relative exists
        return text


def fail(error: TourneyError, what_happened: str = "nothing was written") -> NoReturn:
    """Print an error the way every command does, and exit with its status."""
    if isinstance(error, InvalidInput):
        print_diagnostics(error.diagnostics)
        count = len(error.errors)
        click.echo(f"{count} error{'s' if count != 1 else ''}; {what_happened}", err=True)
    elif isinstance(error, RefusedAt):
        print_diagnostics([error.diagnostic])
        click.echo(what_happened, err=True)
    else:
        click.echo(f"error: {error}", err=True)
    sys.exit(int(error.status))


def folder_argument(default: str = ".") -> click.Argument:
    return click.Argument(
        ["folder"],
        required=False,
        default=default,
        type=click.Path(file_okay=False, path_type=Path),
    )


class _Held(io.StringIO):
    """Output held back, still a terminal when stdout is one (progress bars ask)."""

    def __init__(self, real: io.TextIOBase | object) -> None:
        super().__init__()
        self._real = real

    def isatty(self) -> bool:
        isatty = getattr(self._real, "isatty", None)
        return bool(isatty()) if callable(isatty) else False


@contextlib.contextmanager
def writing(folder: Path, command: str) -> Iterator[None]:
    """The folder lock (and so its all-or-nothing transaction) for a command that writes,
    with what the body prints held back until its writes are kept.

    ``tourney pair X | head`` closes the pipe after a few lines: a report printed
    inside the transaction would fail there and undo every file it had just
    reported written. Held back, it is printed after the commit, and a closed pipe
    can only cut the report short (``cli.LazyGroup`` then exits quietly).
    """
    from tourney.fs.lock import folder_lock  # the lock module loads only for writers

    held = _Held(sys.stdout)
    try:
        with folder_lock(folder, command, on_busy=fail), contextlib.redirect_stdout(held):
            yield
    finally:
        if held.getvalue():
            click.echo(held.getvalue(), nl=False)
