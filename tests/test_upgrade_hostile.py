"""`tourney upgrade-repo` writes and deletes nothing through a link and reads only a real
wheel (issue 31.2). Before: it wrote and deleted wheel files through a `.tourney` link,
and a carried wheel that is not a zip gave a traceback."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from tourney.cli import cli
from tourney.edit.wheel import build_wheel


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "league"
    assert CliRunner().invoke(cli, ["init-repo", str(repo)]).exit_code == 0
    return repo


def _old_wheel(repo: Path, data: bytes) -> Path:
    """requirements.txt names an older carried wheel holding ``data``."""
    current = build_wheel().name
    (repo / ".tourney" / current).unlink()
    old = repo / ".tourney" / "tourney_chess-0.0.9-py3-none-any.whl"
    old.write_bytes(data)
    requirements = repo / "requirements.txt"
    requirements.write_text(requirements.read_text("utf-8").replace(current, old.name), "utf-8")
    return old


def _refused(result: Result) -> None:
    assert result.exit_code == 3, result.output
    assert isinstance(result.exception, SystemExit) and "Traceback" not in result.output


def test_a_carry_folder_that_is_a_link_is_refused(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    (repo / ".tourney").rename(elsewhere)
    (repo / ".tourney").symlink_to(elsewhere)
    (elsewhere / "precious.txt").write_text("keep me\n")
    before = sorted(p.name for p in elsewhere.iterdir())
    result = CliRunner().invoke(cli, ["upgrade-repo", str(repo)])
    _refused(result)
    assert f"{repo}/.tourney is a symbolic link" in result.output
    assert sorted(p.name for p in elsewhere.iterdir()) == before


def test_a_carried_wheel_that_is_a_link_is_refused(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    secret = tmp_path / "secret.whl"
    secret.write_bytes(b"not yours")
    old = _old_wheel(repo, b"")
    old.unlink()
    old.symlink_to(secret)
    result = CliRunner().invoke(cli, ["upgrade-repo", str(repo)])
    _refused(result)
    assert "tourney_chess-0.0.9-py3-none-any.whl is a symbolic link" in result.output
    assert secret.read_bytes() == b"not yours" and old.is_symlink()


def test_a_carried_wheel_that_is_not_a_zip_is_refused(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    old = _old_wheel(repo, b"#!/bin/sh\necho this is no wheel\n")
    result = CliRunner().invoke(cli, ["upgrade-repo", str(repo)])
    _refused(result)
    assert "tourney_chess-0.0.9-py3-none-any.whl is not a wheel (not a zip archive)" in (
        result.output
    )
    assert old.is_file() and not (repo / ".tourney" / build_wheel().name).exists()
