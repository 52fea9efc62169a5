"""US Chess team scoring (docs/teams.md, rule 31E and its variation), worked by hand.

Each match is built board by board. The team named first (``white``) has White on
board 1 and every odd board; a result is written from the board's White, so on
boards 2 and 4 a ``1`` is a point for the second team.
"""

from __future__ import annotations

from fractions import Fraction

from tourney.engine.teams.scores import match_result, team_tables
from tourney.engine.teams.standings import team_standings
from tourney.model import (
    Format,
    Game,
    Match,
    Outcome,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Team,
    TeamOptions,
    Tournament,
)

R = {
    "1": Result.WHITE_WINS,
    "0": Result.BLACK_WINS,
    "=": Result.DRAW,
    "+": Result.WHITE_FORFEIT_WIN,
    "-": Result.BLACK_FORFEIT_WIN,
    "--": Result.DOUBLE_FORFEIT,
}
HALF = Fraction(1, 2)
US = Scoring(match_win=Fraction(1), match_draw=HALF, match_loss=Fraction(0))
US_MAJORITY = Scoring(
    match_win=Fraction(1), match_draw=HALF, match_loss=Fraction(0), match_win_needs_majority=True
)


def match(white: str, black: str, results: str) -> Match:
    """``match("A", "B", "1 0 0 --")``; ``--`` on a board is a double forfeit with nobody
    seated, ``x`` leaves the board out of the match altogether."""
    games = []
    for board, code in enumerate(results.split(), start=1):
        if code == "x":
            continue
        ours, theirs = f"{white.lower()}{board}", f"{black.lower()}{board}"
        if code == "--":
            ours = theirs = ""
        pair = (ours, theirs) if board % 2 else (theirs, ours)
        games.append(Game(pair[0], pair[1], R[code], board))
    return Match(white, black, tuple(games))


def scores(m: Match, scoring: Scoring) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    result = match_result(m, scoring, 4)
    assert result is not None
    return (
        result.white_game_points,
        result.black_game_points,
        result.white_match_points,
        result.black_match_points,
    )


# --- 31E: the team with more game points wins; US Chess match points 1, ½, 0 ---


def test_31e_double_forfeit_on_board_4_two_one_wins_the_match() -> None:
    """docs/teams.md 31E TD tip: neither board 4 shows up; A wins boards 1 and 2, B board 3.
    A wins the match (1.0) with 2 game points, 'typically only enough to draw'."""
    # board 1: A White wins; board 2: B White loses; board 3: A White loses.
    assert scores(match("A", "B", "1 0 0 --"), US) == (2, 1, 1, 0)


def test_31e_double_forfeit_on_board_4_draws_on_three_boards_draw_the_match() -> None:
    """docs/teams.md 31E TD tip: boards 1-3 drawn, board 4 a double forfeit: each team draws the
    match (0.5) with 1.5 game points."""
    assert scores(match("A", "B", "= = = --"), US) == (HALF * 3, HALF * 3, HALF, HALF)


def test_31e_a_board_left_out_counts_like_a_double_forfeit() -> None:
    assert scores(match("A", "B", "1 0 0 x"), US) == (2, 1, 1, 0)


# --- the 31E variation: a win needs more than half the game points available ---


def test_variation_four_boards_two_and_a_half_wins_two_draws() -> None:
    """docs/teams.md: with four-board teams 2.5 is needed to win and 2.0 draws."""
    # A: board 1 won, board 2 lost (B White wins), board 3 drawn, board 4 won (B White loses).
    assert scores(match("A", "B", "1 1 = 0"), US_MAJORITY) == (
        Fraction(5, 2),
        Fraction(3, 2),
        1,
        0,
    )
    assert scores(match("A", "B", "1 1 0 0"), US_MAJORITY) == (2, 2, HALF, HALF)


def test_variation_one_and_a_half_of_four_loses_even_against_less() -> None:
    """docs/teams.md: 'a team with a game point total equal to or less than 1.5 in a team
    tournament with four-board teams cannot score a match point'."""
    # boards 1 and 2 drawn, board 3 won by A, board 4 double forfeit: A 2, B 1.
    drawn = scores(match("A", "B", "= = 1 --"), US_MAJORITY)
    assert drawn == (2, 1, HALF, 0)
    # B wins board 1 and draws board 2, boards 3 and 4 double forfeits: B has more
    # game points than A (1.5 to 0.5) and still loses the match, as A does.
    lost = scores(match("A", "B", "0 = -- --"), US_MAJORITY)
    assert lost == (HALF, Fraction(3, 2), 0, 0)


