"""docs/security.md, multi-file edits: every file written, or none.

Each command is first run cleanly to count its writes; then, for every write
point N, the N-th rename of ``tourney.fs.atomic`` fails (as a full disk or a
crash inside the writer would) and the folder must be byte-for-byte what it
was: no file changed, none added, none removed, no folder left behind.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

import tourney.fs.atomic as atomic
from tourney.cli import cli
from tourney.errors import ExitStatus
from tourney.fs.transaction import transaction

ROOT = Path(__file__).resolve().parents[1]


def _snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file (bytes) and folder (None) under ``folder``."""
    found: dict[str, bytes | None] = {}
    for path in sorted(folder.rglob("*")):
        key = path.relative_to(folder).as_posix()
        found[key] = path.read_bytes() if path.is_file() else None
    return found


class _Failing:
    """``os.replace`` that fails at call ``fail_at`` (1-based), once; counts every call."""

    def __init__(self, fail_at: int) -> None:
        self.fail_at = fail_at
        self.calls = 0
        self.real = os.replace

    def __call__(self, src: str, dst: str) -> None:
        self.calls += 1
        if self.calls == self.fail_at:
            raise OSError(28, "No space left on device (injected)")
        self.real(src, dst)


COMMANDS: dict[str, tuple[str, list[str]]] = {
    # folder copied, then the command line (relative to the copy)
    "result --correct": (
        "club-league",
        ["result", "{root}/rapid-02", "1", "1", "1-0", "--correct", "--reason", "scoresheet"],
    ),
    "finalize": ("club-league", ["finalize", "{root}/rapid-03", "--end-after", "2", "--yes"]),
    "pair (team)": ("team-league", ["pair", "{root}"]),
    "pair (swiss)": ("swiss-open", ["pair", "{root}"]),
}


def _run(tmp: Path, name: str, fail_at: int, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    example, args = COMMANDS[name]
    root = tmp / f"case{fail_at}"
    shutil.copytree(ROOT / "examples" / example, root)
    before = _snapshot(root)
    failing = _Failing(fail_at)
    with monkeypatch.context() as patch:
        patch.setattr(atomic.os, "replace", failing)
        result = CliRunner().invoke(cli, [a.format(root=root) for a in args])
    if fail_at:
        assert result.exit_code != 0, f"{name}: write {fail_at} failed, yet exit 0"
        assert _snapshot(root) == before, f"{name}: write {fail_at} failed and left changes"
    else:
        assert result.exit_code == 0, result.output
        assert _snapshot(root) != before
    return failing.calls, result.exit_code


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_failure_at_every_write_point_leaves_the_folder_as_it_was(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writes, _ = _run(tmp_path, name, 0, monkeypatch)
    assert writes >= 2, f"{name} writes {writes} file(s): not a multi-file edit"
    for fail_at in range(1, writes + 1):
        _run(tmp_path, name, fail_at, monkeypatch)


def test_a_correction_reason_with_a_control_character_is_refused_first(tmp_path: Path) -> None:
    root = tmp_path / "club"
    shutil.copytree(ROOT / "examples" / "club-league", root)
    before = _snapshot(root)
    for reason in ("x\x07y", "a\u202eb", "line\nbreak", "nul\x00"):
        result = CliRunner().invoke(
            cli,
            ["result", str(root / "rapid-02"), "1", "1", "1-0", "--correct", "--reason", reason],
        )
        assert result.exit_code == ExitStatus.USAGE
        assert "--reason" in result.output and "U+" in result.output
        assert _snapshot(root) == before


def test_transaction_puts_back_added_removed_and_changed_files(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("old a\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("old b\n", encoding="utf-8")
    before = _snapshot(tmp_path)

    def body(step: Callable[[], None]) -> None:
        with transaction(tmp_path):
            atomic.write_text(tmp_path / "a.yaml", "new a\n")
            atomic.remove(tmp_path / "b.yaml")
            atomic.write_text(tmp_path / "new" / "deep" / "c.yaml", "c\n")
            step()

    def boom() -> None:
        raise RuntimeError("a bug after three writes")

    with pytest.raises(RuntimeError):
        body(boom)
    assert _snapshot(tmp_path) == before
    with pytest.raises(SystemExit):
        body(lambda: exit(3))
    assert _snapshot(tmp_path) == before
    with pytest.raises(SystemExit):
        body(lambda: exit(0))  # a command that did its work and exits 0 keeps it
    assert (tmp_path / "a.yaml").read_text(encoding="utf-8") == "new a\n"
    assert not (tmp_path / "b.yaml").exists()
