"""How a command ends: the one place that maps an error to an exit status and exits.

Every command returns, or raises; ``tourney.cli.LazyGroup.invoke`` hands whatever it
raised to ``ended``:

- a ``TourneyError`` (bad input, a refusal, ...) is printed as every command prints
  it (``fail``) and ends with its status (docs/cli.md, "Exit codes": 1, 2, 3);
- click's own ends (``--help``, a usage error, ``Abort``) are click's to print;
- anything else is a bug in tourney: one line, "internal error, please report it",
  and exit status 70 (``INTERNAL``); the traceback only with ``tourney --traceback``.

This is the only module of the command line that calls ``sys.exit``
(tests/test_layers.py checks it).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import NoReturn

import click

from tourney.errors import Diagnostic, ExitStatus, InvalidInput, RefusedAt, TourneyError


def leave(status: ExitStatus) -> NoReturn:
    """End the command with ``status`` (what it printed stays printed)."""
    sys.exit(int(status))


def print_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    for diagnostic in diagnostics:
        click.echo(diagnostic.format(), err=True)


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
    leave(error.status)


def internal(error: BaseException, show_traceback: bool) -> NoReturn:
    """A bug: one line naming it (and the traceback when asked), exit status 70."""
    if show_traceback:
        import traceback  # a bug's report only: not loaded by every command

        traceback.print_exception(error, file=sys.stderr)
    what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    where = "" if show_traceback else " (tourney --traceback ... shows where)"
    line = f"internal error, please report it: {what}{where}"
    click.echo(" ".join(line.split()), err=True)  # one line, whatever the message holds
    leave(ExitStatus.INTERNAL)
