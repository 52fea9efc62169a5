"""``tourney signup [DIR] --from FILE``: add the player of a sign-up form (docs/git-workflow.md).

FILE is the body of an issue made with the repository's sign-up form (``-``
reads stdin). The player is added to DIR/players.yaml (DIR: the form's
tournament) with ``approved: true``, as ``tourney player add`` adds one; a
player already there (same FIDE ID, or same name) is refused, and so is a
sign-up outside the registration window or to a finalized tournament (E250-E252,
``tourney.edit.closed``). In a club folder a club member (same FIDE ID, or
exactly the member's name) is added as the member, a guest with a guest's id. The form's
tournament is a folder of the repository here (``toren/autumn``, or ``autumn``
when only one tournament folder is called so). ``--answer FILE`` writes, when
the sign-up cannot be applied, the comment the sign-up workflow leaves on the
issue (``tourney.app.signup.write_answer``).
"""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import click

from tourney.app.lock import Locked
from tourney.app.signup import read_signup, sign_up, write_answer
from tourney.cli.common import fail, issue_body
from tourney.cli.player import report
from tourney.errors import InvalidInput, Refused


@click.command("signup")
@click.argument("folder", required=False, type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--from", "source", required=True, metavar="FILE", help="The issue body ('-': stdin)."
)
@click.option(
    "--answer",
    "answer_file",
    metavar="FILE",
    type=click.Path(dir_okay=False, path_type=Path),
    help="When the sign-up cannot be applied, write the answer for the issue (Markdown) here.",
)
def command(folder: Path | None, source: str, answer_file: Path | None) -> None:
    """Add the player of a sign-up form to DIR (default: the form's tournament)."""
    text, name = issue_body(source)

    def refuse(error: InvalidInput | Refused) -> NoReturn:
        if answer_file is not None:
            write_answer(answer_file, error, name)
        fail(error)

    try:
        form, target = read_signup(folder, text, name)
    except InvalidInput as error:
        refuse(error)
    if folder is None and target.as_posix() != form.tournament:
        click.echo(f"Tournament '{form.tournament}': the folder {target.as_posix()}")
    try:
        change = sign_up(target, form)
    except Locked as error:  # busy, not refused: no answer for the issue
        fail(error)
    except (InvalidInput, Refused) as error:
        refuse(error)
    report(change)
