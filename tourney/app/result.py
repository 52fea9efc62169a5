"""Enter one result: ``tourney result``'s use case (docs/results.md).

The folder is loaded and checked, the result (or a match's decision, or a Double-Swiss
game) is written by ``tourney.edit.results``; in a finalized tournament a correction is
recorded in corrections.yaml, the final standings are stored again and, in a club, the
club ratings are calculated again from that tournament on. The caller holds the folder
lock (and so its transaction: a failure puts every file back) and prints.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.app.folder import open_tournament
from tourney.edit.results import (
    NO_RESULT,
    UNSET,
    Change,
    Unset,
    parse_board_ref,
    parse_decision,
    parse_entered,
    record_correction,
    set_decision,
    set_match_result,
    set_result,
)
from tourney.errors import Diagnostic, InvalidInput, Refused, TourneyError
from tourney.load.final import club_of, is_finalized
from tourney.load.text_safety import problem as text_problem
from tourney.model import Result
from tourney.records import dataclass

if TYPE_CHECKING:  # a club's correction only (start-up: docs/robustness.md)
    from tourney.engine.ratings.history import RatingHistory


@dataclass(frozen=True, slots=True)
class Entered:
    """What ``enter_result`` did: the change, where a correction was recorded (None when
    the tournament is not finalized or nothing changed), the folder's warnings after it,
    and the club ratings it moved (lines to print)."""

    change: Change
    warnings: tuple[Diagnostic, ...]
    log: Path | None = None
    final: Path | None = None
    ratings: tuple[str, ...] = ()


class NotRecorded(TourneyError):
    """The result was written but its correction could not be recorded (the round file is
    put back by the transaction); ``error`` says why."""

    def __init__(self, error: InvalidInput | Refused) -> None:
        super().__init__(str(error))
        self.error = error
        self.status = error.status


def enter_result(
    folder: Path,
    round_no: int,
    board: str,
    result: str | None,
    expect: str | None = None,
    decision: str | None = None,
    game_no: int | None = None,
    correct: bool = False,
    reason: str = "",
    day: dt.date | None = None,
    show: Callable[[Change], object] = lambda change: None,
) -> Entered:
    """Set the result of ``board`` in round ``round_no``; ``show`` sees the change as soon
    as it is written, before a correction is recorded. Raises ``InvalidInput`` or
    ``Refused`` (nothing written), ``NotRecorded`` for a correction that failed."""
    t, warnings = open_tournament(folder)  # the checks every command runs
    finalized = is_finalized(folder)
    before = _ratings_before(folder) if correct and finalized else None
    if decision is not None:
        if not (board.isascii() and board.isdigit()):
            raise Refused(f"--match-decision takes the match number, not '{board}'")
        expected_d = UNSET if expect is None else parse_decision(expect)
        change = set_decision(
            folder, round_no, int(board), parse_decision(decision), expected_d, correct, t
        )
    elif t.settings.pairing == "double-swiss" and not t.is_team:
        assert result is not None
        ref = parse_board_ref(board)
        change = set_match_result(folder, round_no, ref, result, game_no, expect, correct, t)
    else:
        assert result is not None
        if game_no is not None:
            raise Refused("--game is for the two-game matches of a Double-Swiss")
        expected: Result | Unset | None = UNSET if expect is None else parse_entered(expect)
        change = set_result(
            folder, round_no, parse_board_ref(board), parse_entered(result), expected, correct, t
        )
    show(change)
    if not change.changed or not finalized:
        # the folder's warnings after the change, e.g. W203: a later round was paired
        # from the old result (docs/diagnostics.md)
        return Entered(change, tuple(change.warnings if change.changed else warnings))
    from tourney.edit.finalize import store_again  # a finalized folder's correction only

    try:
        log = record_correction(folder, change, day or dt.date.today(), reason)
        final = store_again(folder)
    except (InvalidInput, Refused) as error:
        raise NotRecorded(error) from error
    # the warnings of the corrected folder: the change's own were computed before
    # final.yaml was stored again, so they would report it stale (W220)
    after = tuple(open_tournament(folder)[1])
    return Entered(change, after, log, final, _ratings_moved(folder, before))


def _ratings_before(folder: Path) -> RatingHistory | None:
    """The club's rating history before a correction (None outside a club)."""
    club = club_of(folder)
    if club is None:
        return None
    from tourney.load.club_state import club_ratings  # only a correction in a club needs it

    try:
        return club_ratings(club).history
    except TourneyError:
        return None


def _ratings_moved(folder: Path, before: RatingHistory | None) -> tuple[str, ...]:
    club = club_of(folder)
    if club is None or before is None:
        return ()
    from tourney.engine.ratings.club import rating_differences
    from tourney.load.club_state import club_ratings

    state = club_ratings(club)
    names = {m.id: m.name for m in state.club.members}
    moved = rating_differences(before, state.history)
    if not any(e.name == folder.resolve().name for e in state.events):
        return ()
    name = folder.resolve().name
    count = f"{len(moved)} current rating(s) changed" if moved else "no current rating changed"
    lines = [f"club ratings calculated again from {name} on: {count}"]
    for period, member, old, new in moved:
        lines.append(f"  {names.get(member, member)} ({period.value}): {old} -> {new}")
    return tuple(lines)


__all__ = [
    "NO_RESULT",
    "Change",
    "Entered",
    "NotRecorded",
    "enter_result",
    "parse_entered",
    "text_problem",
]
