"""`tourney results`: a whole round at once, all or nothing (docs/results.md "A whole round").

Every expected line is written out by hand from the round file the test
starts with: only the results change, and a comment naming other players
than the ids is written again from players.yaml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from yaml.nodes import SequenceNode

from tourney.cli import finalize as finalize_cli
from tourney.cli import results as results_cli
from tourney.edit.results_batch import Entry, enter_round, parse_entries
from tourney.errors import InvalidInput, Refused
from tourney.fs.lock import folder_lock
from tourney.model import Result

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

PLAYERS = """\
# six players
- {id: a, name: "Adams, Anna", rating: 2100}
- {id: b, name: "Bakker, Bert", rating: 2050}
- {id: c, name: "Claes, Carl"}
- {id: d, name: "Dekker, Dirk", rating: 1900}
- {id: e, name: "Evers, Eva", rating: 1850}
- {id: f, name: "Evers, Floor", rating: 1800}
"""

ROUND_1 = """\
# Round 1 of Test Open
round: 1
boards:
  - {white: a, black: b, result: }   # 1. Adams, Anna (2100) - Bakker, Bert (2050)
  - {white: c, black: d, result: 1-0}   # 2. Claes, Carl - Dekker, Dirk (1900)
  - {white: e, black: f, result: }   # 3. Somebody Else - Evers, Floor (1800)
