"""Series and league standings (docs/pairing.md "How it works"), values worked by hand."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

from builders import group, runner

from tourney.cli import finalize as finalize_cli
from tourney.cli import series as series_cli
from tourney.engine.series import EventPlacements, best_of, pooled_points, series_standings
from tourney.model import SeriesDefinition

TABLE = (F(25), F(18), F(15), F(12))


def test_three_way_tie_for_second_pools_the_points() -> None:
    # (18 + 15 + 12) / 3 = 15 each
    points = pooled_points([("a", 1), ("b", 2), ("c", 2), ("d", 2)], TABLE)
    assert points == {"a": 25, "b": 15, "c": 15, "d": 15}


def test_tie_running_off_the_table() -> None:
    # 3rd and 4th with a table of three: (15 + 0) / 2 = 7.5; 5th gets nothing
    points = pooled_points([("a", 1), ("b", 2), ("c", 3), ("d", 3), ("e", 5)], TABLE[:3])
    assert points == {"a": 25, "b": 18, "c": F(15, 2), "d": F(15, 2), "e": 0}


def test_whole_field_tied() -> None:
    # (25 + 18 + 15 + 12) / 4 = 17.5
    assert set(pooled_points([(p, 1) for p in "abcd"], TABLE).values()) == {F(35, 2)}


def test_best_n_takes_the_highest_and_the_earlier_on_equal() -> None:
    assert best_of([F(12), F(15), None, F(18)], 2) == (False, True, False, True)
    assert best_of([F(10), F(10), F(10)], 2) == (True, True, False)
    assert best_of([F(1), None], None) == (True, False)


def test_series_standings_best_two_of_three() -> None:
    definition = SeriesDefinition("gp", "Grand Prix", ("e1", "e2", "e3"), TABLE, best=2)
    results = {
        "e1": EventPlacements("e1", (("a", 1), ("b", 2), ("c", 2), ("d", 4))),
        "e2": EventPlacements("e2", (("b", 1), ("a", 2), ("d", 3)), live=True),
        "e3": EventPlacements("e3", (("c", 1), ("d", 2), ("a", 3), ("b", 4))),
    }
    table = series_standings(definition, results)
    # e1: a 25, b 16.5, c 16.5, d 12; e2: b 25, a 18, d 15; e3: c 25, d 18, a 15, b 12.
    # best 2: a 25 + 18 = 43; b 16.5 + 25 = 41.5; c 16.5 + 25 = 41.5; d 15 + 18 = 33.
    assert [(r.rank, r.participant, r.total) for r in table.rows] == [
        (1, "a", 43),
        (2, "b", F(83, 2)),
        (2, "c", F(83, 2)),
        (4, "d", 33),
    ]
    d = table.rows[3]
    assert d.points == (F(12), F(15), F(18)) and d.counted == (False, True, True)
    c = table.rows[2]
    assert c.points == (F(33, 2), None, F(25)) and c.counted == (True, False, True)
    assert table.live == (False, True, False)


# --- a club folder: one finalized event, one live, one not started ---

PLAYERS = "".join(f"- {{id: {p}, name: {p.upper()}}}\n" for p in "abcd")


def event(root: Path, name: str, rounds: dict[int, str]) -> None:
    folder = root / name
    (folder / "rounds").mkdir(parents=True)
    (folder / "tournament.yaml").write_text(
        f"name: {name}\nformat: swiss\nrounds: 2\ntiebreaks: [BH, SB]\n", encoding="utf-8"
    )
    (folder / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    for number, text in rounds.items():
        (folder / "rounds" / f"{number:02d}.yaml").write_text(text, encoding="utf-8")


run = runner(group(finalize_cli.command, series_cli.command))


def test_series_command_live_projection(tmp_path: Path) -> None:
    root = tmp_path / "club"
    root.mkdir()
    (root / "club.yaml").write_text(
        "name: Club\nseries:\n  - id: gp\n    name: Grand Prix\n"
        "    tournaments: [s1, s2, s3]\n    points: [25, 18, 15, 12]\n",
        encoding="utf-8",
    )
    round_1 = (
        "boards:\n  - {white: a, black: b, result: 1-0}\n  - {white: c, black: d, result: ½-½}\n"
    )
    round_2 = (
        "boards:\n  - {white: a, black: c, result: ½-½}\n  - {white: d, black: b, result: 1-0}\n"
    )
    event(root, "s1", {1: round_1, 2: round_2})
    live_1 = (
        "boards:\n  - {white: a, black: b, result: 0-1}\n  - {white: c, black: d, result: 1-0}\n"
    )
    event(root, "s2", {1: live_1})
    event(root, "s3", {})
    code, _, err = run("finalize", str(root / "s1"), "--yes", "--end-date", "2026-06-01")
    assert code == 0, err
    code, out, err = run("series", str(root), "gp", "--format", "json")
    assert code == 0, err
    data = json.loads(out)[0]
    assert data["events"] == [
        {"id": "s1", "live": False, "started": True},
        {"id": "s2", "live": True, "started": True},
        {"id": "s3", "live": False, "started": False},
    ]
    # s1 final: a and d share 1st (1.5 points, BH 1, SB 0.5 each): (25 + 18) / 2 = 21.5;
    #   c 3rd 15, b 4th 12.
    # s2 live after round 1: b and c 1 point, BH 0, SB 0 -> share 1st: 21.5;
    #   a and d share 3rd: (15 + 12) / 2 = 13.5.
    # totals: c 36.5, a 35, d 35, b 33.5
    rows = [(r["rank"], r["id"], r["total"]) for r in data["rows"]]
    assert rows == [(1, "c", "36.5"), (2, "a", "35"), (2, "d", "35"), (4, "b", "33.5")]
    c = data["rows"][0]["events"]
    assert c == {
        "s1": {"points": "15", "counted": True},
        "s2": {"points": "21.5", "counted": True},
        "s3": {"points": None, "counted": False},
    }
    code, out, err = run("series", str(root))
    assert code == 0 and "s2 (live)" in out and "s3 (not started)" in out
    code, _, err = run("series", str(root), "gq")
    assert code == 3 and "known: gp" in err
