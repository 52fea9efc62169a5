"""docs/workflow.md is tested: its ``sh`` blocks run in order in a temporary folder.

Each ``sh`` block runs with ``bash -e`` (``tourney`` is the one under test,
``TOURNEY=tourney`` so the Makefile uses it); the folder a block ends in is
where the next one starts. Each line of a ``text expected`` block must be
found in a line of the output of the ``sh`` block before it; those lines were
worked by hand (see the page).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from builders import GIT_ENV

DOC = Path(__file__).resolve().parents[1] / "docs" / "workflow.md"
BLOCK = re.compile(r"^```([^\n]*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def blocks() -> list[tuple[str, str]]:
    return [(m.group(1).strip(), m.group(2)) for m in BLOCK.finditer(DOC.read_text("utf-8"))]


def test_the_page_has_every_step() -> None:
    text = "\n".join(body for kind, body in blocks() if kind == "sh")
    for step in (
        "tourney new spring --format swiss --repo",
        "make pair round=1",
        "sed -i",
        "tourney result spring 1 2",
        "make site",
        "make publish",
        "git checkout -q -b",
        "make diff rev=main...",
        "tourney finalize spring",
        # the club season (issue 27)
        "toren/members.yaml",
        "{member: m1}",
        'tourney player add toren/rapid-1 "Jansen, Piet"',
        "tourney player add toren/rapid-1 --member m4",
        "tiebreaks: club",
        "make pair t=toren/rapid-2",
        "registration: until round 2",
        "tourney round start toren/keizer-1 2",
        "tourney series toren",
        "--format keizer",
        "make pair t=toren/keizer-1",
        "make forms",
        "tourney signup --from signup.md --answer answer.md",
    ):
        assert step in text, step
    assert any(kind == "text expected" for kind, _ in blocks())


@pytest.mark.skipif(
    shutil.which("make") is None or shutil.which("git") is None, reason="needs make and git"
)
def test_the_walk_through_runs(tmp_path: Path) -> None:
    bin_dir = Path(sys.executable).parent
    assert (bin_dir / "tourney").exists()
    env = dict(
        os.environ,
        PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        TOURNEY="tourney",
        **GIT_ENV,
    )
    env.pop("MAKEFLAGS", None)
    cwd = tmp_path
    where = tmp_path / ".cwd"
    output = ""
    checked = 0
    for kind, body in blocks():
        if kind == "sh":
            done = subprocess.run(
                ["bash", "-e", "-c", f'{body}\npwd > "{where}"\n'],
                cwd=cwd,
                env=env,
                capture_output=True,
                text=True,
                check=False,
            )
            assert done.returncode == 0, f"{body}\n{done.stdout}\n{done.stderr}"
            output = done.stdout
            cwd = Path(where.read_text("utf-8").strip())
        elif kind == "text expected":
            lines = output.splitlines()
            for expected in body.splitlines():
                assert any(expected in line for line in lines), f"{expected!r} not in:\n{output}"
                checked += 1
    assert checked >= 20
    league = tmp_path / "league"
    assert (league / "spring" / "final.yaml").exists()
    assert (league / "_site").is_dir()
    log = subprocess.run(
        ["git", "-C", str(tmp_path / "origin.git"), "log", "--format=%s", "main"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout.splitlines()
    assert log[0] == "Keizer 1: Lisa Dekker signed up; round 2 started"
    assert "Spring: final" in log
    assert (league / "toren" / "rapid-1" / "final.yaml").exists()
    home = (league / "_site" / "index.html").read_text("utf-8")
    assert '<a href="toren/keizer-1/index.html">Keizer 1</a>' in home
    assert "Round 1, board 2: 1-0, not a draw (both players signed the scoresheet)" in log
