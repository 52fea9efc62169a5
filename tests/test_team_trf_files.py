"""Team TRF files as other programs write them (issue #29, team part).

Each file of tests/fixtures/trf/ is written by hand to the TRF16 / TRF-2026 tables
and the convention its ``###`` header names (docs/trf.md "Other programs' files").
The expected values are worked from the 001 lines by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tourney.cli import cli
from tourney.errors import InvalidInput
from tourney.load.folder import read_tournament
from tourney.load.trf import parse_trf
from tourney.model import Format

FILES = Path(__file__).resolve().parent / "fixtures" / "trf"


def read(name: str) -> tuple[object, list[str]]:
    result = parse_trf((FILES / f"{name}.trf").read_bytes(), f"{name}.trf")
    return result.tournament, [d.format().splitlines()[0] for d in result.warnings]


def codes(lines: list[str]) -> list[str]:
    return [line.split(": ", 2)[1].split()[-1] for line in lines]


def import_export(name: str, tmp: Path) -> tuple[Path, bytes]:
    """``tourney import`` then ``tourney export``: the folder and the exported bytes."""
    tmp.mkdir(parents=True, exist_ok=True)
    folder = tmp / name
    runner = CliRunner()
    done = runner.invoke(cli, ["import", str(FILES / f"{name}.trf"), str(folder)])
    assert done.exit_code == 0, done.output
    out = tmp / f"{name}.out.trf"
    done = runner.invoke(cli, ["export", str(folder), "-o", str(out)])
    assert done.exit_code == 0, done.output
    return folder, out.read_bytes()


# -- item 1: a team file is a team event whatever its 192 says ------------------------------


def test_an_unknown_192_with_four_teams_is_a_team_event() -> None:
    t, warnings = read("team_unknown_192")
    assert t.settings.format is Format.TEAM_SWISS
    assert [team.roster for team in t.teams] == [("1", "2"), ("3", "4"), ("5", "6"), ("7", "8")]
    # North (1) v East (2): 1 beats 3 on board 1, 4 and 2 draw on board 2: 1.5 - 0.5
    first = t.rounds[0].matches[0]
    assert (first.white, first.black) == ("1", "2")
    assert [(g.white, g.black, g.result.value) for g in first.games] == [
        ("1", "3", "1-0"),
        ("4", "2", "½-½"),
    ]
    assert warnings[0] == (
        "team_unknown_192.trf:8:5: warning W356: record 192 'FIDE_OLYMPIAD' names no team "
        "event, but the file has 4 team records (310), 082 (4 teams), 362 (match points): "
        "read as a team event"
    )


def test_one_310_with_082_and_362_is_refused_with_a_reason() -> None:
    text = (FILES / "team_unknown_192.trf").read_text()
    kept = [line for line in text.splitlines() if not line.startswith(("310   2", "310   3"))]
    kept = [line for line in kept if not line.startswith("310   4")]
    with pytest.raises(InvalidInput) as caught:
        parse_trf("\n".join(kept) + "\n", "one.trf")
    printed = [d.format().splitlines()[0] for d in caught.value.diagnostics]
    assert printed == [
        "one.trf:19:5: error E312: the file says it is a team event (082 (4 teams), 362 "
        "(match points)), but it has a team record (310) for one team only"
    ]


# -- item 2: each board's colours come from the 001 lines ------------------------------------


def test_a_league_keeps_each_boards_colours(tmp_path: Path) -> None:
    """Round 1, Dublin - Cork: Dublin (1-4) has White on boards 1 and 2, Cork (5-8) on 3
    and 4; the board-1 pattern would want Cork's 7 as Black on board 3 (E172 before)."""
    t, _ = read("league_board_colours")
    assert t.settings.team.board_colours == "as-played"
    first = t.rounds[0].matches[0]
    assert (first.white, first.black, first.colours) == ("1", "2", "WWBB")
    assert [(g.white, g.black, g.result.value) for g in first.games] == [
        ("1", "5", "1-0"),
        ("2", "6", "½-½"),
        ("7", "3", "0-1"),
        ("8", "4", "1-0"),
    ]
    # Cork - Limerick in round 2 alternates: no colours kept
    assert t.rounds[1].matches[1].colours == ""
    folder, exported = import_export("league_board_colours", tmp_path)
    again, _ = read_tournament(folder)
    assert [m.colours for r in again.rounds for m in r.matches] == ["WWBB", "WBBW", "WWBB", ""]
    # the cells as written: 7 had White against 3 in round 1, 4 White against 12 in round 2
    lines = exported.decode().splitlines()
    assert lines[lines.index(next(x for x in lines if x.startswith("001    3")))][91:120] == (
        "   7 b 1    11 w ="
    )
    assert "352 " not in exported.decode()
    # match and game points by hand: Dublin 2+1 MP, 2.5+2 GP; Limerick 0 MP, 1.5+1.5 GP
    assert [x[55:67].split() for x in lines if x.startswith("310")] == [
        ["3.0", "4.5"],
        ["2.0", "4.0"],
        ["3.0", "4.5"],
        ["0.0", "3.0"],
    ]


