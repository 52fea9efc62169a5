"""The shortcuts that let the Dutch engine pair large brackets (issue 33) change
no pairing.

* D.1, the first transposition (C.04.3 D.1), skips a candidate an earlier S1
  player was given and a candidate pair that failed before for twins of either
  player (``dutch_order``); with both shortcuts off (no twins, every search
  made) every round of simulated events pairs the same and explains the same.
* The completion test (C4) reads the completion graph one vertex at a time
  (``dutch._LiveAdjacency``); its answers equal a perfect-matching test on the
  graph written out in full.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tests.swiss_sim import field_of, play, state_of
from tourney.engine.pairing import dutch, dutch_order
from tourney.engine.pairing.dutch_weights import Criteria
from tourney.engine.pairing.matching import has_perfect_matching


@pytest.mark.parametrize(("n", "rounds", "seed", "late"), [(30, 9, 4, 0), (64, 7, 5, 4)])
def test_d1_shortcuts_pair_and_explain_alike(
    monkeypatch: pytest.MonkeyPatch, n: int, rounds: int, seed: int, late: int
) -> None:
    rng = random.Random(seed)
    hist = field_of(n, seed, late)
    for round_no in range(1, rounds + 1):
        state = state_of(hist, round_no, rounds)
        fast = dutch.pair_dutch(state)
        with monkeypatch.context() as patch:
            patch.setattr(dutch_order, "SHORTCUTS", False)
            slow = dutch.pair_dutch(state)
        assert (fast.pairs, fast.bye, fast.explanation) == (slow.pairs, slow.bye, slow.explanation)
        play(hist, fast, round_no, rng)


def test_completion_answers_as_the_graph_written_out() -> None:
    rng = random.Random(11)
    hist = field_of(40, 11)
    for round_no in range(1, 6):
        state = state_of(hist, round_no, 9)
        crit = Criteria(state)
        n = crit.n
        for _ in range(25):
            completion = dutch._Completion(crit)
            completion.alive = [rng.random() < 0.7 for _ in range(n)]
            completion.bye_ok = [rng.random() < 0.5 for _ in range(n)]
            live = [i for i in range(n) if completion.alive[i]]
            odd = len(live) % 2 == 1
            ends = live + ([n] if odd else [])
            local = {v: k for k, v in enumerate(ends)}
            adj = [
                [local[j] for j in live if j != i and crit.compat[i][j]]
                + ([local[n]] if odd and completion.bye_ok[i] else [])
                for i in live
            ]
            if odd:
                adj.append([local[i] for i in live if completion.bye_ok[i]])
            assert completion._complete() == has_perfect_matching(adj)
        pairing = dutch.pair_dutch(state)
        play(hist, pairing, round_no, rng)
    assert Fraction(0) in {p.score for p in state.players}  # several score groups were tried
