"""games/*.pgn against the round files (W385-W391, E460) and ``tourney games`` (E461, E462).

The swiss-open example's games/01.pgn holds round 1's boards 1-3 as the round file
has them: Dekker-Mertens 1-0, Visser-van Dam 1/2-1/2, Dubois-Hendriks 1-0.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from builders import runner

from tourney.check.validate import validate
from tourney.engine.games import name_key, placed_games
from tourney.load.folder import load_tournament

ROOT = Path(__file__).resolve().parents[1]


def event(tmp_path: Path) -> Path:
    target = tmp_path / "swiss-open"
    shutil.copytree(ROOT / "examples" / "swiss-open", target)
    return target


def edited(tmp_path: Path, old: str, new: str) -> list[str]:
    """The games codes and messages of the example with one edit of games/01.pgn."""
    folder = event(tmp_path)
    pgn = folder / "games" / "01.pgn"
    text = pgn.read_text("utf-8")
    assert old in text
    pgn.write_text(text.replace(old, new, 1), "utf-8")
    return [
        f"{d.line} {d.code} {d.message}"
        for d in validate(folder).diagnostics
        if d.file.endswith(".pgn")
    ]


def test_the_example_games_sit_on_their_boards() -> None:
    t = load_tournament(ROOT / "examples" / "swiss-open")
    placed = [(p.score.round, p.board.board if p.board else None) for p in placed_games(t)]
    assert placed == [(1, 1), (1, 2), (1, 3)]
    assert [d for d in validate(ROOT / "examples" / "swiss-open").diagnostics] == []


def test_names_match_in_any_order_and_spelling() -> None:
    assert name_key("van Dam, Niels") == name_key("Niels VAN DAM")
    assert name_key("Ekström, Kari") == name_key("Ekstrom, Kari")
    assert name_key("Dekker, Sofie") != name_key("Dekker, Thijs")


def test_w387_a_result_that_differs(tmp_path: Path) -> None:
    found = edited(tmp_path, "24. Bxd5 1-0", "24. Bxd5 0-1")
    assert found == [
        "37 W387 Dubois, Petra - Hendriks, Koen: the result 0-1 differs from round 1 board 3 (1-0)"
    ]


def test_w386_colours_swapped(tmp_path: Path) -> None:
    found = edited(
        tmp_path, '[White "Visser, Maud"]\n[Black "van Dam, Niels"]',
        '[White "van Dam, Niels"]\n[Black "Visser, Maud"]',
    )  # fmt: skip
    # the draw reads the same from either side: only the colours are reported
    assert found == [
        "22 W386 van Dam, Niels - Visser, Maud: the colours differ from round 1 board 2 "
        "(Visser, Maud has White there)"
    ]


def test_w386_and_the_result_seen_from_the_other_side(tmp_path: Path) -> None:
    # Black named as White with 0-1: the round file's 1-0 for Dubois, seen from her side
    folder = event(tmp_path)
    pgn = folder / "games" / "01.pgn"
    text = pgn.read_text("utf-8")
    old = '[White "Dubois, Petra"]\n[Black "Hendriks, Koen"]\n[Result "1-0"]'
    new = '[White "Hendriks, Koen"]\n[Black "Dubois, Petra"]\n[Result "0-1"]'
    pgn.write_text(text.replace(old, new).replace("24. Bxd5 1-0", "24. Bxd5 0-1"), "utf-8")
    assert [d.code for d in validate(folder).diagnostics] == ["W386"]
    assert edited(tmp_path / "b", "24. Bxd5 1-0", "24. Bxd5 1/2-1/2")[0].startswith("37 W387")


def test_w385_a_player_not_in_the_tournament_and_a_board_that_is_not_there(
    tmp_path: Path,
) -> None:
    assert edited(tmp_path, '[BlackFideId "1000840"]\n', "") == []  # the name finds her
    found = edited(
        tmp_path / "c", '[Black "Mertens, Fleur"]\n[Result "1-0"]\n[WhiteElo "2430"]\n'
        '[BlackElo "1917"]\n[WhiteFideId "1000100"]\n[BlackFideId "1000840"]',
        '[Black "Carlsen, Magnus"]\n[Result "1-0"]',
    )  # fmt: skip
    assert found == [
        "1 W385 Dekker, Sofie - Carlsen, Magnus: Black 'Carlsen, Magnus' is no player "
        "of the tournament"
    ]
    # the FIDE id decides before the name: 1000840 is Mertens
    found = edited(tmp_path / "b", '[BlackFideId "1000840"]', '[BlackFideId "1000877"]')
    assert found == [
        "1 W385 Dekker, Sofie - Mertens, Fleur: round 1 has no board of "
        "Dekker, Sofie and Visser, Maud"
    ]


def test_w388_w389_w390_w391(tmp_path: Path) -> None:
    folder = event(tmp_path)
    pgn = folder / "games" / "01.pgn"
    text = pgn.read_text("utf-8")
    first = text.split("\n\n[Event")[0] + "\n"
    (folder / "games" / "all.pgn").write_text(
        first.replace('[Round "1.1"]', '[Round "?"]') + "\n" + first, "utf-8"
    )
    pgn.write_text(
        text.replace('[Round "1.2"]', '[Round "2.2"]').replace("5. exd5 Na5", "5. exd5 Nb5"),
        "utf-8",
    )
    found = [(d.file.split("/")[-1], d.line, d.code) for d in validate(folder).diagnostics]
    assert found == [
        ("01.pgn", 1, "W389"),  # 5... Nb5: no knight reaches b5
        ("01.pgn", 22, "W391"),  # the tag says round 2 in round 1's file
        ("all.pgn", 1, "W388"),  # Round "?" in a file of no round
        ("all.pgn", 22, "W390"),  # board 1's game again (01.pgn's comes first)
    ]
    messages = {d.code: d.message for d in validate(folder).diagnostics}
    assert messages["W389"] == (
        "Dekker, Sofie - Mertens, Fleur: move 5... Nb5: 'Nb5' names no legal move of Black here"
    )


def test_e460_a_file_that_is_not_pgn(tmp_path: Path) -> None:
    folder = event(tmp_path)
    (folder / "games" / "02.pgn").write_text('[White "A"]\n\n1. e4 {no end\n', "utf-8")
    found = [(d.line, d.col, d.code, d.message) for d in validate(folder).diagnostics]
    assert found == [(3, 7, "E460", "not PGN: a comment '{' is never closed with '}'")]


def test_the_games_command_splits_a_broadcast(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = event(tmp_path)
    monkeypatch.chdir(tmp_path)
    games = (folder / "games" / "01.pgn").read_text("utf-8")
    shutil.rmtree(folder / "games")
    second = games.split("\n\n[Event")[0].replace('[Round "1.1"]', '[Round "2.7"]')
    (tmp_path / "broadcast.pgn").write_text(games + "\n" + second + "\n", "utf-8")
    code, out, err = runner()("games", "swiss-open", "broadcast.pgn")
    assert code == 0, out + err
    assert out.splitlines() == [
        "Round 1: 3 games in swiss-open/games/01.pgn",
        "Round 2: 1 game in swiss-open/games/02.pgn",
    ]
    assert (folder / "games" / "01.pgn").read_text("utf-8") == games
    assert (folder / "games" / "02.pgn").read_text("utf-8").startswith('[Event "Amstel')
    # again: round 1's file is there, nothing is written without --force
    (folder / "games" / "02.pgn").unlink()
    code, out, err = runner()("games", "swiss-open", "broadcast.pgn")
    assert code != 0
    assert "E462" in out + err and not (folder / "games" / "02.pgn").exists()
    assert runner()("games", "swiss-open", "broadcast.pgn", "--force")[0] == 0


def test_the_games_command_refuses_a_game_of_no_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = event(tmp_path)
    monkeypatch.chdir(tmp_path)
    shutil.rmtree(folder / "games")
    (tmp_path / "b.pgn").write_text('[Round "8"]\n[White "A"]\n\n1. e4 *\n', "utf-8")
    code, out, err = runner()("games", "swiss-open", "b.pgn")
    assert code != 0
    assert (out + err).splitlines()[0] == (
        'b.pgn:1: error E461: A - ?: Round "8" names no round of the tournament'
    )
    assert not (folder / "games").exists()
