"""``OptimalMatchings``: the maximum-weight matchings of a graph, chosen among by
``narrow`` (tourney/engine/pairing/matching.py), checked on small graphs worked
by hand and against brute force over every matching.

Duals below are in real units (the solver keeps them doubled). By complementary
slackness every maximum-weight matching uses only tight edges (reduced cost 0
under *every* optimal dual) and leaves single only vertices of dual 0, so a
vertex exposed in some optimum, or an edge used by some optimum, gives facts
that hold whatever optimal dual the solver ends on.
"""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tourney.engine.pairing.matching import (
    OptimalMatchings,
    _Blossoms,
    matching_weight,
    max_weight_matching,
)

Weights = list[list[int]]


def graph(n: int, edges: dict[tuple[int, int], int]) -> Weights:
    w = [[0] * n for _ in range(n)]
    for (a, b), x in edges.items():
        w[a][b] = w[b][a] = x
    return w


def all_matchings(w: Weights) -> Iterator[list[int]]:
    """Every matching of the graph (edges of weight > 0), as ``mate`` lists."""
    n = len(w)
    mate = [-2] * n  # -2: not decided yet

    def rec(v: int) -> Iterator[list[int]]:
        while v < n and mate[v] != -2:
            v += 1
        if v == n:
            yield list(mate)
            return
        mate[v] = -1
        yield from rec(v + 1)
        for u in range(v + 1, n):
            if mate[u] == -2 and w[v][u] > 0:
                mate[v], mate[u] = u, v
                yield from rec(v + 1)
                mate[u] = -2
        mate[v] = -2

    yield from rec(0)


def best_weight(w: Weights) -> int:
    return max(matching_weight(w, m) for m in all_matchings(w))


def pairs(mate: list[int]) -> set[tuple[int, int]]:
    return {(v, m) for v, m in enumerate(mate) if m > v}


def test_brute_force_enumerator_counts() -> None:
    """K4 has 1 empty + 6 single-edge + 3 perfect matchings = 10."""
    k4 = graph(4, {(a, b): 1 for a in range(4) for b in range(a + 1, 4)})
    assert len(list(all_matchings(k4))) == 10


# -- hand-worked graphs ---------------------------------------------------------


def test_four_cycle_two_optima_and_narrow_moves_between_them() -> None:
    """Cycle a-b-c-d-a, every weight 1. The optima are {ab, cd} and {bc, da}
    (weight 2); together they use all four edges, so every edge is tight.
    Forcing a onto the partner it does not have switches both pairs."""
    a, b, c, d = range(4)
    w = graph(4, {(a, b): 1, (b, c): 1, (c, d): 1, (d, a): 1})
    opt = OptimalMatchings(w)
    assert opt.weight == 2 == best_weight(w)
    assert opt.first == max_weight_matching(w)
    assert sorted(opt.partners(a)) == [b, d]
    assert sorted(opt.partners(c)) == [b, d]
    one, other = {(a, b), (c, d)}, {(b, c), (a, d)}
    start = pairs(opt.matching())
    assert start in (one, other)
    target, partner = (other, d) if start == one else (one, b)
    assert opt.narrow(a, {partner})
    assert pairs(opt.matching()) == target
    # a is now held to that partner: the first matching is out of reach.
    assert opt.partners(a) == [partner]
    assert not opt.narrow(c, {x for x in (b, d) if (min(c, x), max(c, x)) in start})
    assert pairs(opt.matching()) == target


