"""Line-ups (docs/teams.md "Line-ups" and "Average rating fielded"; US Chess 31B, 31B2).

Team A's roster: a1 2200, a2 2100, a3 2000, a4 1900, a5 1800 (reserve).
Team B's roster: b1 2150, b2 2050, b3 1950, b4 1850.
"""

from __future__ import annotations

from fractions import Fraction

import builders

from tourney.engine.teams.lineups import (
    US_31B,
    US_31B2,
    LineupProblem,
    check_lineups,
    check_match,
    default_lineup,
    fielded_average,
    fielded_averages,
    latest_fielded_average,
    latest_of,
    match_averages,
    seat_match,
    seats,
)
from tourney.model import (
    BoardOrder,
    Format,
    Game,
    LineupRule,
    Match,
    Player,
    Result,
    Round,
    Team,
    TeamOptions,
    Tournament,
)

RATINGS = {
    "a1": 2200,
    "a2": 2100,
    "a3": 2000,
    "a4": 1900,
    "a5": 1800,
    "b1": 2150,
    "b2": 2050,
    "b3": 1950,
    "b4": 1850,
}


def event(
    ratings: dict[str, int | None] | None = None,
    rounds: tuple[Round, ...] = (),
    order: BoardOrder = BoardOrder.FIXED,
    lineups: LineupRule = LineupRule.REQUIRED,
    absent: dict[str, tuple[int, ...]] | None = None,
    roster_a: tuple[str, ...] = ("a1", "a2", "a3", "a4", "a5"),
) -> Tournament:
    table: dict[str, int | None] = {**RATINGS, **(ratings or {})}
    absent = absent or {}
    players = tuple(
        Player(pid, pid.upper(), rating=r, absent=absent.get(pid, ())) for pid, r in table.items()
    )
    teams = (
        Team("A", "Team A", roster=roster_a),
        Team("B", "Team B", roster=("b1", "b2", "b3", "b4")),
    )
    options = TeamOptions(boards=4, board_order=order, lineups=lineups)
    return builders.event(
        *rounds, players=players, fmt=Format.TEAM_SWISS, name="t", teams=teams, team=options
    )


def match(home: list[str], away: list[str], results: list[str | None] | None = None) -> Match:
    """A (home, White on board 1) against B; ``results`` as written, White first."""
    games = []
    for board, (h, a) in enumerate(zip(home, away, strict=True), start=1):
        white, black = (h, a) if board % 2 == 1 else (a, h)
        result = Result(results[board - 1]) if results and results[board - 1] else None
        games.append(Game(white, black, result, board))
    return Match("A", "B", tuple(games), number=1)


def problems(
    t: Tournament, m: Match, order: str | None = None, number: int = 1
) -> list[tuple[str, int, str, str]]:
    rnd = Round(number, matches=(m,))
    return [(p.team, p.board, p.player, p.rule) for p in check_match(t, rnd, m, order)]


B_LINE = ["b1", "b2", "b3", "b4"]


# -- the default line-up (what tourney pair seats) ---------------------------------------------


def test_a_reserve_moves_up_for_an_absent_player() -> None:
    t = event(absent={"a2": (2,)})
    assert default_lineup(t, t.team("A"), 1) == ("a1", "a2", "a3", "a4")
    assert default_lineup(t, t.team("A"), 2) == ("a1", "a3", "a4", "a5")


def test_31b_seats_by_rating_with_unrated_players_last() -> None:
    # roster order a1..a5, but a3 is now the highest rated and a1 unrated
    t = event({"a1": None, "a3": 2300})
    assert default_lineup(t, t.team("A"), 1) == ("a1", "a2", "a3", "a4")
    assert default_lineup(t, t.team("A"), 1, US_31B) == ("a3", "a2", "a4", "a1")
    assert default_lineup(t, t.team("A"), 1, US_31B2) == ("a3", "a2", "a4", "a1")


def test_seat_match_alternates_colours_and_forfeits_the_boards_a_team_cannot_fill() -> None:
    # B has only b1 and b2 available in round 1: boards 3 and 4 are A's forfeit wins
    t = event(absent={"b3": (1,), "b4": (1,)})
    m = seat_match(t, t.team("A"), t.team("B"), 1, 1)
    assert [(g.board, g.white, g.black, g.result) for g in m.games] == [
        (1, "a1", "b1", None),
        (2, "b2", "a2", None),
        (3, "a3", "", Result.WHITE_FORFEIT_WIN),
        (4, "", "a4", Result.BLACK_FORFEIT_WIN),
    ]
    assert seats(m, "B", 4) == ("b1", "b2", "", "")


# -- validation: board order ---------------------------------------------------------------------


def test_fixed_order_allows_leaving_out_but_not_reordering() -> None:
    t = event()
    # a2 left out, a5 moves up: fine
    assert problems(t, match(["a1", "a3", "a4", "a5"], B_LINE)) == []
    # a3 (roster 3) above a2 (roster 2): the problem is a3 on board 2
    assert problems(t, match(["a1", "a3", "a2", "a4"], B_LINE)) == [("A", 2, "a3", "board-order")]


