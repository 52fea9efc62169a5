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
