"""Shared pieces of the commands: loading with diagnostics, and failing cleanly."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import NoReturn

import click

from tourney.errors import Diagnostic, InvalidInput, RefusedAt, TourneyError


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
    sys.exit(int(error.status))


def folder_argument(default: str = ".") -> click.Argument:
    return click.Argument(
        ["folder"],
        required=False,
        default=default,
        type=click.Path(file_okay=False, path_type=Path),
    )
