"""The /B0 modifier: byes add nothing to Sonneborn-Berger (the club profile: test_tiebreaks_club.py)."""

from __future__ import annotations

from fractions import Fraction

from tourney.engine.standings import standings
from tourney.engine.tiebreaks import parse_descriptor
from tourney.model import Bye, ByeKind, Format, Game, Player, Result, Round, Settings, Tournament


def three_players() -> Tournament:
    # round 1: A has the PAB, B beats C; round 2: A beats B, C has the PAB
    players = tuple(Player(p, p, rating=2000 - i, start=i + 1) for i, p in enumerate("ABC"))
    rounds = (
        Round(1, games=(Game("B", "C", Result.WHITE_WINS, 1),), byes=(Bye("A", ByeKind.PAB),)),
        Round(2, games=(Game("A", "B", Result.WHITE_WINS, 1),), byes=(Bye("C", ByeKind.PAB),)),
    )
    return Tournament(Settings("Trio", Format.SWISS, 2), players=players, rounds=rounds)


def test_b0_spelling_round_trips() -> None:
    assert str(parse_descriptor("SB/B0")) == "SB/B0"
    assert parse_descriptor("sb-b0").no_unplayed


def test_sonneborn_berger_without_byes_by_hand() -> None:
    t = three_players()
    table = standings(t, tiebreaks="SB/B0, SB")
    row = table.row("A")
    # A: 2 points. Beat B (B has 1 point): SB/B0 = 1 x 1 = 1. The PAB adds nothing.
    assert row.points == 2
    assert row.values[0] == Fraction(1)
    # C.07 SB also counts the PAB round through a dummy opponent, so it is larger
    assert row.values[1] is not None and row.values[1] > row.values[0]
    # B: beat C (1 point) -> 1; lost to A -> 0
    assert table.row("B").values[0] == Fraction(1)
