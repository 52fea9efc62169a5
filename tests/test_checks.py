"""The checks of a whole tournament (tourney/check/, docs/diagnostics.md), one rule at a time.

The folders are the hand-made fixtures of tests/fixtures/diagnostics/ (a six-player
Swiss, see their tournament.yaml), copied and changed by one line per test.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tourney.check.round_files import case_twin, is_known
from tourney.check.validate import validate
from tourney.cli import cli
from tourney.errors import Diagnostic

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "diagnostics"


def copy(tmp_path: Path, fixture: str) -> Path:
    folder = tmp_path / "event"
    shutil.copytree(FIXTURES / fixture, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def codes(folder: Path) -> list[tuple[str, int, str]]:
    return [(d.code, d.line, d.message) for d in validate(folder).diagnostics]


def only(folder: Path, code: str) -> Diagnostic:
    found = [d for d in validate(folder).diagnostics if d.code == code]
    assert len(found) == 1, found
    return found[0]


# -- E201 rematches ---------------------------------------------------------------------------


def test_a_rematch_names_both_players_and_the_earlier_round(tmp_path: Path) -> None:
    d = only(copy(tmp_path, "E201-rematch"), "E201")
    assert (d.line, d.col, d.severity) == (5, 5, "error")
    assert d.message.startswith("board 2: p6 (Falk, Fay) and p3 (Claes, Cas) met in round 1")
    assert "rematch: true" in d.hint


def test_the_arbiter_s_mark_keeps_a_rematch(tmp_path: Path) -> None:
    folder = copy(tmp_path, "E201-rematch")
    edit(
        folder / "rounds" / "02.yaml",
        "{white: p6, black: p3, result: }",
        "{white: p6, black: p3, result: , rematch: true}",
    )
    assert codes(folder) == []


def test_the_mark_must_be_true_or_false(tmp_path: Path) -> None:
    folder = copy(tmp_path, "E201-rematch")
    edit(
        folder / "rounds" / "02.yaml",
        "{white: p6, black: p3, result: }",
        "{white: p6, black: p3, result: , rematch: yes}",
    )
    assert [d.line for d in validate(folder).errors] == [5]  # the loader: true or false


def test_a_forfeited_game_was_not_played_so_the_two_may_meet(tmp_path: Path) -> None:
    folder = copy(tmp_path, "E201-rematch")  # round 1 board 3: p3 - p6 now forfeited
    edit(
        folder / "rounds" / "01.yaml",
        "{white: p3, black: p6, result: 1-0}",
        "{white: p3, black: p6, result: +/-}",
    )
    assert codes(folder) == []


def test_keizer_forbids_a_rematch_within_its_window_only(tmp_path: Path) -> None:
    folder = copy(tmp_path, "E201-rematch")
    edit(
        folder / "tournament.yaml", "format: swiss", "format: keizer\nkeizer:\n  rematch_rounds: 1"
    )
    assert [c for c, _, _ in codes(folder)] == ["E201"]  # round 2 - round 1 = 1: within
    edit(folder / "tournament.yaml", "rematch_rounds: 1", "rematch_rounds: 0")
    assert codes(folder) == []


def test_a_round_robin_is_not_checked_for_rematches(tmp_path: Path) -> None:
    folder = copy(tmp_path, "E201-rematch")
    edit(folder / "tournament.yaml", "format: swiss", "format: double-round-robin")
    edit(folder / "tournament.yaml", "rounds: 5", "rounds: 10")
    assert "E201" not in [c for c, _, _ in codes(folder)]


# -- E202 a player with no board ---------------------------------------------------------------


def test_a_deleted_board_names_both_players_once(tmp_path: Path) -> None:
    d = only(copy(tmp_path, "E202-missing-board"), "E202")
    assert (d.file.endswith("rounds/01.yaml"), d.line, d.col) == (True, 3, 1)
    assert d.message == "p3 and p6 have no board in round 1"
    assert d.hint.startswith("restore the board, or record an absence or bye")


@pytest.mark.parametrize(
    ("p3", "p6"),
    [
        ("absent: [1]", "absent: [1]"),  # absences recorded
        ("joins: 2", "joins: 2"),  # late entries
        ("byes: {1: half}", "byes: {1: zero}"),  # requested byes
    ],
)
def test_a_player_with_a_reason_to_sit_out_has_no_board(tmp_path: Path, p3: str, p6: str) -> None:
    folder = copy(tmp_path, "E202-missing-board")
    players = folder / "players.yaml"
    edit(players, "rating: 2000}", f"rating: 2000, {p3}}}")
    edit(players, "rating: 1700}", f"rating: 1700, {p6}}}")
    assert codes(folder) == []


def test_one_missing_player_is_named_alone(tmp_path: Path) -> None:
    folder = copy(tmp_path, "E202-missing-board")
    edit(folder / "players.yaml", "rating: 1700}", "rating: 1700, absent: [1]}")
    assert only(folder, "E202").message == "p3 has no board in round 1"


def test_a_bye_in_the_round_file_is_a_place(tmp_path: Path) -> None:
    folder = copy(tmp_path, "E202-missing-board")
    (folder / "rounds" / "01.yaml").write_text(
        (folder / "rounds" / "01.yaml").read_text(encoding="utf-8")
        + "byes:\n  - {player: p3, kind: half}\n  - {player: p6, kind: zero}\n",
        encoding="utf-8",
    )
    assert codes(folder) == []


def test_a_deleted_match_names_both_teams(tmp_path: Path) -> None:
    folder = tmp_path / "league"
    shutil.copytree(Path(__file__).resolve().parents[1] / "examples" / "team-league", folder)
    path = folder / "rounds" / "01.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[10].startswith("  - white: t8") and lines[17].startswith("  - white: t11")
    path.write_text("".join(lines[:10] + lines[17:]), encoding="utf-8")  # match 2 deleted
    d = only(folder, "W206")  # a warning: see tourney/check/boards.py
    assert (d.line, d.severity, d.message) == (
        3,
        "warning",
        "t4 and t8 have no match in round 1",
    )  # teams.yaml order


# -- W203 a result changed after the next round was paired from it ----------------------------


def test_pair_records_the_results_it_paired_from(tmp_path: Path) -> None:
    folder = copy(tmp_path, "W203-result-changed-after-pairing")
    edit(
        folder / "rounds" / "01.yaml",
        "{white: p3, black: p6, result: 0-1}",
        "{white: p3, black: p6, result: 1-0}",
    )
    assert codes(folder) == []  # the result it was paired from is back
    why = (folder / "rounds" / "02.why.txt").read_text(encoding="utf-8").splitlines()
    assert why[2].startswith("# paired from: 1=")


def test_the_changed_round_and_the_later_round_are_named(tmp_path: Path) -> None:
    d = only(copy(tmp_path, "W203-result-changed-after-pairing"), "W203")
    assert d.severity == "warning" and d.line == 3
    assert d.message.startswith("round 2 was paired from the old results of round 1")


def test_result_reports_the_change_it_makes(tmp_path: Path) -> None:
    folder = copy(tmp_path, "W204-board-comment")
    done = CliRunner().invoke(cli, ["pair", str(folder)])  # round 2 from round 1 as it is
    assert done.exit_code == 0, done.output
    done = CliRunner().invoke(cli, ["result", str(folder), "1", "1", "0-1"])
    assert done.exit_code == 0, done.output
    assert "warning W203: round 2 was paired from the old results of round 1" in done.stderr


def test_a_missing_board_says_it_alone(tmp_path: Path) -> None:
    """Cascade: deleting a board also changes the round's results; E202 says it, not W203."""
    folder = copy(tmp_path, "W203-result-changed-after-pairing")
    edit(folder / "rounds" / "01.yaml", "  - {white: p3, black: p6, result: 0-1}", "")
    assert [c for c, _, _ in codes(folder)] == ["E202"]


