"""Baku acceleration (FIDE Handbook C.04.5.1), worked by hand from the rule text.

GA is the first half of the players rounded up to an even number (2 * ceil(N / 4));
the accelerated rounds are the first half of the rounds rounded up; GA players get
1 virtual point before the first half of them (rounded up) and ½ before the rest.
"""

from __future__ import annotations

from fractions import Fraction

import builders

from tourney.engine.pair import swiss_pairing
from tourney.engine.pairing.swiss_baku import ga_size, last_ga_number, virtual_points
from tourney.engine.pairing.swiss_state import state_from_tournament
from tourney.model import Colour, Game, Player, Result, Round, Tournament

HALF = Fraction(1, 2)


def test_nine_rounds_one_point_for_three_rounds_then_half_for_two() -> None:
    # the rule's own example: nine rounds, five accelerated
    assert [virtual_points(r, 9, True) for r in range(1, 10)] == [1, 1, 1, HALF, HALF, 0, 0, 0, 0]
    assert [virtual_points(r, 9, False) for r in range(1, 10)] == [0] * 9


def test_seven_rounds_four_accelerated() -> None:
    assert [virtual_points(r, 7, True) for r in range(1, 8)] == [1, 1, HALF, HALF, 0, 0, 0]


def test_ga_is_the_first_half_rounded_up_to_even() -> None:
    assert ga_size(161) == 82  # the rule's note: 80.5 -> 82
    assert (ga_size(8), ga_size(9), ga_size(10), ga_size(12)) == (4, 6, 6, 6)
    assert last_ga_number([1, 2, 3, 4, 5, 6, 7, 8]) == 4


def event(n: int = 8, rounds: int = 9, *games: Round, late: int = 0) -> Tournament:
    players = tuple(
        Player(id=str(k), name=f"P{k}", rating=2600 - 10 * k, joins=2 if k > n - late else 1)
        for k in range(1, n + 1)
    )
    return builders.event(
        *games,
        players=players,
        planned=rounds,
        name="t",
        initial_colour=Colour.WHITE,
        acceleration="baku",
    )


def test_round_one_pairs_ga_and_gb_apart() -> None:
    # GA = 1-4 on 1 virtual point, GB = 5-8 on 0: two homogeneous brackets, each top
    # half against bottom half; E.5 colours: 1 and 5 (odd) White, 2 and 6 (even) Black
    pairing = swiss_pairing(event(), 1)
    assert set(pairing.pairs) == {("1", "3"), ("4", "2"), ("5", "7"), ("8", "6")}
    assert any("Baku" in line for line in pairing.explanation)


def test_pairing_score_is_score_plus_virtual_points() -> None:
    first = Round(
        1,
        games=(
            Game("1", "3", Result.WHITE_WINS),
            Game("4", "2", Result.DRAW),
            Game("5", "7", Result.BLACK_WINS),
            Game("8", "6", Result.WHITE_WINS),
        ),
    )
    state = state_from_tournament(event(8, 9, first), 2)
    key = {p.number: (p.score, p.key_score) for p in state.players}
    assert key[1] == (1, 2) and key[3] == (0, 1) and key[2] == (HALF, Fraction(3, 2))
    assert key[7] == (1, 1) and key[5] == (0, 0)  # GB: no virtual points
    # round 2 groups: 2 {1}, 1½ {2, 4}, 1 {3, 7, 8}, 0 {5, 6}
    assert sorted({p.key_score for p in state.players}, reverse=True) == [2, Fraction(3, 2), 1, 0]


def test_no_virtual_points_after_the_accelerated_rounds() -> None:
    state = state_from_tournament(event(8, 9), 6)
    assert all(p.pairing_score is None for p in state.players)
    state = state_from_tournament(event(8, 9), 4)
    assert {p.number: p.key_score for p in state.players if p.key_score} == {
        1: HALF,
        2: HALF,
        3: HALF,
        4: HALF,
    }


def test_late_entries_do_not_move_the_last_ga_player() -> None:
    # ten players, two of them late: GA counted over the eight listed before round 1
    state = state_from_tournament(event(10, 9, late=2), 2)
    assert [p.number for p in state.players if p.pairing_score] == [1, 2, 3, 4]
