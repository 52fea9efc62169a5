"""Fuzzing the commands that write (issue 12): `tourney result` and `tourney pair`.

Random edit requests (boards that exist or not, every result spelling and
some that are not, ``--expect``, ``--match-decision``, ``--correct``) on the
bundled examples, half of them after a random mutation of a round file; and
``tourney pair`` (``--round``, ``--replace``) on examples with round files
dropped or mutated. Each command must end with a documented exit status
(0-3), never a traceback or a hang; when it fails, no file of the folder
changed; ``tourney result`` changes at most one line of one round file and
``tourney pair`` never a round that holds a result. The short campaign of
``fuzz/run.py --target result-edit --target pair``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fuzz.harness import TARGETS, edit_case, pair_case  # noqa: E402
from fuzz.run import TARGET_NAMES  # noqa: E402

SHORT = dict(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@settings(max_examples=120, **SHORT)  # type: ignore[arg-type]
@given(rng=st.randoms(use_true_random=False))
def test_random_result_edits(rng: random.Random, tmp_path: Path) -> None:
    outcome = edit_case(rng, tmp_path)
    assert outcome in ("changed", "unchanged", "corrected") or outcome.startswith("exit ")


@settings(max_examples=40, **SHORT)  # type: ignore[arg-type]
@given(rng=st.randoms(use_true_random=False))
def test_random_pairings_never_touch_a_round_with_results(
    rng: random.Random, tmp_path: Path
) -> None:
    outcome = pair_case(rng, tmp_path)
    assert outcome == "paired" or outcome.startswith("exit ")


def test_the_campaign_script_knows_every_target() -> None:
    assert tuple(TARGETS) == TARGET_NAMES