def test_chosen_order_allows_any_roster_player_on_any_board() -> None:
    t = event(order=BoardOrder.CHOSEN)
    assert problems(t, match(["a5", "a1", "a3", "a2"], B_LINE)) == []


def test_required_line_ups_leave_no_gap() -> None:
    t = event()
    found = problems(t, match(["a1", "", "a3", "a4"], B_LINE))
    assert ("A", 2, "", "empty-board") in found


def test_required_line_ups_fill_a_board_when_a_player_is_available() -> None:
    t = event()
    m = match(["a1", "a2", "a3", ""], B_LINE)
    found = check_match(t, Round(1, matches=(m,)), m)
    assert [(p.board, p.player, p.rule, p.severity) for p in found] == [
        (4, "a4", "unfilled", "warning")
    ]
    # with a4 and a5 absent the team cannot fill board 4: no problem
    t = event(absent={"a4": (1,), "a5": (1,)})
    assert problems(t, m) == []


def test_free_line_ups_may_leave_a_board_empty() -> None:
    t = event(lineups=LineupRule.FREE)
    assert problems(t, match(["a1", "", "a3", "a4"], B_LINE)) == []


# -- validation: US Chess 31B ------------------------------------------------------------------


def test_31b_higher_rated_players_on_lower_boards() -> None:
    t = event()
    assert problems(t, match(["a1", "a2", "a3", "a4"], B_LINE), US_31B) == []
    # a3 (2000) on board 3 below a4 (1900) on board 2
    found = problems(t, match(["a1", "a2", "a4", "a3"], B_LINE), US_31B)
    assert found == [("A", 4, "a3", "us-31b")]


def test_31b_missing_boards_at_the_bottom() -> None:
    t = event(lineups=LineupRule.FREE)
    found = problems(t, match(["a1", "", "a3", "a4"], B_LINE), US_31B)
    assert found == [("A", 2, "", "empty-board")]


def test_31b_unrated_players_below_rated_ones_unless_31b2() -> None:
    t = event({"a2": None})
    line = ["a1", "a2", "a3", "a4"]  # unrated a2 on board 2, above rated a3 and a4
    assert problems(t, match(line, B_LINE), US_31B) == [("A", 2, "a2", "us-31b-unrated")]
    assert problems(t, match(line, B_LINE), US_31B2) == []
    # 31B2 still orders the rated players among themselves
    line = ["a1", "a2", "a4", "a3"]
    assert problems(t, match(line, B_LINE), US_31B2) == [("A", 4, "a3", "us-31b")]


def test_31b_alternates_rated_below_the_regulars() -> None:
    # the alternate a5 (1950) outrates regular a4 (1900)
    t = event({"a5": 1950})
    found = check_lineups(t, US_31B)
    assert found == [
        LineupProblem(
            0,
            0,
            "A",
            5,
            "a5",
            "us-31b-alternate",
            found[0].message,
        )
    ]
    assert "A5 (1950)" in found[0].message and "A4 (1900)" in found[0].message
    assert check_lineups(t) == []  # not a rule of the FIDE orders


def test_check_lineups_walks_every_round_and_numbers_matches() -> None:
    bad = match(["a1", "a3", "a2", "a4"], B_LINE)
    rnd = Round(2, matches=(Match(bad.white, bad.black, bad.games, number=0),))
    found = check_lineups(event(rounds=(rnd,)))
    assert [(p.round_no, p.match, p.board, p.rule) for p in found] == [(2, 1, 2, "board-order")]
    assert found[0].describe().startswith("round 2, match 1, A, board 2, ")


# -- average rating fielded ---------------------------------------------------------------------


def test_average_fielded_leaves_out_unrated_and_absent_players() -> None:
    # a1 2200 and a2 2100 play; a3 is unrated; a4 lost by forfeit (did not come)
    t = event({"a3": None})
    m = match(["a1", "a2", "a3", "a4"], B_LINE, ["1-0", "0-1", "½-½", "+/-"])
    # board 4: b4 is White (even board) and wins by forfeit, so a4 never sat down
    assert fielded_average(t, m, "A") == Fraction(2200 + 2100, 2)
    # B fielded all four: (2150 + 2050 + 1950 + 1850) / 4
    assert match_averages(t, m) == (Fraction(4300, 2), Fraction(8000, 4))


def test_latest_fielded_average_is_the_last_match() -> None:
    first = Round(1, matches=(match(["a1", "a2", "a3", "a4"], B_LINE),))
    second = Round(2, matches=(match(["a2", "a3", "a4", "a5"], B_LINE),))
    t = event(rounds=(first, second))
    assert latest_fielded_average(t, "A") == Fraction(2100 + 2000 + 1900 + 1800, 4)
    assert latest_fielded_average(t, "A", after=1) == Fraction(2200 + 2100 + 2000 + 1900, 4)
    # every team and round at once, as the standings pages take it
    averages = fielded_averages(t)
    assert averages["A"] == (
        (1, Fraction(2200 + 2100 + 2000 + 1900, 4)),
        (2, Fraction(2100 + 2000 + 1900 + 1800, 4)),
    )
    for after in (1, 2, 3):
        assert latest_of(averages, "A", after) == latest_fielded_average(t, "A", after)
    assert latest_of(averages, "A", 0) is None
