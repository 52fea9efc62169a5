"""The Evaluation: one immutable evaluation of a tournament, computed once per build.

Values are worked out by hand from the rules: points per round (C.07 Art. 16),
the rank order (C.07 Art. 4.2) and the FIDE rating change of a rated game
(B.02 8.3: K x (score - expected), expected 0.5 between equal ratings, K = 20
for an adult rated below 2400 with 30 or more earlier games).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest
from builders import event, rnd

from tourney.engine.evaluation import evaluate
from tourney.engine.tiebreaks import Context, make_context
from tourney.engine.tiebreaks.descriptor import parse_list
from tourney.model import Tournament

# Four adults rated 2000. Round 1: A beats B, C and D draw. Round 2: A beats C, B and D draw.
# Round 3 is paired, with no result yet.
FOUR = {"A": 2000, "B": 2000, "C": 2000, "D": 2000}


def four() -> Tournament:
    return event(
        rnd(1, "A-B 1", "C-D ="),
        rnd(2, "C-A 0", "B-D ="),
        rnd(3, "A-D", "B-C"),
        players=FOUR,
        fide_rated=True,
        tiebreaks=parse_list("BH"),
    )


def test_points_after_each_round() -> None:
    ev = evaluate(four())
    assert (ev.last_paired, ev.last_decided) == (3, 2)
    after_1 = ev.standings(1)
    assert {r.participant: r.points for r in after_1.rows} == {
        "A": 1,
        "B": 0,
        "C": Fraction(1, 2),
        "D": Fraction(1, 2),
    }
    after_2 = ev.standings()  # the last round with a result
    assert after_2.after == 2
    assert [(r.participant, r.points) for r in after_2.rows][:2] == [
        ("A", 2),
        ("D", 1),
    ]
    # B and C have ½ each; BH: B met A (2) and D (1) = 3, C met D (1) and A (2) = 3:
    # equal on everything, they share rank 3 (Art. 4.2), listed by pairing number.
    assert [(r.participant, r.points, r.values) for r in after_2.rows[2:]] == [
        ("B", Fraction(1, 2), (Fraction(3),)),
        ("C", Fraction(1, 2), (Fraction(3),)),
    ]
    assert [r.rank for r in after_2.rows] == [1, 2, 3, 3]


def test_the_table_holds_the_paired_round_as_pending() -> None:
    ev = evaluate(four())
    views = ev.table().views["A"]
    assert [v.points for v in views] == [1, 1, 0]
    assert views[2].pending and views[2].opponent == "D"
    assert ev.table(2).rounds == 2


def test_fide_rating_changes_of_rated_games() -> None:
    ev = evaluate(four())
    # A: two wins against 2000 with K 20: +10 each. B: a loss (-10) and a draw (0).
    assert ev.rating_changes("A") == (20, {1: 10, 2: 10})
    assert ev.rating_changes("B") == (20, {1: -10, 2: 0})
    assert dict(ev.rated_games("B")) == {1: (2000, 0), 2: (2000, Fraction(1, 2))}


def test_an_event_not_fide_rated_has_no_rating_changes() -> None:
    ev = evaluate(
        dataclasses.replace(four(), settings=dataclasses.replace(four().settings, fide_rated=False))
    )
    assert ev.rating_changes("A") == (None, {})


def test_computed_once_and_the_same_each_time() -> None:
    ev = evaluate(four())
    assert ev.standings(2) is ev.standings(2)
    assert ev.context(2) is ev.context(2)
    assert ev.table() is ev.table()
    assert evaluate(four()).standings(2) == ev.standings(2)  # deterministic


def test_immutable_from_the_outside() -> None:
    ev = evaluate(four())
    with pytest.raises(dataclasses.FrozenInstanceError):
        ev.tournament = four()  # type: ignore[misc]
    changes = ev.rating_changes("A")[1]
    with pytest.raises(TypeError):
        changes[1] = Fraction(0)  # type: ignore[index]
    with pytest.raises(TypeError):
        ev.stated_ranks["A"] = 1  # type: ignore[index]


def test_published_leaves_out_unpublished_rounds() -> None:
    t = four()
    hidden = dataclasses.replace(t.rounds[1], published=False)
    ev = evaluate(dataclasses.replace(t, rounds=(t.rounds[0], hidden, t.rounds[2])))
    assert ev.published.last_paired == 1  # round 2 hidden, and round 3 after it
    assert ev.published.standings().after == 1
    assert ev.last_paired == 3
    assert evaluate(t).published is not None and evaluate(t).published.last_paired == 3


def test_until_is_the_event_as_it_stood() -> None:
    ev = evaluate(four())
    earlier = ev.until(1)
    assert earlier.last_paired == 1
    assert {r.participant: r.points for r in earlier.standings().rows}["A"] == 1
    assert ev.until(3) is ev


def test_a_team_event_has_its_team_tables_and_ratings() -> None:
    from builders import team_event

    from tourney.model import Game, Match, Result, Round

    games = tuple(
        Game(f"a{b}", f"b{b}", Result.WHITE_WINS if b < 4 else Result.BLACK_WINS, b)
        for b in range(1, 5)
    )
    t = team_event(Round(1, matches=(Match("A", "B", games),)), teams="AB", rating=2000, planned=3)
    ev = evaluate(t)
    # A wins 3-1: two match points (the default win) and three game points.
    table = ev.team_tables(1)
    assert (table.mp.points("A"), table.gp.points("A")) == (2, 3)
    assert (table.mp.points("B"), table.gp.points("B")) == (0, 1)
    assert [row.team for row in ev.team_standings(1).rows] == ["A", "B"]
    assert ev.team_ratings["A"].value == 2000
    with pytest.raises(ValueError, match="not a team event"):
        evaluate(four()).team_tables()


def test_make_context_is_not_cached_any_more() -> None:
    """No global memo: two calls give two contexts (the Evaluation keeps one per round)."""
    t = four()
    assert make_context(t, 2) is not make_context(t, 2)
    assert make_context(t, 2).table == make_context(t, 2).table


def test_a_build_computes_each_context_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole site of the example Swiss: standings, cards, crosstables, TRF report all
    read one evaluation, so no context (round, C.07 edition) is computed twice."""
    from site_helpers import EXAMPLES

    import tourney.engine.evaluation as evaluation
    from tourney.app.build import read_theme
    from tourney.load.folder import load_tournament
    from tourney.render.site.pages import render

    made: list[tuple[int | None, object]] = []
    real = evaluation.make_context

    def counted(
        t: Tournament, after: int | None, rules: Any, views: Any, team_views: Any = None
    ) -> Context:
        made.append((after, rules))
        return real(t, after, rules, views, team_views)

    monkeypatch.setattr(evaluation, "make_context", counted)
    folder = EXAMPLES / "swiss-open"
    t = load_tournament(folder)
    render(evaluate(t), read_theme(folder))
    assert sorted(made, key=str) == [(n, None) for n in range(1, 6)]  # rounds 1-5, once each
