"""Maximum-weight matching in a general graph, on exact integer weights.

The Dutch system (C.04.3) is computed as a sequence of maximum-weight matching
problems whose edge weights are long bit fields, one field per pairing
criterion (see ``dutch_weights``). Python's unbounded ``int`` keeps those
weights exact, so this module never uses floats.

The algorithm is the primal-dual blossom method of Edmonds in the O(n^3) form
described by Galil ("Efficient algorithms for finding maximum matching in
graphs", 1986): grow alternating trees from every exposed vertex, shrink odd
cycles into blossoms, and move the dual variables by the largest step that
keeps them feasible. All dual values are kept doubled so that they stay
integers for integer weights.

``max_weight_matching(weights)`` takes a square, symmetric matrix in which a
weight of zero (or less) means "no edge", and returns ``mate`` with
``mate[v]`` the partner of ``v`` or -1. The matching maximises the total
weight; it is not forced to be of maximum cardinality, so callers that want
"as many pairs as possible first" put that in the highest field of the weight.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

Edge = tuple[int, int]

_FREE = 0
_S = 1
_T = 2
_MARK = 4


class _Blossoms:
    """The state of one solve: matching, blossom forest, labels and duals."""

    def __init__(self, weights: Sequence[Sequence[int]]) -> None:
        n = len(weights)
        self.n = n
        self.weights = weights
        # One object per vertex number and per doubled weight, shared by every
        # list that holds it: the lists of a large bracket hold millions of
        # entries but few distinct weights.
        ids = list(range(n))
        doubled: dict[int, int] = {}
        self.nbrs: list[list[int]] = []
        # The doubled weights of each vertex's edges, in the order of ``nbrs``.
        self.wts: list[list[int]] = []
        for i in ids:
            row = weights[i]
            mine = [j for j in ids if j != i and row[j] > 0]
            self.nbrs.append(mine)
            self.wts.append(
                [doubled.get(x) or doubled.setdefault(x, 2 * x) for x in map(row.__getitem__, mine)]
            )
        top = 0
        for i in range(n):
            for j in self.nbrs[i]:
                if weights[i][j] > top:
                    top = weights[i][j]
        size = 2 * n
        self.mate = [-1] * n
        self.inb = list(range(n))  # top-level blossom holding each vertex
        self.parent = [-1] * size
        self.childs: list[list[int] | None] = [None] * size
        self.cedges: list[list[Edge] | None] = [None] * size
        self.base = list(range(n)) + [-1] * n
        self.label = [_FREE] * size
        self.ledge: list[Edge | None] = [None] * size
        self.best: list[Edge | None] = [None] * size
        self.bestk = [0] * size  # the slack of ``best``, kept up to date
        self.bbest: list[list[Edge] | None] = [None] * size
        self.unused = list(range(size - 1, n - 1, -1))
        self.dual = [top] * n + [0] * n
        self.queue: list[int] = []
        self.warm = False

    def reduced_costs(self) -> list[list[tuple[int, int]]]:
        """After ``solve``: each vertex's edges with their reduced cost (doubled).

        The cost of edge (i, j) is dual[i] + dual[j] - 2 w(i, j), plus twice the
        dual of every blossom holding both ends; it is never negative, and zero
        on every edge of every maximum-weight matching (complementary slackness).
        """
        inner = self._blossom_chains()
        dual = self.dual
        out: list[list[tuple[int, int]]] = []
        for i in range(self.n):
            di = dual[i]
            out.append(
                [
                    (j, di + dual[j] - wj + inner(i, j))
                    for j, wj in zip(self.nbrs[i], self.wts[i], strict=True)
                ]
            )
        return out

    def tight_edges(self) -> list[list[int]]:
        """After ``solve``: each vertex's neighbours over edges of reduced cost 0.

        The blossom term of an edge is twice the duals of the blossoms holding
        both ends: the blossoms from the top down to the deepest one both share.
        The vertices of each top-level blossom are numbered in the order of its
        tree, so every sub-blossom is an interval of positions; for a vertex i,
        ``share`` then gets that term at the position of every vertex j of its
        blossom, interval by interval up i's chain (one slice per level, not one
        walk per pair), and 0 everywhere else.
        """
        n = self.n
        dual = self.dual
        parent = self.parent
        childs = self.childs
        pos = [0] * n
        lo = [0] * (2 * n)
        hi = [0] * (2 * n)
        at = 0
        tops = [b for b in range(n, 2 * n) if childs[b] is not None and parent[b] == -1]
        for b in tops:
            stack = [(b, False)]
            while stack:
                x, done = stack.pop()
                if done:
                    hi[x] = at
                elif x < n:
                    pos[x], lo[x], hi[x] = at, at, at + 1
                    at += 1
                else:
                    lo[x] = at
                    stack.append((x, True))
                    kids = childs[x]
                    assert kids is not None
                    stack.extend((c, False) for c in reversed(kids))
        for v in range(n):
            if parent[v] == -1:
                pos[v] = at
                at += 1
        # Twice the duals of each blossom and every blossom above it.
        above = [0] * (2 * n)
        for b in tops:
            stack2 = [(b, 0)]
            while stack2:
                x, acc = stack2.pop()
                if x >= n:
                    acc += 2 * dual[x]
                    above[x] = acc
                    kids = childs[x]
                    assert kids is not None
                    stack2.extend((c, acc) for c in kids)
        share = [0] * n
        out: list[list[int]] = []
        for i in range(n):
            di = dual[i]
            pairs = zip(self.nbrs[i], self.wts[i], strict=True)
            if parent[i] == -1:  # in no blossom: no blossom dual on its edges
                out.append([j for j, wj in pairs if di + dual[j] == wj])
                continue
            prev = i
            x = parent[i]
            while x != -1:
                value = above[x]
                if lo[prev] > lo[x]:
                    share[lo[x] : lo[prev]] = [value] * (lo[prev] - lo[x])
                if hi[x] > hi[prev]:
                    share[hi[prev] : hi[x]] = [value] * (hi[x] - hi[prev])
                prev = x
                x = parent[x]
            out.append([j for j, wj in pairs if di + dual[j] + share[pos[j]] == wj])
            share[lo[prev] : hi[prev]] = [0] * (hi[prev] - lo[prev])
        return out

    def _blossom_chains(self) -> Callable[[int, int], int]:
        """Twice the dual of the blossoms holding both i and j, as a function."""
        chains: list[list[int]] = []
        for v in range(self.n):
            chain = []
            b = self.parent[v]
            while b != -1:
                chain.append(b)
                b = self.parent[b]
            chains.append(chain)
        # Blossoms nest, so only vertices under the same top-level blossom
        # share any.
        top = [chain[-1] if chain else -1 for chain in chains]
        dual = self.dual

        # From the top down: the blossoms two vertices share are the common
        # start of their lists, and a running sum gives their duals at once.
        down = [chain[::-1] for chain in chains]
        sums: list[list[int]] = []
        for chain in down:
            acc = [0]
            for b in chain:
                acc.append(acc[-1] + dual[b])
            sums.append(acc)

        def inner(i: int, j: int) -> int:
            if top[i] == -1 or top[i] != top[j]:
                return 0
            a, b = down[i], down[j]
            lo, hi = 1, min(len(a), len(b))  # a[:lo] == b[:lo]
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if a[mid - 1] == b[mid - 1]:
                    lo = mid
                else:
                    hi = mid - 1
            return 2 * sums[i][lo]

        return inner

    # -- helpers -------------------------------------------------------------

    def slack(self, e: Edge) -> int:
        i, j = e
        return self.dual[i] + self.dual[j] - 2 * self.weights[i][j]

    def leaves(self, b: int) -> Iterator[int]:
        if b < self.n:
            yield b
            return
        stack = [b]
        while stack:
            c = stack.pop()
            if c < self.n:
                yield c
            else:
                kids = self.childs[c]
                assert kids is not None
                stack.extend(kids)

    def assign_label(self, x: int, t: int, y: int) -> None:
        """Label the top blossom of ``x`` with ``t``, reached by edge (y, x); a
        T-blossom's base is matched, and its mate's blossom becomes S."""
        while True:
            b = self.inb[x]
            self.label[x] = self.label[b] = t
            edge = (y, x) if y >= 0 else None
            self.ledge[x] = self.ledge[b] = edge
            self.best[x] = self.best[b] = None
            if t == _S:
                self.queue.extend(self.leaves(b))
                return
            bs = self.base[b]
            x, t, y = self.mate[bs], _S, bs

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace up from v and w; return the base of a new blossom or -1."""
        path: list[int] = []
        result = -1
        a, b2 = v, w
        while a != -1 or b2 != -1:
            if a != -1:
                b = self.inb[a]
                if self.label[b] & _MARK:
                    result = self.base[b]
                    break
                path.append(b)
                self.label[b] = _S | _MARK
                edge = self.ledge[b]
                if edge is None:
                    a = -1
                else:
                    tb = self.inb[edge[0]]
                    tedge = self.ledge[tb]
                    assert tedge is not None
                    a = tedge[0]
            if b2 != -1:
                a, b2 = b2, a
        for b in path:
            self.label[b] = _S
        return result

    def add_blossom(self, bsv: int, v: int, w: int) -> None:
        inb = self.inb
        bb = inb[bsv]
        bv = inb[v]
        bw = inb[w]
        b = self.unused.pop()
        self.base[b] = bsv
        self.parent[b] = -1
        self.parent[bb] = b
        up: list[int] = []
        upe: list[Edge] = []
        while bv != bb:
            self.parent[bv] = b
            up.append(bv)
            e = self.ledge[bv]
            assert e is not None
            upe.append(e)
            bv = inb[e[0]]
        up.reverse()
        upe.reverse()
        down: list[int] = []
        downe: list[Edge] = []
        while bw != bb:
            self.parent[bw] = b
            down.append(bw)
            e = self.ledge[bw]
            assert e is not None
            downe.append((e[1], e[0]))
            bw = inb[e[0]]
        kids = [bb, *up, *down]
        self.childs[b] = kids
        self.cedges[b] = [*upe, (v, w), *downe]
        self.label[b] = _S
        self.ledge[b] = self.ledge[bb]
        self.dual[b] = 0
        for x in self.leaves(b):
            if self.label[inb[x]] == _T:
                self.queue.append(x)
            inb[x] = b
        # The least-slack edge from the new blossom to each other S-blossom: the
        # children's lists where they have one, else every edge of their
        # vertices (slack read from the doubled weights beside ``nbrs``; the
        # duals do not move here, so each blossom's best slack is kept).
        bestto: dict[int, Edge] = {}
        bestslack: dict[int, int] = {}
        dual = self.dual
        label = self.label
        for c in kids:
            lst = self.bbest[c]
            if lst is None:
                for x in self.leaves(c):
                    dx = dual[x]
                    for y, wy in zip(self.nbrs[x], self.wts[x], strict=True):
                        bj = inb[y]
                        if bj == b or label[bj] != _S:
                            continue
                        k = dx + dual[y] - wy
                        old = bestslack.get(bj)
                        if old is None or k < old:
                            bestslack[bj] = k
                            bestto[bj] = (x, y)
            else:
                for e in lst:
                    bj = inb[e[1]]
                    if bj == b or label[bj] != _S:
                        continue
                    k = self.slack(e)
                    old = bestslack.get(bj)
                    if old is None or k < old:
                        bestslack[bj] = k
                        bestto[bj] = e
            self.bbest[c] = None
            self.best[c] = None
        lst2 = list(bestto.values())
        self.bbest[b] = lst2
        bestedge: Edge | None = None
        bk = 0
        for bj, e in bestto.items():
            k = bestslack[bj]
            if bestedge is None or k < bk:
                bestedge, bk = e, k
        self.best[b] = bestedge
        self.bestk[b] = bk

    def expand_blossom(self, b: int, endstage: bool) -> None:
        """Undo blossom ``b``: its children become top-level blossoms.

        At the end of a stage (``endstage``) a child whose dual is zero is
        undone too, and so on down. Blossoms nest as deep as the search grew
        them (thousands of levels in a large bracket), so that descent is kept
        on a list, not on the call stack; it visits the children in the same
        order and frees the blossoms in the same order as a recursive descent
        would, so the numbers blossoms get later stay the same too.
        """
        if endstage:
            self._expand_zero_duals(b)
            return
        kids = self.childs[b]
        edges = self.cedges[b]
        assert kids is not None and edges is not None
        entry_child = -1
        if self.label[b] == _T:
            le = self.ledge[b]
            assert le is not None
            c = le[1]
            while self.parent[c] != b:
                c = self.parent[c]
            entry_child = c
        for c in kids:
            self.parent[c] = -1
            if c < self.n:
                self.inb[c] = c
            else:
                for x in self.leaves(c):
                    self.inb[x] = c
        if entry_child >= 0:
            self._relabel_expanded(b, kids, edges, entry_child)
        self._free(b)

    def _expand_zero_duals(self, b: int) -> None:
        """``expand_blossom(b, endstage=True)``: children first, depth first."""
        n = self.n
        parent = self.parent
        inb = self.inb
        dual = self.dual
        childs = self.childs
        kids = childs[b]
        assert kids is not None
        stack = [(b, iter(kids))]
        while stack:
            top, rest = stack[-1]
            for c in rest:
                parent[c] = -1
                if c < n:
                    inb[c] = c
                elif dual[c] == 0:
                    inner = childs[c]
                    assert inner is not None
                    stack.append((c, iter(inner)))
                    break  # on with c's children; ``rest`` resumes after c
                else:
                    for x in self.leaves(c):
                        inb[x] = c
            else:
                stack.pop()
                self._free(top)

    def _free(self, b: int) -> None:
        """Return the number of the undone blossom ``b`` to the unused ones."""
        self.label[b] = _FREE
        self.ledge[b] = None
        self.childs[b] = None
        self.cedges[b] = None
        self.best[b] = None
        self.bbest[b] = None
        self.base[b] = -1
        self.unused.append(b)

    def _relabel_expanded(
        self, b: int, kids: list[int], edges: list[Edge], entry_child: int
    ) -> None:
        """Give the children of an expanded T-blossom their labels."""
        size = len(kids)
        j = kids.index(entry_child)
        step = 1 if j & 1 else -1
        le = self.ledge[b]
        assert le is not None
        out, inn = le
        while j % size != 0:
            self.label[inn] = _FREE
            cur = kids[j % size]
            self.label[cur] = _FREE
            self.assign_label(inn, _T, out)
            if step == 1:
                out, inn = edges[(j + 1) % size]
            else:
                x, y = edges[(j - 2) % size]
                out, inn = y, x
            j += 2 * step
        bchild = kids[0]
        self.label[inn] = self.label[bchild] = _T
        self.ledge[inn] = self.ledge[bchild] = (out, inn)
        self.best[bchild] = None
        j += step
        while kids[j % size] != entry_child:
            c = kids[j % size]
            j += step
            if self.label[c] == _S:
                continue
            for x in self.leaves(c):
                if self.label[x] != _FREE:
                    e = self.ledge[x]
                    assert e is not None
                    self.label[x] = _FREE
                    self.label[self.mate[self.base[c]]] = _FREE
                    self.assign_label(x, _T, e[0])
                    break

    def augment_blossom(self, b: int, v: int) -> None:
        """Rotate blossom ``b`` so that vertex ``v`` becomes its base.

        The path from ``v`` round the cycle to the old base changes its matched
        edges, and every sub-blossom on it is rotated the same way, down to the
        vertices. Blossoms nest as deep as the search grew them (thousands of
        levels in a large bracket), so the sub-blossoms still to rotate are
        kept on a list, not on the call stack. Their order does not matter:
        each rotation reads and writes only its own blossom's cycle and the
        mates of the vertices on it, and no two rotations share a blossom or
        a vertex whose mate they set (the new base of each is matched by the
        rotation of the blossom above it).
        """
        n = self.n
        parent = self.parent
        childs = self.childs
        cedges = self.cedges
        mate = self.mate
        todo = [(b, v)]
        while todo:
            b, v = todo.pop()
            t = v
            while parent[t] != b:
                t = parent[t]
            if t >= n:
                todo.append((t, v))
            kids = childs[b]
            edges = cedges[b]
            assert kids is not None and edges is not None
            size = len(kids)
            i = kids.index(t)
            ks = range(i + 1, size, 2) if i & 1 else range(i - 2, -1, -2)
            for k in ks:
                x, y = edges[k]
                cx = kids[k]
                cy = kids[(k + 1) % size]
                if cx >= n:
                    todo.append((cx, x))
                if cy >= n:
                    todo.append((cy, y))
                mate[x] = y
                mate[y] = x
            childs[b] = kids[i:] + kids[:i]
            cedges[b] = edges[i:] + edges[:i]
            self.base[b] = v  # the base of t once t is rotated, down to v itself

    def augment_matching(self, v: int, w: int) -> None:
        for s, j in ((v, w), (w, v)):
            while True:
                bs = self.inb[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = j
                le = self.ledge[bs]
                if le is None:
                    break
                t = le[0]
                bt = self.inb[t]
                te = self.ledge[bt]
                assert te is not None
                s2, t2 = te
                if bt >= self.n:
                    self.augment_blossom(bt, t2)
                self.mate[t2] = s2
                s, j = s2, t2

    # -- main loop -----------------------------------------------------------

    def greedy(self) -> int:
        """Match exposed vertices two by two along tight edges (each such edge
        is an augmenting path of one edge); return how many pairs were made."""
        mate = self.mate
        dual = self.dual
        inb = self.inb
        made = 0
        for v in range(self.n):
            if mate[v] != -1 or inb[v] != v:
                continue
            dv = dual[v]
            for x, wx in zip(self.nbrs[v], self.wts[v], strict=True):
                if mate[x] == -1 and inb[x] == x and dv + dual[x] == wx:
                    mate[v], mate[x] = x, v
                    made += 1
                    break
        return made

    def solve(self) -> list[int]:
        n = self.n
        for _stage in range(n):
            if self.warm:
                self.greedy()
            self.label = [_FREE] * (2 * n)
            self.best = [None] * (2 * n)
            self.bbest = [None] * (2 * n)
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.inb[v]] == _FREE:
                    self.assign_label(v, _S, -1)
            augmented = False
            while True:
                augmented = self._scan()
                if augmented:
                    break
                if not self._dual_step():
                    break
            if not augmented:
                break
            for b in range(n, 2 * n):
                if (
                    self.childs[b] is not None
                    and self.parent[b] == -1
                    and self.label[b] == _S
                    and self.dual[b] == 0
                ):
                    self.expand_blossom(b, True)
        return self.mate

    def _scan(self) -> bool:
        nbrs = self.nbrs
        wts = self.wts
        dual = self.dual
        inb = self.inb
        label = self.label
        best = self.best
        bestk = self.bestk
        while self.queue:
            v = self.queue.pop()
            dv = dual[v]
            bv = inb[v]  # changes only when a blossom forms, below
            for x, wx in zip(nbrs[v], wts[v], strict=True):
                bx = inb[x]
                if bv == bx:
                    continue
                k = dv + dual[x] - wx
                if k > 0:
                    if label[bx] == _S:
                        if best[bv] is None or k < bestk[bv]:
                            best[bv] = (v, x)
                            bestk[bv] = k
                    elif label[x] == _FREE and (best[x] is None or k < bestk[x]):
                        best[x] = (v, x)
                        bestk[x] = k
                    continue
                lx = label[bx]
                if lx == _FREE:
                    self.assign_label(x, _T, v)
                elif lx == _S:
                    base = self.scan_blossom(v, x)
                    if base >= 0:
                        self.add_blossom(base, v, x)
                        bv = inb[v]
                    else:
                        self.augment_matching(v, x)
                        return True
                elif label[x] == _FREE:
                    label[x] = _T
                    self.ledge[x] = (v, x)
        return False

    def _dual_step(self) -> bool:
        """Move the duals; return False when the matching is optimal."""
        n = self.n
        dual = self.dual
        label = self.label
        inb = self.inb
        kind = 1
        delta = min(dual[:n])
        pick: int | Edge | None = None
        best = self.best
        bestk = self.bestk
        for v in range(n):
            e = best[v]
            if e is not None and label[inb[v]] == _FREE:
                d = bestk[v]
                if d < delta:
                    delta, kind, pick = d, 2, e
        for b in range(2 * n):
            if b < n:
                if inb[b] != b:
                    continue
            elif self.childs[b] is None or self.parent[b] != -1:
                continue
            lb = label[b]
            if lb == _S:
                e = best[b]
                if e is not None:
                    d = bestk[b] // 2
                    if d < delta:
                        delta, kind, pick = d, 3, e
            elif lb == _T and b >= n and dual[b] < delta:
                delta, kind, pick = dual[b], 4, b
        if delta < 0:
            delta = 0
        for v in range(n):
            lb = label[inb[v]]
            if lb == _S:
                dual[v] -= delta
            elif lb == _T:
                dual[v] += delta
        for b in range(n, 2 * n):
            if self.childs[b] is not None and self.parent[b] == -1:
                if label[b] == _S:
                    dual[b] += delta
                elif label[b] == _T:
                    dual[b] -= delta
        if delta:
            # Keep the slack of the best edges current without computing it
            # again: an edge between two S-blossoms loses 2 * delta, an edge from
            # an S vertex to a free one loses delta, and an edge from an S vertex
            # to a vertex in a T-blossom keeps its slack (the T side gains what
            # the S side loses). Best edges of other owners are never read
            # before they are set again within the stage.
            two = 2 * delta
            parent = self.parent
            for x in range(2 * n):
                if best[x] is None:
                    continue
                if x < n:
                    top = inb[x]
                    lb = label[top]
                    if lb == _FREE:
                        bestk[x] -= delta
                    elif lb == _S and top == x:
                        bestk[x] -= two
                elif parent[x] == -1 and label[x] == _S:
                    bestk[x] -= two
        if kind == 1:
            return False
        if kind == 4:
            assert isinstance(pick, int)
            self.expand_blossom(pick, False)
        else:
            assert isinstance(pick, tuple)
            self.queue.append(pick[0])
        return True


