"""Tie-break descriptors (C.07 Art. 14, TRF-2026 records 202/212) and the registry."""

from __future__ import annotations

import pytest

from tourney.engine.tiebreaks import (
    FIDE_DEFAULTS,
    PRESETS,
    TIEBREAKS,
    DescriptorError,
    Edition,
    defaults,
    parse_descriptor,
    parse_list,
)
from tourney.model import Format


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("BH", "BH"),
        ("bh/c1", "BH/C1"),
        ("BH-C1", "BH/C1"),
        ("BH#C1", "BH/C1"),
        ("BH:GP#C1", "BH:GP/C1"),
        ("DE-P", "DE/P"),
        ("GE", "REP"),
        ("BH/M2/P", "BH/M2/P"),
        ("KS/L+1", "KS/L+1"),
        ("KS/L-2", "KS/L-2"),
        ("KS/L60", "KS/L60"),
        ("AOB/F", "AOB/F"),
        ("TPN/R", "TPN/R"),
        ("SSSC/K4", "SSSC/K4"),
        ("ARO/U1400", "ARO/U1400"),
        ("SB/V1", "SB/V1"),
    ],
)
def test_spellings(text: str, canonical: str) -> None:
    assert str(parse_descriptor(text)) == canonical


def test_modifier_fields() -> None:
    d = parse_descriptor("BH/M1/P")
    assert (d.name, d.low, d.high, d.played) == ("BH", 1, 1, True)
    assert parse_descriptor("SB/V2").edition is Edition.C2026


def test_bad_modifier_points_at_it() -> None:
    with pytest.raises(DescriptorError) as error:
        parse_descriptor("BH/X1")
    assert error.value.position == 2


INDIVIDUAL_CODES = (
    "PTS DE WIN WON BPG BWG PS REP STD TPN BH AOB FB SB KS ARO TPR PTP APRO APPO RTNG"
)


@pytest.mark.parametrize("code", INDIVIDUAL_CODES.split())
def test_every_individual_code_is_registered(code: str) -> None:
    assert code in TIEBREAKS
    assert TIEBREAKS[code].article or code == "PTS"


def test_defaults_follow_seed_003() -> None:
    assert [str(d) for d in defaults(Format.ROUND_ROBIN)] == ["DE", "SB", "WIN", "KS"]
    assert [str(d) for d in defaults(Format.SWISS)] == ["BH/C1", "BH", "SB", "DE", "WIN"]
    assert FIDE_DEFAULTS is PRESETS["fide"]


def test_club_preset_follows_seed_002() -> None:
    """Points, Buchholz, Sonneborn-Berger, direct encounter, wins, seed; round robins skip BH."""
    swiss = ["CBH", "CSB", "CDE", "CWIN", "TPN"]
    assert [d.name for d in defaults(Format.SWISS, "club")] == swiss
    assert [d.name for d in defaults(Format.ROUND_ROBIN, "club")] == swiss[1:]
    assert defaults(Format.SWISS, "classic") == defaults(Format.SWISS, "club")


def test_list() -> None:
    assert [str(d) for d in parse_list("BH/C1, BH  SB,DE")] == ["BH/C1", "BH", "SB", "DE"]
