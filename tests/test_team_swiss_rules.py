"""C.04.6 (2026) worked by hand: one small position per article or criterion.

Expected values come from the rule text (quoted in the test names' articles), never
from the engine's output.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from fractions import Fraction

import pytest

from tourney.engine.pairing.matching import has_perfect_matching, max_weight_matching_sparse
from tourney.engine.pairing.team_state import (
    ColourPreferenceType,
    PairRule,
    TeamRecord,
    TeamState,
    team_state_from_tournament,
)
from tourney.engine.pairing.team_swiss import (
    NoLegalPairing,
    identifier,
    pair_bracket,
    pair_team_swiss,
)
from tourney.engine.pairing.team_swiss_colours import Preference, allocate, preference
from tourney.engine.pairing.team_swiss_upfloaters import select_upfloaters
from tourney.model import (
    Bye,
    ByeKind,
    Colour,
    Format,
    Game,
    Match,
    MatchDecision,
    Result,
    Round,
    Settings,
    Team,
    TeamOptions,
    Tournament,
)

W, B = Colour.WHITE, Colour.BLACK
A_TYPE, B_TYPE, NO_PREFS = ColourPreferenceType.A, ColourPreferenceType.B, ColourPreferenceType.NONE


def team(
    tpn: int,
    score: float = 0,
    colours: str = "",
    *,
    gp: float = 0,
    floated: Sequence[int] = (),
    pab: Sequence[int] = (),
    forfeit_wins: Sequence[int] = (),
    played: int | None = None,
) -> TeamRecord:
    return TeamRecord(
        tpn=tpn,
        team_id=str(tpn),
        match_points=Fraction(score),
        game_points=Fraction(gp),
        colours=tuple(W if c == "W" else B for c in colours),
        floated_rounds=frozenset(floated),
        pab_rounds=tuple(pab),
        forfeit_win_rounds=tuple(forfeit_wins),
        matches_played=len(colours) if played is None else played,
    )


def state(
    *teams: TeamRecord,
    met: Sequence[tuple[int, int]] = (),
    round_no: int = 2,
    total: int = 9,
    colour_type: ColourPreferenceType = A_TYPE,
    initial: Colour = W,
    forbidden: Sequence[PairRule] = (),
    wishes: Sequence[PairRule] = (),
    use_secondary: bool = True,
) -> TeamState:
    opponents: dict[int, set[int]] = {t.tpn: set() for t in teams}
    for a, b in met:
        opponents[a].add(b)
        opponents[b].add(a)
    records = tuple(
        TeamRecord(
            t.tpn,
            t.team_id,
            t.match_points,
            t.game_points,
            t.available,
            frozenset(opponents[t.tpn]),
            t.colours,
            t.floated_rounds,
            t.pab_rounds,
            t.forfeit_win_rounds,
            t.full_bye_rounds,
            t.matches_played,
        )
        for t in teams
    )
    return TeamState(
        round_no=round_no,
        total_rounds=total,
        teams=records,
        colour_type=colour_type,
        initial_colour=initial,
        forbidden=tuple(forbidden),
        wishes=tuple(wishes),
        use_secondary=use_secondary,
    )


def rule(name: str, *pairs: tuple[int, int]) -> PairRule:
    return PairRule(name, frozenset((min(p), max(p)) for p in pairs))


# -- Art. 3.4: the pairing-allocated bye ---------------------------------------------


def test_art_3_4_2_pab_goes_to_the_lowest_score() -> None:
    s = state(team(1, 2), team(2, 2), team(3, 1), team(4, 0), team(5, 1))
    assert pair_team_swiss(s).pab == 4


def test_art_3_4_3_pab_to_the_team_with_most_matches_played() -> None:
    s = state(team(1, 2), team(2, 2), team(3, 2), team(4, 0, played=1), team(5, 0, played=0))
    assert pair_team_swiss(s).pab == 4


def test_art_3_4_4_pab_to_the_largest_tpn() -> None:
    s = state(*(team(t) for t in range(1, 6)))
    assert pair_team_swiss(s).pab == 5


def test_c2_no_second_pab() -> None:
    s = state(*(team(t) for t in range(1, 5)), team(5, pab=[1]))
    assert pair_team_swiss(s).pab == 4


def test_c2_a_forfeit_win_bars_the_pab() -> None:
    s = state(*(team(t) for t in range(1, 5)), team(5, forfeit_wins=[1]))
    assert pair_team_swiss(s).pab == 4


def test_art_3_4_1_pab_leaves_a_legal_pairing() -> None:
    # Without 5, team 4 (which has met 1, 2 and 3) could not be paired.
    s = state(
        team(1, 2), team(2, 2), team(3, 2), team(4, 1), team(5, 0), met=[(4, 1), (4, 2), (4, 3)]
    )
    assert pair_team_swiss(s).pab == 4


# -- Art. 3.6: the bracket ------------------------------------------------------------


def test_art_3_6_2_identifier_example() -> None:
    assert identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == (4, 6, 9, 11, 8, 16, 10, 24)


def test_art_3_6_3_first_round_top_half_against_bottom_half() -> None:
    # 4.3.1: first-team odd -> initial colour (White), even -> the opposite.
    s = state(*(team(t) for t in range(1, 9)), round_no=1)
    assert set(pair_team_swiss(s).pairs) == {(1, 5), (6, 2), (3, 7), (8, 4)}


def test_c1_no_rematch_takes_the_next_identifier() -> None:
    s = state(*(team(t, 0, "WB") for t in range(1, 5)), met=[(1, 3)])
    result = pair_bracket(s, [1, 2, 3, 4], frozenset())
    assert set(result.pairs) == {(1, 4), (2, 3)}


def _brute_force(s: TeamState, bracket: list[int], ups: frozenset[int]) -> tuple[int, ...]:
    from tourney.engine.pairing.team_swiss import _edge_costs

    def matchings(rest: list[int]) -> Iterator[list[tuple[int, int]]]:
        if not rest:
            yield []
            return
        first = rest[0]
        for other in rest[1:]:
            if s.compatible(first, other):
                remaining = [t for t in rest if t not in (first, other)]
                for tail in matchings(remaining):
                    yield [(first, other), *tail]

    best: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    for m in matchings(sorted(bracket)):
        costs = tuple(sum(_edge_costs(s, a, b, ups)[k] for a, b in m) for k in range(4))
        key = (costs, identifier(m))
        if best is None or key < best:
            best = key
    assert best is not None
    return best[1]


@pytest.mark.parametrize("seed", range(60))
def test_art_3_6_4_first_identifier_with_fewest_c8_c9_c10(seed: int) -> None:
    """Against the definition itself: every pairing, sorted, filtered, minimised."""
    rng = random.Random(seed)
    size = rng.choice([4, 6, 8])
    tpns = sorted(rng.sample(range(1, 20), size))
    teams = [
        team(
            t,
            rng.choice([2, 3]),
            "".join(rng.choice("WB") for _ in range(rng.randint(1, 4))),
            floated=[3] if rng.random() < 0.4 else [],
        )
        for t in tpns
    ]
    met = [(a, b) for a, b in itertools.combinations(tpns, 2) if rng.random() < 0.25]
    wishes = [rule("w", (tpns[0], tpns[1]))] if seed % 3 == 0 else []
    s = state(*teams, met=met, round_no=4, colour_type=rng.choice([A_TYPE, B_TYPE]), wishes=wishes)
    ups = frozenset(t for t in tpns if s.score(t) == 2)
    adj = [{j for j, b in enumerate(tpns) if s.compatible(a, b)} for a in tpns]
    if not has_perfect_matching([sorted(x) for x in adj]):
        with pytest.raises(NoLegalPairing):
            pair_bracket(s, tpns, ups)
        return
    assert identifier(pair_bracket(s, tpns, ups).pairs) == _brute_force(s, tpns, ups)


def test_c8_fewest_unfulfilled_colour_preferences() -> None:
    # 1 and 3 both want White (CD -2): 1-3 would leave one unfulfilled.
    s = state(team(1, 2, "BB"), team(2, 2, "WB"), team(3, 2, "BB"), team(4, 2, "WB"), round_no=3)
    assert set(pair_team_swiss(s).pairs) == {(1, 4), (3, 2)}


def test_c9_type_b_strong_preferences_before_identifier() -> None:
    # All want White (C8 is 2 whatever the pairing); 1 and 3 strongly, 2 and 4 mildly.
    s = state(
        team(1, 2, "BB"),
        team(2, 2, "BWB"),
        team(3, 2, "BB"),
        team(4, 2, "BWB"),
        round_no=4,
        colour_type=B_TYPE,
    )
    result = pair_team_swiss(s)
    assert set(result.pairs) == {(1, 4), (3, 2)}  # 4.3.4 grants the strong preference


def test_c10_upfloaters_opponent_who_floated_last_round() -> None:
    s = state(team(1, 2), team(2, 2, floated=[1]), team(3, 2), team(4, 1), round_no=2)
    pairing = pair_team_swiss(s)
    assert {frozenset(p) for p in pairing.pairs} == {frozenset((1, 4)), frozenset((2, 3))}


def test_c10_does_not_apply_in_the_last_two_rounds() -> None:
    s = state(team(1, 2), team(2, 2, floated=[7]), team(3, 2), team(4, 1), round_no=8, total=9)
    pairing = pair_team_swiss(s)
    assert {frozenset(p) for p in pairing.pairs} == {frozenset((1, 3)), frozenset((2, 4))}


# -- Art. 3.5: upfloaters ----------------------------------------------------------------


def _ups(s: TeamState, residents: list[int]) -> tuple[int, ...]:
    remaining = sorted(t.tpn for t in s.teams)
    choice = select_upfloaters(s, residents, remaining)
    assert choice is not None
    return choice.upfloaters


def test_c4_fewest_upfloaters() -> None:
    s = state(team(1, 2), team(2, 2), team(3, 2), team(4, 1), team(5, 1), team(6, 1))
    assert _ups(s, [1, 2, 3]) == (4,)


def test_c4_even_top_group_without_a_pairing_takes_two() -> None:
    s = state(team(1, 2), team(2, 2), team(3, 1), team(4, 1), met=[(1, 2)])
    assert _ups(s, [1, 2]) == (3, 4)


def test_c5_upfloater_scores_as_high_as_possible() -> None:
    s = state(team(1, 4), team(2, 4), team(3, 4), team(4, 2), team(5, 3), team(6, 0))
    assert _ups(s, [1, 2, 3]) == (5,)


def test_art_3_5_4_example_sets_in_lexicographic_order() -> None:
    # 4, 7, 9 (4 points) have all met: three upfloaters are needed ([C4]).
    # {2,6,8} (all 3 points) would leave 10 (met 1, 3, 5) unpaired ([C3]), so [C5]
    # gives two 3-pointers and one 2.5: {2,6,1} < {2,6,3} < ... and {2,6,1} is legal.
    teams = [team(t, 4) for t in (4, 7, 9)]
    teams += [team(t, 3) for t in (2, 6, 8)]
    teams += [team(t, 2.5) for t in (1, 3, 5)]
    teams += [team(10, 0)]
    s = state(*teams, met=[(4, 7), (4, 9), (7, 9), (10, 1), (10, 3), (10, 5)])
    assert _ups(s, [4, 7, 9]) == (2, 6, 1)


def test_c6_following_scoregroup_stays_pairable() -> None:
    # {2} first in order, but it would leave 3 and 4 (who have met) alone in their group.
    s = state(team(1, 2), team(2, 1), team(3, 1), team(4, 1), team(5, 0), team(6, 0), met=[(3, 4)])
    assert _ups(s, [1]) == (3,)


def test_c7_upfloater_who_did_not_float_last_round() -> None:
    s = state(team(1, 2), team(2, 1, floated=[1]), team(3, 1), team(4, 0), round_no=2)
    assert _ups(s, [1]) == (3,)


def test_c7_does_not_apply_in_the_last_two_rounds() -> None:
    s = state(team(1, 2), team(2, 1, floated=[7]), team(3, 1), team(4, 0), round_no=8, total=9)
    assert _ups(s, [1]) == (2,)


# -- Art. 1.7: colour preferences ----------------------------------------------------------


@pytest.mark.parametrize(
    ("colours", "expected"),
    [
        ("", None),
        ("W", None),
        ("BB", W),  # CD -2
        ("WBB", W),  # CD -1, Black in the last two
        ("BWW", B),  # CD +1, White in the last two
        ("WWB", None),  # CD +1
        ("WWWBB", None),  # CD +1 after two Blacks: no Type A preference
    ],
)
def test_art_1_7_1_type_a(colours: str, expected: Colour | None) -> None:
    t = team(1, 0, colours)
    assert preference(t, state(t)) == Preference(expected)


@pytest.mark.parametrize(
    ("colours", "last_round", "expected"),
    [
        ("BB", False, Preference(W, True)),
        ("BB", True, Preference(W, True)),
        ("BWB", False, Preference(W)),  # CD -1: mild
        ("BW", False, Preference(B)),  # CD 0, White last: mild Black
        ("BW", True, Preference()),  # CD 0 in the last round: none
        ("", False, Preference()),  # yet to play a match
    ],
)
def test_art_1_7_2_type_b(colours: str, last_round: bool, expected: Preference) -> None:
    t = team(1, 0, colours)
    s = state(t, colour_type=B_TYPE, round_no=9 if last_round else 5, total=9)
    assert preference(t, s) == expected


def test_art_1_7_no_colour_preferences() -> None:
    t = team(1, 0, "BBB")
    assert preference(t, state(t, colour_type=NO_PREFS)) == Preference()


# -- Art. 4: colour allocation --------------------------------------------------------------


def test_art_4_3_1_odd_first_team_takes_the_initial_colour() -> None:
    d = allocate(state(team(3), team(6), initial=B, round_no=1), 3, 6)
    assert (d.white, d.rule) == (6, "4.3.1")
    d = allocate(state(team(2), team(5), initial=B, round_no=1), 2, 5)
    assert (d.white, d.rule) == (2, "4.3.1")


def test_art_4_2_2_secondary_score_chooses_the_first_team() -> None:
    # Equal match points; 3 has more game points, so it is the first-team (odd TPN:
    # initial colour White, 4.3.1). Without the secondary score, 1 is (4.2.3).
    s = state(team(1, 2, gp=3), team(3, 2, gp=5), round_no=1)
    assert allocate(s, 1, 3).white == 3
    s = state(team(1, 2, gp=3), team(3, 2, gp=5), round_no=1, use_secondary=False)
    assert allocate(s, 1, 3).white == 1


@pytest.mark.parametrize(
    ("first", "other", "colour_type", "white_is_first", "article"),
    [
        ("BB", "WB", A_TYPE, True, "4.3.2"),  # only the first-team has a preference
        ("WB", "BB", A_TYPE, False, "4.3.2"),  # only the other one has one
        ("BB", "WW", A_TYPE, True, "4.3.3"),  # opposite preferences
        ("BWB", "BB", B_TYPE, False, "4.3.4"),  # only the other's is strong
        ("WBB", "BB", A_TYPE, False, "4.3.5"),  # both White; lower CD (-2) gets it
        ("WB", "BW", A_TYPE, True, "4.3.6"),  # latest differing round: first had Black
        ("BB", "BB", A_TYPE, True, "4.3.7"),  # same history: first-team's preference
        ("WB", "WB", A_TYPE, True, "4.3.8"),  # no preference: first-team alternates
        ("", "WB", A_TYPE, False, "4.3.9"),  # first-team never played: other alternates
    ],
)
def test_art_4_3_colour_steps(
    first: str, other: str, colour_type: ColourPreferenceType, white_is_first: bool, article: str
) -> None:
    s = state(team(1, 3, first), team(2, 2, other), round_no=5, colour_type=colour_type)
    d = allocate(s, 1, 2)
    assert (d.white == 1, d.rule) == (white_is_first, article)


def test_art_4_3_6_histories_aligned_from_the_latest_played_match() -> None:
    # C.04.2 Art. 3.4: only played matches, compared from the latest one: W B against
    # B W W B gives B/B, W/W and nothing more, so 4.3.6 does not decide; the first-team
    # (no Type A preference) alternates from its last Black (4.3.8).
    s = state(team(1, 3, "WB"), team(2, 2, "BWWB"), round_no=6)
    d = allocate(s, 1, 2)
    assert (d.rule, d.white) == ("4.3.8", 1)


# -- Forbidden pairings (docs/teams.md): rules and wishes ---------------------------------------


def test_forbidden_pair_is_treated_as_already_met() -> None:
    s = state(*(team(t) for t in range(1, 5)), round_no=1, forbidden=[rule("club", (1, 3))])
    assert {frozenset(p) for p in pair_team_swiss(s).pairs} == {
        frozenset((1, 4)),
        frozenset((2, 3)),
    }


def test_wish_chooses_between_pairings_the_rules_rank_equal() -> None:
    s = state(*(team(t) for t in range(1, 5)), round_no=1, wishes=[rule("club", (1, 3))])
    assert {frozenset(p) for p in pair_team_swiss(s).pairs} == {
        frozenset((1, 4)),
        frozenset((2, 3)),
    }


def test_wish_never_costs_a_colour_preference() -> None:
    # Keeping 1 from 2 and 3 would pair 1-4, both wanting White ([C8]): the wish gives way.
    s = state(
        team(1, 2, "BB"),
        team(2, 2, "WB"),
        team(3, 2, "WB"),
        team(4, 2, "BB"),
        round_no=3,
        wishes=[rule("club", (1, 2), (1, 3))],
    )
    assert {frozenset(p) for p in pair_team_swiss(s).pairs} == {
        frozenset((1, 3)),
        frozenset((2, 4)),
    }


def test_art_3_3_3_no_legal_pairing_names_the_blocking_rule() -> None:
    s = state(
        *(team(t) for t in range(1, 5)),
        round_no=1,
        forbidden=[rule("club X", (1, 2), (1, 3), (1, 4)), rule("group Y", (2, 3))],
    )
    with pytest.raises(NoLegalPairing) as raised:
        pair_team_swiss(s)
    assert raised.value.lifting_helps == ("club X",)


def test_absent_team_is_not_paired() -> None:
    absent = TeamRecord(3, "3", available=False)
    s = state(team(1), team(2), team(4), round_no=1)
    s = TeamState(round_no=1, total_rounds=5, teams=(*s.teams, absent))
    pairing = pair_team_swiss(s)
    assert pairing.pab == 4 and set(pairing.pairs) == {(1, 2)}


# -- The state from the shared model -----------------------------------------------------


def _tournament() -> Tournament:
    numbered = [
        Team(id=x, name=x, roster=(f"{x}1", f"{x}2"), start=i) for i, x in enumerate("ABCDE", 1)
    ]
    teams = (*numbered, Team(id="L", name="late", roster=("L1", "L2")))
    r1 = Round(
        1,
        matches=(
            Match(
                "A",
                "B",
                (Game("A1", "B1", Result.WHITE_WINS, 1), Game("B2", "A2", Result.BLACK_WINS, 2)),
            ),
            Match(
                "C",
                "D",
                (
                    Game("C1", "D1", Result.WHITE_FORFEIT_WIN, 1),
                    Game("D2", "C2", Result.BLACK_FORFEIT_WIN, 2),
                ),
                decision=MatchDecision.WHITE_TEAM,
            ),
        ),
        byes=(Bye("E", ByeKind.PAB),),
    )
    r2 = Round(
        2,
        matches=(
            Match("E", "A", (Game("E1", "A1", Result.DRAW, 1), Game("A2", "E2", Result.DRAW, 2))),
        ),
    )
    settings = Settings(name="t", format=Format.TEAM_SWISS, rounds=5, team=TeamOptions(boards=2))
    return Tournament(settings=settings, teams=teams, rounds=(r1, r2))


def test_builder_scores_meetings_and_colours() -> None:
    s = team_state_from_tournament(_tournament(), 3)
    a, b, e = s.team(1), s.team(2), s.team(5)
    assert (a.match_points, a.game_points) == (Fraction(3), Fraction(3))
    assert a.opponents == {2, 5} and a.colours == (W, B)
    assert (b.match_points, b.colours) == (Fraction(0), (B,))
    # Art. 1.4: the PAB is worth a drawn match (1 MP, 2 boards x 1/2 GP).
    assert (e.match_points, e.game_points, e.pab_rounds) == (Fraction(2), Fraction(2), (1,))


def test_builder_whole_match_forfeit_is_not_a_meeting() -> None:
    s = team_state_from_tournament(_tournament(), 3)
    c, d = s.team(3), s.team(4)
    assert c.opponents == frozenset() and c.colours == () and c.matches_played == 0
    assert c.barred_from_pab and (c.match_points, c.game_points) == (Fraction(2), Fraction(2))
    assert d.match_points == 0 and not d.barred_from_pab


def test_builder_floaters_and_late_team() -> None:
    s = team_state_from_tournament(_tournament(), 3)
    # Round 2: E (1 MP) met A (2 MP): both floated (Art. 1.5).
    assert s.team(1).floated_rounds == {2} and s.team(5).floated_rounds == {2}
    assert s.team(2).floated_rounds == frozenset()
    assert s.team(6).team_id == "L"  # numbered after the others


# -- the matching primitives --------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_weighted_matching_is_maximum(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 8)
    w: list[list[int | None]] = [[None] * n for _ in range(n)]
    for i, j in itertools.combinations(range(n), 2):
        if rng.random() < 0.6:
            w[i][j] = w[j][i] = rng.randint(0, 30)

    def best(free: frozenset[int]) -> int:
        if not free:
            return 0
        v = min(free)
        rest = free - {v}
        out = best(rest)
        for u in rest:
            if w[v][u] is not None:
                out = max(out, int(w[v][u] or 0) + best(rest - {u}))
        return out

    mate = max_weight_matching_sparse(w)
    total = sum(int(w[i][mate[i]] or 0) for i in range(n) if mate[i] > i)
    assert total == best(frozenset(range(n)))
