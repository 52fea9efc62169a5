"""``tourney recover``'s use case: put back the files a killed command had changed, from
the folder's journal (``tourney.fs.journal``, docs/security.md "Multi-file edits")."""

from __future__ import annotations

from pathlib import Path

from tourney.errors import Refused
from tourney.fs import journal
from tourney.fs.lock import club_folder, folder_lock


def recover(folder: Path) -> list[Path] | None:
    """The files put back, or None when no command was interrupted in ``folder``.

    Raises ``Refused`` (nothing restored) when the journal is the club folder's, is not
    one tourney wrote or cannot be read, and ``Locked`` when another command runs."""
    with folder_lock(folder, "tourney recover", interrupted_ok=True):
        if not journal.exists(folder):
            club = club_folder(folder)
            if club is not None and journal.exists(club):
                raise Refused(
                    f"the interrupted command's journal is in the club folder {club}; "
                    f"run `tourney recover {club}`"
                )
            return None
        try:
            return journal.recover(folder)
        except journal.Malformed as error:
            raise Refused(
                f"{folder / journal.JOURNAL} is not a journal tourney wrote: {error}; "
                "nothing was restored. Look at it, remove it by hand if it is not yours "
                "(it may have come with a pull request), and restore the folder from git "
                'if needed (docs/security.md "Multi-file edits")'
            ) from None
        except OSError as error:
            raise Refused(f"the journal cannot be read back ({error}); restore from git") from error
