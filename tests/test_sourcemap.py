"""The read stage: ``tourney.load.folder.load`` hands out the model with a source map, and
no module outside ``tourney/load/`` parses folder YAML (issue 18, item 1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tourney.load.folder import load
from tourney.load.sourcemap import Where

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


@pytest.fixture(autouse=True)
def _elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Files outside the working folder are named in full."""
    monkeypatch.chdir(tmp_path)


def test_boards_byes_and_players_of_an_individual_event() -> None:
    loaded = load(EXAMPLES / "swiss-open")
    assert loaded.tournament is not None and not loaded.has_errors
    sources = loaded.sources
    r03 = str(EXAMPLES / "swiss-open" / "rounds" / "03.yaml")
    # rounds/03.yaml: a comment, round, date and boards: come first; board 7 is line 4 + 7
    assert sources.board(3, 7) == Where(r03, 11, 5)
    assert sources.comments[(3, 0, 7)] == "7. Visser, Maud (1862) - Maas, Stijn (1991)"
    assert sources.board_list(3) == Where(r03, 4, 1)
    # rounds/02.yaml line 26: '  - {player: p06, kind: half}'
    assert sources.bye(2, "p06") == Where(str(EXAMPLES / "swiss-open/rounds/02.yaml"), 26, 5)
    # players.yaml: two comment lines, then one player a line
    assert sources.player("p22") == Where(str(EXAMPLES / "swiss-open/players.yaml"), 24, 3)


def test_matches_and_their_boards_of_a_team_event() -> None:
    sources = load(EXAMPLES / "team-league").sources
    r01 = str(EXAMPLES / "team-league" / "rounds" / "01.yaml")
    assert sources.match(1, 2) == Where(r01, 11, 5)  # '  - white: t8   # 2. Zukertort 1 ...'
    assert sources.match_board(1, 2, 3) == Where(r01, 16, 9)  # the "{" of 2.3 Sanders - Meijer
    assert sources.comments[(1, 2, 3)].startswith("2.3 Sanders, Ruben (1933)")


def test_an_unknown_thing_is_placed_at_its_file() -> None:
    sources = load(EXAMPLES / "swiss-open").sources
    assert sources.board(9, 1) == Where("rounds/09.yaml")
    assert sources.player("nobody") == Where(str(EXAMPLES / "swiss-open/players.yaml"))


def test_a_file_that_does_not_parse_is_named_in_the_map(tmp_path: Path) -> None:
    folder = tmp_path / "elsewhere" / "event"
    folder.mkdir(parents=True)
    (folder / "tournament.yaml").write_text("name: X\nformat: swiss\nrounds: 3\n", "utf-8")
    (folder / "players.yaml").write_text("- {id: p1, name: [\n", "utf-8")
    loaded = load(folder)
    assert loaded.has_errors
    assert loaded.sources.failed == {"elsewhere/event/players.yaml"}  # relative: inside cwd


def test_no_module_outside_load_parses_yaml() -> None:
    parse = re.compile(
        r"^\s*(import yaml\b|from yaml import)|yaml\.(compose|safe_load|load)\(", re.M
    )
    outside = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "tourney").rglob("*.py")
        if "load" not in path.relative_to(ROOT / "tourney").parts[:1]
        and parse.search(path.read_text(encoding="utf-8"))
    ]
    assert outside == []
