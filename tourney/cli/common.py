"""Shared pieces of the commands: paths as messages show them, the folder lock with output
held back; ``fail`` and ``print_diagnostics`` are ``tourney.cli.exits``'s."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import click

from tourney.cli.exits import fail, print_diagnostics


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


def issue_body(source: str) -> tuple[str, str]:
    """The text of an issue form's body and its name for messages: ``--from FILE``, or
    ``-`` for standard input (the workflows of ``signup`` and ``report-result``)."""
    name = "<stdin>" if source == "-" else source
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise click.FileError(source, str(error)) from None
    return text, name


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
    from tourney.app.lock import folder_lock  # the lock module loads only for writers

    held = _Held(sys.stdout)
    try:
        with folder_lock(folder, command, on_busy=fail), contextlib.redirect_stdout(held):
            yield
    finally:
        if held.getvalue():
            click.echo(held.getvalue(), nl=False)


__all__ = ["fail", "folder_argument", "print_diagnostics", "shown", "writing"]
