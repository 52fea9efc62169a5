"""The Dubov System (C.04.4.1, 2026): rounds worked by hand from the articles.

Each test names the articles it pins. Ratings fall with the pairing number
(2400, 2300, ... unless given), the initial colour is White.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tourney.engine.pairing.dubov import (
    ABSOLUTE,
    MILD,
    STRONG,
    aro,
    dubov_preference,
    max_upfloats,
    middle_out,
    pair_dubov,
)
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
    opp_ratings: tuple[int, ...] = (),
    **kw: object,
) -> SwissPlayer:
    return SwissPlayer(
        number=number,
        score=score,
        colours=colours,
        opponents=frozenset(opponents),
        rating=2500 - 100 * number,
        opponent_ratings=opp_ratings,
        **kw,  # type: ignore[arg-type]
    )


def state(*players: SwissPlayer, round_no: int = 2, rounds: int = 9) -> SwissState:
    return SwissState(players=players, round_no=round_no, total_rounds=rounds)


def rating(n: int) -> int:
    return 2500 - 100 * n


def pref(p: SwissPlayer) -> tuple[Colour, int]:
    found = dubov_preference(p)
    return found.colour, found.strength


def test_definitions() -> None:
    """1.6 colour preferences (1.6.4: no games, mild Black), 1.7 ARO rounded half
    up, 1.8 MaxT = 2 + rounds/5, 4.3.3 sequence numbers from the middle out."""
    assert pref(player(1)) == (B, MILD)
    assert pref(player(1, colours=(W,))) == (B, STRONG)
    assert pref(player(1, colours=(W, B))) == (W, MILD)
    assert pref(player(1, colours=(B, W, B))) == (W, STRONG)
    assert pref(player(1, colours=(W, B, B))) == (W, ABSOLUTE)
    assert pref(player(1, colours=(B, W, W))) == (B, ABSOLUTE)
    assert pref(player(1, colours=(W, None, B, B))) == (W, ABSOLUTE)
    assert aro(player(1, opp_ratings=(2000, 2001))) == 2001  # 2000.5 rounds up
    assert aro(player(1, opp_ratings=(2000, 2001, 2001))) == 2001  # 2000.67
    assert aro(player(1)) == 0
    assert max_upfloats(9) == 3 and max_upfloats(10) == 4 and max_upfloats(4) == 2
    assert middle_out(list("ABCDEFG")) == list("DCEBFAG")  # the text's example
    assert middle_out(list("ABCDEF")) == list("CDBEAF")


def test_round_one_top_half_against_bottom_half() -> None:
    """3.2.3: nobody has played, G1 is the first half by pairing number; 4.4: S1
    meets G2 in order; 5.2.1: the higher-ranked player has the initial colour when
    his number is odd."""
    players = tuple(player(k) for k in range(1, 9))
    result = pair_dubov(state(*players, round_no=1))
    assert result.pairs == ((1, 5), (6, 2), (3, 7), (8, 4))
    assert result.bye is None


def test_round_one_odd_bye_to_the_last() -> None:
    """3.1: the bye to the lowest score, the most games, the largest number."""
    players = tuple(player(k) for k in range(1, 8))
    result = pair_dubov(state(*players, round_no=1))
    assert result.bye == 7
    assert result.pairs == ((1, 4), (5, 2), (3, 6))


def round_two_after(results: dict[tuple[int, int], Fraction], n: int) -> SwissState:
    """Round 2 after round 1 games (white, black): white's points."""
    hist: dict[int, dict[str, object]] = {k: {} for k in range(1, n + 1)}
    for (w, b), pts in results.items():
        hist[w] = {"score": pts, "colours": (W,), "opponents": (b,), "opp_ratings": (rating(b),)}
        hist[b] = {
            "score": 1 - pts,
            "colours": (B,),
            "opponents": (w,),
            "opp_ratings": (rating(w),),
        }
    return state(*(player(k, **hist[k]) for k in range(1, n + 1)))  # type: ignore[arg-type]


