"""``tourney player ...``'s use cases: players.yaml by command (``tourney.edit.players``),
and its update from a rating list (``tourney.edit.rating_update``).

Each edit holds the folder lock, refuses a finalized tournament, loads the folder and
returns the ``PlayerChange`` the command prints (the line before and after). The edit
is refused, and nothing written, when the folder would not pass ``tourney check``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.edit import players
from tourney.edit.closed import refuse_finalized
from tourney.edit.players import RATING_KEYS, PlayerChange
from tourney.fs.lock import folder_lock
from tourney.load.folder import club_members, load_tournament
from tourney.model import ByeKind, RatingPeriod, Tournament

if TYPE_CHECKING:
    from tourney.edit.rating_update import Update


def _edit(folder: Path, name: str, edit: Callable[[Tournament], PlayerChange]) -> PlayerChange:
    with folder_lock(folder, f"tourney player {name}"):
        refuse_finalized(folder, f"`tourney player {name}`")
        return edit(load_tournament(folder))


def add(
    folder: Path,
    name: str,
    fields: Sequence[tuple[str, str]],
    player_id: str = "",
    joins: int | None = None,
    member_id: str = "",
    guest: bool = False,
) -> PlayerChange:
    """Add ``name`` (or the club member ``member_id``); a late entry once rounds are paired."""
    return _edit(
        folder,
        "add",
        lambda t: players.add(
            folder,
            t,
            name,
            fields,
            player_id,
            joins,
            members=club_members(folder),
            member_id=member_id,
            guest=guest,
        ),
    )


def withdraw(folder: Path, player: str, after: int | None) -> PlayerChange:
    return _edit(folder, "withdraw", lambda t: players.withdraw(folder, t, player, after))


def bye(folder: Path, player: str, round_no: int, kind: str) -> PlayerChange:
    return _edit(folder, "bye", lambda t: players.bye(folder, t, player, round_no, ByeKind(kind)))


def absent(folder: Path, player: str, rounds: Sequence[int]) -> PlayerChange:
    return _edit(folder, "absent", lambda t: players.absent(folder, t, player, rounds))


def rating(folder: Path, player: str, value: int, kind: str) -> PlayerChange:
    return _edit(folder, "rating", lambda t: players.rating(folder, t, player, value, kind))


def update(
    folder: Path,
    list_file: Path,
    period: str | None,
    columns: dict[str, str] | None,
    dry_run: bool,
    allow_paired: bool,
) -> Update:
    """players.yaml (a club's members.yaml) updated from a rating list, matched by id."""
    from tourney.edit.rating_update import update as run_update  # reads rating lists

    with folder_lock(folder, "tourney player update"):
        return run_update(
            folder,
            list_file,
            RatingPeriod(period) if period else None,
            columns,
            dry_run,
            allow_paired,
        )


__all__ = [
    "RATING_KEYS",
    "PlayerChange",
    "absent",
    "add",
    "bye",
    "rating",
    "update",
    "withdraw",
]
