"""A finalized tournament whose round files no longer give its stored final standings.

docs/results.md "Corrections": after ``tourney finalize`` a result changes only
through ``tourney result --correct``, which records the correction and stores the
standings again. A hand edit (or a merged pull request) that changes them is
W220; an unreadable final.yaml is W221.
"""

from __future__ import annotations

from pathlib import Path

from tourney.errors import Diagnostic, Refused
from tourney.load.final import FINAL_FILE, read_final
from tourney.model import Tournament


def stale_final(folder: Path, t: Tournament) -> list[Diagnostic]:
    """A warning when final.yaml's standings are no longer the round files' standings.

    That happens when a round file of a finalized tournament is edited by hand (or a
    pull request changes a result) instead of ``tourney result --correct``, which
    records the correction and stores the standings again (docs/results.md "Corrections").
    Ranks, participants and points are compared, not the file's text.
    """
    try:
        record = read_final(folder)
    except Refused as error:
        return [
            Diagnostic(str(folder / FINAL_FILE), 0, 0, str(error), severity="warning", code="W221")
        ]
    if record is None or not record.rows:
        return []
    # Only a finalized folder needs the standings: a short command on any other does not
    # import the tie-break engine (bench/startup.py).
    from tourney.engine.standings import standings

    try:
        now = standings(t, after=t.planned_rounds or None)
    except (KeyError, ValueError):  # an unusable tie-break list is reported elsewhere
        return []
    stored = [(r.rank, r.participant, r.points) for r in record.rows]
    current = [(r.rank, r.participant, r.points) for r in now.rows]
    if stored == current:
        return []
    changed = sum(a != b for a, b in zip(stored, current, strict=False)) + abs(
        len(stored) - len(current)
    )
    return [
        Diagnostic(
            str(folder / FINAL_FILE),
            0,
            0,
            f"the final standings stored here no longer match the round files ({changed} "
            "rows differ): a result was changed after the tournament was finalized without "
            "`tourney result --correct`",
            "enter the change with `tourney result DIR ROUND BOARD RESULT --correct` (it is "
            "recorded in corrections.yaml and the final standings are stored again), or undo "
            "the edit",
            severity="warning",
            code="W220",
        )
    ]
