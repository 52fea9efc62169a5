"""Mutated and random folder files give a model or diagnostics, never a traceback."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tourney.errors import InvalidInput
from tourney.load.folder import load_tournament

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "club-championship"
FILES = ("tournament.yaml", "players.yaml", "rounds/01.yaml")
TOKENS = ("", ":", "- ", "{", "}", "[", "]", "#", "'", '"', "\t", "\n", "  ", "~", "!!str ",
          "&a ", "*a", "½", "NO", "-1", "99999", "1-0", "x: y", "\x00", "\ufeff")  # fmt: skip


def load_or_diagnose(folder: Path) -> None:
    try:
        load_tournament(folder)
    except InvalidInput as error:
        assert error.diagnostics, "an InvalidInput must carry diagnostics"
        for d in error.diagnostics:
            assert d.file and d.message
            assert d.line >= 0 and d.col >= 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.sampled_from(FILES),
    cuts=st.lists(
        st.tuples(st.integers(0, 4000), st.integers(0, 40), st.sampled_from(TOKENS)),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_files_never_crash(which: str, cuts: list[tuple[int, int, str]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "t"
        shutil.copytree(EXAMPLE, folder)
        path = folder / which
        text = path.read_text(encoding="utf-8")
        for at, length, token in cuts:
            at %= max(len(text), 1)
            text = text[:at] + token + text[at + length :]
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        load_or_diagnose(folder)


@settings(max_examples=100, deadline=None)
@given(data=st.binary(max_size=300))
def test_random_bytes_never_crash(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "tournament.yaml").write_text(
            "name: T\nformat: swiss\nrounds: 3\n", encoding="utf-8"
        )
        (folder / "players.yaml").write_bytes(data)
        load_or_diagnose(folder)
