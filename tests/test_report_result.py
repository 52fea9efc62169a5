"""Results from a phone: the "Report a result" forms read (tourney.edit.result_form), entered
by ``tourney report-result`` (E463-E466), and the result workflow's files, which take
the issue's text only as data."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from builders import runner

from tourney.edit.result_form import read_report
from tourney.edit.results import BoardRef
from tourney.edit.scaffold import RepoOptions, repo_files
from tourney.errors import InvalidInput
from tourney.model import Result

ROOT = Path(__file__).resolve().parents[1]
ONE = "### Tournament\n\nswiss-open\n\n### Round\n\n5\n\n### Board\n\n3\n\n### Result\n\n½-½\n"
MATCH = (
    "### Tournament\n\nteam-league\n\n### Round\n\n2\n\n### Match\n\n1\n\n"
    "### Results\n\n1-0\n½\n0 : 1\n\n4 1-0\n"
)


def test_the_one_board_form() -> None:
    report = read_report(ONE, "issue.md")
    assert (report.tournament, report.round) == ("swiss-open", 5)
    assert report.results == ((BoardRef(3), Result.DRAW),)
    team = ONE.replace("\n3\n", "\n2.3\n").replace("½-½", "-/+")
    assert read_report(team, "i").results == ((BoardRef(3, 2), Result.BLACK_FORFEIT_WIN),)


def test_the_captains_form_board_one_first() -> None:
    report = read_report(MATCH, "issue.md")
    assert report.results == (
        (BoardRef(1, 1), Result.WHITE_WINS),
        (BoardRef(2, 1), Result.DRAW),
        (BoardRef(3, 1), Result.BLACK_WINS),
        (BoardRef(4, 1), Result.WHITE_WINS),  # "4 1-0": its board named
    )


def test_every_answer_that_does_not_fit_is_named_with_its_line() -> None:
    body = ONE.replace("\n5\n", "\nfive\n").replace("½-½", "2-0")
    with pytest.raises(InvalidInput) as caught:
        read_report(body, "issue.md")
    found = [(d.line, d.code, d.message) for d in caught.value.diagnostics]
    assert found == [
        (7, "E463", "Round: 'five' is not a number (1, 2, ...)"),
        (15, "E463", "Result: '2-0' is not a result"),
    ]
    with pytest.raises(InvalidInput) as caught:
        read_report(ONE.replace("\n3\n", "\n_No response_\n"), "issue.md")
    assert [d.code for d in caught.value.diagnostics] == ["E464"]


def copy(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copytree(ROOT / "examples" / name, target)
    return target


def test_a_report_fills_an_empty_board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = copy(tmp_path, "team-league")
    monkeypatch.chdir(tmp_path)
    path = folder / "rounds" / "02.yaml"
    lines = path.read_text("utf-8").splitlines(keepends=True)
    for index in range(6, 10):  # match 1's four boards: results taken out
        lines[index] = re.sub(r", result: [^}]+}", "}", lines[index])
    path.write_text("".join(lines), "utf-8")
    (tmp_path / "issue.md").write_text(MATCH, "utf-8")
    code, out, err = runner()("report-result", "--from", "issue.md")
    assert code == 0, out + err
    assert out.splitlines() == [
        "team-league/rounds/02.yaml:7: round 2, board 1.1: 1-0",
        "team-league/rounds/02.yaml:8: round 2, board 1.2: ½-½",
        "team-league/rounds/02.yaml:9: round 2, board 1.3: 0-1",
        "team-league/rounds/02.yaml:10: round 2, board 1.4: 1-0",
    ]
    text = path.read_text("utf-8").splitlines()
    assert text[7].startswith("      - {white: m14, black: m20, result: ½-½}")
    assert text[7].endswith("# 1.2 Haas, Mila (2173) - Dekker, Niels (2071)")  # kept
    # the same report again: every result is there, nothing to do (E466)
    code, out, err = runner()("report-result", "--from", "issue.md", "--answer", "a.md")
    assert code != 0 and "E466" in out + err


def test_a_report_never_changes_a_result(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = copy(tmp_path, "swiss-open")  # round 5 board 3 has a result
    monkeypatch.chdir(tmp_path)
    before = (folder / "rounds" / "05.yaml").read_bytes()
    stored = re.search(r"result: (\S+)\}.*# 3\. ", before.decode("utf-8")).group(1)  # type: ignore[union-attr]
    body = ONE.replace("½-½", "0-1" if stored != "0-1" else "1-0")
    (tmp_path / "issue.md").write_text(body, "utf-8")
    code, out, err = runner()("report-result", "--from", "issue.md", "--answer", "answer.md")
    assert code != 0
    assert "E465" in out + err
    assert (folder / "rounds" / "05.yaml").read_bytes() == before
    answer = (tmp_path / "answer.md").read_text("utf-8")
    assert answer.startswith("This result could not be entered:\n\n```text\n")
    assert f"round 5, board 3 has the result {stored} already" in answer
    assert "**What to do:** The board has a result already" in answer


def test_a_bad_answer_is_answered_on_the_issue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy(tmp_path, "swiss-open")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "issue.md").write_text(ONE.replace("½-½", "won"), "utf-8")
    code, _, _ = runner()("report-result", "--from", "issue.md", "--answer", "answer.md")
    assert code != 0
    answer = (tmp_path / "answer.md").read_text("utf-8")
    assert "error E463: Result: 'won' is not a result" in answer
    assert "Edit this issue" in answer


def test_the_forms_and_the_workflow() -> None:
    files = repo_files(RepoOptions())
    one = yaml.safe_load(files[".github/ISSUE_TEMPLATE/result.yml"])
    labels = [i["attributes"]["label"] for i in one["body"] if i["type"] != "markdown"]
    assert labels == ["Tournament", "Round", "Board", "Result"]
    assert one["labels"] == ["result"]
    captain = yaml.safe_load(files[".github/ISSUE_TEMPLATE/match-result.yml"])
    labels = [i["attributes"]["label"] for i in captain["body"] if i["type"] != "markdown"]
    assert labels == ["Tournament", "Round", "Match", "Results"]
    text = files[".github/workflows/result.yml"]
    flow = yaml.safe_load(text)
    assert flow["permissions"] == {}
    job = flow["jobs"]["result"]
    assert job["permissions"] == {"contents": "write", "pull-requests": "write", "issues": "write"}
    assert "'result'" in job["if"]
    for line in text.splitlines():
        if "uses:" in line:
            assert re.search(r"@[0-9a-f]{40} # v\d+\.\d+\.\d+$", line), line
    for step in job["steps"]:
        # expression injection: event data reaches a script only through env
        assert "${{" not in step.get("run", "")
        if step.get("uses", "").startswith("actions/checkout@"):
            assert step["with"]["persist-credentials"] is False
    review = next(s for s in job["steps"] if s.get("name") == "Open a pull request with the review")
    assert "make --no-print-directory diff" in review["run"]
    assert review["run"].index("gh pr create") < review["run"].rindex("gh pr comment")


def test_the_workflow_step_enters_the_result(tmp_path: Path) -> None:
    """The "Enter the result" step as CI runs it: a body with shell and expression text
    is data; a bad report leaves the answer and says so in the step's output."""
    copy(tmp_path, "swiss-open")
    venv_bin = tmp_path / ".venv" / "bin"
    venv_bin.mkdir(parents=True)
    (venv_bin / "tourney").write_text(
        f'#!/bin/sh\nexec "{sys.executable}" -m tourney "$@"\n', encoding="utf-8"
    )
    (venv_bin / "tourney").chmod(0o755)
    flow = yaml.safe_load(repo_files(RepoOptions())[".github/workflows/result.yml"])
    step = next(s for s in flow["jobs"]["result"]["steps"] if s.get("name") == "Enter the result")
    output = tmp_path / "github-output"
    hostile = ONE.replace("½-½", "$(touch pwned) ${{ github.token }} `id`")
    env = dict(
        os.environ,
        BODY=hostile,
        PYTHONPATH=str(ROOT),
        GITHUB_OUTPUT=str(output),
        RUNNER_TEMP=str(tmp_path),
    )
    done = subprocess.run(
        ["bash", "-eo", "pipefail", "-c", step["run"]],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert output.read_text("utf-8") == "answered=true\n"
    assert not (tmp_path / "pwned").exists()
    assert "is not a result" in (tmp_path / "answer.md").read_text("utf-8")
