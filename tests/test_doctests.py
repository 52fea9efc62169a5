"""The examples in tourney's docstrings run (the same as ``pytest --doctest-modules tourney``)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tourney"
MODULES = sorted(
    ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    for path in PACKAGE.rglob("*.py")
    if ">>> " in path.read_text(encoding="utf-8")
)


def test_there_are_examples() -> None:
    assert len(MODULES) >= 10


@pytest.mark.parametrize("name", [*MODULES, "builders"])  # and the tests' own builders
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name.removesuffix(".__init__"))
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0
