"""docs/security.md, links and special files: each attack of issue 19 tried, and refused.

A pull request can put a symbolic link, a FIFO or a link to a device in a
tournament folder (git stores links). Every test builds that folder, runs the
command as CI would, and asserts the refusal: exit status, the file named, the
target's content never printed, and nothing written outside the folder.
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from tourney.cli import cli
from tourney.errors import ExitStatus
from tourney.fs.atomic import UnsafeTarget, write_bytes
from tourney.fs.regular import UnsafeFile, read_regular

ROOT = Path(__file__).resolve().parents[1]
SECRET = "AWS_SECRET=hunter2"


@pytest.fixture()
def event(tmp_path: Path) -> Path:
    folder = tmp_path / "event"
    shutil.copytree(ROOT / "examples" / "swiss-open", folder)
    return folder


@pytest.fixture()
def secret(tmp_path: Path) -> Path:
    path = tmp_path / ".env"
    path.write_text(SECRET + "\n", encoding="utf-8")
    return path


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit
    ), result.exception
    return result.exit_code, result.output


def test_a_round_file_linked_to_a_secret_is_refused_unread(event: Path, secret: Path) -> None:
    (event / "rounds" / "03.yaml").unlink()
    (event / "rounds" / "03.yaml").symlink_to(secret)
    code, out = _run("check", str(event))
    assert code == ExitStatus.INVALID_INPUT
    assert "rounds/03.yaml" in out and "symbolic link" in out
    assert "hunter2" not in out and str(secret) not in out
    for command in ("standings", "build"):
        code, out = _run(command, str(event))
        assert code == ExitStatus.INVALID_INPUT and "hunter2" not in out


@pytest.mark.parametrize("name", ["players.yaml", "tournament.yaml", "pages/about.md"])
def test_a_link_to_dev_zero_is_refused_without_reading(event: Path, name: str) -> None:
    target = event / name
    target.unlink(missing_ok=True)
    target.symlink_to("/dev/zero")
    code, out = _run("check", str(event))
    assert code == ExitStatus.INVALID_INPUT
    assert name in out and "symbolic link" in out


def test_a_fifo_does_not_hang_any_reader(event: Path) -> None:
    os.mkfifo(event / "rounds" / "06.yaml")
    os.mkfifo(event / "pages" / "news.md")
    os.mkfifo(event / "rounds" / "02.why.txt.new")
    code, out = _run("check", str(event))  # a blocking open would never return
    assert code == ExitStatus.INVALID_INPUT
    assert out.count("named pipe (FIFO)") == 3
    with pytest.raises(UnsafeFile, match="named pipe"):
        read_regular(event / "rounds" / "06.yaml")


def test_a_linked_data_folder_is_refused(event: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    shutil.move(event / "rounds", elsewhere)
    (event / "rounds").symlink_to(elsewhere)
    code, out = _run("check", str(event))
    assert code == ExitStatus.INVALID_INPUT and "rounds: error" in out.replace(str(event) + "/", "")
    with pytest.raises(UnsafeFile, match="rounds: a symbolic link"):
        read_regular(event / "rounds" / "01.yaml", event)


def test_a_huge_file_is_refused_at_the_cap(tmp_path: Path) -> None:
    big = tmp_path / "players.yaml"
    big.write_bytes(b"#" * 2000)
    assert len(read_regular(big, limit=2000)) == 2000
    with pytest.raises(UnsafeFile, match="larger than 1,999 bytes"):
        read_regular(big, limit=1999)


@pytest.mark.parametrize("dangling", [False, True])
@pytest.mark.parametrize(
    "command",
    [
        ("pair", "{folder}"),
        ("build", "{folder}", "-o", "{site}"),
        ("result", "{folder}", "5", "1", "1-0"),
    ],
)
def test_a_lock_file_link_never_truncates_its_target(
    event: Path, tmp_path: Path, command: tuple[str, ...], dangling: bool
) -> None:
    victim = tmp_path / "victim.txt"
    if not dangling:
        victim.write_text("precious\n", encoding="utf-8")
    (event / ".tourney.lock").symlink_to(victim)
    before = {p: p.read_bytes() for p in event.rglob("*") if p.is_file()}
    args = [a.format(folder=event, site=tmp_path / "site") for a in command]
    code, out = _run(*args)
    assert code == ExitStatus.REFUSED
    assert ".tourney.lock is a symbolic link" in out
    if dangling:
        assert not victim.exists()  # a dangling link creates nothing
    else:
        assert victim.read_text(encoding="utf-8") == "precious\n"
    assert {p: p.read_bytes() for p in event.rglob("*") if p.is_file()} == before
    assert not (tmp_path / "site").exists()
    code, out = _run("check", str(event))  # check reports the link a PR brought in
    assert code == ExitStatus.INVALID_INPUT and ".tourney.lock" in out


def test_an_output_is_never_written_onto_a_device_or_through_a_link(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    link = tmp_path / "out.txt"
    link.symlink_to(victim)
    with pytest.raises(UnsafeTarget, match="symbolic link"):
        write_bytes(link, b"x")
    assert link.is_symlink() and victim.read_text(encoding="utf-8") == "precious\n"
    with pytest.raises(UnsafeTarget, match="a device"):
        write_bytes(Path("/dev/full"), b"x")
    assert stat.S_ISCHR(os.lstat("/dev/full").st_mode)
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(UnsafeTarget, match="FIFO"):
        write_bytes(tmp_path / "pipe", b"x")


def test_pairing_engine_refuses_dev_full(event: Path, tmp_path: Path) -> None:
    trf = tmp_path / "event.trf"
    code, _ = _run("export", str(event), "-o", str(trf))
    assert code == 0
    code, out = _run("pairing-engine", "--dutch", str(trf), "-p", "/dev/full")
    assert code == ExitStatus.REFUSED and "/dev/full is a device" in out
    assert stat.S_ISCHR(os.lstat("/dev/full").st_mode)


def test_export_refuses_a_link(event: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    (tmp_path / "out.trf").symlink_to(victim)
    code, out = _run("export", str(event), "-o", str(tmp_path / "out.trf"))
    assert code == ExitStatus.REFUSED and "symbolic link" in out
    assert victim.read_text(encoding="utf-8") == "precious\n"


def test_build_refuses_a_folder_it_did_not_write(event: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "index.html").write_text("my own page\n", encoding="utf-8")
    code, out = _run("build", str(event), "-o", str(home))
    assert code == ExitStatus.INVALID_INPUT and "did not write" in out and "--force" in out
    assert (home / "index.html").read_text(encoding="utf-8") == "my own page\n"
    assert sorted(p.name for p in home.iterdir()) == ["index.html"]
    site = tmp_path / "site"
    assert _run("build", str(event), "-o", str(site))[0] == 0
    assert (site / ".tourney-manifest").is_file()
    assert _run("build", str(event), "-o", str(site))[0] == 0  # its own folder: fine
    assert _run("build", str(event), "-o", str(home), "--force")[0] == 0
    assert (home / "index.html").read_text(encoding="utf-8") != "my own page\n"
