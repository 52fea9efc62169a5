"""The Burstein system (C.04.4.2) on rounds worked by hand.

The index, the accelerated rounds, the PAB, top against bottom in a score group and the
colours, each on a small field whose answer follows from the rules as
engine/pairing/burstein.py states them (docs/pairing.md, "The Burstein system").
"""

from __future__ import annotations

from fractions import Fraction

import builders

from tourney.engine.pair import swiss_pairing
from tourney.engine.pairing.burstein import Index, colour_of, indices, pair_burstein, seeded
from tourney.engine.pairing.swiss_colours import preference
from tourney.engine.pairing.swiss_state import (
    DRAW,
    LOSS,
    WIN,
    RoundRecord,
    SwissPlayer,
    SwissState,
)
from tourney.model import Colour

W, B = Colour.WHITE, Colour.BLACK
F = Fraction


def game(opponent: int, points: str, outcome: int) -> RoundRecord:
    return RoundRecord(opponent, F(points), outcome, played=True)


def test_index_sonneborn_berger_buchholz_median_and_the_virtual_opponent() -> None:
    # Before round 4. Player 1: beat 2, a half-point bye, lost to 3.
    # 2: lost to 1, beat 4, won by forfeit against 5 (a draw for its opponents: 1½).
    # 3: drew with 4, the PAB (a draw for its opponents), beat 1: 2.
    # 1's half-point bye is a game against a virtual opponent on 1 point before the
    # round, ½ in it and ½ in round 3: 2.
    # SB = 1½·1 + 2·½ + 2·0 = 2½; Buchholz = 1½ + 2 + 2 = 5½; median = 5½ - 1½ - 2 = 2.
    one = SwissPlayer(
        number=1,
        score=F(3, 2),
        opponents=frozenset({2, 3}),
        history=(
            game(2, "1", WIN),
            RoundRecord(None, F(1, 2), DRAW, played=False),
            game(3, "0", LOSS),
        ),
    )
    two = SwissPlayer(
        number=2,
        score=F(2),
        history=(
            game(1, "0", LOSS),
            game(4, "1", WIN),
            RoundRecord(5, F(1), WIN, played=False),
        ),
    )
    three = SwissPlayer(
        number=3,
        score=F(5, 2),
        history=(
            game(4, "1/2", DRAW),
            RoundRecord(None, F(1), WIN, played=False, pab=True),
            game(1, "1", WIN),
        ),
    )
    state = SwissState(players=(one, two, three), round_no=4, total_rounds=5)
    assert indices(state)[1] == Index(F(3, 2), F(5, 2), F(11, 2), F(2), 0)


def test_no_median_before_round_four() -> None:
    p = SwissPlayer(number=1, score=F(1), history=(game(2, "1", WIN),))
    q = SwissPlayer(number=2, score=F(0), history=(game(1, "0", LOSS),))
    state = SwissState(players=(p, q), round_no=2, total_rounds=5)
    assert indices(state)[1].median == 0


def fresh(n: int, **kw: object) -> SwissState:
    players = tuple(SwissPlayer(number=k) for k in range(1, n + 1))
    return SwissState(players=players, round_no=1, total_rounds=5, **kw)  # type: ignore[arg-type]


def test_seeding_round_one_pairs_each_half_top_against_bottom() -> None:
    # Rounds 1-2 (A.5): 1-4 pair one win higher. Top half 1, 2, 3, 4: 1 against 4,
    # 2 against 3; bottom half 5-8 and 6-7. Nobody has a colour preference: the
    # higher-ranked player gets the initial colour when his rank is odd (1, 5) and
    # the other colour when it is even (2, 6).
    assert [p.key_score for p in seeded(fresh(8)).players] == [1, 1, 1, 1, 0, 0, 0, 0]
    result = pair_burstein(fresh(8))
    assert set(result.pairs) == {(1, 4), (3, 2), (5, 8), (7, 6)}
    assert result.bye is None


def test_odd_round_one_the_pab_and_the_floater() -> None:
    # Seven players: 1-3 pair one win higher (7 - 2·3 = 1). The PAB goes to the
    # lowest in the order, 7. The top group 1, 2, 3 is odd: 1 takes the lowest he
    # can, 3; 2 floats down and, the highest of the bracket 2, 4, 5, 6, takes 6; then
    # 4-5. Colours by rank: 1 White; 2 (even) Black; 4 (even) Black.
    result = pair_burstein(fresh(7))
    assert set(result.pairs) == {(1, 3), (6, 2), (5, 4)}
    assert result.bye == 7


