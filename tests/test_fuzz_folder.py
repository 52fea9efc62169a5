"""Fuzzing the folder loader (issue 12): every file of every bundled example, mutated.

Extends tests/test_load_fuzz.py (one example, three files) to tournament.yaml,
players.yaml, teams.yaml, members.yaml, club.yaml, every round file and the
pages of all examples, a club folder included: spliced YAML tokens (tags,
aliases, merge keys, ``!!python/object``, line breaks of every kind, control
characters, a BOM) and dropped, repeated, swapped or cut lines. Each must load
or give diagnostics that point inside the file they name; never a traceback or
a hang. The short campaign of ``fuzz/run.py --target folder``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fuzz.harness import example_files, folder_case  # noqa: E402
from tourney.errors import InvalidInput  # noqa: E402
from tourney.load.folder import read_path  # noqa: E402


def test_every_example_and_kind_of_file_is_a_seed() -> None:
    files = example_files()
    assert {example for example, _ in files} == {
        p.name for p in (ROOT / "examples").iterdir() if p.is_dir()
    }
    names = {Path(relative).name for _, relative in files}
    assert {"tournament.yaml", "players.yaml", "teams.yaml", "club.yaml", "01.yaml"} <= names
    assert any(relative.startswith("pages/") for _, relative in files)


@settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(rng=st.randoms(use_true_random=False))
def test_mutated_example_files_load_or_diagnose(rng: random.Random, tmp_path: Path) -> None:
    assert folder_case(rng, tmp_path) in ("model", "diagnostics")


def test_yaml_object_construction_is_refused(tmp_path: Path) -> None:
    """No tag builds an object: the tag is a diagnostic at its line, and nothing runs."""
    marker = tmp_path / "ran"
    (tmp_path / "tournament.yaml").write_text(
        "name: T\nformat: swiss\nrounds: 3\n"
        f"place: !!python/object/apply:os.system ['touch {marker}']\n",
        encoding="utf-8",
    )
    (tmp_path / "players.yaml").write_text("- {id: a, name: A}\n", encoding="utf-8")
    try:
        read_path(tmp_path)
    except InvalidInput as error:
        assert any(d.line == 4 for d in error.diagnostics), str(error)
    else:
        raise AssertionError("a python tag was accepted")
    assert not marker.exists()


def test_billion_laughs_is_refused_quickly(tmp_path: Path) -> None:
    """Aliases are refused, so an alias bomb costs nothing."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    (tmp_path / "tournament.yaml").write_text(
        "name: T\nformat: swiss\nrounds: 3\n" + "\n".join(lines) + "\n", encoding="utf-8"
    )
    (tmp_path / "players.yaml").write_text("- {id: a, name: A}\n", encoding="utf-8")
    try:
        read_path(tmp_path)
    except InvalidInput as error:
        assert any("alias" in d.message.lower() for d in error.diagnostics), str(error)
    else:
        raise AssertionError("aliases were accepted")
