"""Export a tournament as a TRF file: ``tourney export``'s use case.

The tournament is evaluated once (``tourney.engine.evaluation``: the 001
ranks are its standings) and written by ``tourney.render.trf``.
"""

from __future__ import annotations

from pathlib import Path

from tourney.engine.evaluation import evaluate
from tourney.errors import Diagnostic
from tourney.fs.atomic import write_bytes
from tourney.load.folder import display
from tourney.model import Tournament
from tourney.render.trf.cells import VERSIONS, Version
from tourney.render.trf.individual import numbers_problem, player_numbers, write_trf


def trf_text(t: Tournament, version: Version = "trf26", requested_byes: bool = True) -> str:
    """The TRF text of ``t`` (TRF-2026 by default, or ``"trf16"``); CR LF line ends.
    ``requested_byes=False`` leaves the byes requested for the round about to be paired
    out of the points column (docs/trf.md)."""
    return write_trf(evaluate(t), version, requested_byes)


def trf_bytes(t: Tournament, version: Version = "trf26", requested_byes: bool = True) -> bytes:
    """``trf_text`` encoded: UTF-8 for TRF-2026, ASCII for TRF16."""
    return trf_text(t, version, requested_byes).encode("utf-8" if version == "trf26" else "ascii")


def numbering_problem(t: Tournament, folder: Path) -> Diagnostic | None:
    """E455 when a player's TRF number would take five digits (both TRF versions have four)."""
    return numbers_problem(t, player_numbers(t), display(folder / "players.yaml"))


def write_trf_file(path: Path, data: bytes) -> None:
    write_bytes(path, data)


__all__ = ["VERSIONS", "Version", "numbering_problem", "trf_bytes", "trf_text", "write_trf_file"]
