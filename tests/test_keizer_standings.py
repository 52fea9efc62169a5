"""A Keizer competition's standings rank by Keizer score, not by game points.

Worked by hand (docs/keizer.md): four players numbered by rating, values 4-3-2-1
(top value = number of players, step 1), own value counted once.
Round 1: a-b 0-1, c-d 1-0.
Pass 1, ranking a b c d (values 4 3 2 1): a 4+0=4, b 3+4=7, c 2+1=3, d 1+0=1.
Pass 2, ranking b a c d (values 4 3 2 1): b 4+3=7, a 3+0=3, c 2+1=3, d 1+0=1;
the order b a c d holds (a before c on the previous place), so it is stable.
By game points c (1) would be ahead of a (0); by Keizer score they share 3.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from tourney.cli import cli
from tourney.engine.standings import standings
from tourney.model import Format, Game, Player, Result, Round, Settings, Tournament


def keizer() -> Tournament:
    players = tuple(
        Player(pid, pid.upper(), rating=r)
        for pid, r in (("a", 2000), ("b", 1900), ("c", 1800), ("d", 1700))
    )
    games = (Game("a", "b", Result.BLACK_WINS, board=1), Game("c", "d", Result.WHITE_WINS, board=2))
    return Tournament(
        Settings("Club", Format.KEIZER, 10), players=players, rounds=(Round(1, games=games),)
    )


def test_points_are_keizer_scores_and_ties_are_on_the_keizer_score() -> None:
    table = standings(keizer(), tiebreaks=())
    assert [(r.rank, r.participant, r.points) for r in table.rows] == [
        (1, "b", Fraction(7)),
        (2, "a", Fraction(3)),
        (2, "c", Fraction(3)),
        (4, "d", Fraction(1)),
    ]


def test_tourney_standings_prints_the_keizer_ranking(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    (folder / "rounds").mkdir(parents=True)
    (folder / "tournament.yaml").write_text(
        "name: Club\nformat: keizer\nrounds: 10\ntiebreaks: [PTS]\n", encoding="utf-8"
    )
    (folder / "players.yaml").write_text(
        "".join(
            f"- {{id: {p}, name: {p.upper()}, rating: {r}}}\n"
            for p, r in (("a", 2000), ("b", 1900), ("c", 1800), ("d", 1700))
        ),
        encoding="utf-8",
    )
    (folder / "rounds" / "01.yaml").write_text(
        "boards:\n  - {white: a, black: b, result: 0-1}\n  - {white: c, black: d, result: 1-0}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(cli, ["standings", str(folder), "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["rows"]  # warnings (W240: 4 players, 10 rounds) go to stderr
    assert [(r["rank"], r["id"], r["points"]) for r in rows] == [
        (1, "b", "7"),
        (2, "a", "3"),
        (2, "c", "3"),
        (4, "d", "1"),
    ]
