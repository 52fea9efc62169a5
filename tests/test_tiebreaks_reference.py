"""Every individual reference file and code against FIDE's tie-break checker (Gacrux 1.9.57).

Compared exactly as tests/reference/tiebreaks/README.md says: integers,
halves and quarters exactly; AOB rounded half up to two decimals; rating
codes as whole numbers; null for null; DE and EDE through the ranks of
"PTS then code"; the fixed ranking ``PTS BH/C1 BH SB DE``. All three
variants: edition by start date, 2024 forced, 2026 forced.

One value pair disagrees on purpose (``KNOWN_DIFFERENCES``): there we follow
the C.07 text, and ``test_sb_cut_follows_16_5_2`` shows the article.
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest
import refdata

from tourney.engine.standings import standings
from tourney.engine.tiebreaks import compute, make_context, parse_descriptor
from tourney.load.trf import read_trf
from tourney.model import TiebreakRules

REFERENCE = refdata.TIEBREAKS
FILES = sorted(REFERENCE.glob("tournaments/ref_ind_*.trf")) + sorted(
    p for p in REFERENCE.glob("published/held_*.trf") if p.stem != "held_team"
)
VARIANTS = {
    "by_start_date": TiebreakRules.AUTO,
    "rules_2024": TiebreakRules.C07_2024,
    "rules_2026": TiebreakRules.C07_2026,
}
AVERAGES = {"AOB"}
RANK_CODES = {"DE", "EDE"}
# (file, variant, code, participant) -> (checker's value, ours). See test_sb_cut_follows_16_5_2.
KNOWN_DIFFERENCES = {
    ("ref_ind_swiss_02", "by_start_date", "SB/C1", "3"): ("10.50", "11.25"),
    ("ref_ind_swiss_02", "rules_2026", "SB/C1", "3"): ("10.50", "11.25"),
}

refdata.require(REFERENCE / "tournaments", "ref_ind_*.trf")


def _decimal(value: Fraction, code: str) -> Decimal:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    if code.split("/")[0] in AVERAGES:
        return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return exact


def agrees(code: str, expected: str | None, ours: Fraction | None) -> bool:
    if expected is None or ours is None:
        return expected is None and ours is None
    return Decimal(expected) == _decimal(ours, code)


def _expected(path: Path) -> dict:  # type: ignore[type-arg]
    with open(REFERENCE / "expected" / f"{path.stem}.json", encoding="utf-8") as handle:
        return json.load(handle)  # type: ignore[no-any-return]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_values_agree_with_checker(path: Path) -> None:
    expected = _expected(path)
    tournament = read_trf(path)
    disagreements = []
    compared = 0
    for variant, rules in VARIANTS.items():
        ctx = make_context(tournament, rules=rules)
        for code in expected["codes"]:
            if code in RANK_CODES:
                continue
            values = compute(ctx, parse_descriptor(code))
            for pid, row in expected["variants"][variant].items():
                compared += 1
                ours = values[pid].value
                if agrees(code, row[code], ours):
                    continue
                key = (path.stem, variant, code, pid)
                text = None if ours is None else str(_decimal(ours, code))
                if key in KNOWN_DIFFERENCES and Decimal(KNOWN_DIFFERENCES[key][1]) == Decimal(
                    str(text)
                ):
                    continue
                disagreements.append((variant, code, pid, row[code], text))
    assert compared > 0
    assert disagreements == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_direct_encounter_ranks_agree(path: Path) -> None:
    expected = _expected(path)
    tournament = read_trf(path)
    for variant, rules in VARIANTS.items():
        for code, ranks in expected["ranks_PTS_then_code"][variant].items():
            result = standings(tournament, tiebreaks=[code], rules=rules)
            ours = {row.participant: row.rank for row in result.rows}
            assert ours == {pid: rank for pid, rank in ranks.items()}, (variant, code)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_final_ranking_agrees(path: Path) -> None:
    ranking = _expected(path)["ranking"]
    order = [code for code in ranking["order"] if code != "PTS"]
    result = standings(read_trf(path), tiebreaks=order)
    assert {row.participant: row.rank for row in result.rows} == ranking["rank"]


def _published() -> list[tuple[str, str, str]]:
    with open(REFERENCE / "published" / "published_expected.json", encoding="utf-8") as handle:
        published = json.load(handle)
    cases = []
    for name, answers in published.items():
        if name == "held_team":
            continue
        for key in ("rules_2024", "rules_2026_gacrux"):
            for code in answers.get(key, {}):
                cases.append((name, key, code))
    return cases


@pytest.mark.parametrize("name,key,code", _published())
def test_published_exercise_answers(name: str, key: str, code: str) -> None:
    """IA Mario Held's "Exercises in Tie-Breaking" (C.07-2023), and the checker's 2026 values."""
    with open(REFERENCE / "published" / "published_expected.json", encoding="utf-8") as handle:
        answers = json.load(handle)[name][key][code]
    rules = TiebreakRules.C07_2024 if key == "rules_2024" else TiebreakRules.C07_2026
    ctx = make_context(read_trf(REFERENCE / "published" / f"{name}.trf"), rules=rules)
    values = compute(ctx, parse_descriptor(code))
    wrong = {
        pid: (value, values[pid].value)
        for pid, value in answers.items()
        if not agrees(code, value, values[pid].value)
    }
    assert wrong == {}


@pytest.mark.parametrize("name", ["held_swiss_5", "held_swiss_9", "held_round_robin"])
def test_published_direct_encounter_exercises(name: str) -> None:
    """Exercises 23-26: the ranks with PTS then DE."""
    with open(REFERENCE / "published" / "published_expected.json", encoding="utf-8") as handle:
        ranks = json.load(handle)[name]["direct_encounter_rank_with_PTS_DE"]
    result = standings(
        read_trf(REFERENCE / "published" / f"{name}.trf"),
        tiebreaks=["DE"],
        rules=TiebreakRules.C07_2024,
    )
    ours = {row.participant: row.rank for row in result.rows}
    assert {pid: ours[pid] for pid in ranks} == ranks


def test_sb_cut_follows_16_5_2() -> None:
    """C.07 (2026) 16.5.2, Sonneborn-Berger: "after determining a. the lowest contribution
    coming from a VUR; b. the least significant value; cut the higher of these two values."

    ref_ind_swiss_02, player 3, 2026 rules. Contributions: round 1 forfeit loss (VUR) 0,
    round 3 forfeit win: dummy capped at opponent 20's adjusted score 1 (16.4.1), x 1 = 1,
    the least significant value (lowest opponent score); round 6 half-point bye (VUR):
    dummy 3.5 (16.4.2) x ½ = 1.75. The lowest VUR contribution is 0 (round 1); the higher
    of 0 and 1 is 1: SB/C1 = 12.25 - 1 = 11.25. The checker picks the VUR with the lowest
    dummy *score* (round 6) and cuts 1.75, giving 10.50.
    """
    tournament = read_trf(REFERENCE / "tournaments" / "ref_ind_swiss_02.trf")
    ctx = make_context(tournament, rules=TiebreakRules.C07_2026)
    sb = compute(ctx, parse_descriptor("SB"))["3"]
    cut = compute(ctx, parse_descriptor("SB/C1"))["3"]
    assert sb.value == Fraction(49, 4)
    assert cut.value == Fraction(45, 4)
    assert [s.round for s in cut.steps if s.cut] == [3]
    by_round = {s.round: s for s in cut.steps}
    assert (by_round[1].vur, by_round[1].counted) == (True, 0)
    assert (by_round[6].vur, by_round[6].counted, by_round[6].rule) == (
        True,
        Fraction(7, 4),
        "16.4.2",
    )
