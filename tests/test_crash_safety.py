"""No lost data (issue 12): a process killed in the middle of a write leaves the old file intact.

Every write goes through ``tourney.fs.atomic`` (temp file beside the target,
fsync, rename). These tests SIGKILL a real process part way through such a
write and check that the target still holds the old bytes, that the folder
still loads exactly as before, and that the temp file a kill -9 leaves behind
breaks nothing.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from tourney.cli import cli
from tourney.load.folder import load_tournament

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "swiss-open"

# A writer that stops (to be killed) at a chosen step of tourney.fs.atomic.write_bytes.
WRITER = """
import os, sys, time
from pathlib import Path
import tourney.fs.atomic as atomic

target, size, stop_at = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]

def hang(*args, **kwargs):
    print("ready", flush=True)
    time.sleep(120)

if stop_at == "fsync":      # every byte written to the temp file, not yet renamed
    os.fsync = hang
elif stop_at == "replace":  # fsync done, about to rename
    os.replace = hang
print("start", flush=True)
atomic.write_bytes(target, b"N" * size)
print("done", flush=True)
"""


def _start_writer(target: Path, size: int, stop_at: str) -> subprocess.Popen[str]:
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(target), str(size), stop_at],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "start"
    return child


def _kill(child: subprocess.Popen[str]) -> None:
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL


def _leftovers(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob(".*.tmp"))


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("stop_at", ["fsync", "replace"])
def test_kill_before_the_rename_keeps_the_old_round_file(tmp_path: Path, stop_at: str) -> None:
    folder = tmp_path / "swiss-open"
    shutil.copytree(EXAMPLE, folder)
    target = folder / "rounds" / "03.yaml"
    old_bytes = target.read_bytes()
    before = load_tournament(folder)

    child = _start_writer(target, 8_000_000, stop_at)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"  # the new bytes are all in the temp file
    temps = _leftovers(folder)
    assert len(temps) == 1 and temps[0].parent == target.parent
    assert temps[0].name.startswith(".03.yaml.") and temps[0].stat().st_size == 8_000_000
    _kill(child)

    assert target.read_bytes() == old_bytes
    # kill -9 gives no chance to clean up: the temp file stays, hidden and harmless.
    assert len(_leftovers(folder)) == 1
    assert load_tournament(folder) == before
    result = CliRunner().invoke(cli, ["check", str(folder)])
    assert result.exit_code == 0, result.output
    assert result.stdout.rstrip().endswith("OK")


def test_kill_at_random_moments_never_leaves_a_partial_file(tmp_path: Path) -> None:
    """Writers killed after 0-150 ms: the target is always the whole old or the whole new file."""
    target = tmp_path / "big.bin"
    old = b"O" * 1_000_000
    target.write_bytes(old)
    size = 40_000_000
    outcomes = {"old": 0, "new": 0}
    for delay in (0.0, 0.01, 0.03, 0.06, 0.1, 0.15):
        child = _start_writer(target, size, "none")
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        data_size = target.stat().st_size
        if data_size == len(old):
            assert target.read_bytes() == old
            outcomes["old"] += 1
        else:
            assert data_size == size and _digest(target) == hashlib.sha256(b"N" * size).hexdigest()
            outcomes["new"] += 1
            target.write_bytes(old)
        for temp in _leftovers(tmp_path):  # clean up so each try starts alike
            temp.unlink()
    assert sum(outcomes.values()) == 6


def test_a_writer_that_finishes_leaves_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "rounds" / "01.yaml"
    child = _start_writer(target, 1000, "none")
    assert child.stdout is not None
    assert child.stdout.read().split() == ["done"]
    assert child.wait(timeout=30) == 0
    assert target.read_bytes() == b"N" * 1000
    assert os.listdir(target.parent) == ["01.yaml"]


def test_leftover_temp_files_everywhere_do_not_break_loading(tmp_path: Path) -> None:
    """Temp files as a kill -9 leaves them, beside every kind of file the loader reads."""
    folder = tmp_path / "swiss-open"
    shutil.copytree(EXAMPLE, folder)
    before = load_tournament(folder)
    junk = b"- {white: p01, black: \x00\xff broken"
    for name in ("tournament.yaml", "players.yaml", "rounds/02.yaml", "rounds/06.yaml"):
        path = folder / name
        (path.parent / f".{path.name}.k3j2h1.tmp").write_bytes(junk)
    pages = folder / "pages"
    if pages.is_dir():
        for page in list(pages.glob("*.md")):
            (pages / f".{page.name}.a1b2c3.tmp").write_bytes(junk)
    assert load_tournament(folder) == before
    result = CliRunner().invoke(cli, ["check", str(folder)])
    assert result.exit_code == 0, result.output


def test_written_files_get_normal_permissions(tmp_path: Path) -> None:
    import os
    import stat

    from tourney.fs.atomic import write_text

    old = os.umask(0o022)
    try:
        write_text(tmp_path / "new.html", "x")
        assert stat.S_IMODE((tmp_path / "new.html").stat().st_mode) == 0o644
        (tmp_path / "kept.txt").write_text("a", encoding="utf-8")
        (tmp_path / "kept.txt").chmod(0o600)
        write_text(tmp_path / "kept.txt", "b")  # an existing file keeps its mode
        assert stat.S_IMODE((tmp_path / "kept.txt").stat().st_mode) == 0o600
    finally:
        os.umask(old)
