"""Team scoring and team tie-breaks on hand-worked cases (docs/teams.md, docs/teams.md, C.04.6, C.07)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from builders import team_event

from tourney.engine.scores import Unplayed
from tourney.engine.standings import standings
from tourney.engine.teams.scores import MatchKind, match_result, team_rounds, team_tables
from tourney.engine.teams.standings import team_standings
from tourney.engine.tiebreaks import compute, defaults, make_context, parse_descriptor
from tourney.model import (
    Bye,
    ByeKind,
    ForfeitedMatchScore,
    Format,
    Game,
    Match,
    MatchDecision,
    Outcome,
    PrimaryScore,
    Result,
    Round,
    Scoring,
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


def match(white: str, black: str, results: str, decision: MatchDecision | None = None) -> Match:
    """``match("A", "B", "1 = 0 --")``: board k pairs the k-th players; the white team has
    White on odd boards, and each result is written from board k's White."""
    games = []
    for board, code in enumerate(results.split(), start=1):
        ours, theirs = f"{white.lower()}{board}", f"{black.lower()}{board}"
        pair = (ours, theirs) if board % 2 else (theirs, ours)
        games.append(Game(pair[0], pair[1], R[code], board))
    return Match(white, black, tuple(games), decision)


def event(
    *rounds: Round,
    teams: str = "ABCD",
    fmt: Format = Format.TEAM_SWISS,
    scoring: Scoring | None = None,
    withdrawn: dict[str, int] | None = None,
) -> Tournament:
    return team_event(
        *rounds,
        teams=teams,
        fmt=fmt,
        scoring=scoring or Scoring(),
        team_fields={t: {"withdrawn_after": n} for t, n in (withdrawn or {}).items()},
    )


def test_match_points_follow_game_points() -> None:
    # On boards 2 and 4 the white team (A) has Black, so "1" there is a win for team B.
    result = match_result(match("A", "B", "1 = = 1"), Scoring(), 4)
    assert result is not None
    assert (result.white_game_points, result.black_game_points) == (2, 2)
    assert (result.white_match_points, result.black_match_points) == (1, 1)
    win = match_result(match("A", "B", "1 1 = 0"), Scoring(), 4)
    assert win is not None
    assert (win.white_game_points, win.black_game_points) == (Fraction(5, 2), Fraction(3, 2))
    assert (win.white_match_points, win.black_match_points) == (2, 0)
    three = match_result(match("A", "B", "1 1 = 0"), Scoring(match_win=Fraction(3)), 4)
    assert three is not None and three.white_match_points == 3


def test_us_chess_31e_double_forfeit_on_board_4() -> None:
    """US Chess 31E (docs/teams.md): board 4 a double forfeit, A wins boards 1-2, B board 3:
    A wins the match with 2 game points to 1."""
    m = match("A", "B", "1 0 0 --")
    result = match_result(m, Scoring(), 4)
    assert result is not None
    assert (result.white_game_points, result.black_game_points) == (2, 1)
    assert (result.white_outcome, result.white_match_points) == (Outcome.WIN, 2)
    assert result.played


def test_forfeited_match_pays_seated_boards_or_the_full_count() -> None:
    """docs/teams.md: a team that seated three of four wins 3-0 by default, 4-0 with FULL."""
    seated = replace(
        match("A", "B", "+ - + -", MatchDecision.WHITE_TEAM),
        games=(
            Game("a1", "b1", Result.WHITE_FORFEIT_WIN, 1),
            Game("b2", "a2", Result.BLACK_FORFEIT_WIN, 2),
            Game("a3", "", Result.WHITE_FORFEIT_WIN, 3),
            Game("", "", Result.BLACK_FORFEIT_WIN, 4),
        ),
    )
    default = match_result(seated, Scoring(), 4)
    assert default is not None
    assert (default.white_game_points, default.black_game_points) == (3, 0)
    assert (default.white_match_points, default.black_match_points) == (2, 0)
    assert (default.white_outcome, default.black_outcome) == (
        Outcome.FORFEIT_WIN,
        Outcome.FORFEIT_LOSS,
    )
    full = match_result(seated, Scoring(forfeited_match=ForfeitedMatchScore.FULL), 4)
    assert full is not None and full.white_game_points == 4