def test_the_pab_skips_a_player_who_had_one() -> None:
    players = tuple(SwissPlayer(number=k, had_pab=k == 7) for k in range(1, 8))
    state = SwissState(players=players, round_no=1, total_rounds=5)
    result = pair_burstein(state)
    assert result.bye == 6
    assert {n for pair in result.pairs for n in pair} == {1, 2, 3, 4, 5, 7}


def test_top_index_against_bottom_index_in_a_score_group() -> None:
    # Round 3, four players on 1 point, no seeding: their index order decides, not
    # their numbers. 4 beat 5 (who then drew: adjusted ½) and lost to 6 (1); 3 beat 6
    # and lost to 5; the index (Sonneborn-Berger): 3 = 1, 4 = ½, 1 = 0, 2 = 0
    # (1 and 2 beat 7 and 8, who scored 0, and lost to 9 and 10).
    def player(n: int, won: int, lost: int, colours: tuple[Colour, Colour]) -> SwissPlayer:
        return SwissPlayer(
            number=n,
            score=F(1),
            opponents=frozenset({won, lost}),
            colours=colours,
            history=(game(won, "1", WIN), game(lost, "0", LOSS)),
        )

    others = [
        SwissPlayer(
            number=5,
            score=F(3, 2),
            available=False,
            history=(game(4, "0", LOSS), game(11, "1/2", DRAW)),
        ),
        SwissPlayer(
            number=6, score=F(1), available=False, history=(game(3, "0", LOSS), game(4, "1", WIN))
        ),
        SwissPlayer(number=7, available=False, history=(game(1, "0", LOSS), game(11, "0", LOSS))),
        SwissPlayer(number=8, available=False, history=(game(2, "0", LOSS), game(11, "0", LOSS))),
    ]
    state = SwissState(
        players=(
            player(1, 7, 9, (W, B)),
            player(2, 8, 10, (B, W)),
            player(3, 6, 5, (W, B)),
            player(4, 5, 6, (B, W)),
            *others,
        ),
        round_no=3,
        total_rounds=5,
    )
    ix = indices(state)
    assert (ix[3].sb, ix[4].sb, ix[1].sb, ix[2].sb) == (F(1), F(1, 2), 0, 0)
    # Order 3, 4, 1, 2 (1 before 2 on rank): 3 takes the lowest, 2; then 4-1.
    # 3 (mild White after WB) and 2 (mild Black after BW) both get theirs; 4 (mild
    # Black) and 1 (mild White) too.
    assert set(pair_burstein(state).pairs) == {(3, 2), (1, 4)}


def test_colours_by_the_due_colour_then_the_higher_index() -> None:
    a = SwissPlayer(number=1, colours=(W, B))  # mild White
    b = SwissPlayer(number=2, colours=(B, W))  # mild Black
    c = SwissPlayer(number=3, colours=(B, W))  # mild Black
    d = SwissPlayer(number=4, colours=(W, W))  # absolute Black
    index = {n: Index(F(1), F(n), F(0), F(0), n - 1) for n in range(1, 5)}
    assert colour_of(a, preference(a), b, preference(b), index, W)[0] is W
    # Same mild preference, the same colours in every round: the higher index (3 over
    # 2) gets its due colour, Black.
    assert colour_of(b, preference(b), c, preference(c), index, W)[0] is W
    assert colour_of(c, preference(c), b, preference(b), index, W)[0] is B
    # An absolute preference beats a mild one.
    assert colour_of(c, preference(c), d, preference(d), index, W)[0] is W


def test_a_folder_with_pairing_burstein_is_paired_by_it() -> None:
    t = builders.event(players="ABCDEFGH", initial_colour=W, pairing="burstein")
    # Players A-H are numbers 1-8 (builders number them): as in the accelerated round.
    assert set(swiss_pairing(t, 1).pairs) == {("A", "D"), ("C", "B"), ("E", "H"), ("G", "F")}


def test_the_explanation_names_the_system_and_its_criteria() -> None:
    t = builders.event(players="ABCDEFG", initial_colour=W, pairing="burstein")
    lines = swiss_pairing(t, 1).explanation
    assert lines[0].startswith("pairing system: Burstein system (C.04.4.2): accelerated rounds A.5")
    assert "accelerated round (A.5): the higher-ranked half pairs one win higher: 1, 2, 3" in lines
    assert "PAB: 7, the lowest in the order who may have it (A.3)" in lines
