"""Club ratings by FIDE B.02 Art. 8.3 (docs/results.md), worked by hand from table 8.1.b.

Expected scores below are looked up by hand in B.02 table 8.1.b (transcribed in
the project's reference notes, fide-rating-tables.md): D 84-91 -> .62, 99-106 ->
.64, 107-113 -> .65, 114-121 -> .66, 198-206 -> .76, 291-302 -> .85,
392-411 -> .92, 485-517 -> .96, 33-39 -> .55 (higher-rated player; the lower
gets 1 minus that).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tourney.engine.ratings.history import (
    RatedEvent,
    RatingState,
    b02_expected,
    initial_states,
    k_factor,
    rate_in_order,
    rate_tournament,
    rated_games,
    round_away_from_zero,
)
from tourney.model import ClubPlayer, Game, Match, RatingPeriod, Result, Round

W, D, L = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS


def game(white: str, black: str, result: Result) -> Game:
    return Game(white, black, result)


# --- K factor (B.02 Art. 8.3.3) ---


@pytest.mark.parametrize(
    ("games_before", "reached", "in_tournament", "k"),
    [
        (0, False, 5, 40),  # new player
        (29, False, 9, 40),  # still under 30 rated games
        (30, False, 9, 20),
        (30, True, 9, 10),  # reached 2400
        (200, True, 9, 10),
        (12, False, 17, 40),  # 40 x 17 = 680 <= 700
        (12, False, 18, 38),  # 40 x 18 = 720 > 700; 38 x 18 = 684, 39 x 18 = 702
        (50, False, 35, 20),  # 20 x 35 = 700 exactly: no reduction
        (50, False, 36, 19),  # 20 x 36 = 720; 19 x 36 = 684
        (50, True, 71, 9),  # 10 x 71 = 710; 9 x 71 = 639
        (0, False, 0, 40),
    ],
)
def test_k_factor(games_before: int, reached: bool, in_tournament: int, k: int) -> None:
    assert k_factor(games_before, reached, in_tournament) == k


# --- expected score and the 400-point rule (Art. 8.3.1) ---


def test_expected_score_with_the_400_cap_below_2650() -> None:
    assert b02_expected(2000, 1900) == F(64, 100)
    assert b02_expected(1900, 2000) == F(36, 100)
    assert b02_expected(2000, 1500) == F(92, 100)  # D = 500 counted as 400
    assert b02_expected(1500, 2000) == F(8, 100)
    assert b02_expected(2649, 2149) == F(92, 100)  # still below 2650


def test_players_from_2650_use_the_real_difference() -> None:
    assert b02_expected(2650, 2150) == F(96, 100)  # D = 500: 485-517 -> .96
    assert b02_expected(2700, 2200) == F(96, 100)
    assert b02_expected(2200, 2700) == F(8, 100)  # the lower player is still capped


# --- rounding once, 0.5 away from zero (Art. 8.3.4) ---


def test_rounding_half_away_from_zero() -> None:
    assert round_away_from_zero(F(5, 2)) == 3
    assert round_away_from_zero(F(-5, 2)) == -3
    assert round_away_from_zero(F(-1, 2)) == -1
    assert round_away_from_zero(F(-24, 10)) == -2
    assert round_away_from_zero(F(68, 10)) == 7


def test_a_half_point_loss_rounds_away_from_zero() -> None:
    # 2035 v 1999: D = 36 -> .55. Draw: 10 x (0.5 - 0.55) = -0.5 -> -1.
    before = {"a": RatingState(2035, 100, True), "b": RatingState(1999, 100, True)}
    result = rate_tournament([game("a", "b", D)], before)
    a, b = result.changes
    assert (a.exact, a.change, a.new) == (F(-1, 2), -1, 2034)
    assert (b.exact, b.change, b.new) == (F(1, 2), 1, 2000)


# --- one tournament, worked by hand ---


def test_five_games_by_hand_with_the_400_cap() -> None:
    # A 2000, 12 rated games before: K = 40.
    #   v B 1900  D 100 -> .64  win   1
    #   v C 2100  D 100 -> .36  draw  .5
    #   v D 1800  D 200 -> .76  win   1
    #   v E 2300  D 300 -> .15  loss  0
    #   v F 1500  D 500 -> 400 -> .92  draw .5
    # score 3, expected 2.83, 40 x 0.17 = 6.8 -> +7, new 2007.
    # Without the cap F would give .96: expected 2.87, 40 x .13 = 5.2 -> +5.
    before = {
        "A": RatingState(2000, 12),
        "B": RatingState(1900, 60),
        "C": RatingState(2100, 60),
        "D": RatingState(1800, 60),
        "E": RatingState(2300, 60),
        "F": RatingState(1500, 60),
    }
    games = [
        game("A", "B", W),
        game("C", "A", D),
        game("A", "D", W),
        game("E", "A", W),
        game("F", "A", D),
    ]
    a = rate_tournament(games, before).of("A")
    assert a is not None
    assert (a.ro, a.k, a.games, a.score, a.expected) == (2000, 40, 5, F(3), F(283, 100))
    assert (a.exact, a.change, a.new) == (F(68, 10), 7, 2007)
    # F (1500, K 20): v A D 500 -> 400 -> .08, draw: 20 x .42 = 8.4 -> +8.
    f = rate_tournament(games, before).of("F")
    assert f is not None and (f.expected, f.change, f.new) == (F(8, 100), 8, 1508)


def test_2650_exemption_by_hand() -> None:
    # G 2700 (K 10) v H 2200 (K 20), D = 500.
    # G uses .96 (no cap), H uses .08 (capped).
    before = {"G": RatingState(2700, 300, True), "H": RatingState(2200, 50)}
    drawn = rate_tournament([game("G", "H", D)], before)
    g, h = drawn.of("G"), drawn.of("H")
    assert g is not None and h is not None
    assert (g.expected, g.exact, g.change) == (F(96, 100), F(-46, 10), -5)  # 10 x -.46
    assert (h.expected, h.exact, h.change) == (F(8, 100), F(84, 10), 8)  # 20 x .42
    won = rate_tournament([game("G", "H", W)], before)
    assert [c.change for c in won.changes] == [0, -2]  # 10 x .04 = .4 -> 0; 20 x -.08 = -1.6


def test_only_games_over_the_board_are_rated() -> None:
    before = {p: RatingState(1800, 40) for p in "abcdef"}
    rounds = [
        Round(
            1,
            games=(
                game("a", "b", W),
                game("c", "d", Result.WHITE_FORFEIT_WIN),
                game("e", "f", Result.DRAW_UNPLAYED),
            ),
        ),
        Round(
            2,
            games=(
                game("b", "c", Result.DOUBLE_FORFEIT),
                game("d", "a", Result.NO_CONTEST),
                Game("e", "f"),  # no result yet
            ),
        ),
    ]
    played = rated_games(rounds)
    assert played == (game("a", "b", W),)
    result = rate_tournament(played, before, players=("a", "b", "c", "d", "e", "f"))
    assert [(c.player, c.games, c.change) for c in result.changes] == [
        ("a", 1, 10),  # 20 x (1 - .5)
        ("b", 1, -10),
        ("c", 0, 0),
        ("d", 0, 0),
        ("e", 0, 0),
        ("f", 0, 0),
    ]


def test_games_of_team_matches_are_rated_and_guests_are_not() -> None:
    rounds = [
        Round(1, matches=(Match("A", "B", games=(game("a1", "b1", W), game("b2", "a2", D))),))
    ]
    assert len(rated_games(rounds)) == 2
    before = {"a1": RatingState(1800, 40), "b1": RatingState(1800, 40), "a2": RatingState(1700)}
    result = rate_tournament(rated_games(rounds), before)  # b2 is a guest without a rating
    assert [(c.player, c.games) for c in result.changes] == [("a1", 1), ("b1", 1)]


# --- a sequence of tournaments, and a correction (docs/results.md) ---

A0 = {"A": RatingState(1800, 0), "B": RatingState(1700, 40)}


def events(first_result: Result) -> list[RatedEvent]:
    std = RatingPeriod.STANDARD
    return [
        RatedEvent("t1", std, (game("A", "B", first_result),)),
        RatedEvent("t2", std, (game("B", "A", D),)),
        RatedEvent("t3", std, (game("B", "A", W),)),
    ]


def test_three_tournaments_in_order() -> None:
    # t1 A 1800 v B 1700, D 100: A .64 (K 40) wins: 14.4 -> +14 = 1814;
    #                              B .36 (K 20) loses: -7.2 -> -7 = 1693.
    # t2 D 121 -> .66/.34, draw: A 40 x -.16 = -6.4 -> -6 = 1808; B 20 x .16 = 3.2 -> 1696.
    # t3 D 112 -> .65/.35, B wins: A 40 x -.65 = -26 -> 1782; B 20 x .65 = 13 -> 1709.
    history = rate_in_order(events(W), {RatingPeriod.STANDARD: A0})
    assert [
        (t.event, [(c.player, c.ro, c.change, c.new) for c in t.changes])
        for t in history.tournaments
    ] == [
        ("t1", [("A", 1800, 14, 1814), ("B", 1700, -7, 1693)]),
        ("t2", [("B", 1693, 3, 1696), ("A", 1814, -6, 1808)]),
        ("t3", [("B", 1696, 13, 1709), ("A", 1808, -26, 1782)]),
    ]
    final = history.final[RatingPeriod.STANDARD]
    assert final["A"] == RatingState(1782, 3, False)
    assert [row[1].new for row in history.of("A", RatingPeriod.STANDARD)] == [1814, 1808, 1782]


def test_a_correction_recomputes_the_later_tournaments() -> None:
    # t1 corrected to a draw: A 40 x (.5 - .64) = -5.6 -> -6 = 1794; B 20 x .14 = 2.8 -> 1703.
    # t2 D 91 -> .62/.38, draw: A 40 x -.12 = -4.8 -> -5 = 1789; B 20 x .12 = 2.4 -> 1705.
    # t3 D 84 -> .62/.38, B wins: A 40 x -.62 = -24.8 -> -25 = 1764; B 20 x .62 = 12.4 -> 1717.
    history = rate_in_order(events(D), {RatingPeriod.STANDARD: A0})
    assert [[(c.player, c.new) for c in t.changes] for t in history.tournaments] == [
        [("A", 1794), ("B", 1703)],
        [("B", 1705), ("A", 1789)],
        [("B", 1717), ("A", 1764)],
    ]


def test_k_changes_between_tournaments() -> None:
    # C has 29 rated games: K 40 for the whole of t1 (2 games), 20 from t2 on.
    # D 2390 with 50 games: K 20; reaching 2400 makes K 10 for good.
    std = RatingPeriod.STANDARD
    start = {
        "C": RatingState(1600, 29),
        "X": RatingState(1600, 100),
        "D": RatingState(2390, 50),
        "Y": RatingState(2390, 50),
    }
    evs = [
        RatedEvent("t1", std, (game("C", "X", D), game("X", "C", D), game("D", "Y", W))),
        RatedEvent("t2", std, (game("C", "X", D), game("Y", "D", W))),
    ]
    history = rate_in_order(evs, {std: start})
    t1, t2 = history.tournaments
    c1, c2 = t1.of("C"), t2.of("C")
    d1, d2 = t1.of("D"), t2.of("D")
    assert c1 is not None and c2 is not None and d1 is not None and d2 is not None
    assert (c1.k, c2.k) == (40, 20)
    assert (d1.k, d1.change, d1.new) == (20, 10, 2400)  # 20 x (1 - .5)
    # t2: v Y (2380 after t1), D 20 -> .53: 10 x (0 - .53) = -5.3 -> -5.
    assert (d2.ro, d2.k, d2.change, d2.new) == (2400, 10, -5, 2395)
    assert history.final[std]["D"] == RatingState(2395, 52, True)


def test_time_controls_are_rated_apart() -> None:
    rapid, blitz = RatingPeriod.RAPID, RatingPeriod.BLITZ
    members = [
        ClubPlayer("A", "Ann", ratings=((rapid, 1800), (blitz, 1500)), rated_games=((rapid, 40),)),
        ClubPlayer("B", "Bob", ratings=((rapid, 1800), (blitz, 2450))),
    ]
    start = {rapid: initial_states(members, rapid), blitz: initial_states(members, blitz)}
    assert start[rapid]["A"] == RatingState(1800, 40, False)
    assert start[blitz]["B"] == RatingState(2450, 0, True)
    history = rate_in_order(
        [
            RatedEvent("r1", rapid, (game("A", "B", W),)),
            RatedEvent("b1", blitz, (game("A", "B", W),)),
        ],
        start,
    )
    assert history.final[rapid]["A"].rating == 1810  # K 20 x .5
    # blitz: D 950 -> 400: A .08, K 40 (no games): 40 x .92 = 36.8 -> +37.
    assert history.final[blitz]["A"].rating == 1537
    assert history.final[blitz]["B"].rating == 2450 - 37  # K 40 (0 games) x -.92


def test_module_examples() -> None:
    import doctest

    import tourney.engine.ratings.history as ratings

    assert doctest.testmod(ratings).failed == 0
