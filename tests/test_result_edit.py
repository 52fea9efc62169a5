"""`tourney result`: one board, one changed line, comments kept (docs/results.md "Entering results").

Every expected file line below is written out by hand from the round file the
test starts with: only the result changes; the trailing comment keeps its column.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import click
import pytest
from builders import runner

from tourney.cli import finalize as finalize_cli
from tourney.cli import result as result_cli
from tourney.edit.results import (
    BoardRef,
    parse_board_ref,
    parse_entered,
    record_correction,
    set_decision,
    set_result,
)
from tourney.errors import InvalidInput, Refused
from tourney.model import MatchDecision, Result

ROUND_1 = """\
# Round 1 of Test Open
round: 1
boards:
  - {white: a, black: b, result: 1-0}   # 1. Anna - Bert
  - {white: c, black: d, result: }      # 2. Carl - Dirk
"""

BLOCK_ROUND_2 = """\
# Round 2, typed by hand
boards:
  - white: d
    black: a
    result: "0-1"   # the scoresheet says so
  - white: b
    black: c
"""


def individual(tmp_path: Path, rounds: int = 2) -> Path:
    folder = tmp_path / "open"
    (folder / "rounds").mkdir(parents=True)
    (folder / "tournament.yaml").write_text(
        f"name: Test Open\nformat: swiss\nrounds: {rounds}\nstart_date: 2026-05-01\n",
        encoding="utf-8",
    )
    (folder / "players.yaml").write_text(
        "# four players\n"
        + "".join(f"- {{id: {p}, name: {n}}}\n" for p, n in zip("abcd", "ABCD", strict=True)),
        encoding="utf-8",
    )
    (folder / "rounds" / "01.yaml").write_text(ROUND_1, encoding="utf-8")
    return folder


def changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    a, b = before.splitlines(), after.splitlines()
    assert len(a) == len(b), "a line was added or removed"
    return [(x, y) for x, y in zip(a, b, strict=True) if x != y]


def group() -> click.Group:
    cli = click.Group("tourney")
    cli.add_command(result_cli.command)
    cli.add_command(finalize_cli.command)
    return cli


run = runner(group)


def test_empty_result_filled_in_one_line_comment_column_kept(tmp_path: Path) -> None:
    folder = individual(tmp_path)
    path = folder / "rounds" / "01.yaml"
    change = set_result(folder, 1, BoardRef(2), Result.DRAW, expect=None)
    after = path.read_text(encoding="utf-8")
    assert changed_lines(ROUND_1, after) == [
        (
            "  - {white: c, black: d, result: }      # 2. Carl - Dirk",
            "  - {white: c, black: d, result: ½-½}   # 2. Carl - Dirk",
        )
    ]
    assert (change.old, change.new, change.line) == ("", "½-½", 5)


def test_result_replaced_and_cleared(tmp_path: Path) -> None:
    folder = individual(tmp_path)
    path = folder / "rounds" / "01.yaml"
    set_result(folder, 1, BoardRef(1), Result.WHITE_FORFEIT_WIN, expect=Result.WHITE_WINS)
    assert path.read_text(encoding="utf-8").splitlines()[3] == (
        "  - {white: a, black: b, result: +/-}   # 1. Anna - Bert"
    )
    set_result(folder, 1, BoardRef(1), None)
    assert path.read_text(encoding="utf-8").splitlines()[3] == (
        "  - {white: a, black: b, result: }      # 1. Anna - Bert"
    )


def test_someone_else_changed_it_refused_and_nothing_saved(tmp_path: Path) -> None:
    folder = individual(tmp_path)
    path = folder / "rounds" / "01.yaml"
    with pytest.raises(Refused) as caught:
        set_result(folder, 1, BoardRef(1), Result.DRAW, expect=Result.BLACK_WINS)
    message = str(caught.value)
    assert "stored 1-0, you expected 0-1" in message and "nothing was saved" in message
    assert path.read_text(encoding="utf-8") == ROUND_1


def test_expect_no_result_on_a_board_that_has_one(tmp_path: Path) -> None:
    folder = individual(tmp_path)
    with pytest.raises(Refused, match="stored 1-0, you expected no result"):
        set_result(folder, 1, BoardRef(1), Result.DRAW, expect=None)


def test_block_style_board_keeps_quotes_and_missing_key_adds_one_line(tmp_path: Path) -> None:
    folder = individual(tmp_path)
    path = folder / "rounds" / "02.yaml"
    (folder / "rounds" / "01.yaml").write_text(
        ROUND_1.replace("result: }     ", "result: 0-1}"), encoding="utf-8"
    )
    path.write_text(BLOCK_ROUND_2, encoding="utf-8")
    set_result(folder, 2, BoardRef(1), Result.DRAW)
    assert path.read_text(encoding="utf-8").splitlines()[4] == (
        '    result: "½-½"   # the scoresheet says so'
    )
    set_result(folder, 2, BoardRef(2), Result.BLACK_WINS)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[5:] == ["  - white: b", "    black: c", "    result: 0-1"]


def test_same_result_writes_nothing(tmp_path: Path) -> None:
    folder = individual(tmp_path)
    change = set_result(folder, 1, BoardRef(1), Result.WHITE_WINS)
    assert not change.changed and change.line == 0


@pytest.mark.parametrize(
    ("text", "result"),
    [("1-0", Result.WHITE_WINS), ("=", Result.DRAW), ("1/2-1/2", Result.DRAW), ("none", None)],
)
def test_spellings(text: str, result: Result | None) -> None:
    assert parse_entered(text) is result


def test_bad_input_is_invalid() -> None:
    with pytest.raises(InvalidInput):
        parse_entered("2-0")
    with pytest.raises(InvalidInput):
        parse_board_ref("x")
    assert parse_board_ref("2.3") == BoardRef(3, 2)


def test_board_out_of_range(tmp_path: Path) -> None:
    folder = individual(tmp_path)
    with pytest.raises(InvalidInput, match="round 1 has 2 boards, not 3"):
        set_result(folder, 1, BoardRef(3), Result.DRAW)
    with pytest.raises(InvalidInput, match="round 2 is not paired"):
        set_result(folder, 2, BoardRef(1), Result.DRAW)


# --- team events ---

TEAM_ROUND = """\
# Round 1
matches:
  - white: t1   # 1. Alpha - Beta
    black: t2
    boards:
      - {white: a1, black: b1, result: 1-0}   # 1.1 A1 - B1
      - {white: b2, black: a2, result: }      # 1.2 B2 - A2
