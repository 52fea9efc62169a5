"""The one writer into a tournament folder: new round files, never a lost result.

Every write is atomic (``tourney.fs.atomic``). A round file that holds a result
is never overwritten; one without results is replaced only when asked.
"""

from __future__ import annotations

from pathlib import Path

from tourney.edit import why_file
from tourney.edit.roundfile import render
from tourney.edit.yaml_edit import add_key, check_round_trip
from tourney.errors import Refused
from tourney.fs.atomic import write_text
from tourney.model import Round, Tournament


def round_path(folder: Path, number: int) -> Path:
    return folder / "rounds" / f"{number:02d}.yaml"


def check_can_write_round(t: Tournament, folder: Path, number: int, replace: bool) -> None:
    """Refuse before anything is written when the round file must not be touched."""
    existing = t.round(number)
    path = round_path(folder, number)
    if existing is not None and existing.started:
        raise Refused(
            f"round {number} already has results ({path}); a round with results is never "
            "re-paired. Correct single results with 'tourney result' or edit the file."
        )
    if existing is not None and existing.marked_started:
        raise Refused(
            f"round {number} has started ({path}: started: true); a round being played is "
            f"never re-paired. If it did not start: tourney round start DIR {number} --undo"
        )
    if (existing is not None or path.exists()) and not replace:
        raise Refused(f"round {number} is already paired ({path}); use --replace to pair it again")


def write_round(
    t: Tournament,
    folder: Path,
    rnd: Round,
    explanation: tuple[str, ...] | None = None,
    paired_from: dict[int, str] | None = None,
) -> Path:
    """Write rounds/NN.yaml; with ``explanation`` (a fresh pairing) also rounds/NN.why.txt
    with the results digests ``paired_from`` (``tourney.engine.digest``), or remove a stale
    one when the pairing has neither."""
    path = round_path(folder, rnd.number)
    write_text(path, render(t, rnd))
    if explanation is not None:
        why_file.write(folder, rnd, explanation, paired_from)
    return path


def freeze_numbers(folder: Path, t: Tournament, numbers: dict[str, int]) -> Path | None:
    """Record pairing numbers as ``start:`` in players.yaml (teams.yaml for teams)."""
    if not numbers:
        return None
    path = folder / ("teams.yaml" if t.is_team else "players.yaml")
    text = path.read_text(encoding="utf-8")
    edited = add_key(text, "start", numbers)
    check_round_trip(edited)
    if edited != text:
        write_text(path, edited)
        return path
    return None
