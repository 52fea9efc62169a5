"""One mistake gives one error: what only follows from an earlier error is summarised (W190).

Each test breaks a real example folder the way a hand edit does and counts what comes out.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tourney.errors import InvalidInput
from tourney.load.folder import load_tournament

EXAMPLES = Path(__file__).parent.parent / "examples"


def copy(tmp_path: Path, name: str) -> Path:
    return Path(shutil.copytree(EXAMPLES / name, tmp_path / name))


def refs(folder: Path, pattern: str) -> int:
    """References written in the round files, counted straight from the text."""
    return sum(len(re.findall(pattern, _code(f))) for f in (folder / "rounds").glob("*.yaml"))


def _code(file: Path) -> str:
    """The file without its comments (the comments name players too)."""
    return "\n".join(line.split("#", 1)[0] for line in file.read_text("utf-8").splitlines())


def edit(file: Path, line: int, old: str, new: str) -> None:
    lines = file.read_text("utf-8").splitlines(keepends=True)
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    file.write_text("".join(lines), "utf-8")


def test_a_yaml_typo_in_players_gives_one_error(tmp_path: Path) -> None:
    folder = copy(tmp_path, "swiss-open")
    players = folder / "players.yaml"
    # a closing brace typed as ']' on the first player's line
    edit(players, 3, "start: 1}", "start: 1]")
    with pytest.raises(InvalidInput) as caught:
        load_tournament(folder)
    [error] = caught.value.errors
    assert (Path(error.file).name, error.line, error.code) == ("players.yaml", 3, "E103")
    assert error.message.startswith("YAML syntax error")
    [summary] = [d for d in caught.value.diagnostics if d.severity == "warning"]
    count = refs(folder, r"\bp\d\d\b")
    assert count > 150  # every board and bye of five rounds
    assert (Path(summary.file).name, summary.code) == ("players.yaml", "W190")
    assert summary.message == (
        f"{count} references to players in other files not checked, "
        "since this file could not be read"
    )


def test_players_yaml_of_the_wrong_shape_gives_one_error(tmp_path: Path) -> None:
    folder = copy(tmp_path, "swiss-open")
    (folder / "players.yaml").write_text("players: 41\n", "utf-8")
    with pytest.raises(InvalidInput) as caught:
        load_tournament(folder)
    [error] = caught.value.errors
    assert (
        error.message == "players.yaml must be a list of players, not a mapping (key: value lines)"
    )


def test_an_unknown_id_is_reported_once(tmp_path: Path) -> None:
    folder = copy(tmp_path, "swiss-open")
    # p03's entry loses its id: the entry is one error, its games one more, not one per game.
    edit(folder / "players.yaml", 5, "id: p03, ", "")
    with pytest.raises(InvalidInput) as caught:
        load_tournament(folder)
    first, second = caught.value.errors
    assert (Path(first.file).name, first.line, first.message) == (
        "players.yaml",
        5,
        "a player needs 'id'",
    )
    games = refs(folder, r"\bp03\b")
    assert games == 5  # p03 played every round
    assert (Path(second.file).name, second.line, second.code) == ("01.yaml", 7, "E130")
    assert second.message == "unknown player id 'p03'"
    assert second.hint.endswith(f"(and {games - 1} more references to 'p03')")


def test_a_typo_in_teams_yaml_gives_one_error(tmp_path: Path) -> None:
    folder = copy(tmp_path, "team-league")
    teams = folder / "teams.yaml"
    text = teams.read_text("utf-8")
    teams.write_text(text.replace("- id: t1\n", "- id: t1\n\t", 1), "utf-8")  # a tab
    with pytest.raises(InvalidInput) as caught:
        load_tournament(folder)
    [error] = caught.value.errors
    assert Path(error.file).name == "teams.yaml"
    warnings = {d.message for d in caught.value.diagnostics if d.code == "W190"}
    team_refs = refs(folder, r"\b(?:white|black): t\d+\b")
    player_teams = _code(folder / "players.yaml").count("team:")
    assert warnings == {
        f"{team_refs + player_teams} references to teams in other files not checked, "
        "since this file could not be read"
    }