def test_path_tie_zero_duals_at_the_ends() -> None:
    """Path a-b-c-d with weights 1, 2, 1: {bc} = 2 and {ab, cd} = 1 + 1 = 2 tie.
    {bc} leaves a and d single, so their duals are 0; then ab and cd tight give
    u_b, u_c >= 1 and u_b + u_c = 2 (bc tight), so the dual is (0, 1, 1, 0) and
    unique: a and d may stay single, b and c must be matched."""
    a, b, c, d = range(4)
    w = graph(4, {(a, b): 1, (b, c): 2, (c, d): 1})
    opt = OptimalMatchings(w)
    assert opt.weight == 2 == best_weight(w)
    assert set(opt.sink) == {a, d}
    assert opt.partners(a) == [b]
    assert sorted(opt.partners(b)) == [a, c]
    assert pairs(opt.matching()) in ({(b, c)}, {(a, b), (c, d)})

    # a forced into a pair (not allowed to stay single): then c, of positive
    # dual, must be matched too, and only d is left for it.
    forced = OptimalMatchings(w)
    assert forced.narrow(a, {b})
    assert pairs(forced.matching()) == {(a, b), (c, d)}
    assert matching_weight(w, forced.matching()) == 2

    # a allowed nothing but staying single: b must then take c.
    single = OptimalMatchings(w)
    assert single.narrow(a, set(), may_stay_single=True)
    assert pairs(single.matching()) == {(b, c)}
    assert single.matching()[a] == -1 and single.matching()[d] == -1

    # b (positive dual) may not stay single, whatever the flag says.
    b_single = OptimalMatchings(w)
    before = b_single.matching()
    assert not b_single.narrow(b, set(), may_stay_single=True)
    assert b_single.matching() == before


def test_non_tight_edge_is_refused_and_nothing_changes() -> None:
    """a has two pendants b, x of weight 4 and c two pendants d, y of weight 4;
    a-c weighs 1. Each pendant is single in some optimum (weight 8), so its dual
    is 0 and u_a >= 4, u_c >= 4: a-c has reduced cost >= 7, never tight."""
    a, b, x, c, d, y = range(6)
    w = graph(6, {(a, b): 4, (a, x): 4, (c, d): 4, (c, y): 4, (a, c): 1})
    opt = OptimalMatchings(w)
    assert opt.weight == 8 == best_weight(w)
    assert sorted(opt.partners(a)) == [b, x]
    assert c not in opt.partners(a)
    assert {b, x, d, y} <= set(opt.sink)
    before = opt.matching()
    assert not opt.narrow(a, {c})
    assert opt.matching() == before
    assert sorted(opt.partners(a)) == [b, x]  # the refusal left no restriction behind
    # the other pendant is a real alternative
    other = x if before[a] == b else b
    assert opt.narrow(a, {other})
    assert opt.matching()[a] == other
    assert matching_weight(w, opt.matching()) == 8


def test_narrow_forces_a_chain_of_rematchings() -> None:
    """An 8-cycle with all weights 1 has two perfect matchings, {01,23,45,67}
    and {12,34,56,70}, both of weight 4, so every edge is tight and the duals
    alternate (t, 1-t) around the cycle. Whichever class has positive dual must
    be matched, and that forces the whole cycle over once vertex 0 changes
    partner: four pairs re-matched by one narrow."""
    n = 8
    w = graph(n, {(i, (i + 1) % n): 1 for i in range(n)})
    even = {(0, 1), (2, 3), (4, 5), (6, 7)}
    odd = {(1, 2), (3, 4), (5, 6), (0, 7)}
    opt = OptimalMatchings(w)
    assert opt.weight == 4
    start = pairs(opt.matching())
    assert start in (even, odd)
    target, partner = (odd, 7) if start == even else (even, 1)
    assert opt.narrow(0, {partner})
    assert pairs(opt.matching()) == target


def test_triangle_with_pendant_blossom_case() -> None:
    """Triangle a, b, c (ab = 3, ac = 3, bc = 1) and pendant d on a (ad = 2).
    The optima weigh 3: {ab}, {ac} and {ad, bc}. b, c and d are each single in
    one of them, so their duals are 0; ad tight gives u_a = 2, and ab tight
    needs a blossom {a, b, c} with z = 1 (2 + 0 + 1 = 3; bc: 0 + 0 + 1 = 1).
    Dual objective 2 + 1 * 1 = 3.

    ``narrow(a, {d})`` keeps tight edges and matches every positive-dual vertex,
    but b and c (dual 0) stay single: the blossom {a, b, c} then holds no pair,
    the odd-set condition fails and the weight is 2, not 3. This is the case the
    class docstring leaves to the caller (compare with ``weight``); narrowing b
    onto c restores the optimum {ad, bc}."""
    a, b, c, d = range(4)
    w = graph(4, {(a, b): 3, (a, c): 3, (b, c): 1, (a, d): 2})
    opt = OptimalMatchings(w)
    assert opt.weight == 3 == best_weight(w)
    assert set(opt.sink) == {b, c, d}
    assert sorted(opt.partners(a)) == [b, c, d]
    assert opt.partners(b) == [a, c]
    solver = _Blossoms(w)
    solver.solve()
    blossoms = [k for k in range(4, 8) if solver.childs[k] is not None]
    assert [sorted(solver.leaves(k)) for k in blossoms] == [[a, b, c]]
    assert solver.dual[blossoms[0]] == 1  # z, kept in real units

    assert opt.narrow(a, {d})
    assert pairs(opt.matching()) == {(a, d)}
    assert matching_weight(w, opt.matching()) == 2 < opt.weight
    assert opt.narrow(b, {c})
    assert pairs(opt.matching()) == {(a, d), (b, c)}
    assert matching_weight(w, opt.matching()) == opt.weight


