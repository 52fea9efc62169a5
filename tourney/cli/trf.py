"""``tourney export DIR`` and ``tourney import FILE.trf DIR``: TRF-2026 / TRF16 out and in.

Export writes :func:`tourney.app.export.trf_text` of the folder to a file or
to standard output. Import reads a TRF (TRF16, TRF-2026 with its team records,
the engines' XX records and the project's XXO dialect) with
:mod:`tourney.app.trf_import`, which makes the few values a folder is stricter
about fit (titles ``g``/``wm`` -> ``GM``/``WIM``, federation and sex codes) and
writes a new tournament folder: all files or none, never into a folder that has
files. docs/trf.md lists what a TRF cannot carry; those settings come back on
their defaults.

The commands are ``export_command`` and ``import_command``; the package's
command list registers them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from tourney.app.export import VERSIONS, Version, numbering_problem, trf_bytes, write_trf_file
from tourney.app.folder import open_tournament
from tourney.app.trf_import import IMPORT_STAGES, import_trf
from tourney.cli.common import fail, print_diagnostics
from tourney.cli.progress import Steps
from tourney.errors import Diagnostic, InvalidInput, TourneyError


@click.command("export")
@click.argument(
    "folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path)
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the TRF to this file (default: standard output).",
)
@click.option(
    "--format",
    "version",
    type=click.Choice(VERSIONS),
    default="trf26",
    show_default=True,
    help="TRF-2026 (with the team records), or TRF16 for tools that only read the old format.",
)
@click.option(
    "--requested-byes",
    type=click.Choice(["counted", "uncounted"]),
    default="counted",
    show_default=True,
    help="Whether a bye requested for the round about to be paired counts in the points "
    "column (JaVaFo counts it; other engines add it themselves).",
)
def export_command(
    folder: Path, output: Path | None, version: Version, requested_byes: str
) -> None:
    """Write the tournament in FOLDER as a TRF file (FIDE Tournament Report File)."""
    try:
        t, warnings = open_tournament(folder)
    except InvalidInput as error:
        fail(error, "nothing was exported")
    print_diagnostics(warnings)
    problem = numbering_problem(t, folder)
    if problem is not None:  # more than four digits (E455)
        fail(InvalidInput([problem]), "nothing was exported")
    data = trf_bytes(t, version, requested_byes == "counted")
    if output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    write_trf_file(output, data)
    click.echo(
        f"wrote {output} ({version}, {_count(len(t.players), 'player')}, "
        f"{_count(len(t.rounds), 'round')})"
    )


@click.command("import")
@click.argument("trf_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
def import_command(trf_file: Path, folder: Path) -> None:
    """Read TRF_FILE (TRF16 or TRF-2026) into a new tournament folder FOLDER."""
    notes: list[Diagnostic] = []
    try:
        # three stages, a bar on a terminal only (a 3,000-player file takes seconds)
        with Steps("importing", IMPORT_STAGES) as bar:
            t = import_trf(trf_file, folder, notes, stage=bar.step)
    except TourneyError as error:
        print_diagnostics(notes)
        fail(error)
    print_diagnostics(notes)  # after the bar, which would hide them
    what = f"{_count(len(t.teams), 'team')}, " if t.is_team else ""
    click.echo(
        f"wrote {folder}/ from {trf_file.name}: '{t.settings.name}', {t.settings.format.value}, "
        f"{what}{_count(len(t.players), 'player')}, {_count(len(t.rounds), 'round')}"
    )
    click.echo(f"next: tourney check {folder}")


__all__ = ["export_command", "import_command"]


commands = (export_command, import_command)


def _count(n: int, noun: str) -> str:
    """``1 round``, ``2 rounds``: the summary lines of import and export."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
