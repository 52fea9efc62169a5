"""Export a tournament as a TRF file: ``tourney export``'s use case.

The tournament is evaluated once (``tourney.engine.evaluation``: the 001
ranks are its standings) and written by ``tourney.render.trf``.
"""

from __future__ import annotations

from tourney.engine.evaluation import evaluate
from tourney.model import Tournament
from tourney.render.trf.individual import Version, write_trf


def trf_text(t: Tournament, version: Version = "trf26", requested_byes: bool = True) -> str:
    """The TRF text of ``t`` (TRF-2026 by default, or ``"trf16"``); CR LF line ends.
    ``requested_byes=False`` leaves the byes requested for the round about to be paired
    out of the points column (docs/trf.md)."""
    return write_trf(evaluate(t), version, requested_byes)
