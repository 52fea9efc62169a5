"""Teams with no club under a same-club rule, and the club offered (docs/teams.md "Keeping
teams apart": at least two players with a club, three quarters of them from one)."""

from __future__ import annotations

import doctest
from pathlib import Path

from tourney.check import clubs as club_suggest
from tourney.check.clubs import club_diagnostics, suggest_club
from tourney.load.folder import load_tournament

PLAYERS = {
    # t1 has a club of its own.
    "a1": "Amstel",
    "a2": "Amstel",
    # t2: three of four players with a club are from Domtoren (any spelling): offered.
    "b1": "Domtoren",
    "b2": " domtoren",
    "b3": "DOMTOREN ",
    "b4": "Caissa",
    "b5": "",
    # t3: two of three from Rokade: under three quarters.
    "c1": "Rokade",
    "c2": "Rokade",
    "c3": "Caissa",
    # t4: one player with a club is not enough.
    "d1": "Philidor",
    "d2": "",
}

TEAMS = """\
- {id: t1, name: Amstel 1, club: Amstel, roster: [a1, a2]}
- id: t2
  name: Dom 1
  roster: [b1, b2, b3, b4, b5]
- {id: t3, name: Rokade 1, roster: [c1, c2, c3]}
- {id: t4, name: Philidor 1, club: "  ", roster: [d1, d2]}
"""


def league(tmp_path: Path, rule: str = "  - {same_club: teams}\n") -> Path:
    path = tmp_path / "league"
    path.mkdir()
    (path / "tournament.yaml").write_text(
        f"name: League\nformat: team-swiss\nrounds: 5\nteams:\n  boards: 2\nforbidden:\n{rule}",
        encoding="utf-8",
    )
    (path / "players.yaml").write_text(
        "".join(f'- {{id: {p}, name: {p.upper()}, club: "{c}"}}\n' for p, c in PLAYERS.items()),
        encoding="utf-8",
    )
    (path / "teams.yaml").write_text(TEAMS, encoding="utf-8")
    return path


def test_the_three_quarter_rule() -> None:
    assert suggest_club(["A", "A", "A", "B"]) is not None  # 3 of 4
    assert suggest_club(["A", "A", "B"]) is None  # 2 of 3
    assert suggest_club(["A", "A"]) is not None  # 2 of 2
    assert suggest_club(["A", "", "", ""]) is None  # one with a club
    assert suggest_club(["A", "A", "A", "B", "C"]) is None  # 3 of 5
    assert doctest.testmod(club_suggest).failed == 0


def test_check_lists_teams_without_a_club_and_offers_one(tmp_path: Path) -> None:
    path = league(tmp_path)
    found = club_diagnostics(load_tournament(path), path)
    assert [(d.file, d.line, d.severity) for d in found] == [
        ("tournament.yaml", 7, "warning"),
        ("teams.yaml", 2, "warning"),
        ("teams.yaml", 5, "warning"),
        ("teams.yaml", 6, "warning"),
    ]
    assert found[0].message == (
        "3 teams have no club, so the rule 'teams of the same club' does not apply to them: "
        "t2, t3, t4"
    )
    assert found[1].message == "team 't2' has no club: the same-club rule does not apply to it"
    assert found[1].hint == (
        "3 of its 4 players with a club are from Domtoren: add 'club: Domtoren'"
    )
    assert (
        found[2].hint
        == found[3].hint
        == ("add its club (club: ...) if the rule should keep it apart")
    )


def test_nothing_without_a_same_club_team_rule(tmp_path: Path) -> None:
    path = league(tmp_path, "  - {teams: [t1, t2]}\n  - {same_club: players}\n")
    assert club_diagnostics(load_tournament(path), path) == []
