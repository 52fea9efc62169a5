"""``tourney report-result [DIR] --from FILE``: enter the result(s) of a "Report a result" form.

FILE is the body of an issue made with the repository's result form (one board)
or the captain's match form (``-`` reads stdin; ``tourney.edit.result_form``).
Each result is entered as ``tourney result`` enters it, all or none, on a board
that has no result yet: a report never changes a stored result (E465), and a
report whose every result is there already changes nothing (E466). DIR: the
form's tournament (``toren/autumn``, or ``autumn`` when only one tournament
folder is called so). ``--answer FILE`` writes, when the report cannot be
applied, the comment the result workflow leaves on the issue
(``tourney.app.report_result``).
"""

from __future__ import annotations

from pathlib import Path

import click

from tourney.app.report_result import display, report_result
from tourney.cli.common import fail, issue_body
from tourney.errors import TourneyError


@click.command("report-result")
@click.argument("folder", required=False, type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--from", "source", required=True, metavar="FILE", help="The issue body ('-': stdin)."
)
@click.option(
    "--answer",
    "answer_file",
    metavar="FILE",
    type=click.Path(dir_okay=False, path_type=Path),
    help="When the report cannot be applied, write the answer for the issue (Markdown) here.",
)
def command(folder: Path | None, source: str, answer_file: Path | None) -> None:
    """Enter the result(s) of a "Report a result" issue form in DIR (default: the form's)."""
    text, name = issue_body(source)
    try:
        _, changes = report_result(text, name, folder, answer_file)
    except TourneyError as error:
        fail(error)
    for change in changes:
        where = f"{display(change.path)}:{change.line}" if change.line else display(change.path)
        if change.changed:
            click.echo(f"{where}: round {change.round}, {change.where}: {change.new}")
        else:
            click.echo(f"{where}: round {change.round}, {change.where} is already {change.new}")
