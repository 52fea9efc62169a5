"""Every command reports the same diagnostic for the same folder (issue 18, docs/diagnostics.md).

Each folder under tests/fixtures/diagnostics/ is a small hand-made tournament
with one problem; its name starts with the code. Each command that applies
runs over a copy of it and must print that code at the same file and line;
an error (E) stops the command with exit status 1 and changes nothing, a
warning (W) lets it go on.
"""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest
from builders import commit, git_repo
from click.testing import CliRunner

from tourney.cli import cli

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "diagnostics"

# code, file, line: worked out by reading each fixture (the line of the board, or of the
# 'boards:' key for a round-level problem; 0 for a problem with a whole file).
EXPECTED = {
    "E201-rematch": ("E201", "rounds/02.yaml", 5),  # board 2: p6 - p3 met on board 3 of round 1
    "E202-missing-board": ("E202", "rounds/01.yaml", 3),  # p3 and p6 lost their line
    "W203-result-changed-after-pairing": ("W203", "rounds/01.yaml", 3),  # board 3 turned
    "W204-board-comment": ("W204", "rounds/01.yaml", 6),  # board 3 names Eriks for p6
    "E205-unknown-round-file": ("E205", "rounds/02.YAML", 0),
}

# The arguments of each command after the folder; None where the command does not apply.
# result: an existing board, so that only the folder's own diagnostics can appear.
COMMANDS: dict[str, list[str]] = {
    "check": ["check", "{f}"],
    "pair": ["pair", "{f}"],
    "build": ["build", "{f}", "-o", "{out}/site"],
    "result": ["result", "{f}", "1", "1", "1-0"],
    "print": ["print", "{f}", "standings", "--html", "-o", "{out}/standings.html"],
    "export": ["export", "{f}", "-o", "{out}/event.trf"],
    "diff": ["diff", "{f}"],
    "standings": ["standings", "{f}"],
    "finalize": ["finalize", "{f}", "--yes"],
}

_LINE = re.compile(
    r"^(?P<file>[^\s:]+?)(?::(?P<line>\d+))?(?::\d+)?: (?:error|warning) (?P<code>[EW]\d{3}):"
)


def test_every_fixture_has_an_expectation() -> None:
    assert sorted(p.name for p in FIXTURES.iterdir() if p.is_dir()) == sorted(EXPECTED)
    for name, (code, _, _) in EXPECTED.items():
        assert name.startswith(code + "-")


def _digests(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and ".git" not in p.parts
    }


def _found(output: str) -> set[tuple[str, str, int]]:
    out = set()
    for line in output.splitlines():
        match = _LINE.match(line)
        if match:
            out.add((match["code"], match["file"], int(match["line"] or 0)))
    return out


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("fixture", sorted(EXPECTED))
def test_each_command_reports_the_fixture_s_diagnostic(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fixture: str, command: str
) -> None:
    code, file, line = EXPECTED[fixture]
    work = tmp_path / "work"
    shutil.copytree(FIXTURES / fixture, work / "event")
    (tmp_path / "out").mkdir()
    if command == "diff":
        git_repo(work)
        commit(work, "fixture")
    monkeypatch.chdir(work)  # diagnostics name files relative to where the user stands
    args = [a.format(f="event", out=str(tmp_path / "out")) for a in COMMANDS[command]]
    if fixture.startswith("W203") and command == "pair":
        args += ["--round", "2", "--replace"]  # round 2 has no results: it may be paired again
    before = _digests(work / "event")
    done = CliRunner().invoke(cli, args)
    output = done.stdout + done.stderr
    assert (code, f"event/{file}", line) in _found(output), output
    if code.startswith("E"):
        assert done.exit_code == 1, output
        assert _digests(work / "event") == before  # nothing was written
    elif command == "finalize":  # the checks pass; the rounds are not complete
        assert done.exit_code == 3, output
    else:
        assert done.exit_code == 0, output


@pytest.mark.parametrize("fixture", sorted(EXPECTED))
def test_serve_reports_what_check_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fixture: str
) -> None:
    """The real ``tourney serve`` use case on a free port: the same diagnostics as ``check``,
    printed and shown in the page (an error) or the state (a warning)."""
    from serve_helpers import fetch, serving

    code, file, line = EXPECTED[fixture]
    shutil.copytree(FIXTURES / fixture, tmp_path / "event")
    monkeypatch.chdir(tmp_path)
    checked = CliRunner().invoke(cli, ["check", "event"])
    expected = _found(checked.stdout + checked.stderr)
    assert (code, f"event/{file}", line) in expected

    def probe(base: str) -> tuple[str, str]:
        return fetch(base + "/index.html"), fetch(base + "/__tourney/state")

    printed, (page, state) = serving(Path("event"), tmp_path / "site", probe)
    assert _found("\n".join(printed)) == expected
    shown = f"event/{file}:{line}:" if line else f"event/{file}:"
    if code.startswith("E"):
        assert 'role="alert"' in page and f"error {code}:" in page and shown in page
        assert not (tmp_path / "site" / "index.html").exists()  # nothing was built
    else:
        assert 'role="alert"' not in page and "<title>" in page
        assert f"warning {code}:" in state and shown in state
