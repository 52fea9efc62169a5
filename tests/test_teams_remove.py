"""`tourney teams remove` and `reinstate` (docs/teams.md, setting up step 2, "Pairing"; FIDE GR 6.6).

A team in no round is deleted; a team in a paired match is withdrawn instead, and its
later matches without results count as forfeited (both withdrawn: a double forfeit).
"""

from __future__ import annotations

from pathlib import Path

from builders import runner

from tourney.cli.teams import command
from tourney.engine.teams.scores import MatchKind, team_rounds
from tourney.load.folder import load_tournament

TEAMS = """\
# four teams
- {id: t1, name: One, roster: [a1, a2]}
- id: t2
  name: Two
  roster: [b1, b2]
- {id: t3, name: Three, roster: [c1, c2]}
- {id: t4, name: Four, roster: [d1, d2]}   # the late entry
"""

PLAYERS = """\
- {id: a1, name: A1, team: t1}
- {id: a2, name: A2}
- {id: b1, name: B1}
- {id: b2, name: B2}
- {id: c1, name: C1}
- {id: c2, name: C2}
- id: d1
  name: D1
  team: t4
- {id: d2, name: D2, team: t4}
"""


def match(white: str, black: str, w: str, b: str, result: str = "") -> str:
    """A two-board match; ``w``/``b`` are the teams' player prefixes."""
    return (
        f"  - white: {white}\n    black: {black}\n    boards:\n"
        f"      - {{white: {w}1, black: {b}1, result: {result}}}\n"
        f"      - {{white: {b}2, black: {w}2, result: {result}}}\n"
    )


ROUNDS = {
    1: "matches:\n" + match("t1", "t4", "a", "d", "1-0") + match("t2", "t3", "b", "c", "½-½"),
    2: "matches:\n" + match("t4", "t3", "d", "c") + match("t1", "t2", "a", "b"),
    3: "matches:\n" + match("t2", "t4", "b", "d") + match("t3", "t1", "c", "a"),
}


def league(tmp_path: Path, rounds: int = 3) -> Path:
    path = tmp_path / "league"
    (path / "rounds").mkdir(parents=True)
    (path / "tournament.yaml").write_text(
        "name: League\nformat: team-round-robin\nrounds: 3\nteams:\n  boards: 2\n",
        encoding="utf-8",
    )
    (path / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    (path / "teams.yaml").write_text(TEAMS, encoding="utf-8")
    for number in range(1, rounds + 1):
        (path / "rounds" / f"{number:02d}.yaml").write_text(ROUNDS[number], encoding="utf-8")
    load_tournament(path)
    return path


run = runner(command)


def test_a_team_in_no_round_is_deleted_with_its_players_team_key(tmp_path: Path) -> None:
    path = league(tmp_path, rounds=0)
    code, out, err = run("remove", path, "t4")
    assert code == 0, err
    assert "team t4 deleted (it was in no round)" in out
    assert (path / "teams.yaml").read_text(encoding="utf-8") == TEAMS.replace(
        "- {id: t4, name: Four, roster: [d1, d2]}   # the late entry\n", ""
    )
    # The players stay, without a team.
    assert (path / "players.yaml").read_text(encoding="utf-8") == PLAYERS.replace(
        "  team: t4\n", ""
    ).replace("{id: d2, name: D2, team: t4}", "{id: d2, name: D2}")
    assert [t.id for t in load_tournament(path).teams] == ["t1", "t2", "t3"]


def test_a_team_in_a_paired_match_is_withdrawn_instead(tmp_path: Path) -> None:
    path = league(tmp_path)
    code, out, err = run("remove", path, "t3")
    assert code == 0, err
    assert (
        "team t3 withdrawn after round 1 (it is in round(s) 1, 2, 3, so it is not deleted)" in out
    )
    assert "  round 2: the match against t4 is now forfeited to t4" in out
    assert "  round 3: the match against t1 is now forfeited to t1" in out
    assert "- {id: t3, name: Three, roster: [c1, c2], withdrawn_after: 1}\n" in (
        path / "teams.yaml"
    ).read_text(encoding="utf-8")
    t = load_tournament(path)
    assert t.team("t3").withdrawn_after == 1
    # One of three matches played: GR 6.6 annuls the withdrawn team's results.
    assert team_rounds(t, after=1)["t2"][0].kind is MatchKind.ANNULLED


def test_two_withdrawn_teams_then_one_reinstated(tmp_path: Path) -> None:
    path = league(tmp_path)
    assert run("remove", path, "t3", "--after", "2")[0] == 0
    code, out, _ = run("remove", path, "t4", "--after", "2")
    assert code == 0
    # t4 and t3 met in round 2, so no match of theirs is pending against each other;
    # round 3 t2-t4 goes to t2.
    assert "  round 3: the match against t2 is now forfeited to t2" in out
    code, _, err = run("remove", path, "t4")
    assert code == 3 and "already withdrawn after round 2" in err
    before = (path / "teams.yaml").read_text(encoding="utf-8")
    code, out, err = run("reinstate", path, "t4")
    assert code == 0, err
    after = (path / "teams.yaml").read_text(encoding="utf-8")
    assert after == before.replace("[d1, d2], withdrawn_after: 2}", "[d1, d2]}")
    assert run("reinstate", path, "t4")[0] == 3


def test_withdrawing_after_a_round_with_both_teams_pending(tmp_path: Path) -> None:
    """Both withdraw after round 1 and still had to meet in round 2: a double forfeit."""
    path = league(tmp_path)
    assert run("remove", path, "t4")[0] == 0
    code, out, _ = run("remove", path, "t3")
    assert code == 0
    assert "  round 2: the match against t4 is now a double forfeit" in out


def test_unknown_team(tmp_path: Path) -> None:
    path = league(tmp_path, rounds=0)
    code, _, err = run("remove", path, "t5")
    assert code == 3 and "there is no team 't5'" in err