"""


def folder_of(tmp_path: Path) -> Path:
    folder = tmp_path / "open"
    (folder / "rounds").mkdir(parents=True)
    (folder / "tournament.yaml").write_text(
        "name: Test Open\nformat: swiss\nrounds: 1\nstart_date: 2026-05-01\n", encoding="utf-8"
    )
    (folder / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    (folder / "rounds" / "01.yaml").write_text(ROUND_1, encoding="utf-8")
    return folder


def group() -> click.Group:
    cli = click.Group("tourney")
    cli.add_command(results_cli.command)
    cli.add_command(finalize_cli.command)
    return cli


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    out = CliRunner().invoke(group(), list(args), input=stdin)
    return out.exit_code, out.stdout, out.stderr


def lines(folder: Path) -> list[str]:
    return (folder / "rounds" / "01.yaml").read_text(encoding="utf-8").splitlines()


def test_lines_read_with_comments_blank_lines_spaced_results_and_names() -> None:
    text = "# round 1\n\n1 1-0\n  2 =   # a draw\nEvers, Eva 1 - 0\nf -/+\n3.2 none\n"
    assert parse_entries(text, "r.txt") == [
        Entry(3, "1", Result.WHITE_WINS, 1),
        Entry(4, "2", Result.DRAW, 3),
        Entry(5, "Evers, Eva", Result.WHITE_WINS, 1),
        Entry(6, "f", Result.BLACK_FORFEIT_WIN, 1),
        Entry(7, "3.2", None, 1),
    ]


def test_every_bad_line_reported_with_line_and_column_and_nothing_written(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    text = "1 1-0\n3 1-o\n7 =\nEvers =\nAdams 0-1\nlonely\n"
    code, _out, err = run("results", str(folder), "1", "-", stdin=text)
    assert code == 1
    assert err.splitlines() == [
        "<stdin>:2:3: error E400: '1-o' is not a result",
        "  hint: did you mean '1-0'?",
        "<stdin>:3:1: error E402: there is no board 7 in round 1",
        "  hint: round 1 has boards 1-3",
        # line 4: both Evers play on board 3, so "Evers" names one board
        "<stdin>:5:1: error E402: board 1 was given on line 1 already",
        "<stdin>:6:1: error E401: 'lonely' is a board without a result",
        "  hint: write the board and its result, White first: 3 1-0",
        "4 errors; nothing was written",
    ]
    assert lines(folder) == ROUND_1.splitlines()


def test_round_entered_in_one_write_by_number_id_and_name(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    batch = enter_round(folder, 1, parse_entries("floor evers =\nAnna Adams 0-1\n", "x"), "x")
    assert [(c.where, c.old, c.new) for c in batch.changes] == [
        ("board 3", "", "½-½"),
        ("board 1", "", "0-1"),
    ]
    assert batch.open_boards == ()
    assert lines(folder)[3:] == [
        "  - {white: a, black: b, result: 0-1}  # 1. Adams, Anna (2100) - Bakker, Bert (2050)",
        "  - {white: c, black: d, result: 1-0}   # 2. Claes, Carl - Dekker, Dirk (1900)",
        # the comment named somebody else: written again from the ids
        "  - {white: e, black: f, result: ½-½}  # 3. Evers, Eva (1850) - Evers, Floor (1800)",
    ]


def test_stored_result_kept_unless_overwrite_asked(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    code, out, err = run("results", str(folder), "1", "-", stdin="1 1-0\n2 0-1\n")
    assert code == 3
    assert "board 2 already holds 1-0 (you gave 0-1)" in err and "--overwrite" in err
    assert lines(folder) == ROUND_1.splitlines()
    code, out, err = run("results", str(folder), "1", "-", "--overwrite", stdin="1 1-0\n2 0-1\n")
    assert code == 0, err
    assert "board 2: 1-0 -> 0-1" in out and "still without a result: boards 3" in out
    assert (
        lines(folder)[4]
        == "  - {white: c, black: d, result: 0-1}   # 2. Claes, Carl - Dekker, Dirk (1900)"
    )


def test_same_result_again_writes_nothing(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    batch = enter_round(folder, 1, parse_entries("2 1-0\n", "x"), "x")
    assert batch.changes == () and batch.unchanged == ("2",)
    assert batch.open_boards == ("1", "3")
    assert lines(folder) == ROUND_1.splitlines()


def test_ambiguous_name_lists_the_boards(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    with pytest.raises(InvalidInput) as caught:
        enter_round(folder, 1, parse_entries("er 1-0\n", "x"), "x")
    (problem,) = caught.value.diagnostics
    assert (problem.line, problem.message) == (1, "'er' names players on 3 boards")
    assert problem.hint == (
        "board 1: Adams, Anna - Bakker, Bert; board 2: Claes, Carl - Dekker, Dirk; "
        "board 3: Evers, Eva - Evers, Floor"
    )
    assert lines(folder) == ROUND_1.splitlines()


def test_prompt_walks_the_boards_without_result(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    # board 1: a typo, then 1-0; board 3: Enter skips it
    code, out, err = run("results", str(folder), "1", "--prompt", stdin="1-o\n1-0\n\n")
    assert code == 0, err
    assert "1. Adams, Anna (2100) - Bakker, Bert (2050)" in out
    assert "3. Evers, Eva (1850) - Evers, Floor (1800)" in out
    assert "'1-o' is not a result" in err
    assert lines(folder)[3].startswith("  - {white: a, black: b, result: 1-0}")
    assert lines(folder)[5] == ROUND_1.splitlines()[5]
    assert "still without a result: boards 3" in out


def test_locked_folder_refused(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    with folder_lock(folder, "tourney pair"):
        code, _, err = run("results", str(folder), "1", "-", stdin="1 1-0\n")
    assert code != 0 and "tourney pair" in err
    assert lines(folder) == ROUND_1.splitlines()


def test_finalized_takes_only_corrections_each_recorded(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    (folder / "rounds" / "01.yaml").write_text(
        ROUND_1.replace("result: }", "result: 1-0}"), encoding="utf-8"
    )
    code, _, err = run("finalize", str(folder), "--yes", "--end-date", "2026-05-01")
    assert code == 0, err
    with pytest.raises(Refused, match="never reopened"):
        enter_round(folder, 1, parse_entries("1 0-1\n", "x"), "x", overwrite=True)
    code, _out, err = run(
        "results", str(folder), "1", "-", "--correct", "--date", "2026-05-03",
        "--reason", "scoresheets", stdin="1 0-1\n3 =\n",
    )  # fmt: skip
    assert code == 0, err
    log = (folder / "corrections.yaml").read_text(encoding="utf-8").splitlines()
    assert log[-2:] == [
        '- {date: 2026-05-03, round: 1, board: "1", old: 1-0, new: 0-1, reason: "scoresheets"}',
        '- {date: 2026-05-03, round: 1, board: "3", old: 1-0, new: ½-½, reason: "scoresheets"}',
    ]


def test_team_boards_named_match_dot_board(tmp_path: Path) -> None:
    folder = tmp_path / "league"
    shutil.copytree(EXAMPLES / "team-league", folder)
    path = folder / "rounds" / "03.yaml"
    before = path.read_text(encoding="utf-8").splitlines()
    code, _out, err = run(
        "results", str(folder), "3", "-", "--overwrite", stdin="1.4 1-0\nSchouten, Tobias 0-1\n"
    )
    assert code == 0, err
    after = path.read_text(encoding="utf-8").splitlines()
    assert [(x, y) for x, y in zip(before, after, strict=True) if x != y] == [
        (
            "      - {white: m09, black: m05, result: ½-½}   # 1.1 Schouten, Tobias (2197) - Lammers, Giulia (2317)",
            "      - {white: m09, black: m05, result: 0-1}   # 1.1 Schouten, Tobias (2197) - Lammers, Giulia (2317)",
        ),
        (
            "      - {white: m44, black: m40, result: 0-1}   # 1.4 Groen, Mila (1728) - Jacobs, Anna (1820)",
            "      - {white: m44, black: m40, result: 1-0}   # 1.4 Groen, Mila (1728) - Jacobs, Anna (1820)",
        ),
    ]
    code, _, err = run("results", str(folder), "3", "-", stdin="4 1-0\n")
    assert code == 1 and "a team event names its boards MATCH.BOARD" in err


def test_single_result_filling_an_empty_board_rewrites_a_wrong_comment(tmp_path: Path) -> None:
    """`tourney result` too: the value grows from nothing to ½-½, the gap before the
    comment narrows to keep its column, and the comment naming somebody else is rewritten."""
    from tourney.edit.results import BoardRef, set_result

    folder = folder_of(tmp_path)
    set_result(folder, 1, BoardRef(3), Result.DRAW)
    assert lines(folder)[5] == (
        "  - {white: e, black: f, result: ½-½}  # 3. Evers, Eva (1850) - Evers, Floor (1800)"
    )


def test_board_by_line_edit_writes_what_the_whole_text_edit_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A round is edited one board line at a time (linear in the boards); the text is the
    same as the whole-text edit's, board for board, in an individual and a team round."""
    from tourney.edit import results_batch

    cases = [
        ("swiss-open", "rounds/05.yaml", "1 0-1\n2 =\n7 0-1\n12 0-1\n"),
        ("team-league", "rounds/03.yaml", "1.4 1-0\n2.1 0-1\n3.2 =\n"),
    ]
    for example, file, entries in cases:
        written = []
        for fast in (True, False):
            folder = tmp_path / f"{example}-{fast}"
            shutil.copytree(EXAMPLES / example, folder)
            if not fast:
                monkeypatch.setattr(results_batch, "_board_lines", lambda *args: None)
            batch = enter_round(
                folder, int(file[7:9]), parse_entries(entries, "x"), "x", overwrite=True
            )
            monkeypatch.undo()
            assert len(batch.changes) == entries.count("\n")
            written.append((folder / file).read_text(encoding="utf-8"))
        assert written[0] == written[1]
        assert written[0] != (EXAMPLES / example / file).read_text(encoding="utf-8")