"""


def team(tmp_path: Path) -> Path:
    folder = tmp_path / "league"
    (folder / "rounds").mkdir(parents=True)
    (folder / "tournament.yaml").write_text(
        "name: League\nformat: team-swiss\nrounds: 3\nteams:\n  boards: 2\n", encoding="utf-8"
    )
    (folder / "players.yaml").write_text(
        "".join(f"- {{id: {p}, name: {p.upper()}}}\n" for p in ("a1", "a2", "b1", "b2")),
        encoding="utf-8",
    )
    (folder / "teams.yaml").write_text(
        "- {id: t1, name: Alpha, roster: [a1, a2]}\n- {id: t2, name: Beta, roster: [b1, b2]}\n",
        encoding="utf-8",
    )
    (folder / "rounds" / "01.yaml").write_text(TEAM_ROUND, encoding="utf-8")
    return folder


def test_match_board_and_decision(tmp_path: Path) -> None:
    folder = team(tmp_path)
    path = folder / "rounds" / "01.yaml"
    set_result(folder, 1, parse_board_ref("1.2"), Result.DRAW)
    assert changed_lines(TEAM_ROUND, path.read_text(encoding="utf-8")) == [
        (
            "      - {white: b2, black: a2, result: }      # 1.2 B2 - A2",
            "      - {white: b2, black: a2, result: ½-½}   # 1.2 B2 - A2",
        )
    ]
    with pytest.raises(InvalidInput, match=r"MATCH\.BOARD"):
        set_result(folder, 1, BoardRef(1), Result.DRAW)
    before = path.read_text(encoding="utf-8")
    set_decision(folder, 1, 1, MatchDecision.WHITE_TEAM, expect=None)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[3:5] == ["    black: t2", "    decision: white"]
    set_decision(folder, 1, 1, None, expect=MatchDecision.WHITE_TEAM)
    assert path.read_text(encoding="utf-8") == before


# --- finalized tournaments: corrections only ---


def finalized(tmp_path: Path) -> Path:
    folder = individual(tmp_path, rounds=1)
    (folder / "rounds" / "01.yaml").write_text(
        ROUND_1.replace("result: }     ", "result: 0-1}"), encoding="utf-8"
    )
    code, _, err = run("finalize", str(folder), "--yes", "--end-date", "2026-05-01")
    assert code == 0, err
    return folder


def test_finalized_takes_only_corrections_and_always_keeps_a_result(tmp_path: Path) -> None:
    folder = finalized(tmp_path)
    with pytest.raises(Refused, match="never reopened"):
        set_result(folder, 1, BoardRef(2), Result.DRAW)
    with pytest.raises(Refused, match="always keeps a result"):
        set_result(folder, 1, BoardRef(2), None, correction=True)
    change = set_result(folder, 1, BoardRef(2), Result.DRAW, correction=True)
    record_correction(folder, change, dt.date(2026, 5, 3), 'arbiter\'s "note"')
    assert (folder / "corrections.yaml").read_text(encoding="utf-8").splitlines()[-1] == (
        '- {date: 2026-05-03, round: 1, board: "2", old: 0-1, new: ½-½, '
        'reason: "arbiter\'s \\"note\\""}'
    )


def test_cli_correction_stores_final_standings_again(tmp_path: Path) -> None:
    folder = finalized(tmp_path)
    final = folder / "final.yaml"
    assert "  - {rank: 1, id: a," in final.read_text(encoding="utf-8")
    # a 1, d 1 -> shared first place before; after the correction c-d is a draw:
    code, out, err = run(
        "result", str(folder), "1", "2", "½-½", "--correct", "--expect", "0-1", "--date",
        "2026-05-03", "--reason", "wrong scoresheet",
    )  # fmt: skip
    assert code == 0, err
    assert "0-1 -> ½-½" in out and "corrections.yaml" in out
    # the corrected folder is consistent: no "final standings no longer match" (W220)
    assert "W220" not in out + err
    assert runner()("check", str(folder))[0] == 0
    text = final.read_text(encoding="utf-8")
    assert "corrections: 1" in text
    rows = [line for line in text.splitlines() if line.startswith("  - ")]
    # a 1, c ½, d ½, b 0 (hand count of round 1: a-b 1-0, c-d ½-½)
    assert [r.split("id: ")[1].split(",")[0] for r in rows] == ["a", "c", "d", "b"]
    assert [r.split("points: ")[1].split(",")[0] for r in rows] == ["1", "0.5", "0.5", "0"]


def test_cli_exit_codes(tmp_path: Path) -> None:
    folder = individual(tmp_path)
    code, _, err = run("result", str(folder), "1", "1", "0-1", "--expect", "½-½")
    assert code == 3 and "stored 1-0, you expected ½-½" in err
    code, _, err = run("result", str(folder), "1", "1", "2-0")
    assert code == 1 and "'2-0' is not a result" in err
    code, out, _ = run("result", str(folder), "1", "2", "=", "--expect", "none")
    assert code == 0 and "no result -> ½-½" in out


PAIRED_DOUBLE_FORFEIT = """\
# Round 1
matches:
  - white: t1   # 1. Alpha - Beta
    black: t2
    decision: neither
    boards: []
