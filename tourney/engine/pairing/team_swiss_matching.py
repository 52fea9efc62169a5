"""Matchings for the team Swiss: does a perfect pairing exist, and which one is best.

C.04.6 asks two questions of graphs whose vertices are teams and whose edges are the
pairs allowed by the absolute criteria ([C1] no rematch, forbidden pairs):

* Art. 2.2 [C3], 3.4.1, 3.5.5: *can these teams still be paired?*  That is a
  perfect-matching test, answered by Edmonds' cardinality algorithm
  (:func:`has_perfect_matching`).
* Art. 3.6.4: *which pairing of this bracket comes first?*  The criteria [C8] to [C10]
  and the identifier order of Art. 3.6.2 are packed into one big integer per edge, so
  the answer is a maximum-weight perfect matching (:func:`max_weight_matching`,
  Edmonds' primal-dual blossom algorithm with exact integer duals).

Both are written for clarity over speed: brackets of a team event are small, and the
one large bracket (round 1) takes a fast path before it gets here.
"""

from __future__ import annotations

from collections.abc import Sequence

Adjacency = Sequence[frozenset[int] | set[int]]


def has_perfect_matching(n: int, adj: Adjacency) -> bool:
    """Whether vertices ``0..n-1`` can all be paired along the edges of ``adj``.

    >>> has_perfect_matching(4, [{1}, {0, 2}, {1, 3}, {2}])
    True
    >>> has_perfect_matching(4, [{1, 2, 3}, {0}, {0}, {0}])
    False
    """
    if n % 2:
        return False
    if n == 0:
        return True
    return _Cardinality(n, adj).perfect()


