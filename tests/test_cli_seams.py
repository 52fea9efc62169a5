"""The command line takes what the user types (issue 27 "Command-line seams", docs/results.md).

Each test is one seam seen in a club season: a forfeit typed as ``-/+``, a
draw typed as ``½`` or ``1:0`` from a scoresheet, Ctrl-D at the results prompt,
``Smit`` next to ``Smits``. The expected lines are written by hand from the
round files the tests start with.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from builders import runner

from tourney.cli import results as results_cli
from tourney.edit.players import find_player
from tourney.edit.results import parse_entered
from tourney.edit.results_batch import enter_round, parse_entries
from tourney.load.folder import load_tournament
from tourney.model import Result

PLAYERS = """\
- {id: a, name: "Smit, Jan", rating: 2100}
- {id: b, name: "Smits, Piet", rating: 2050}
- {id: c, name: "Claes, Carl", rating: 2000}
- {id: d, name: "Dekker, Dirk", rating: 1900}
"""

ROUND_1 = """\
round: 1
boards:
  - {white: a, black: c, result: }   # 1. Smit, Jan (2100) - Claes, Carl (2000)
  - {white: d, black: b, result: }   # 2. Dekker, Dirk (1900) - Smits, Piet (2050)
"""


def folder_of(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    (folder / "rounds").mkdir(parents=True)
    (folder / "tournament.yaml").write_text(
        "name: Club Night\nformat: swiss\nrounds: 3\nstart_date: 2026-05-01\n", encoding="utf-8"
    )
    (folder / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    (folder / "rounds" / "01.yaml").write_text(ROUND_1, encoding="utf-8")
    return folder


def board(folder: Path, number: int) -> str:
    return (folder / "rounds" / "01.yaml").read_text(encoding="utf-8").splitlines()[1 + number]


run = runner()  # the whole `tourney` command line, as a user types it


@pytest.mark.parametrize(
    ("typed", "stored"), [("-/+", "-/+"), ("-/-", "-/-"), ("-+", "-/+"), ("--", "-/-")]
)
def test_result_starting_with_a_dash_is_the_result_not_an_option(
    tmp_path: Path, typed: str, stored: str
) -> None:
    folder = folder_of(tmp_path)
    code, out, err = run("result", folder, 1, 2, typed)
    assert code == 0, err
    assert board(folder, 2) == (
        f"  - {{white: d, black: b, result: {stored}}}  # 2. Dekker, Dirk (1900) - Smits, Piet (2050)"
    )
    assert f"round 1, board 2: no result -> {stored}" in out


def test_dash_result_with_an_option_after_it(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    code, _out, err = run("result", folder, 1, 1, "-/+", "--expect", "none")
    assert code == 0, err
    assert "result: -/+}" in board(folder, 1)
    # --expect's own value may start with a dash too; the stored -/+ is what was expected
    code, _out, err = run("result", folder, 1, 1, "1-0", "--expect", "-/+")
    assert code == 0, err
    assert "result: 1-0}" in board(folder, 1)


@pytest.mark.parametrize(
    ("typed", "result"),
    [
        ("1:0", Result.WHITE_WINS),
        ("0:1", Result.BLACK_WINS),
        ("0 : 1", Result.BLACK_WINS),
        ("½", Result.DRAW),
        ("1/2", Result.DRAW),
        ("½:½", Result.DRAW),
        ("=", Result.DRAW),
        ("-/+", Result.BLACK_FORFEIT_WIN),
        ("-/-", Result.DOUBLE_FORFEIT),
    ],
)
def test_results_as_people_type_them(typed: str, result: Result) -> None:
    assert parse_entered(typed) is result


def test_result_command_takes_scoresheet_spellings(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    assert run("result", folder, 1, 1, "1:0")[0] == 0
    assert run("result", folder, 1, 2, "½")[0] == 0
    assert "result: 1-0}" in board(folder, 1)
    assert "result: ½-½}" in board(folder, 2)


def test_results_file_takes_scoresheet_spellings(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    code, _out, err = run("results", folder, 1, "-", stdin="1 1 : 0\n2 1/2\n")
    assert code == 0, err
    assert "result: 1-0}" in board(folder, 1)
    assert "result: ½-½}" in board(folder, 2)


class Keyboard:
    """A terminal's stdin: each item is one line typed; "" is Ctrl-D (the end of input,
    after which a terminal can still be read)."""

    def __init__(self, *typed: str) -> None:
        self.typed = list(typed)

    def readline(self) -> str:
        return self.typed.pop(0) if self.typed else ""

    def isatty(self) -> bool:
        return True


def test_prompt_takes_half_and_colon_spellings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = folder_of(tmp_path)
    monkeypatch.setattr(sys, "stdin", Keyboard("½\n", "0:1\n"))
    results_cli.command.main([str(folder), "1"], standalone_mode=False)
    assert "result: ½-½}" in board(folder, 1)
    assert "result: 0-1}" in board(folder, 2)


def test_ctrl_d_at_the_prompt_saves_what_was_typed_after_confirming(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = folder_of(tmp_path)
    # board 1: 1-0; then Ctrl-D; Enter confirms the default (save)
    monkeypatch.setattr(sys, "stdin", Keyboard("1-0\n", "", "\n"))
    results_cli.command.main([str(folder), "1"], standalone_mode=False)
    assert "save the 1 result you typed? [Y/n]" in capsys.readouterr().out
    assert "result: 1-0}" in board(folder, 1)
    assert "result: }" in board(folder, 2)


def test_ctrl_d_twice_or_no_saves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = folder_of(tmp_path)
    monkeypatch.setattr(sys, "stdin", Keyboard("1-0\n", "", "n\n"))
    results_cli.command.main([str(folder), "1"], standalone_mode=False)
    monkeypatch.setattr(sys, "stdin", Keyboard("1-0\n", "", ""))
    results_cli.command.main([str(folder), "1"], standalone_mode=False)
    assert (folder / "rounds" / "01.yaml").read_text(encoding="utf-8") == ROUND_1


def test_exact_surname_beats_a_prefix(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    t = load_tournament(folder)
    assert find_player(t, "Smit").id == "a"
    assert find_player(t, "smits").id == "b"
    batch = enter_round(folder, 1, parse_entries("Smit 1-0\nSmits 0-1\n", "x"), "x")
    assert [(c.where, c.new) for c in batch.changes] == [("board 1", "1-0"), ("board 2", "0-1")]


def test_withdraw_by_exact_surname(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    code, _out, err = run("player", "withdraw", folder, "Smit", "--after", "1")
    assert code == 0, err
    players = (folder / "players.yaml").read_text(encoding="utf-8").splitlines()
    assert players[0] == '- {id: a, name: "Smit, Jan", rating: 2100, withdrawn_after: 1}'


def _closed_pipe_run(*args: object) -> tuple[int, str]:
    """``tourney ARGS | head -0``: the reader is gone before the command prints a line."""
    import os
    import subprocess

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    process = subprocess.Popen(
        [sys.executable, "-m", "tourney", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # before the command has started: every line it prints fails
    err = process.stderr.read().decode("utf-8")
    return process.wait(timeout=120), err


def test_closed_pipe_keeps_the_pairing_that_was_reported(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    (folder / "rounds" / "01.yaml").write_text(ROUND_1.replace("result: }", "result: 1-0}"))
    code, err = _closed_pipe_run("pair", folder)
    assert (code, err) == (0, "")
    assert (folder / "rounds" / "02.yaml").is_file()
    assert run("check", folder)[0] == 0


def test_closed_pipe_keeps_the_result_that_was_reported(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    code, err = _closed_pipe_run("result", folder, 1, 1, "1-0")
    assert (code, err) == (0, "")
    assert "result: 1-0}" in board(folder, 1)


@pytest.mark.parametrize("fmt", ["swiss", "round-robin", "keizer", "team-swiss"])
def test_check_warns_about_the_starter_placeholders(tmp_path: Path, fmt: str) -> None:
    folder = tmp_path / "new"
    assert run("new", folder, "--format", fmt)[0] == 0
    code, _out, err = run("check", folder)
    assert code == 0  # a warning, not an error
    arbiter = "Jane Example" if fmt == "keizer" else "IA Jane Example"
    assert "W260: organiser is still the starter's placeholder 'Example Chess Club'" in err
    assert f"W260: chief_arbiter is still the starter's placeholder '{arbiter}'" in err
    settings = folder / "tournament.yaml"
    text = settings.read_text(encoding="utf-8")
    text = text.replace("Example Chess Club", "Schaakclub De Toren")
    settings.write_text(text.replace("Jane Example", "Marta Visser"), encoding="utf-8")
    code, _out, err = run("check", folder)
    assert code == 0 and "W260" not in err


def test_finalize_and_new_repo_print_no_absolute_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run("new", "rr", "--format", "round-robin", "--repo")
    assert code == 0, err
    assert "wrote .github/workflows/" in out
    assert run("pair", "rr")[0] == 0
    for number in range(1, 6):
        assert run("results", "rr", number, "-", stdin="1 1-0\n2 =\n3 0-1\n")[0] == 0
    code, out, err = run("finalize", "rr", "--yes")
    assert code == 0, out + err
    assert "wrote rr/final.yaml" in out
    assert str(tmp_path) not in out + err
