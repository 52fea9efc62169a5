"""E207: a leftover ``.tourney-journal``: a command that was changing the folder was killed.
E260: a ``.tourney-journal`` that tourney did not write (a file, a link, or entries naming
anything but the folder's own data files).

The commands that take the folder lock refuse such a folder (``tourney.fs.lock``);
``check`` and every other command that validates say so too, since the folder's
files may hold half an edit. Only ``tourney recover`` acts on a journal, and only
when the user asks: a journal could come with a pull request (docs/security.md
"Multi-file edits"). So this check reads the entries' first lines to tell the two
apart, and never restores or removes anything. A journal of this very process (a
command that validates the folder again after its writes, inside its transaction)
is not a leftover. A tournament of a club is also covered by the club's journal
(a killed ``finalize`` leaves it there).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from tourney.errors import Diagnostic
from tourney.fs import journal
from tourney.fs.lock import club_folder
from tourney.fs.transaction import active_for


def leftover_journal(
    folder: Path, display: Callable[[Path], str], with_club: bool = False
) -> list[Diagnostic]:
    """The journal of ``folder`` (and, ``with_club``, of the club folder holding it)."""
    found = _one(folder, display)
    club = club_folder(folder) if with_club else None
    if club is not None:
        found += _one(club, display)
    return found


def _one(folder: Path, display: Callable[[Path], str]) -> list[Diagnostic]:
    if not journal.exists(folder) or active_for(journal.journal_dir(folder)) is not None:
        return []
    shown = display(journal.journal_dir(folder))
    wrong = journal.problem(folder)
    if wrong is not None:
        return [
            Diagnostic(
                shown,
                0,
                0,
                f"this is not a journal tourney wrote: {wrong}",
                "tourney recover refuses it; look at it and remove it by hand if it is not "
                'yours (it may have come with a pull request; docs/security.md "Multi-file edits")',
                code="E260",
            )
        ]
    try:
        count = len(os.listdir(journal.journal_dir(folder)))
    except OSError:
        count = 0
    changed = f"; it had saved {count} file{'s' if count != 1 else ''}" if count else ""
    return [
        Diagnostic(
            shown,
            0,
            0,
            f"a command that was changing this folder was interrupted before it finished{changed}",
            f"run `tourney recover {display(folder)}` to put back the files it changed "
            '(docs/security.md "Multi-file edits"), then run the command again',
            code="E207",
        )
    ]
