"""Determinism (issue 12): the same folder gives byte-identical output, whatever the machine.

Round files and standings are rendered twice in one process, and again in
fresh processes under other time zones, locales and hash seeds (the pieces
of a machine's environment that most often leak into output: local dates,
number and sort formatting, set and dict iteration order).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tourney.cli import cli
from tourney.edit.roundfile import render
from tourney.load.folder import load_tournament

ROOT = Path(__file__).resolve().parents[1]
INDIVIDUAL = ["swiss-open", "club-championship"]
ALL = ["swiss-open", "club-championship", "team-league"]

# Environments as different from each other as a test machine allows.
ENVIRONMENTS = [
    {"TZ": "UTC", "LC_ALL": "C", "LANG": "C", "PYTHONHASHSEED": "0"},
    {"TZ": "Pacific/Kiritimati", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "PYTHONHASHSEED": "1"},
    {
        "TZ": "America/St_Johns",
        "LC_ALL": "de_DE.UTF-8",  # decimal comma where installed; C where not
        "LANG": "tr_TR.UTF-8",  # the dotless-i locale breaks naive lower-casing
        "PYTHONHASHSEED": "4242",
    },
    {"TZ": "Asia/Kathmandu", "LC_ALL": "POSIX", "PYTHONHASHSEED": "random"},
]

# Prints {output name: sha256} for every output tourney makes from the examples.
PROBE = r"""
import hashlib, json, shutil, sys, tempfile
from pathlib import Path
from click.testing import CliRunner
from tourney.cli import cli
from tourney.load.folder import load_tournament
from tourney.edit.roundfile import render

root = Path(sys.argv[1])
out = {}
def digest(data):
    return hashlib.sha256(data if isinstance(data, bytes) else data.encode("utf-8")).hexdigest()
for name in ("swiss-open", "club-championship", "team-league"):
    t = load_tournament(root / "examples" / name)
    for rnd in t.rounds:
        out[f"render {name} round {rnd.number}"] = digest(render(t, rnd))
for name in ("swiss-open", "club-championship"):
    result = CliRunner().invoke(cli, ["standings", str(root / "examples" / name), "--format", "json"])
    out[f"standings {name}"] = digest(result.stdout)
    result = CliRunner().invoke(cli, ["check", str(root / "examples" / name)])
    out[f"check {name}"] = digest(result.stdout)
with tempfile.TemporaryDirectory() as tmp:
    folder = Path(tmp) / "club-championship"
    shutil.copytree(root / "examples" / "club-championship", folder)
    result = CliRunner().invoke(cli, ["pair", str(folder)])
    out["pair exit"] = str(result.exit_code)
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            out[f"pair {path.relative_to(folder)}"] = digest(path.read_bytes())
print(json.dumps(out, sort_keys=True))
"""


def _probe(env: dict[str, str]) -> dict[str, str]:
    full = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LANG", "TZ")}
    full.update(env)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(ROOT)],
        capture_output=True,
        text=True,
        env=full,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, str] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("name", ALL)
def test_loading_and_rendering_twice_gives_identical_round_files(name: str) -> None:
    first = load_tournament(ROOT / "examples" / name)
    second = load_tournament(ROOT / "examples" / name)
    assert first == second
    assert [render(first, r) for r in first.rounds] == [render(second, r) for r in second.rounds]


@pytest.mark.parametrize("name", ALL)
def test_a_rendered_round_file_reads_back_and_renders_the_same(tmp_path: Path, name: str) -> None:
    """render -> load -> render is a fixed point: a rewrite never churns a file in git."""
    folder = tmp_path / name
    shutil.copytree(ROOT / "examples" / name, folder)
    t = load_tournament(folder)
    texts = {}
    for rnd in t.rounds:
        texts[rnd.number] = render(t, rnd)
        (folder / "rounds" / f"{rnd.number:02d}.yaml").write_text(texts[rnd.number], "utf-8")
    again = load_tournament(folder)
    assert again.rounds == t.rounds
    assert {r.number: render(again, r) for r in again.rounds} == texts


def test_pairing_twice_writes_byte_identical_files(tmp_path: Path) -> None:
    from click.testing import CliRunner

    outputs = []
    for attempt in ("a", "b"):
        folder = tmp_path / attempt / "club-championship"
        shutil.copytree(ROOT / "examples" / "club-championship", folder)
        result = CliRunner().invoke(cli, ["pair", str(folder)])
        assert result.exit_code == 0, result.output
        outputs.append(
            {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
        )
    assert outputs[0] == outputs[1]
    assert sorted(k for k in outputs[0] if k.startswith("rounds/")) == [
        f"rounds/0{n}.yaml" for n in range(1, 6)
    ]


def test_output_is_the_same_under_other_time_zones_locales_and_hash_seeds() -> None:
    results = [_probe(env) for env in ENVIRONMENTS]
    assert results[0]["pair exit"] == "0"
    assert len(results[0]) >= 20
    for env, result in zip(ENVIRONMENTS[1:], results[1:], strict=True):
        differing = sorted(k for k in results[0] if result.get(k) != results[0][k])
        assert differing == [], f"under {env}: {differing}"
        assert set(result) == set(results[0])


def _tree_digest(folder: Path) -> dict[str, str]:
    """Every file's digest; the build cache left out (it records the files' times)."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != ".tourney-cache.json"
    }


@pytest.mark.parametrize("name", INDIVIDUAL)
def test_two_site_builds_are_byte_identical(tmp_path: Path, name: str) -> None:
    trees = []
    for index, env in enumerate(ENVIRONMENTS[:2]):
        out = tmp_path / f"site{index}"
        full = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LANG", "TZ")}
        full.update(env)
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "tourney",
                "build",
                str(ROOT / "examples" / name),
                "-o",
                str(out),
            ],
            capture_output=True,
            text=True,
            env=full,
            cwd=ROOT,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        trees.append(_tree_digest(out))
    assert trees[0] and trees[0] == trees[1]
