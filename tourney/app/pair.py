"""Pair the next round(s) of a tournament folder and write them: ``tourney pair``'s use case.

Loads the folder, refuses what may not be paired (a finalized event, an
earlier round without results, a round with results), pairs with the engine
and writes the round files, their ``.why.txt`` explanations, the pairing
numbers and ``locked.yaml``. Printing is the caller's.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tourney.app.folder import open_tournament
from tourney.check.paired_from import PAIRED_ON_RESULTS
from tourney.check.round_files import case_twin
from tourney.edit.closed import refuse_finalized
from tourney.edit.rounds import check_can_write_round, freeze_numbers, write_round
from tourney.edit.settings_lock import record_lock
from tourney.engine.digest import results_digest
from tourney.engine.pair import (
    ID_SYSTEMS,
    PairingError,
    missing_numbers,
    paired_round,
    with_numbers,
)
from tourney.errors import Diagnostic, Refused
from tourney.load.final import is_finalized
from tourney.model import Round, Tournament
from tourney.records import dataclass


@dataclass(frozen=True, slots=True)
class PairedRound:
    """One round written: where, the round itself, and the engine's reasons."""

    path: Path
    round: Round
    explanation: tuple[str, ...]
    notices: tuple[str, ...] = ()  # always told: a rematch the pairing had to make


@dataclass(frozen=True, slots=True)
class Paired:
    """What ``pair_folder`` did, for the caller to report."""

    tournament: Tournament
    rounds: tuple[PairedRound, ...]
    warnings: tuple[Diagnostic, ...]
    numbers_path: Path | None
    numbered: int
    lock_path: Path | None


def rounds_to_pair(t: Tournament, only: int | None, replace: bool = False) -> list[int]:
    """The rounds one ``tourney pair`` writes: the next, or every round of a round robin;
    with ``replace`` (and no round named) the last paired round while it has no results."""
    planned = t.planned_rounds
    paired = len(t.rounds)
    last = t.rounds[-1] if t.rounds else None
    # a round robin pairs all its rounds at once, so --replace alone keeps that meaning
    swiss_like = not t.settings.format.is_round_robin
    if replace and only is None and last is not None and not last.started and swiss_like:
        return [last.number]
    if only is not None:
        if only < 1 or (planned and only > planned):
            raise Refused(f"round {only} does not exist: the tournament has {planned} rounds")
        if only > paired + 1:
            raise Refused(f"pair the rounds in order: round {paired + 1} is not paired yet")
        return [only]
    if t.settings.format.is_round_robin:
        todo = list(range(paired + 1, planned + 1))
        if not todo:
            raise Refused(f"all {planned} rounds are paired")
        return todo
    if planned and paired >= planned:
        raise Refused(f"all {planned} rounds are paired")
    return [paired + 1]


def check_previous_complete(t: Tournament, number: int) -> None:
    """A Swiss pairs on results: every earlier board needs one (docs/results.md)."""
    if t.settings.format.is_round_robin:
        return
    for rnd in t.rounds:
        if rnd.number < number and not rnd.complete:
            missing = [
                str(g.board or i) for i, g in enumerate(rnd.all_games(), start=1) if not g.decided
            ]
            raise Refused(
                f"round {rnd.number} is not complete (no result on board "
                f"{', '.join(missing[:10])}{'...' if len(missing) > 10 else ''}); "
                f"enter its results before pairing round {number}"
            )


def paired_from(t: Tournament, number: int) -> dict[int, str]:
    """The results digest of each earlier round, recorded with a round paired on results
    (``tourney.check.paired_from`` warns when one changes later: W203)."""
    if t.settings.format not in PAIRED_ON_RESULTS:
        return {}
    return {r.number: results_digest(r) for r in t.rounds if r.number < number}


def pair_folder(
    folder: Path,
    only: int | None = None,
    replace: bool = False,
    progress: Callable[[int, int, str], None] | None = None,
) -> Paired:
    """Pair and write; raises ``InvalidInput`` or ``Refused`` before anything is written.

    ``progress(done, total, what)`` hears of each stage: reading, each round paired
    (a 1,000-player Swiss takes seconds), writing.
    """
    tell = progress or _silent
    tell(0, 1, "reading the folder")
    t, found = open_tournament(folder)
    if is_finalized(folder):
        refuse_finalized(folder, "pairing", "a finalized tournament is never re-paired")
    numbers = rounds_to_pair(t, only, replace)
    for number in numbers:
        twin = case_twin(folder, number)
        if twin is not None:  # on a case-insensitive file system it *is* the round file
            raise Refused(
                f"{twin} would be overwritten as round {number} on a case-insensitive file "
                f"system; rename it to rounds/{number:02d}.yaml or move it away"
            )
        check_can_write_round(t, folder, number, replace)
        if t.is_team:  # a team event's line-ups (the module only then: start-up)
            from tourney.app.replace_check import refuse_replacing_lineups

            refuse_replacing_lineups(t, number)  # never dropped silently (docs/security.md)
        check_previous_complete(t, number)
    if not all(p.start for p in t.players):  # numbers to draw: from today's club ratings
        from tourney.load.club_state import with_current_club_ratings  # a club's state

        t = with_current_club_ratings(folder, t)
    frozen = missing_numbers(t)
    t = with_numbers(t, frozen)
    total = len(numbers) + 1
    results = []
    try:
        for done, number in enumerate(numbers):
            tell(done, total, f"round {number}, {len(t.players)} players")
            results.append(paired_round(t, number))
    except PairingError as error:
        raise Refused("\n".join(filter(None, (str(error), error.ways_out)))) from error
    tell(len(numbers), total, "writing")
    if t.is_team:  # the team numbers' warnings (docs/teams.md)
        from tourney.edit.teams import numbers_warnings

        found = (*found, *numbers_warnings(folder, t))
    warnings = found
    numbers_path = freeze_numbers(folder, t, frozen)
    written = []
    for result in results:
        stored = result.explanation if t.settings.format in ID_SYSTEMS else ()
        path = write_round(t, folder, result.round, stored, paired_from(t, result.round.number))
        written.append(PairedRound(path, result.round, result.explanation, result.notices))
    lock_path = record_lock(folder, t, [r.round.number for r in results])
    tell(total, total, "")
    return Paired(t, tuple(written), warnings, numbers_path, len(frozen), lock_path)


def _silent(done: int, total: int, what: str) -> None:
    """No one is told."""
