"""``tourney init-repo``: a league repository's Makefile, CI workflow, PR template, .gitignore.

The scaffold is written into a throwaway git repository and used as a league
would: ``make pair round=1``, results entered and committed, a correction on
a branch, ``make diff`` between them, ``make publish`` to a remote. The
workflow must be valid YAML with the jobs GitHub Pages needs.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import yaml
from builders import commit, git, git_repo
from click.testing import CliRunner

from tourney.cli.repo import command as init_repo
from tourney.edit.scaffold import RepoOptions, repo_files

ROOT = Path(__file__).resolve().parents[1]
INSTALL = "tourney-chess @ git+https://example.org/league/tourney@v0.1.0"
MAKE = shutil.which("make")
pytestmark = pytest.mark.skipif(MAKE is None, reason="make is not installed")

# `tourney` with this branch's commands, whether or not the CLI registers them yet.
TOURNEY_SCRIPT = """
from tourney.cli import cli
cli(prog_name="tourney")
"""


def tourney_cmd(tmp: Path) -> str:
    script = tmp / "tourney_cli.py"
    script.write_text(TOURNEY_SCRIPT, encoding="utf-8")
    return f"{sys.executable} {script}"


def make(
    repo: Path, tourney: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    full = dict(os.environ, **(env or {}))
    full.pop("MAKEFLAGS", None)
    return subprocess.run(
        [MAKE or "make", "--no-print-directory", "-C", str(repo), f"TOURNEY={tourney}", *args],
        capture_output=True,
        text=True,
        env=full,
        check=False,
        cwd=repo,
    )


def scaffold(folder: Path, *extra: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(init_repo, [str(folder), "--install", INSTALL, *extra])
    return result.exit_code, result.stdout, result.stderr


def new_tournament(repo: Path, name: str, fmt: str = "round-robin") -> None:
    from tourney.cli import cli

    result = CliRunner().invoke(cli, ["new", str(repo / name), "--format", fmt])
    assert result.exit_code == 0, result.output


def enter_results(path: Path, results: list[str]) -> None:
    """Fill the empty results of a round file, board by board, as an arbiter types them."""
    text = path.read_text(encoding="utf-8")
    for result in results:
        text, count = re.subn(r"result: \}", f"result: {result}}}", text, count=1)
        assert count == 1
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def league(tmp_path: Path) -> Path:
    repo = tmp_path / "league"
    git_repo(repo)
    code, _, err = scaffold(repo)
    assert code == 0, err
    return repo


# --- the files ------------------------------------------------------------------------------


def test_scaffold_writes_every_file(league: Path) -> None:
    expected = {
        "Makefile",
        "requirements.txt",
        ".gitignore",
        ".github/workflows/tourney.yml",
        ".github/dependabot.yml",
        ".github/pull_request_template.md",
        ".github/ISSUE_TEMPLATE/signup.yml",
        ".github/workflows/signup.yml",
        ".github/ISSUE_TEMPLATE/result.yml",
        ".github/ISSUE_TEMPLATE/match-result.yml",
        ".github/workflows/result.yml",
    }
    assert set(repo_files(RepoOptions(install=INSTALL))) == expected
    for relative in expected:
        assert (league / relative).is_file(), relative
    lines = [
        line
        for line in (league / "requirements.txt").read_text("utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    assert lines == [INSTALL]
    assert "\t" in (league / "Makefile").read_text("utf-8")  # recipes start with a tab


def test_workflow_is_valid_yaml_with_the_expected_jobs(league: Path) -> None:
    flow = yaml.safe_load((league / ".github" / "workflows" / "tourney.yml").read_text("utf-8"))
    triggers = flow.get("on", flow.get(True))  # YAML 1.1 reads the key `on` as true
    # pull requests: the base branch's workflow (pull_request_target), tools and tourney
    assert "pull_request_target" in triggers and "pull_request" not in triggers
    assert triggers["push"] == {"branches": ["main"]}
    assert flow["permissions"] == {}  # each job says what it needs (test_repo_workflow.py)
    jobs = flow["jobs"]
    assert set(jobs) == {"review", "check", "site", "deploy"}

    review = jobs["review"]
    runs = [step.get("run", "") for step in review["steps"]]
    assert "make -C base setup" in runs
    assert any(r.startswith('make -C pr -f "$PWD/base/Makefile" check TOURNEY=') for r in runs)
    assert any("--no-print-directory diff" in r and "format=markdown" in r for r in runs)
    assert any("gh pr comment" in r for r in runs)
    base, pr = review["steps"][0], review["steps"][1]
    assert base["with"] == {
        "ref": "${{ github.event.pull_request.base.sha }}",
        "path": "base",
        "persist-credentials": False,
    }
    assert pr["with"]["path"] == "pr" and pr["with"]["fetch-depth"] == 0
    setup = review["steps"][2]
    assert setup["uses"].startswith("actions/setup-python@")
    assert setup["with"]["python-version"] == "3.11"
    assert setup["with"]["cache-dependency-path"] == "base/requirements.txt"

    check = jobs["check"]
    assert check["if"] == "github.event_name != 'pull_request_target'"
    assert [step.get("run") for step in check["steps"] if "run" in step] == ["make check"]

    site = jobs["site"]
    assert site["needs"] == "check" and "refs/heads/main" in site["if"]
    uses = [step.get("uses", "").split("@")[0] for step in site["steps"]]
    assert "actions/upload-pages-artifact" in uses and "actions/configure-pages" in uses
    upload = next(s for s in site["steps"] if s.get("uses", "").startswith("actions/upload-pages"))
    assert upload["with"]["path"] == "_site"
    assert {"run": "make site", "name": "Build the site"} in site["steps"]

    deploy = jobs["deploy"]
    assert deploy["needs"] == "site"
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["environment"]["name"] == "github-pages"
    assert [(s["id"], s["uses"].split("@")[0]) for s in deploy["steps"]] == [
        ("deployment", "actions/deploy-pages")
    ]


def test_branch_and_python_are_configurable(tmp_path: Path) -> None:
    code, _, err = scaffold(tmp_path, "--branch", "season-2026", "--python", "3.12")
    assert code == 0, err
    flow = yaml.safe_load((tmp_path / ".github" / "workflows" / "tourney.yml").read_text("utf-8"))
    triggers = flow.get("on", flow.get(True))
    assert triggers["push"]["branches"] == ["season-2026"]
    assert "refs/heads/season-2026" in flow["jobs"]["site"]["if"]
    assert flow["jobs"]["site"]["steps"][1]["with"]["python-version"] == "3.12"
    assert "BRANCH ?= season-2026" in (tmp_path / "Makefile").read_text("utf-8")


def test_pull_request_template(league: Path) -> None:
    text = (league / ".github" / "pull_request_template.md").read_text("utf-8")
    for needed in ("Round and board", "Evidence", "make check", "tourney diff", "arbiter"):
        assert needed in text


def test_gitignore_covers_build_output_locks_and_temp_files(league: Path) -> None:
    new_tournament(league, "club")
    for junk in (
        "_site/index.html",
        ".venv/bin/x",
        "club/.tourney.lock",
        "club/rounds/.01.yaml.k2j.tmp",
    ):
        (league / junk).parent.mkdir(parents=True, exist_ok=True)
        (league / junk).write_text("x", encoding="utf-8")
    status = git(league, "status", "--porcelain", "--untracked-files=all")
    listed = {line[3:] for line in status.splitlines()}
    assert "club/tournament.yaml" in listed and "Makefile" in listed
    assert not any(
        name.startswith(("_site", ".venv")) or name.endswith((".tourney.lock", ".tmp"))
        for name in listed
    )


def test_existing_files_are_kept_unless_forced(tmp_path: Path) -> None:
    (tmp_path / "Makefile").write_text("all:\n\techo mine\n", encoding="utf-8")
    code, _, err = scaffold(tmp_path)
    assert code == 3 and "Makefile already exists" in err and "nothing was written" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Makefile"]
    code, out, _ = scaffold(tmp_path, "--force")
    assert code == 0 and f"wrote {tmp_path / 'Makefile'}" in out
    code, out, _ = scaffold(tmp_path)  # again: everything already as written
    assert code == 0 and out.count("unchanged ") == 11 and "wrote" not in out


def test_without_an_install_line_the_repository_carries_this_tourney(tmp_path: Path) -> None:
    """No `# FILL IN`: requirements.txt installs the wheel written beside it."""
    result = CliRunner().invoke(init_repo, [str(tmp_path)])
    assert result.exit_code == 0, result.output
    requirements = (tmp_path / "requirements.txt").read_text("utf-8")
    assert "FILL IN" not in requirements
    lines = [line for line in requirements.splitlines() if line and not line.startswith("#")]
    assert lines == ["./.tourney/tourney_chess-0.1.0-py3-none-any.whl"]
    assert (tmp_path / ".tourney" / "tourney_chess-0.1.0-py3-none-any.whl").is_file()
    assert f"wrote {tmp_path / '.tourney/tourney_chess-0.1.0-py3-none-any.whl'}" in result.stdout


# --- a season, the way a league works ------------------------------------------------------------


def test_a_season_in_git(league: Path, tmp_path: Path) -> None:
    tourney = tourney_cmd(tmp_path)
    new_tournament(league, "club")
    commit(league, "the club championship")

    out = make(league, tourney, "help")
    assert out.returncode == 0 and "tournaments: club" in out.stdout
    for target in ("pair", "results", "check", "diff", "site", "serve", "publish"):
        assert f"make {target}" in out.stdout

    done = make(league, tourney, "check")
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("OK")

    # Pair round 1 (a Berger table: C.05 Annex 1), only round 1.
    done = make(league, tourney, "pair", "round=1")
    assert done.returncode == 0, done.stderr
    assert "wrote club/rounds/01.yaml: round 1, 3 boards" in done.stdout
    assert sorted(p.name for p in (league / "club" / "rounds").glob("*.yaml")) == ["01.yaml"]
    commit(league, "round 1 paired")

    # Round 1 of a six-player Berger table: 1-6, 2-5, 3-4 (C.05 Annex 1).
    round1 = league / "club" / "rounds" / "01.yaml"
    boards = re.findall(r"\{white: (\w+), black: (\w+), result: \}", round1.read_text("utf-8"))
    assert sorted(tuple(sorted(b)) for b in boards) == [("p1", "p6"), ("p2", "p5"), ("p3", "p4")]
    enter_results(round1, ["1-0", "1-0", "1-0"])
    commit(league, "round 1 results")
    done = make(league, tourney, "results")
    assert done.returncode == 0, done.stderr
    assert "standings after round 1" in done.stdout

    # A correction on a branch: board 2 was a draw.
    git(league, "checkout", "-q", "-b", "correction")
    text = round1.read_text("utf-8").splitlines(keepends=True)
    board_lines = [i for i, line in enumerate(text) if "result: 1-0}" in line]
    text[board_lines[1]] = text[board_lines[1]].replace("result: 1-0}", "result: ½-½}")
    round1.write_text("".join(text), encoding="utf-8")
    commit(league, "round 1 board 2 was a draw")
    white, black = boards[1]
    names = {
        m.group(1): m.group(2)
        for m in re.finditer(
            r'id: (\w+), name: "([^"]+)"', (league / "club" / "players.yaml").read_text("utf-8")
        )
    }

    status_before = git(league, "status", "--porcelain")
    done = make(league, tourney, "diff", "rev=main...correction")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("tourney diff main...correction (merge base ")
    assert "club: 'Club' (changed)" in lines
    assert f"    round 1, board 2: {names[white]} - {names[black]}: 1-0 -> ½-½ (corrected)" in lines
    assert "  standings after round 1" in lines
    # White drops from 1 to ½ point, Black rises from 0 to ½ (win 1, draw ½, loss 0).
    white_line = next(line for line in lines if line.startswith(f"    {names[white]}: "))
    black_line = next(line for line in lines if line.startswith(f"    {names[black]}: "))
    assert "1 -> ½ pts" in white_line and "0 -> ½ pts" in black_line
    assert not any("warning" in line for line in lines)  # a round robin pairs without results
    assert git(league, "status", "--porcelain") == status_before

    done = make(league, tourney, "diff", "rev=main...correction", "format=markdown")
    assert done.returncode == 0
    assert done.stdout.startswith("## tourney diff: main...correction")
    assert "| 1 | 2 |" in done.stdout and "**½-½**" in done.stdout

    # Merge the correction; pair round 2 with make.
    git(league, "checkout", "-q", "main")
    git(league, "merge", "-q", "--ff-only", "correction")
    done = make(league, tourney, "pair")
    assert done.returncode == 0, done.stderr
    assert "wrote club/rounds/02.yaml" in done.stdout
    commit(league, "round 2 paired")

    # Publish: check, refuse uncommitted changes, push.
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True)
    git(league, "remote", "add", "origin", str(remote))
    enter_results(league / "club" / "rounds" / "02.yaml", ["½-½"])
    done = make(league, tourney, "publish")
    assert done.returncode != 0 and "uncommitted changes in the tournament folders" in done.stderr
    commit(league, "round 2, board 1")
    done = make(league, tourney, "publish")
    assert done.returncode == 0, done.stderr
    assert git(remote, "rev-parse", "main") == git(league, "rev-parse", "HEAD")


def test_several_tournaments_need_t(league: Path, tmp_path: Path) -> None:
    tourney = tourney_cmd(tmp_path)
    new_tournament(league, "rapid")
    new_tournament(league, "blitz")
    done = make(league, tourney, "pair", "round=1")
    assert done.returncode != 0
    assert "error: say which tournament: t=FOLDER (one of: blitz rapid)" in done.stderr
    assert not list(league.glob("*/rounds/*.yaml"))
    done = make(league, tourney, "pair", "t=rapid", "round=1")
    assert done.returncode == 0, done.stderr
    assert (league / "rapid" / "rounds" / "01.yaml").is_file()
    assert not list((league / "blitz").glob("rounds/*.yaml"))
    done = make(league, tourney, "check")
    assert done.returncode == 0 and done.stdout.count(": OK") == 2


def test_a_club_folder_is_checked_once(tmp_path: Path) -> None:
    repo = tmp_path / "league"
    repo.mkdir()
    scaffold(repo)
    shutil.copytree(ROOT / "examples" / "club-league", repo / "de-club")
    new_tournament(repo, "open")
    done = make(repo, tourney_cmd(tmp_path), "check")
    assert done.returncode == 0, done.stderr
    first_lines = [line.split(":")[0] for line in done.stdout.splitlines() if line.strip()]
    assert first_lines.count("open") == 1
    assert not any(line.startswith("de-club/rapid-01:") for line in done.stdout.splitlines())


# A stand-in for `tourney build` (written by another part of the project): it
# writes one page, so that the Makefile's site logic can be tested alone.
FAKE_BUILD = """#!/bin/sh
if [ "$1" = build ]; then mkdir -p "$3" && echo "site of $5" > "$3/index.html"; exit 0; fi
exec {real} "$@"
"""


def _fake_tourney(tmp_path: Path) -> str:
    script = tmp_path / "fake-tourney"
    script.write_text(FAKE_BUILD.replace("{real}", tourney_cmd(tmp_path)), encoding="utf-8")
    script.chmod(0o755)
    return str(script)


def test_site_with_one_and_with_several_tournaments(league: Path, tmp_path: Path) -> None:
    fake = _fake_tourney(tmp_path)
    new_tournament(league, "open")
    done = make(league, fake, "site")
    assert done.returncode == 0, done.stderr
    assert (league / "_site" / "index.html").read_text() == "site of open\n"
    # several: `tourney build .` builds each folder and the home page (tests/test_site_home.py)
    new_tournament(league, "rapid")
    done = make(league, fake, "site")
    assert done.returncode == 0, done.stderr
    assert (league / "_site" / "index.html").read_text() == "site of .\n"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_serve_previews_the_site(league: Path, tmp_path: Path) -> None:
    new_tournament(league, "open")
    port = _free_port()
    env = dict(os.environ)
    env.pop("MAKEFLAGS", None)
    server = subprocess.Popen(
        [
            MAKE or "make",
            "--no-print-directory",
            "serve",
            f"TOURNEY={_fake_tourney(tmp_path)}",
            f"PORT={port}",
            f"PYTHON={sys.executable}",
        ],
        cwd=league,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        body = b""
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as page:
                    body = page.read()
                break
            except OSError:
                time.sleep(0.1)
        assert body == b"site of open\n"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def test_make_site_with_the_real_build(league: Path, tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples" / "club-championship", league / "club")
    done = make(league, tourney_cmd(tmp_path), "site")
    assert done.returncode == 0, done.stderr
    assert "<h1>Club Championship 2026</h1>" in (league / "_site" / "index.html").read_text()
    # with a second folder, the home page above both (it was a bare list of folder names)
    shutil.copytree(ROOT / "examples" / "swiss-open", league / "open")
    done = make(league, tourney_cmd(tmp_path), "site")
    assert done.returncode == 0, done.stderr
    home = (league / "_site" / "index.html").read_text()
    assert '<link rel="stylesheet" href="static/style.css">' in home
    assert '<a href="club/index.html">Club Championship 2026</a>' in home
    assert '<a href="open/index.html">Amstel Autumn Open 2026</a>' in home
    assert (league / "_site" / "open" / "standings.html").is_file()


def test_workflow_doc_covers_every_target_and_file() -> None:
    doc = (ROOT / "docs" / "git-workflow.md").read_text(encoding="utf-8")
    for target in ("pair round=", "results", "check", "diff", "site", "serve", "publish"):
        assert f"make {target}" in doc, target
    for relative in repo_files(RepoOptions()):
        assert f"`{relative}`" in doc, relative
    assert "tourney init-repo" in doc and "tourney diff" in doc