# -- W204 a comment that names other players --------------------------------------------------


def test_result_writes_the_comment_again_from_the_ids(tmp_path: Path) -> None:
    folder = copy(tmp_path, "W204-board-comment")
    done = CliRunner().invoke(cli, ["result", str(folder), "1", "3", "½-½"])
    assert done.exit_code == 0, done.output
    line = (folder / "rounds" / "01.yaml").read_text(encoding="utf-8").splitlines()[5]
    assert (
        line
        == "  - {white: p3, black: p6, result: ½-½}   # 3. Claes, Cas (2000) - Falk, Fay (1700)"
    )
    assert codes(folder) == []


def test_a_name_is_compared_as_the_writer_spaces_it(tmp_path: Path) -> None:
    """The writer joins a name's runs of spaces (tourney.edit.roundfile.comment_text)."""
    folder = copy(tmp_path, "W204-board-comment")
    edit(folder / "players.yaml", 'name: "Falk, Fay"', 'name: "Falk,   Fay"')
    done = CliRunner().invoke(cli, ["result", str(folder), "1", "3", "0-1"])
    assert done.exit_code == 0, done.output
    assert "# 3. Claes, Cas (2000) - Falk, Fay (1700)" in (folder / "rounds" / "01.yaml").read_text(
        encoding="utf-8"
    )
    assert codes(folder) == []


