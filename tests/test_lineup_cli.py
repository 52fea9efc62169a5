"""`tourney lineup`: a match's line-up, changed before its first result (docs/teams.md "Line-ups").

Every expected round-file line is written out by hand: team t1 (white) has White on
boards 1 and 3, t2 on board 2.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tourney.cli.lineup import command
from tourney.edit.lineups import set_lineup
from tourney.edit.results import parse_board_ref, set_decision, set_result
from tourney.errors import Refused
from tourney.load.folder import load_tournament
from tourney.model import MatchDecision, Result

ROUND_1 = """\
# Round 1 of Cup: typed by the arbiter
round: 1
matches:
  - white: t1   # 1. Alpha - Beta
    black: t2
    boards:
      - {white: a1, black: b1, result: }   # 1.1 A1 - B1
      - {white: b2, black: a2, result: }   # 1.2 B2 - A2
      - {white: a3, black: b3, result: }   # 1.3 A3 - B3
# the end
"""

HEAD = ROUND_1.split("      - ")[0]


def cup(tmp_path: Path, order: str = "fixed") -> Path:
    path = tmp_path / "cup"
    (path / "rounds").mkdir(parents=True)
    (path / "tournament.yaml").write_text(
        f"name: Cup\nformat: team-swiss\nrounds: 3\nteams:\n  boards: 3\n  board_order: {order}\n",
        encoding="utf-8",
    )
    ids = ["a1", "a2", "a3", "a4", "b1", "b2", "b3"]
    (path / "players.yaml").write_text(
        "".join(f"- {{id: {p}, name: {p.upper()}}}\n" for p in ids), encoding="utf-8"
    )
    (path / "teams.yaml").write_text(
        "- {id: t1, name: Alpha, roster: [a1, a2, a3, a4]}\n"
        "- {id: t2, name: Beta, roster: [b1, b2, b3]}\n",
        encoding="utf-8",
    )
    (path / "rounds" / "01.yaml").write_text(ROUND_1, encoding="utf-8")
    return path


def round_text(path: Path) -> str:
    return (path / "rounds" / "01.yaml").read_text(encoding="utf-8")


def test_chosen_order_seats_any_roster_player_on_any_board(tmp_path: Path) -> None:
    path = cup(tmp_path, "chosen")
    change = set_lineup(path, 1, 1, "t1", ["a4", "a1", "a2"])
    assert (change.old, change.new) == (("a1", "a2", "a3"), ("a4", "a1", "a2"))
    assert round_text(path) == HEAD + (
        "      - {white: a4, black: b1, result: }   # 1.1 A4 - B1\n"
        "      - {white: b2, black: a1, result: }   # 1.2 B2 - A1\n"
        "      - {white: a2, black: b3, result: }   # 1.3 A2 - B3\n"
        "# the end\n"
    )
    assert load_tournament(path).rounds[0].matches[0].games[0].white == "a4"


def test_fixed_order_may_leave_a_player_out_but_not_reorder(tmp_path: Path) -> None:
    path = cup(tmp_path)
    with pytest.raises(Refused, match="board order is fixed by the roster"):
        set_lineup(path, 1, 1, "t1", ["a2", "a1", "a3"])
    assert round_text(path) == ROUND_1
    set_lineup(path, 1, 1, "t1", ["a2", "a3", "a4"])
    assert "{white: b2, black: a3, result: }" in round_text(path)


def test_an_empty_board_is_a_forfeit_and_only_the_last_boards_may_be_empty(
    tmp_path: Path,
) -> None:
    path = cup(tmp_path)
    with pytest.raises(Refused, match="board 2 is empty but board 3 is seated"):
        set_lineup(path, 1, 1, "t1", ["a1", "~", "a2"])
    change = set_lineup(path, 1, 1, "t1", ["a1", "a2"])
    # Required line-ups: a board is left empty while A3 and A4 could play: a warning.
    assert [p.rule for p in change.warnings] == ["unfilled"]
    assert round_text(path).splitlines()[8] == (
        "      - {white: ~, black: b3, result: -/+}   # 1.3 (empty seat) - B3"
    )


def test_refused_once_the_match_has_a_result(tmp_path: Path) -> None:
    path = cup(tmp_path, "chosen")
    set_result(path, 1, parse_board_ref("1.2"), None)  # clearing nothing is no result
    set_lineup(path, 1, 1, "t2", ["b1", "b2", "b3"])  # unchanged: fine
    set_result(path, 1, parse_board_ref("1.3"), Result.DRAW)
    before = round_text(path)
    with pytest.raises(Refused, match="only before the first result"):
        set_lineup(path, 1, 1, "t1", ["a4", "a1", "a2"])
    assert round_text(path) == before


def test_players_must_be_on_the_roster_once(tmp_path: Path) -> None:
    path = cup(tmp_path, "chosen")
    with pytest.raises(Refused, match="not on the roster of 't1'"):
        set_lineup(path, 1, 1, "t1", ["a1", "b1"])
    with pytest.raises(Refused, match="named twice"):
        set_lineup(path, 1, 1, "t1", ["a1", "a1"])
    with pytest.raises(Refused, match="does not play in match 1"):
        set_lineup(path, 1, 1, "t9", ["a1"])
    assert round_text(path) == ROUND_1


def test_the_command(tmp_path: Path) -> None:
    path = cup(tmp_path, "chosen")
    result = CliRunner().invoke(command, [str(path), "1", "1", "--team", "t2", "b3", "b2", "b1"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[1:] == ["- b1, b2, b3", "+ b3, b2, b1"]
    refused = CliRunner().invoke(command, [str(path), "1", "1", "--team", "t2", "x1"])
    assert refused.exit_code == 3 and "not on the roster" in refused.stderr


def test_a_decided_match_takes_no_board_result_until_the_decision_is_withdrawn(
    tmp_path: Path,
) -> None:
    """docs/teams.md "Forfeit by decision": the boards of a decided match take no result of
    their own; withdrawing the decision gives back the old results."""
    path = cup(tmp_path)
    set_result(path, 1, parse_board_ref("1.1"), Result.DRAW)
    with_draw = round_text(path)
    set_decision(path, 1, 1, MatchDecision.BLACK_TEAM)
    with pytest.raises(Refused, match="withdraw the decision first"):
        set_result(path, 1, parse_board_ref("1.2"), Result.WHITE_WINS)
    with pytest.raises(Refused, match="only before the first result"):
        set_lineup(path, 1, 1, "t1", ["a1", "a2"])
    set_decision(path, 1, 1, None)
    assert round_text(path) == with_draw
    assert load_tournament(path).rounds[0].matches[0].games[0].result is Result.DRAW


def test_a_match_with_a_board_added_by_hand_is_refused_with_the_line(tmp_path: Path) -> None:
    """Board 1.3 was added by hand at the top of the round and joined match 1: changing
    the line-up would write it into the match while its own line stays, so it is refused."""
    path = cup(tmp_path)
    hand = (
        "# Round 1 of Cup: typed by the arbiter\nround: 1\nboards:\n"
        "  - {white: a3, black: b3, result: , match: 1, board: 3}\n"
        + ROUND_1.split("round: 1\n")[1].replace(
            "      - {white: a3, black: b3, result: }   # 1.3 A3 - B3\n", ""
        )
    )
    (path / "rounds" / "01.yaml").write_text(hand, encoding="utf-8")
    assert len(load_tournament(path).rounds[0].matches[0].games) == 3  # it joined
    with pytest.raises(Refused, match=r"board added by hand \(line 4 of .*01\.yaml"):
        set_lineup(path, 1, 1, "t1", ["a1", "a2", "a4"])
    assert round_text(path) == hand