def max_weight_matching(weights: Sequence[Sequence[int]], *, warm: bool = False) -> list[int]:
    """Return ``mate`` for a maximum-weight matching of a symmetric weight matrix.
    ``warm``: a greedy start at each stage, as ``OptimalMatchings`` (the same optimum
    weight, possibly another matching of that weight).

    >>> max_weight_matching([[0, 5, 1], [5, 0, 3], [1, 3, 0]])
    [1, 0, -1]
    """
    if not weights:
        return []
    solver = _Blossoms(weights)
    solver.warm = warm
    return solver.solve()


def max_weight_matching_sparse(weights: Sequence[Sequence[int | None]]) -> list[int]:
    """``max_weight_matching`` where ``None`` marks a pair that may not be matched.

    Real edges must weigh more than 0; the missing ones are given weight 0 and
    any pair the solver still puts on such an edge is left unmatched.

    >>> max_weight_matching_sparse([[None, 5, 1, None], [5, None, None, 1],
    ...                             [1, None, None, 1], [None, 1, 1, None]])
    [1, 0, 3, 2]
    """
    dense = [[w or 0 for w in row] for row in weights]
    mate = max_weight_matching(dense)
    return [m if m >= 0 and weights[v][m] is not None else -1 for v, m in enumerate(mate)]


