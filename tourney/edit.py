"""The one writer into a tournament folder: new round files, never a lost result.

Every write is atomic (``tourney.atomic``). A round file that holds a result
is never overwritten; one without results is replaced only when asked.
"""

from __future__ import annotations

from pathlib import Path

from tourney.atomic import write_text
from tourney.errors import Refused
from tourney.model import Round, Tournament
from tourney.roundfile import render


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
    if (existing is not None or path.exists()) and not replace:
        raise Refused(f"round {number} is already paired ({path}); use --replace to pair it again")


def write_round(t: Tournament, folder: Path, rnd: Round) -> Path:
    path = round_path(folder, rnd.number)
    write_text(path, render(t, rnd))
    return path