def test_a_board_over_several_lines_is_edited_all_the_same(tmp_path: Path) -> None:
    """The board-by-line edit only takes one flow board a line; a block board (written by
    hand) sends the whole round to the whole-text edit, with the same line-exact result."""
    folder = folder_of(tmp_path)
    block = ROUND_1.replace(
        "  - {white: e, black: f, result: }   # 3. Somebody Else - Evers, Floor (1800)\n",
        "  - white: e\n    black: f\n    result:\n",
    )
    (folder / "rounds" / "01.yaml").write_text(block, encoding="utf-8")
    enter_round(folder, 1, parse_entries("1 0-1\n3 =\n", "x"), "x")
    assert lines(folder)[3:] == [
        "  - {white: a, black: b, result: 0-1}  # 1. Adams, Anna (2100) - Bakker, Bert (2050)",
        "  - {white: c, black: d, result: 1-0}   # 2. Claes, Carl - Dekker, Dirk (1900)",
        "  - white: e",
        "    black: f",
        "    result: ½-½",
    ]


def test_the_check_after_the_write_parses_only_the_changed_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `tourney results` reads the folder, writes the round file and reads the folder again
    # to check it. The second read used to parse every file again (tournament.yaml,
    # players.yaml, rounds/01.yaml: 3 + 3 parses); now only the round file written is
    # parsed again (3 + 1), and what the check reads is the same.
    from tourney.app.results import enter_results
    from tourney.load import yamlsource

    folder = folder_of(tmp_path)
    parsed: list[str] = []
    real = yamlsource._parse

    def counting(name: str, data: bytes) -> yamlsource.Source:
        parsed.append(Path(name).name)
        return real(name, data)

    monkeypatch.setattr(yamlsource, "_parse", counting)
    done = enter_results(folder, 1, parse_entries("1 0-1\n3 =\n", "x"), "x", False, False, [])
    assert [c.new for c in done.batch.changes] == ["0-1", "½-½"]
    assert sorted(parsed) == ["01.yaml", "01.yaml", "players.yaml", "tournament.yaml"]
    # outside `results`, every read parses (nothing is kept between commands)
    parsed.clear()
    enter_round(folder, 1, parse_entries("2 0-1\n", "x"), "x", overwrite=True)
    assert sorted(parsed) == sorted(["01.yaml", "players.yaml", "tournament.yaml"] * 2)


