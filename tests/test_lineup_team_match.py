"""`tourney lineup DIR ROUND --team T ...` finds T's match itself (docs/cli.md `lineup`).

The cup of test_lineup_cli.py: round 1 has one match, Alpha (t1) - Beta (t2).
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from test_lineup_cli import cup, round_text

from tourney.cli.lineup import command


def test_match_number_left_out_with_team(tmp_path: Path) -> None:
    path = cup(tmp_path, "chosen")
    result = CliRunner().invoke(command, [str(path), "1", "--team", "t2", "b3", "b2", "b1"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [
        f"wrote {path / 'rounds' / '01.yaml'}: round 1, match 1, line-up of t2",
        "- b1, b2, b3",
        "+ b3, b2, b1",
    ]
    assert "      - {white: a1, black: b3, result: }" in round_text(path)


def test_a_team_without_a_match_is_refused(tmp_path: Path) -> None:
    path = cup(tmp_path, "chosen")
    before = round_text(path)
    result = CliRunner().invoke(command, [str(path), "1", "--team", "t7", "b1"])
    assert result.exit_code == 3
    # t7 is in no teams.yaml: the teams there are named (issue 27: --team takes names too)
    assert "'t7' is no team: Alpha (t1), Beta (t2)" in result.stderr
    assert round_text(path) == before
