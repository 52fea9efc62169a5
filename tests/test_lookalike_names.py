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


def _club(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    shutil.copytree(ROOT / "examples" / "club-league", folder)
    return folder


def test_a_member_entered_twice_in_members_yaml_is_warned(tmp_path: Path) -> None:
    folder = _club(tmp_path)
    path = folder / "members.yaml"
    text = path.read_text("utf-8")
    # m6 becomes a second entry of m1's name, its 'J' a Cyrillic capital Je (U+0408)
    path.write_text(text.replace('"Huisman, Olaf"', '"Bakker, \u0408ulia"', 1), "utf-8")
    assert _check(folder) == [
        f"{folder}/members.yaml:7:3: warning W270: member m6, 'Bakker, \u0408ulia', has a "
        "name that looks like member m1, 'Bakker, Julia' (line 2)"
    ]


def test_a_guest_with_the_name_of_a_member_is_warned(tmp_path: Path) -> None:
    folder = _club(tmp_path)
    event = folder / "rapid-00"
    path = event / "players.yaml"
    lines = path.read_text("utf-8").splitlines()
    # m7 (Mulder, Anna) typed by name as a guest instead of 'member: m7'
    assert lines[7] == "- {member: m7, start: 7}"
    lines[7] = '- {id: g7, name: "Mulder, Anna", rating: 1689, start: 7}'
    path.write_text("\n".join(lines) + "\n", "utf-8")
    rounds = event / "rounds"
    for file in rounds.iterdir():
        file.write_text(file.read_text("utf-8").replace("m7", "g7"), "utf-8")
    found = _check(folder)
    assert found == [
        f"{event}/players.yaml:8:3: warning W270: player g7, 'Mulder, Anna', a guest, has "
        f"the same name as club member m7, 'Mulder, Anna' ({folder}/members.yaml line 8)"
    ]
