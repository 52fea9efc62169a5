"""The league repository's GitHub workflow: pinned, least-privileged, and green on first push.

docs/git-workflow.md "The workflow, and keeping it safe" and "Which tourney the
repository runs". The Node 24 majors below were read from each action's own
action.yml (`runs: using: node24`) at its release tags: actions/checkout from
v5.0.0, actions/setup-python from v6.0.0, actions/deploy-pages from v5.0.0,
actions/configure-pages from v6.0.0; actions/upload-pages-artifact is a
composite whose v5.0.0 runs actions/upload-artifact v7.0.0 (node24 from v6.0.0).
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml
from builders import git, git_repo
from click.testing import CliRunner

from tourney import __version__
from tourney.cli import cli
from tourney.edit.scaffold import RepoOptions, repo_files
from tourney.edit.upgrade import upgrade_repo
from tourney.edit.wheel import build_wheel
from tourney.errors import Refused

NODE24_FROM = {
    "actions/checkout": 5,
    "actions/setup-python": 6,
    "actions/configure-pages": 6,
    "actions/upload-pages-artifact": 5,
    "actions/deploy-pages": 5,
}
PIN = re.compile(r"^\s*(?:- )?uses: ([\w.-]+/[\w.-]+)@([0-9a-f]{40}) # v(\d+)\.\d+\.\d+$")


def workflow() -> tuple[str, dict]:  # type: ignore[type-arg]
    text = repo_files(RepoOptions())[".github/workflows/tourney.yml"]
    return text, yaml.safe_load(text)


def test_every_action_pinned_by_commit_at_a_node24_release() -> None:
    text, _ = workflow()
    uses = [line for line in text.splitlines() if "uses:" in line]
    assert len(uses) == 10  # checkout 4x (base and pull request), setup-python 3x, Pages 3x
    for line in uses:
        found = PIN.match(line)
        assert found, f"not pinned by full commit SHA with the release in a comment: {line}"
        action, _, major = found.groups()
        assert int(major) >= NODE24_FROM[action], line


def test_least_permissions_per_job_and_no_credentials_kept() -> None:
    _, flow = workflow()
    assert flow["permissions"] == {}
    jobs = flow["jobs"]
    assert jobs["review"]["permissions"] == {"contents": "read", "pull-requests": "write"}
    assert jobs["check"]["permissions"] == {"contents": "read"}
    assert jobs["site"]["permissions"] == {"contents": "read", "pages": "read"}
    assert jobs["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}
    for name, job in jobs.items():
        for step in job["steps"]:
            uses = step.get("uses", "")
            if uses.startswith("actions/checkout@"):
                assert step["with"]["persist-credentials"] is False, name
            if uses.startswith("actions/configure-pages@"):
                assert job["permissions"].get("pages") in ("read", "write"), name


def test_dependabot_keeps_the_actions_current() -> None:
    config = yaml.safe_load(repo_files(RepoOptions())[".github/dependabot.yml"])
    assert config["version"] == 2
    (update,) = config["updates"]
    assert (update["package-ecosystem"], update["directory"]) == ("github-actions", "/")


# --- the carried tourney ---------------------------------------------------------------------


def digest(data: bytes) -> str:
    """A RECORD hash (PEP 376 / the wheel spec): urlsafe base64 of sha256, no padding."""
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def fake_wheel(files: dict[str, bytes], version: str, name: str = "tourney_chess") -> bytes:
    """A wheel of another tourney: its files and a RECORD of their sha256."""
    info = f"{name}-{version}.dist-info"
    record = [f"{name},{digest(data)},{len(data)}" for name, data in files.items()]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
        archive.writestr(f"{info}/RECORD", "\n".join([*record, f"{info}/RECORD,,"]) + "\n")
    return buffer.getvalue()


def test_wheel_is_byte_identical_for_the_same_code() -> None:
    first, second = build_wheel(), build_wheel()
    # the wheel spec's file name for the distribution tourney-chess (PyPI's `tourney` is another)
    assert first.name == f"tourney_chess-{__version__}-py3-none-any.whl"
    assert first.data == second.data
    with zipfile.ZipFile(io.BytesIO(first.data)) as archive:
        names = set(archive.namelist())
    assert {"tourney/cli/__init__.py", "site_templates/base.html"} <= names
    info = f"tourney_chess-{__version__}.dist-info"
    assert f"{info}/entry_points.txt" in names
    with zipfile.ZipFile(io.BytesIO(first.data)) as archive:
        metadata = archive.read(f"{info}/METADATA").decode("utf-8").splitlines()
        scripts = archive.read(f"{info}/entry_points.txt").decode("utf-8")
    assert metadata[1:3] == ["Name: tourney-chess", f"Version: {__version__}"]
    # pyproject.toml's requirements, whether tourney-chess is installed or run from a checkout
    assert "Requires-Dist: pyyaml>=6.0" in metadata
    assert 'Requires-Dist: weasyprint>=62; extra == "pdf"' in metadata
    assert "tourney = tourney.cli:main" in scripts  # the command keeps its name


# wheels carried before the distribution was renamed tourney-chess are upgraded too
@pytest.mark.parametrize("name", ["tourney_chess", "tourney"])
def test_upgrade_repo_moves_the_wheel_and_says_what_changes(tmp_path: Path, name: str) -> None:
    repo = tmp_path / "league"
    assert CliRunner().invoke(cli, ["init-repo", str(repo)]).exit_code == 0
    current = build_wheel()
    (repo / ".tourney" / current.name).unlink()
    with zipfile.ZipFile(io.BytesIO(current.data)) as archive:
        files = {n: archive.read(n) for n in archive.namelist() if ".dist-info/" not in n}
    # the old version: one pairing module different, one module the new one adds
    files["tourney/engine/pairing/dutch.py"] = b"# an older Dutch system\n"
    files.pop("tourney/edit/upgrade.py")
    old = repo / ".tourney" / f"{name}-0.0.9-py3-none-any.whl"
    old.write_bytes(fake_wheel(files, "0.0.9", name))
    requirements = repo / "requirements.txt"
    text = requirements.read_text("utf-8")
    requirements.write_text(text.replace(current.name, old.name), encoding="utf-8")

    lines = upgrade_repo(repo, write=False)
    assert old.is_file() and old.name in requirements.read_text("utf-8")  # dry run
    assert lines[:4] == [
        f"tourney 0.0.9 (sha256 {hashlib.sha256(old.read_bytes()).hexdigest()[:12]}) -> "
        f"{__version__} (sha256 {current.sha256[:12]})",
        "1 file(s) changed, 1 added, 0 removed",
        "  pairing: rounds paired from now on may differ",
        "  'tourney verify FOLDER' re-pairs the played rounds with the new version",
    ]
    upgrade_repo(repo)
    assert not old.exists()
    assert (repo / ".tourney" / current.name).read_bytes() == current.data
    assert requirements.read_text("utf-8") == text
    assert upgrade_repo(repo)[0].endswith("is already the running tourney")


def test_upgrade_repo_refuses_another_source(tmp_path: Path) -> None:
    install = "tourney-chess @ git+https://example.org/tourney@v0.1.0"
    assert (
        CliRunner().invoke(cli, ["init-repo", str(tmp_path), "--install", install]).exit_code == 0
    )
    assert not (tmp_path / ".tourney").exists()
    with pytest.raises(Refused, match=r"does not install a wheel carried in \.tourney/"):
        upgrade_repo(tmp_path)


# --- green on the first push ------------------------------------------------------------------


EXPRESSION = re.compile(r"\$\{\{\s*(.+?)\s*\}\}")


# a fresh venv and the dependencies from the package index: about 30 s, so not marked slow
@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_every_run_step_of_the_workflow_passes_in_a_fresh_venv(tmp_path: Path) -> None:
    """The review job as GitHub runs it: the base commit checked out in base/, the pull
    request in pr/. The pull request pairs round 1 and also rewrites its Makefile's
    `diff:` recipe to print "No change to tournament data." (issue 31.1): the comment
    still shows round 1, names the Makefile first, and nothing of pr/ is installed or run."""
    repo = tmp_path / "league"
    git_repo(repo)
    runner = CliRunner()
    done = runner.invoke(cli, ["new", str(repo / "open"), "--format", "swiss", "--repo"])
    assert done.exit_code == 0, done.output
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Open: players")
    base = git(repo, "rev-parse", "HEAD").strip()
    assert runner.invoke(cli, ["pair", str(repo / "open"), "-q"]).exit_code == 0
    makefile = (repo / "Makefile").read_text("utf-8")
    forged = re.sub(
        r"(?m)^(diff:.*\n)\t.*$", r'\1\t@echo "No change to tournament data."', makefile
    )
    assert forged != makefile
    (repo / "Makefile").write_text(forged, "utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Round 1 paired")

    # the runner's workspace: the two checkouts of the review job
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    subprocess.run(["git", "clone", "-q", str(repo), str(workspace / "pr")], check=True)
    subprocess.run(["git", "clone", "-q", str(repo), str(workspace / "base")], check=True)
    git(workspace / "base", "checkout", "-q", base)

    # what setup-python gives the job: a python3 on PATH; gh is a stub that records its call
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(sys.executable)
    gh_log = tmp_path / "gh.log"
    (bin_dir / "gh").write_text(f'#!/bin/sh\necho "$@" >> {gh_log}\n', encoding="utf-8")
    (bin_dir / "gh").chmod(0o755)
    summary = tmp_path / "summary.md"
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "MAKEFLAGS", "TOURNEY", "VIRTUAL_ENV")
    }
    env.update(PATH=f"{bin_dir}:{env['PATH']}", GITHUB_STEP_SUMMARY=str(summary), CI="true")
    context = {
        "github.event.pull_request.base.sha": base,
        "github.event.pull_request.number": "7",
        "github.token": "token",
        "github.repository": "amstel/league",
    }

    text = (workspace / "base" / ".github" / "workflows" / "tourney.yml").read_text("utf-8")
    flow = yaml.safe_load(text)
    assert list(flow[True]) == ["pull_request_target", "push", "workflow_dispatch"]  # YAML 1.1: on
    jobs = {name: [s for s in job["steps"] if "run" in s] for name, job in flow["jobs"].items()}
    assert [s.get("name") for s in jobs["review"]] == [
        "Install tourney from the base branch",
        "Check every tournament folder",
        "What this pull request changes",
        "Comment on the pull request",
    ]
    # the push jobs run on the merged branch; here on the base commit, already installed
    assert [s.get("name") for s in jobs["check"] + jobs["site"]] == [
        "Check every tournament folder",
        "Build the site",
    ]
    where = {"review": workspace, "check": workspace / "base", "site": workspace / "base"}
    for name in ("review", "check", "site"):
        for step in jobs[name]:
            step_env = dict(env)
            for key, value in (step.get("env") or {}).items():
                step_env[key] = EXPRESSION.sub(lambda m: context[m.group(1)], str(value))
            ran = subprocess.run(
                ["bash", "-e", "-c", step["run"]],
                cwd=where[name],
                env=step_env,
                capture_output=True,
                text=True,
                timeout=600,
            )
            assert ran.returncode == 0, (step["name"], ran.stdout, ran.stderr)

    # the base commit's tourney ran, from its carried wheel; nothing of pr/ was installed
    version = subprocess.run(
        [str(workspace / "base" / ".venv" / "bin" / "tourney"), "--version"],
        capture_output=True,
        text=True,
    )
    assert version.stdout.strip() == f"tourney, version {__version__}"
    assert not (workspace / "pr" / ".venv").exists()
    comment = (workspace / "tourney-diff.md").read_text("utf-8")
    assert comment.splitlines()[0].startswith("**This pull request changes the tools:** `Makefile`")
    assert "round 1" in comment.lower() and "No change to tournament data." not in comment
    assert "round 1" in summary.read_text("utf-8").lower()
    assert gh_log.read_text("utf-8").splitlines() == [
        "pr comment 7 --repo amstel/league --body-file tourney-diff.md --edit-last"
    ]
    assert (workspace / "base" / "_site" / "index.html").is_file()
