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
    # issues: write for the answer on an issue that cannot be applied, and the label taken off
    assert job["permissions"] == {
        "contents": "write",
        "pull-requests": "write",
        "issues": "write",
    }
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
    output = tmp_path / "github-output"
    env = dict(
        os.environ,
        BODY=BODY,
        PYTHONPATH=str(root),
        GITHUB_OUTPUT=str(output),
        RUNNER_TEMP=str(tmp_path),
    )
    done = subprocess.run(
        ["bash", "-eo", "pipefail", "-c", step["run"]],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert output.read_text("utf-8") == "added=true\n"
    assert '"Olsen, Kari"' in (folder / "players.yaml").read_text("utf-8").splitlines()[-1]


# --- the form's tournaments, and an answer on the issue ---------------------------------------


def event(root: Path, folder: str, yaml_text: str, players: str = PLAYERS) -> Path:
    path = root / folder
    path.mkdir(parents=True)
    (path / "tournament.yaml").write_text(yaml_text, encoding="utf-8")
    (path / "players.yaml").write_text(players, encoding="utf-8")
    return path


def round_file(folder: Path, number: int) -> None:
    (folder / "rounds").mkdir(exist_ok=True)
    (folder / "rounds" / f"{number:02d}.yaml").write_text(
        f"round: {number}\nboards:\n  - {{white: p1, black: p2, result: }}\n", encoding="utf-8"
    )


def repository(tmp_path: Path) -> Path:
    """A club (two tournaments, one finalized), a round robin already paired, a team event,
    a Swiss two levels down with every round paired, and an open Swiss of its own."""
    root = tmp_path / "league"
    (root / "toren").mkdir(parents=True)
    (root / "toren" / "club.yaml").write_text("name: De Toren\n", encoding="utf-8")
    event(root, "toren/autumn", "name: Autumn Swiss\nformat: swiss\nrounds: 5\n")
    spring = event(root, "toren/spring", "name: Spring Swiss\nformat: swiss\nrounds: 5\n")
    (spring / "final.yaml").write_text("finalized: 2026-05-30\n", encoding="utf-8")
    two = '- {id: p1, name: "Berg, Anna"}\n- {id: p2, name: "Kok, Jan"}\n'
    robin = event(root, "closed-rr", "name: Closed\nformat: round-robin\n", two + two.replace(
        "p1", "p3").replace("p2", "p4").replace("Berg, Anna", "Vos, Eva").replace(
        "Kok, Jan", "Smit, Piet"))  # fmt: skip
    round_file(robin, 1)
    cup = event(root, "cup", "name: Cup\nformat: team-swiss\nrounds: 3\n", "[]\n")
    (cup / "teams.yaml").write_text("[]\n", encoding="utf-8")
    blitz = event(root, "2026/blitz", "name: Blitz\nformat: swiss\nrounds: 1\n", two)
    round_file(blitz, 1)
    event(root, "open", 'name: "Open \\"Zomer\\" 2026"\nformat: swiss\nrounds: 7\n')
    # registration until round 1, and round 1 is paired: closed for new players
    until = event(
        root, "late", "name: Late\nformat: swiss\nrounds: 5\nregistration: until round 1\n", two
    )
    round_file(until, 1)
    return root


def form_of(root: Path) -> dict:  # type: ignore[type-arg]
    loaded = yaml.safe_load((root / ".github/ISSUE_TEMPLATE/signup.yml").read_text("utf-8"))
    return next(i for i in loaded["body"] if i.get("id") == "tournament")


def test_the_form_offers_the_open_tournaments_as_a_dropdown(tmp_path: Path) -> None:
    root = repository(tmp_path)
    done = CliRunner().invoke(cli, ["init-repo", str(root), "--install", "tourney-chess"])
    assert done.exit_code == 0, done.output
    question = form_of(root)
    # finalized toren/spring, the paired round robin, the team event, 2026/blitz (its
    # one round paired) and late (registration until round 1, paired) take no sign-ups
    assert question["type"] == "dropdown"
    assert question["attributes"]["options"] == [
        'Open "Zomer" 2026 (open)',
        "Autumn Swiss (toren/autumn)",
    ]
    assert question["validations"] == {"required": True}


def test_the_form_is_refreshed_when_the_tournaments_change(tmp_path: Path) -> None:
    root = repository(tmp_path)
    CliRunner().invoke(cli, ["init-repo", str(root), "--install", "tourney-chess"])
    form = root / ".github/ISSUE_TEMPLATE/signup.yml"
    # the club's own change to the form stays; only the list between the markers moves
    form.write_text(form.read_text("utf-8").replace("label: Club", "label: Chess club"), "utf-8")
    (root / "open" / "final.yaml").write_text("finalized: 2026-08-30\n", encoding="utf-8")
    event(root, "toren/winter", "name: Winter Keizer\nformat: keizer\nrounds: 20\n")
    runner = CliRunner()
    stale = runner.invoke(cli, ["signup-form", str(root), "--check"])
    assert stale.exit_code == 1
    assert "is out of date: the tournaments open for sign-ups: toren/autumn, toren/winter" in (
        stale.stderr
    )
    done = runner.invoke(cli, ["signup-form", str(root)])
    assert done.exit_code == 0, done.output
    assert form_of(root)["attributes"]["options"] == [
        "Autumn Swiss (toren/autumn)",
        "Winter Keizer (toren/winter)",
    ]
    assert "label: Chess club" in form.read_text("utf-8")
    assert runner.invoke(cli, ["signup-form", str(root), "--check"]).exit_code == 0
    # nothing open: a text answer that says so
    for folder in ("toren/autumn", "toren/winter"):
        (root / folder / "final.yaml").write_text("finalized: 2026-12-01\n", encoding="utf-8")
    assert runner.invoke(cli, ["signup-form", str(root)]).exit_code == 0
    question = form_of(root)
    assert question["type"] == "input"
    assert question["attributes"]["description"].startswith("No tournament takes sign-ups")


def test_upgrade_repo_turns_the_old_text_answer_into_the_dropdown(tmp_path: Path) -> None:
    from tourney.edit.scaffold import FORM_BEFORE_DROPDOWN
    from tourney.edit.upgrade import upgrade_repo

    root = repository(tmp_path)
    CliRunner().invoke(cli, ["init-repo", str(root)])
    form = root / ".github/ISSUE_TEMPLATE/signup.yml"
    form.write_text(FORM_BEFORE_DROPDOWN, encoding="utf-8")  # as tourney 0.1 wrote it
    lines = upgrade_repo(root)
    assert any(
        line.startswith("updated ")
        and line.endswith("signup.yml: the tournaments open for sign-ups: open, toren/autumn")
        for line in lines
    ), lines
    assert not any("signup.yml differs" in line for line in lines)
    assert form_of(root)["type"] == "dropdown"


def body(tournament: str, name: str = "Olsen, Kari") -> str:
    return BODY.replace("\nspring\n", f"\n{tournament}\n").replace("Olsen, Kari", name)


@pytest.mark.parametrize("answer", ["autumn", "Autumn Swiss (toren/autumn)", "toren/autumn"])
def test_a_tournament_inside_a_club_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answer: str
) -> None:
    """`autumn` for toren/autumn stopped with E100 (no such folder) before."""
    root = repository(tmp_path)
    monkeypatch.chdir(root)
    done = CliRunner().invoke(cli, ["signup", "--from", "-"], input=body(answer))
    assert done.exit_code == 0, done.output
    lines = (root / "toren" / "autumn" / "players.yaml").read_text("utf-8").splitlines()
    assert lines[-1].startswith('- {id: p2, name: "Olsen, Kari", rating: 2098')


