"""Board statistics, individual ranking (docs/teams.md) and board prizes (US Chess 31B1).

A two-board event, worked by hand. Rosters and ratings:
A (series S1): a1 2000, a2 1800, a3 1700 (reserve); B (S2): b1 1900, b2 1800;
C (S1): c1 2100, c2 unrated; D (S2): d1 1500, d2 1400.

Round 1: A-B: a1-b1 1-0, b2-a2 ½-½;  C-D: c1-d1 1-0, d2-c2 0-1.
Round 2: A-C: a1-c1 ½-½, c2-a3 0-1 (a2 absent, the reserve a3 moves up);
         B-D: b1-d1 1-0, d2-b2 -/+ (d2 did not come).

Totals (points / games played / boards counted / %):
a1 1½/2/2 75; a2 ½/1/1 50; a3 1/1/1 100; b1 1/2/2 50; b2 1½/1/2 75 (a forfeit
win is a point, not a game); c1 1½/2/2 75; c2 1/2/2 50; d1 0/2/2 0; d2 0/1/2 0.
"""

from __future__ import annotations

from fractions import Fraction

import builders

from tourney.engine.teams.board_stats import board_prizes, board_statistics, individual_ranking
from tourney.model import (
    Format,
    Game,
    Match,
    MatchDecision,
    Result,
    Round,
    Team,
    TeamOptions,
    Tournament,
)

RATINGS: dict[str, int | None] = {
    "a1": 2000,
    "a2": 1800,
    "a3": 1700,
    "b1": 1900,
    "b2": 1800,
    "c1": 2100,
    "c2": None,
    "d1": 1500,
    "d2": 1400,
}
TEAMS = (
    Team("A", "Team A", series="S1", roster=("a1", "a2", "a3")),
    Team("B", "Team B", series="S2", roster=("b1", "b2")),
    Team("C", "Team C", series="S1", roster=("c1", "c2")),
    Team("D", "Team D", series="S2", roster=("d1", "d2")),
)


def match(
    home: str, away: str, *boards: tuple[str, str, str], decision: MatchDecision | None = None
) -> Match:
    """Boards as written in the round file: (white, black, result), board 1 first."""
    games = tuple(Game(w, b, Result(r), n) for n, (w, b, r) in enumerate(boards, start=1))
    return Match(home, away, games, decision)


ROUND_1 = Round(
    1,
    matches=(
        match("A", "B", ("a1", "b1", "1-0"), ("b2", "a2", "½-½")),
        match("C", "D", ("c1", "d1", "1-0"), ("d2", "c2", "0-1")),
    ),
)
ROUND_2 = Round(
    2,
    matches=(
        match("A", "C", ("a1", "c1", "½-½"), ("c2", "a3", "0-1")),
        match("B", "D", ("b1", "d1", "1-0"), ("d2", "b2", "-/+")),
    ),
)


def event(*rounds: Round, ratings: dict[str, int | None] = RATINGS) -> Tournament:
    return builders.event(
        *rounds,
        players=builders.players(ratings, numbered=False, name=str.upper),
        fmt=Format.TEAM_SWISS,
        name="t",
        teams=TEAMS,
        team=TeamOptions(boards=2),
    )


def test_individual_ranking_order_and_shared_ranks() -> None:
    lines = individual_ranking(event(ROUND_1, ROUND_2))
    assert [(line.rank, line.player) for line in lines] == [
        # 1½ points at 75 %: level, so all rank 1; the rating only orders them
        (1, "c1"),
        (1, "a1"),
        (1, "b2"),
        # 1 point: a3 at 100 % before b1 and c2 at 50 % (rated before unrated)
        (4, "a3"),
        (5, "b1"),
        (5, "c2"),
        (7, "a2"),
        # 0 at 0 %: d1 (1500) before d2 (1400), same rank
        (8, "d1"),
        (8, "d2"),
    ]
    b2 = next(line for line in lines if line.player == "b2")
    assert (b2.games, b2.points, b2.counted, b2.percentage) == (1, Fraction(3, 2), 2, 75)
    assert (b2.team, b2.series, b2.rating, b2.name) == ("B", "S2", 1800, "B2")


