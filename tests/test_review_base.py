"""The review of a pull request (issue 31.1, docs/security.md "The review").

Before: a tournament two folders down (``season/open/``, which the Makefile checks and
the site publishes) was invisible to ``tourney diff``, so a flipped result there gave
"No change to tournament data."; a pull request that changed the Makefile, the
carried wheel or the workflow was reviewed by its own tools with nothing said.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from builders import commit, git_repo
from click.testing import CliRunner

from tourney.cli import cli

ROOT = Path(__file__).resolve().parents[1]


def _diff(repo: Path, *args: str) -> str:
    result = CliRunner().invoke(cli, ["diff", *args, str(repo)])
    assert result.exit_code == 0, result.output
    return result.output


def _flip(round_file: Path) -> None:
    text = round_file.read_text("utf-8")
    old = "{white: p01, black: p21, result: 1-0}"
    assert old in text
    round_file.write_text(text.replace(old, "{white: p01, black: p21, result: 0-1}"), "utf-8")


def test_diff_finds_a_tournament_two_folders_down(tmp_path: Path) -> None:
    repo = git_repo(tmp_path / "league")
    shutil.copytree(ROOT / "examples" / "swiss-open", repo / "season" / "open")
    commit(repo, "season")
    _flip(repo / "season" / "open" / "rounds" / "01.yaml")
    text = _diff(repo)
    assert "season/open: 'Amstel Autumn Open 2026' (changed)" in text
    assert "round 1, board 1: Dekker, Sofie - Mertens, Fleur: 1-0 -> 0-1" in text
    assert "no change to tournament data" not in text
    markdown = _diff(repo, "--format", "markdown")
    assert "No change to tournament data." not in markdown and "Dekker" in markdown


def test_a_change_of_the_tools_is_named_first(tmp_path: Path) -> None:
    repo = git_repo(tmp_path / "league")
    shutil.copytree(ROOT / "examples" / "swiss-open", repo / "open")
    (repo / "Makefile").write_text("check:\n\ttourney check open\n")
    (repo / "requirements.txt").write_text("./.tourney/tourney_chess-0.1.0-py3-none-any.whl\n")
    commit(repo, "league")
    (repo / "Makefile").write_text('diff:\n\t@echo "No change to tournament data."\n')
    (repo / ".tourney").mkdir()
    (repo / ".tourney" / "tourney_chess-9.0.0-py3-none-any.whl").write_bytes(b"PK")
    (repo / ".github" / "workflows").mkdir(parents=True)
    (repo / ".github" / "workflows" / "tourney.yml").write_text("name: x\n")
    (repo / "README.md").write_text("hello\n")  # not a tool
    _flip(repo / "open" / "rounds" / "01.yaml")

    text = _diff(repo).splitlines()
    assert text[1] == (
        "changes the tools: .github/workflows/tourney.yml, "
        ".tourney/tourney_chess-9.0.0-py3-none-any.whl, Makefile (this review was made "
        "with the base branch's tourney; read these files before running make on this change)"
    )
    markdown = _diff(repo, "--format", "markdown").splitlines()
    assert markdown[0].startswith(
        "**This pull request changes the tools:** `.github/workflows/tourney.yml`, "
        "`.tourney/tourney\\_chess-9.0.0-py3-none-any.whl`, `Makefile`"
    )
    assert markdown[2].startswith("## tourney diff")
    data = json.loads(_diff(repo, "--format", "json"))
    assert data["tools"] == [
        ".github/workflows/tourney.yml",
        ".tourney/tourney_chess-9.0.0-py3-none-any.whl",
        "Makefile",
    ]


def test_data_changes_alone_name_no_tools(tmp_path: Path) -> None:
    repo = git_repo(tmp_path / "league")
    shutil.copytree(ROOT / "examples" / "swiss-open", repo / "open")
    (repo / "Makefile").write_text("check:\n")
    commit(repo, "league")
    _flip(repo / "open" / "rounds" / "01.yaml")
    assert "changes the tools" not in _diff(repo)
    assert "changes the tools" not in _diff(repo, "--format", "markdown")


def test_a_link_to_a_tournament_outside_is_never_compared_or_published(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    shutil.copytree(ROOT / "examples" / "swiss-open", outside)
    repo = git_repo(tmp_path / "league")
    shutil.copytree(ROOT / "examples" / "club-championship", repo / "champ")
    commit(repo, "league")
    (repo / "linked").symlink_to(outside)
    (repo / "season").mkdir()
    (repo / "season" / "open").symlink_to(outside)
    text = _diff(repo)
    assert "Amstel Autumn Open" not in text  # the outside folder is never read
    assert "linked: symbolic link added (tourney refuses it)" in text
    assert "season/open: symbolic link added (tourney refuses it)" in text
    built = CliRunner().invoke(cli, ["build", str(repo), "-o", str(tmp_path / "site")])
    assert built.exit_code == 1, built.output
    for link in ("linked", "season/open"):
        assert (
            f"{repo}/{link}: error E261: a symbolic link to a folder; tourney reads no "
            "tournament through a link"
        ) in built.output
    assert not (tmp_path / "site").exists()  # nothing published, the outside folder least


def test_a_file_name_cannot_forge_lines_or_mentions_in_the_comment(tmp_path: Path) -> None:
    repo = git_repo(tmp_path / "league")
    shutil.copytree(ROOT / "examples" / "swiss-open", repo / "open")
    commit(repo, "league")
    (repo / "notes").mkdir()
    (repo / "notes" / "x\n## Approved by @octocat\n.txt").write_text("hi\n")
    markdown = _diff(repo, "--format", "markdown")
    assert not any(line.startswith("## Approved") for line in markdown.splitlines())
    assert "@octocat" not in markdown and "@\u2060octocat" in markdown
