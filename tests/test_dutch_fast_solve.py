"""The Dutch engine's fast solve against the plain one (``dutch.WARM``).

The matchings of a bracket are solved with a greedy start at every stage
(``matching.OptimalMatchings`` ``warm``), which reaches the same optimum by other
duals, so other tight edges; the order of generation then chooses among the
optima (C.04.3 D), which must give the same pairing. Simulated events with late
entries, rematches piling up over many rounds and the colour limits in force
are paired both ways round by round. bench/dutch_identity.py runs the same
comparison at 200-2,000 players.
"""

from __future__ import annotations

import random

import pytest

from tests.swiss_sim import field_of, play, state_of
from tests.test_dutch_scale import _best, _graph
from tourney.engine.pairing import dutch
from tourney.engine.pairing.matching import OptimalMatchings, _Blossoms, matching_weight

WHOLE_ROUND = "  paired with the rest of the round in view, so it can still complete (C4)"


def _without_view(lines: tuple[str, ...]) -> list[str]:
    return [line for line in lines if line != WHOLE_ROUND]


@pytest.mark.parametrize(
    ("n", "rounds", "seed", "late"), [(24, 11, 1, 0), (41, 9, 2, 3), (90, 7, 3, 6)]
)
def test_fast_and_plain_solves_pair_every_round_alike(
    monkeypatch: pytest.MonkeyPatch, n: int, rounds: int, seed: int, late: int
) -> None:
    rng = random.Random(seed)
    hist = field_of(n, seed, late)
    for round_no in range(1, rounds + 1):
        state = state_of(hist, round_no, rounds)
        monkeypatch.setattr(dutch, "WARM", True)
        fast = dutch.pair_dutch(state)
        monkeypatch.setattr(dutch, "WARM", False)
        plain = dutch.pair_dutch(state)
        assert (fast.pairs, fast.bye) == (plain.pairs, plain.bye), f"round {round_no}"
        # The look-ahead pairs below a bracket, which the rules do not order,
        # may come out otherwise, and then one engine pairs the bracket with the
        # whole round in view where the other did not: one line of the
        # explanation, never a pair.
        assert _without_view(fast.explanation) == _without_view(plain.explanation)
        play(hist, fast, round_no, rng)


def test_fast_solve_is_optimal_on_random_graphs_with_long_weights() -> None:
    """The same optimum as an exact dynamic programme, and every edge of the
    first matching tight (the narrowing starts from it)."""
    rng = random.Random(33)
    for _ in range(120):
        w = _graph(rng, rng.randint(2, 12))
        opt = OptimalMatchings(w, warm=True)
        assert opt.weight == matching_weight(w, opt.first) == _best(w)
        assert all(m == -1 or m in opt.tight(v) for v, m in enumerate(opt.first))


def test_tight_edges_are_the_edges_of_reduced_cost_zero() -> None:
    """``tight_edges`` (blossom terms filled interval by interval) against the
    reduced costs computed pair by pair, on graphs whose solves nest blossoms."""
    rng = random.Random(34)
    nested = 0
    for _ in range(150):
        w = _graph(rng, rng.randint(3, 14))
        solver = _Blossoms(w)
        solver.warm = rng.random() < 0.5
        solver.solve()
        nested += any(c is not None for c in solver.childs)
        expected = [[j for j, cost in row if cost == 0] for row in solver.reduced_costs()]
        assert solver.tight_edges() == expected
    assert nested > 10
