"""The order of generation of the remainder, chosen without giant weights (C.04.3 D).

Of the candidates that are best on every criterion, the Dutch system takes
the first one it would generate: the fewest and smallest exchanges between S1
and S2 (D.2), then the first transposition of S2 (D.1). As edge weights that
order is a field of about n log n bits (``dutch_weights`` F9), and the
blossom algorithm slows down with every bit: at 1,000 players the remainder of
an early round took fourteen times as long with it as without.

So the matching is solved on fewer fields (``dutch._solve_remainder``: the
criteria alone, or with the number and BSN sum of the exchanges); its duals give
the pairs any equally good matching may use (``OptimalMatchings``). Then the
generation order is followed decision by decision, each one kept only if a
matching of that kind remains:

1. which S1 players leave S1: the lowest ones first (D.2);
2. which S2 players join S1: the highest ones first (D.2);
3. each player of the new S1, in order, gets the first S2 player he can
   still have (D.1).

The result is checked against the optimum of the solve; where it falls short
(a blossom condition the decisions did not see), ``pair_remainder`` returns
None and the caller solves with more fields, over the tight pairs only, which
is exact.
"""

from __future__ import annotations

from tourney.engine.pairing.dutch_weights import BracketView
from tourney.engine.pairing.matching import OptimalMatchings, matching_weight

# D.1 skips the candidates whose search would fail (see ``pair_remainder``);
# False makes every search, as before, which tests compare against.
SHORTCUTS = True


def pair_remainder(
    view: BracketView,
    opt: OptimalMatchings,
    weights: list[list[int]],
    *,
    exchanges: bool,
    verts: list[int] | None = None,
) -> list[int] | None:
    """``mate`` over ``verts`` (the players of ``opt``'s graph, by default
    ``view.rem``) for the remainder stage, or None when the decisions did not
    end on a matching as good as ``opt``'s. ``weights``: the weights ``opt``
    was solved on; with ``exchanges`` they hold the number and BSN sum of the
    exchanges (``order="exchanges"``), which fix how many S1 players stay and
    how many S2 players join; without, none of the order and S1 and S2 are
    kept as they are (no exchange), which only gives an answer when that is as
    good."""
    pos = {v: k for k, v in enumerate(view.rem if verts is None else verts)}
    # Remainder players as graph vertices, in the order of the bracket.
    rem = [pos[v] for v in view.remainder]
    rank = {g: k for k, g in enumerate(rem)}
    s1 = rem[: view.p2]
    s2 = rem[view.p2 :]
    if exchanges:
        # Higher players of remainder pairs in the first optimum: their number
        # in S1 and in all is the same in every optimal matching (e1 and F1).
        first = opt.first
        higher = {g for g in rem if (m := first[g]) in rank and rank[m] > rank[g]}
        stay = len(higher & set(s1))
        join = len(higher) - stay
    else:
        stay, join = len(s1), 0

    def lower_than(g: int) -> set[int]:
        return {u for u in opt.partners(g) if u in rank and rank[u] > rank[g]}

    def not_higher(g: int) -> set[int]:
        return {u for u in opt.partners(g) if u not in rank or rank[u] < rank[g]}

    def decide(g: int, want_higher: bool) -> bool:
        if want_higher:
            return opt.narrow(g, lower_than(g))
        return opt.narrow(g, not_higher(g), may_stay_single=True)

    chosen: list[int] = []
    leave = len(s1) - stay
    for g in reversed(s1):  # D.2: the lowest S1 players leave first
        if leave and decide(g, False):
            leave -= 1
        elif decide(g, True):
            chosen.append(g)
        else:
            return None
    for g in s2:  # D.2: the highest S2 players join first
        if join and decide(g, True):
            join -= 1
            chosen.append(g)
        elif not decide(g, False):
            return None
    # D.1: first transposition. A player an earlier S1 player was given is
    # skipped without a search: that S1 player may no longer stay single nor
    # take anyone else, so every matching left pairs the two of them (the
    # search would fail and change nothing, at the cost of a pass over the
    # graph: most of the candidates of a large bracket's lower S1 players).
    # Twins (players with the same partners left: either can stand in for the
    # other in any matching) are read once, before the first decision; each
    # decision then only narrows its S1 player, who is no twin's partner, so
    # twins stay twins. A pair that failed fails again for any twin of either
    # player, now and later (the decisions only take matchings away), so it
    # is not searched again: the first S2 player left is often of the colour
    # the S1 players of a whole class cannot take, and each failed search
    # passes over the whole graph.
    twins: dict[tuple[frozenset[int], bool], int] = {}
    twin = {g: twins.setdefault(opt.twin_key(g), len(twins)) for g in rem} if SHORTCUTS else {}
    failed: set[tuple[int, int]] = set()
    taken: set[int] = set()
    for g in sorted(chosen, key=rank.__getitem__):
        for u in sorted(lower_than(g) - taken, key=rank.__getitem__):
            pair = (twin.get(g, -1), twin.get(u, -1))
            if pair in failed:
                continue
            if opt.narrow(g, {u}):
                if SHORTCUTS:
                    taken.add(u)
                break
            if SHORTCUTS:
                failed.add(pair)
        else:
            return None
    mate = opt.matching()
    if matching_weight(weights, mate) != opt.weight:
        return None
    return mate
