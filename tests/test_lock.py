"""The folder lock: a second command on the same folder stops cleanly; stale locks are taken over."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import tourney.fs.lock as lock
from tourney.errors import ExitStatus, Refused
from tourney.fs.lock import LOCK_NAME, Locked, folder_lock, read_holder

ROOT = Path(__file__).resolve().parents[1]

HOLDER = """
import sys, time
from pathlib import Path
from tourney.fs.lock import folder_lock
with folder_lock(Path(sys.argv[1]), "tourney pair"):
    print("locked", flush=True)
    time.sleep(60)
"""


def _dead_pid() -> int:
    """The pid of a process that has ended (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _hold_in_child(folder: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folder)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "locked"
    return child


def test_lock_is_held_for_the_body_and_removed_after(tmp_path: Path) -> None:
    with folder_lock(tmp_path, "tourney pair") as path:
        assert path == tmp_path / LOCK_NAME and path.is_file()
        holder = read_holder(path)
        assert holder["pid"] == os.getpid()
        assert holder["command"] == "tourney pair"
        assert holder["host"] == socket.gethostname()
    assert not (tmp_path / LOCK_NAME).exists()
    with folder_lock(tmp_path):  # free again
        pass


def test_second_holder_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    with folder_lock(tmp_path, "tourney build"):
        with pytest.raises(Locked) as caught, folder_lock(tmp_path, "tourney pair"):
            pytest.fail("the body must not run while the folder is locked")
        # The first holder's lock file survives the refused attempt.
        assert (tmp_path / LOCK_NAME).is_file()
    error = caught.value
    assert isinstance(error, Refused) and error.status == ExitStatus.REFUSED
    message = str(error)
    assert "another tourney command is working on" in message
    assert f"pid {os.getpid()}" in message and "'tourney build'" in message
    assert "nothing was done" in message and "Try again when it has finished" in message
    # The OS lock vanishes with its holder: never advise deleting a live lock's file.
    assert "delete" not in message


def test_lock_released_when_the_body_raises(tmp_path: Path) -> None:
    with pytest.raises(ZeroDivisionError), folder_lock(tmp_path):
        _ = 1 / 0
    assert not (tmp_path / LOCK_NAME).exists()


def test_on_busy_receives_the_error(tmp_path: Path) -> None:
    seen: list[Locked] = []

    def on_busy(error: Locked) -> None:
        seen.append(error)
        raise SystemExit(int(error.status))

    with (
        folder_lock(tmp_path),
        pytest.raises(SystemExit) as stopped,
        folder_lock(tmp_path, on_busy=on_busy),
    ):
        pytest.fail("must not run")
    assert stopped.value.code == 3 and len(seen) == 1


def test_another_process_holding_the_lock_refuses_us(tmp_path: Path) -> None:
    child = _hold_in_child(tmp_path)
    try:
        with pytest.raises(Locked) as caught, folder_lock(tmp_path):
            pytest.fail("must not run")
        assert f"pid {child.pid}" in str(caught.value)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    # Killed with -9, it could not clean up: the file stays, but the kernel
    # released its lock, so the next command takes it over.
    assert (tmp_path / LOCK_NAME).is_file()
    with folder_lock(tmp_path, "tourney pair") as path:
        assert read_holder(path)["pid"] == os.getpid()
    assert not (tmp_path / LOCK_NAME).exists()


def test_stale_lock_file_of_a_dead_process_is_taken_over(tmp_path: Path) -> None:
    stale = {"pid": _dead_pid(), "host": socket.gethostname(), "command": "tourney pair"}
    (tmp_path / LOCK_NAME).write_text(json.dumps(stale), encoding="utf-8")
    with folder_lock(tmp_path) as path:
        assert read_holder(path)["pid"] == os.getpid()


@pytest.fixture
def no_flock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The O_CREAT|O_EXCL fallback used where fcntl.flock does not exist."""
    monkeypatch.setattr(lock, "USE_FLOCK", False)


@pytest.mark.usefixtures("no_flock")
def test_fallback_refuses_a_live_holder_and_takes_over_a_dead_one(tmp_path: Path) -> None:
    with (
        folder_lock(tmp_path, "tourney build"),
        pytest.raises(Locked, match="'tourney build'") as caught,
        folder_lock(tmp_path),
    ):
        pytest.fail("must not run")
    # Without an OS lock, a crash leaves a file that may need deleting by hand.
    assert f"delete {tmp_path / LOCK_NAME}" in str(caught.value)
    assert not (tmp_path / LOCK_NAME).exists()
    stale = {"pid": _dead_pid(), "host": socket.gethostname(), "command": "tourney pair"}
    (tmp_path / LOCK_NAME).write_text(json.dumps(stale), encoding="utf-8")
    with folder_lock(tmp_path) as path:
        assert read_holder(path)["pid"] == os.getpid()


@pytest.mark.usefixtures("no_flock")
def test_fallback_never_takes_over_a_lock_of_another_host(tmp_path: Path) -> None:
    other = {"pid": _dead_pid(), "host": "not-" + socket.gethostname(), "command": "tourney"}
    (tmp_path / LOCK_NAME).write_text(json.dumps(other), encoding="utf-8")
    with pytest.raises(Locked, match="on not-"), folder_lock(tmp_path):
        pytest.fail("must not run")


def test_missing_folder_is_not_locked(tmp_path: Path) -> None:
    ran = []
    with folder_lock(tmp_path / "nope"):
        ran.append(True)
    assert ran == [True] and not (tmp_path / "nope").exists()


def test_many_processes_racing_for_one_lock_never_overlap(tmp_path: Path) -> None:
    """Eight processes each try 30 times; whoever holds the lock appends in/out pairs."""
    script = """
import sys, time
from pathlib import Path
from tourney.fs.lock import Locked, folder_lock
folder, log = Path(sys.argv[1]), Path(sys.argv[2])
held = 0
for _ in range(30):
    try:
        with folder_lock(folder):
            with log.open("a") as f:
                f.write("in\\n")
            time.sleep(0.002)
            with log.open("a") as f:
                f.write("out\\n")
            held += 1
    except Locked:
        time.sleep(0.001)
print(held)
"""
    log = tmp_path / "log.txt"
    folder = tmp_path / "event"
    folder.mkdir()
    children = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(folder), str(log)],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for _ in range(8)
    ]
    held = sum(int(c.communicate(timeout=60)[0]) for c in children)
    lines = log.read_text().split()
    assert held >= 1 and len(lines) == 2 * held
    assert lines == ["in", "out"] * held  # never two holders at once
    assert not (folder / LOCK_NAME).exists()


def test_pair_refuses_while_another_command_holds_the_folder(tmp_path: Path) -> None:
    from tourney.cli import cli

    folder = tmp_path / "club-championship"
    shutil.copytree(ROOT / "examples" / "club-championship", folder)
    rounds_before = sorted(p.name for p in (folder / "rounds").iterdir())
    child = _hold_in_child(folder)
    try:
        started = time.monotonic()
        result = CliRunner().invoke(cli, ["pair", str(folder)])
        assert time.monotonic() - started < 10  # fails at once, does not wait
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert result.exit_code == 3, result.output
    assert "another tourney command is working on" in result.stderr
    assert sorted(p.name for p in (folder / "rounds").iterdir()) == rounds_before