def test_a_signup_that_cannot_be_applied_gets_an_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = repository(tmp_path)
    monkeypatch.chdir(root)
    runner = CliRunner()
    done = runner.invoke(
        cli, ["signup", "--from", "-", "--answer", "answer.md"], input=body("winter")
    )
    assert done.exit_code == 1
    assert done.stderr.splitlines()[:2] == [
        "<stdin>:3:1: error E412: Tournament: 'winter' is not a tournament folder of this "
        "repository",
        "  hint: the tournaments that take sign-ups: open, toren/autumn",
    ]
    assert (root / "answer.md").read_text("utf-8") == (
        "This sign-up could not be added to the tournament:\n\n"
        "```text\n"
        "error E412: Tournament: 'winter' is not a tournament folder of this repository\n"
        "  hint: the tournaments that take sign-ups: open, toren/autumn\n"
        "```\n\n"
        "**What to do:** Edit this issue (the `...` menu of its first post, **Edit**) so "
        "that each answer named above has the form asked for; the tournaments that take "
        'sign-ups: Open "Zomer" 2026 (open), Autumn Swiss (toren/autumn). The organiser '
        "then adds the label `approved` again.\n"
    )
    # a player already there: the refusal, and the organiser looks at it
    (root / "answer.md").unlink()
    again = runner.invoke(
        cli, ["signup", "--from", "-", "--answer", "answer.md"], input=body("autumn", "Berg, Anna")
    )
    assert again.exit_code == 3
    text = (root / "answer.md").read_text("utf-8")
    assert "```text\nBerg, Anna is already registered as p1 (Berg, Anna)\n```" in text
    assert "**What to do:** The organiser will look at it" in text
    # the user's own text stays text: a fence longer than any run of backticks in it
    (root / "answer.md").unlink()
    runner.invoke(cli, ["signup", "--from", "-", "--answer", "answer.md"], input=body("x```y @all"))
    text = (root / "answer.md").read_text("utf-8")
    assert "````text\nerror E410: Tournament: 'x```y @all' is not a folder name\n````" in text


