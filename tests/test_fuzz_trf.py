"""Fuzzing the TRF reader (issue 12): mutated reference TRFs read, export and import cleanly.

The short campaign of ``fuzz/run.py --target trf`` (fuzz/harness.py): lines of
the reference TRFs in tests/reference dropped, repeated, swapped, borrowed
from another file, cut, shifted by a column and spliced with TRF tokens, in
UTF-8 or Latin-1 with LF, CRLF or CR line ends. Each must give a model or
diagnostics pointing at a line of the file; a model must export as TRF-2026 and
TRF16 (the export reading back) and ``tourney import`` must write a folder that
loads, or nothing. ``make fuzz`` runs the long campaign.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import refdata  # noqa: E402

from fuzz.harness import REFERENCE, trf_case, trf_sources  # noqa: E402
from tourney.errors import InvalidInput  # noqa: E402
from tourney.load.trf import parse_trf  # noqa: E402

refdata.require(REFERENCE, "*/*.trf")
SHORT = settings(
    max_examples=50,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def test_every_reference_trf_is_a_seed() -> None:
    assert len(trf_sources()) >= 100
    assert {name.split("/")[0] for name, _ in trf_sources()} >= {"dutch", "teamswiss"}


@SHORT
@given(rng=st.randoms(use_true_random=False))
def test_mutated_reference_trfs_read_or_diagnose(rng: random.Random, tmp_path: Path) -> None:
    outcome = trf_case(rng, tmp_path)
    assert outcome == "diagnostics" or outcome.startswith("model")


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(data=st.binary(max_size=400))
def test_random_bytes_read_or_diagnose(data: bytes) -> None:
    try:
        parse_trf(b"001    1      " + data, "x.trf")
    except InvalidInput as error:
        assert error.diagnostics and all(d.file == "x.trf" for d in error.diagnostics)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("001    1      A" + " " * 76 + "   \u00b9 w 1", "bad opponent"),  # a digit int() refuses
        ("142 6333", "more than tourney takes"),
        ("001    1      A" + " " * 70 + "1.0 " + "0000 - U  " * 100, "more than 99 rounds"),
    ],
)
def test_fixed_reader_bugs_are_diagnostics(line: str, message: str) -> None:
    """Cases the fuzzer found: each was a traceback or a folder that did not load."""
    with pytest.raises(InvalidInput) as caught:
        parse_trf("012 T\n001    2      B\n" + line + "\n", "x.trf")
    assert any(message in d.message and d.line == 3 for d in caught.value.diagnostics), str(
        caught.value
    )


def test_a_team_number_used_twice_is_an_error() -> None:
    text = (REFERENCE / "teamswiss" / "ts001.trf").read_text(encoding="utf-8")
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("310   2"))
    lines.insert(first + 1, lines[first])
    with pytest.raises(InvalidInput) as caught:
        parse_trf("\n".join(lines) + "\n", "ts.trf")
    assert any(
        d.line == first + 2 and "team number 2 used twice" in d.message
        for d in caught.value.diagnostics
    ), str(caught.value)
