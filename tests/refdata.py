"""Where the conformance tests find their reference data: tests/reference/ (see its README).

The data is part of the repository. When a set is missing the tests that need it fail
with a message naming it; they never skip, so a broken clone cannot pass quietly.
"""

from __future__ import annotations

from pathlib import Path

REFERENCE = Path(__file__).resolve().parent / "reference"
DUTCH = REFERENCE / "dutch"
BURSTEIN = REFERENCE / "burstein"
TEAMSWISS = REFERENCE / "teamswiss"
TIEBREAKS = REFERENCE / "tiebreaks"


class MissingReference(RuntimeError):
    """A reference set the conformance tests need is not in tests/reference/."""


def require(folder: Path, pattern: str = "*") -> list[Path]:
    """The files of a reference set (sorted); raises when there are none."""
    found = sorted(folder.glob(pattern)) if folder.is_dir() else []
    if not found:
        raise MissingReference(
            f"{folder} has no {pattern}: the reference data of the conformance tests is "
            "missing (tests/reference/README.md says where it comes from)"
        )
    return found
