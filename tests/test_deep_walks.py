"""The engine's searches hold no call stack per level: fields of thousands.

A 5,000-player Swiss crashed in ``tourney pair`` at round 2 with ``RecursionError``:
the blossom matching rotated nested blossoms by recursion, one call per level, and
the search had grown them about 975 levels deep. Python stops at 1,000 levels. The
graphs here are built so that the blossoms nest more than 1,000 deep (and the Keizer
search goes more than 1,000 pairs deep, the team Swiss's upfloater counts more than
1,000 score levels deep, the Dubov system's bipartite matching along a path of more
than 1,000 players), with answers worked by hand.
"""

from __future__ import annotations

from fractions import Fraction

from tourney.engine.pairing.dubov import _bipartite
from tourney.engine.pairing.keizer import KeizerRound, KeizerSettings, pair_keizer
from tourney.engine.pairing.matching import max_weight_matching
from tourney.engine.pairing.team_swiss_upfloaters import _profiles
from tourney.model import Game, Result


def _triangle_chain(k: int) -> tuple[list[list[int]], list[int], list[int], int, int]:
    """A chain of k triangles (b0, a1, b1), (b1, a2, b2), ... (b(k-1), ak, bk), with
    r = b0 and an extra vertex z hanging on bk; every edge weighs 1.

    Numbered a1..ak = 0..k-1, z = k, r = b0 = k+1, b1..bk = k+2..2k+1, so that the
    solver first matches each ai with bi (the highest exposed vertex first, to its
    lowest neighbour), leaving r and z exposed with every edge tight. The search from
    r (the highest root) then shrinks the triangle (r, a1, b1), and each next one
    around the blossom before it, k blossoms each holding the one before, before it
    reaches z.
    """
    n = 2 * k + 2
    a = list(range(k))
    z = k
    b = [k + 1 + i for i in range(k + 1)]  # b[0] is r
    w = [[0] * n for _ in range(n)]
    for i in range(1, k + 1):
        for x, y in ((a[i - 1], b[i]), (b[i - 1], a[i - 1]), (b[i - 1], b[i])):
            w[x][y] = w[y][x] = 1
    w[b[k]][z] = w[z][b[k]] = 1
    return w, a, b, z, n


def test_blossoms_nested_more_than_a_thousand_deep() -> None:
    # 1,100 nested blossoms: the old recursive rotation (augment) and the end-of-stage
    # undoing of blossoms with a zero dual (expand) each went one call per level.
    k = 1100
    w, a, b, z, n = _triangle_chain(k)
    mate = max_weight_matching(w)
    # By hand: the matching is perfect (2k + 2 vertices, k + 1 pairs), and unique:
    # z has only bk, so ak (neighbours b(k-1), bk) must take b(k-1), and so on down:
    # ai takes b(i-1), and a1 takes r.
    expected = [-1] * n
    expected[z], expected[b[k]] = b[k], z
    for i in range(1, k + 1):
        expected[a[i - 1]], expected[b[i - 1]] = b[i - 1], a[i - 1]
    assert mate == expected


def test_keizer_search_more_than_a_thousand_pairs_deep() -> None:
    # 2,400 players in ranking order P0001..P2400; round 1 paired them 1-2, 3-4, ...
    # with White for the higher one, all drawn. Round 2, from the top down without a
    # rematch: 1 takes 3 (2 met), 2 takes 4, 5 takes 7, 6 takes 8, ... 1,200 pairs.
    # Colours: 1 and 3 both had White, both due Black with equal claims: the higher
    # (1) gets it, so 3 has White; 2 and 4 both had Black: 2 has White.
    ids = [f"P{i:04d}" for i in range(1, 2401)]
    r1 = KeizerRound(
        1, games=tuple(Game(ids[i], ids[i + 1], Result.DRAW) for i in range(0, 2400, 2))
    )
    pairing = pair_keizer(ids, ids, [r1], 2, KeizerSettings(rematch_rounds=1))
    expected = []
    for j in range(0, 2400, 4):
        p1, p2, p3, p4 = ids[j : j + 4]
        expected += [(p3, p1), (p2, p4)]
    assert pairing.games == tuple(expected)
    assert pairing.bye is None
    assert pairing.rematch_window == 1


def test_upfloater_profiles_over_more_than_a_thousand_score_levels() -> None:
    # A team Swiss scored on game points has a score level for every half point. One
    # upfloater out of 1,500 levels of one team each (scores 1500 down to 1): 1,500
    # ways, the highest score first ([C5]: the upfloaters' scores as high as possible).
    levels = [(Fraction(s), 1) for s in range(1500, 0, -1)]
    profiles = _profiles(levels, 1)
    assert len(profiles) == 1500
    assert profiles[0] == ((1,) + (0,) * 1499, (Fraction(1500),))
    assert profiles[-1] == ((0,) * 1499 + (1,), (Fraction(1),))


def test_dubov_bipartite_matching_along_a_path_more_than_a_thousand_long() -> None:
    # Players u0..uk against v0..vk (k = 1,100): ui may meet vi and v(i+1), uk only v0.
    # Taken in order, u0..u(k-1) each get vi; then uk needs v0, so u0 moves to v1,
    # u1 to v2, ... u(k-1) to vk: one alternating path through all of them.
    k = 1100
    u = list(range(k + 1))
    v = [k + 1 + i for i in range(k + 1)]
    legal = [[False] * (2 * k + 2) for _ in range(2 * k + 2)]
    for i in range(k):
        for j in (v[i], v[i + 1]):
            legal[u[i]][j] = legal[j][u[i]] = True
    legal[u[k]][v[0]] = legal[v[0]][u[k]] = True
    matched = _bipartite(u, v, legal)
    assert matched == {**{u[i]: v[i + 1] for i in range(k)}, u[k]: v[0]}
