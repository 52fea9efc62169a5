"""``tourney import`` and ``tourney export``: a reference TRF into a folder and out again.

The standings (tourney.engine.standings, with the format's FIDE tie-breaks) are
the same for the reference file, the imported folder and the exported file,
and the exported file is what the writer makes of the reference file itself.
"""

from __future__ import annotations

from pathlib import Path

import click
import pytest
import refdata
from click.testing import CliRunner

from tourney.cli.check import command as check_command
from tourney.cli.trf import export_command, import_command
from tourney.engine.evaluation import evaluate
from tourney.engine.pairing.team_state import team_pairing_numbers
from tourney.engine.standings import standings
from tourney.load.folder import load_tournament
from tourney.load.trf import read_trf
from tourney.model import ForbiddenPairing, RoundWindow, Tournament
from tourney.render.trf.individual import write_trf

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = refdata.TIEBREAKS / "tournaments"
CHOSEN = (
    "ref_ind_rr_02",  # double round robin
    "ref_ind_swiss_05",  # 240 records, double forfeit, late entry, withdrawal
    "ref_ind_swiss_08",  # 162: 3/1/0
    "ref_ind_swiss_09",  # a half-point PAB
    "ref_team_rr_01",  # 330 double forfeit, 300 line-ups
    "ref_team_rr_03",  # team double round robin
    "ref_team_swiss_01",
    "ref_team_swiss_02",  # 013 next to 310
    "ref_team_swiss_03",  # game points primary
    "ref_team_swiss_10",  # many forfeited matches and line-ups
)
refdata.require(REFERENCE, "ref_ind_*.trf")

cli = click.Group(
    "tourney",
    commands={"export": export_command, "import": import_command, "check": check_command},
)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout_bytes.decode("utf-8"), result.stderr


def table(t: Tournament) -> list[tuple[object, ...]]:
    return [(r.rank, r.participant, r.points, r.values) for r in standings(t).rows]


@pytest.mark.parametrize("name", CHOSEN)
def test_import_check_export_keeps_the_standings(name: str, tmp_path: Path) -> None:
    source = REFERENCE / f"{name}.trf"
    folder, exported = tmp_path / "event", tmp_path / "event.trf"
    code, out, err = run("import", str(source), str(folder))
    assert code == 0, err
    assert "wrote" in out
    code, out, err = run("check", str(folder))
    assert code == 0, err
    assert out.rstrip().endswith(": OK")
    code, _, err = run("export", str(folder), "-o", str(exported))
    assert code == 0, err
    before = read_trf(source)
    assert table(load_tournament(folder)) == table(before)
    assert table(read_trf(exported)) == table(before)
    assert exported.read_bytes() == write_trf(evaluate(before)).encode("utf-8")


def test_import_refuses_a_folder_with_files(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    code, _, err = run("import", str(REFERENCE / "ref_ind_swiss_01.trf"), str(tmp_path))
    assert code == 3
    assert "not empty" in err
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_import_of_a_broken_file_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    line = "001    1      A".ljust(48) + "2000".ljust(32) + " 1.0    1".ljust(11) + "   2 w 1"
    bad.write_text("012 Broken\n" + line + "\n")
    code, _, err = run("import", str(bad), str(tmp_path / "event"))
    assert code == 1
    assert "opponent 2 has no 001 line" in err
    assert not (tmp_path / "event").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.trf"]


def test_export_to_standard_output_and_trf16() -> None:
    code, out, _ = run("export", str(ROOT / "examples" / "swiss-open"))
    assert code == 0
    assert out.startswith("012 Amstel Autumn Open 2026\r\n")
    code, out, _ = run("export", str(ROOT / "examples" / "team-league"), "--format", "trf16")
    assert code == 0
    assert "\r\n013 " in out and "\r\n310 " not in out and "\r\n192 " not in out


def test_team_forbidden_pairing_survives_export_and_import(tmp_path: Path) -> None:
    example = load_tournament(ROOT / "examples" / "team-league")
    trf = tmp_path / "league.trf"
    assert run("export", str(ROOT / "examples" / "team-league"), "-o", str(trf))[0] == 0
    assert run("import", str(trf), str(tmp_path / "league"))[0] == 0
    tpn = team_pairing_numbers(example)
    imported = load_tournament(tmp_path / "league")
    assert imported.settings.forbidden == (
        ForbiddenPairing(
            teams=True, members=(str(tpn["t1"]), str(tpn["t2"])), rounds=RoundWindow(1, 3)
        ),
    )
    assert [(r.rank, r.points) for r in standings(imported).rows] == [
        (r.rank, r.points) for r in standings(example).rows
    ]
