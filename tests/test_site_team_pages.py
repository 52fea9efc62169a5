"""The team pages read the engine (docs/teams.md "Average rating fielded", "Results and
standings", "Individual ranking"), worked by hand on a two-round, two-board event.

Team A: a1 2000, a2 1800; team B: b1 2100, b2 1900.
Round 1, A-B: board 1 a1-b1 1-0u (decided before a move: a game, not rated);
board 2 b2-a2 +/- (a2 never came).
Round 2, B-A forfeited as a whole by decision to B, both line-ups seated.
"""

from __future__ import annotations

from tourney.engine.evaluation import evaluate
from tourney.model import (
    Format,
    Game,
    Match,
    MatchDecision,
    Player,
    Result,
    Round,
    Settings,
    Team,
    TeamOptions,
    Tournament,
)
from tourney.render.site.event import EventData, Frames
from tourney.render.site.team import boards as team_boards
from tourney.render.site.team import individual as team_individual
from tourney.render.site.team import rounds as team_rounds
from tourney.render.site.team import standings as team_standings
from tourney.render.site.team.event import TeamEvent
from tourney.render.views import (
    BoardStatsPage,
    IndividualPage,
    TeamRoundPage,
    TeamStandingsPage,
)

RATINGS = {"a1": 2000, "a2": 1800, "b1": 2100, "b2": 1900}


def pages() -> TeamEvent:
    teams = (
        Team("A", "Alpha", roster=("a1", "a2"), start=1),
        Team("B", "Beta", roster=("b1", "b2"), start=2),
    )
    rounds = (
        Round(
            1,
            matches=(
                Match(
                    "A",
                    "B",
                    (
                        Game("a1", "b1", Result.WHITE_WINS_UNPLAYED, 1),
                        Game("b2", "a2", Result.WHITE_FORFEIT_WIN, 2),
                    ),
                    number=1,
                ),
            ),
        ),
        Round(
            2,
            matches=(
                Match(
                    "B",
                    "A",
                    (Game("b1", "a1", None, 1), Game("a2", "b2", None, 2)),
                    MatchDecision.WHITE_TEAM,
                    number=1,
                ),
            ),
        ),
    )
    t = Tournament(
        Settings("Cup", Format.TEAM_SWISS, 5, team=TeamOptions(boards=2)),
        players=tuple(Player(p, p.upper(), rating=r) for p, r in RATINGS.items()),
        teams=teams,
        rounds=rounds,
    )
    return TeamEvent(EventData(evaluate(t)), Frames("Cup", ()))


def by_path(generated: object) -> dict[str, object]:
    return dict(generated)  # type: ignore[call-overload]


def test_average_fielded_leaves_out_a_player_who_lost_by_forfeit() -> None:
    """a2 lost by forfeit (never sat down): A fielded a1 only, 2000; B fielded 2100 and 1900."""
    page = by_path(team_rounds.pages(pages()))["round-01.html"]
    assert isinstance(page, TeamRoundPage)
    row = page.matches[0]
    assert (row.white_average, row.black_average) == ("2000", "2000")
    assert (row.game_points, row.match_points) == ("1-1", "1-1")


def test_standings_show_the_latest_match_average() -> None:
    page = by_path(team_standings.pages(pages()))["standings-01.html"]
    assert isinstance(page, TeamStandingsPage)
    assert {r.team.id: r.average for r in page.rows} == {"A": "2000", "B": "2000"}


def test_board_statistics_count_a_decided_match_and_an_unplayed_win() -> None:
    """Board 1: b1 lost 1-0u (a game) and won round 2 by decision (a forfeit point):
    1 point of 2 counted boards; a1 the reverse. Board 2: b2 two forfeit wins."""
    page = by_path(team_boards.pages(pages()))["boards.html"]
    assert isinstance(page, BoardStatsPage)
    board1 = {r.player.id: (r.games, r.points, r.percentage) for r in page.boards[0].rows}
    assert board1 == {"a1": (1, "1", "50.0"), "b1": (1, "1", "50.0")}
    board2 = {r.player.id: (r.games, r.points, r.percentage) for r in page.boards[1].rows}
    assert board2 == {"b2": (0, "2", "100.0"), "a2": (0, "0", "0.0")}


def test_individual_ranking_lists_players_with_a_game() -> None:
    """b2 and a2 played no game over the board (forfeits only): not listed."""
    page = by_path(team_individual.pages(pages()))["individual.html"]
    assert isinstance(page, IndividualPage)
    assert [(r.rank, r.player.id, r.games, r.points) for r in page.rows] == [
        ("1", "b1", 1, "1"),
        ("1", "a1", 1, "1"),
    ]
