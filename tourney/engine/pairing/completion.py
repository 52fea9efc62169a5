"""Can the players not yet paired still all be paired? (C.04.1 Art. 2 and 3, completion.)

The procedural systems (Dubov C.04.4.1, Lim C.04.4.3) make one choice at a time: a
bye, a floater, an opponent. Each choice is allowed only if the rest of the round can
still be paired without a rematch or a forbidden colour; the Dubov text calls this
completion ([C4]), the Lim text reaches it by cracking pairings (2.6).

``Completion`` keeps one perfect matching of the players still unpaired, so a test
after a choice costs one or two augmenting-path searches, not a fresh solve. A set of
players can be *closed*: its members may then be matched only among themselves,
which is how a scoregroup that must pair internally is tested together with the
rest of the round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tourney.engine.pairing.matching import CardinalityMatcher


class _AliveMatcher(CardinalityMatcher):
    """Augmenting paths over the live vertices, inside closed sets only."""

    def __init__(self, adj: Sequence[Sequence[int]], mate: list[int]) -> None:
        super().__init__(adj, mate)
        self.alive = [True] * len(adj)
        self.closed: list[int] = [-1] * len(adj)  # -1: open; k: only with set k

    def _nbrs(self, v: int) -> Sequence[int]:
        alive, closed = self.alive, self.closed
        mine = closed[v]
        return [u for u in self.adj[v] if alive[u] and closed[u] == mine]

    def search(self, v: int) -> bool:
        return self._search(v)


class Completion:
    """A perfect matching of the players still unpaired, kept between choices."""

    def __init__(self, adj: Sequence[Sequence[int]], vertices: Iterable[int]) -> None:
        n = len(adj)
        self.n = n
        self._m = _AliveMatcher(adj, [-1] * n)
        live = set(vertices)
        for v in range(n):
            self._m.alive[v] = v in live
        self._greedy()
        self.possible = self._cover_all()

    def _greedy(self) -> None:
        """A first matching, partner by partner, so that few augmenting searches remain."""
        m = self._m
        mate, alive = m.mate, m.alive
        for v in range(self.n):
            if alive[v] and mate[v] == -1:
                for u in m.adj[v]:
                    if alive[u] and mate[u] == -1 and u != v:
                        mate[v], mate[u] = u, v
                        break

    @property
    def mate(self) -> list[int]:
        return self._m.mate

    def alive(self, v: int) -> bool:
        return self._m.alive[v]

    def _cover_all(self) -> bool:
        m = self._m
        return all(not m.alive[v] or m.mate[v] != -1 or m.search(v) for v in range(self.n))

    def _snapshot(self) -> tuple[list[int], list[bool], list[int]]:
        m = self._m
        return list(m.mate), list(m.alive), list(m.closed)

    def _restore(self, snap: tuple[list[int], list[bool], list[int]]) -> None:
        m = self._m
        m.mate[:], m.alive[:], m.closed[:] = snap[0], snap[1], snap[2]

    def remove(self, *players: int) -> bool:
        """Take players out (a bye, a pair); keep the rest perfectly matched, or
        change nothing and return False."""
        snap = self._snapshot()
        m = self._m
        for v in players:
            m.alive[v] = False
        exposed = []
        for v in players:
            partner = m.mate[v]
            m.mate[v] = -1
            if partner != -1 and m.alive[partner]:
                m.mate[partner] = -1
                exposed.append(partner)
        if all(m.mate[x] != -1 or m.search(x) for x in exposed):
            return True
        self._restore(snap)
        return False

    def can_remove(self, *players: int) -> bool:
        snap = self._snapshot()
        ok = self.remove(*players)
        self._restore(snap)
        return ok

    def pair(self, a: int, b: int) -> bool:
        """Pair a with b for good, if the rest can still all be paired."""
        m = self._m
        if m.closed[a] != m.closed[b]:
            return False
        if m.mate[a] == b:
            m.alive[a] = m.alive[b] = False
            m.mate[a] = m.mate[b] = -1
            return True
        return self.remove(a, b)

    def can_pair(self, a: int, b: int) -> bool:
        snap = self._snapshot()
        ok = self.pair(a, b)
        self._restore(snap)
        return ok

    def close(self, members: Iterable[int], key: int) -> bool:
        """Let ``members`` be matched only among themselves (a scoregroup that
        must pair internally), if the whole round can still be completed."""
        snap = self._snapshot()
        m = self._m
        group = [v for v in members if m.alive[v]]
        for v in group:
            m.closed[v] = key
        for v in group:
            partner = m.mate[v]
            if partner != -1 and m.closed[partner] != key:
                m.mate[v] = m.mate[partner] = -1
        if self._cover_all():
            return True
        self._restore(snap)
        return False

    def can_close(self, members: Iterable[int], key: int) -> bool:
        snap = self._snapshot()
        ok = self.close(members, key)
        self._restore(snap)
        return ok


def perfectly_pairable(adj: Sequence[Sequence[int]], vertices: Iterable[int]) -> bool:
    """Whether these players (indices into ``adj``) can all be paired together."""
    return Completion(adj, vertices).possible


def max_pairs(adj: Sequence[Sequence[int]], vertices: Sequence[int]) -> int:
    """The number of pairs of a maximum matching among ``vertices``."""
    local = {v: k for k, v in enumerate(vertices)}
    sub = [[local[u] for u in adj[v] if u in local] for v in vertices]
    mate = [-1] * len(vertices)
    for v, near in enumerate(sub):  # a greedy start leaves few searches
        if mate[v] == -1:
            for u in near:
                if mate[u] == -1 and u != v:
                    mate[v], mate[u] = u, v
                    break
    left = CardinalityMatcher(sub, mate).augment()
    return (len(vertices) - len(left)) // 2


def round_completion(adj: Sequence[Sequence[int]], pab_eligible: Sequence[bool]) -> Completion:
    """The completion of a whole round of ``len(adj)`` players. With an odd number, a
    dummy vertex (number ``len(adj)``) stands for the bye, joined to the players who may
    take it (C.04.1 d), so a perfect matching pairs everyone else and gives one bye."""
    n = len(adj)
    if n % 2 == 0:
        return Completion(adj, range(n))
    full = [list(a) for a in adj] + [[]]
    for i, eligible in enumerate(pab_eligible):
        if eligible:
            full[i].append(n)
            full[n].append(i)
    return Completion(full, range(n + 1))