def has_perfect_matching(adj: Sequence[Sequence[int]]) -> bool:
    """Whether every vertex can be paired along the edges of ``adj``.

    >>> has_perfect_matching([[1], [0, 2], [1, 3], [2]])
    True
    >>> has_perfect_matching([[1, 2, 3], [0], [0], [0]])
    False
    """
    if len(adj) % 2:
        return False
    return not CardinalityMatcher(adj, [-1] * len(adj)).augment()


def matching_weight(weights: Sequence[Sequence[int]], mate: Sequence[int]) -> int:
    """The total weight of a matching given as ``mate``."""
    return sum(weights[v][m] for v, m in enumerate(mate) if m > v)


class CardinalityMatcher:
    """Maximum-cardinality matching by augmenting paths with blossom shrinking.

    Used for the completion test (C.04.3 C4): can these players still all be
    paired? ``augment`` tries to match every exposed vertex of a starting
    matching, so a check after a few pairs were fixed costs a few searches,
    not a full solve. ``adj[v]`` lists the neighbours of v.
    """

    def __init__(self, adj: Sequence[Sequence[int]], mate: list[int]) -> None:
        self.adj = adj
        self.n = len(adj)
        self.mate = mate

    def augment(self) -> list[int]:
        """Augment from every exposed vertex; return the vertices left exposed."""
        left: list[int] = []
        for v in range(self.n):
            if self.mate[v] == -1 and (not self.adj[v] or not self._search(v)):
                left.append(v)
        return left

    def _search(self, root: int) -> bool:
        """Grow an alternating tree from ``root`` breadth first; augment along
        the first path found to an exposed vertex. A blossom's vertices are
        found among the vertices the tree touched (not by a pass over the whole
        graph) and added in vertex order, as such a pass would: the touched
        vertices are kept by their base (``members``), so a blossom costs its
        own size, not a pass over every vertex touched so far."""
        n = self.n
        mate = self.mate
        base = list(range(n))
        pred = [-1] * n
        seen = [False] * n
        seen[root] = True
        queue = [root]
        # The vertices touched (queued, or reached by a non-matching edge), by base.
        members: dict[int, list[int]] = {root: [root]}
        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            for to in self._nbrs(v):
                if base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and pred[mate[to]] != -1):
                    top = self._common_base(v, to, base, pred)
                    inner: set[int] = set()
                    self._mark(v, top, to, base, pred, inner)
                    self._mark(to, top, v, base, pred, inner)
                    joined = sorted(i for b in inner for i in members.pop(b, ()))
                    members.setdefault(top, []).extend(joined)
                    for i in joined:
                        base[i] = top
                        if not seen[i]:
                            seen[i] = True
                            queue.append(i)
                elif pred[to] == -1:
                    pred[to] = v
                    members[to] = [to]
                    if mate[to] == -1:
                        x = to
                        while x != -1:
                            px = pred[x]
                            nxt = mate[px]
                            mate[x] = px
                            mate[px] = x
                            x = nxt
                        return True
                    seen[mate[to]] = True
                    queue.append(mate[to])
                    members[mate[to]] = [mate[to]]
        return False

    def _nbrs(self, v: int) -> Sequence[int]:
        return self.adj[v]

    def _common_base(self, a: int, b: int, base: list[int], pred: list[int]) -> int:
        mate = self.mate
        on_path: set[int] = set()
        while True:
            a = base[a]
            on_path.add(a)
            if mate[a] == -1:
                break
            a = pred[mate[a]]
        while True:
            b = base[b]
            if b in on_path:
                return b
            b = pred[mate[b]]

    def _mark(
        self, v: int, top: int, child: int, base: list[int], pred: list[int], inner: set[int]
    ) -> None:
        mate = self.mate
        while base[v] != top:
            inner.add(base[v])
            inner.add(base[mate[v]])
            pred[v] = child
            child = mate[v]
            v = pred[mate[v]]


