"""Team events from TRF-2026 (records 310/013, 300, 320, 330, 240, 352, 362, 192)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
import refdata
from click.testing import CliRunner

from tourney.cli import cli
from tourney.engine.teams.scores import team_tables
from tourney.load.trf import loads, parse_trf, read_trf
from tourney.load.trf_lines import split_lines
from tourney.load.trf_records import read_records
from tourney.load.trf_teams import primary_score
from tourney.model import ByeKind, Format, MatchDecision, PrimaryScore, Result

REFERENCE = refdata.TIEBREAKS
TEAM_FILES = [
    *sorted(REFERENCE.glob("tournaments/ref_team_*.trf")),
    REFERENCE / "published" / "held_team.trf",
    # the team Swiss pairing references; ts001 and ts014 write a 330 forfeited match
    # also as forfeits against the board opponents (teamswiss/README.md)
    *sorted((REFERENCE.parent / "teamswiss").glob("ts*.trf")),
]
refdata.require(REFERENCE / "tournaments", "ref_team_*.trf")


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_match_and_game_points_agree_with_the_310_records(path: Path) -> None:
    """Rebuilt matches, 320 PABs, 330 forfeits and 240 byes give the totals the file states."""
    read = parse_trf(path.read_bytes(), path.name)
    assert read.warnings == ()
    records = read_records(split_lines(path.read_text(encoding="utf-8")), path.name)
    stated = {str(r.number): (r.match_points, r.game_points) for r in records.team.rosters}
    tables = team_tables(read.tournament)
    assert {t: (tables.mp.points(t), tables.gp.points(t)) for t in tables.mp} == stated


def test_settings_from_192_352_362_and_320() -> None:
    gp_first = read_trf(REFERENCE / "tournaments" / "ref_team_swiss_03.trf")
    settings = gp_first.settings
    assert settings.format is Format.TEAM_SWISS
    assert settings.scoring.primary is PrimaryScore.GAME_POINTS
    assert (settings.team.boards, settings.team.colour_preferences) == (6, "A")
    assert (settings.scoring.team_pab_match_points, settings.scoring.team_pab_game_points) == (1, 3)
    three = read_trf(REFERENCE / "tournaments" / "ref_team_swiss_05.trf").settings.scoring
    assert (three.match_win, three.match_draw, three.match_loss) == (3, 1, 0)
    robin = read_trf(REFERENCE / "tournaments" / "ref_team_rr_03.trf").settings
    assert (robin.format, robin.scoring.primary) == (
        Format.TEAM_ROUND_ROBIN,
        PrimaryScore.MATCH_POINTS,
    )


def test_192_codes() -> None:
    assert primary_score("FIDE_TEAM_TYPEA_GP_MP") is PrimaryScore.GAME_POINTS
    assert primary_score("FIDE_TEAM_TYPEB_MP_GP") is PrimaryScore.MATCH_POINTS
    assert primary_score("BERGER_TEAM_ROUNDROBIN") is PrimaryScore.MATCH_POINTS
    for code, expected in (
        ("FIDE_TEAM_TYPEB_MP", "B"),
        ("FIDE_TEAM_GP", "none"),
        ("FIDE_TEAM", "A"),
    ):
        text = _tiny("192 " + code + "\n")
        assert loads(text).settings.team.colour_preferences == expected


def test_unoccupied_board_and_white_team() -> None:
    """ref_team_swiss_03 round 1: team 3 left board 6 empty (300 ... 0000); team 4 has White
    on board 1, so its board-6 player (Black on even boards) wins by forfeit."""
    t = read_trf(REFERENCE / "tournaments" / "ref_team_swiss_03.trf")
    match = next(m for m in t.rounds[0].matches if "3" in (m.white, m.black))
    assert (match.white, match.black) == ("4", "3")
    assert [(g.white, g.black, g.board) for g in match.games[:2]] == [
        ("25", "17", 1),
        ("19", "26", 2),
    ]
    assert (match.games[5].white, match.games[5].black, match.games[5].result) == (
        "",
        "31",
        Result.BLACK_FORFEIT_WIN,
    )
    assert {(b.participant, b.kind) for b in t.rounds[0].byes} == {
        ("7", ByeKind.PAB),
        ("8", ByeKind.ZERO),
    }


def test_300_line_up_and_330_forfeited_match() -> None:
    t = read_trf(REFERENCE / "tournaments" / "ref_team_swiss_01.trf")
    first = next(m for m in t.rounds[0].matches if m.white == "1")
    # 300 001 001 002    1    3    2    4: team 1's boards 2 and 3 swapped.
    assert [(g.board, g.white, g.black) for g in first.games] == [
        (1, "1", "6"),
        (2, "7", "3"),
        (3, "2", "8"),
        (4, "9", "4"),
    ]
    forfeited = next(m for m in t.rounds[1].matches if m.decision is not None)
    assert (forfeited.white, forfeited.black, forfeited.decision) == (
        "1",
        "10",
        MatchDecision.WHITE_TEAM,
    )
    assert [g.result for g in forfeited.games] == [
        Result.WHITE_FORFEIT_WIN,
        Result.BLACK_FORFEIT_WIN,
        Result.WHITE_FORFEIT_WIN,
        Result.BLACK_FORFEIT_WIN,
    ]


def test_013_rosters_without_310() -> None:
    """TRF16's 013 records alone give the same teams (numbered in file order)."""
    path = REFERENCE / "tournaments" / "ref_team_swiss_02.trf"
    text = path.read_text(encoding="utf-8")
    both = loads(text)
    only_013 = loads("\n".join(x for x in text.splitlines() if not x.startswith("310")))
    assert [(t.id, t.roster) for t in only_013.teams] == [(t.id, t.roster) for t in both.teams]
    old, new = team_tables(both), team_tables(only_013)
    assert {t: old.mp.points(t) for t in old.mp} == {t: new.mp.points(t) for t in new.mp}


