"""``tourney diff``: the standings after each affected round, before -> after.

A four-player round robin (Berger table, C.05 Annex 1: 1-4 2-3 / 4-3 1-2 /
2-4 3-1), scoring 1/½/0, tie-break WIN (number of wins, C.07 Art. 7.1),
participants equal on everything sharing the rank. Round 1, board 2 is
corrected from 1-0 to 0-1; every figure below is worked by hand:

| after round | old (A, B, C, D) points / rank     | new                               |
|-------------|------------------------------------|-----------------------------------|
| 1           | 1/1, 1/1, 0/3, 0/3                 | 1/1, 0/3, 1/1, 0/3                |
| 2           | 2/1, 1/2, 1/2, 0/4                 | 2/1, 0/3, 2/1, 0/3                |
| 3 (current) | 3/1, 2/2, 1/3, 0/4                 | 3/1, 1/3, 2/2, 0/4                |
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from builders import git, git_repo
from click.testing import CliRunner

from tourney.cli import cli
from tourney.cli.diff import command
from tourney.review.changes import Movement
from tourney.review.gitdiff import diff_folder

PLAYERS = """\
- {id: p1, name: "Alpha, Ann", rating: 2000}
- {id: p2, name: "Brown, Bob", rating: 1900}
- {id: p3, name: "Cole, Cat", rating: 1800}
- {id: p4, name: "Dale, Dan", rating: 1700}
"""
ROUNDS = {
    1: [("p1", "p4", "1-0"), ("p2", "p3", "1-0")],
    2: [("p4", "p3", "0-1"), ("p1", "p2", "1-0")],
    3: [("p2", "p4", "1-0"), ("p3", "p1", "0-1")],
}


def write_round(folder: Path, number: int, boards: list[tuple[str, str, str]]) -> None:
    lines = [f"round: {number}", "boards:"]
    lines += [f"  - {{white: {w}, black: {b}, result: {r}}}" for w, b, r in boards]
    (folder / "rounds").mkdir(exist_ok=True)
    (folder / "rounds" / f"{number:02d}.yaml").write_text("\n".join(lines) + "\n", "utf-8")


def corrected(tmp_path: Path) -> Path:
    repo = tmp_path / "league"
    git_repo(repo)
    folder = repo / "rr"
    result = CliRunner().invoke(cli, ["new", str(folder), "--format", "round-robin"])
    assert result.exit_code == 0, result.output
    (folder / "players.yaml").write_text(PLAYERS, "utf-8")
    settings = folder / "tournament.yaml"
    text = re.sub(r"(?m)^tiebreaks:.*$", "tiebreaks: [WIN]", settings.read_text("utf-8"))
    settings.write_text(text, "utf-8")
    for number, boards in ROUNDS.items():
        write_round(folder, number, boards)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "three rounds")
    write_round(folder, 1, [("p1", "p4", "1-0"), ("p2", "p3", "0-1")])
    return folder


def lines(movements: tuple[Movement, ...]) -> list[tuple[object, ...]]:
    return [(m.participant, m.old_rank, m.new_rank, m.old_points, m.new_points) for m in movements]


def test_standings_after_each_affected_round(tmp_path: Path) -> None:
    folder = corrected(tmp_path)
    (d,) = diff_folder(folder).tournaments
    assert [(r.round, r.board, r.old, r.new) for r in d.results] == [(1, "2", "1-0", "0-1")]
    # Rounds 1 and 2 here; round 3, the last, is the current standings.
    assert [(s.old_after, s.new_after) for s in d.rounds] == [(1, 1), (2, 2)]
    after1 = lines(d.rounds[0].movements)
    assert after1 == [("p3", 3, 1, 0, 1), ("p2", 1, 3, 1, 0)]
    after2 = lines(d.rounds[1].movements)
    # Ann keeps rank 1 and 2 points: left out; Dan keeps 0 points but moves 4 -> 3.
    assert after2 == [("p3", 2, 1, 1, 2), ("p2", 2, 3, 1, 0), ("p4", 4, 3, 0, 0)]
    assert d.standings is not None and d.standings.new_after == 3
    now = lines(d.standings.movements)
    assert now == [("p3", 3, 2, 1, 2), ("p2", 2, 3, 2, 1)]


def test_text_markdown_and_json_agree(tmp_path: Path) -> None:
    folder = corrected(tmp_path)
    text = CliRunner().invoke(command, [str(folder)]).stdout.splitlines()
    start = text.index("  standings after round 1")
    assert text[start:] == [
        "  standings after round 1",
        "    Cole, Cat: rank 3 -> 1, 0 -> 1 pts; WIN 0 -> 1",
        "    Brown, Bob: rank 1 -> 3, 1 -> 0 pts; WIN 1 -> 0",
        "  standings after round 2",
        "    Cole, Cat: rank 2 -> 1, 1 -> 2 pts; WIN 1 -> 2",
        "    Brown, Bob: rank 2 -> 3, 1 -> 0 pts; WIN 1 -> 0",
        "    Dale, Dan: rank 4 -> 3, 0 pts",
        "  standings after round 3",
        "    Cole, Cat: rank 3 -> 2, 1 -> 2 pts; WIN 1 -> 2",
        "    Brown, Bob: rank 2 -> 3, 2 -> 1 pts; WIN 2 -> 1",
    ]
    markdown = CliRunner().invoke(command, ["--format", "markdown", str(folder)]).stdout
    for n in (1, 2, 3):
        assert f"**Standings after round {n}**" in markdown
    assert "| Dale, Dan | 4 → 3 | 0 |  |" in markdown
    data = json.loads(CliRunner().invoke(command, ["--format", "json", str(folder)]).stdout)
    rounds = data["tournaments"][0]["rounds"]
    assert [r["new_after"] for r in rounds] == [1, 2]
    assert [
        (m["participant"], m["old_rank"], m["new_rank"], m["old_points"], m["new_points"])
        for m in rounds[1]["movements"]
    ] == [("p3", 2, 1, "1", "2"), ("p2", 2, 3, "1", "0"), ("p4", 4, 3, "0", "0")]
