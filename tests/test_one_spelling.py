"""docs/security.md section 7: one spelling per name (issue 31, item 4).

A round file or a number spelled with other digits than 0-9, two series that differ only
in capitals, a name with a line feed, a blank name, and a name typed in another Unicode
normal form: each either read in one spelling or refused at its file and line.
"""

from __future__ import annotations

import shutil
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from tourney.cli import cli
from tourney.errors import ExitStatus, InvalidInput
from tourney.load.folder import load_tournament, read_tournament
from tourney.model import Result

ROOT = Path(__file__).resolve().parents[1]
ARABIC_01 = "\u0660\u0661"  # ٠١, ARABIC-INDIC DIGIT ZERO and ONE: str.isdigit() and \d take it


def copy(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(ROOT / "examples" / name, folder)
    return folder


def check(folder: Path) -> str:
    result = CliRunner().invoke(cli, ["check", str(folder)])
    assert result.exit_code == ExitStatus.INVALID_INPUT, result.output
    assert "Traceback" not in result.output
    return result.output


def edit(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` in ``path``; the 1-based line it was on."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return line


# -- round files: ASCII digits only ---------------------------------------------------------


def test_a_round_file_in_arabic_indic_digits_is_not_read_as_round_one(tmp_path: Path) -> None:
    folder = copy(tmp_path, "swiss-open")
    rounds = folder / "rounds"
    # the lookalike says p01 lost board 1 (01.yaml: 1-0); it used to replace round 1
    text = (rounds / "01.yaml").read_text("utf-8")
    lookalike = rounds / f"{ARABIC_01}.yaml"
    lookalike.write_text(text.replace("black: p21, result: 1-0", "black: p21, result: 0-1"))
    first = load_tournament(folder).rounds[0]
    board = next(g for g in first.games if g.white == "p01")
    assert (first.number, board.black, board.result) == (1, "p21", Result.WHITE_WINS)
    out = check(folder)
    assert f"error E205: unknown file in rounds/: '{ARABIC_01}.yaml' is not read" in out
    assert "round file names use the digits 0-9 only" in out


def test_a_why_file_in_other_digits_is_unknown_too(tmp_path: Path) -> None:
    folder = copy(tmp_path, "swiss-open")
    shutil.copy(folder / "rounds" / "01.why.txt", folder / "rounds" / f"{ARABIC_01}.why.txt")
    assert f"'{ARABIC_01}.why.txt' is not read" in check(folder)


def test_a_fide_id_in_other_digits_is_refused(tmp_path: Path) -> None:
    folder = copy(tmp_path, "swiss-open")
    line = edit(folder / "players.yaml", "fide_id: 1000100", 'fide_id: "١٠٠٠١٠٠"')
    out = check(folder)
    assert f"players.yaml:{line}:" in out
    assert "E122: FIDE id '١٠٠٠١٠٠' must be digits 0-9 only" in out


# -- series: one spelling per page ----------------------------------------------------------


def test_team_series_that_differ_only_in_capitals_are_refused(tmp_path: Path) -> None:
    folder = copy(tmp_path, "team-league")
    teams = folder / "teams.yaml"
    first = edit(teams, "  short_name: AMST\n", "  short_name: AMST\n  series: Premier\n") + 1
    second = edit(teams, "  short_name: DOMT\n", "  short_name: DOMT\n  series: premier\n") + 1
    out = check(folder)
    assert (
        f"teams.yaml:{second}:11: error E187: series 'premier' differs from 'Premier' "
        f"(line {first}) only in capitals"
    ) in out


def test_the_same_series_spelled_alike_is_fine(tmp_path: Path) -> None:
    folder = copy(tmp_path, "team-league")
    teams = folder / "teams.yaml"
    edit(teams, "  short_name: AMST\n", "  short_name: AMST\n  series: Premier\n")
    edit(teams, "  short_name: DOMT\n", "  short_name: DOMT\n  series: Premier\n")
    assert {t.series for t in load_tournament(folder).teams} == {"Premier", ""}


def test_club_series_ids_that_differ_only_in_capitals_are_refused(tmp_path: Path) -> None:
    folder = copy(tmp_path, "club-league")
    club = folder / "club.yaml"
    edit(
        club,
        "series:\n",
        "series:\n  - id: Grand-Prix\n    name: Other\n    tournaments: [rapid-01]\n"
        "    points: [1]\n",
    )
    out = check(folder)
    assert (
        "club.yaml:9:9: error E187: series 'grand-prix' differs from 'Grand-Prix' (line 5) "
        "only in capitals"
    ) in out


# -- names: one line, not blank, NFC --------------------------------------------------------


def test_a_line_feed_in_a_name_is_refused_at_its_line(tmp_path: Path) -> None:
    folder = copy(tmp_path, "swiss-open")
    line = edit(folder / "players.yaml", 'name: "Dekker, Sofie"', 'name: "Dekker,\\n## Sofie"')
    out = check(folder)
    assert (
        f"players.yaml:{line}:19: error E185: 'name' contains a control character, "
        "U+000A (line feed), at character 8"
    ) in out


def test_a_line_feed_in_the_tournament_name_is_refused(tmp_path: Path) -> None:
    folder = copy(tmp_path, "swiss-open")
    settings = folder / "tournament.yaml"
    text = settings.read_text("utf-8")
    name_line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("name:"))
    lines = text.splitlines()
    lines[name_line - 1] = 'name: "Open\\ntournament.yaml: ok"'
    settings.write_text("\n".join(lines) + "\n", "utf-8")
    out = check(folder)
    assert f"tournament.yaml:{name_line}:7: error E185: 'name' contains a control" in out


@pytest.mark.parametrize("blank", ['""', '"   "', ""])
def test_an_empty_name_is_an_error(tmp_path: Path, blank: str) -> None:
    folder = copy(tmp_path, "swiss-open")
    line = edit(folder / "players.yaml", 'name: "van Dam, Niels"', f"name: {blank}")
    assert f"players.yaml:{line}:" in check(folder)
    assert f"players.yaml:{line}:19: error E186: 'name' is empty" in check(folder)


def test_an_empty_team_short_name_is_left_out(tmp_path: Path) -> None:
    folder = copy(tmp_path, "team-league")
    edit(folder / "teams.yaml", "short_name: AMST", 'short_name: ""')
    assert next(t for t in load_tournament(folder).teams if t.id == "t1").short_name == ""


def test_names_are_read_in_one_unicode_spelling(tmp_path: Path) -> None:
    folder = copy(tmp_path, "swiss-open")
    decomposed = unicodedata.normalize("NFD", "Ekström, Kari")
    assert decomposed != "Ekström, Kari"  # o + COMBINING DIAERESIS
    edit(folder / "players.yaml", 'name: "Ekström, Kari"', f'name: "{decomposed}"')
    tournament, _ = read_tournament(folder)
    assert next(p for p in tournament.players if p.id == "p07").name == "Ekström, Kari"


def test_a_refused_name_stops_every_command(tmp_path: Path) -> None:
    folder = copy(tmp_path, "swiss-open")
    edit(folder / "players.yaml", 'name: "Dekker, Sofie"', 'name: "Dekker,\\tSofie"')
    with pytest.raises(InvalidInput):
        load_tournament(folder)


def test_a_match_number_in_other_digits_is_refused_by_result(tmp_path: Path) -> None:
    folder = copy(tmp_path, "team-league")
    before = (folder / "rounds" / "03.yaml").read_bytes()
    arabic_1 = "\u0661"  # ARABIC-INDIC DIGIT ONE: int() reads it as match 1
    result = CliRunner().invoke(
        cli, ["result", str(folder), "3", arabic_1, "--match-decision", "white"]
    )
    assert result.exit_code != 0
    assert f"--match-decision takes the match number, not '{arabic_1}'" in result.output
    assert (folder / "rounds" / "03.yaml").read_bytes() == before
