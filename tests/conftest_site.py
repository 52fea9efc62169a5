"""pytest plugin of the site tests: the ``--update-golden`` switch.

Register it from tests/conftest.py with ``pytest_plugins = ["conftest_site"]``
(tests/ is on the import path when pytest collects there), or on the command
line with ``PYTHONPATH=tests pytest -p conftest_site``.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite the golden files of the site tests from the current output",
    )
