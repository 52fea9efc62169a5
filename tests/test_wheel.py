"""The wheel carries the site templates: build it, install it in a fresh venv, find them."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import babel

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
    # The fresh venv must import its own copy: a PYTHONPATH naming the source tree
    # (as a worktree's shell sets it) would hide the installed package.
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheels[0])],
        check=True,
        cwd=tmp_path,
        env=clean,
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
        env=clean,
    ).stdout.split()
    assert out[1] == "True"
    assert str(env) in out[0]  # the installed copy, not the source tree
    # Dutch works from the installed package: its .po is package data, compiled in
    # memory by Babel (installed --no-deps here, so Babel comes from this interpreter).
    babel_home = str(Path(babel.__file__).resolve().parents[1])
    dutch = subprocess.run(
        [
            str(py),
            "-c",
            "import sys; sys.path.append(sys.argv[1]); import tourney.i18n as i; "
            "from tourney.i18n import catalog as c; "
            "print(c.translations('nl').gettext('Standings'), i.__file__)",
            babel_home,
        ],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=clean,
    ).stdout.split()
    assert dutch[0] == "Stand"
    assert str(env) in dutch[1]
