"""Team ratings for the order of the teams (docs/teams.md, setting up step 5; US Chess 31C, 31C1).

Every expected value is worked by hand from the rule it names.
"""

from __future__ import annotations

from fractions import Fraction

import builders
import pytest

from tourney.engine.teams.rating import (
    METHODS,
    current_order,
    follows_ratings,
    format_rating,
    order_by_rating,
    team_numbers,
    team_rating,
    team_ratings,
)
from tourney.model import (
    Format,
    Game,
    Match,
    Player,
    Round,
    Team,
    TeamOptions,
    TeamRatingMethod,
    Tournament,
)


def event(
    rosters: dict[str, list[int | None]],
    method: str = "olympiad",
    boards: int = 4,
    unrated: int = 1400,
    typed: dict[str, int] | None = None,
    starts: dict[str, int] | None = None,
    rounds: tuple[Round, ...] = (),
) -> Tournament:
    """Teams named by ``rosters``; player ``<team>.<i>`` has the i-th rating (None: unrated)."""
    players, teams = [], []
    typed, starts = typed or {}, starts or {}
    for team_id, ratings in rosters.items():
        ids = [f"{team_id}.{i}" for i in range(1, len(ratings) + 1)]
        players += [Player(pid, pid, rating=r) for pid, r in zip(ids, ratings, strict=True)]
        teams.append(
            Team(
                team_id,
                team_id,
                roster=tuple(ids),
                rating=typed.get(team_id),
                start=starts.get(team_id),
            )
        )
    options = TeamOptions(boards=boards, unrated_rating=unrated)
    if method in {m.value for m in TeamRatingMethod}:
        options = TeamOptions(
            boards=boards, unrated_rating=unrated, rating_method=TeamRatingMethod(method)
        )
    return builders.event(
        *rounds,
        players=players,
        fmt=Format.TEAM_SWISS,
        planned=7,
        name="t",
        teams=tuple(teams),
        team=options,
    )


def rating(t: Tournament, team: str, method: str | None = None) -> Fraction | None:
    return team_rating(t, t.team(team), method).value


# -- FIDE-style methods (docs/teams.md, setting up step 5) -------------------------------------------------------

STRONG_RESERVE = {"A": [2400, 2300, 2200, 2000, 2100]}  # the reserve outrates board 4


def test_olympiad_counts_a_reserve_stronger_than_board_4() -> None:
    # the four highest: 2400, 2300, 2200 and the reserve's 2100 -> 9000 / 4
    assert rating(event(STRONG_RESERVE), "A") == 2250


def test_first_boards_takes_the_roster_order() -> None:
    # boards 1-4 in roster order: 2400 + 2300 + 2200 + 2000 = 8900 / 4
    assert rating(event(STRONG_RESERVE, "first-boards"), "A") == 2225


def test_whole_roster_includes_the_reserve() -> None:
    # 11000 / 5
    assert rating(event(STRONG_RESERVE, "roster"), "A") == 2200


def test_unrated_counts_as_the_configured_rating() -> None:
    rosters = {"A": [2000, None, 1800, 1600]}
    # default 1400: 2000 + 1800 + 1600 + 1400 = 6800 / 4
    assert rating(event(rosters), "A") == 1700
    # 1900: the unrated player is now the second highest: 2000 + 1900 + 1800 + 1600 = 7300 / 4
    assert rating(event(rosters, unrated=1900), "A") == Fraction(7300, 4)


def test_a_typed_rating_wins_over_every_method() -> None:
    for method in METHODS:
        t = event(STRONG_RESERVE, method, typed={"A": 1999})
        found = team_rating(t, t.team("A"), method)
        assert found.value == 1999 and found.method == "typed"


def test_typed_method_without_a_typed_rating_has_none_and_comes_last() -> None:
    t = event({"A": [2000], "B": [1500], "C": [1000]}, "typed", typed={"B": 1500, "C": 1600})
    assert rating(t, "A") is None
    assert order_by_rating(t) == ("C", "B", "A")


def test_a_roster_shorter_than_the_boards_averages_what_it_has() -> None:
    assert rating(event({"A": [2000, 1800]}), "A") == 1900
    assert rating(event({"A": []}), "A") is None


# -- US Chess 31C and 31C1 ---------------------------------------------------------------------


def test_31c_averages_rated_regulars_only() -> None:
    # regulars 2000, unrated, 1800, 1600; the 2200 alternate does not count: 5400 / 3
    t = event({"A": [2000, None, 1800, 1600, 2200]})
    assert rating(t, "A", "us-31c") == 1800