def test_low_aro_meets_the_highest_rated() -> None:
    """1.7, 3.2.5, 4.4: in the 1-point group the White seekers 1 (ARO 2000) and 3
    (ARO 1800) form S1 by ascending ARO: 3 first; G2 (the Black seekers 2 and 4)
    in pairing-number order: 3-2, 1-4. In the 0-point group S1 is 8 (ARO 2100)
    then 6 (ARO 2300): 8-5, 6-7. Colours 5.2.2; boards by score, then the
    higher-ranked player's number (C.04.2)."""
    s = round_two_after({(5, 1): ZERO, (2, 6): ONE, (7, 3): ZERO, (4, 8): ONE}, 8)
    assert pair_dubov(s).pairs == ((1, 4), (3, 2), (8, 5), (6, 7))


def test_upfloater_chosen_by_colour_before_number() -> None:
    """3.2.2: the 1-point group {1, 2, 8} is odd and takes one upfloater ([C5]) from
    the ½-point group ([C6]). 3 seeks Black, 7 White: with 7 the bracket has two
    White and two Black seekers, with 3 one player misses his colour, so [C7]
    takes 7 although 4.2 would list 3 first. G1 = {2, 7}, S1 by ARO: 2 (met 6,
    1900) before 7 (met 3, 2200); G2 = 1, 8: 2-1, 7-8. Then 3 needs one upfloater
    from the 0-point group: 4 and 5 seek White, [C7] ties, 4.2 takes 4: 4-3; 5-6."""
    s = round_two_after({(1, 5): ONE, (6, 2): ZERO, (3, 7): HALF, (8, 4): ONE}, 8)
    result = pair_dubov(s)
    assert result.pairs == ((2, 1), (7, 8), (4, 3), (5, 6))
    assert any("upfloaters 7" in line for line in result.explanation)


def test_bye_to_the_lowest_with_most_games() -> None:
    """3.1: 0-point players 4, 5, 6 played one game, the late entry 7 none: the bye
    goes to the largest number among those with the most games, 6, not to 7."""
    s = round_two_after({(1, 4): ONE, (2, 5): ONE, (3, 6): ONE}, 6)
    late = player(7, colours=(None,), absent_rounds=1)
    s = state(*s.players, late)
    result = pair_dubov(s)
    assert result.bye == 6
    # The 1-point group {1, 2, 3} is odd and takes one upfloater from {4, 5, 7}.
    assert sorted(n for pair in result.pairs for n in pair) == [1, 2, 3, 4, 5, 7]


def test_second_bye_refused() -> None:
    """3.1 with [C2] (Basic Rules Art. 4): 5 had the bye, so the bye goes to a
    0-point player: the largest number with most games, 4."""
    players = (
        player(1, ONE, (W,), (3,), (rating(3),)),
        player(2, ONE, (B,), (4,), (rating(4),)),
        player(3, ZERO, (B,), (1,), (rating(1),)),
        player(4, ZERO, (W,), (2,), (rating(2),)),
        player(5, ONE, (None,), had_pab=True, floats=(Float.DOWN,)),
    )
    assert pair_dubov(state(*players)).bye == 4


def test_same_absolute_preferences_never_meet_and_shifters() -> None:
    """[C3]: 1 and 2 both must have Black and may not meet. G1 = {6}, G2 = {1..5}:
    two Black seekers shift to G1 (4.3; [C7] allows no fewer). Their sequence
    numbers run from the middle of 1..5: 3, 2, 4, 1, 5; {3, 2} works. S1 by ARO:
    6 (1000), 3 (1100), 2 (1200); the first legal permutation of G2 = 1, 4, 5.
    Colours 5.2.2 (6-1), 5.2.5 (3-4: equal mild histories, the higher-ranked 3
    gets Black), 5.2.3 (2-5: 2's absolute preference)."""
    players = (
        player(1, ONE, (W, W), opp_ratings=(1500, 1500)),
        player(2, ONE, (W, W), opp_ratings=(1200, 1200)),
        player(3, ONE, (B, W), opp_ratings=(1100, 1100)),
        player(4, ONE, (B, W), opp_ratings=(1300, 1300)),
        player(5, ONE, (B, W), opp_ratings=(1400, 1400)),
        player(6, ONE, (W, B), opp_ratings=(1000, 1000)),
    )
    result = pair_dubov(state(*players, round_no=3))
    assert result.pairs == ((6, 1), (5, 2), (4, 3))
    assert any("shifted 3 2" in line for line in result.explanation)


