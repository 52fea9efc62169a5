"""The release: `python -m build` makes an sdist and a wheel from it, named tourney-chess.

One build serves every check (docs/releasing.md): the metadata PyPI shows, the
files the sdist must carry for the wheel and the test suite, `twine check`
(offline: it reads the archives), and the wheel installed in a fresh venv
finding its site templates and running the `tourney` command.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import babel
import pytest

from tourney import __version__

ROOT = Path(__file__).resolve().parents[1]
SDIST_DIR = f"tourney_chess-{__version__}"  # the sdist spec's normalized name


def build(out: Path) -> tuple[Path, Path]:
    """sdist, then the wheel built from the unpacked sdist (what `python -m build` does)."""
    subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "-o", str(out), str(ROOT)],
        check=True,
        capture_output=True,
        cwd=out.parent,
    )
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return sdist, wheel


def tracked(*folders: str) -> set[str]:
    done = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "--", *folders], capture_output=True, text=True
    )
    return set(done.stdout.split()) if done.returncode == 0 else set()


def test_build_check_and_install(tmp_path: Path) -> None:
    sdist, wheel = build(tmp_path / "dist")
    # PyPI's `tourney` is another project: the distribution is tourney-chess
    assert sdist.name == f"tourney_chess-{__version__}.tar.gz"
    assert wheel.name == f"tourney_chess-{__version__}-py3-none-any.whl"

    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = f"tourney_chess-{__version__}.dist-info"
        metadata = archive.read(f"{info}/METADATA").decode("utf-8").splitlines()
        scripts = archive.read(f"{info}/entry_points.txt").decode("utf-8")
    assert "Name: tourney-chess" in metadata
    assert f"Version: {__version__}" in metadata
    assert "License-Expression: MIT" in metadata  # PEP 639, as pyproject.toml states it
    assert "License-File: LICENSE" in metadata
    assert f"{info}/licenses/LICENSE" in names
    assert "tourney = tourney.cli:main" in scripts  # the command keeps its name
    assert {"tourney/py.typed", "site_templates/base.html", "site_templates/pdf/print.css"} <= names
    assert {n for n in tracked("tourney/locale") if not n.endswith(".py")} <= names  # catalogs

    with tarfile.open(sdist) as archive:
        held = {n.removeprefix(f"{SDIST_DIR}/") for n in archive.getnames()}
    assert {"LICENSE", "README.md", "CHANGELOG.md", "pyproject.toml", "tourney/py.typed"} <= held
    # the wheel's package data and what the test suite reads (reference data, golden files)
    needed = tracked("site_templates", "tourney/locale", "tests", "examples", "docs", "scripts")
    assert needed, "not a git checkout"
    assert needed <= held, sorted(needed - held)[:10]
    assert not any(n.endswith(".pyc") for n in held)

    twine = pytest.importorskip("twine", reason="twine is in the dev extra")
    assert twine
    checked = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", str(sdist), str(wheel)],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("PASSED") == 2

    # the fresh venv sees only what it installed, not this checkout
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env = tmp_path / "env"
    venv.EnvBuilder(with_pip=True).create(env)
    py = env / "bin" / "python"
    subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
        cwd=tmp_path,
        env=clean,
    )
    out = subprocess.run(
        [
            str(py),
            "-c",
            "import importlib.metadata as m; from tourney.app.templates import template_dir; "
            "d = template_dir(); print(d); print((d / 'base.html').is_file()); "
            "print(m.version('tourney-chess'))",
        ],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=clean,
    ).stdout.split()
    assert out[1] == "True"
    assert str(env) in out[0]  # the installed copy, not the source tree
    assert out[2] == __version__
    assert shutil.which("tourney", path=str(env / "bin"))  # the console script
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
