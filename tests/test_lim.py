"""The Lim System (C.04.4.3, 2026): rounds worked by hand from the articles.

Each test names the articles it pins. Ratings fall with the pairing number
(2400, 2300, ... unless given), the colour drawn for #1 is White.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tourney.engine.pairing.lim import due_colour, may_take, median_score, pair_lim
from tourney.engine.pairing.swiss_core import NoPairing
from tourney.engine.pairing.swiss_state import Float, SwissPlayer, SwissState
from tourney.model import Colour

W, B = Colour.WHITE, Colour.BLACK
ONE, HALF, ZERO = Fraction(1), Fraction(1, 2), Fraction(0)


def player(
    number: int,
    score: Fraction = ZERO,
    colours: tuple[Colour | None, ...] = (),
    opponents: tuple[int, ...] = (),
    rating: int | None = None,
    **kw: object,
) -> SwissPlayer:
    return SwissPlayer(
        number=number,
        score=score,
        colours=colours,
        opponents=frozenset(opponents),
        rating=2500 - 100 * number if rating is None else rating,
        **kw,  # type: ignore[arg-type]
    )


def state(*players: SwissPlayer, round_no: int = 2, rounds: int = 9) -> SwissState:
    return SwissState(players=players, round_no=round_no, total_rounds=rounds)


def test_definitions() -> None:
    """Art. 5: the due colour equalises, else alternates; 5.1: the limits; 2.2:
    the Median Scoregroup is half the points of the rounds played."""
    assert due_colour(player(1)) is None
    assert due_colour(player(1, colours=(W,))) is B
    assert due_colour(player(1, colours=(W, B))) is W
    assert due_colour(player(1, colours=(B, None, W, W))) is B
    assert not may_take(player(1, colours=(W, W)), W)  # a third in a row
    assert not may_take(player(1, colours=(W, B, W, W)), W)
    assert not may_take(player(1, colours=(W, None, W, B, W)), W)  # three more Whites
    assert may_take(player(1, colours=(W, B, W)), W)
    assert median_score(state(round_no=4)) == Fraction(3, 2)
    assert median_score(state(round_no=1)) == 0


def test_round_one() -> None:
    """Art. 7: the top half against the bottom half; 7.2: #1 has the colour drawn,
    the odd numbers of the top half the same colour."""
    players = tuple(player(k) for k in range(1, 9))
    result = pair_lim(state(*players, round_no=1))
    assert result.pairs == ((1, 5), (6, 2), (3, 7), (8, 4))


def test_round_one_bye_to_the_lowest_rated() -> None:
    """7.1: in round 1 the bye goes to the lowest rated player (5, unrated), not
    to the last number; the others pair top half against bottom half."""
    players = tuple(player(k, rating=0 if k == 5 else None) for k in range(1, 8))
    result = pair_lim(state(*players, round_no=1))
    assert result.bye == 5
    assert result.pairs == ((1, 4), (6, 2), (3, 7))


def test_round_two_floaters_meet_in_the_median() -> None:
    """2.2: the 1-point group is paired first (downward), then the 0-point group
    (upward); the Median Scoregroup (½) is empty and paired last. 2.3.4: both
    groups are odd. 3.2.2: in the 1-point group 1 and 3 are due Black, 2 White:
    a floater due Black; 3.2.4: downward, the lowest-ranked of them, 3. In the
    0-point group 4 and 6 are due White: upward, the highest-ranked, 4 (3.3).
    The floaters meet in the median: 3-4. 5.2: due colours granted."""
    players = (
        player(1, ONE, (W,), (4,)),
        player(2, ONE, (B,), (5,)),
        player(3, ONE, (W,), (6,)),
        player(4, ZERO, (B,), (1,)),
        player(5, ZERO, (W,), (2,)),
        player(6, ZERO, (B,), (3,)),
    )
    result = pair_lim(state(*players))
    assert result.pairs == ((2, 1), (4, 3), (6, 5))
    assert any("floaters out 3" in line for line in result.explanation)
    assert any("floaters out 4" in line for line in result.explanation)


def test_floater_who_did_not_float_last_round() -> None:
    """3.10: as above, but 3 floated in the previous round: the 1-point group passes
    on 1 instead (the other player due Black)."""
    players = (
        player(1, ONE, (W,), (4,)),
        player(2, ONE, (B,), (5,)),
        player(3, ONE, (W,), (6,), floats=(Float.DOWN,)),
        player(4, ZERO, (B,), (1,)),
        player(5, ZERO, (W,), (2,)),
        player(6, ZERO, (B,), (3,)),
    )
    result = pair_lim(state(*players))
    assert any("floaters out 1" in line for line in result.explanation)
    assert (3, 2) in result.pairs or (2, 3) in result.pairs


def test_exchange_for_compatibility() -> None:
    """2.1 and Art. 4: in the median group (1 point after round 3) the tentative
    pairs are 1-3 and 2-4, but 1 and 3 both had White twice: no colour keeps both
    inside 5.1, so 1 takes the next of the bottom half, 4 (due White); 2-3 remain.
    5.2: due colours granted."""
    players = (
        player(1, ONE, (W, W)),
        player(2, ONE, (B, B)),
        player(3, ONE, (W, W)),
        player(4, ONE, (B, B)),
    )
    result = pair_lim(state(*players, round_no=3))
    assert result.pairs == ((4, 1), (2, 3))


def test_last_round_relaxes_colours() -> None:
    """Art. 6: 1 met 2 and 4, so only 3 is left; outside the last round 1-3 is not
    compatible (2.1) and the round cannot be paired; in the last round it is, and
    the higher-ranked 1 gets his due colour in the median group (5.4)."""
    players = (
        player(1, ONE, (W, W), (2, 4)),
        player(2, ONE, (B, B), (1,)),
        player(3, ONE, (W, W)),
        player(4, ONE, (B, B), (1,)),
    )
    with pytest.raises(NoPairing):
        pair_lim(state(*players, round_no=3, rounds=5))
    result = pair_lim(state(*players, round_no=3, rounds=3))
    assert result.pairs == ((3, 1), (2, 4))


def test_bye_lowest_ranked_of_the_lowest_group() -> None:
    """1.1: the lowest-ranked player of the lowest scoregroup, 6; 5 had the bye
    already, so a second one is refused (Basic Rules Art. 4)."""
    players = (
        player(1, ONE, (W,), (4,)),
        player(2, ONE, (B,), (3,)),
        player(3, ZERO, (W,), (2,)),
        player(4, ZERO, (B,), (1,)),
        player(5, ONE, (None,), had_pab=True),
        player(6, ZERO, (None,), absent_rounds=1),
        player(7, ONE, (None,), absent_rounds=1),
    )
    assert pair_lim(state(*players)).bye == 6


def test_forbidden_pair_takes_the_next_of_the_bottom_half() -> None:
    """C.04.1 (a forbidden pair counts as met) with Art. 4: 1 may not meet 5, so it
    takes the next of the bottom half, 6; 2 then meets 5 (7.2 colours)."""
    players = tuple(player(k) for k in range(1, 9))
    s = SwissState(
        players=players, round_no=1, total_rounds=5, forbidden=frozenset({frozenset((1, 5))})
    )
    assert pair_lim(s).pairs == ((1, 6), (5, 2), (3, 7), (8, 4))


def test_downfloater_meets_the_highest_resident_due_the_other_colour() -> None:
    """3.6: after round 2 the Median Scoregroup is 1 point. 1 (2 points) floats down
    into it (2.3.4) and is paired first, with the highest-ranked resident due the
    other colour: 2 is due White like 1, so 3. Then Art. 4 on 2, 4, 5, 6: 2 (due
    White) takes 5, the first of the bottom half due Black; 4-6. The 0-point group
    (paired upward) is 7-8. 5.2: due colours granted."""
    players = (
        player(1, Fraction(2), (W, B)),
        player(2, ONE, (W, B)),
        player(3, ONE, (B, W)),
        player(4, ONE, (W, B)),
        player(5, ONE, (B, W)),
        player(6, ONE, (B, W)),
        player(7, ZERO, (W, B)),
        player(8, ZERO, (B, W)),
    )
    result = pair_lim(state(*players, round_no=3))
    assert result.pairs == ((1, 3), (2, 5), (4, 6), (7, 8))
    assert any("incoming floaters 1" in line for line in result.explanation)