def test_a_comment_of_the_arbiter_s_own_is_left_alone(tmp_path: Path) -> None:
    folder = copy(tmp_path, "W204-board-comment")
    edit(
        folder / "rounds" / "01.yaml",
        "# 3. Claes, Cas (2000) - Eriks, Ed (1800)",
        "# adjourned, see the arbiter's report",
    )
    assert codes(folder) == []


# -- E205 unknown files in rounds/ -------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["05.YAML", "5.yaml", "05.yml.bak", "05.yml", "notes.txt", "00.yaml"]
)
def test_unknown_files_in_rounds_are_errors(name: str) -> None:
    assert not is_known(name)


@pytest.mark.parametrize("name", ["05.yaml", "05.why.txt", ".gitkeep", "README.md"])
def test_the_files_tourney_reads_or_writes_there_are_known(name: str) -> None:
    assert is_known(name)


def test_a_case_twin_is_found_for_its_round(tmp_path: Path) -> None:
    folder = copy(tmp_path, "E205-unknown-round-file")
    assert case_twin(folder, 2) == folder / "rounds" / "02.YAML"
    assert case_twin(folder, 1) is None and case_twin(folder, 3) is None


def test_pair_never_writes_the_round_of_a_case_twin(tmp_path: Path) -> None:
    folder = copy(tmp_path, "E205-unknown-round-file")
    for args in ([], ["--round", "2"], ["--round", "2", "--replace"]):
        done = CliRunner().invoke(cli, ["pair", str(folder), *args])
        assert done.exit_code == 1 and "E205" in done.stderr
    assert sorted(p.name for p in (folder / "rounds").iterdir()) == ["01.yaml", "02.YAML"]


# -- cascade -------------------------------------------------------------------------------------


def test_no_check_of_the_whole_tournament_runs_on_a_broken_load(tmp_path: Path) -> None:
    folder = copy(tmp_path, "E202-missing-board")
    edit(
        folder / "players.yaml",
        '- {id: p1, name: "Anders, Ada", rating: 2200}',
        "- {id: p1, name: [",
    )
    found = validate(folder).diagnostics
    assert found and not any(d.code.startswith(("E2", "W2")) for d in found)


def test_the_file_checks_run_on_a_broken_load_too(tmp_path: Path) -> None:
    folder = copy(tmp_path, "E205-unknown-round-file")
    edit(folder / "tournament.yaml", "rounds: 5", "rounds: [")
    assert "E205" in [d.code for d in validate(folder).diagnostics]


def test_the_bundled_examples_are_clean() -> None:
    examples = Path(__file__).resolve().parents[1] / "examples"
    for folder in sorted(p for p in examples.iterdir() if p.is_dir()):
        assert validate(folder).diagnostics == (), folder
