"""Withdrawn and absent teams, and forfeits by decision (docs/teams.md "Pairing"; FIDE GR 6.6).

Hand-worked cases on a four-team, four-board round robin: A, B, C, D meet
A-C, B-D in round 1, A-D, B-C in round 2 and A-B, C-D in round 3.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from builders import team_event

from tourney.engine.pair import pair_round
from tourney.engine.teams.lineups import seat_match
from tourney.engine.teams.scores import MatchKind, match_result, team_rounds, team_tables
from tourney.model import (
    ByeKind,
    Format,
    Game,
    Match,
    MatchDecision,
    Outcome,
    Result,
    Round,
    Scoring,
    Tournament,
)

R = {"1": Result.WHITE_WINS, "0": Result.BLACK_WINS, "=": Result.DRAW, ".": None}


def match(white: str, black: str, results: str, decision: MatchDecision | None = None) -> Match:
    games = []
    for board, code in enumerate(results.split(), start=1):
        ours, theirs = f"{white.lower()}{board}", f"{black.lower()}{board}"
        pair = (ours, theirs) if board % 2 else (theirs, ours)
        games.append(Game(pair[0], pair[1], R[code], board))
    return Match(white, black, tuple(games), decision)


def event(
    *rounds: Round,
    fmt: Format = Format.TEAM_ROUND_ROBIN,
    withdrawn: dict[str, int] | None = None,
    absent: dict[str, tuple[int, ...]] | None = None,
) -> Tournament:
    withdrawn, absent = withdrawn or {}, absent or {}
    fields = {t: {"withdrawn_after": withdrawn.get(t), "absent": absent.get(t, ())} for t in "ABCD"}
    return team_event(
        *rounds, fmt=fmt, planned=3, rating=2000, team_fields=fields, name="RR", scoring=Scoring()
    )


PLAYED = (
    Round(1, matches=(match("A", "C", "1 0 1 0"), match("B", "D", "= = = ="))),
    Round(2, matches=(match("A", "D", "1 = 0 ="), match("B", "C", "0 1 0 1"))),
)
PENDING_3 = Round(3, matches=(match("A", "B", "1 0 1 0"), match("C", "D", ". . . .")))


def test_two_withdrawn_teams_that_still_had_to_meet_get_a_double_forfeit() -> None:
    """docs/teams.md: C and D both withdraw after round 2 (two of three matches played, so
    GR 6.6 keeps their results); their round-3 match is a double forfeit: both lose."""
    t = event(*PLAYED, PENDING_3, withdrawn={"C": 2, "D": 2})
    rounds = team_rounds(t, after=3)
    for team in "CD":
        last = rounds[team][2]
        assert last.kind is MatchKind.FORFEIT_LOSS
        assert (last.match_points, last.game_points, last.outcome) == (
            0,
            0,
            Outcome.FORFEIT_LOSS,
        )
    # Their earlier results stand (they played half or more of their matches).
    assert [r.kind for r in rounds["C"][:2]] == [MatchKind.PLAYED, MatchKind.PLAYED]
    mp = team_tables(t, after=3).mp
    # A-C "1 0 1 0" is 4-0 for A (A has Black on boards 2 and 4), B-C "0 1 0 1" 4-0
    # for C, and D drew both its matches: C 0 + 2 + 0, D 1 + 1 + 0.
    assert (mp.points("C"), mp.points("D")) == (2, 2)


def test_reinstating_one_withdrawn_team_gives_it_the_forfeit_win_back() -> None:
    t = event(*PLAYED, PENDING_3, withdrawn={"D": 2})
    c = team_rounds(t, after=3)["C"][2]
    # C seated four boards: one game point each (ForfeitedMatchScore.SEATED, docs/teams.md).
    assert (c.kind, c.match_points, c.game_points) == (MatchKind.FORFEIT_WIN, 2, 4)
    d = team_rounds(t, after=3)["D"][2]
    assert (d.kind, d.match_points, d.game_points) == (MatchKind.FORFEIT_LOSS, 0, 0)


def test_a_withdrawn_team_under_half_played_is_annulled_whatever_is_pending() -> None:
    """GR 6.6: D withdraws after round 1 (one of three matches): its results count for
    nobody, its pending matches neither."""
    t = event(*PLAYED, PENDING_3, withdrawn={"D": 1})
    rounds = team_rounds(t, after=3)
    assert [r.kind for r in rounds["D"]] == [MatchKind.ANNULLED] * 3
    assert rounds["B"][0].kind is MatchKind.ANNULLED
    assert rounds["C"][2].kind is MatchKind.ANNULLED


def test_results_on_the_board_stand_after_a_withdrawal() -> None:
    """Only a match still without results is forfeited; one already played keeps them."""
    played_3 = Round(3, matches=(match("A", "B", "1 0 1 0"), match("C", "D", "1 1 1 1")))
    t = event(*PLAYED, played_3, withdrawn={"C": 2, "D": 2})
    assert team_rounds(t, after=3)["C"][2].kind is MatchKind.PLAYED


def test_a_team_absent_for_a_round_forfeits_its_pending_match() -> None:
    """docs/teams.md: a match against a team out of the round as a team pays as a match
    forfeited as a whole, to the team present."""
    t = event(*PLAYED, PENDING_3, absent={"D": (3,)})
    c = team_rounds(t, after=3)["C"][2]
    assert (c.kind, c.match_points) == (MatchKind.FORFEIT_WIN, 2)


def test_round_robin_pairing_seats_nobody_for_a_team_out_of_the_round() -> None:
    """Pair glue: a team out of a round robin round is seated with no boards, and the
    match is written as a decision for the team present (both out: a double forfeit)."""
    t = event(absent={"D": (1,)})
    paired = seat_match(t, t.team("B"), t.team("D"), 1, 2)
    assert paired.decision is MatchDecision.WHITE_TEAM
    assert [(g.white, g.black) for g in paired.games] == [
        ("b1", ""),
        ("", "b2"),
        ("b3", ""),
        ("", "b4"),
    ]
    both = event(absent={"C": (1,), "D": (1,)})
    assert seat_match(both, both.team("C"), both.team("D"), 1, 2).decision is (
        MatchDecision.NEITHER
    )
    present = seat_match(t, t.team("A"), t.team("C"), 1, 1)
    assert present.decision is None and all(g.white and g.black for g in present.games)


def test_team_swiss_leaves_an_absent_team_unpaired_with_a_zero_bye() -> None:
    """docs/teams.md: a team marked absent for a round (before pairing) is not paired; the
    round file records it as a zero-point bye."""
    t = event(fmt=Format.TEAM_SWISS, absent={"B": (1,)})
    t = replace(t, settings=replace(t.settings, initial_colour=None))
    rnd = pair_round(t, 1)
    paired = {team for m in rnd.matches for team in (m.white, m.black)}
    assert "B" not in paired
    assert any(b.participant == "B" and b.kind is ByeKind.ZERO for b in rnd.byes)


def test_withdrawing_a_decision_gives_back_the_old_results() -> None:
    """docs/teams.md: Forfeit by decision, then Withdraw the decision: the boards' own results
    count again (they were never overwritten)."""
    played = match("A", "B", "= = 0 =")  # B wins board 3 (A has White on it)
    decided = replace(played, decision=MatchDecision.WHITE_TEAM)
    by_decision = match_result(decided, Scoring(), 4)
    assert by_decision is not None
    assert (by_decision.white_match_points, by_decision.white_game_points) == (2, 4)
    withdrawn = replace(decided, decision=None)
    restored = match_result(withdrawn, Scoring(), 4)
    assert restored is not None
    assert (restored.white_game_points, restored.black_game_points) == (
        Fraction(3, 2),
        Fraction(5, 2),
    )
    assert (restored.white_match_points, restored.black_match_points) == (0, 2)