@pytest.mark.parametrize(
    "line",
    [
        "  - {white: p0001, black: p0002, result: ½-½}   # 1. Bakker, Anna (2648) - Vos, Jan",
        '  - {white: "a\\u00e9 b", black: "x # y", result: "1-0"}  # é',
        "  - { white: a , black: b , result: = }",
        "  - {white: é½, black: 'it''s', result: ½-½, rematch: true}",
    ],
)
def test_a_board_line_is_parsed_with_the_marks_of_the_exact_parser(line: str) -> None:
    # The board-by-line edit parses each edited line by the C parser (ten times faster
    # than the pure-Python one at 5,000 boards); on a board line its marks are the exact
    # parser's, which set_value splices the text at.
    from yaml.nodes import MappingNode as Mapping

    from tourney.edit.results_batch import _line_nodes
    from tourney.load.nodes import compose_exact

    def marks(root: object) -> list[tuple[str, int, int]]:
        assert isinstance(root, SequenceNode)
        board = root.value[0]
        assert isinstance(board, Mapping)
        found = [("{", board.start_mark.index, board.end_mark.index)]
        for key, value in board.value:
            for node in (key, value):
                found.append((node.value, node.start_mark.index, node.end_mark.index))
        return found

    assert marks(_line_nodes(line)) == marks(compose_exact(line))
    # the result's value starts where the text says it does
    _, start, end = marks(_line_nodes(line))[6]
    assert line[start:end].strip("\"'") in ("½-½", "1-0", "=")


def test_a_line_with_an_empty_value_takes_the_exact_parser() -> None:
    # the C parser puts an empty value's mark elsewhere than the pure-Python one
    from tourney.edit.results_batch import _line_nodes
    from tourney.load.nodes import compose, compose_exact

    line = "  - {white: a, black: b, result: }   # 1. Adams, Anna - Bakker, Bert"

    def result_mark(root: object) -> tuple[int, int]:
        assert isinstance(root, SequenceNode)
        value = root.value[0].value[2][1]
        return value.start_mark.index, value.end_mark.index

    # right after the colon of "result:" (index 31)
    assert result_mark(compose_exact(line)) == (32, 32)
    assert result_mark(compose(line)) != (32, 32)
    assert result_mark(_line_nodes(line)) == (32, 32)