def test_no_legal_pairing() -> None:
    """[C3] in every round, the last one included: three players who must all have
    Black and one more cannot be paired."""
    players = (
        player(1, ONE, (W, W)),
        player(2, ONE, (W, W)),
        player(3, ONE, (W, W)),
        player(4, ONE, (B, B)),
    )
    with pytest.raises(NoPairing):
        pair_dubov(state(*players, round_no=3, rounds=3))


def test_maximum_upfloater_avoided() -> None:
    """[C8] (1.8: MaxT is 3 in 9 rounds): the 2-point player 1 needs an upfloater
    from the 1-point group {2, 3}; 2 has upfloated three times, 3 never: 3 goes up
    although 4.2 lists 2 first. In the last round [C8] is void and 2 goes up."""
    up = (Float.UP, Float.UP, Float.UP, None)
    players = (
        player(1, Fraction(2), (W, B, W, B), opp_ratings=(1,) * 4),
        player(2, ONE, (W, B, W, B), floats=up, opp_ratings=(1,) * 4),
        player(3, ONE, (W, B, W, B), opp_ratings=(1,) * 4),
        player(4, ONE, (W, B, W, B), opp_ratings=(1,) * 4),
    )
    result = pair_dubov(state(*players, round_no=5))
    assert {frozenset(p) for p in result.pairs} == {frozenset((1, 3)), frozenset((2, 4))}
    last = pair_dubov(state(*players, round_no=5, rounds=5))
    assert {frozenset(p) for p in last.pairs} == {frozenset((1, 2)), frozenset((3, 4))}


def test_forbidden_pair_takes_the_next_permutation() -> None:
    """C.04.1 (a forbidden pair counts as met) with 4.4: 1 may not meet 5, so S1's
    first player takes the next of G2 that leaves the others legal opponents, 6;
    2 then takes 5."""
    players = tuple(player(k) for k in range(1, 9))
    s = SwissState(
        players=players, round_no=1, total_rounds=5, forbidden=frozenset({frozenset((1, 5))})
    )
    assert pair_dubov(s).pairs == ((1, 6), (5, 2), (3, 7), (8, 4))


def test_players_of_the_smaller_subgroup_who_must_meet() -> None:
    """3.2.4 (1): G1 = {1, 2} is the smaller subgroup and 1 has met every Black
    seeker, so 1 and 2 must meet: one of them shifts to G2, the first by 4.3 (White
    seekers by ARO: 1 (1000), 2 (1100); from the middle: 1). 3.2.4 (2): G1 = {2} and
    G2 = {1, 3, 4, 5, 6}: two Black seekers shift, the first set by 4.3.3 (3, 4, 5, 6
    from the middle: 4, 5, 3, 6): {4, 5}. S1 = 2, 4, 5 by ARO meets 1, 3, 6.
    Colours 5.2.5: equal mild preferences and histories, the higher-ranked player's."""
    players = (
        player(1, ONE, (W, B), (3, 4, 5, 6), (1000, 1000)),
        player(2, ONE, (W, B), (), (1100, 1100)),
        player(3, ONE, (B, W), (1,), (1400, 1400)),
        player(4, ONE, (B, W), (1,), (1200, 1200)),
        player(5, ONE, (B, W), (1,), (1300, 1300)),
        player(6, ONE, (B, W), (1,), (1500, 1500)),
    )
    result = pair_dubov(state(*players, round_no=3))
    assert result.pairs == ((1, 2), (4, 3), (6, 5))
    assert any("shifted 1 4 5" in line for line in result.explanation)