"""


def test_withdrawing_a_double_forfeit_the_pairing_wrote_seats_the_match(tmp_path: Path) -> None:
    """docs/teams.md: such a decision has no old results to give back, so withdrawing it
    seats the match as the pairing would now; while nobody can be seated it is refused."""
    folder = team(tmp_path)
    teams = folder / "teams.yaml"
    teams.write_text(
        "- {id: t1, name: Alpha, roster: [a1, a2], absent: [1]}\n"
        "- {id: t2, name: Beta, roster: [b1, b2], absent: [1]}\n",
        encoding="utf-8",
    )
    path = folder / "rounds" / "01.yaml"
    path.write_text(PAIRED_DOUBLE_FORFEIT, encoding="utf-8")
    with pytest.raises(Refused, match="nobody could be seated"):
        set_decision(folder, 1, 1, None)
    assert path.read_text(encoding="utf-8") == PAIRED_DOUBLE_FORFEIT

    # Beta is back: Alpha is still out as a team, so the match is Beta's by decision,
    # Beta's players seated on their boards (board 1: Alpha White, board 2: Beta White).
    teams.write_text(
        "- {id: t1, name: Alpha, roster: [a1, a2], absent: [1]}\n"
        "- {id: t2, name: Beta, roster: [b1, b2]}\n",
        encoding="utf-8",
    )
    change = set_decision(folder, 1, 1, None)
    assert (change.old, change.new) == ("neither", "black")
    text = path.read_text(encoding="utf-8")
    assert "decision: black" in text
    assert "{white: ~, black: b1, result: -/+}" in text
    assert "{white: b2, black: ~, result: +/-}" in text

    # Both back: a fresh double forfeit, withdrawn, seats both line-ups with no result.
    teams.write_text(
        "- {id: t1, name: Alpha, roster: [a1, a2]}\n- {id: t2, name: Beta, roster: [b1, b2]}\n",
        encoding="utf-8",
    )
    path.write_text(PAIRED_DOUBLE_FORFEIT, encoding="utf-8")
    change = set_decision(folder, 1, 1, None)
    assert (change.old, change.new) == ("neither", "")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert "decision" not in "".join(lines)
    assert lines[3:] == [
        "    black: t2",
        "    boards:",
        "      - {white: a1, black: b1, result: }   # 1.1 A1 - B1",
        "      - {white: b2, black: a2, result: }   # 1.2 B2 - A2",
    ]


HAND_BOARD_ROUND = """\
# Round 1
boards:
  - {white: b2, black: a2, result: , match: 1, board: 2}   # added by hand
matches:
  - white: t1   # 1. Alpha - Beta
    black: t2
    boards:
      - {white: a1, black: b1, result: 1-0}   # 1.1 A1 - B1
"""


def test_result_on_a_board_added_by_hand_that_joined_the_match(tmp_path: Path) -> None:
    """Board 1.2 was added by hand at the top of the round (docs/teams.md) and joined match 1:
    its result is entered on its own line there."""
    folder = team(tmp_path)
    path = folder / "rounds" / "01.yaml"
    path.write_text(HAND_BOARD_ROUND, encoding="utf-8")
    change = set_result(folder, 1, parse_board_ref("1.2"), Result.DRAW)
    assert (change.old, change.new) == ("", "½-½")
    assert changed_lines(HAND_BOARD_ROUND, path.read_text(encoding="utf-8")) == [
        (
            "  - {white: b2, black: a2, result: , match: 1, board: 2}   # added by hand",
            "  - {white: b2, black: a2, result: ½-½, match: 1, board: 2}  # added by hand",
        )
    ]
