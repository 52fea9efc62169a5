"""``tourney diff`` in a team event: one line per team, the primary score as its points.

A four-team, two-board team round robin (Berger table for four, C.05 Annex 1:
1-4 2-3 / 4-3 1-2 / 2-4 3-1), match points 2/1/0 (C.04.6 1.2.2: the primary
score unless the event says game points), game points 1/½/0, tie-break GP.
Alkmaar (A), Breda (B), Culemborg (C), Delft (D):

| round | match   | boards        | match |
|-------|---------|---------------|-------|
| 1     | A - D   | 1-0, 1-0      | 2-0   |
| 1     | B - C   | 1-0, 0-1 *    | 1-1   |
| 2     | D - C   | 0-1, 0-1      | 0-2   |
| 2     | A - B   | 1-0, 0-1      | 1-1   |
| 3     | B - D   | 1-0, ½-½      | 1½-½  |
| 3     | C - A   | ½-½, ½-½      | 1-1   |

The change: round 1, match 2 (B - C), board 2 (Claes, Frank - Boer, Dirk)
goes from 1-0 to ½-½, so the drawn match 1-1 becomes a 1½-½ win for Breda:
Breda +1 MP and +½ GP, Culemborg -1 MP and -½ GP in every round from 1 on.
Worked by hand (MP / GP / rank; equal MP and GP share the rank):

| after | A        | B                | C                | D         |
|-------|----------|------------------|------------------|-----------|
| 1 old | 2/2/1    | 1/1/2            | 1/1/2            | 0/0/4     |
| 1 new | 2/2/1    | 2/1½/2           | 0/½/3            | 0/0/4     |
| 2 old | 3/3/1    | 2/2/3            | 3/3/1            | 0/0/4     |
| 2 new | 3/3/1    | 3/2½/2           | 2/2½/3           | 0/0/4     |
| 3 old | 4/4/1    | 4/3½/3           | 4/4/1            | 0/½/4     |
| 3 new | 4/4/2    | 5/4/1            | 3/3½/3           | 0/½/4     |
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

from builders import git, git_repo
from click.testing import CliRunner

from tourney.cli import cli
from tourney.cli.diff import command
from tourney.review.changes import Movement
from tourney.review.gitdiff import diff_folder

PLAYERS = """\
- {id: a1, name: "Aalders, Anna", rating: 2100}
- {id: a2, name: "Aalders, Bart", rating: 2000}
- {id: b1, name: "Boer, Carla", rating: 2090}
- {id: b2, name: "Boer, Dirk", rating: 1990}
- {id: c1, name: "Claes, Eva", rating: 2080}
- {id: c2, name: "Claes, Frank", rating: 1980}
- {id: d1, name: "Dekker, Greet", rating: 2070}
- {id: d2, name: "Dekker, Hans", rating: 1970}
"""
TEAMS = """\
- {id: t1, name: Alkmaar, roster: [a1, a2]}
- {id: t2, name: Breda, roster: [b1, b2]}
- {id: t3, name: Culemborg, roster: [c1, c2]}
- {id: t4, name: Delft, roster: [d1, d2]}
"""
Board = tuple[str, str, str]
Match = tuple[str, str, list[Board]]
ROUNDS: dict[int, list[Match]] = {
    1: [
        ("t1", "t4", [("a1", "d1", "1-0"), ("d2", "a2", "0-1")]),
        ("t2", "t3", [("b1", "c1", "1-0"), ("c2", "b2", "1-0")]),
    ],
    2: [
        ("t4", "t3", [("d1", "c1", "0-1"), ("c2", "d2", "1-0")]),
        ("t1", "t2", [("a1", "b1", "1-0"), ("b2", "a2", "1-0")]),
    ],
    3: [
        ("t2", "t4", [("b1", "d1", "1-0"), ("d2", "b2", "½-½")]),
        ("t3", "t1", [("c1", "a1", "½-½"), ("a2", "c2", "½-½")]),
    ],
}


def write_round(folder: Path, number: int, matches: list[Match]) -> None:
    lines = [f"round: {number}", "matches:"]
    for white, black, boards in matches:
        lines += [f"  - white: {white}", f"    black: {black}", "    boards:"]
        lines += [f"      - {{white: {w}, black: {b}, result: {r}}}" for w, b, r in boards]
    (folder / "rounds").mkdir(exist_ok=True)
    (folder / "rounds" / f"{number:02d}.yaml").write_text("\n".join(lines) + "\n", "utf-8")


def corrected(tmp_path: Path, primary: str = "mp", tiebreaks: str = "GP") -> Path:
    """The cup committed after three rounds, then round 1, board 2.2 corrected to ½-½."""
    repo = tmp_path / "league"
    git_repo(repo)
    folder = repo / "cup"
    result = CliRunner().invoke(cli, ["new", str(folder), "--format", "team-round-robin"])
    assert result.exit_code == 0, result.output
    (folder / "players.yaml").write_text(PLAYERS, "utf-8")
    (folder / "teams.yaml").write_text(TEAMS, "utf-8")
    settings = folder / "tournament.yaml"
    text = re.sub(r"(?m)^tiebreaks:.*$", f"tiebreaks: [{tiebreaks}]", settings.read_text("utf-8"))
    text = re.sub(r"(?m)^(  boards:) *4", r"\1 2", text)
    text = re.sub(r"(?m)^(  primary:) *mp", rf"\1 {primary}", text)
    settings.write_text(text, "utf-8")
    for number, matches in ROUNDS.items():
        write_round(folder, number, matches)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "three rounds")
    first = [ROUNDS[1][0], ("t2", "t3", [("b1", "c1", "1-0"), ("c2", "b2", "½-½")])]
    write_round(folder, 1, first)
    return folder


def lines(movements: tuple[Movement, ...]) -> list[tuple[object, ...]]:
    return [(m.participant, m.old_rank, m.new_rank, m.old_points, m.new_points) for m in movements]


def test_one_board_turns_a_drawn_match_into_a_win(tmp_path: Path) -> None:
    folder = corrected(tmp_path)
    (d,) = diff_folder(folder).tournaments
    assert [(r.round, r.board, r.old, r.new) for r in d.results] == [(1, "2.2", "1-0", "½-½")]
    assert [(s.old_after, s.new_after, s.ranked, s.unit) for s in d.rounds] == [
        (1, 1, "team", "MP"),
        (2, 2, "team", "MP"),
    ]
    half = Fraction(1, 2)
    # After round 1: Breda 1 -> 2 MP keeps rank 2 (behind Alkmaar on GP 2 > 1½); Culemborg
    # falls from a shared 2nd to 3rd, ahead of Delft on GP ½ > 0.
    (after1, after2) = d.rounds
    assert lines(after1.movements) == [("t2", 2, 2, 1, 2), ("t3", 2, 3, 1, 0)]
    assert [m.name for m in after1.movements] == ["Breda", "Culemborg"]
    assert [m.tiebreaks for m in after1.movements] == [
        (("GP", Fraction(1), 1 + half),),
        (("GP", Fraction(1), half),),
    ]
    # After round 2 Alkmaar stays 1st with 3 MP: left out.
    assert lines(after2.movements) == [("t2", 3, 2, 2, 3), ("t3", 1, 3, 3, 2)]
    # Now: Breda 4 -> 5 MP, 3rd -> 1st; Culemborg 4 -> 3 MP, shared 1st -> 3rd; Alkmaar keeps
    # its 4 MP and 4 GP but is 2nd, no longer sharing 1st.
    s = d.standings
    assert s is not None and s.note == "" and (s.ranked, s.unit, s.new_after) == ("team", "MP", 3)
    assert lines(s.movements) == [("t2", 3, 1, 4, 5), ("t3", 1, 3, 4, 3), ("t1", 1, 2, 4, 4)]
    assert [m.tiebreaks for m in s.movements] == [
        (("GP", 3 + half, Fraction(4)),),
        (("GP", Fraction(4), 3 + half),),
        (),
    ]


def test_team_lines_in_text_markdown_and_json(tmp_path: Path) -> None:
    folder = corrected(tmp_path)
    text = CliRunner().invoke(command, [str(folder)]).stdout.splitlines()
    start = text.index("  standings after round 1")
    assert text[start:] == [
        "  standings after round 1",
        "    Breda: rank 2, 1 -> 2 MP; GP 1 -> 1.5",
        "    Culemborg: rank 2 -> 3, 1 -> 0 MP; GP 1 -> 0.5",
        "  standings after round 2",
        "    Breda: rank 3 -> 2, 2 -> 3 MP; GP 2 -> 2.5",
        "    Culemborg: rank 1 -> 3, 3 -> 2 MP; GP 3 -> 2.5",
        "  standings after round 3",
        "    Breda: rank 3 -> 1, 4 -> 5 MP; GP 3.5 -> 4",
        "    Culemborg: rank 1 -> 3, 4 -> 3 MP; GP 4 -> 3.5",
        "    Alkmaar: rank 1 -> 2, 4 MP",
    ]
    markdown = CliRunner().invoke(command, ["--format", "markdown", str(folder)]).stdout
    assert "| team | rank | MP | tie-breaks |" in markdown
    assert "| Breda | 3 → 1 | 4 → 5 | GP 3.5 → 4 |" in markdown
    data = json.loads(CliRunner().invoke(command, ["--format", "json", str(folder)]).stdout)
    now = data["tournaments"][0]["standings"]
    assert (now["ranked"], now["unit"]) == ("team", "MP")
    assert [
        (m["name"], m["old_rank"], m["new_rank"], m["old_points"], m["new_points"])
        for m in now["movements"]
    ] == [("Breda", 3, 1, "4", "5"), ("Culemborg", 1, 3, "4", "3"), ("Alkmaar", 1, 2, "4", "4")]


def test_game_points_primary(tmp_path: Path) -> None:
    # primary: gp, tie-break MP. Now (after round 3), GP / MP: old A 4/4, B 3½/4, C 4/4, D ½/0
    # (A and C share 1st); new A 4/4, B 4/5, C 3½/3: Breda first on MP 5 > 4, Alkmaar 2nd.
    folder = corrected(tmp_path, primary="gp", tiebreaks="MP")
    (d,) = diff_folder(folder).tournaments
    s = d.standings
    assert s is not None and s.unit == "GP"
    half = Fraction(1, 2)
    assert lines(s.movements) == [
        ("t2", 3, 1, 3 + half, 4),
        ("t3", 1, 3, 4, 3 + half),
        ("t1", 1, 2, 4, 4),
    ]
    assert [m.tiebreaks for m in s.movements][:2] == [
        (("MP", Fraction(4), Fraction(5)),),
        (("MP", Fraction(4), Fraction(3)),),
    ]
    text = CliRunner().invoke(command, [str(folder)]).stdout
    assert "    Breda: rank 3 -> 1, 3½ -> 4 GP; MP 4 -> 5\n" in text
