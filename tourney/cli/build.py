"""``tourney build [DIR] [-o _site]``: the static site of a tournament or a club folder,
or of a repository holding several (``tourney.app.repository``).

The work is ``tourney.app.build``; this module parses the options and prints. A site
build first asks the build cache (``tourney.app.build_cache``) whether anything changed
since the last build into the output folder; if nothing did, it reports the last
build's figures and stops before it imports the engine and the renderer.
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from tourney.app.build_cache import site_fingerprint, unchanged
from tourney.app.lock import folder_lock
from tourney.app.output_folder import check_output
from tourney.cli.common import fail, print_diagnostics
from tourney.cli.progress import Steps
from tourney.errors import Diagnostic, InvalidInput, TourneyError


@click.command("build")
@click.argument(
    "folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path)
)
@click.option(
    "-o",
    "--output",
    default="_site",
    show_default=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="The folder to write the site into.",
)
@click.option("-q", "--quiet", is_flag=True, help="Print only errors.")
@click.option("--pdf", is_flag=True, help="Also write the printed documents into OUTPUT/pdf/.")
@click.option(
    "--round", "pdf_round", type=click.IntRange(min=1), help="With --pdf: round N's documents."
)
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter"]),
    default=None,
    help="With --pdf: paper size [default: tournament.yaml's 'paper', else a4].",
)
@click.option(
    "--force", is_flag=True, help="Write into OUTPUT even if it holds files tourney did not write."
)
def command(
    folder: Path,
    output: Path,
    quiet: bool,
    pdf: bool,
    pdf_round: int | None,
    paper: str | None,
    force: bool,
) -> None:
    """Build the static web site of a tournament or club folder.

    A folder holding clubs and tournaments (a league repository's top) gets each
    one's site in a folder of the same name and a home page listing them all.
    """
    started = time.perf_counter()
    problem = check_output(folder, output, force)
    if problem is not None:
        fail(InvalidInput([Diagnostic(str(output), 0, 0, problem, "use -o _site", code="E431")]))
    try:
        with folder_lock(folder, "tourney build", on_busy=fail):
            fingerprint = None
            if not pdf:  # the PDFs have their own reuse (tourney.app.print)
                fingerprint = site_fingerprint(folder, output)
                if _unchanged(output, fingerprint, quiet, started):
                    return
            from tourney.app.build import Printed
            from tourney.app.site import build

            # a bar on a terminal only (tourney.cli.progress): kinds of page, then PDFs
            with Steps("building the site", shown=not quiet) as pages:
                built = build(
                    folder,
                    output,
                    Printed(pdf_round) if pdf else None,
                    progress=pages,
                    fingerprint=fingerprint,
                )
            pdfs: list[Path] = []
            changed: list[Path] = []  # the PDFs whose bytes changed (the rest are kept)
            if pdf:
                from tourney.app.print import write_build_pdfs

                with Steps("rendering PDFs", shown=not quiet) as documents:
                    pdfs = write_build_pdfs(
                        folder, output, paper, pdf_round, documents, built.evaluation, changed
                    )
    except TourneyError as error:  # InvalidInput, and PdfUnavailable without WeasyPrint
        fail(error)
    print_diagnostics(built.warnings)
    if not quiet:
        r = built.report
        click.echo(
            f"{output}: {built.pages} pages; {len(r.written)} files written, "
            f"{r.unchanged} unchanged, {len(r.removed)} removed ({built.seconds:.2f} s)"
        )
        if pdf:
            click.echo(
                f"{output}: {len(pdfs)} PDF files; {len(changed)} written, "
                f"{len(pdfs) - len(changed)} unchanged"
            )


def _unchanged(output: Path, fingerprint: str, quiet: bool, started: float) -> bool:
    """Nothing changed since the last build into ``output`` (same inputs, its files as
    that build left them): say what that build said, and do nothing."""
    record = unchanged(output, fingerprint)
    if record is None:
        return False
    for warning in record.warnings:  # as print_diagnostics printed them
        click.echo(warning, err=True)
    if not quiet:
        files = len(record.files) - 1  # the manifest is not a file of the site
        click.echo(
            f"{output}: {record.pages_count} pages; 0 files written, {files} unchanged, "
            f"0 removed ({time.perf_counter() - started:.2f} s; nothing changed)"
        )
    return True
