"""`tourney player add|withdraw|bye|absent|rating`: players.yaml by command (docs/cli.md).

The expected lines are written by hand from docs/folder-format.md
"players.yaml": only the player's line changes (a new player: one line at the
end), comments and order stay, and an edit the folder would not load with is
refused with nothing written.
"""

from __future__ import annotations

from pathlib import Path

import click
from click.testing import CliRunner

from tourney.cli import player as player_cli
from tourney.load.folder import load_tournament
from tourney.model import ByeKind

PLAYERS = """\
# four players; Dirk asked for a half-point bye in round 3
- {id: p1, name: "Adams, Anna", rating: 2100, start: 1}
- {id: p2, name: "Bakker, Bert", rating: 2050, start: 2}

- id: p3   # typed in block style
  name: "Claes, Carl"
  start: 3
- {id: p4, name: "Dekker, Dirk", rating: 1900, byes: {3: half}, start: 4}
"""

ROUND_1 = """\
round: 1
boards:
  - {white: p1, black: p3, result: 1-0}   # 1. Adams, Anna (2100) - Claes, Carl
  - {white: p4, black: p2, result: }      # 2. Dekker, Dirk (1900) - Bakker, Bert (2050)
"""


def folder_of(tmp_path: Path) -> Path:
    folder = tmp_path / "open"
    (folder / "rounds").mkdir(parents=True)
    (folder / "tournament.yaml").write_text(
        "name: Test Open\nformat: swiss\nrounds: 5\nstart_date: 2026-05-01\n", encoding="utf-8"
    )
    (folder / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    (folder / "rounds" / "01.yaml").write_text(ROUND_1, encoding="utf-8")
    return folder


def run(*args: str) -> tuple[int, str, str]:
    cli = click.Group("tourney")
    cli.add_command(player_cli.group)
    out = CliRunner().invoke(cli, ["player", *args])
    return out.exit_code, out.stdout, out.stderr


def changed(folder: Path) -> list[tuple[str, str]]:
    before = PLAYERS.splitlines()
    after = (folder / "players.yaml").read_text(encoding="utf-8").splitlines()
    if len(after) > len(before):
        assert after[: len(before)] == before
        return [("", line) for line in after[len(before) :]]
    return [(a, b) for a, b in zip(before, after, strict=True) if a != b]


def test_late_entry_gets_the_next_id_and_joins_the_next_unpaired_round(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    code, out, err = run(
        "add", str(folder), "Evers, Eva", "--rating", "1850", "--federation", "NED"
    )
    assert code == 0, err
    assert changed(folder) == [
        ("", '- {id: p5, name: "Evers, Eva", rating: 1850, federation: NED, joins: 2}')
    ]
    assert "Evers, Eva added as p5, a late entry from round 2" in out
    eva = load_tournament(folder).player("p5")
    assert (eva.rating, eva.joins, eva.available(1), eva.available(2)) == (1850, 2, False, True)


def test_withdraw_by_name_after_the_last_paired_round(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    code, _out, err = run("withdraw", str(folder), "bert bakker")
    assert code == 0, err
    assert changed(folder) == [
        (
            '- {id: p2, name: "Bakker, Bert", rating: 2050, start: 2}',
            '- {id: p2, name: "Bakker, Bert", rating: 2050, withdrawn_after: 1, start: 2}',
        )
    ]
    assert load_tournament(folder).player("p2").withdrawn_after == 1


def test_bye_added_to_an_existing_mapping_and_to_a_block_entry(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    assert run("bye", str(folder), "Dekker", "4", "--kind", "zero")[0] == 0
    code, _, err = run("bye", str(folder), "p3", "2")
    assert code == 0, err
    lines = (folder / "players.yaml").read_text(encoding="utf-8").splitlines()
    assert lines[4:9] == [
        "- id: p3   # typed in block style",
        '  name: "Claes, Carl"',
        "  start: 3",
        "  byes: {2: half}",
        '- {id: p4, name: "Dekker, Dirk", rating: 1900, byes: {3: half, 4: zero}, start: 4}',
    ]
    t = load_tournament(folder)
    assert t.player("p4").byes == ((3, ByeKind.HALF), (4, ByeKind.ZERO))
    assert t.player("p3").byes == ((2, ByeKind.HALF),)


def test_absent_rounds_merged_in_order(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    assert run("absent", str(folder), "p1", "4")[0] == 0
    assert run("absent", str(folder), "p1", "2", "4")[0] == 0
    assert changed(folder) == [
        (
            '- {id: p1, name: "Adams, Anna", rating: 2100, start: 1}',
            '- {id: p1, name: "Adams, Anna", rating: 2100, absent: [2, 4], start: 1}',
        )
    ]


def test_rating_of_each_kind(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    code, out, _ = run("rating", str(folder), "Adams", "2123")
    assert code == 0 and "Adams, Anna: rating 2100 -> 2123" in out
    assert run("rating", str(folder), "p2", "2001", "--kind", "national")[0] == 0
    assert changed(folder) == [
        (
            '- {id: p1, name: "Adams, Anna", rating: 2100, start: 1}',
            '- {id: p1, name: "Adams, Anna", rating: 2123, start: 1}',
        ),
        (
            '- {id: p2, name: "Bakker, Bert", rating: 2050, start: 2}',
            '- {id: p2, name: "Bakker, Bert", rating: 2050, national_rating: 2001, start: 2}',
        ),
    ]


def test_refusals_write_nothing(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    path = folder / "players.yaml"
    # round 1 is paired and has a result: a bye there cannot change it
    code, _, err = run("bye", str(folder), "p1", "1")
    assert code == 3 and "round 1 already has results" in err
    # the loader refuses a federation in lower case: the edit is undone
    code, _, err = run("add", str(folder), "Evers, Eva", "--federation", "ned")
    assert (
        code == 1
        and "players.yaml:9:44: error E140: federation 'ned'" in err
        and "nothing was written" in err
    )
    # two players match
    code, _, err = run("withdraw", str(folder), "er")
    assert code == 3 and "names 2 players: Bakker, Bert (p2), Dekker, Dirk (p4)" in err
    code, _, err = run("bye", str(folder), "p1", "9")
    assert code == 3 and "rounds 1-5" in err
    assert path.read_text(encoding="utf-8") == PLAYERS