# Once a counterexample to the completeness of ``narrow``: covering 4 ended on the
# free sink of 2 (matched to 1), and 0 then found no path. Vertices 0..4; every
# edge is tight (duals 2, 1, 0, 0, 2, a blossom {0, 1, 4} of z = 0); 2 and 3 have
# dual 0.
NARROW_MISS = graph(5, {(0, 1): 3, (0, 4): 4, (1, 2): 1, (1, 3): 1, (1, 4): 3, (2, 4): 2})


def test_narrow_finds_the_optimum_that_remains() -> None:
    """The optima (weight 5) are {01, 24}, {04, 12} and {04, 13}; the solver
    starts on {04, 12}. Forbidding 4-0 leaves exactly {01, 24}: 0 can only take
    1, and 4 then takes 2. ``narrow`` must find it."""
    w = NARROW_MISS
    opt = OptimalMatchings(w)
    assert opt.weight == 5 == best_weight(w)
    assert pairs(opt.first) == {(0, 4), (1, 2)}
    assert all(sorted(opt.partners(v)) == [u for u in range(5) if w[v][u]] for v in range(5))
    assert opt.narrow(4, {1, 2})
    assert pairs(opt.matching()) == {(0, 1), (2, 4)}


# -- properties over random small graphs -------------------------------------------


@st.composite
def small_graphs(draw: st.DrawFn) -> Weights:
    n = draw(st.integers(1, 8))
    w = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(a + 1, n):
            w[a][b] = w[b][a] = draw(st.integers(0, 5))
    return w


