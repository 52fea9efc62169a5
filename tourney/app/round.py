"""``tourney round start|status``'s use cases: mark a round as started (``started: true``
in its file, ``tourney.edit.round_state``), and every round's date, boards and status
(pending, running, done, docs/round-robin.md "Playing ahead and round status")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tourney.app.folder import open_tournament
from tourney.edit.round_state import StartChange, mark_started
from tourney.engine.withdrawals import status
from tourney.errors import Diagnostic
from tourney.fs.lock import folder_lock
from tourney.render.schedule import round_start_text


def start(
    folder: Path,
    number: int,
    undo: bool,
    warn: Callable[[tuple[Diagnostic, ...]], object] = lambda warnings: None,
) -> StartChange:
    """Write (``undo``: remove) round ``number``'s mark; ``warn`` sees the folder's
    warnings once it is read. ``InvalidInput``, ``Refused``: nothing written."""
    with folder_lock(folder, "tourney round start"):
        t, warnings = open_tournament(folder)
        warn(warnings)
        return mark_started(t, folder, number, undo)


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One round: when it starts (as shown), its state and its boards in words."""

    number: int
    when: str
    state: str
    boards: str


def statuses(folder: Path) -> tuple[list[RoundLine], tuple[Diagnostic, ...]]:
    """Every round planned or paired, and the folder's warnings."""
    t, warnings = open_tournament(folder)
    last = max((r.number for r in t.rounds), default=0)
    lines = []
    for number in range(1, max(t.planned_rounds, last) + 1):
        rnd = t.round(number)
        found = status(t, number)
        state = found.value if found is not None else "not paired"
        boards = ""
        if rnd is not None:
            count = len(rnd.matches) if t.is_team else len(rnd.games)
            boards = f"{count} {'matches' if t.is_team else 'boards'}"
        lines.append(RoundLine(number, round_start_text(t, number), state, boards))
    return lines, warnings


__all__ = ["RoundLine", "start", "statuses"]
