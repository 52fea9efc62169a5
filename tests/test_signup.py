"""Sign-ups as pull requests: the issue form's body read into players.yaml (docs/git-workflow.md).

The body below is what GitHub makes of a submitted issue form: one
``### Label`` heading per field, then the answer, ``_No response_`` for a
field left empty. The expected players.yaml line is written by hand from
docs/folder-format.md "players.yaml".
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from tourney.cli import cli
from tourney.edit.scaffold import RepoOptions, repo_files
from tourney.edit.signup import read_form
from tourney.errors import InvalidInput

BODY = """\
### Tournament

spring

### Name

Olsen, Kari

### FIDE rating

2098

### National rating

_No response_

### FIDE ID

1503014

### Federation

nor

### Title

WFM

### Sex

w

### Year of birth

_No response_

### Club

SK Bergen
"""

PLAYERS = '- {id: p1, name: "Berg, Anna", rating: 2212, federation: NED}\n'


def league(tmp_path: Path) -> Path:
    folder = tmp_path / "spring"
    folder.mkdir()
    (folder / "tournament.yaml").write_text(
        "name: Spring\nformat: swiss\nrounds: 5\nstart_date: 2026-05-01\n", encoding="utf-8"
    )
    (folder / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    return folder


def test_the_form_read_into_fields() -> None:
    form = read_form(BODY, "issue")
    assert (form.tournament, form.name) == ("spring", "Olsen, Kari")
    assert form.fields == (
        ("rating", "2098"),
        ("fide_id", "1503014"),
        ("federation", "NOR"),
        ("title", "WFM"),
        ("sex", "w"),
        ("club", "SK Bergen"),
    )


def test_bad_answers_named_with_their_line() -> None:
    body = BODY.replace("2098", "about 2100").replace("1503014", "x")
    with pytest.raises(InvalidInput) as caught:
        read_form(body, "issue")
    assert [(d.line, d.message) for d in caught.value.diagnostics] == [
        (11, "FIDE rating: 'about 2100' is not a rating, 0-3500"),
        (19, "FIDE ID: 'x' is not the FIDE ID, digits"),
    ]
    with pytest.raises(InvalidInput, match=r"'\.\./x' is not a folder name"):
        read_form(BODY.replace("spring", "../x"), "issue")


def test_signup_adds_the_approved_player_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = league(tmp_path)
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    done = runner.invoke(cli, ["signup", "--from", "-"], input=BODY)
    assert done.exit_code == 0, done.output
    assert (folder / "players.yaml").read_text("utf-8") == PLAYERS + (
        '- {id: p2, name: "Olsen, Kari", rating: 2098, fide_id: 1503014, federation: NOR, '
        'title: WFM, sex: w, club: "SK Bergen", approved: true}\n'
    )
    again = runner.invoke(cli, ["signup", "spring", "--from", "-"], input=BODY)
    assert again.exit_code == 3 and "Olsen, Kari is already registered as p2" in again.stderr


def test_the_signup_workflow_is_pinned_least_privileged_and_takes_the_body_as_data() -> None:
    files = repo_files(RepoOptions())
    form = yaml.safe_load(files[".github/ISSUE_TEMPLATE/signup.yml"])
    labels = [item["attributes"]["label"] for item in form["body"] if item["type"] != "markdown"]
    assert labels == [
        "Tournament", "Name", "FIDE rating", "National rating", "FIDE ID", "Federation",
        "Title", "Sex", "Year of birth", "Club",
    ]  # fmt: skip
    text = files[".github/workflows/signup.yml"]
    flow = yaml.safe_load(text)
    assert flow["permissions"] == {}
    job = flow["jobs"]["signup"]
    assert job["permissions"] == {"contents": "write", "pull-requests": "write"}
    assert "github.event.label.name == 'approved'" in job["if"]
    for line in text.splitlines():
        if "uses:" in line:
            assert re.search(r"@[0-9a-f]{40} # v\d+\.\d+\.\d+$", line), line
    for step in job["steps"]:
        assert "${{" not in step.get("run", "")  # event data only through env
        if step.get("uses", "").startswith("actions/checkout@"):
            assert step["with"]["persist-credentials"] is False


def test_the_workflow_step_adds_the_player(tmp_path: Path) -> None:
    """The "Add the player" step as CI runs it, with .venv/bin/tourney this tourney."""
    folder = league(tmp_path)
    venv_bin = tmp_path / ".venv" / "bin"
    venv_bin.mkdir(parents=True)
    (venv_bin / "tourney").write_text(
        f'#!/bin/sh\nexec "{sys.executable}" -m tourney "$@"\n', encoding="utf-8"
    )
    (venv_bin / "tourney").chmod(0o755)
    flow = yaml.safe_load(repo_files(RepoOptions())[".github/workflows/signup.yml"])
    step = next(s for s in flow["jobs"]["signup"]["steps"] if s.get("name") == "Add the player")
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, BODY=BODY, PYTHONPATH=str(root))
    done = subprocess.run(
        ["bash", "-e", "-c", step["run"]], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert '"Olsen, Kari"' in (folder / "players.yaml").read_text("utf-8").splitlines()[-1]
