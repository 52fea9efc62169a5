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
issue (``tourney.edit.signup_form.answer``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

import click

from tourney.cli.common import fail, issue_body
from tourney.cli.player import report
from tourney.edit import players
from tourney.edit.closed import refuse_finalized
from tourney.edit.signup import read_form
from tourney.edit.signup_form import answer, find_tournament, open_tournaments
from tourney.errors import Diagnostic, InvalidInput, Refused, RefusedAt
from tourney.fs.atomic import write_text
from tourney.fs.lock import folder_lock
from tourney.load.folder import club_members, load_tournament


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
            problems: Sequence[Diagnostic] | str = (
                error.diagnostics
                if isinstance(error, InvalidInput)
                else [error.diagnostic]
                if isinstance(error, RefusedAt)
                else str(error)
            )
            write_text(answer_file, answer(problems, name, open_tournaments(Path("."))))
        fail(error)

    try:
        form = read_form(text, name)
        target = folder or find_tournament(Path("."), form.tournament, name, form.tournament_line)
    except InvalidInput as error:
        refuse(error)
    if folder is None and target.as_posix() != form.tournament:
        click.echo(f"Tournament '{form.tournament}': the folder {target.as_posix()}")
    with folder_lock(target, "tourney signup", on_busy=fail):
        try:
            refuse_finalized(target, f"the sign-up of {form.name}")
            t = load_tournament(target)
            fide = dict(form.fields).get("fide_id")
            for p in t.players:
                if (fide and p.fide_id == fide) or p.name.casefold() == form.name.casefold():
                    raise Refused(f"{form.name} is already registered as {p.id} ({p.name})")
            change = players.add(
                target, t, form.name, form.fields, approved=True, members=club_members(target)
            )
        except (InvalidInput, Refused) as error:
            refuse(error)
    report(change)
