"""Team events where features meet (issue 27 "Team seams"; docs/team-swiss.md, docs/teams.md).

- pairing a team Swiss round again keeps the team the pairing-allocated bye;
- ``forfeited_match: full`` pays the full board count only while no game of
  the match was played (then the match keeps the sum of its boards);
- a match forfeited as a whole shows the decision's result on every board view;
- ``tourney lineup --team`` takes a team's id, name, short name or number, and
  players by name.

The expected values are worked by hand from the folders the tests start with.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from builders import runner
from site_helpers import build

from tourney.cli import cli
from tourney.engine.scores import round_views
from tourney.engine.teams.scores import match_result
from tourney.load.folder import load_tournament
from tourney.model import (
    ForfeitedMatchScore,
    Game,
    Match,
    MatchDecision,
    Result,
    Round,
    Scoring,
)

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
run = runner(cli)


def five_teams(tmp_path: Path) -> Path:
    """`tourney new --format team-swiss` without its sixth team (Pawns, p26-p30)."""
    folder = tmp_path / "ts"
    assert run("new", folder, "--format", "team-swiss")[0] == 0
    teams = (folder / "teams.yaml").read_text(encoding="utf-8")
    (folder / "teams.yaml").write_text(teams[: teams.index("- id: t6")], encoding="utf-8")
    players = (folder / "players.yaml").read_text(encoding="utf-8").splitlines(keepends=True)
    gone = tuple(f"id: p{n}," for n in range(26, 31))
    kept = [line for line in players if not any(g in line for g in gone)]
    (folder / "players.yaml").write_text("".join(kept), encoding="utf-8")
    return folder


def test_pairing_again_keeps_the_team_with_the_bye(tmp_path: Path) -> None:
    folder = five_teams(tmp_path)
    code, out, err = run("pair", folder)
    assert code == 0, out + err
    first = (folder / "rounds" / "01.yaml").read_text(encoding="utf-8")
    assert "byes:\n  - {team: t3, kind: pab}   # Bishops\n" in first
    code, out, err = run("pair", folder, "--round", "1", "--replace")
    assert code == 0, out + err
    again = (folder / "rounds" / "01.yaml").read_text(encoding="utf-8")
    # five teams: two matches and the PAB, as before (nothing else changed)
    assert again == first
    code, out, err = run("check", folder)
    assert code == 0 and "W206" not in out + err


def decided(*results: Result | None) -> Match:
    """A four-board match A-B forfeited as a whole to A, every seat filled."""
    games = tuple(
        Game(f"a{b}", f"b{b}", r, b) if b % 2 else Game(f"b{b}", f"a{b}", r, b)
        for b, r in enumerate(results, start=1)
    )
    return Match("A", "B", games, MatchDecision.WHITE_TEAM)


FULL = Scoring(forfeited_match=ForfeitedMatchScore.FULL)


def test_full_board_count_only_before_any_game() -> None:
    # no game played: the full count, 4-0
    before = match_result(decided(None, None, None, None), FULL, 4)
    assert before is not None and (before.white_game_points, before.black_game_points) == (4, 0)
    # board 1 was played (0-1) before the match was decided: the sum of its boards,
    # one forfeit point per board A seated = 4 seated -> 4; with A's empty board 4 -> 3
    after = match_result(decided(Result.BLACK_WINS, None, None, None), FULL, 4)
    assert after is not None and after.white_game_points == 4
    empty = decided(Result.BLACK_WINS, None, None, None)
    empty = Match("A", "B", (*empty.games[:3], Game("b4", "", None, 4)), empty.decision)
    played = match_result(empty, FULL, 4)
    assert played is not None and (played.white_game_points, played.black_game_points) == (3, 0)
    # the same match before any game: full, 4
    unplayed = Match("A", "B", (*decided(None, None, None).games, Game("b4", "", None, 4)))
    unplayed = Match("A", "B", unplayed.games, MatchDecision.WHITE_TEAM)
    full = match_result(unplayed, FULL, 4)
    assert full is not None and full.white_game_points == 4


def test_player_views_of_a_decided_match_count_the_decision() -> None:
    rnd = Round(1, matches=(decided(None, Result.DRAW, None, None),))
    views = round_views(rnd, Scoring())
    # A won by decision: A's players +, B's players - (board 2's old draw gives way)
    assert (views["a1"].result, views["a1"].points, views["a1"].pending) == (
        Result.WHITE_FORFEIT_WIN,
        1,
        False,
    )
    assert views["a2"].points == 1 and views["b2"].points == 0
    assert views["b1"].result is Result.WHITE_FORFEIT_WIN and views["b1"].points == 0


@pytest.fixture(scope="module")
def decided_site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The team league, round 3 match 1 (Philidor 1 - Utrecht 1) cleared and then
    forfeited as a whole to Philidor 1."""
    folder = tmp_path_factory.mktemp("league") / "league"
    shutil.copytree(EXAMPLES / "team-league", folder)
    for board in range(1, 5):
        assert run("result", folder, 3, f"1.{board}", "none")[0] == 0
    assert run("result", folder, 3, 1, "--match-decision", "white")[0] == 0
    return build(folder)


def test_round_page_shows_the_decision_on_every_board(decided_site: dict[str, bytes]) -> None:
    page = decided_site["round-03.html"].decode("utf-8")
    match = page.split("Boards of match 1")[1].split("Boards of match 2")[0]
    # Philidor 1 first: every board is its forfeit win, none is "–"
    assert match.count('<td class="result">+/-</td>') == 4
    assert '<td class="result">–</td>' not in match


def test_player_page_shows_the_decision(decided_site: dict[str, bytes]) -> None:
    # Schouten, Tobias (m09), Philidor 1 board 1: 1 + 1 after rounds 1-2, then the forfeit win
    page = decided_site["players/m09.html"].decode("utf-8")
    assert "not played yet" not in page
    row = page.split("Lammers, Giulia")[1].split("</tr>")[0]
    assert ">+<" in row and ">3<" in row


def lineup_folder(tmp_path: Path) -> Path:
    folder = five_teams(tmp_path)
    assert run("pair", folder)[0] == 0
    return folder


@pytest.mark.parametrize("team", ["t1", "Rooks", "rooks", "ROO", "1"])
def test_lineup_team_by_id_name_short_name_or_number(tmp_path: Path, team: str) -> None:
    folder = lineup_folder(tmp_path)
    # Rooks (t1, number 1) play match 1; Dubois (p4) stays out, reserve Novak moves up.
    # "Novak" is also Novak, Petra 2 of Kings: the team's own roster decides.
    code, out, err = run(
        "lineup", folder, 1, "--team", team, "Berg, Anna", "Pieter Jansen", "Olsen", "Novak"
    )
    assert code == 0, out + err
    t = load_tournament(folder)
    match = t.round(1).matches[0]
    seated = [
        g.white if g.white.startswith("p") and int(g.white[1:]) <= 5 else g.black
        for g in match.games
    ]
    assert seated == ["p1", "p2", "p3", "p5"]


def test_lineup_unknown_team_lists_the_teams(tmp_path: Path) -> None:
    folder = lineup_folder(tmp_path)
    code, _out, err = run("lineup", folder, 1, "--team", "Pawns", "p1", "p2", "p3", "p4")
    assert code == 3
    assert "'Pawns' is no team: Rooks (t1), Knights (t2)" in err
