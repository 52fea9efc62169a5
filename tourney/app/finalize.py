"""``tourney finalize``'s use case (docs/results.md): the plan, shown and confirmed by the
caller, then applied all at once; in a club the tournament's rating changes.

The steps are ``tourney.edit.finalize``'s; this module holds the locks (the tournament's,
then its club's ratings-log.yaml), one transaction over every file, and reads the
club ratings back for the command to print.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Iterator
from pathlib import Path

from tourney.edit.finalize import Finalized, FinalizePlan, apply_finalize, plan_finalize
from tourney.engine.ratings.history import TournamentRating
from tourney.fs.lock import club_folder, folder_lock
from tourney.fs.transaction import transaction


@contextlib.contextmanager
def finalize_locks(folder: Path) -> Iterator[None]:
    """The tournament's lock, then its club's: a second finalize, or any command changing
    the folder meanwhile, stops at once (``Locked``, exit 3) instead of interleaving."""
    with contextlib.ExitStack() as locks:
        locks.enter_context(folder_lock(folder, "tourney finalize"))
        club = club_folder(folder)
        if club is not None:
            locks.enter_context(folder_lock(club, "tourney finalize"))
        yield


def plan(
    folder: Path, today: dt.date, end: dt.date | None, end_after: int | None, unrated: bool
) -> FinalizePlan:
    """What finalizing will do (``FinalizePlan.describe``); ``InvalidInput`` or ``Refused``
    when the tournament cannot be finalized."""
    return plan_finalize(folder, today, end, end_after, unrated)


def apply(folder: Path, planned: FinalizePlan, today: dt.date) -> Finalized:
    """Every file of the club and the tournament, or none (``tourney.fs.transaction``)."""
    with transaction(planned.club or folder):
        return apply_finalize(planned, today)


def rating_changes(club: Path, event: str) -> tuple[list[TournamentRating], dict[str, str]]:
    """The club rating changes of ``event`` and the members' names by id."""
    from tourney.load.club_state import club_ratings  # a rated club tournament only

    state = club_ratings(club)
    names = {m.id: m.name for m in state.club.members}
    return [r for r in state.history.tournaments if r.event == event], names


__all__ = ["FinalizePlan", "Finalized", "apply", "finalize_locks", "plan", "rating_changes"]
