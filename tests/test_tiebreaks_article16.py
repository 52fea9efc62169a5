"""Hand-worked C.07 Art. 15-16 cases: every number below was worked out on paper.

The Swiss event (six players, four rounds):

    R1: A-B 1-0, C-D 1-0, E-F ½-½
    R2: A-C 1-0, B-E ½-½, D-F 0-1
    R3: A half-point bye, B-C 0-1, D-E +/-, F zero-point bye
    R4: A-D 1-0, C-E -/- (double forfeit), B half-point bye, F absent (withdrew)

Points: A 3.5, B 1, C 2, D 1, E 1, F 1.5.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from tourney.engine.scores import Unplayed, score_table
from tourney.engine.standings import standings
from tourney.engine.tiebreaks import compute, make_context, parse_descriptor
from tourney.model import (
    Bye,
    ByeKind,
    Format,
    Game,
    Player,
    Result,
    Round,
    Settings,
    TiebreakRules,
    Tournament,
)

RESULTS = {
    "1-0": Result.WHITE_WINS,
    "0-1": Result.BLACK_WINS,
    "=": Result.DRAW,
    "+/-": Result.WHITE_FORFEIT_WIN,
    "-/+": Result.BLACK_FORFEIT_WIN,
    "-/-": Result.DOUBLE_FORFEIT,
    "0-0": Result.NO_CONTEST,
}
BYES = {"pab": ByeKind.PAB, "full": ByeKind.FULL, "half": ByeKind.HALF, "zero": ByeKind.ZERO}


def build(
    *rounds: str,
    players: str = "ABCDEF",
    fmt: Format = Format.SWISS,
    start: dt.date = dt.date(2025, 1, 1),
    ratings: dict[str, int] | None = None,
) -> Tournament:
    """``build("A-B 1-0, C-D =, E half", ...)``: one string per round; unnamed players are absent."""
    built = []
    for number, text in enumerate(rounds, start=1):
        games, byes = [], []
        for item in (part.strip() for part in text.split(",")):
            who, what = item.split()
            if what in BYES:
                byes.append(Bye(who, BYES[what]))
            else:
                white, black = who.split("-")
                games.append(Game(white, black, RESULTS[what]))
        built.append(Round(number, games=tuple(games), byes=tuple(byes)))
    return Tournament(
        Settings("Test", fmt, len(rounds), start_date=start),
        players=tuple(
            Player(p, p, start=i + 1, rating=(ratings or {}).get(p)) for i, p in enumerate(players)
        ),
        rounds=tuple(built),
    )


SWISS = build(
    "A-B 1-0, C-D 1-0, E-F =",
    "A-C 1-0, B-E =, D-F 0-1",
    "A half, B-C 0-1, D-E +/-, F zero",
    "A-D 1-0, C-E -/-, B half",
)
Q = Fraction


def values(code: str, rules: TiebreakRules, tournament: Tournament = SWISS) -> dict[str, Fraction]:
    ctx = make_context(tournament, rules=rules)
    result = compute(ctx, parse_descriptor(code))
    return {pid: v.value for pid, v in result.items() if v.value is not None}


def test_points() -> None:
    table = score_table(SWISS)
    assert {p: table.points(p) for p in table} == {
        "A": Q(7, 2),
        "B": 1,
        "C": 2,
        "D": 1,
        "E": 1,
        "F": Q(3, 2),
    }


def test_16_2_categories() -> None:
    table = score_table(SWISS)
    category = {(p, v.round): v.category for p in table for v in table.views[p] if v.category}
    assert category == {
        ("A", 3): Unplayed.REQUESTED_BYE,  # 16.2.3: a round is played after it
        ("B", 4): Unplayed.REQUESTED_BYE_TO_END,  # 16.2.5: in the last round
        ("C", 4): Unplayed.FORFEIT_LOSS,  # a double forfeit is lost by both
        ("D", 3): Unplayed.FORFEIT_WIN,  # 16.2.2
        ("E", 3): Unplayed.FORFEIT_LOSS,  # 16.2.4
        ("E", 4): Unplayed.FORFEIT_LOSS,
        ("F", 3): Unplayed.REQUESTED_BYE_TO_END,  # followed only by a VUR (the absence)
        ("F", 4): Unplayed.REQUESTED_BYE_TO_END,  # 16.1.1: after a withdrawal, zero-point byes
    }


def test_16_2_1_pab_is_not_voluntary() -> None:
    table = score_table(build("A-B 1-0, C pab", "A-C =, B half", players="ABC"))
    assert table.round_view("C", 1).category is Unplayed.PAB_OR_FULL_BYE
    assert not table.round_view("C", 1).vur
    assert table.round_view("B", 2).category is Unplayed.REQUESTED_BYE_TO_END


def test_16_3_adjusted_score_seen_by_opponents() -> None:
    """F's two category 5 rounds count as draws for F's opponents: 0.5 + 1 + 0.5 + 0.5."""
    assert values("ABH", TiebreakRules.C07_2024) == {
        "A": Q(7, 2),
        "B": 1,
        "C": 2,
        "D": 1,
        "E": 1,
        "F": Q(5, 2),
    }


def test_16_4_dummy_has_own_score_in_2024() -> None:
    bh = values("BH", TiebreakRules.C07_2024)
    # A: B 1 + C 2 + dummy 3.5 (own score) + D 1; C: the dummy of the double forfeit has 2.
    assert bh == {"A": Q(15, 2), "B": Q(15, 2), "C": Q(15, 2), "D": 9, "E": Q(11, 2), "F": 5}


def test_16_4_2026_caps_the_dummy() -> None:
    bh = values("BH", TiebreakRules.C07_2026)
    # 16.4.2: A's half-point bye: dummy min(3.5, 0.5 x 4 rounds) = 2 -> 1 + 2 + 2 + 1 = 6.
    assert bh["A"] == 6
    # 16.4.1: C's double forfeit against E: dummy min(2, E's adjusted 1) = 1 -> 6.5.
    assert bh["C"] == Q(13, 2)
    # Below both caps nothing changes.
    assert (bh["B"], bh["D"], bh["E"], bh["F"]) == (Q(15, 2), 9, Q(11, 2), 5)
    working = make_context(SWISS, rules=TiebreakRules.C07_2026)
    steps = compute(working, parse_descriptor("BH"))["C"].steps
    assert [(s.round, s.counted, s.rule) for s in steps][3] == (4, 1, "16.4.1")


def test_16_4_edition_follows_start_date() -> None:
    early = build(*_rounds(), start=dt.date(2026, 2, 28))
    late = build(*_rounds(), start=dt.date(2026, 3, 1))
    assert values("BH", TiebreakRules.AUTO, early)["A"] == Q(15, 2)
    assert values("BH", TiebreakRules.AUTO, late)["A"] == 6


def _rounds() -> tuple[str, ...]:
    return (
        "A-B 1-0, C-D 1-0, E-F =",
        "A-C 1-0, B-E =, D-F 0-1",
        "A half, B-C 0-1, D-E +/-, F zero",
        "A-D 1-0, C-E -/-, B half",
    )


def test_16_4_sonneborn_berger_multiplies_the_dummy_by_the_points() -> None:
    assert values("SB", TiebreakRules.C07_2024)["A"] == Q(23, 4)  # 1 + 2 + 3.5 x ½ + 1
    assert values("SB", TiebreakRules.C07_2026)["A"] == 5  # 1 + 2 + 2 x ½ + 1
    assert values("SB", TiebreakRules.C07_2024)["D"] == 1  # the forfeit win: dummy 1 x 1


@pytest.mark.parametrize("rules", [TiebreakRules.C07_2024, TiebreakRules.C07_2026])
def test_16_5_cut_takes_the_voluntarily_unplayed_round_first(rules: TiebreakRules) -> None:
    cut = values("BH/C1", rules)
    # A: the half-point bye is cut, not the lowest opponent (B or D, 1): 1 + 2 + 1.
    assert cut["A"] == 4
    # C: [1, 3.5, 1, dummy of the double forfeit]: the VUR goes -> 5.5.
    assert cut["C"] == Q(11, 2)
    # F: two VURs of 1.5: one is cut -> 1 + 1 + 1.5.
    assert cut["F"] == Q(7, 2)


def test_16_5_median_cuts_the_vur_then_the_highest() -> None:
    # A 2024: [1, 2, 3.5 VUR, 1]: M1 cuts the VUR (least significant first) then the 2.
    assert values("BH/M1", TiebreakRules.C07_2024)["A"] == 2


def test_16_5_2_sonneborn_berger_cuts_the_higher_of_vur_and_least_value() -> None:
    # A 2024: least significant value = the lowest-scoring opponent's product (1); the VUR's
    # contribution 1.75 is higher, so it is cut: 5.75 - 1.75.
    assert values("SB/C1", TiebreakRules.C07_2024)["A"] == 4
    # C: products [1, 0, 1, 0 (VUR)]; the least significant value is D's 1 (score 1, product 1,
    # the lowest product among the opponents on 1); the VUR gives 0, lower: cut the 1.
    assert values("SB/C1", TiebreakRules.C07_2024)["C"] == 1


def test_fore_buchholz_draws_the_last_round_forfeits_included() -> None:
    fb24 = values("FB", TiebreakRules.C07_2024)
    fb26 = values("FB", TiebreakRules.C07_2026)
    # Fore scores: A 3, B 1, C 2.5, D 1.5, E 1.5, F 1.5 (F adjusted 2.5).
    assert fb24["A"] == 8  # B 1 + C 2.5 + dummy 3 + D 1.5
    assert fb26["A"] == 7  # dummy capped at 2
    # C-E was a double forfeit: drawn here, so E counts with 1.5 and no dummy is used.
    assert fb24["C"] == 7  # D 1.5 + A 3 + B 1 + E 1.5
    assert values("AFB", TiebreakRules.C07_2024)["E"] == Q(3, 2)


def test_aob_averages_the_opponents_met_over_the_board() -> None:
    assert values("AOB", TiebreakRules.C07_2024)["A"] == 8  # (7.5 + 7.5 + 9) / 3
    assert values("AOB", TiebreakRules.C07_2026)["A"] == Q(23, 3)  # (7.5 + 6.5 + 9) / 3


def test_played_modifier_counts_forfeits_against_the_scheduled_opponent() -> None:
    # D's forfeit win against E counts E's adjusted score 1 (no dummy): same value here.
    assert values("BH/P", TiebreakRules.C07_2024)["D"] == 9
    # C's double forfeit counts E (1) instead of the dummy (2): 1 + 3.5 + 1 + 1.
    assert values("BH/P", TiebreakRules.C07_2024)["C"] == Q(13, 2)


def test_voluntarily_unplayed_rounds_and_rep() -> None:
    vur = values("VUR", TiebreakRules.C07_2024)
    assert vur == {"A": 1, "B": 1, "C": 1, "D": 0, "E": 2, "F": 2}
    assert values("REP", TiebreakRules.C07_2024) == {"A": 3, "B": 3, "C": 3, "D": 4, "E": 2, "F": 2}


RR = build(
    "A-B 1-0, C-D +/-",
    "A-C =, B-D 1-0",
    "A-D 1-0, B-C 0-1",
    players="ABCD",
    fmt=Format.ROUND_ROBIN,
    ratings={"A": 2000, "B": 1800, "C": 1900, "D": 1701},
)


def test_15_2_round_robin_forfeit_is_a_game_against_the_scheduled_opponent() -> None:
    rules = TiebreakRules.C07_2026
    assert values("BH", rules, RR)["C"] == Q(7, 2)  # D 0 + A 2.5 + B 1: no dummy
    assert values("SB", rules, RR)["C"] == Q(9, 4)  # D 0 x 1 + A 2.5 x ½ + B 1 x 1
    # ... but not for rating-based tie-breaks, nor as a game won.
    assert values("ARO", rules, RR)["C"] == 1900  # (2000 + 1800) / 2
    assert values("WON", rules, RR)["C"] == 1
    assert values("REP", rules, RR)["D"] == 2  # the forfeit loss stays unplayed


def test_direct_encounter_two_tied_players_who_met() -> None:
    t = build("A-B 1-0, C-D 1-0", "A-C 0-1, B-D 1-0", players="ABCD")
    ranks = {row.participant: row.rank for row in standings(t, tiebreaks="DE").rows}
    assert ranks == {"C": 1, "A": 2, "B": 3, "D": 4}


def test_direct_encounter_6_3_ahead_whatever_the_missing_games() -> None:
    t = build("A-B 1-0, C-D 1-0, E-F =", "A-C 1-0, B-D 1-0", "A-D 0-1, B-E 1-0, C-F 1-0")
    ranks = {row.participant: row.rank for row in standings(t, tiebreaks="DE").rows}
    # A, B, C on 2: A beat both; B and C never met, so they stay tied.
    assert ranks == {"A": 1, "B": 2, "C": 2, "D": 4, "E": 5, "F": 5}


def test_direct_encounter_does_not_separate_a_cycle() -> None:
    t = build(
        "A-B 1-0, C-D 1-0",
        "B-C 1-0, A-D 1-0",
        "C-A 1-0, B-D 1-0",
        players="ABCD",
        fmt=Format.ROUND_ROBIN,
    )
    ranks = {row.participant: row.rank for row in standings(t, tiebreaks="DE").rows}
    assert ranks == {"A": 1, "B": 1, "C": 1, "D": 4}


def test_working_names_the_rule_of_each_round() -> None:
    ctx = make_context(SWISS, rules=TiebreakRules.C07_2024)
    steps = compute(ctx, parse_descriptor("BH/C1"))["A"].steps
    assert [(s.round, s.opponent, s.counted, s.rule, s.cut) for s in steps] == [
        (1, "B", 1, "16.3.2", False),  # B's last-round bye counts as a draw (same ½)
        (2, "C", 2, "16.3.1", False),
        (3, None, Q(7, 2), "16.4", True),
        (4, "D", 1, "16.3.1", False),
    ]
