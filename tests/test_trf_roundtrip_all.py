"""Every TRF in tests/reference (Dutch, team Swiss, tie-break sets) survives a round trip.

Issue 10: folder -> TRF -> folder -> TRF gives the same TRF byte for byte. Here the
folder step is the model the reader builds: write(read(f)) read again and written
again must give the same bytes and the same tournament.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import refdata

from tourney.engine.evaluation import evaluate
from tourney.load.trf import loads, read_trf
from tourney.render.trf.individual import write_trf

REFERENCE = refdata.REFERENCE
FILES = refdata.require(REFERENCE, "**/*.trf")


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_round_trip_is_stable(path: Path) -> None:
    first = write_trf(evaluate(read_trf(path)))
    again = loads(first, path.name)
    assert write_trf(evaluate(again)) == first
    assert again == loads(write_trf(evaluate(again)), path.name)
