"""`make setup` prints one line per stage, and pip runs quietly (README, Makefile, scripts/).

A whole fresh setup takes a minute and the package index, so these check the
pieces: the recipe's commands are silent, pip is quiet, and each script says
its stage in one `setup: ...` line.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def recipe(target: str) -> list[str]:
    lines = (ROOT / "Makefile").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{target}:"))
    body = []
    for line in lines[start + 1 :]:
        if not line.startswith("\t"):
            break
        body.append(line[1:])
    return body


def test_setup_recipe_is_silent_and_pip_quiet() -> None:
    body = recipe("$(STAMP)")
    assert body and all(line.startswith("@") for line in body)  # make echoes no command
    echoed = [line for line in body if line.startswith("@echo ")]
    # the pip stage, then the version installed (scripts/bootstrap.sh says the ones before)
    assert len(echoed) == 2 and all(e.startswith('@echo "setup: ') for e in echoed)
    assert "installing tourney-chess and its dependencies" in echoed[0]
    assert "tourney --version" in echoed[1]
    (pip,) = [line for line in body if "pip install" in line]
    assert "--quiet" in pip and "--disable-pip-version-check" in pip
    setup = next(
        line
        for line in (ROOT / "Makefile").read_text("utf-8").splitlines()
        if line.startswith("setup:")
    )
    assert setup.split("##")[0].split() == ["setup:", "$(STAMP)", "$(COMPILED)", "$(BROWSER)"]
    # the bytecode stage (docs/robustness.md "Start-up") prints nothing either
    assert all(line.startswith("@") for line in recipe("$(COMPILED)"))


def test_bootstrap_keeps_an_existing_venv_in_one_line(tmp_path: Path) -> None:
    venv = tmp_path / ".venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "pip").write_text("#!/bin/sh\nexit 9\n", encoding="utf-8")
    (venv / "bin" / "pip").chmod(0o755)
    done = subprocess.run(
        ["sh", str(ROOT / "scripts" / "bootstrap.sh"), "python3", str(venv)],
        capture_output=True,
        text=True,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        f"setup: using the existing {venv}\n",
        "",
    )


@pytest.mark.skipif(shutil.which("ldconfig") is None, reason="no ldconfig")
def test_system_packages_say_their_stage_in_one_line() -> None:
    # without root nothing is installed; as root with everything present nothing either
    present = (
        all(os.access(p, os.X_OK) for p in ("/usr/bin/chromium", "/usr/bin/pdftotext"))
        and "libharfbuzz-subset"
        in subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    )
    if not present and os.geteuid() == 0:
        pytest.skip("would install packages with apt-get")
    done = subprocess.run(
        ["sh", str(ROOT / "scripts" / "system-packages.sh")], capture_output=True, text=True
    )
    assert done.returncode == 0
    lines = (done.stdout + done.stderr).splitlines()
    assert len(lines) == 1 and lines[0].startswith("setup: ")
    if present:
        assert (
            lines[0] == "setup: system packages ok (chromium, poppler-utils, libharfbuzz-subset0)"
        )
