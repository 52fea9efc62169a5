"""A journal is ours alone (issue 31.3, docs/security.md "Multi-file edits").

Every attack here worked or ended in a traceback before: a forged journal in a club
folder at the repository's top rewrote .git/config and deleted .git/HEAD; a
``.tourney-journal`` that is a file passed ``check`` and crashed every edit command;
malformed entry heads crashed ``recover`` (``{"path": null}`` wrote a file named
``None``); a killed ``finalize`` of a club tournament left its journal in the club,
which the tournament's lock and ``check`` never looked at; two ``finalize`` at once
crashed with a traceback.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tourney.cli import cli
from tourney.fs import journal
from tourney.fs.lock import folder_lock

ROOT = Path(__file__).resolve().parents[1]


def _files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


def _clean(result: Result) -> None:
    """Refused with a message, exit 3, never a traceback."""
    assert result.exit_code == 3, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output


def _forge(folder: Path, *entries: bytes) -> None:
    directory = folder / ".tourney-journal"
    directory.mkdir()
    for index, raw in enumerate(entries):
        (directory / f"{index:05d}").write_bytes(raw)


@pytest.fixture
def club_repo(tmp_path: Path) -> Path:
    """A club folder that is the top of a git repository."""
    club = tmp_path / "club"
    shutil.copytree(ROOT / "examples" / "club-league", club)
    git = club / ".git"
    git.mkdir()
    (git / "config").write_text("[core]\n\tbare = false\n")
    (git / "HEAD").write_text("ref: refs/heads/main\n")
    return club


def test_a_journal_naming_files_under_git_is_refused_whole(club_repo: Path) -> None:
    before = _files(club_repo)
    _forge(
        club_repo,
        b'{"path": "members.yaml", "existed": true}\nmembers: []\n',
        b'{"path": ".git/config", "existed": true}\n[core]\n\tfsmonitor = "touch /tmp/owned"\n',
        b'{"path": ".git/HEAD", "existed": false}\n',
    )
    result = CliRunner().invoke(cli, ["recover", str(club_repo)])
    _clean(result)
    assert "'.git/config', which is not a data file" in result.output
    assert "nothing was restored" in result.output
    after = _files(club_repo)
    for name, data in before.items():  # members.yaml too: the journal is refused as a whole
        assert after[name] == data, name
    checked = CliRunner().invoke(cli, ["check", str(club_repo)])
    assert checked.exit_code == 1
    assert f"{club_repo}/.tourney-journal: error E260: this is not a journal tourney wrote" in (
        checked.output
    )


@pytest.mark.parametrize(
    "target",
    [
        b"../outside.txt",
        b"/etc/passwd",
        b".github/workflows/tourney.yml",
        b"Makefile",
        b"rounds/01.yaml/../../x",
    ],
)
def test_a_journal_names_only_data_files_of_its_folder(tmp_path: Path, target: bytes) -> None:
    folder = tmp_path / "open"
    shutil.copytree(ROOT / "examples" / "swiss-open", folder)
    _forge(folder, b'{"path": "' + target + b'", "existed": true}\nowned\n')
    result = CliRunner().invoke(cli, ["recover", str(folder)])
    _clean(result)
    assert "not a data file" in result.output
    assert not (tmp_path / "outside.txt").exists() and not (folder / "Makefile").exists()


def test_a_journal_that_is_a_file_is_reported_and_refused(tmp_path: Path) -> None:
    folder = tmp_path / "open"
    shutil.copytree(ROOT / "examples" / "swiss-open", folder)
    (folder / ".tourney-journal").write_text("not a folder\n")
    before = _files(folder)
    checked = CliRunner().invoke(cli, ["check", str(folder)])
    assert checked.exit_code == 1
    assert (
        f"{folder}/.tourney-journal: error E260: this is not a journal tourney wrote: "
        ".tourney-journal is a file, not a folder of journal entries"
    ) in checked.output.splitlines()
    edited = CliRunner().invoke(cli, ["result", str(folder), "5", "1", "1-0"])
    _clean(edited)
    assert ".tourney-journal is not a journal tourney wrote (.tourney-journal is a file" in (
        edited.output
    )
    recovered = CliRunner().invoke(cli, ["recover", str(folder)])
    _clean(recovered)
    assert "is a file, not a folder of journal entries" in recovered.output
    assert _files(folder) == before


def test_a_journal_that_is_a_link_is_never_followed(tmp_path: Path) -> None:
    folder = tmp_path / "open"
    shutil.copytree(ROOT / "examples" / "swiss-open", folder)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "00000").write_bytes(b'{"path": "players.yaml", "existed": false}\n')
    (folder / ".tourney-journal").symlink_to(elsewhere)
    recovered = CliRunner().invoke(cli, ["recover", str(folder)])
    _clean(recovered)
    assert "is a symbolic link" in recovered.output
    assert (folder / "players.yaml").is_file() and (elsewhere / "00000").is_file()


@pytest.mark.parametrize(
    "head",
    [
        b'{"path": null, "existed": true}',
        b"{}",
        b"[1, 2]",
        b'"players.yaml"',
        b'{"path": "players.yaml"}',
        b'{"path": "players.yaml", "existed": "yes"}',
        b'{"path": 7, "existed": true}',
        b"not json at all",
        b"\xff\xfe",
    ],
)
def test_malformed_entries_are_refused_with_a_clear_error(tmp_path: Path, head: bytes) -> None:
    folder = tmp_path / "open"
    shutil.copytree(ROOT / "examples" / "swiss-open", folder)
    before = _files(folder)
    _forge(folder, head + b"\nplayers: []\n")
    recovered = CliRunner().invoke(cli, ["recover", str(folder)])
    _clean(recovered)
    assert "00000: not a journal entry" in recovered.output
    assert not (folder / "None").exists()
    assert {k: v for k, v in _files(folder).items() if "journal" not in k} == before
    checked = CliRunner().invoke(cli, ["check", str(folder)])
    assert checked.exit_code == 1 and "error E260" in checked.output


def test_an_entry_with_a_name_tourney_never_writes_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "open"
    shutil.copytree(ROOT / "examples" / "swiss-open", folder)
    _forge(folder)
    (folder / ".tourney-journal" / "notes").write_bytes(
        b'{"path": "players.yaml", "existed": false}\n'
    )
    recovered = CliRunner().invoke(cli, ["recover", str(folder)])
    _clean(recovered)
    assert "notes: not a journal entry" in recovered.output
    assert (folder / "players.yaml").is_file()


# A finalize of a club tournament killed after its first writes (as kill -9 would):
# its journal is the club's, since the transaction spans the club and the tournament.
KILLED_IN_CLUB = """
import os, sys
from pathlib import Path
from tourney.fs.atomic import write_text
from tourney.fs.lock import folder_lock
club = Path(sys.argv[1])
with folder_lock(club / "rapid-03", "test"), folder_lock(club, "test"):
    write_text(club / "rapid-03" / "final.yaml", "half: [\\n")
    write_text(club / "ratings-log.yaml", "broken: [\\n")
    os._exit(9)
