"""The matching under the Dutch engine, checked on random graphs against an exact
dynamic programme, with the kind of weights the engine builds (long bit fields).

The speed work on ``matching`` (slacks of the best edges updated by the dual step
instead of recomputed, a tighter scan) must leave the optimum unchanged; the
reference replays check the pairings, this checks the solver on its own.
"""

from __future__ import annotations

import random
from functools import cache

from tourney.engine.pairing.matching import matching_weight, max_weight_matching


def _best(w: list[list[int]]) -> int:
    """Maximum matching weight by a DP over vertex subsets (exact, small n only)."""
    n = len(w)

    @cache
    def solve(mask: int) -> int:
        if mask == 0:
            return 0
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        top = solve(rest)  # v left unmatched
        for u in range(v + 1, n):
            if rest >> u & 1 and w[v][u] > 0:
                top = max(top, w[v][u] + solve(rest & ~(1 << u)))
        return top

    return solve((1 << n) - 1)


def _graph(rng: random.Random, n: int) -> list[list[int]]:
    density = rng.choice([0.3, 0.6, 0.9, 1.0])
    kind = rng.randrange(3)
    w = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                if kind == 0:
                    x = rng.randint(1, 4)
                elif kind == 1:  # fields as the engine packs them: a count on top
                    x = (rng.randint(1, 2) << 300) + (rng.randint(0, 3) << 150) + rng.randint(0, 99)
                else:
                    x = rng.choice([1, 2, 2**70 + rng.randint(0, 5)])
                w[i][j] = w[j][i] = x
    return w


def test_matching_is_optimal_on_random_graphs_with_long_weights() -> None:
    rng = random.Random(12)
    for _ in range(150):
        w = _graph(rng, rng.randint(2, 12))
        mate = max_weight_matching(w)
        assert all(m == -1 or mate[m] == v for v, m in enumerate(mate))
        assert all(m == -1 or w[v][m] > 0 for v, m in enumerate(mate))
        assert matching_weight(w, mate) == _best(w)


def test_equal_weights_pair_everyone_who_can_be_paired() -> None:
    # A 5-cycle plus a pendant vertex: a blossom must be shrunk to find the
    # perfect matching of the six vertices.
    n = 6
    w = [[0] * n for _ in range(n)]
    for a, b in ((0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (4, 5)):
        w[a][b] = w[b][a] = 1
    mate = max_weight_matching(w)
    assert -1 not in mate
    assert matching_weight(w, mate) == 3
