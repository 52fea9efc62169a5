"""`tourney player withdraw` in a round robin (FIDE General Regulations for Competitions 6.6).

The event is `tourney new --format round-robin` (six players p1..p6, Berger
numbers 1..6), paired whole at once (C.05 Annex 1, table for 6):

    R1: 1-6 2-5 3-4   R2: 6-4 5-3 1-2   R3: 2-6 3-1 4-5   R4: 6-5 1-4 2-3   R5: 3-6 4-2 5-1

Each player has 5 scheduled games. GR 6.6: fewer than half completed (2 of 5)
annuls the player's results (a); at least half (3 of 5) keeps them and the
remaining games are lost by forfeit (b). Either way the player's unplayed
games are written "-" for the player and "+" for the opponent, "-/-" when
neither was present. The expected boards and points below are worked by hand
from that table.
"""

from __future__ import annotations

import json
from pathlib import Path

from builders import runner

from tourney.cli import cli

run = runner(cli)

WHITE_WINS_ROUNDS_1_TO_3 = "1 1-0\n2 1-0\n3 1-0\n"


def paired(tmp_path: Path, rounds_played: int) -> Path:
    folder = tmp_path / "rr"
    assert run("new", folder, "--format", "round-robin")[0] == 0
    code, out, err = run("pair", folder)
    assert code == 0, out + err
    for number in range(1, rounds_played + 1):
        code, out, err = run("results", folder, number, "-", stdin=WHITE_WINS_ROUNDS_1_TO_3)
        assert code == 0, out + err
    return folder


def boards(folder: Path, number: int) -> list[tuple[str, str, str]]:
    text = (folder / "rounds" / f"{number:02d}.yaml").read_text(encoding="utf-8")
    found = []
    for line in text.splitlines():
        if line.strip().startswith("- {white:"):
            body = line.split("{", 1)[1].split("}", 1)[0]
            fields = dict(part.strip().partition(":")[::2] for part in body.split(","))
            found.append(
                (fields["white"].strip(), fields["black"].strip(), fields["result"].strip())
            )
    return found


def points(folder: Path) -> dict[str, str]:
    code, out, err = run("standings", folder, "--format", "json")
    assert code == 0, err
    rows = json.loads(out)["rows"]
    return {row["id"]: row["points"] for row in rows}


def test_at_least_half_played_forfeits_the_rest_on_the_boards(tmp_path: Path) -> None:
    folder = paired(tmp_path, 3)
    # p6 (Smit, Daan) played rounds 1-3: 3 of 5, GR 6.6 b
    code, out, err = run("player", "withdraw", folder, "p6")
    assert code == 0, out + err
    assert "withdrawn after round 3" in out
    assert "played 3 of 5 games, at least half" in out and "6.6 b" in out
    # R4 board 1 is 6-5 (p6 White): -/+; R5 board 1 is 3-6 (p6 Black): +/-
    assert boards(folder, 4)[0] == ("p6", "p5", "-/+")
    assert boards(folder, 5)[0] == ("p3", "p6", "+/-")
    assert [b[2] for b in boards(folder, 4)[1:] + boards(folder, 5)[1:]] == ["", "", "", ""]
    assert "withdrawn_after: 3" in (folder / "players.yaml").read_text(encoding="utf-8")
    assert run("check", folder)[0] == 0


def test_two_withdrawn_players_who_still_had_to_meet_both_lose(tmp_path: Path) -> None:
    folder = paired(tmp_path, 3)
    assert run("player", "withdraw", folder, "p5")[0] == 0
    # p5 gone: R4 6-5 is +/- (p6 wins by forfeit), R5 board 3 5-1 is -/+
    assert boards(folder, 4)[0] == ("p6", "p5", "+/-")
    assert boards(folder, 5)[2] == ("p5", "p1", "-/+")
    code, out, err = run("player", "withdraw", folder, "Smit")  # Smit, Daan: p6
    assert code == 0, out + err
    # p6 was not there either: -/- (GR 6.6 "if neither player is present")
    assert boards(folder, 4)[0] == ("p6", "p5", "-/-")
    assert boards(folder, 5)[0] == ("p3", "p6", "+/-")
    # R1-R3 White won every game: p1 2, p2 2, p3 2, p4 1, p5 1, p6 1;
    # then p1 wins R5 5-1 and p3 R5 3-6 by forfeit, p5 and p6 lose theirs
    assert points(folder) == {"p1": "3", "p3": "3", "p2": "2", "p4": "1", "p5": "1", "p6": "1"}


def test_fewer_than_half_played_annuls_and_marks_the_boards(tmp_path: Path) -> None:
    folder = paired(tmp_path, 2)
    # p1 (Berg, Anna) played rounds 1-2: 2 of 5, GR 6.6 a
    code, out, err = run("player", "withdraw", folder, "Berg")
    assert code == 0, out + err
    assert "played 2 of 5 games, fewer than half: the results are annulled" in out
    assert "6.6 a" in out
    # R3 board 2 3-1: +/-; R4 board 2 1-4: -/+; R5 board 3 5-1: +/-
    assert boards(folder, 3)[1] == ("p3", "p1", "+/-")
    assert boards(folder, 4)[1] == ("p1", "p4", "-/+")
    assert boards(folder, 5)[2] == ("p5", "p1", "+/-")
    # annulled: R1 1-6 (p1 won) and R2 1-2 (p1 won) count for nobody, nor the forfeits;
    # R1 2-5 p2, 3-4 p3; R2 6-4 p6, 5-3 p5
    assert points(folder) == {"p2": "1", "p3": "1", "p5": "1", "p6": "1", "p4": "0", "p1": "0"}


def test_played_ahead_game_kept_and_explicit_after(tmp_path: Path) -> None:
    folder = paired(tmp_path, 2)
    # R5 board 1 (3-6) played ahead, 0-1
    assert run("result", folder, 5, 1, "0-1")[0] == 0
    code, out, err = run("player", "withdraw", folder, "p6", "--after", "2")
    assert code == 0, out + err
    # 3 completed (R1, R2, R5) of 5: 6.6 b; R3 2-6 +/-, R4 6-5 -/+, R5 keeps 0-1
    assert "played 3 of 5 games" in out
    assert boards(folder, 3)[0] == ("p2", "p6", "+/-")
    assert boards(folder, 4)[0] == ("p6", "p5", "-/+")
    assert boards(folder, 5)[0] == ("p3", "p6", "0-1")