"""


def test_a_club_journal_is_found_by_every_command_of_its_tournaments(tmp_path: Path) -> None:
    club = tmp_path / "club"
    shutil.copytree(ROOT / "examples" / "club-league", club)
    before = _files(club)
    done = subprocess.run(
        [sys.executable, "-c", KILLED_IN_CLUB, str(club)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 9, done.stderr
    assert journal.exists(club) and not journal.exists(club / "rapid-03")
    event = club / "rapid-03"

    edited = CliRunner().invoke(
        cli, ["result", str(event), "1", "1", "1-0", "--correct", "--reason", "x"]
    )
    _clean(edited)
    assert f"run `tourney recover {club}`" in edited.output
    checked = CliRunner().invoke(cli, ["check", str(event)])
    assert checked.exit_code == 1
    assert f"{club}/.tourney-journal: error E207:" in checked.output
    pointed = CliRunner().invoke(cli, ["recover", str(event)])
    _clean(pointed)
    assert f"run `tourney recover {club}`" in pointed.output
    assert (event / "final.yaml").read_text() == "half: [\n"  # nothing done by that refusal

    recovered = CliRunner().invoke(cli, ["recover", str(club)])
    assert recovered.exit_code == 0, recovered.output
    assert _files(club) == before  # final.yaml gone again, ratings-log.yaml back
    assert CliRunner().invoke(cli, ["check", str(event)]).exit_code == 0


@pytest.mark.parametrize("held", ["rapid-03", "."])
def test_finalize_takes_the_folder_lock(tmp_path: Path, held: str) -> None:
    """A second finalize (or any command holding the tournament or the club) meanwhile:
    finalize stops at once with exit 3, nothing written, no traceback."""
    club = tmp_path / "club"
    shutil.copytree(ROOT / "examples" / "club-league", club)
    before = _files(club)
    with folder_lock(club / held, "tourney finalize"):
        result = CliRunner().invoke(cli, ["finalize", str(club / "rapid-03"), "--yes"])
    _clean(result)
    assert "tourney finalize" in result.output
    assert _files(club) == before
    assert not journal.exists(club) and not journal.exists(club / "rapid-03")


def test_a_finished_club_finalize_leaves_no_journal(tmp_path: Path) -> None:
    club = tmp_path / "club"
    shutil.copytree(ROOT / "examples" / "club-league", club)
    result = CliRunner().invoke(
        cli, ["finalize", str(club / "rapid-03"), "--end-after", "2", "--yes"]
    )
    assert result.exit_code == 0, result.output
    assert (club / "rapid-03" / "final.yaml").is_file()
    assert not journal.exists(club) and not journal.exists(club / "rapid-03")


def test_the_journal_holds_only_data_files(tmp_path: Path) -> None:
    assert journal.data_path("players.yaml") and journal.data_path("rounds/05.yaml")
    assert journal.data_path("rapid-03/rounds/05.why.txt") and journal.data_path(
        "rapid-03/final.yaml"
    )
    for path in [
        ".git/config",
        ".git/HEAD",
        "rounds/../x",
        ".tourney/x.whl",
        "_site/.tourney-manifest",
        "Makefile",
        "rounds/٠١.yaml",
        ".hidden/players.yaml",
        "a/b/players.yaml",
    ]:
        assert not journal.data_path(path), path


def test_two_finalize_at_once_never_crash(tmp_path: Path) -> None:
    """Two processes finalize one club tournament at the same moment (the issue saw a
    traceback in 5 of 10 runs): one finalizes, the other stops cleanly (busy, exit 3, or
    already finalized), and no journal is left."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for attempt in range(3):
        club = tmp_path / f"club{attempt}"
        shutil.copytree(ROOT / "examples" / "club-league", club)
        args = [sys.executable, "-m", "tourney", "finalize", str(club / "rapid-03")]
        args += ["--end-after", "2", "--yes"]
        running = [
            subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            for _ in range(2)
        ]
        outcomes = []
        for process in running:
            out, err = process.communicate(timeout=120)
            assert b"Traceback" not in out + err, err.decode()
            outcomes.append(process.returncode)
        assert sorted(outcomes) == [0, 3], outcomes
        assert (club / "rapid-03" / "final.yaml").is_file()
        assert not journal.exists(club) and not journal.exists(club / "rapid-03")
        log = (club / "ratings-log.yaml").read_text("utf-8")
        assert log.count("rapid-03") == 1  # rated once