def _player(start: int, rounds: str) -> str:
    return f"001 {start:>4}      {'P' + str(start):<33} 2000".ljust(91) + rounds


def _tiny(extra: str = "", *, opponent_of_1: int = 3) -> str:
    """Two teams of two boards, one round: team 1 = players 1, 2; team 2 = players 3, 4."""
    other = 4 if opponent_of_1 == 3 else 3
    lines = [
        "012 Tiny team event",
        "042 2026/04/01",
        "142 1",
        "352 WB",
        _player(1, f"{opponent_of_1:>4} w 1"),
        _player(2, f"{other:>4} b ="),
        _player(opponent_of_1, "   1 b 0"),
        _player(other, "   2 w ="),
        "310   1 One                              ONE        0    2.0    1.5   1     1    2",
        "310   2 Two                              TWO        0    0.0    0.5   2     3    4",
    ]
    return extra + "\n".join(lines) + "\n"


def test_tiny_team_event() -> None:
    t = loads(_tiny())
    assert t.settings.format is Format.TEAM_SWISS
    (match,) = t.rounds[0].matches
    assert (match.white, match.black) == ("1", "2")
    tables = team_tables(t)
    assert (tables.mp.points("1"), tables.gp.points("1")) == (2, Fraction(3, 2))


def test_310_totals_are_checked() -> None:
    wrong = _tiny().replace("    2.0    1.5   1", "    1.0    1.5   1")
    read = parse_trf(wrong)
    assert [w.message for w in read.warnings] == [
        "team 1: record 310 gives 1 match points, the matches give 2"
    ]


def test_boards_that_do_not_follow_the_rosters_are_read_from_the_lines() -> None:
    """Player 1 (board 1) played player 4 (board 2 of team 2): each player's line names his
    opponent, and that is the board (team 1's roster order gives the board numbers); a 300
    record saying the same line-up gives the same match."""
    (match,) = loads(_tiny(opponent_of_1=4)).rounds[0].matches
    assert [(g.board, g.white, g.black) for g in match.games] == [(1, "1", "4"), (2, "3", "2")]
    fixed = _tiny(opponent_of_1=4) + "300 001 002 001    4    3\n"
    (match,) = loads(fixed).rounds[0].matches
    assert [(g.board, g.white, g.black) for g in match.games] == [(1, "1", "4"), (2, "3", "2")]


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["standings", *args])
    return result.exit_code, result.stdout, result.stderr


def test_cli_team_standings_json() -> None:
    held = REFERENCE / "published" / "held_team.trf"
    code, out, _ = _run(str(held), "--format", "json", "--tiebreaks", "BH:MP,EMGSB/C1")
    assert code == 0
    rows = json.loads(out)["rows"]
    assert len(rows) == 14
    team1 = next(r for r in rows if r["start"] == 1)
    # Held's exercises: team 1 has 10 MP, 17.5 GP, BH:MP 64 (2024 rules: the file starts 2024-08-01).
    assert (team1["points"], team1["match_points"], team1["game_points"]) == ("10", "10", "17.5")
    assert team1["tiebreaks"]["BH:MP"] == "64"
    assert (team1["won"], team1["drawn"], team1["lost"], team1["played"]) == (5, 0, 2, 7)


def test_cli_team_standings_table_and_presets() -> None:
    held = REFERENCE / "published" / "held_team.trf"
    code, out, _ = _run(str(held))
    assert code == 0
    # no 202 records: the team default, GP EDE EMGSB after match points
    for heading in ("Team", "Pl", "MP", "GP", "EMGSB"):
        assert heading in out
    code, out, _ = _run(str(held), "--tiebreaks", "fide")
    assert code == 0 and "BB" in out and "SB" in out and "EMGSB" not in out


def test_330_match_also_written_as_board_forfeits_is_one_match() -> None:
    # ts001: "330 -+   4   5   8": round 4, team 8 (Black) wins team 5's match by forfeit;
    # the players' lines also carry +/- against their board opponents
    path = REFERENCE.parent / "teamswiss" / "ts001.trf"
    t = read_trf(path)
    rnd = t.round(4)
    assert rnd is not None
    decided = [m for m in rnd.matches if m.decision is not None]
    assert [(m.white, m.black, m.decision) for m in decided] == [
        ("5", "8", MatchDecision.BLACK_TEAM)
    ]
    teams_in_matches = [team for m in rnd.matches for team in (m.white, m.black)]
    assert len(teams_in_matches) == len(set(teams_in_matches))  # nobody plays twice