def test_pair_uses_the_board_1_colours_of_an_as_played_league(tmp_path: Path) -> None:
    folder, _ = import_export("league_board_colours", tmp_path)
    settings = folder / "tournament.yaml"
    settings.write_text(settings.read_text().replace("rounds: 2", "rounds: 3"))
    runner = CliRunner()
    done = runner.invoke(cli, ["pair", str(folder)])
    assert done.exit_code == 0, done.output
    assert runner.invoke(cli, ["check", str(folder)]).exit_code == 0
    t, _ = read_tournament(folder)
    # Dublin had White on board 1 in round 1 and Black in round 2 (Galway named first with
    # colours WWBB): its team colours are W, B.
    from tourney.engine.pairing.team_state import team_state_from_tournament

    state = team_state_from_tournament(t, 3)
    dublin = next(s for s in state.teams if s.team_id == "1")
    assert [c.name for c in dublin.colours] == ["WHITE", "BLACK"]


def test_a_round_file_keeps_its_own_board_colours(tmp_path: Path) -> None:
    """``board_colours: as-played`` in one round file, the event on the alternation."""
    folder, _ = import_export("league_board_colours", tmp_path)
    settings = folder / "tournament.yaml"
    text = settings.read_text()
    settings.write_text(text.replace('teams:\n  board_colours: "as-played"\n', ""))
    runner = CliRunner()
    refused = runner.invoke(cli, ["check", str(folder)])
    assert refused.exit_code != 0 and "E172" in refused.output
    for number in ("01", "02"):
        path = folder / "rounds" / f"{number}.yaml"
        path.write_text(path.read_text().replace("matches:", "board_colours: as-played\nmatches:"))
    assert runner.invoke(cli, ["check", str(folder)]).exit_code == 0
    t, _ = read_tournament(folder)
    assert [r.board_colours for r in t.rounds] == ["as-played", "as-played"]
    assert t.rounds[0].matches[0].colours == "WWBB"


# -- item 3: team byes, empty seats, forfeited matches ---------------------------------------


def _points(text: str) -> dict[str, str]:
    return {x[4:8].strip(): x[80:84].strip() for x in text.splitlines() if x.startswith("001")}


def test_team_byes_add_no_individual_points(tmp_path: Path) -> None:
    """Gamma's PAB in round 1 (320) and Beta's half-point bye in round 2 (240 H) leave the
    players' cells blank: 5 has ½ (his draw with 1), 3 and 4 nothing (each lost round 1)."""
    source = (FILES / "team_byes_blank.trf").read_text()
    _, warnings = read("team_byes_blank")
    assert "W324" not in " ".join(warnings)
    _, exported = import_export("team_byes_blank", tmp_path)
    assert (
        _points(exported.decode())
        == _points(source)
        == {
            "1": "1.5",
            "2": "2.0",
            "3": "0.0",
            "4": "0.0",
            "5": "0.5",
            "6": "0.0",
        }
    )
    row = next(x for x in exported.decode().splitlines() if x.startswith("001    5"))
    assert row[91:99].strip() == ""  # round 1: the team's PAB, no cell of his own
    assert "320  1.0  1.0 003 000" in exported.decode() and "240 H   2    2" in exported.decode()