FAKE_GH = """#!/bin/sh
printf '%s\\n' "$*" >> "$GH_LOG"
"""


def test_the_workflow_answers_on_the_issue(tmp_path: Path) -> None:
    """The steps as CI runs them, with a stand-in for `gh` that records what it is asked."""
    root = repository(tmp_path)
    bin_dir = root / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "tourney").write_text(
        f'#!/bin/sh\nexec "{sys.executable}" -m tourney "$@"\n', encoding="utf-8"
    )
    (bin_dir / "gh").write_text(FAKE_GH, encoding="utf-8")
    for script in bin_dir.iterdir():
        script.chmod(0o755)
    flow = yaml.safe_load(repo_files(RepoOptions())[".github/workflows/signup.yml"])
    steps = {s.get("name"): s for s in flow["jobs"]["signup"]["steps"]}
    output = tmp_path / "github-output"
    env = dict(
        os.environ,
        BODY=body("winter"),
        PYTHONPATH=str(Path(__file__).resolve().parents[1]),
        PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
        GITHUB_OUTPUT=str(output),
        RUNNER_TEMP=str(tmp_path),
        GH_LOG=str(tmp_path / "gh.log"),
        ISSUE="17",
        REPO="toren/league",
    )

    def run(name: str) -> None:
        done = subprocess.run(
            ["bash", "-eo", "pipefail", "-c", steps[name]["run"]],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr

    run("Add the player")
    assert output.read_text("utf-8") == "answered=true\n"
    assert steps["Answer on the issue"]["if"] == "steps.add.outputs.answered == 'true'"
    assert steps["Open a pull request"]["if"] == "steps.add.outputs.added == 'true'"
    run("Answer on the issue")
    assert (tmp_path / "gh.log").read_text("utf-8").splitlines() == [
        f"issue comment 17 --repo toren/league --body-file {tmp_path}/answer.md",
        "issue edit 17 --repo toren/league --remove-label approved",
    ]
    assert "'winter' is not a tournament folder" in (tmp_path / "answer.md").read_text("utf-8")


def test_the_answer_when_the_tournament_takes_no_more_sign_ups() -> None:
    from tourney.edit.signup_form import Offered, answer
    from tourney.errors import Diagnostic

    closed = Diagnostic(
        "toren/autumn/tournament.yaml",
        9,
        0,
        "registration is closed, so Olsen, Kari cannot be added",
        code="E251",
    )
    text = answer([closed], "<stdin>", [Offered("toren/winter", "Winter Keizer")])
    # a folder's problem keeps its file and line (the organiser's), the way out names the
    # tournaments still open
    assert "```text\ntoren/autumn/tournament.yaml:9: error E251: registration is closed" in text
    assert text.endswith(
        "**What to do:** This tournament takes no more sign-ups. The tournaments that do: "
        "Winter Keizer (toren/winter). To play in one of them, edit this issue (the `...` "
        "menu of its first post, **Edit**) and choose it; the organiser then adds the "
        "label `approved` again.\n"
    )


def test_a_signup_for_a_finalized_tournament_is_answered_with_the_open_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = repository(tmp_path)
    monkeypatch.chdir(root)
    done = CliRunner().invoke(
        cli, ["signup", "--from", "-", "--answer", "answer.md"], input=body("toren/spring")
    )
    assert done.exit_code == 3
    text = (root / "answer.md").read_text("utf-8")
    assert "```text\ntoren/spring/final.yaml: error E250: the tournament is finalized" in text
    assert 'The tournaments that do: Open "Zomer" 2026 (open), Autumn Swiss (toren/autumn).' in text
