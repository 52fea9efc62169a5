"""``tourney report-result [DIR] --from FILE``: enter the result(s) of a "Report a result" form.

FILE is the body of an issue made with the repository's result form (one board)
or the captain's match form (``-`` reads stdin; ``tourney.edit.result_form``).
Each result is entered as ``tourney result`` enters it (``tourney.edit.results``),
all or none, on a board that has no result yet: a report never changes a stored
result (E465), and a report whose every result is there already changes nothing
(E466). DIR: the form's tournament (``toren/autumn``, or ``autumn`` when only one
tournament folder is called so). ``--answer FILE`` writes, when the report cannot
be applied, the comment the result workflow leaves on the issue.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

import click

from tourney.cli.common import fail
from tourney.edit.result_form import answer, read_report
from tourney.edit.results import UNSET, Change, set_result
from tourney.edit.signup_form import find_tournament
from tourney.errors import Diagnostic, InvalidInput, Refused, RefusedAt
from tourney.fs.atomic import write_text
from tourney.fs.lock import folder_lock
from tourney.load.folder import display, load_tournament
from tourney.model import Game, Result, Tournament


def stored(t: Tournament, number: int, board: int, match: int | None) -> Game | None:
    """The board a report names, None when the round file has no such board."""
    rnd = t.round(number)
    if rnd is None:
        return None
    if match is not None:
        if not 0 < match <= len(rnd.matches) or not 0 < board <= len(rnd.matches[match - 1].games):
            return None
        return rnd.matches[match - 1].games[board - 1]
    for index, game in enumerate(rnd.games):
        if (game.board or index + 1) == board:
            return game
    return None


def _refusal(path: Path, where: str, old: Result, new: Result) -> RefusedAt:
    return RefusedAt(
        Diagnostic(
            display(path),
            0,
            0,
            f"{where} has the result {old.value} already; the report says {new.value}",
            "a report never changes a result: a correction is the arbiter's "
            "(tourney result DIR ROUND BOARD RESULT --expect OLD)",
            code="E465",
        )
    )


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
    name = "<stdin>" if source == "-" else source
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise click.FileError(source, str(error)) from None

    def refuse(error: InvalidInput | Refused) -> NoReturn:
        if answer_file is not None:
            problems: Sequence[Diagnostic] | str = (
                error.diagnostics
                if isinstance(error, InvalidInput)
                else [error.diagnostic]
                if isinstance(error, RefusedAt)
                else str(error)
            )
            write_text(answer_file, answer(problems, name))
        fail(error)

    try:
        report = read_report(text, name)
        target = folder or find_tournament(
            Path("."), report.tournament, name, report.tournament_line
        )
    except InvalidInput as error:
        refuse(error)
    changes: list[Change] = []
    with folder_lock(target, "tourney report-result", on_busy=fail):
        try:
            t = load_tournament(target)
            for ref, result in report.results:
                game = stored(t, report.round, ref.board, ref.match)
                where = f"round {report.round}, board {ref}"
                if game is not None and game.result is not None and game.result != result:
                    raise _refusal(
                        target / "rounds" / f"{report.round:02d}.yaml", where, game.result, result
                    )
                changes.append(set_result(target, report.round, ref, result, UNSET))
                t = load_tournament(target)
            if not any(c.changed for c in changes):
                raise RefusedAt(
                    Diagnostic(
                        display(target),
                        0,
                        0,
                        f"round {report.round}: every reported result is there already",
                        "nothing to do",
                        code="E466",
                    )
                )
        except (InvalidInput, Refused) as error:
            refuse(error)
    for change in changes:
        where = f"{display(change.path)}:{change.line}" if change.line else display(change.path)
        if change.changed:
            click.echo(f"{where}: round {change.round}, {change.where}: {change.new}")
        else:
            click.echo(f"{where}: round {change.round}, {change.where} is already {change.new}")