def test_a_team_that_seated_nobody_still_wins_the_match() -> None:
    """docs/teams.md: awarded to a team with no line-up: 0-0 on the boards, still a (forfeit) win."""
    t = event(Round(1, matches=(Match("A", "B", (), MatchDecision.BLACK_TEAM),)), teams="AB")
    rounds = team_rounds(t)
    assert (rounds["B"][0].game_points, rounds["B"][0].match_points) == (0, 2)
    assert rounds["B"][0].kind is MatchKind.FORFEIT_WIN
    rows = {row.team: row for row in team_standings(t, tiebreaks="").rows}
    assert (rows["B"].won, rows["B"].lost, rows["A"].lost) == (1, 0, 1)
    assert rows["B"].rank == 1


def test_double_forfeit_by_decision_both_lose() -> None:
    t = event(
        Round(1, matches=(match("A", "B", "+ + + +", MatchDecision.NEITHER),)),
        Round(2, matches=(match("A", "B", "1 1 1 1"),)),
        teams="AB",
    )
    tables = team_tables(t)
    for team in "AB":
        view = tables.mp.views[team][0]
        assert (view.points, view.outcome) == (0, Outcome.FORFEIT_LOSS)
        assert view.category is Unplayed.FORFEIT_LOSS  # C.07 16.2.4, a VUR
        assert tables.gp.views[team][0].points == 0


def test_team_byes() -> None:
    """C.04.6 3.1: a PAB is worth a drawn match; half-point bye a draw, full a win, zero nothing."""
    byes = (
        Bye("A", ByeKind.PAB),
        Bye("B", ByeKind.HALF),
        Bye("C", ByeKind.FULL),
        Bye("D", ByeKind.ZERO),
    )
    t = event(Round(1, byes=byes))
    rounds = team_rounds(t, after=1)
    got = {team: (r[0].match_points, r[0].game_points) for team, r in rounds.items()}
    assert got == {"A": (1, 2), "B": (1, 2), "C": (2, 4), "D": (0, 0)}
    valued = event(
        Round(1, byes=byes),
        scoring=Scoring(team_pab_match_points=Fraction(2), team_pab_game_points=Fraction(5, 2)),
    )
    assert team_rounds(valued, after=1)["A"][0].match_points == 2
    assert team_rounds(valued, after=1)["A"][0].game_points == Fraction(5, 2)


def test_bb_counts_a_team_swiss_bye_as_a_win_on_every_board() -> None:
    """docs/teams.md: BB counts the PAB as four won boards, 1+2+3+4 = 10, though it gives 2 GP."""
    t = event(Round(1, matches=(match("B", "C", "1 1 1 1"),), byes=(Bye("A", ByeKind.PAB),)))
    bb = compute(make_context(t), parse_descriptor("BB"))
    assert bb["A"].value == 10
    assert team_tables(t).gp.points("A") == 2
    # B won boards 1 and 3; C won boards 2 and 4 (the white team has Black on even boards).
    assert (bb["B"].value, bb["C"].value) == (4, 6)


def test_de_counts_a_forfeited_match_only_in_a_round_robin() -> None:
    """docs/teams.md, C.07 6.1.1 and 15.2: in a team Swiss a forfeited match is no encounter."""
    rounds = (
        Round(
            1,
            matches=(
                match("A", "B", "+ + + +", MatchDecision.WHITE_TEAM),
                match("C", "D", "1 1 1 1"),
            ),
        ),
        Round(2, matches=(match("A", "C", "0 1 0 1"), match("B", "D", "1 0 1 0"))),
    )
    swiss = event(*rounds)
    # A and B are tied on 2 MP... A: 2 + 0 = 2; B: 0 + 2 = 2.
    ranks = {r.participant: r.rank for r in standings(swiss, tiebreaks="DE").rows}
    assert ranks["A"] == ranks["B"]
    robin = event(*rounds, fmt=Format.TEAM_ROUND_ROBIN)
    ranks = {r.participant: r.rank for r in standings(robin, tiebreaks="DE").rows}
    assert ranks["A"] < ranks["B"]


