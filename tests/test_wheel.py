"""The wheel carries the site templates: build it, install it in a fresh venv, find them."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_installs_with_templates(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(dist),
            str(ROOT),
        ],
        check=True,
        cwd=tmp_path,
    )
    wheels = list(dist.glob("tourney-*.whl"))
    assert len(wheels) == 1
    env = tmp_path / "env"
    venv.EnvBuilder(with_pip=True).create(env)
    py = env / "bin" / "python"
    subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheels[0])],
        check=True,
        cwd=tmp_path,
    )
    out = subprocess.run(
        [
            str(py),
            "-c",
            "from tourney.app.templates import template_dir; d = template_dir(); "
            "print(d); print((d / 'base.html').is_file())",
        ],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    ).stdout.split()
    assert out[1] == "True"
    assert str(env) in out[0]  # the installed copy, not the source tree
