"""Berger tables (FIDE C.05 Annex 1), team board colours (docs/teams.md), round status (docs/pairing.md).

Reference tables below are transcribed by hand from the Berger tables of FIDE
Handbook C.05 (General Regulations for Competitions), Annex 1 "Berger Tables
for Round-Robin Tournaments", in FIDE's print form "white-black" with board 1
first. (The same tables are reproduced, e.g., on Chris Fox's "Berger Tables"
page and in the Vega manual, Appendix C; the copies agree.)
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tourney.engine.pairing.berger import (
    BYE,
    RoundStatus,
    berger_schedule,
    board_colours,
    draw_numbers,
    first_team_colour,
    round_status,
    rounds_in,
    schedule_ids,
    split_bye,
    team_colour,
)
from tourney.model import Colour, Game, Match, MatchDecision, Result, Round

# C.05 Annex 1, transcribed by hand. One line per round.
FIDE_TABLES: dict[int, str] = {
    4: """
        1-4, 2-3
        4-3, 1-2
        2-4, 3-1
    """,
    6: """
        1-6, 2-5, 3-4
        6-4, 5-3, 1-2
        2-6, 3-1, 4-5
        6-5, 1-4, 2-3
        3-6, 4-2, 5-1
    """,
    8: """
        1-8, 2-7, 3-6, 4-5
        8-5, 6-4, 7-3, 1-2
        2-8, 3-1, 4-7, 5-6
        8-6, 7-5, 1-4, 2-3
        3-8, 4-2, 5-1, 6-7
        8-7, 1-6, 2-5, 3-4
        4-8, 5-3, 6-2, 7-1
    """,
    10: """
        1-10, 2-9, 3-8, 4-7, 5-6
        10-6, 7-5, 8-4, 9-3, 1-2
        2-10, 3-1, 4-9, 5-8, 6-7
        10-7, 8-6, 9-5, 1-4, 2-3
        3-10, 4-2, 5-1, 6-9, 7-8
        10-8, 9-7, 1-6, 2-5, 3-4
        4-10, 5-3, 6-2, 7-1, 8-9
        10-9, 1-8, 2-7, 3-6, 4-5
        5-10, 6-4, 7-3, 8-2, 9-1
    """,
}

# A few rounds of the larger tables (round number -> pairs), same source.
FIDE_ROUNDS: dict[int, dict[int, str]] = {
    12: {
        1: "1-12, 2-11, 3-10, 4-9, 5-8, 6-7",
        2: "12-7, 8-6, 9-5, 10-4, 11-3, 1-2",
        7: "4-12, 5-3, 6-2, 7-1, 8-11, 9-10",
        11: "6-12, 7-5, 8-4, 9-3, 10-2, 11-1",
    },
    14: {
        1: "1-14, 2-13, 3-12, 4-11, 5-10, 6-9, 7-8",
        4: "14-9, 10-8, 11-7, 12-6, 13-5, 1-4, 2-3",
        6: "14-10, 11-9, 12-8, 13-7, 1-6, 2-5, 3-4",
    },
}


def parse_round(text: str) -> tuple[tuple[int, int], ...]:
    pairs = []
    for item in text.split(","):
        white, black = item.strip().split("-")
        pairs.append((int(white), int(black)))
    return tuple(pairs)


def parse_table(text: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    return tuple(parse_round(line) for line in text.strip().splitlines())


def without_dummy(pairs: tuple[tuple[int, int], ...], dummy: int) -> tuple[tuple[int, int], ...]:
    """FIDE's table for n+1 read for odd n: the dummy's game becomes (player, BYE), last."""
    games = tuple(p for p in pairs if dummy not in p)
    byes = tuple((p[0] if p[1] == dummy else p[1], BYE) for p in pairs if dummy in p)
    return games + byes


@pytest.mark.parametrize("n", sorted(FIDE_TABLES))
def test_even_tables_equal_fide(n: int) -> None:
    assert berger_schedule(n) == parse_table(FIDE_TABLES[n])


@pytest.mark.parametrize("n", sorted(FIDE_TABLES))
def test_odd_tables_use_the_next_table_with_the_highest_number_as_bye(n: int) -> None:
    expected = tuple(without_dummy(r, n) for r in parse_table(FIDE_TABLES[n]))
    assert berger_schedule(n - 1) == expected


@pytest.mark.parametrize(
    ("n", "round_no", "text"),
    [(n, r, text) for n, rounds in FIDE_ROUNDS.items() for r, text in rounds.items()],
)
def test_larger_tables_agree_with_fide_rounds(n: int, round_no: int, text: str) -> None:
    assert berger_schedule(n)[round_no - 1] == parse_round(text)


def test_five_players_round_two_by_hand() -> None:
    # FIDE table for 6, round 2 "6-4, 5-3, 1-2": with 5 players, 4 has the bye.
    games, bye = split_bye(berger_schedule(5)[1])
    assert games == ((5, 3), (1, 2))
    assert bye == 4


def test_double_round_robin_reverses_colours_in_the_same_order() -> None:
    single = parse_table(FIDE_TABLES[6])
    double = berger_schedule(6, double=True)
    assert double[:5] == single
    assert double[5:] == tuple(tuple((b, w) for w, b in r) for r in single)


def test_fide_variant_switches_the_last_two_rounds_of_the_first_cycle() -> None:
    # C.05 Annex 1: "it is recommended that the last two rounds of the first
    # cycle be switched"; TRF 192 FIDE_DOUBLEROUNDROBIN.
    single = parse_table(FIDE_TABLES[6])
    fide = berger_schedule(6, double=True, fide_variant=True)
    assert fide[:5] == (*single[:3], single[4], single[3])
    assert fide[5] == ((6, 1), (5, 2), (4, 3))  # round 1 reversed opens the second cycle
    assert fide[9] == ((6, 3), (2, 4), (1, 5))  # round 5 "3-6, 4-2, 5-1" reversed closes it


def test_fide_variant_is_ignored_for_a_single_round_robin() -> None:
    assert berger_schedule(8, fide_variant=True) == berger_schedule(8)


def colour_runs(schedule: tuple[tuple[tuple[int, int], ...], ...], n: int) -> int:
    colours: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    for berger_round in schedule:
        games, _ = split_bye(berger_round)
        for white, black in games:
            colours[white].append("W")
            colours[black].append("B")
    longest = 0
    for seq in colours.values():
        run = 0
        for i, colour in enumerate(seq):
            run = run + 1 if i and colour == seq[i - 1] else 1
            longest = max(longest, run)
    return longest


@pytest.mark.parametrize("n", [4, 6, 8, 10, 12, 16, 20, 30])
def test_plain_double_gives_three_in_a_row_and_the_fide_variant_does_not(n: int) -> None:
    # The reason C.05 Annex 1 gives for switching the rounds (even n).
    assert colour_runs(berger_schedule(n, double=True), n) == 3
    assert colour_runs(berger_schedule(n, double=True, fide_variant=True), n) == 2


@pytest.mark.parametrize("n", range(3, 31))
@pytest.mark.parametrize("variant", ["single", "double", "fide"])
def test_invariants(n: int, variant: str) -> None:
    double = variant != "single"
    schedule = berger_schedule(n, double=double, fide_variant=variant == "fide")
    cycles = 2 if double else 1
    assert len(schedule) == rounds_in(n, double)
    meetings: Counter[frozenset[int]] = Counter()
    as_white: Counter[tuple[int, int]] = Counter()
    byes: Counter[int] = Counter()
    balance: Counter[int] = Counter()
    for berger_round in schedule:
        games, bye = split_bye(berger_round)
        seen = [p for game in games for p in game] + ([bye] if bye else [])
        assert sorted(seen) == list(range(1, n + 1)), "everyone once per round"
        assert (bye is not None) == (n % 2 == 1)
        if bye:
            byes[bye] += 1
        for white, black in games:
            meetings[frozenset((white, black))] += 1
            as_white[(white, black)] += 1
            balance[white] += 1
            balance[black] -= 1
    assert set(meetings) == {frozenset(p) for p in combinations(range(1, n + 1), 2)}
    assert set(meetings.values()) == {cycles}, "everyone meets everyone once per cycle"
    if double:
        assert all(as_white[(b, w)] == 1 for (w, b) in as_white), "colours reversed"
    if n % 2:
        assert set(byes.values()) == {cycles} and len(byes) == n
    assert all(abs(balance[p]) <= 1 for p in range(1, n + 1)), "colours balanced within 1"


@pytest.mark.parametrize("n", [2, 31, 0])
def test_out_of_range_is_refused(n: int) -> None:
    with pytest.raises(ValueError, match="3 to 30"):
        berger_schedule(n)


def test_draw_numbers_is_seeded_and_a_permutation() -> None:
    ids = [f"p{i}" for i in range(1, 11)]
    first = draw_numbers(ids, lot=2026)
    assert first == draw_numbers(ids, lot=2026)
    assert sorted(first) == sorted(ids)
    assert any(draw_numbers(ids, lot=s) != first for s in range(5))
    assert draw_numbers(ids, lot="spring-open") == draw_numbers(ids, lot="spring-open")


def test_schedule_ids_maps_numbers_and_byes() -> None:
    rounds = schedule_ids(["ann", "bob", "cem"])
    # Table for 4, 4 = bye: round 1 "1-4, 2-3".
    assert rounds[0] == ((("bob", "cem"),), "ann")
    assert rounds[1] == ((("ann", "bob"),), "cem")  # "4-3, 1-2"
    assert rounds[2] == ((("cem", "ann"),), "bob")  # "2-4, 3-1"


# --- team round robin (docs/teams.md) ---


def test_team_named_first_has_white_on_odd_boards() -> None:
    assert board_colours("A", "B", 6) == (
        ("A", "B"),
        ("B", "A"),
        ("A", "B"),
        ("B", "A"),
        ("A", "B"),
        ("B", "A"),
    )
    assert [first_team_colour(b) for b in (1, 2, 3, 4)] == [
        Colour.WHITE,
        Colour.BLACK,
        Colour.WHITE,
        Colour.BLACK,
    ]


def test_team_colour_is_the_board_one_colour() -> None:
    assert team_colour("A", "A", "B") is Colour.WHITE
    assert team_colour("B", "A", "B") is Colour.BLACK
    with pytest.raises(ValueError):
        team_colour("C", "A", "B")


def test_team_round_robin_over_four_teams() -> None:
    rounds = schedule_ids(["t1", "t2", "t3", "t4"])
    (first_match, _), _ = rounds[1]
    assert first_match == ("t4", "t3")  # "4-3": team 4 named first, White on board 1
    assert board_colours(*first_match, 2) == (("t4", "t3"), ("t3", "t4"))


# --- round status (docs/pairing.md) ---


def test_round_status_from_results() -> None:
    pending = Round(1, games=(Game("a", "b"), Game("c", "d")))
    running = Round(2, games=(Game("a", "c", Result.DRAW), Game("b", "d")))
    done = Round(3, games=(Game("a", "d", Result.WHITE_WINS), Game("b", "c", Result.DRAW)))
    assert round_status(pending) == "pending"
    assert round_status(running) is RoundStatus.RUNNING
    assert round_status(done) == "done"


def test_round_status_of_team_rounds() -> None:
    open_match = Match("A", "B", games=(Game("a1", "b1"), Game("b2", "a2")))
    decided = Match("C", "D", games=(Game("c1", "d1"), Game("d2", "c2")))
    decided = Match("C", "D", games=decided.games, decision=MatchDecision.WHITE_TEAM)
    assert round_status(Round(1, matches=(open_match,))) == "pending"
    assert round_status(Round(1, matches=(open_match, decided))) == "running"
    assert round_status(Round(1, matches=(decided,))) == "done"


def test_play_ahead_several_rounds_running() -> None:
    rounds = [
        Round(1, games=(Game("a", "b", Result.DRAW),)),
        Round(2, games=(Game("b", "c", Result.BLACK_WINS), Game("a", "d"))),
        Round(3, games=(Game("c", "a", Result.WHITE_WINS), Game("d", "b"))),
        Round(4, games=(Game("a", "b"),)),
    ]
    assert [round_status(r) for r in rounds] == ["done", "running", "running", "pending"]


def test_module_examples() -> None:
    import doctest

    import tourney.engine.pairing.berger as berger

    assert doctest.testmod(berger).failed == 0