def blossom_deficit(solver: _Blossoms, mate: list[int]) -> int:
    """sum over blossoms of z_B * (|B| // 2 - pairs of ``mate`` inside B)."""
    total = 0
    for k in range(solver.n, 2 * solver.n):
        if solver.childs[k] is None or not solver.dual[k]:
            continue
        inside = set(solver.leaves(k))
        held = sum(1 for v in inside if mate[v] in inside) // 2
        total += solver.dual[k] * (len(inside) // 2 - held)
    return total


@settings(max_examples=150, deadline=None)
@given(small_graphs())
def test_duals_certify_the_first_matching(w: Weights) -> None:
    """Reduced costs are >= 0, zero on the first matching, and the dual
    objective (sum u_v + sum z_B |B| // 2) equals the brute-force optimum."""
    n = len(w)
    solver = _Blossoms(w)
    first = solver.solve()
    costs = solver.reduced_costs()
    assert all(k >= 0 for row in costs for _, k in row)
    for v, row in enumerate(costs):
        for u, k in row:
            if first[v] == u:
                assert k == 0
    assert all(solver.dual[v] >= 0 for v in range(n))
    assert all(solver.dual[v] == 0 for v in range(n) if first[v] == -1)
    blossoms = sum(
        solver.dual[k] * (len(list(solver.leaves(k))) // 2)
        for k in range(n, 2 * n)
        if solver.childs[k] is not None
    )
    assert sum(solver.dual[:n]) % 2 == 0
    assert sum(solver.dual[:n]) // 2 + blossoms == best_weight(w)
    opt = OptimalMatchings(w)
    assert opt.weight == best_weight(w)
    assert all(first[v] in opt.partners(v) for v in range(n) if first[v] >= 0)


@settings(max_examples=150, deadline=None)
@given(small_graphs())
def test_every_optimum_is_tight_and_reachable_by_narrowing(w: Weights) -> None:
    """Complementary slackness: every maximum-weight matching uses only edges
    listed by ``partners`` and leaves single only vertices of dual 0 (those with
    a sink). Narrowing each vertex onto its partner in that matching (or to
    staying single) leads to exactly that matching."""
    n = len(w)
    best = best_weight(w)
    optima = [m for m in all_matchings(w) if matching_weight(w, m) == best]
    base = OptimalMatchings(w)
    for m in optima:
        for v in range(n):
            if m[v] >= 0:
                assert m[v] in base.partners(v)
            else:
                assert v in base.sink
    for m in optima:
        opt = OptimalMatchings(w)
        for v in range(n):
            if m[v] >= 0:
                assert opt.narrow(v, {m[v]}), (m, v)
            else:
                assert opt.narrow(v, set(), may_stay_single=True), (m, v)
        assert opt.matching() == m


narrow_calls = st.lists(
    st.tuples(st.integers(0, 7), st.sets(st.integers(0, 7)), st.booleans()), max_size=6
)


@settings(max_examples=150, deadline=None)
@given(small_graphs(), narrow_calls)
def test_narrow_keeps_allowed_edges_and_explains_any_shortfall(
    w: Weights, calls: list[tuple[int, set[int], bool]]
) -> None:
    """After any sequence of narrow calls: a refused one changes nothing; the
    matching uses only allowed tight edges and leaves single only zero-dual
    vertices still allowed to be; and its weight falls short of the optimum by
    exactly the odd-set conditions of positive blossoms it breaks
    (w(M) = sum u_v + sum z_B |M in B| for tight M with zero-dual exposed)."""
    n = len(w)
    opt = OptimalMatchings(w)
    solver = _Blossoms(w)
    solver.solve()
    allowed = {v: set(opt.partners(v)) for v in range(n)}
    single = {v: v in opt.sink for v in range(n)}
    for v, keep, stay in calls:
        if v >= n:
            continue
        keep = {u for u in keep if u < n}
        before = opt.matching()
        if opt.narrow(v, keep, may_stay_single=stay):
            allowed[v] &= keep
            single[v] = single[v] and stay
        else:
            assert opt.matching() == before
        mate = opt.matching()
        for x in range(n):
            assert set(opt.partners(x)) == {u for u in allowed[x] if x in allowed[u]}
            if mate[x] == -1:
                assert single[x]
            else:
                assert mate[x] in allowed[x] and x in allowed[mate[x]]
        assert opt.weight - matching_weight(w, mate) == blossom_deficit(solver, mate)


@settings(max_examples=150, deadline=None)
@given(small_graphs(), narrow_calls)
@example(NARROW_MISS, [(4, {1, 2}, False)])
def test_narrow_refuses_only_when_nothing_fits(
    w: Weights, calls: list[tuple[int, set[int], bool]]
) -> None:
    """``narrow`` returns False only when no matching of tight, allowed edges
    leaves single only zero-dual vertices still allowed to be (checked by brute
    force over every matching)."""
    n = len(w)
    opt = OptimalMatchings(w)
    tight = {v: set(opt.partners(v)) for v in range(n)}
    allowed = dict(tight)
    single = {v: v in opt.sink for v in range(n)}
    everything = list(all_matchings(w))
    for v, keep, stay in calls:
        if v >= n:
            continue
        trial = dict(allowed)
        trial[v] = allowed[v] & keep
        trial_single = dict(single)
        trial_single[v] = single[v] and stay

        def fits(
            m: list[int], trial: dict[int, set[int]] = trial, alone: dict[int, bool] = trial_single
        ) -> bool:
            return all(
                alone[x] if m[x] == -1 else m[x] in trial[x] and x in trial[m[x]] for x in range(n)
            )

        exists = any(fits(m) for m in everything)
        assert opt.narrow(v, keep, may_stay_single=stay) == exists
        if exists:
            allowed, single = trial, trial_single
