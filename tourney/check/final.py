"""A finalized tournament whose round files no longer give its stored final standings.

docs/results.md "Corrections": after ``tourney finalize`` a result changes only
through ``tourney result --correct``, which records the correction and stores the
standings again. A hand edit (or a merged pull request) that changes them is
W220, which names what differs (points, ranks, participants) and blames a result
only when points moved; an unreadable final.yaml is W221.
"""

from __future__ import annotations

from fractions import Fraction
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
    changes, points_moved = differences(t, stored, current)
    if points_moved:
        cause = (
            "a result (or a bye) was changed after the tournament was finalized without "
            "`tourney result --correct`"
        )
        hint = (
            "enter the change with `tourney result DIR ROUND BOARD RESULT --correct` (it is "
            "recorded in corrections.yaml and the final standings are stored again), or undo "
            "the edit"
        )
    else:
        cause = (
            "no points changed, so players.yaml (a player, a rating) or the tie-breaks were "
            "edited after the tournament was finalized"
        )
        hint = (
            "undo that edit: a finalized tournament takes no player changes (E250); a "
            "result is corrected with `tourney result ... --correct`"
        )
    return [
        Diagnostic(
            str(folder / FINAL_FILE),
            0,
            0,
            f"the final standings stored here no longer match the folder: {changes}; {cause}",
            hint,
            severity="warning",
            code="W220",
        )
    ]


SHOWN = 4  # differences named in the warning; the rest are counted


def _name(t: Tournament, participant: str) -> str:
    try:
        entry = t.team(participant) if t.is_team else t.player(participant)
    except KeyError:
        return participant
    return f"{entry.name} ({participant})"


def differences(
    t: Tournament,
    stored: list[tuple[int, str, Fraction]],
    current: list[tuple[int, str, Fraction]],
) -> tuple[str, bool]:
    """What differs between two standings (rank, participant, points), in words, and
    whether any participant's points differ (only a result or a bye moves points)."""
    from tourney.engine.finalize import number_text  # a finalized folder only (bench/startup.py)

    before = {pid: (rank, points) for rank, pid, points in stored}
    after = {pid: (rank, points) for rank, pid, points in current}
    order = [pid for _, pid, _ in current] + [pid for _, pid, _ in stored if pid not in after]
    said: list[str] = []
    moved = False
    for pid in order:
        name = _name(t, pid)
        if pid not in before:
            said.append(f"{name} is in the standings but not in the stored ones")
        elif pid not in after:
            said.append(f"{name} is in the stored standings but no longer in the folder")
        else:
            (old_rank, old_points), (rank, points) = before[pid], after[pid]
            bits = []
            if old_points != points:
                moved = True
                bits.append(f"{number_text(old_points)} → {number_text(points)} points")
            if old_rank != rank:
                bits.append(f"rank {old_rank} → {rank}")
            if bits:
                said.append(f"{name} " + ", ".join(bits))
    text = "; ".join(said[:SHOWN])
    if len(said) > SHOWN:
        text += f"; and {len(said) - SHOWN} more"
    return text, moved