def test_31c_with_no_rated_regular_has_no_rating() -> None:
    assert rating(event({"A": [None, None]}), "A", "us-31c") is None


@pytest.mark.parametrize(
    ("ratings", "expected"),
    [
        # unrated on board four: 50 below board three (1800 - 50 = 1750); 7450 / 4
        ([2000, 1900, 1800, None], Fraction(7450, 4)),
        # unrated on board three: average of boards two and four (1900 + 1700) / 2 = 1800
        ([2000, 1900, None, 1700], Fraction(7400, 4)),
        # unrated on board two: average of boards one and three (2000 + 1800) / 2 = 1900
        ([2000, None, 1800, 1700], Fraction(7400, 4)),
        # unrated on board one: 50 above board two (1900 + 50 = 1950); 7350 / 4
        ([None, 1900, 1800, 1700], Fraction(7350, 4)),
        # boards two and three unrated: b2 = (2000 + b3) / 2 and b3 = (b2 + 1700) / 2
        # give b2 = 1900, b3 = 1800; 7400 / 4
        ([2000, None, None, 1700], Fraction(7400, 4)),
        # boards three and four unrated: b4 = b3 - 50 and b3 = (1900 + b4) / 2
        # give b3 = 1850, b4 = 1800; 7550 / 4
        ([2000, 1900, None, None], Fraction(7550, 4)),
    ],
)
def test_31c1_gives_an_unrated_regular_a_rating_from_the_neighbours(
    ratings: list[int | None], expected: Fraction
) -> None:
    t = event({"A": [*ratings, 2500]})  # an alternate never counts
    assert rating(t, "A", "us-31c1") == expected


def test_31c1_worked_values_are_shown() -> None:
    t = event({"A": [2000, None, 1800, 1700]})
    found = team_rating(t, t.team("A"), "us-31c1")
    assert found.counted == (2000, 1900, 1800, 1700)
    assert found.describe() == "us-31c1: (2000 + 1900 + 1800 + 1700) / 4 = 1850"


# -- the order of the teams ----------------------------------------------------------------------


def test_order_by_rating_keeps_teams_of_equal_rating_in_their_order() -> None:
    rosters = {"A": [1800], "B": [2000], "C": [1800], "D": [2000], "E": [1900]}
    t = event(rosters, boards=1)
    assert order_by_rating(t) == ("B", "D", "E", "A", "C")
    # the present numbers are the order kept, not the file order
    t = event(rosters, boards=1, starts={"A": 5, "B": 4, "C": 3, "D": 2, "E": 1})
    assert current_order(t) == ("E", "D", "C", "B", "A")
    assert order_by_rating(t) == ("D", "B", "E", "C", "A")


def test_exact_averages_order_teams_a_rounded_rating_would_tie() -> None:
    # 2094.75 and 2094.5 both print as 2095, but the first is higher
    t = event({"A": [2095, 2094, 2095, 2094], "B": [2095, 2095, 2095, 2094]})
    assert rating(t, "A") == Fraction(8378, 4) and rating(t, "B") == Fraction(8379, 4)
    assert order_by_rating(t) == ("B", "A")
    assert team_rating(t, t.team("A")).rounded == 2095
    assert format_rating(Fraction(8379, 4)) == "2094.75"
    assert format_rating(Fraction(4189, 2)) == "2094.5"
    assert format_rating(Fraction(6284, 3)) == "2094.67"


def test_follows_ratings() -> None:
    t = event({"A": [2000], "B": [1900], "C": [1900]}, boards=1)
    ratings = team_ratings(t)
    assert follows_ratings(("A", "C", "B"), ratings)
    assert not follows_ratings(("B", "A", "C"), ratings)


def test_teams_not_placed_by_hand_take_the_free_numbers_by_rating() -> None:
    # C was put at number 1 by hand; A, B, D are ordered by rating into 2, 3, 4
    t = event({"A": [1500], "B": [1700], "C": [1400], "D": [1600]}, boards=1, starts={"C": 1})
    assert team_numbers(t) == {"C": 1, "B": 2, "D": 3, "A": 4}


def test_a_late_team_is_numbered_after_the_others() -> None:
    played = Round(1, matches=(Match("A", "B", (Game("A.1", "B.1", board=1),)),))
    t = event(
        {"A": [1500], "B": [1400], "C": [2000]}, boards=1, starts={"A": 1, "B": 2}, rounds=(played,)
    )
    assert team_numbers(t) == {"A": 1, "B": 2, "C": 3}
