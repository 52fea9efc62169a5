"""``tourney signup``'s use case (docs/git-workflow.md): the player of a sign-up form added
to the form's tournament, as ``tourney player add`` adds one, ``approved: true``.

The form is read by ``tourney.edit.signup``; a player already there (same FIDE ID, or
same name), a closed registration or a finalized tournament is refused (E250-E252,
``tourney.edit.closed``). When the sign-up cannot be applied, ``answer_text`` is the
comment the sign-up workflow leaves on the issue.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tourney.edit import players
from tourney.edit.closed import refuse_finalized
from tourney.edit.players import PlayerChange
from tourney.edit.signup import SignUp, read_form
from tourney.edit.signup_form import answer, find_tournament, open_tournaments
from tourney.errors import Diagnostic, InvalidInput, Refused, RefusedAt
from tourney.fs.atomic import write_text
from tourney.fs.lock import folder_lock
from tourney.load.folder import club_members, load_tournament


def read_signup(folder: Path | None, text: str, source: str) -> tuple[SignUp, Path]:
    """The sign-up in an issue body and its tournament folder (``folder``, else the
    form's tournament under the current folder). ``InvalidInput`` when it does not fit."""
    form = read_form(text, source)
    target = folder or find_tournament(Path("."), form.tournament, source, form.tournament_line)
    return form, target


def sign_up(target: Path, form: SignUp) -> PlayerChange:
    """Add the form's player to ``target``; ``InvalidInput`` or ``Refused``: nothing written."""
    with folder_lock(target, "tourney signup"):
        refuse_finalized(target, f"the sign-up of {form.name}")
        t = load_tournament(target)
        fide = dict(form.fields).get("fide_id")
        for p in t.players:
            if (fide and p.fide_id == fide) or p.name.casefold() == form.name.casefold():
                raise Refused(f"{form.name} is already registered as {p.id} ({p.name})")
        return players.add(
            target, t, form.name, form.fields, approved=True, members=club_members(target)
        )


def write_answer(path: Path, error: InvalidInput | Refused, source: str) -> None:
    """The comment for the issue of a sign-up that could not be applied (Markdown)."""
    problems: Sequence[Diagnostic] | str = (
        error.diagnostics
        if isinstance(error, InvalidInput)
        else [error.diagnostic]
        if isinstance(error, RefusedAt)
        else str(error)
    )
    write_text(path, answer(problems, source, open_tournaments(Path("."))))


__all__ = ["SignUp", "read_signup", "sign_up", "write_answer"]
