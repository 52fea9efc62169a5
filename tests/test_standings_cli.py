"""``tourney standings`` on TRF files: table, JSON, --after, --rules, --tiebreaks, errors."""

from __future__ import annotations

import json
from pathlib import Path

import refdata
from builders import runner

from tourney.cli import cli
from tourney.cli.standings import decimal_text

REFERENCE = refdata.TIEBREAKS
HELD = REFERENCE / "published" / "held_swiss_5.trf"
refdata.require(REFERENCE / "published", "held_swiss_5.trf")


run = runner(cli, "standings")


def test_json_rows_in_standings_order() -> None:
    code, out, _ = run(
        str(HELD), "--format", "json", "--rules", "2024", "--tiebreaks", "BH/C1,BH,SB,AOB,ARO"
    )
    assert code == 0
    document = json.loads(out)  # standings.json's shape (docs/site.md)
    assert (document["after_round"], document["tiebreak_rules"]) == (5, "2024")
    assert document["tiebreaks"] == ["BH/C1", "BH", "SB", "AOB", "ARO"]
    rows = document["rows"]
    assert [r["start"] for r in rows[:3]] == [2, 3, 4]
    david = next(r for r in rows if r["start"] == 4)  # Held exercise 4: BH 15.0, SB 9.75
    assert david == {
        "rank": 3,
        "start": 4,
        "id": "4",
        "name": "David",
        "title": "",
        "rating": 2050,  # his 001 line: 2050 NOR
        "federation": "NOR",
        "points": "3.5",
        "tiebreaks": {"BH/C1": "11.5", "BH": "15", "SB": "9.75", "AOB": "13.38", "ARO": "1888"},
    }


def test_rules_2026_change_the_dummy() -> None:
    _, out, _ = run(str(HELD), "--format", "json", "--rules", "2026", "--tiebreaks", "BH")
    david = next(r for r in json.loads(out)["rows"] if r["start"] == 4)
    assert david["tiebreaks"]["BH"] == "14"  # 16.4.2: the dummy is capped at 2.5


def test_null_where_undefined() -> None:
    path = REFERENCE / "tournaments" / "ref_ind_swiss_04.trf"  # has unrated players
    _, out, _ = run(str(path), "--format", "json", "--tiebreaks", "ARO,TPR")
    assert all(r["tiebreaks"] == {"ARO": None, "TPR": None} for r in json.loads(out)["rows"])


def test_after_round() -> None:
    _, out, _ = run(str(HELD), "--format", "json", "--after", "1", "--tiebreaks", "PS")
    rows = json.loads(out)["rows"]
    assert {r["points"] for r in rows} == {"1", "0.5", "0"}
    code, _, err = run(str(HELD), "--after", "9")
    assert code == 2 and "last round is 5" in err


def test_table_and_presets() -> None:
    code, out, _ = run(str(HELD), "--tiebreaks", "club")
    assert code == 0
    for heading in ("Rank", "Name", "CBH", "CSB", "CWIN", "TPN"):
        assert heading in out
    assert "Bruno" in out


def test_explain_prints_the_working() -> None:
    _, out, _ = run(str(HELD), "--rules", "2024", "--tiebreaks", "BH/C1", "--explain", "4")
    assert "round 2: half-point bye: 3.5 [cut] [16.4]" in out


def test_unknown_tiebreak_is_a_usage_error() -> None:
    code, _, err = run(str(HELD), "--tiebreaks", "BHH")
    assert code == 2 and "did you mean 'BH'" in err


def test_invalid_trf_prints_diagnostics(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("012 Bad\n" + "001    1      A".ljust(91) + "   7 w 1\n", encoding="utf-8")
    code, out, err = run(str(bad))
    assert code == 1 and out == ""
    assert f"{bad}:2:" in err and "opponent 7 has no 001 line" in err


def test_decimal_text() -> None:
    from fractions import Fraction

    assert decimal_text(Fraction(61, 2)) == "30.5"
    assert decimal_text(Fraction(-117)) == "-117"
    assert decimal_text(Fraction(40, 3), 2) == "13.33"
