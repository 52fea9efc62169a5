"""A command killed mid-way leaves a journal; `tourney recover` puts the folder back
(docs/security.md "Multi-file edits")."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from tourney.cli import cli
from tourney.fs import journal

ROOT = Path(__file__).resolve().parents[1]

# Two files changed under the folder lock, then the process dies as kill -9 would:
# no exception, no clean-up (os._exit).
KILLED = """
import os, sys
from pathlib import Path
from tourney.fs.atomic import write_text
from tourney.fs.lock import folder_lock
folder = Path(sys.argv[1])
with folder_lock(folder, "test"):
    write_text(folder / "players.yaml", "broken: [\\n")
    write_text(folder / "rounds" / "09.yaml", "round: 9\\n")
    os._exit(9)
"""


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and ".tourney" not in p.name and ".tourney-journal" not in p.parts
    }


def test_a_killed_command_is_refused_until_recover_puts_the_files_back(tmp_path: Path) -> None:
    folder = tmp_path / "open"
    shutil.copytree(ROOT / "examples" / "swiss-open", folder)
    before = _snapshot(folder)
    done = subprocess.run(
        [sys.executable, "-c", KILLED, str(folder)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 9, done.stderr
    assert (folder / "players.yaml").read_text() == "broken: [\n"  # half an edit is on disk
    assert journal.exists(folder)

    refused = CliRunner().invoke(cli, ["result", str(folder), "5", "1", "1-0"])
    assert refused.exit_code == 3
    assert "was interrupted" in refused.output and "tourney recover" in refused.output

    recovered = CliRunner().invoke(cli, ["recover", str(folder)])
    assert recovered.exit_code == 0, recovered.output
    assert "2 files as they were" in recovered.output
    assert _snapshot(folder) == before  # players.yaml back, rounds/09.yaml gone
    assert not journal.exists(folder)
    assert CliRunner().invoke(cli, ["check", str(folder)]).exit_code == 0


def test_a_finished_command_leaves_no_journal(tmp_path: Path) -> None:
    folder = tmp_path / "open"
    shutil.copytree(ROOT / "examples" / "swiss-open", folder)
    paired = CliRunner().invoke(cli, ["pair", str(folder)])
    assert paired.exit_code == 0, paired.output
    assert (folder / "rounds" / "06.yaml").is_file()
    assert not journal.exists(folder)


def test_a_journal_naming_a_file_outside_the_folder_is_refused(tmp_path: Path) -> None:
    """A journal could come with a pull request: it never writes outside the folder."""
    folder = tmp_path / "open"
    shutil.copytree(ROOT / "examples" / "club-championship", folder)
    entry = folder / ".tourney-journal" / "00000"
    entry.parent.mkdir()
    entry.write_bytes(b'{"path": "../outside.txt", "existed": true}\nowned\n')
    result = CliRunner().invoke(cli, ["recover", str(folder)])
    assert result.exit_code == 3 and "not a data file" in result.output
    assert not (tmp_path / "outside.txt").exists()


def _everything(folder: Path) -> dict[str, bytes]:
    """Every file, the journal's entries included."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_check_names_a_leftover_journal_and_leaves_it_alone(tmp_path: Path) -> None:
    folder = tmp_path / "open"
    shutil.copytree(ROOT / "examples" / "swiss-open", folder)
    done = subprocess.run(
        [sys.executable, "-c", KILLED, str(folder)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 9, done.stderr
    before = _everything(folder)
    assert len([p for p in before if p.startswith(".tourney-journal")]) == 2

    checked = CliRunner().invoke(cli, ["check", str(folder)])
    assert checked.exit_code == 1
    lines = checked.output.splitlines()
    assert (
        f"{folder}/.tourney-journal: error E207: a command that was changing this folder was "
        "interrupted before it finished; it had saved 2 files"
    ) in lines
    assert f"  hint: run `tourney recover {folder}` to put back the files it changed" in "\n".join(
        lines
    )
    assert _everything(folder) == before  # nothing restored, nothing removed
    # The half-written players.yaml is reported too: check says why it is broken.
    assert any(" E103: " in line and "players.yaml" in line for line in lines)


def test_a_journal_in_a_sound_folder_is_the_one_error_of_check(tmp_path: Path) -> None:
    """A journal that came with a pull request, naming a file outside: check reports it (E260,
    not tourney's) and never acts on it."""
    folder = tmp_path / "open"
    shutil.copytree(ROOT / "examples" / "club-championship", folder)
    entry = folder / ".tourney-journal" / "00000"
    entry.parent.mkdir()
    entry.write_bytes(b'{"path": "../outside.txt", "existed": true}\nowned\n')
    checked = CliRunner().invoke(cli, ["check", str(folder)])
    assert checked.exit_code == 1
    assert [line.split(": ")[1] for line in checked.output.splitlines() if ": error " in line] == [
        "error E260"
    ]
    assert not (tmp_path / "outside.txt").exists() and entry.is_file()
    # A command that only reads reports the same error; one that takes the lock refuses.
    standings = CliRunner().invoke(cli, ["standings", str(folder)])
    assert standings.exit_code == 1 and "error E260" in standings.output
    built = CliRunner().invoke(cli, ["build", str(folder), "-o", str(tmp_path / "site")])
    assert built.exit_code == 3 and "is not a journal tourney wrote" in built.output
    assert not (tmp_path / "outside.txt").exists() and entry.is_file()
