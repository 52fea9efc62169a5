"""The short campaign of the hostile-folder targets (issue 19, docs/security.md).

``fuzz/hostile.py`` builds one attack per case (links and FIFOs, outputs onto
links and devices, template escapes, deep Markdown, odd ids, huge numbers,
control characters; forged journals, lookalike names, sign-ups with hidden or
repeated questions, repository links to folders outside: issue 31) and checks the
contract: exit 0-3 in time, no secret
printed, nothing outside the folder touched, a refused command changes
nothing. ``trf-columns`` shifts the columns of exported TRF lines. Every
attack class is run at least once here; ``make fuzz`` runs them for minutes.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fuzz.hostile import ATTACKS, hostile_case, trf_columns_case  # noqa: E402


@pytest.mark.parametrize("attack", sorted(ATTACKS))
@pytest.mark.parametrize("seed", range(3))
def test_each_attack_class_is_refused_or_harmless(attack: str, seed: int, tmp_path: Path) -> None:
    outcome = ATTACKS[attack](random.Random(f"{attack}:{seed}"), tmp_path)
    assert outcome.startswith(attack)


def test_random_attacks(tmp_path: Path) -> None:
    for index in range(10):
        hostile_case(random.Random(f"hostile:{index}"), tmp_path)


def test_misaligned_trf_columns(tmp_path: Path) -> None:
    outcomes = {trf_columns_case(random.Random(f"trf:{i}"), tmp_path) for i in range(150)}
    assert outcomes <= {"diagnostics", "model"} and "diagnostics" in outcomes
