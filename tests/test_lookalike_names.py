"""W270: one name, two entries (issue 31.4, docs/security.md "One spelling per name").

Before: identical, differently normalised and confusable duplicate names passed
``check`` without a word. The lookalikes below are worked by hand from the code
points: U+0456 CYRILLIC SMALL BYELORUSSIAN-UKRAINIAN I and U+0430 CYRILLIC SMALL A render as
Latin i, a;
U+FF37 is a FULLWIDTH W (NFKC: W); U+0399 GREEK CAPITAL IOTA renders as Latin I.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tourney.check.names import skeleton
from tourney.cli import cli

ROOT = Path(__file__).resolve().parents[1]


def _rename(folder: Path, old: str, new: str) -> None:
    path = folder / "players.yaml"
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")


def _check(folder: Path) -> list[str]:
    result = CliRunner().invoke(cli, ["check", str(folder)])
    assert "Traceback" not in result.output
    return [line for line in result.output.splitlines() if "W270" in line]


@pytest.mark.parametrize(
    "spelling",
    [
        "Willems, Koen",  # the same name typed twice
        "willems,  koen",  # capitals and spaces
        "W\u0456llems, Koen",  # a Cyrillic i
        "\uff37illems, Koen",  # a full-width W
    ],
)
def test_a_second_spelling_of_a_name_is_warned_with_both_lines(
    tmp_path: Path, spelling: str
) -> None:
    folder = tmp_path / "champ"
    shutil.copytree(ROOT / "examples" / "club-championship", folder)
    _rename(folder, "Meijer, Giulia", spelling)
    how = "the same name as" if spelling == "Willems, Koen" else "a name that looks like"
    assert _check(folder) == [
        f"{folder}/players.yaml:5:3: warning W270: player c4, {spelling!r}, has {how} "
        "player c1, 'Willems, Koen' (line 2)"
    ]


def test_different_names_and_two_fide_ids_are_not_warned(tmp_path: Path) -> None:
    folder = tmp_path / "open"
    shutil.copytree(ROOT / "examples" / "swiss-open", folder)
    assert _check(folder) == []
    # two players of one name with their own FIDE IDs are two people
    _rename(folder, "Kok, Stijn", "Kuipers, Jan")
    assert _check(folder) == []
    # Müller and Muller are two names (a diaeresis is not a lookalike)
    assert skeleton("Müller, Jan") != skeleton("Muller, Jan")


def test_the_skeleton_of_greek_and_cyrillic_lookalikes() -> None:
    assert skeleton("\u0399vanov, Petr") == skeleton("Ivanov, Petr") == "ivanov, petr"
    assert skeleton("\u0421\u0430rlsen , Magnus") == "carlsen, magnus"  # Cyrillic Es, a
    assert skeleton("Sm\u200bith, Anna") == "smith, anna"  # a zero-width space


def test_two_teams_of_one_name_are_warned(tmp_path: Path) -> None:
    folder = tmp_path / "league"
    shutil.copytree(ROOT / "examples" / "team-league", folder)
    path = folder / "teams.yaml"
    text = path.read_text("utf-8")
    path.write_text(text.replace("name: Domtoren 1", "name: \u0410mstel 1", 1), "utf-8")
    result = CliRunner().invoke(cli, ["check", str(folder)])
    lines = [line for line in result.output.splitlines() if "W270" in line]
    assert len(lines) == 1
    assert lines[0].endswith(
        "team t2, '\u0410mstel 1', has a name that looks like team t1, 'Amstel 1' (line 2)"
    )
