"""Our TRF files, read by another program's reader: the ``trf`` package (PyPI, sklangen/TRF 1.1.1).

Issue 10: "files written by tourney are read without warnings by the TRF reading code of
another program". That reader matches every 001 line against one regular expression of
fixed widths (title in columns 12-13, results ``1=0+-WDLHFUZ``), reads the records
012-132 and the 013 team rosters, keeps the XX records as text and skips every other
record (142-362, 240, 260, 3xx). Each example folder is exported with ``tourney export``
in both versions and loaded with ``trf.load``; what it reads must agree with the folder:
the players, their names and ratings, the opponents and colours of every game, and the
points, which tourney's engine computes from the rounds (the standings of an individual
event, the boards of a team event). docs/trf.md, "Checked against other readers".
"""

from __future__ import annotations

import warnings
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tourney.cli.trf import export_command
from tourney.engine.standings import standings
from tourney.engine.teams.board_stats import sittings
from tourney.load.folder import load_tournament
from tourney.model import Format, Tournament
from tourney.render.trf.cells import ascii_text
from tourney.render.trf.individual import player_numbers

trf = pytest.importorskip("trf", reason="the trf package (dev extra) is not installed")

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(p.parent for p in (ROOT / "examples").rglob("tournament.yaml"))


def exported(folder: Path, version: str, tmp_path: Path) -> Any:
    """``tourney export FOLDER -o FILE --format VERSION``, then ``trf.load`` of the file."""
    path = tmp_path / f"{folder.name}.trf"
    result = CliRunner().invoke(export_command, [str(folder), "-o", str(path), "--format", version])
    assert result.exit_code == 0, result.output
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning fails the test
        with path.open(encoding="utf-8") as fp:
            return trf.load(fp)


def points_by_player(t: Tournament) -> dict[str, Fraction]:
    """Every player's points as tourney's engine counts them."""
    if not t.is_team:
        assert t.settings.format is not Format.KEIZER  # its standings are not game points
        return {row.participant: row.points for row in standings(t).rows}
    # Team byes would put points on players' lines that no board has: none in these examples.
    assert not any(rnd.byes for rnd in t.rounds)
    totals: dict[str, Fraction] = defaultdict(Fraction)
    for sitting in sittings(t):
        totals[sitting.player] += sitting.points
    return {p.id: totals[p.id] for p in t.players}


@pytest.mark.parametrize("version", ["trf26", "trf16"])
@pytest.mark.parametrize(
    "folder", EXAMPLES, ids=lambda p: p.relative_to(ROOT / "examples").as_posix()
)
def test_the_trf_package_reads_our_files_as_we_do(
    folder: Path, version: str, tmp_path: Path
) -> None:
    t = load_tournament(folder)
    other = exported(folder, version, tmp_path)
    numbers = player_numbers(t)  # the starting ranks of the 001 lines (docs/trf.md)
    players = [p for p in t.players if p.approved]
    read = {p.startrank: p for p in other.players}
    assert sorted(read) == sorted(numbers.values())
    assert other.numplayers == len(players)
    assert other.name == t.settings.name
    # A Double-Swiss has two columns a round, game 1 and game 2 (docs/trf.md).
    double = t.settings.pairing == "double-swiss"
    assert other.numrounds == t.planned_rounds * (2 if double else 1)

    points = points_by_player(t)
    for player in players:
        theirs = read[numbers[player.id]]
        name = player.name if version == "trf26" else ascii_text(player.name)
        assert theirs.name == name
        assert theirs.rating == (player.rating or 0)
        assert theirs.title == player.title
        assert Fraction(theirs.points).limit_denominator(4) == points[player.id], player.name

    games = [game for rnd in t.rounds for game in rnd.all_games()]
    assert games
    for rnd in t.rounds:
        for game in rnd.all_games():
            if not (game.white and game.black):
                continue  # an empty seat: no opponent to name
            white, black = read[numbers[game.white]], read[numbers[game.black]]
            columns = [(2 * rnd.number - 2, "w", "b"), (2 * rnd.number - 1, "b", "w")]
            for column, own, theirs in columns if double else [(rnd.number - 1, "w", "b")]:
                assert (white.games[column].startrank, white.games[column].color) == (
                    numbers[game.black],
                    own,
                )
                assert (black.games[column].startrank, black.games[column].color) == (
                    numbers[game.white],
                    theirs,
                )

    if t.is_team:  # the 013 rosters, in board order
        rosters = {team.name: [numbers[p] for p in team.roster] for team in t.teams}
        assert {team.name: team.startranks for team in other.teams} == rosters
