"""``tourney serve [DIR]``: preview the site on 127.0.0.1, rebuilt on every saved change.

The use case is :func:`tourney.app.serve.serve`; this command picks the output
folder (a temporary one by default, removed on exit) and prints what it reports.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import click

from tourney.app.build import check_output
from tourney.app.serve import Preview, serve


@click.command("serve")
@click.argument(
    "folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path)
)
@click.option("-p", "--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    help="Build into this folder (default: a temporary folder, removed on exit).",
)
def command(folder: Path, port: int, output: Path | None) -> None:
    """Preview the site on 127.0.0.1, rebuilding on every saved change."""
    temporary = output is None
    out = Path(tempfile.mkdtemp(prefix="tourney-site-")) if output is None else output
    problem = check_output(folder, out)
    if problem is not None:
        raise click.UsageError(problem)

    def ready(bound: int) -> None:
        click.echo(f"Serving {folder} on http://127.0.0.1:{bound}/ (Ctrl-C to stop)")

    try:
        serve(Preview(folder, out), port, lambda line, err: click.echo(line, err=err), ready)
    except KeyboardInterrupt:
        click.echo("stopped")
    finally:
        if temporary:
            shutil.rmtree(out, ignore_errors=True)
