"""``tourney results``'s use case (docs/results.md): a whole round of results at once, all
or nothing, with the rules of ``tourney result`` (``tourney.edit.results_batch``); in a
finalized tournament only corrections, each recorded in corrections.yaml and the final
standings stored again. The prompt's boards come from here too, labelled for the arbiter.

The caller holds the folder lock (``tourney.cli.common.writing``), so a failure puts
every file back.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from tourney.edit.results import Change, parse_entered, record_correction
from tourney.edit.results_batch import Batch, Entry, enter_round, read_entries, seats, two_games
from tourney.edit.roundfile import player_label
from tourney.engine.double_games import match_text
from tourney.errors import Diagnostic, Refused
from tourney.load import yamlsource
from tourney.load.final import is_finalized
from tourney.load.folder import load_tournament


@dataclass(frozen=True, slots=True)
class PromptBoard:
    """A board the prompt asks for: its reference (``3`` or ``2.1``), its line
    (``3. Visser, Maud (1862) - Smit, Jan (1790) [½-½]``) and whether it is a
    Double-Swiss two-game match."""

    ref: str
    label: str
    double: bool


def prompt_boards(folder: Path, round_no: int, every: bool) -> list[PromptBoard]:
    """The boards of round ``round_no`` still without a result (``every``: all of them)
    with both players seated. ``InvalidInput`` for a folder with errors, ``Refused`` for a
    round not paired."""
    t = load_tournament(folder)
    rnd = t.round(round_no)
    if rnd is None:
        raise Refused(f"round {round_no} is not paired")
    todo = [s for s in seats(t, rnd) if every or not s.game.decided]
    boards = []
    for seat in todo:
        g = seat.game
        if not (g.white and g.black):
            continue
        shown = f" [{g.result.value}]" if g.result else ""
        if g.double:  # a Double-Swiss match: both games, or game 1 alone
            shown = f" [{match_text(g)}]" if g.begun else " [game 1, game 2]"
        dot = "." if seat.ref.match is None else ""
        label = f"{seat.ref}{dot} {player_label(t, g.white)} - {player_label(t, g.black)}{shown}"
        boards.append(PromptBoard(str(seat.ref), label, g.double))
    return boards


@dataclass(frozen=True, slots=True)
class Entered:
    """What ``enter_results`` wrote, and whether the tournament is finalized (its changes
    are then corrections for ``record_corrections``)."""

    batch: Batch
    finalized: bool


def enter_results(
    folder: Path,
    round_no: int,
    entries: list[Entry],
    source: str,
    overwrite: bool,
    correct: bool,
    earlier: list[Diagnostic],
) -> Entered:
    """Enter ``entries`` into round ``round_no``, all or none (``InvalidInput``, ``Refused``)."""
    finalized = is_finalized(folder)
    with yamlsource.reusing():  # the check after the write parses only the changed file
        batch = enter_round(
            folder,
            round_no,
            entries,
            source,
            overwrite=overwrite,
            correction=correct,
            earlier=earlier,
        )
    return Entered(batch, finalized)


def record_corrections(
    folder: Path, changes: tuple[Change, ...], day: dt.date, reason: str
) -> tuple[Path, Path]:
    """Each change recorded in corrections.yaml, and the final standings stored again:
    (the log, final.yaml). ``TourneyError`` when they cannot be (the caller's transaction
    puts the round file back)."""
    from tourney.edit.finalize import store_again  # only for corrections: a heavy import

    try:
        log: Path | None = None
        for change in changes:
            log = record_correction(folder, change, day, reason)
        assert log is not None
        return log, store_again(folder)
    except OSError as error:
        raise Refused(str(error)) from error


__all__ = [
    "Entered",
    "Entry",
    "PromptBoard",
    "enter_results",
    "parse_entered",
    "prompt_boards",
    "read_entries",
    "record_corrections",
    "two_games",
]