def test_won_drawn_lost_and_game_point_primary() -> None:
    rounds = (
        Round(1, matches=(match("A", "B", "1 = = 0"), match("C", "D", "1 0 1 0"))),
        Round(2, matches=(match("A", "C", "1 0 1 0"), match("B", "D", "= = = =")), byes=()),
    )
    t = event(*rounds)
    rows = {row.team: row for row in team_standings(t).rows}
    # Round 1: A 3-1 B, C 4-0 D; round 2: A 4-0 C, B 2-2 D.
    assert (rows["A"].won, rows["A"].drawn, rows["A"].lost) == (2, 0, 0)
    assert (rows["B"].won, rows["B"].drawn, rows["B"].lost) == (0, 1, 1)
    assert (rows["A"].match_points, rows["A"].game_points) == (4, 7)
    assert rows["A"].rank == 1
    gp_first = replace(
        t, settings=replace(t.settings, scoring=Scoring(primary=PrimaryScore.GAME_POINTS))
    )
    ctx = make_context(gp_first)
    assert ctx.teams is not None and ctx.table is ctx.teams.gp
    # docs/results.md's team default, GP EDE EMGSB after match points (MP when GP is primary)
    game_first = defaults(Format.TEAM_SWISS, primary=PrimaryScore.GAME_POINTS)
    assert [str(d) for d in game_first] == ["MP", "EDE", "EMGSB"]
    assert [str(d) for d in defaults(Format.TEAM_SWISS)] == ["GP", "EDE", "EMGSB"]
    assert [str(d) for d in defaults(Format.TEAM_SWISS, "fide")] == ["GP", "DE", "BB", "SB"]
    assert [str(d) for d in defaults(Format.TEAM_SWISS, "classic")] == ["GP", "EDE", "EMGSB"]


def test_withdrawn_round_robin_team_under_half_is_annulled() -> None:
    """FIDE General Regulations 6.6: a team that withdraws having played under half its
    matches has its results annulled; they count for nobody."""
    rounds = (
        Round(1, matches=(match("A", "B", "1 1 1 1"), match("C", "D", "1 1 1 1"))),
        Round(2, matches=(match("A", "C", "= = = ="), match("B", "D", "1 1 1 1"))),
        Round(3, matches=(match("A", "D", "1 1 1 1"), match("B", "C", "1 1 1 1"))),
    )
    t = event(*rounds, fmt=Format.TEAM_ROUND_ROBIN, withdrawn={"D": 1})
    rounds_of = team_rounds(t)
    assert [r.kind for r in rounds_of["C"]] == [
        MatchKind.ANNULLED,
        MatchKind.PLAYED,
        MatchKind.PLAYED,
    ]
    mp = team_tables(t).mp
    # C: round 1 annulled, 2-2 v A, 2-2 v B (the white team has Black on boards 2 and 4).
    assert mp.points("C") == 2 and mp.points("D") == 0
    assert mp.points("A") == 2  # 2-2 v B, 2-2 v C, the match v D annulled


def test_tables_cut_from_a_later_round_s_views_equal_tables_computed_for_the_round() -> None:
    """A build adds up every match once (``team_tables``' ``known``): the tables after
    round 1 cut from the rounds 1-3 are the ones computed after round 1, also with a
    team annulled for the whole event (GR 6.6: D withdrew after round 1)."""
    from tourney.engine.evaluation import evaluate

    rounds = (
        Round(1, matches=(match("A", "B", "1 1 1 1"), match("C", "D", "1 1 1 1"))),
        Round(2, matches=(match("A", "C", "= = = ="), match("B", "D", "1 1 1 1"))),
        Round(3, matches=(match("A", "D", "1 1 1 1"), match("B", "C", "1 1 1 1"))),
    )
    t = event(*rounds, fmt=Format.TEAM_ROUND_ROBIN, withdrawn={"D": 1})
    cut = team_tables(t, 1, team_rounds(t, 3))
    assert cut == team_tables(t, 1)
    # round 1: A-B 2-2 (A White on boards 1 and 3), C-D annulled: 1, 1, 0, 0
    assert [cut.mp.points(x) for x in "ABCD"] == [1, 1, 0, 0]
    built = evaluate(t)
    for n in (1, 2, 3):
        assert built.team_rounds(n) == team_rounds(t, n)
        assert built.team_tables(n) == team_tables(t, n)


def test_doctests() -> None:
    import doctest

    from tourney.engine.teams import scores as team_scores
    from tourney.load import trf_teams

    assert doctest.testmod(team_scores).failed == 0
    assert doctest.testmod(trf_teams).failed == 0
