"""docs/security.md, section 8: ``pair --replace`` never drops a line-up silently."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from tourney.cli import cli
from tourney.errors import ExitStatus

ROOT = Path(__file__).resolve().parents[1]


def _invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_replace_refuses_a_round_with_a_line_up_and_keeps_it(tmp_path: Path) -> None:
    league = tmp_path / "league"
    shutil.copytree(ROOT / "examples" / "team-league", league)
    assert _invoke("pair", str(league))[0] == 0
    # Without line-ups a paired round is paired again as before.
    assert _invoke("pair", str(league), "--round", "4", "--replace")[0] == 0
    # Kennemer 1 (t7, roster m07 m18 m31 m42 m55) fields its reserve m55 on board 4.
    code, out = _invoke("lineup", str(league), "4", "1", "m07", "m18", "m31", "m55", "--team", "t7")
    assert code == 0, out
    round_file = league / "rounds" / "04.yaml"
    before = round_file.read_bytes()
    assert b"m55" in before
    code, out = _invoke("pair", str(league), "--round", "4", "--replace")
    assert code == ExitStatus.REFUSED
    assert "round 4 holds line-ups (match 1 (Kennemer 1))" in out
    assert "Nothing was written" in out
    assert round_file.read_bytes() == before
