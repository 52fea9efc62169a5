"""The generated Makefile runs nothing a pull request put in place (issue 31.2, 31.4;
docs/security.md "The reviewer's machine").

Before: the .gitignore had `/.venv/` (folders only), so a committed link named `.venv`
replaced the reviewer's venv and `make check` ran the pull request's `tourney`; a link
to a tournament folder outside the repository was checked and published; a folder
named `--help` made `make check` exit 0.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from builders import git, git_repo
from test_scaffold import MAKE, make, scaffold, tourney_cmd

from tourney.edit.scaffold import RepoOptions, repo_files

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(MAKE is None, reason="make is not installed")

# A `tourney` a pull request would like the reviewer to run.
EVIL = "#!/bin/sh\ntouch {marker}\necho 'all good'\n"


@pytest.fixture
def league(tmp_path: Path) -> Path:
    repo = tmp_path / "league"
    git_repo(repo)
    code, _, err = scaffold(repo)
    assert code == 0, err
    shutil.copytree(ROOT / "examples" / "swiss-open", repo / "open")
    return repo


def _evil_venv(tmp_path: Path) -> tuple[Path, Path]:
    venv = tmp_path / "evil-venv"
    (venv / "bin").mkdir(parents=True)
    marker = tmp_path / "ran"
    (venv / "bin" / "tourney").write_text(EVIL.format(marker=marker))
    (venv / "bin" / "tourney").chmod(0o755)
    (venv / "bin" / "pip").write_text(EVIL.format(marker=marker))
    (venv / "bin" / "pip").chmod(0o755)
    (venv / ".installed").write_text("")
    return venv, marker


def test_the_gitignore_matches_links_too() -> None:
    lines = repo_files(RepoOptions())[".gitignore"].splitlines()
    assert "/.venv" in lines and "/.venv/" not in lines
    assert "/_site" in lines and ".tourney-journal" in lines
    assert not any(line.endswith("/") and "venv" in line for line in lines)


@pytest.mark.parametrize("target", ["check", "site", "results", "help"])
def test_a_venv_that_is_a_link_is_refused(league: Path, tmp_path: Path, target: str) -> None:
    venv, marker = _evil_venv(tmp_path)
    (league / ".venv").symlink_to(venv)
    done = subprocess.run(
        [MAKE or "make", "--no-print-directory", "-C", str(league), target],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode != 0
    assert ".venv or .tourney is a symbolic link" in done.stderr
    assert not marker.exists()


def test_a_committed_venv_is_refused(league: Path, tmp_path: Path) -> None:
    venv, marker = _evil_venv(tmp_path)
    shutil.copytree(venv, league / ".venv")
    git(league, "add", "-f", ".venv")
    done = subprocess.run(
        [MAKE or "make", "--no-print-directory", "-C", str(league), "check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode != 0 and "is committed" in done.stderr
    assert not marker.exists()


def test_a_tourney_folder_that_is_a_link_is_refused(league: Path, tmp_path: Path) -> None:
    (tmp_path / "wheels").mkdir()
    (league / ".tourney").symlink_to(tmp_path / "wheels")
    done = make(league, tourney_cmd(tmp_path), "check")
    assert done.returncode != 0 and "symbolic link" in done.stderr


def test_make_check_refuses_a_link_to_a_tournament_outside(league: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    shutil.copytree(ROOT / "examples" / "club-championship", outside)
    (league / "linked").symlink_to(outside)
    (league / "season").mkdir()
    (league / "season" / "spring").symlink_to(outside)
    tourney = tourney_cmd(tmp_path)
    done = make(league, tourney, "check")
    assert done.returncode != 0, done.stderr
    assert (
        "linked: error: a symbolic link to a folder; tourney reads no tournament through a link"
    ) in done.stderr
    assert "season/spring: error: a symbolic link to a folder" in done.stderr
    listed = make(league, tourney, "help")
    assert "tournaments: open" in listed.stdout  # the links are not tournaments


def test_a_tournament_two_folders_down_is_checked(league: Path, tmp_path: Path) -> None:
    (league / "season").mkdir()
    shutil.move(league / "open", league / "season" / "open")
    listed = make(league, tourney_cmd(tmp_path), "help")
    assert "tournaments: season/open" in listed.stdout


def test_a_folder_named_help_cannot_pass_check(league: Path, tmp_path: Path) -> None:
    shutil.rmtree(league / "open")
    (league / "--help").mkdir()
    (league / "--help" / "tournament.yaml").write_text("name: [broken\n")
    done = make(league, tourney_cmd(tmp_path), "check")
    assert done.returncode != 0, (done.stdout, done.stderr)
    assert "--help/tournament.yaml:2:1: error E103" in done.stderr