def test_points_come_before_percentage() -> None:
    # a3 has 100 % but one point, so ranks below the 1½-point players at 75 %
    lines = individual_ranking(event(ROUND_1, ROUND_2))
    order = [line.player for line in lines]
    assert order.index("a3") > order.index("b2")


def test_series_filter_keeps_one_series_and_ranks_within_it() -> None:
    lines = individual_ranking(event(ROUND_1, ROUND_2), series=" s1 ")
    assert [(line.rank, line.player) for line in lines] == [
        (1, "c1"),
        (1, "a1"),
        (3, "a3"),
        (4, "c2"),
        (5, "a2"),
    ]


def test_a_player_without_a_game_played_is_not_listed() -> None:
    # round 3: B-D forfeited on board 2 by d2 again; b2's only result this time
    only_forfeit = Round(3, matches=(match("B", "D", ("b1", "d1", "1-0"), ("d2", "b2", "-/+")),))
    lines = individual_ranking(event(only_forfeit))
    assert [line.player for line in lines] == ["b1", "d1"]


def test_after_counts_only_the_rounds_up_to_it() -> None:
    lines = individual_ranking(event(ROUND_1, ROUND_2), after=1)
    a1 = next(line for line in lines if line.player == "a1")
    assert (a1.games, a1.points) == (1, 1)


def test_board_statistics_per_board() -> None:
    tables = board_statistics(event(ROUND_1, ROUND_2))
    assert [table.board for table in tables] == [1, 2]
    board_1 = {line.player: line for line in tables[0].lines}
    board_2 = {line.player: line for line in tables[1].lines}
    assert sorted(board_1) == ["a1", "b1", "c1", "d1"]
    assert sorted(board_2) == ["a2", "a3", "b2", "c2", "d2"]
    # performance (C.07 10.2): ARO rounded half up + dp(p)
    # c1 beat d1 (1500), drew a1 (2000): ARO 1750, p = .75, dp 193 -> 1943
    assert board_1["c1"].performance == 1943
    # a1 beat b1 (1900), drew c1 (2100): ARO 2000 -> 2193
    assert board_1["a1"].performance == 2193
    # d1 lost to c1 (2100) and b1 (1900): ARO 2000, dp(0) = -800 -> 1200
    assert board_1["d1"].performance == 1200
    # b2: only the draw with a2 (1800) is a rated game: 1800 + dp(.5) = 1800
    assert board_2["b2"].performance == 1800
    # a3 played only an unrated opponent: no performance
    assert board_2["a3"].performance is None
    # d2: one game lost, one forfeit lost: games 1, 0 points over 2 boards
    assert (board_2["d2"].games, board_2["d2"].counted, board_2["d2"].percentage) == (1, 2, 0)


def test_a_match_forfeited_by_decision_gives_forfeit_results_not_games() -> None:
    decided = Round(
        1,
        matches=(
            match(
                "A",
                "B",
                ("a1", "b1", "0-1"),
                ("b2", "a2", "1-0"),
                decision=MatchDecision.WHITE_TEAM,
            ),
        ),
    )
    tables = board_statistics(event(decided))
    lines = {line.player: line for table in tables for line in table.lines}
    # awarded to A: a1 and a2 win by forfeit whatever the boards said; nobody played
    assert (lines["a1"].points, lines["a1"].games) == (1, 0)
    assert (lines["a2"].points, lines["a2"].games) == (1, 0)
    assert (lines["b1"].points, lines["b2"].points) == (0, 0)
    assert individual_ranking(event(decided)) == ()


def test_board_prizes_count_a_player_on_the_lowest_board_played() -> None:
    # round 3: a1 is absent, a2 moves up to board 1 and a3 plays board 2
    moved = Round(
        3,
        matches=(match("A", "B", ("a2", "b1", "1-0"), ("b2", "a3", "½-½")),),
    )
    prizes = board_prizes(event(ROUND_1, moved))
    board_1 = {line.player: line for line in prizes[0].lines}
    board_2 = {line.player: line for line in prizes[1].lines}
    # a2 played boards 2 and 1: eligible on board 1 only, with all 1½ points
    assert "a2" in board_1 and "a2" not in board_2
    assert (board_1["a2"].points, board_1["a2"].boards) == (Fraction(3, 2), (1, 2))
    # b2 played board 2 twice: 1 point there
    assert board_2["b2"].points == 1
