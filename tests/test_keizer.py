"""Keizer scores, re-ranking and pairing, worked by hand (club practice, no FIDE article).

Published reference: Schaakvereniging Caissa Amsterdam, "Het Keizer-systeem"
(caissa-amsterdam.nl), works one round for ten players with values 50..41: each
player's own value plus the opponent's value for a win and half of it for a
draw. Its first "Waardering" table is checked below; the rest is worked by hand.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction as F

import pytest

from tourney.engine.pairing.keizer import (
    Credit,
    KeizerRound,
    KeizerSettings,
    allocate_colours,
    keizer_rounds,
    keizer_scores,
    keizer_standing,
    keizer_values,
    pair_keizer,
)
from tourney.model import (
    Bye,
    ByeKind,
    Format,
    Game,
    Player,
    Result,
    Round,
    Settings,
    Tournament,
)

W, D, L = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS

CAISSA = ("Jansen", "Pietersen", "Bakker", "Slager", "de Vries")
CAISSA += ("de Zeeuw", "de Jonge", "de Oude", "de Wit", "de Bruin")
CAISSA_R1 = KeizerRound(
    1,
    games=(
        Game("Jansen", "Pietersen", W),
        Game("Bakker", "Slager", D),
        Game("de Vries", "de Zeeuw", L),
        Game("de Jonge", "de Oude", D),
        Game("de Wit", "de Bruin", L),
    ),
)
FIFTY = KeizerSettings(top_value=50)


def test_values_descend_by_one_from_the_top() -> None:
    assert list(keizer_values(CAISSA, FIFTY).values()) == list(range(50, 40, -1))
    assert keizer_values(("a", "b", "c"), KeizerSettings()) == {"a": 3, "b": 2, "c": 1}
    assert keizer_values(("a", "b", "c"), KeizerSettings(values=(10, 7))) == {
        "a": 10,
        "b": 7,
        "c": 0,
    }
    assert keizer_values(("a", "b", "c"), KeizerSettings(top_value=3, step=2)) == {
        "a": 3,
        "b": 1,
        "c": 0,
    }


def test_first_pass_matches_caissa_amsterdam() -> None:
    scores = keizer_scores(CAISSA, [CAISSA_R1], keizer_values(CAISSA, FIFTY), FIFTY)
    assert scores == {
        "Jansen": 99,
        "Pietersen": 49,
        "Bakker": F(143, 2),
        "Slager": 71,
        "de Vries": 46,
        "de Zeeuw": 91,
        "de Jonge": F(131, 2),
        "de Oude": 65,
        "de Wit": 42,
        "de Bruin": 83,
    }


def test_caissa_round_one_re_ranked_until_stable() -> None:
    # Ranking 1 from the first pass: J 99, Z 91, Br 83, B 71.5, S 71, Jo 65.5, O 65,
    # P 49, V 46, W 42; values 50..41 in that order. Recomputed:
    # J 50+P 43 = 93, Z 49+V 42 = 91, Br 48+W 41 = 89, B 47+S/2 23 = 70,
    # S 46+B/2 23.5 = 69.5, Jo 45+O/2 22 = 67, O 44+Jo/2 22.5 = 66.5, P 43, V 42, W 41:
    # the same order, so it is stable after the second pass.
    standing = keizer_standing(CAISSA, [CAISSA_R1], FIFTY)
    assert standing.ranking == (
        "Jansen",
        "de Zeeuw",
        "de Bruin",
        "Bakker",
        "Slager",
        "de Jonge",
        "de Oude",
        "Pietersen",
        "de Vries",
        "de Wit",
    )
    assert [standing.scores[p] for p in standing.ranking] == [
        93,
        91,
        89,
        70,
        F(139, 2),
        67,
        F(133, 2),
        43,
        42,
        41,
    ]
    assert (standing.iterations, standing.stable) == (2, True)
    assert standing.values["de Bruin"] == 48


def test_caissa_round_two_pairing_and_colours() -> None:
    # Top down, nobody met; colours: the one due White gets it; both due the
    # same colour -> the higher-ranked gets it (O and P both due White; V and W both
    # due Black).
    standing = keizer_standing(CAISSA, [CAISSA_R1], FIFTY)
    pairing = pair_keizer(standing.ranking, CAISSA, [CAISSA_R1], 2, FIFTY)
    assert pairing.games == (
        ("de Zeeuw", "Jansen"),
        ("de Bruin", "Bakker"),
        ("Slager", "de Jonge"),
        ("de Oude", "Pietersen"),
        ("de Wit", "de Vries"),
    )
    assert pairing.bye is None and pairing.rematch_window == 3


# --- a small club evening, worked by hand (six players, values 6..1) ---

PLAYERS = ("A", "B", "C", "D", "E", "F")
R1 = KeizerRound(
    1,
    games=(Game("A", "B", D), Game("C", "D", L)),
    credits=(("E", Credit.BYE), ("F", Credit.NOTICE)),
)
R2 = KeizerRound(2, games=(Game("D", "A", W), Game("B", "E", D), Game("F", "C", L)))


def test_round_one_pairing_with_an_absence_and_a_bye() -> None:
    pairing = pair_keizer(PLAYERS, ["A", "B", "C", "D", "E"], [], 1)
    assert pairing.games == (("A", "B"), ("C", "D"))
    assert pairing.bye == "E"  # lowest-ranked present player, no bye yet


def test_standing_after_round_one() -> None:
    # Pass 1 (A6 B5 C4 D3 E2 F1): A 6+5/2, B 5+3, C 4, D 3+4, E 2+2/3*2, F 1+1/3
    #   -> A 8.5, B 8, D 7, C 4, E 3.33, F 1.33.
    # Pass 2 (A6 B5 D4 C3 E2 F1): A 8.5, B 8, D 4+3 = 7, C 3, E 2+4/3 = 3.33, F 1.33
    #   -> E passes C.
    # Pass 3 (A6 B5 D4 E3 C2 F1): A 8.5, B 8, D 4+2 = 6, E 3+2 = 5, C 2, F 4/3: stable.
    standing = keizer_standing(PLAYERS, [R1])
    assert standing.ranking == ("A", "B", "D", "E", "C", "F")
    assert [standing.scores[p] for p in standing.ranking] == [F(17, 2), 8, 6, 5, 2, F(4, 3)]
    assert (standing.iterations, standing.stable) == (3, True)


def test_round_two_pairing_avoids_the_rematch() -> None:
    # A-B met in round 1, so A plays D; then B-E and C-F.
    # Colours: A (had White) v D (had Black) -> D White; B (Black) v E (no game) -> B
    # White; C (White) v F (no game) -> F White.
    ranking = keizer_standing(PLAYERS, [R1]).ranking
    pairing = pair_keizer(ranking, PLAYERS, [R1], 2)
    assert pairing.games == (("D", "A"), ("B", "E"), ("F", "C"))
    assert pairing.bye is None


def test_standing_after_round_two() -> None:
    # R2: D beats A, B-E drawn, C beats F.
    # Pass 1 (A6 B5 C4 D3 E2 F1): A 6+2.5 = 8.5, B 5+3+1 = 9, C 4+1 = 5, D 3+4+6 = 13,
    #   E 2+4/3+2.5 = 35/6, F 4/3 -> D B A E C F.
    # Pass 2 (D6 B5 A4 E3 C2 F1): A 4+2.5 = 6.5, B 5+2+1.5 = 8.5, C 3, D 6+2+4 = 12,
    #   E 3+2+2.5 = 7.5, F 4/3 -> D B E A C F.
    # Pass 3 (D6 B5 E4 A3 C2 F1): A 5.5, B 5+1.5+2 = 8.5, C 3, D 11, E 4+8/3+2.5 = 55/6
    #   -> D E B A C F.
    # Pass 4 (D6 E5 B4 A3 C2 F1): A 3+2 = 5, B 4+1.5+2.5 = 8, C 3, D 11,
    #   E 5+10/3+2 = 31/3, F 4/3 -> D E B A C F: stable.
    standing = keizer_standing(PLAYERS, [R1, R2])
    assert standing.ranking == ("D", "E", "B", "A", "C", "F")
    assert [standing.scores[p] for p in standing.ranking] == [11, F(31, 3), 8, 5, 3, F(4, 3)]
    assert dict(standing.values) == {"D": 6, "E": 5, "B": 4, "A": 3, "C": 2, "F": 1}
    assert (standing.iterations, standing.stable) == (4, True)


def test_round_three_pairing() -> None:
    # D-E new; B-A met (round 1) so B-C; then A-F.
    # D (W1 B1, last White) due Black; E (one Black) due White -> E White.
    # B (W1 B1, last White) due Black; C (W1 B1, last Black) due White -> C White.
    # A (W1 B1, last Black) due White; F (one White) due Black -> A White.
    ranking = keizer_standing(PLAYERS, [R1, R2]).ranking
    pairing = pair_keizer(ranking, PLAYERS, [R1, R2], 3)
    assert pairing.games == (("E", "D"), ("C", "B"), ("A", "F"))


def test_without_own_value_two_drawn_players_see_saw() -> None:
    # A-B drawn, values 2 and 1: A gets 1/2, B gets 1 -> B first; then B gets 1/2,
    # A gets 1 -> back to A first: a cycle, reported as not stable.
    settings = KeizerSettings(own_value_once=False)
    standing = keizer_standing(("A", "B"), [KeizerRound(1, (Game("A", "B", D),))], settings)
    assert standing.ranking == ("A", "B")
    assert dict(standing.scores) == {"A": 1, "B": F(1, 2)}
    assert (standing.iterations, standing.stable) == (2, False)


def test_credits_and_their_shares() -> None:
    # Values A3 B2 C1 (no own value): duty 2/3 of 3 = 2, notice 1/3 of 2, absent 0.
    # Forfeit win counts as a bye (2/3 of own value), forfeit loss as absent.
    settings = KeizerSettings(own_value_once=False)
    rounds = [
        KeizerRound(1, credits=(("A", Credit.DUTY), ("B", Credit.NOTICE), ("C", Credit.ABSENT))),
        KeizerRound(2, games=(Game("C", "B", Result.WHITE_FORFEIT_WIN),)),
    ]
    values = {"A": 3, "B": 2, "C": 1}
    assert keizer_scores(("A", "B", "C"), rounds, values, settings) == {
        "A": 2,
        "B": F(2, 3),
        "C": F(2, 3),
    }


def test_absences_with_notice_are_capped() -> None:
    settings = KeizerSettings(own_value_once=False, notice=F(1, 3), max_notice=2)
    rounds = [KeizerRound(r, credits=(("A", Credit.NOTICE),)) for r in (1, 2, 3)]
    assert keizer_scores(("A",), rounds, {"A": 9}, settings) == {"A": 6}


def test_rematches_are_allowed_when_nothing_else_fits() -> None:
    history = [KeizerRound(1, (Game("A", "B", W),))]
    pairing = pair_keizer(("A", "B"), ("A", "B"), history, 2)
    assert pairing.games == (("B", "A"),)
    assert pairing.rematch_window == 0
    # Outside the window the rematch is fine at once.
    later = pair_keizer(("A", "B"), ("A", "B"), history, 5)
    assert later.rematch_window == 3


def test_the_bye_goes_to_the_lowest_ranked_without_one() -> None:
    history = [KeizerRound(1, (Game("A", "B", W),), credits=(("C", Credit.BYE),))]
    pairing = pair_keizer(("A", "B", "C"), ("A", "B", "C"), history, 2, KeizerSettings())
    # C had the bye; B is next lowest. A and C then play.
    assert pairing.bye == "B"
    assert pairing.games == (("C", "A"),)  # A had White, C has no games


def test_allocate_colours_without_history_gives_the_higher_player_white() -> None:
    assert allocate_colours("A", "B", []) == ("A", "B")


def test_unknown_present_player_is_refused() -> None:
    with pytest.raises(ValueError, match="not in the ranking"):
        pair_keizer(("A", "B"), ("A", "Z"), [], 1)


def club(fmt: Format, rounds: tuple[Round, ...] = ()) -> Tournament:
    settings = Settings(name="Club night", format=fmt, rounds=10, start_date=dt.date(2026, 9, 1))
    players = (
        Player("A", "Ann"),
        Player("B", "Bob"),
        Player("C", "Cem", absent=(1,)),
        Player("D", "Dee"),
    )
    return Tournament(settings, players=players, rounds=rounds)


def test_keizer_rounds_from_the_model() -> None:
    rnd = Round(1, games=(Game("A", "B", W),), byes=(Bye("D", ByeKind.PAB),))
    rounds = keizer_rounds(club(Format.KEIZER, (rnd,)))
    assert rounds == (
        KeizerRound(
            1, games=(Game("A", "B", W),), credits=(("D", Credit.BYE), ("C", Credit.NOTICE))
        ),
    )


def test_a_team_keizer_is_refused() -> None:
    with pytest.raises(ValueError, match="individual events only"):
        keizer_rounds(club(Format.TEAM_SWISS))


def test_the_stronger_colour_claim_wins() -> None:
    # A: two Whites (due Black, imbalance 2); B: one White (due Black, imbalance 1).
    history = [
        KeizerRound(1, (Game("A", "X", W), Game("B", "Y", W))),
        KeizerRound(2, (Game("A", "Y", D),)),
    ]
    assert allocate_colours("A", "B", history) == ("B", "A")  # higher A has the stronger claim
    assert allocate_colours("B", "A", history) == ("B", "A")  # lower A has the stronger claim
    # Equal claims: the higher-ranked player gets the colour both are due.
    assert allocate_colours("X", "Y", [KeizerRound(1, (Game("A", "X", W), Game("B", "Y", W)))]) == (
        "X",
        "Y",
    )


@pytest.mark.parametrize("seed", range(8))
def test_simulated_season_invariants(seed: int) -> None:
    import random
    from collections import Counter

    rng = random.Random(seed)
    players = tuple(f"p{i:02d}" for i in range(15))
    settings = KeizerSettings()
    history: list[KeizerRound] = []
    balance: Counter[str] = Counter()
    for round_no in range(1, 21):
        standing = keizer_standing(players, history, settings)
        assert standing.stable
        present = [p for p in players if rng.random() < 0.8]
        pairing = pair_keizer(standing.ranking, present, history, round_no, settings)
        paired = [p for game in pairing.games for p in game]
        paired += [pairing.bye] if pairing.bye else []
        assert sorted(paired) == sorted(present), "every player present once"
        if pairing.rematch_window == settings.rematch_rounds:
            recent = {
                frozenset((g.white, g.black))
                for r in history
                if r.number >= round_no - settings.rematch_rounds
                for g in r.games
            }
            assert not recent & {frozenset(g) for g in pairing.games}, "no recent rematch"
        for white, black in pairing.games:
            balance[white] += 1
            balance[black] -= 1
        assert max(abs(v) for v in balance.values()) <= 3, "colours kept near balance"
        results = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)
        games = tuple(Game(w, b, rng.choice(results)) for w, b in pairing.games)
        credits = ((pairing.bye, Credit.BYE),) if pairing.bye else ()
        credits += tuple((p, Credit.NOTICE) for p in players if p not in present)
        history.append(KeizerRound(round_no, games, credits))
