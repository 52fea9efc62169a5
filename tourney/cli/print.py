"""``tourney print DIR DOCUMENT``: one printed document as a PDF (docs/printing.md).

Loads the folder (errors with file:line, nothing written), builds the
document's view model for the selection (``--round``, ``--team``, ``--match``,
``--series``), renders its HTML with the templates in ``site_templates/pdf/``
(a folder's own ``templates/pdf/`` first) and turns it into a PDF with
WeasyPrint. The work is ``tourney.app.print``; this module parses and prints.
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from tourney.app.print import DOCUMENTS, PAPERS, PrintError, Selection, print_document
from tourney.cli.common import fail, print_diagnostics
from tourney.errors import TourneyError, did_you_mean


@click.command("print")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.argument("document", metavar="DOCUMENT")
@click.option("--round", "round_no", type=click.IntRange(min=1), help="The round (see DOCUMENT).")
@click.option("--team", help="One team only: id, name, short name or number.")
@click.option("--match", "match_no", type=click.IntRange(min=1), help="One match (match sheets).")
@click.option("--series", help="One series (individual ranking).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The file to write [default: DOCUMENT.pdf].",
)
@click.option(
    "--paper",
    type=click.Choice(sorted(PAPERS)),
    default=None,
    help="Paper size [default: tournament.yaml's 'paper', else a4].",
)
@click.option("--html", "as_html", is_flag=True, help="Write the HTML instead (template work).")
@click.option(
    "--unpublished",
    is_flag=True,
    help="Include rounds the site does not show yet (published: false).",
)
def command(
    folder: Path,
    document: str,
    round_no: int | None,
    team: str | None,
    match_no: int | None,
    series: str | None,
    output: Path | None,
    paper: str | None,
    as_html: bool,
    unpublished: bool,
) -> None:
    """Print one DOCUMENT of a tournament as a PDF.

    DOCUMENT is one of: pairings, pairings-alpha, pairings-poster, standings, crosstable,
    prizes, players, team-pairings, team-standings, team-crosstable, match-sheets,
    lineup-forms, rosters, board-prizes, individual-ranking, pairing-cards,
    wall-chart.

    Like the site, it leaves out a round marked 'published: false' and every
    round after it (--unpublished includes them).
    """
    if document not in DOCUMENTS:
        hint = did_you_mean(document, DOCUMENTS)
        raise click.BadParameter(
            f"unknown document '{document}'. {hint or 'Known: ' + ', '.join(DOCUMENTS)}",
            param_hint="DOCUMENT",
        )
    started = time.perf_counter()
    selection = Selection(round_no, team, match_no, series)
    target = output or Path(f"{document}.{'html' if as_html else 'pdf'}")
    try:
        pages, size = print_document(
            folder, document, selection, target, paper, as_html, unpublished, print_diagnostics
        )
    except PrintError as error:
        message = str(error) + (f" ({error.hint})" if error.hint else "")
        raise click.UsageError(message) from error
    except TourneyError as error:
        fail(error)
    what = f"{pages} page{'s' if pages != 1 else ''}" if pages else f"{size} bytes"
    click.echo(f"{target}: {document}, {what} ({time.perf_counter() - started:.2f} s)")
