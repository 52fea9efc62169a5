"""What makes standings and the site fast never changes a value or a byte.

A build evaluates the tournament once (``tourney.engine.evaluation``: each
round's score table and tie-breaks computed once, ``ScoreTable.memo``), and a
rebuild in the same process (``tourney serve``) starts from the last build's
evaluation, taking over the contexts of the rounds that did not change, and
reuses the pages whose view model did not change (``render.site``). Each test
compares a warm result (an evaluation made from an earlier one, then a result
changed) with a cold one (a fresh evaluation, every page cache dropped): they
must be identical. The timings are in bench/standings.py and bench/site.py; no
test here times anything.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest
from builders import event, rnd
from hypothesis import given
from hypothesis import strategies as st
from site_helpers import EXAMPLES

from tourney.app.build import read_theme
from tourney.engine import evaluation
from tourney.engine.evaluation import Evaluation, evaluate, evaluate_club
from tourney.engine.scores import exact_sum, score_table
from tourney.load.club_state import club_ratings
from tourney.load.folder import read_path
from tourney.model import Club, Game, Result, Tournament
from tourney.render.site import pages as site

ALL_CODES = (
    "BH/C1, BH, BH/M1, FB, AOB, SB, SB/C1, KS, DE, WIN, WON, BPG, BWG, PS, REP, STD, TPN, "
    "ARO, TPR, PTP, APRO, APPO, RTNG"
)

TEAM_CODES = "GP, EDE, EMGSB, BB, TBR, BBE, SB, BH/C1, SSSC"


def load(name: str) -> Tournament:
    found, _ = read_path(EXAMPLES / name)
    assert isinstance(found, Tournament)
    return found


def flip(t: Tournament, number: int, board: int = 0) -> Tournament:
    """A copy of ``t`` with the result of one board of round ``number`` changed."""
    rounds = list(t.rounds)
    index = next(i for i, r in enumerate(rounds) if r.number == number)
    rnd = rounds[index]
    if rnd.matches:  # a team event: board 1 of match ``board``
        matches = list(rnd.matches)
        match = matches[board]
        first = _flipped(match.games[0])
        matches[board] = dataclasses.replace(match, games=(first, *match.games[1:]))
        rounds[index] = dataclasses.replace(rnd, matches=tuple(matches))
    else:
        games = list(rnd.games)
        games[board] = _flipped(games[board])
        rounds[index] = dataclasses.replace(rnd, games=tuple(games))
    return dataclasses.replace(t, rounds=tuple(rounds))


def _flipped(game: Game) -> Game:
    changed = Result.BLACK_WINS if game.result is not Result.BLACK_WINS else Result.DRAW
    return dataclasses.replace(game, result=changed)


def copy_of(t: Tournament) -> Tournament:
    """An equal tournament made of other objects (what loading the folder again gives)."""
    return dataclasses.replace(
        t,
        players=tuple(dataclasses.replace(p) for p in t.players),
        rounds=tuple(dataclasses.replace(r) for r in t.rounds),
    )


def all_standings(evaluation: Evaluation) -> list[object]:
    t = evaluation.tournament
    rounds = max(r.number for r in t.rounds)
    codes = TEAM_CODES if t.is_team else ALL_CODES
    return [evaluation.standings(k, tiebreaks=codes) for k in range(1, rounds + 1)]


@given(st.lists(st.fractions(max_denominator=12), max_size=30))
def test_exact_sum_is_the_sum(values: list[Fraction]) -> None:
    assert exact_sum(values) == sum(values, Fraction(0))


def test_exact_sum_of_nothing_is_zero() -> None:
    assert exact_sum([]) == 0
    assert exact_sum([Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)]) == 1


def test_an_equal_tournament_takes_over_the_context() -> None:
    t = load("swiss-open")
    first = evaluate(t)
    three = first.context(3)
    assert first.context(3) is three
    assert evaluate(copy_of(t), first).context(3) is three
    assert first.context(3) is not first.context(4)
    assert evaluate(copy_of(t)).context(3) is not first.context(3)  # no global cache


def test_a_later_round_leaves_earlier_contexts_alone() -> None:
    t = load("swiss-open")
    first = evaluate(t)
    four, five = first.context(4), first.context(5)
    changed = evaluate(flip(t, 5), first)
    assert changed.context(4) is four
    assert changed.context(5) is not five
    assert evaluate(flip(t, 2), first).context(4) is not four


def test_score_table_memo_is_per_table() -> None:
    t = load("swiss-open")
    table = score_table(t, 5)
    first = table.points("p04")
    assert dataclasses.replace(table, views={})._memo == {}
    assert table.points("p04") == first == sum((v.points for v in table.views["p04"]), Fraction(0))


def test_warm_standings_equal_cold_ones_after_a_change() -> None:
    for name in ("swiss-open", "club-championship", "team-league"):
        t = load(name)
        first = evaluate(t)
        all_standings(first)  # computes every context
        for changed in (flip(t, 3), flip(flip(t, 3), 1, 1)):
            warm = all_standings(evaluate(changed, first))
            assert warm == all_standings(evaluate(changed)), name


def test_warm_site_equals_cold_site_after_a_change() -> None:
    for name in ("swiss-open", "club-championship", "team-league"):
        theme = read_theme(Path(EXAMPLES / name))
        t = load(name)
        first = evaluate(t)
        before = site.render_site(first, theme)
        last = max(r.number for r in t.rounds)
        for changed in (flip(t, last), flip(flip(t, last), 2)):
            warm = site.render_site(evaluate(changed, first), theme, previous=before)
            cold = site.render(evaluate(changed), theme)  # nothing to start from
            assert warm.files == cold, name
            assert warm.files != before.files
            # round 1's page did not change: taken over, not rendered again
            assert warm.files["round-01.html"] is before.files["round-01.html"], name


def test_warm_club_site_equals_cold_site_after_a_change() -> None:
    folder = EXAMPLES / "club-league"
    club, _ = read_path(folder)
    assert isinstance(club, Club)
    theme = read_theme(folder)
    ratings = club_ratings(folder).history
    earlier = evaluate_club(club, ratings)
    before = site.render_site(earlier, theme)
    name, event = club.tournaments[0]
    first = min(r.number for r in event.rounds)
    changed = dataclasses.replace(
        club, tournaments=((name, flip(event, first)), *club.tournaments[1:])
    )
    warm = site.render_site(evaluate_club(changed, ratings, earlier), theme, previous=before)
    site.forget()
    assert warm.files == site.render(evaluate_club(changed, ratings), theme)
    assert warm.files != before.files


_CYCLE = (("A-B 1-0", "C-D ="), ("A-C =", "B-D 0-1"), ("A-D 1-0", "B-C 1-0"))


def test_an_ordinary_event_keeps_every_context() -> None:
    # 4 players x (1 + ... + 10) rounds = 220 participant-rounds, far below the floor
    # (HELD_AT_LEAST, 50,000): each round's standings are computed once per build.
    t = event(*(rnd(n, *_CYCLE[(n - 1) % 3]) for n in range(1, 11)), planned=10)
    first = evaluate(t)
    for n in range(1, 11):
        first.standings(n)
    held = sorted(key[1] for key in first._memo.local if key[0] == "context")
    assert held == list(range(1, 11))


def test_the_contexts_held_stay_within_four_times_the_event(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 4 players, 10 rounds: the context after round n covers 4 x n participant-rounds,
    # and an evaluation holds at most 4 x (4 players x 10 rounds) = 160 of them (the floor
    # set aside, as for a long event). Asked for rounds 1..10 in turn, it keeps the latest
    # while they fit: 4 x (10+9+8+7+6) = 160, and round 5 more would make 180
    # (docs/robustness.md "Build memory").
    monkeypatch.setattr(evaluation, "HELD_AT_LEAST", 0)
    t = event(*(rnd(n, *_CYCLE[(n - 1) % 3]) for n in range(1, 11)), planned=10)
    first = evaluate(t)
    before = [first.standings(n) for n in range(1, 11)]
    held = sorted(key[1] for key in first._memo.local if key[0] == "context")
    assert held == [6, 7, 8, 9, 10]
    # a context let go is computed again with the same values, and the ranks outlive it
    assert first.standings(1) == before[0] == evaluate(t).standings(1)
    assert first.context(1) is first.context(1)
    assert dict(first.ranks(2)) == {row.participant: row.rank for row in before[1].rows}


def test_a_second_pass_over_the_rounds_finds_the_largest_contexts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A site build asks for every round's context twice: rounds 1..10 for the cards'
    # rank charts, then 1..10 again for the standings pages. With the least recently
    # used let go first, the second pass found none of them (each round asked for lets
    # go the one the pass needs next) and computed all ten again. With the smallest let
    # go first, the first pass ends holding 6..10 (4 x (6 + ... + 10) = 160 participant-
    # rounds, the bound); round 1 asked for again lets 6 go (the smallest of the others),
    # round 2 lets 1 go, and so on: rounds 1..6 are computed again, 7..10 (the dearest)
    # once.
    monkeypatch.setattr(evaluation, "HELD_AT_LEAST", 0)
    made: list[int] = []
    real = evaluation.make_context

    def counting(view: Tournament, n: int, *args: object) -> object:
        made.append(n)
        return real(view, n, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(evaluation, "make_context", counting)
    t = event(*(rnd(n, *_CYCLE[(n - 1) % 3]) for n in range(1, 11)), planned=10)
    first = evaluate(t)
    for _ in range(2):
        for n in range(1, 11):
            first.ranks(n)
            first.context(n)
    assert made == [*range(1, 11), *range(1, 7)]


def test_the_renderers_row_memo_keeps_no_context_alive(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The renderer's standings rows (RowMemo) used to hold each round's context, so a
    # long event's build held every context again whatever the evaluation let go
    # (300 players x 40 rounds: 420 MB against 220 MB). Asked for rounds 1..10 with the
    # floor set aside, the evaluation keeps 6..10 (the test above); the memo keeps the
    # rows of those contexts only.
    import gc

    from tourney.render.site.individual import RowMemo

    monkeypatch.setattr(evaluation, "HELD_AT_LEAST", 0)
    t = event(*(rnd(n, *_CYCLE[(n - 1) % 3]) for n in range(1, 11)), planned=10)
    first = evaluate(t)
    memo = RowMemo()
    for n in range(1, 11):
        assert memo.get(first.context(n), "rows", lambda n=n: f"rows {n}") == f"rows {n}"
    gc.collect()
    kept = sorted(entry[1] for entry in memo.now.values())
    assert kept == sorted(f"rows {n}" for n in range(6, 11))
    # the rows of a context still held are found again, not made again
    assert memo.get(first.context(7), "rows", lambda: "made again") == "rows 7"