class _Cardinality:
    """Edmonds' blossom algorithm for a maximum-cardinality matching."""

    def __init__(self, n: int, adj: Adjacency) -> None:
        self.n = n
        self.adj = [sorted(a) for a in adj]
        self.mate = [-1] * n

    def perfect(self) -> bool:
        mate = self.mate
        for v in range(self.n):  # greedy start: most vertices match at once
            if mate[v] == -1:
                for u in self.adj[v]:
                    if mate[u] == -1:
                        mate[u], mate[v] = v, u
                        break
        # A vertex left without an augmenting path stays unmatched in every maximum
        # matching, so the first failure settles the question.
        return all(mate[root] != -1 or self._augment(root) for root in range(self.n))

    def _augment(self, root: int) -> bool:
        n, mate, adj = self.n, self.mate, self.adj
        parent = [-1] * n
        base = list(range(n))
        in_tree = [False] * n
        in_tree[root] = True
        queue = [root]
        head = 0

        def lowest_common_base(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, flagged: list[bool]) -> None:
            while base[v] != b:
                flagged[base[v]] = flagged[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while head < len(queue):
            v = queue[head]
            head += 1
            for u in adj[v]:
                if base[v] == base[u] or mate[v] == u:
                    continue
                if u == root or (mate[u] != -1 and parent[mate[u]] != -1):
                    b = lowest_common_base(v, u)
                    flagged = [False] * n
                    mark(v, b, u, flagged)
                    mark(u, b, v, flagged)
                    for i in range(n):
                        if flagged[base[i]]:
                            base[i] = b
                            if not in_tree[i]:
                                in_tree[i] = True
                                queue.append(i)
                elif parent[u] == -1:
                    parent[u] = v
                    if mate[u] == -1:
                        while u != -1:  # flip the path back to the root
                            pv = parent[u]
                            nxt = mate[pv]
                            mate[u], mate[pv] = pv, u
                            u = nxt
                        return True
                    in_tree[mate[u]] = True
                    queue.append(mate[u])
        return False


def max_weight_matching(n: int, weights: Sequence[Sequence[int | None]]) -> list[int]:
    """A maximum-weight matching of the complete-or-not graph ``weights`` (None = no edge).

    Returns ``mate`` (``mate[v]`` is v's partner or -1). Weights are non-negative
    integers of any size; to force a perfect matching, add to every edge a constant
    larger than the sum of the other parts (the caller does).

    >>> max_weight_matching(4, [[None, 5, 1, None], [5, None, None, 1],
    ...                         [1, None, None, 1], [None, 1, 1, None]])
    [1, 0, 3, 2]
    """
    return _Weighted(n, weights).solve()


_FREE, _S, _T = 0, 1, 2


class _Weighted:
    """Edmonds' primal-dual algorithm; blossoms are numbered n..2n-1.

    Duals are kept for the doubled weights so that every quantity stays an integer:
    the slack of edge (i, j) between two top-level blossoms is ``u[i] + u[j] - 2w``.
    """

    def __init__(self, n: int, weights: Sequence[Sequence[int | None]]) -> None:
        self.n = n
        self.w = [[None if x is None else 2 * x for x in row] for row in weights]
        self.nbrs = [[j for j in range(n) if self.w[i][j] is not None] for i in range(n)]
        top = max((x for row in self.w for x in row if x is not None), default=0)
        self.dual = [top] * n + [0] * n
        self.mate = [-1] * n
        self.top = list(range(n))  # vertex -> top-level blossom (or itself)
        self.parent = [-1] * (2 * n)
        self.base = list(range(n)) + [-1] * n
        self.children: dict[int, list[int]] = {}
        self.edges: dict[int, list[tuple[int, int]]] = {}  # edges[b][i]: child i -> i+1
        self.free_ids = list(range(2 * n - 1, n - 1, -1))
        self.label = [_FREE] * (2 * n)
        self.label_edge: list[tuple[int, int] | None] = [None] * (2 * n)
        self.queue: list[int] = []

    # -- helpers ------------------------------------------------------------------
    def leaves(self, b: int) -> list[int]:
        if b < self.n:
            return [b]
        out: list[int] = []
        for c in self.children[b]:
            out.extend(self.leaves(c))
        return out

    def slack(self, i: int, j: int) -> int:
        wij = self.w[i][j]
        assert wij is not None
        return self.dual[i] + self.dual[j] - 2 * wij

    def top_levels(self) -> list[int]:
        return [b for b in range(2 * self.n) if self.parent[b] == -1 and self.base[b] >= 0]

    def set_label(self, b: int, kind: int, edge: tuple[int, int] | None) -> None:
        self.label[b] = kind
        self.label_edge[b] = edge
        if kind == _S:
            self.queue.extend(self.leaves(b))
        elif kind == _T:
            bs = self.base[b]
            partner = self.mate[bs]
            self.set_label(self.top[partner], _S, (bs, partner))

    def up(self, b: int) -> int:
        """The S-blossom above S-blossom ``b`` in its tree, or -1 at a root."""
        edge = self.label_edge[b]
        if edge is None:
            return -1
        t = self.top[edge[0]]
        t_edge = self.label_edge[t]
        assert t_edge is not None
        return self.top[t_edge[0]]

    # -- main loop ------------------------------------------------------------------
    def solve(self) -> list[int]:
        n = self.n
        for _stage in range(n):
            for b in range(2 * n):
                self.label[b] = _FREE
                self.label_edge[b] = None
            self.queue = []
            for b in self.top_levels():
                if self.mate[self.base[b]] == -1:
                    self.set_label(b, _S, None)
            if not self.queue or not self.grow():
                break
            self.expand_zero_blossoms()
        return self.mate

    def grow(self) -> bool:
        """Grow the forest, adjusting duals, until an augmentation (True) or none (False)."""
        while True:
            while self.queue:
                v = self.queue.pop()
                if self.label[self.top[v]] != _S:
                    continue
                for u in self.nbrs[v]:
                    bv, bu = self.top[v], self.top[u]
                    if bv == bu or self.slack(v, u) > 0:
                        continue
                    if self.label[bu] == _FREE:
                        self.set_label(bu, _T, (v, u))
                    elif self.label[bu] == _S:
                        lca = self.common_ancestor(bv, bu)
                        if lca == -1:
                            self.augment(v, u)
                            return True
                        self.add_blossom(lca, v, u)
                        break  # v's blossom changed; its vertices are queued again
            if not self.adjust_duals():
                return False

    def adjust_duals(self) -> bool:
        n, label, top = self.n, self.label, self.top
        delta = min(self.dual[:n])  # free vertices reach dual zero: optimum reached
        kind = 1
        pick: int | tuple[int, int] = -1
        for v in range(n):
            lv = label[top[v]]
            if lv == _T:
                continue
            for u in self.nbrs[v]:
                lu = label[top[u]]
                if top[u] == top[v]:
                    continue
                if lv == _S and lu == _FREE:
                    d = self.slack(v, u)
                    if d < delta:
                        delta, kind, pick = d, 2, (v, u)
                elif lv == _S and lu == _S and v < u:
                    s = self.slack(v, u)
                    d = s // 2
                    if d < delta:
                        delta, kind, pick = d, 3, (v, u)
        for b in self.top_levels():
            if b >= n and label[b] == _T and self.dual[b] < delta:
                delta, kind, pick = self.dual[b], 4, b
        for v in range(n):
            if label[top[v]] == _S:
                self.dual[v] -= delta
            elif label[top[v]] == _T:
                self.dual[v] += delta
        for b in self.top_levels():
            if b >= n:
                if label[b] == _S:
                    self.dual[b] += delta
                elif label[b] == _T:
                    self.dual[b] -= delta
        if kind == 1:
            return False
        if kind == 4:
            assert isinstance(pick, int)
            self.expand_t_blossom(pick)
        self.queue = [v for v in range(n) if label[top[v]] == _S]
        return True

    # -- trees and blossoms -------------------------------------------------------------
    def common_ancestor(self, a: int, b: int) -> int:
        seen_a: set[int] = set()
        seen_b: set[int] = set()
        while a != -1 or b != -1:
            if a != -1:
                if a in seen_b:
                    return a
                seen_a.add(a)
                a = self.up(a)
            if b != -1:
                if b in seen_a:
                    return b
                seen_b.add(b)
                b = self.up(b)
        return -1

    def chain(self, start: int, stop: int) -> list[int]:
        """Top-level blossoms from ``start`` up to (not including) S-blossom ``stop``."""
        out: list[int] = []
        b = start
        while b != stop:
            out.append(b)
            edge = self.label_edge[b]
            assert edge is not None
            b = self.top[edge[0]]
        return out

    def add_blossom(self, lca: int, v: int, u: int) -> None:
        side_v = self.chain(self.top[v], lca)[::-1]  # lca's child ... top[v]
        side_u = self.chain(self.top[u], lca)  # top[u] ... lca's child
        kids = [lca, *side_v, *side_u]
        edges: list[tuple[int, int]] = []
        for c in side_v:
            e = self.label_edge[c]
            assert e is not None
            edges.append(e)
        edges.append((v, u))
        for c in side_u:
            e = self.label_edge[c]
            assert e is not None
            edges.append((e[1], e[0]))
        b = self.free_ids.pop()
        self.children[b], self.edges[b] = kids, edges
        self.base[b] = self.base[lca]
        self.parent[b] = -1
        self.dual[b] = 0
        for c in kids:
            self.parent[c] = b
        for leaf in self.leaves(b):
            self.top[leaf] = b
        self.label[b] = _S
        self.label_edge[b] = self.label_edge[lca]
        self.queue.extend(self.leaves(b))

    def release(self, b: int) -> None:
        """Make the children of top-level blossom ``b`` top-level (no labels set)."""
        for c in self.children[b]:
            self.parent[c] = -1
            for leaf in self.leaves(c):
                self.top[leaf] = c
            self.label[c] = _FREE
            self.label_edge[c] = None
        del self.children[b], self.edges[b]
        self.base[b] = -1
        self.label[b] = _FREE
        self.label_edge[b] = None
        self.free_ids.append(b)

    def expand_zero_blossoms(self) -> None:
        changed = True
        while changed:
            changed = False
            for b in self.top_levels():
                if b >= self.n and self.dual[b] == 0:
                    self.release(b)
                    changed = True

    def expand_t_blossom(self, b: int) -> None:
        """Art. of the algorithm: a T-blossom whose dual reached zero opens up; the even
        path from its entry child to its base child keeps the tree's labels."""
        entry = self.label_edge[b]
        assert entry is not None
        kids, edges = self.children[b], self.edges[b]
        k = len(kids)
        e = next(i for i, c in enumerate(kids) if entry[1] in self.leaves(c))
        self.release(b)
        self.label[kids[e]] = _T
        self.label_edge[kids[e]] = entry
        if e % 2 == 0:  # walk backwards e, e-1, ..., 0
            for j in range(e - 1, -1, -1):
                x, y = edges[j]  # x in kids[j], y in kids[j+1]
                self.label[kids[j]] = _S if (e - j) % 2 else _T
                self.label_edge[kids[j]] = (y, x)
                if self.label[kids[j]] == _S:
                    self.queue.extend(self.leaves(kids[j]))
        else:  # walk forwards e, e+1, ..., k (= 0)
            for j in range(e, k):
                x, y = edges[j]
                nxt = (j + 1) % k
                self.label[kids[nxt]] = _S if (j + 1 - e) % 2 else _T
                self.label_edge[kids[nxt]] = (x, y)
                if self.label[kids[nxt]] == _S:
                    self.queue.extend(self.leaves(kids[nxt]))

    # -- augmentation --------------------------------------------------------------------
    def make_base(self, b: int, v: int) -> None:
        """Rotate blossom ``b`` so that vertex ``v`` becomes its base."""
        if b < self.n:
            return
        kids, edges = self.children[b], self.edges[b]
        k = len(kids)
        i = next(idx for idx, c in enumerate(kids) if v in self.leaves(c))
        self.make_base(kids[i], v)
        flips = range(0, i, 2) if i % 2 == 0 else range(i + 1, k, 2)
        for j in flips:
            x, y = edges[j]
            self.make_base(kids[j], x)
            self.make_base(kids[(j + 1) % k], y)
            self.mate[x], self.mate[y] = y, x
        self.children[b] = kids[i:] + kids[:i]
        self.edges[b] = edges[i:] + edges[:i]
        self.base[b] = v

    def augment(self, v: int, u: int) -> None:
        for s, partner in ((v, u), (u, v)):
            while True:
                bs = self.top[s]
                self.make_base(bs, s)
                self.mate[s] = partner
                edge = self.label_edge[bs]
                if edge is None:
                    break
                t = self.top[edge[0]]
                t_edge = self.label_edge[t]
                assert t_edge is not None
                p, q = t_edge
                self.make_base(t, q)
                self.mate[q] = p
                s, partner = p, q