@pytest.mark.parametrize("name", ["team_unknown_192", "league_board_colours", "team_byes_blank"])
def test_import_export_import_export_is_byte_stable(name: str, tmp_path: Path) -> None:
    _, first = import_export(name, tmp_path / "a")
    (tmp_path / "b").mkdir()
    again = tmp_path / "b" / f"{name}.trf"
    again.write_bytes(first)
    runner = CliRunner()
    assert runner.invoke(cli, ["import", str(again), str(tmp_path / "b" / "f")]).exit_code == 0
    out = tmp_path / "b" / "out.trf"
    assert runner.invoke(cli, ["export", str(tmp_path / "b" / "f"), "-o", str(out)]).exit_code == 0
    assert out.read_bytes() == first


def test_an_empty_seat_in_a_round_in_progress(tmp_path: Path) -> None:
    """D's 300 line-up leaves board 3 empty; B's 6 there has '0000 - U' (E170 before)."""
    t, warnings = read("team_empty_seat_in_progress")
    assert not [w for w in warnings if "W331" in w or "W324" in w]
    b_d = t.rounds[1].matches[1]
    assert (b_d.white, b_d.black) == ("2", "4")
    assert [(g.white, g.black, g.result and g.result.value) for g in b_d.games] == [
        ("4", "10", None),
        ("11", "5", None),
        ("6", "", "+/-"),  # board 3: B has White (WBW), its player wins the empty board
    ]
    folder, exported = import_export("team_empty_seat_in_progress", tmp_path)
    assert CliRunner().invoke(cli, ["check", str(folder)]).exit_code == 0
    assert "300 002 004 002   10   11 0000" in exported.decode()


def test_a_decided_match_with_an_empty_seat_imports_and_keeps_its_boards(
    tmp_path: Path,
) -> None:
    """330 +-: A (1, empty, 3) against B (4, 5, 6). Board 1: 1 (White) v 4, board 2: B's 5
    (White on board 2) at A's empty seat, board 3: 3 v 6 (E170 before)."""
    t, _ = read("team_decided_empty_seat")
    (match,) = t.rounds[0].matches
    assert match.decision is not None and match.decision.value == "white"
    assert [(g.white, g.black, g.result and g.result.value) for g in match.games] == [
        ("1", "4", "+/-"),
        ("5", "", "+/-"),
        ("3", "6", "+/-"),
    ]
    _, exported = import_export("team_decided_empty_seat", tmp_path)
    rows = {x[4:8].strip(): x[91:99] for x in exported.decode().splitlines() if x[:3] == "001"}
    # the 330 match keeps its board pairings and colours (before: '0000 - +' for all)
    assert rows["1"] == "   4 w +" and rows["4"] == "   1 b -" and rows["6"] == "   3 b -"
    assert rows["5"] == "0000 - +"
    assert "330 +- 001 001 002" in exported.decode()


# -- item 5: every import error at the TRF line and column -----------------------------------


def test_a_line_up_that_contradicts_the_cells_is_reported_at_the_cell() -> None:
    """A 300 record (line 26) puts A's 1 on board 2 of C - A in round 2, against C's 8,
    where 1's cell (line 10, round 2 at column 102) names 7."""
    text = (FILES / "team_empty_seat_in_progress.trf").read_text()
    text = text.replace("300 002 004", "300 002 001 003    2    1    3\r\n300 002 004")
    with pytest.raises(InvalidInput) as caught:
        parse_trf(text, "x.trf")
    printed = [d.format().splitlines()[0] for d in caught.value.diagnostics]
    assert (
        "x.trf:10:102: error E310: round 2, board 2: the line-ups (300 on line 26) seat 1 "
        "against 8, but 1's cell names opponent 7"
    ) in printed
    assert all(d.line and d.col for d in caught.value.diagnostics if d.severity == "error")


