"""E207: a leftover ``.tourney-journal``: a command that was changing the folder was killed.

The commands that take the folder lock refuse such a folder (``tourney.fs.lock``);
``check`` and every other command that validates say so too, since the folder's
files may hold half an edit. Only ``tourney recover`` acts on a journal, and only
when the user asks: a journal could come with a pull request (docs/security.md
"Multi-file edits"). So this check looks only at whether the journal is there and
how many entries it has; it never reads them. A journal of this very process (a
command that validates the folder again after its writes, inside its transaction)
is not a leftover.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tourney.errors import Diagnostic
from tourney.fs import journal
from tourney.fs.transaction import active_for


def leftover_journal(folder: Path, display: Callable[[Path], str]) -> list[Diagnostic]:
    if not journal.exists(folder) or active_for(journal.journal_dir(folder)) is not None:
        return []
    try:
        count = sum(1 for _ in journal.journal_dir(folder).iterdir())
    except OSError:
        count = 0
    changed = f"; it had saved {count} file{'s' if count != 1 else ''}" if count else ""
    return [
        Diagnostic(
            display(journal.journal_dir(folder)),
            0,
            0,
            f"a command that was changing this folder was interrupted before it finished{changed}",
            f"run `tourney recover {display(folder)}` to put back the files it changed "
            '(docs/security.md "Multi-file edits"), then run the command again',
            code="E207",
        )
    ]
