"""Enter the result(s) of a "Report a result" issue form: ``tourney report-result``'s use
case (docs/git-workflow.md "Results from a phone").

The form is read (``tourney.edit.result_form``), the tournament found in the
repository (as for sign-ups), and each result entered as ``tourney result`` enters
it (``tourney.edit.results``), all or none under the folder lock, on a board that
has no result yet: a report never changes a stored result (E465), and a report
whose every result is there already changes nothing (E466). When it cannot be
applied and ``answer_file`` is given, the comment for the issue is written there
before the error goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

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


def report_result(
    text: str, name: str, folder: Path | None = None, answer_file: Path | None = None
) -> tuple[Path, list[Change]]:
    """The tournament folder and what was entered; ``InvalidInput``, ``Refused`` or
    ``Locked`` otherwise (nothing written, the answer written to ``answer_file``)."""
    try:
        return _enter(text, name, folder)
    except (InvalidInput, Refused) as error:
        if answer_file is not None:
            problems: Sequence[Diagnostic] | str = (
                error.diagnostics
                if isinstance(error, InvalidInput)
                else [error.diagnostic]
                if isinstance(error, RefusedAt)
                else str(error)
            )
            write_text(answer_file, answer(problems, name))
        raise


def _enter(text: str, name: str, folder: Path | None) -> tuple[Path, list[Change]]:
    report = read_report(text, name)
    target = folder or find_tournament(Path("."), report.tournament, name, report.tournament_line)
    changes: list[Change] = []
    with folder_lock(target, "tourney report-result"):
        t = load_tournament(target)
        for ref, result in report.results:
            game = stored(t, report.round, ref.board, ref.match)
            where = f"round {report.round}, board {ref}"
            if game is not None and game.result is not None and game.result != result:
                path = target / "rounds" / f"{report.round:02d}.yaml"
                raise _refusal(path, where, game.result, result)
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
    return target, changes


__all__ = ["display", "report_result"]