# -- item 5 (TRF-2026): 801/802 team result lines --------------------------------------------


def test_801_802_are_written_for_team_events(tmp_path: Path) -> None:
    """Dublin (team 1): round 1 against Cork (2), White on board 1, 2.5 game points, boards
    1 = 1 0; round 2 against Galway (3), Black on board 1, 2 game points, boards 1 = = 0."""
    _, exported = import_export("league_board_colours", tmp_path)
    lines = exported.decode().splitlines()
    assert [x for x in lines if x.startswith("801   1")] == ["801   1       002 w 1=10 003 b 1==0"]
    assert [x for x in lines if x.startswith("802   1")] == [
        "802   1          3.0    4.5 002 w  2.5  003 b  2.0"
    ]
    _, byes = import_export("team_byes_blank", tmp_path)
    assert "802   3 GAM      1.0    1.5 PAB -  1.0  001 w  0.5" in byes.decode().splitlines()


def test_801_802_are_read_back_and_checked(tmp_path: Path) -> None:
    _, exported = import_export("league_board_colours", tmp_path)
    good = parse_trf(exported, "x.trf")
    assert not [d for d in good.warnings if d.code == "W357"]
    text = exported.decode().replace(
        "802   1          3.0    4.5 002 w  2.5  003 b  2.0",
        "802   1          3.0    4.5 002 w  2.5  003 b  3.0",
    )
    number = text.splitlines().index("802   1          3.0    4.5 002 w  2.5  003 b  3.0") + 1
    read = parse_trf(text, "x.trf")
    assert [d.format().splitlines()[0] for d in read.warnings if d.code == "W357"] == [
        f"x.trf:{number}:47: warning W357: record 802: team 1, round 2: game points: the file "
        "says '3', the matches give '2'"
    ]


def test_013_players_one_column_left_are_read_where_they_stand() -> None:
    """A four-digit number at 36-39 (the table wants 37-40): before, '1' went to the team
    name and the roster named player 1, who has no 001 line (E306)."""
    case = FILES.parent.parent / "trf_cases" / "diagnostics" / "W358.trf"
    result = parse_trf(case.read_bytes(), "event.trf")
    assert [(team.name, team.roster) for team in result.tournament.teams] == [
        ("North", ("1001", "1002")),
        ("East", ("1003", "1004")),
    ]
    assert [d.code for d in result.warnings if d.code.startswith("W35")] == ["W358", "W358"]
    t, warnings = read("team_013_shifted")
    assert [team.roster for team in t.teams][3] == ("13", "14", "15", "16")
    assert codes(warnings).count("W358") == 4


def test_a_team_value_the_folder_refuses_is_reported_at_its_310_record(tmp_path: Path) -> None:
    """Team 2's 310 record (line 20) has no name: the folder refuses it (E186); the error
    names the TRF line and column, never the hidden folder the import writes first."""
    text = (FILES / "team_unknown_192.trf").read_text()
    path = tmp_path / "blank.trf"
    path.write_text(text.replace("310   2 East    ", "310   2         "))
    done = CliRunner().invoke(cli, ["import", str(path), str(tmp_path / "f")])
    assert done.exit_code != 0
    error = next(x for x in done.output.splitlines() if "E186" in x)
    assert error.startswith(f"{path}:20:5: error E186: 'name' is empty")
    assert ".tmp" not in done.output and not (tmp_path / "f").exists()


def test_the_import_summary_counts_one_round_in_the_singular(tmp_path: Path) -> None:
    """team_unknown_192.trf has 4 team records (310), 8 players and one round."""
    done = CliRunner().invoke(
        cli, ["import", str(FILES / "team_unknown_192.trf"), str(tmp_path / "olympiad")]
    )
    assert done.exit_code == 0, done.output
    assert "team-swiss, 4 teams, 8 players, 1 round\n" in done.output
