"""The per-round score view (tourney.engine.scores): points, played flags, Art. 16 categories."""

from __future__ import annotations

from fractions import Fraction

from builders import event, swiss_events
from hypothesis import given, settings

from tourney.engine.scores import Unplayed, last_decided_round, score_table
from tourney.model import (
    Bye,
    ByeKind,
    Colour,
    Game,
    Outcome,
    Result,
    Round,
    Scoring,
    Tournament,
)

STANDARD = Scoring()


def test_every_result_and_bye_scores() -> None:
    t = event(
        Round(1, games=(Game("A", "B", Result.WHITE_WINS), Game("C", "D", Result.DRAW))),
        Round(
            2, games=(Game("A", "C", Result.WHITE_FORFEIT_WIN), Game("B", "D", Result.NO_CONTEST))
        ),
        Round(3, games=(Game("A", "D", Result.DOUBLE_FORFEIT),), byes=(Bye("B", ByeKind.PAB),)),
        Round(4, games=(Game("B", "A", Result.DRAW_UNPLAYED),), byes=(Bye("C", ByeKind.HALF),)),
    )
    table = score_table(t)
    assert {p: table.points(p) for p in table} == {
        "A": Fraction(5, 2),
        "B": Fraction(3, 2),
        "C": 1,
        "D": Fraction(1, 2),
    }
    a = table.views["A"]
    assert (a[0].outcome, a[0].colour, a[0].played) == (Outcome.WIN, Colour.WHITE, True)
    assert (a[1].outcome, a[1].played, a[1].category) == (
        Outcome.FORFEIT_WIN,
        False,
        Unplayed.FORFEIT_WIN,
    )
    assert a[2].category is Unplayed.FORFEIT_LOSS  # a double forfeit
    assert a[3].played  # W/D/L: decided before a move, counted as played (as FIDE's checker)
    b = table.views["B"]
    assert (b[1].outcome, b[1].points, b[1].played) == (Outcome.NO_CONTEST, 0, True)
    assert (b[2].bye, b[2].points, b[2].category) == (ByeKind.PAB, 1, Unplayed.PAB_OR_FULL_BYE)
    assert table.views["C"][3].category is Unplayed.REQUESTED_BYE_TO_END
    d = table.views["D"]
    assert d[3].absent and d[3].category is Unplayed.REQUESTED_BYE_TO_END


def test_scoring_is_configurable() -> None:
    scoring = Scoring(win=Fraction(3), draw=Fraction(1), pab=Fraction(3), half_bye=Fraction(1))
    t = event(
        Round(1, games=(Game("A", "B", Result.WHITE_WINS), Game("C", "D", Result.DRAW))),
        Round(
            2,
            games=(Game("A", "C", Result.DRAW),),
            byes=(Bye("B", ByeKind.PAB), Bye("D", ByeKind.HALF)),
        ),
        scoring=scoring,
    )
    table = score_table(t)
    assert {p: table.points(p) for p in table} == {"A": 4, "B": 3, "C": 2, "D": 2}


def test_only_decided_results_count() -> None:
    t = event(
        Round(1, games=(Game("A", "B", Result.WHITE_WINS), Game("C", "D", Result.BLACK_WINS))),
        Round(2, games=(Game("A", "D", None), Game("B", "C", Result.DRAW))),
        Round(3, games=(Game("A", "B", None),)),
    )
    assert last_decided_round(t) == 2
    table = score_table(t)
    assert table.rounds == 2
    assert table.views["A"][1].pending and table.points("A") == 1
    assert table.views["A"][1].category is None


def test_after_round() -> None:
    t = event(
        Round(1, games=(Game("A", "B", Result.WHITE_WINS),)),
        Round(2, games=(Game("A", "C", Result.WHITE_WINS),)),
    )
    table = score_table(t, after=1)
    assert table.points("A") == 1 and len(table.views["A"]) == 1
    # After round 1, C's absence in round 1 is followed by nothing: category 5.
    assert table.views["C"][0].category is Unplayed.REQUESTED_BYE_TO_END
    assert score_table(t).views["C"][0].category is Unplayed.REQUESTED_BYE


def test_late_entry_absence_is_category_3() -> None:
    t = event(
        Round(1, games=(Game("A", "B", Result.WHITE_WINS),)),
        Round(2, games=(Game("A", "C", Result.WHITE_WINS), Game("B", "D", Result.DRAW))),
    )
    table = score_table(t)
    assert table.views["C"][0].absent
    assert table.views["C"][0].category is Unplayed.REQUESTED_BYE
    assert table.adjusted("C") == 0


# Each result's points for (White, Black), by the name of the Scoring field that gives them
# (docs/results.md): W/D/L decided before a move score like the game; 0-0 gives nothing.
POINTS_BY_RESULT = {
    Result.WHITE_WINS: ("win", "loss"),
    Result.WHITE_WINS_UNPLAYED: ("win", "loss"),
    Result.DRAW: ("draw", "draw"),
    Result.DRAW_UNPLAYED: ("draw", "draw"),
    Result.BLACK_WINS: ("loss", "win"),
    Result.BLACK_WINS_UNPLAYED: ("loss", "win"),
    Result.WHITE_FORFEIT_WIN: ("forfeit_win", "forfeit_loss"),
    Result.BLACK_FORFEIT_WIN: ("forfeit_loss", "forfeit_win"),
    Result.DOUBLE_FORFEIT: ("forfeit_loss", "forfeit_loss"),
}
POINTS_BY_BYE = {
    ByeKind.PAB: "pab",
    ByeKind.FULL: "full_bye",
    ByeKind.HALF: "half_bye",
    ByeKind.ZERO: "zero_bye",
}


@given(swiss_events())
@settings(max_examples=60, deadline=None)
def test_points_are_the_sum_of_each_rounds_points(t: Tournament) -> None:
    scoring = t.settings.scoring
    expected = {p.id: Fraction(0) for p in t.players}
    for rnd in t.rounds:
        for game in rnd.games:
            if game.result in POINTS_BY_RESULT:
                white, black = POINTS_BY_RESULT[game.result]
                expected[game.white] += getattr(scoring, white)
                expected[game.black] += getattr(scoring, black)
        for bye in rnd.byes:
            expected[bye.participant] += getattr(scoring, POINTS_BY_BYE[bye.kind])
    table = score_table(t, after=len(t.rounds))
    assert {p: table.points(p) for p in table} == expected
