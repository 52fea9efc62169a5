"""How a command ends (issue 34.1): one place maps every error to an exit status
(``tourney.cli.exits``); a bug is one line and exit 70, its traceback only on request."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from builders import runner

import tourney.cli.check

ROOT = Path(__file__).resolve().parents[1]
SWISS = ROOT / "examples" / "swiss-open"

run = runner(catch_exceptions=False)  # an exception that escapes would fail the test


def _broken(*args: object, **kwargs: object) -> object:
    raise KeyError("p99")


def test_an_unexpected_exception_is_one_line_and_exit_70(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tourney.cli.check, "validate", _broken)
    code, out, err = run("check", SWISS)
    assert code == 70
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("internal error, please report it: ")
    assert "KeyError: 'p99'" in err and "Traceback" not in err


def test_the_traceback_is_printed_on_request(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tourney.cli.check, "validate", _broken)
    code, _, err = run("--traceback", "check", SWISS)
    assert code == 70
    assert err.startswith("Traceback (most recent call last):")
    assert "in _broken" in err  # where it happened
    assert err.rstrip().splitlines()[-1].startswith("internal error, please report it: ")


def test_errors_keep_their_documented_statuses(tmp_path: Path) -> None:
    """docs/cli.md "Exit codes": 1 invalid input, 2 usage, 3 refused."""
    assert run("check", tmp_path / "none")[0] == 1  # E100: no such folder
    assert run("standings", SWISS, "--round", "0")[0] == 2
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("x", encoding="utf-8")
    assert run("new", tmp_path / "full", "--format", "swiss")[0] == 3


def test_the_program_itself_ends_with_70_on_a_bug(tmp_path: Path) -> None:
    """The real process, not the test runner: a module raising on import is a bug."""
    script = (
        "import sys, tourney.cli.check as c\n"
        "def broken(*a, **k):\n    raise RuntimeError('boom')\n"
        "c.validate = broken\n"
        # the quick form of check (tourney.cli.quick) reads it here, then hands a bug to click
        "import tourney.app.folder as f\n"
        "f.validate = broken\n"
        "from tourney.cli import main\n"
        f"sys.argv = ['tourney', 'check', {str(SWISS)!r}]\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, cwd=tmp_path
    )
    assert done.returncode == 70
    assert done.stderr.splitlines() == [
        "internal error, please report it: RuntimeError: boom (tourney --traceback ... shows where)"
    ]


def test_only_one_module_of_the_command_line_exits() -> None:
    calls = {
        path.name
        for path in (ROOT / "tourney" / "cli").glob("*.py")
        if re.search(r"\bsys\.exit\(", path.read_text(encoding="utf-8"))
    }
    assert calls == {"exits.py"}