def test_variation_three_player_teams_on_four_boards() -> None:
    """docs/teams.md: two teams with only three players each meet in a four-board match: 2-1
    means one team draws (0.5) and the other loses (0); 1.5-1.5 means both lose."""
    assert scores(match("A", "B", "1 0 0 --"), US_MAJORITY) == (2, 1, HALF, 0)
    assert scores(match("A", "B", "1 0 0 x"), US_MAJORITY) == (2, 1, HALF, 0)
    assert scores(match("A", "B", "= = = --"), US_MAJORITY) == (
        Fraction(3, 2),
        Fraction(3, 2),
        0,
        0,
    )


def test_variation_outcomes_read_by_match_points() -> None:
    result = match_result(match("A", "B", "= = = --"), US_MAJORITY, 4)
    assert result is not None
    assert (result.white_outcome, result.black_outcome) == (Outcome.LOSS, Outcome.LOSS)
    result = match_result(match("A", "B", "1 0 0 --"), US_MAJORITY, 4)
    assert result is not None
    assert (result.white_outcome, result.black_outcome) == (Outcome.DRAW, Outcome.LOSS)


def test_without_the_variation_the_default_rule_stands() -> None:
    """2-2 is a drawn match whatever the setting; 1.5-1.5 over three boards draws by default."""
    assert scores(match("A", "B", "1 1 0 0"), Scoring()) == (2, 2, 1, 1)
    assert scores(match("A", "B", "= = = --"), Scoring()) == (
        Fraction(3, 2),
        Fraction(3, 2),
        1,
        1,
    )


def test_variation_in_the_team_standings() -> None:
    """Two rounds under the variation; won-drawn-lost read by match points (docs/teams.md)."""
    teams = tuple(
        Team(t, f"Team {t}", roster=tuple(f"{t.lower()}{b}" for b in range(1, 5)), start=i)
        for i, t in enumerate("ABCD", start=1)
    )
    players = tuple(Player(p, p) for team in teams for p in team.roster)
    rounds = (
        Round(1, matches=(match("A", "B", "= = = --"), match("C", "D", "1 0 0 --"))),
        Round(2, matches=(match("A", "C", "1 1 = 0"), match("B", "D", "1 1 0 0"))),
    )
    t = Tournament(
        Settings("US", Format.TEAM_SWISS, 2, scoring=US_MAJORITY, team=TeamOptions(boards=4)),
        players=players,
        teams=teams,
        rounds=rounds,
    )
    rows = {row.team: row for row in team_standings(t, tiebreaks="").rows}
    # A: lost 1.5-1.5, won 2.5-1.5; B: lost, drew 2-2; C: drew 2-1, lost; D: lost, drew.
    assert (rows["A"].won, rows["A"].drawn, rows["A"].lost) == (1, 0, 1)
    assert rows["A"].match_points == 1
    assert (rows["B"].match_points, rows["C"].match_points, rows["D"].match_points) == (
        HALF,
        HALF,
        HALF,
    )
    assert (rows["C"].won, rows["C"].drawn, rows["C"].lost) == (0, 1, 1)
    assert team_tables(t).mp.points("A") == 1


def test_variation_in_the_team_swiss_pairing_input() -> None:
    """The pairing's score groups read match points the same way as the standings:
    after round 1 (A-B 1.5-1.5 on three boards: both lose; C-D 2-1: C draws, D loses)."""
    from tourney.engine.pairing.team_state import team_state_from_tournament

    teams = tuple(
        Team(t, f"Team {t}", roster=tuple(f"{t.lower()}{b}" for b in range(1, 5)), start=i)
        for i, t in enumerate("ABCD", start=1)
    )
    players = tuple(Player(p, p) for team in teams for p in team.roster)
    rounds = (Round(1, matches=(match("A", "B", "= = = --"), match("C", "D", "1 0 0 --"))),)
    t = Tournament(
        Settings("US", Format.TEAM_SWISS, 3, scoring=US_MAJORITY, team=TeamOptions(boards=4)),
        players=players,
        teams=teams,
        rounds=rounds,
    )
    state = team_state_from_tournament(t, 2)
    points = {r.team_id: r.match_points for r in state.teams}
    assert points == {"A": 0, "B": 0, "C": HALF, "D": 0}
