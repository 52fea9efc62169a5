"""`tourney pair` prints the pairing it wrote; `pair --replace` finds the round to replace.

The four-player Swiss below is paired by hand from FIDE C.04.3: after round 1
(Adams beat Claes, Bakker beat Dekker) the 1-point group is Adams and Bakker,
Adams had White and Bakker Black, so Bakker has White (colour preference,
C.04.3 A.6); in the 0-point group Dekker had White, so Claes has White.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tourney.cli import cli

PLAYERS = """\
- {id: a, name: "Adams, Anna", rating: 2200, start: 1}
- {id: b, name: "Bakker, Bert", rating: 2100, start: 2}
- {id: c, name: "Claes, Carl", rating: 2000, start: 3}
- {id: d, name: "Dekker, Dirk", start: 4}
"""

ROUND_1 = """\
round: 1
boards:
  - {white: a, black: c, result: 1-0}
  - {white: d, black: b, result: 0-1}
"""


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout + result.stderr


def folder_of(tmp_path: Path) -> Path:
    folder = tmp_path / "open"
    (folder / "rounds").mkdir(parents=True)
    (folder / "tournament.yaml").write_text(
        "name: Test Open\nformat: swiss\nrounds: 3\nstart_date: 2026-05-01\n", encoding="utf-8"
    )
    (folder / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    (folder / "rounds" / "01.yaml").write_text(ROUND_1, encoding="utf-8")
    return folder


def test_pair_prints_board_colours_ratings_and_points(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    code, out = run("pair", str(folder))
    assert code == 0, out
    path = folder / "rounds" / "02.yaml"
    assert out.splitlines() == [
        f"wrote {path}: round 2, 2 boards",
        "  board  white         rating  pts  black         rating  pts",
        "      1  Bakker, Bert    2100    1  Adams, Anna     2200    1",
        "      2  Claes, Carl     2000    0  Dekker, Dirk            0",
    ]


def test_replace_without_round_targets_the_paired_round_without_results(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    assert run("pair", str(folder))[0] == 0
    code, out = run("pair", str(folder))
    assert code == 3 and "round 2 is not complete" in out
    code, out = run("pair", str(folder), "--replace", "--quiet")
    assert code == 0, out
    assert out.splitlines() == [f"wrote {folder / 'rounds' / '02.yaml'}: round 2, 2 boards"]
    assert not (folder / "rounds" / "03.yaml").exists()


TEAM_PLAYERS = """\
- {id: a1, name: "Adams, Anna", rating: 2100}
- {id: a2, name: "Aalst, Bo", rating: 1900}
- {id: b1, name: "Bakker, Bert", rating: 2000}
- {id: b2, name: "Bos, Cas", rating: 1800}
"""
TEAMS = """\
- {id: A, name: Alpha, roster: [a1, a2]}
- {id: B, name: Bravo, roster: [b1, b2]}
"""


def test_team_pair_lists_each_match_then_its_boards_in_team_order(tmp_path: Path) -> None:
    # Alpha (average 2000) is team 1 and, with initial_colour: white, has White on board 1
    # and so on every odd board (C.04.6 Art. 4): board 2 has Bravo's Bos with White. Both
    # line-ups are the rosters in order (lineups: required). Each board lists Alpha's
    # player first, as the match line does, with the colour each player has.
    folder = tmp_path / "cup"
    folder.mkdir()
    (folder / "tournament.yaml").write_text(
        "name: Cup\nformat: team-swiss\nrounds: 1\ninitial_colour: white\nteams:\n  boards: 2\n",
        encoding="utf-8",
    )
    (folder / "players.yaml").write_text(TEAM_PLAYERS, encoding="utf-8")
    (folder / "teams.yaml").write_text(TEAMS, encoding="utf-8")
    code, out = run("pair", str(folder))
    assert code == 0, out
    assert out.splitlines()[2:6] == [
        "  match  white  pts  black  pts",
        "      1  Alpha    0  Bravo    0",
        "         1.1  W  Adams, Anna  2100  -  B  Bakker, Bert  2000",
        "         1.2  B  Aalst, Bo    1900  -  W  Bos, Cas      1800",
    ]