class OptimalMatchings:
    """The maximum-weight matchings of a graph, to choose one among them.

    One solve gives a maximum-weight matching and optimal duals. By
    complementary slackness every maximum-weight matching uses only edges of
    reduced cost zero (tight edges) and matches every vertex whose dual is
    positive. ``narrow`` restricts the partners a vertex may take and keeps a
    matching of that kind if one still exists, so a caller can pick, decision
    by decision, the matching it prefers among them.

    A matching of that kind is optimal unless it breaks the odd-set condition
    of a blossom with a positive dual, which this class does not track: the
    caller compares ``matching_weight`` of the result with ``weight``.
    """

    def __init__(self, weights: Sequence[Sequence[int]], *, warm: bool = False) -> None:
        """``warm``: at the start of each stage of the solve, first pair exposed
        vertices along tight edges (``_Blossoms.greedy``). The optimum is the same;
        the first matching and the duals may differ, and with them the tight edges
        (every optimal matching still uses only tight ones)."""
        n = len(weights)
        self.n = n
        solver = _Blossoms(weights)
        solver.warm = warm
        first = solver.solve()
        self.first = list(first)
        self.weight = matching_weight(weights, first)
        adj: list[list[int]] = solver.tight_edges()
        # A vertex of dual zero may stay unpaired: it gets a private sink vertex
        # (n + k), so that "every vertex of positive dual is matched" becomes
        # "every vertex below n is matched" for the augmenting-path search.
        sinks: dict[int, int] = {}
        for v in range(n):
            if solver.dual[v] == 0:
                sinks[v] = n + len(sinks)
                adj[v].append(sinks[v])
        adj.extend([v] for v in sinks)
        self.sink = sinks
        self.adj = adj
        mate = list(first) + [-1] * len(sinks)
        for v, d in sinks.items():
            if mate[v] == -1:
                mate[v], mate[d] = d, v
        self.mate = mate
        self._search = _NarrowedMatcher(adj, mate)

    def tight(self, v: int) -> list[int]:
        """The vertices v may be matched with in some maximum-weight matching
        (its tight edges), whatever was narrowed since."""
        return [u for u in self.adj[v] if u < self.n]

    def partners(self, v: int) -> list[int]:
        """The vertices v may still be matched with (tight edges, narrowed)."""
        return [u for u in self._search.nbrs_of(v) if u < self.n]

    def narrow(self, v: int, keep: set[int], may_stay_single: bool = False) -> bool:
        """Allow v only the partners in ``keep`` (and no partner at all when
        ``may_stay_single`` and v's dual is zero), if every vertex of positive
        dual can still be matched; otherwise change nothing and return False."""
        allowed = {u for u in keep if u < self.n}
        sink = self.sink.get(v)
        if may_stay_single and sink is not None:
            allowed.add(sink)
        search = self._search
        before = search.allowed[v]
        now = allowed if before is None else allowed & before
        search.allowed[v] = now
        mate = self.mate
        partner = mate[v]
        if partner in now:
            return True
        saved = list(mate)
        mate[v] = mate[partner] = -1
        ok = all(self._cover(x) for x in (v, partner) if x < self.n)
        if ok:
            for u, d in self.sink.items():
                if mate[u] == -1:
                    mate[u], mate[d] = d, u
        else:
            mate[:] = saved
            search.allowed[v] = before
        return ok

    def _cover(self, x: int) -> bool:
        """Match x if it must be matched. Every sink is freed first: a vertex on
        its sink is as good as single, so a path may end there (and a path that
        ends on a sink leaves its vertex single)."""
        mate = self.mate
        for u, d in self.sink.items():
            if mate[d] == u:
                mate[u] = mate[d] = -1
        return mate[x] != -1 or self._may_stay_single(x) or self._search.cover(x)

    def twin_key(self, v: int) -> tuple[frozenset[int], bool]:
        """What the choice can tell of v: the partners it may still have and
        whether it may stay single. Two vertices of equal keys, not joined to
        each other, are twins: exchanging them maps every matching of the kind
        ``narrow`` keeps to another one, so a narrowing that gives one of them
        to a vertex fails exactly when giving the other fails."""
        return frozenset(self.partners(v)), self._may_stay_single(v)

    def _may_stay_single(self, v: int) -> bool:
        sink = self.sink.get(v)
        allowed = self._search.allowed[v]
        return sink is not None and (allowed is None or sink in allowed)

    def matching(self) -> list[int]:
        """The current choice: ``mate`` over the graph's vertices."""
        return [m if m < self.n else -1 for m in self.mate[: self.n]]


class _NarrowedMatcher(CardinalityMatcher):
    """Augmenting-path search over the edges both ends still allow."""

    def __init__(self, adj: Sequence[Sequence[int]], mate: list[int]) -> None:
        super().__init__(adj, mate)
        self.allowed: list[set[int] | None] = [None] * len(adj)

    def nbrs_of(self, v: int) -> list[int]:
        return list(self._nbrs(v))

    def _nbrs(self, v: int) -> Sequence[int]:
        allowed = self.allowed
        mine = allowed[v]
        return [
            u
            for u in self.adj[v]
            if (mine is None or u in mine) and ((theirs := allowed[u]) is None or v in theirs)
        ]

    def cover(self, v: int) -> bool:
        """Match the exposed vertex v by an augmenting path, if there is one."""
        return self._search(v)
