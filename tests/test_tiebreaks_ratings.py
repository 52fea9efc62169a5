"""Rating-based tie-breaks (C.07 Art. 10) with FIDE's tables, and docs/pairing.md's TPR facts."""

from __future__ import annotations

from fractions import Fraction

import builders

from tourney.engine.tiebreaks import compute, make_context, parse_descriptor
from tourney.model import Game, Result, Round, Tournament


def event(games: list[tuple[str, str, Result]], ratings: dict[str, int | None]) -> Tournament:
    """One game per round, in order; players not in a round are absent."""
    rounds = tuple(Round(n, games=(Game(w, b, r),)) for n, (w, b, r) in enumerate(games, start=1))
    return builders.event(*rounds, players=ratings, planned=None)


def value(tournament: Tournament, code: str, pid: str) -> Fraction | None:
    return compute(make_context(tournament), parse_descriptor(code))[pid].value


def test_single_loss_to_a_1629_gives_829() -> None:
    """docs/pairing.md: ARO 1629 + dp(0) = 1629 - 800."""
    t = event([("P", "Q", Result.BLACK_WINS)], {"P": 1500, "Q": 1629})
    assert value(t, "TPR", "P") == 829
    assert value(t, "ARO", "P") == 1629


def test_no_contest_and_bye_leave_tpr_and_aro() -> None:
    """Byes and no-contests are excluded: a 1629 loss and a 0-0 against a 300 is still 829.

    Counting the 0-0 would give ARO (1629 + 300) / 2 = 964.5 -> 965, p = 0/2,
    dp(0) = -800 (B.02 table 8.1.a): 165. Left out: ARO 1629, p = 0/1, 1629 - 800 = 829.
    """
    t = builders.event(
        builders.rnd(1, "Q-P 1", "Z bye"),
        builders.rnd(2, "P-Z 0-0", "Q bye"),
        builders.rnd(3, "P bye", "Z-Q 0"),
        players={"P": 1500, "Q": 1629, "Z": 300},
        planned=3,
    )
    assert value(t, "ARO", "P") == 1629
    assert value(t, "TPR", "P") == 829
    # Z: the 0-0 is no game and the bye none either; one loss to Q: 1629 - 800
    assert value(t, "TPR", "Z") == 829
    # Q: won against P (1500) and Z (300), the bye left out: ARO 900, p = 1, dp +800
    assert value(t, "ARO", "Q") == 900
    assert value(t, "TPR", "Q") == 1700


def test_scoreless_run_against_low_opposition_goes_negative() -> None:
    """docs/pairing.md: three losses to 600, 700 and 750: ARO 683 (683.3 rounded), TPR 683 - 800."""
    t = event(
        [
            ("P", "A", Result.BLACK_WINS),
            ("B", "P", Result.WHITE_WINS),
            ("P", "C", Result.BLACK_WINS),
        ],
        {"P": 1000, "A": 600, "B": 700, "C": 750},
    )
    assert value(t, "ARO", "P") == 683
    assert value(t, "TPR", "P") == -117
    assert value(t, "PTP", "P") == 600 - 800  # 10.3: a zero score gives lowest - 800


def test_aro_rounds_half_up() -> None:
    t = event([("P", "A", Result.DRAW), ("P", "B", Result.DRAW)], {"P": 2000, "A": 1900, "B": 1901})
    assert value(t, "ARO", "P") == 1901  # 1900.5 -> 1901


def test_tpr_uses_dp_of_the_fraction_score() -> None:
    """3/4 against an average of 2000: dp(0.75) = 193 (B.02 table 8.1.a)."""
    games = [
        ("P", "A", Result.WHITE_WINS),
        ("B", "P", Result.BLACK_WINS),
        ("P", "C", Result.WHITE_WINS),
        ("D", "P", Result.WHITE_WINS),
    ]
    t = event(games, {"P": 2000, "A": 2000, "B": 2000, "C": 2000, "D": 2000})
    assert value(t, "TPR", "P") == 2193
    # PTP: the lowest R with 4 x PD(R - 2000) >= 3, i.e. PD >= 0.75: D >= 189 (table 8.1.b).
    assert value(t, "PTP", "P") == 2189


def test_dropped_with_an_unrated_player_unless_a_rating_is_given() -> None:
    t = event([("P", "Q", Result.WHITE_WINS)], {"P": 1800, "Q": None})
    assert value(t, "ARO", "P") is None
    assert value(t, "ARO/U1400", "P") == 1400
    assert value(t, "TPR/U1400", "P") == 1400 + 800


def test_forfeits_do_not_count_for_ratings() -> None:
    t = event(
        [("P", "A", Result.WHITE_FORFEIT_WIN), ("P", "B", Result.DRAW)],
        {"P": 1800, "A": 2400, "B": 2000},
    )
    assert value(t, "ARO", "P") == 2000
    assert value(t, "TPR", "P") == 2000


def test_rtng_and_tpn() -> None:
    t = event([("P", "Q", Result.DRAW)], {"P": 1800, "Q": 2000})
    assert value(t, "RTNG", "Q") == 2000
    assert value(t, "TPN", "Q") == 2
