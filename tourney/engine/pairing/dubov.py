"""The Dubov System, C.04.4.1 (2026 text, applied from 1 February 2026).

``pair_dubov(state)`` pairs one round. The system aims to equalise, inside a
scoregroup, the average rating of the opponents (ARO, 1.7): players who met weak
opposition so far meet the strong players now. The round is paired as the text
orders it (Article 3):

* the pairing-allocated bye first (3.1): the eligible player ([C2], Basic Rules
  Art. 4) whose bye lets the others be paired ([C4]), with the lowest score, then
  the most games played, then the largest pairing number;
* then each scoregroup from the highest down (3.2), as a bracket of its residents
  and the upfloaters it needs; there are no downfloaters (1.3.2);
* the upfloaters (3.2.2, 4.2): the fewest ([C5]), with the highest scores taken
  from the lowest up ([C6]), the fewest colour preferences missed in the bracket
  ([C7]), then, except in the last round, the fewest maximum upfloaters ([C8], 1.8),
  their fewest upfloats ([C9]) and the fewest who upfloated in the previous round
  ([C10]); among equal sets the first by sequence number (score, then pairing
  number, 4.2);
* inside the bracket (3.2.3-3.2.6): G1 the White seekers, G2 the others (the first
  half by pairing number while nobody in the bracket has played); shifters
  (4.3, numbered from the middle of their list outwards) even the two out as the
  best colour count allows; S1 is G1 by ascending ARO then pairing number, and
  its players meet the first permutation of G2 in pairing-number order that is
  legal (4.4);
* colours by Article 5.2.

The absolute criteria are [C1] no rematch, [C2] no second bye and [C3] no two
players with the same absolute colour preference, in every round (the text has no
topscorer exception). Every choice keeps the rest of the round pairable ([C4],
``completion``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from tourney.engine.pairing.completion import Completion, max_pairs, round_completion
from tourney.engine.pairing.matching import max_weight_matching
from tourney.engine.pairing.swiss_core import NoPairing, SwissPairing, board_key, pair_or_diagnose
from tourney.engine.pairing.swiss_state import Float, SwissPlayer, SwissState
from tourney.model import Colour

MILD, STRONG, ABSOLUTE = 1, 2, 3
_TRIAL = 1 << 30  # the key of a set closed only to test it


@dataclass(frozen=True, slots=True)
class DubovPreference:
    """A colour preference (1.6): every player has one."""

    colour: Colour
    strength: int


def dubov_preference(player: SwissPlayer) -> DubovPreference:
    """1.6: from the games played over the board (colour difference, last two
    colours); 1.6.4: a player without games has a mild preference for Black."""
    played = player.played_colours
    if not played:
        return DubovPreference(Colour.BLACK, MILD)
    diff = sum(1 if c is Colour.WHITE else -1 for c in played)
    last = played[-1]
    if diff > 1:
        return DubovPreference(Colour.BLACK, ABSOLUTE)
    if diff < -1:
        return DubovPreference(Colour.WHITE, ABSOLUTE)
    if len(played) >= 2 and played[-2] is last:
        return DubovPreference(last.other, ABSOLUTE)
    if diff:
        return DubovPreference(Colour.BLACK if diff > 0 else Colour.WHITE, STRONG)
    return DubovPreference(last.other, MILD)


def aro(player: SwissPlayer) -> int:
    """1.7: the mean rating of the opponents met over the board, rounded half up;
    0 before the first game."""
    ratings = player.opponent_ratings
    if not ratings:
        return 0
    return int(Fraction(sum(ratings), len(ratings)) + Fraction(1, 2))


def max_upfloats(total_rounds: int) -> int:
    """1.8: MaxT, the upfloats that make a player a maximum upfloater."""
    return 2 + total_rounds // 5


def upfloats(player: SwissPlayer) -> int:
    """The rounds in which the player met a higher-scored opponent."""
    return sum(1 for f in player.floats if f is Float.UP)


def middle_out(items: Sequence[int]) -> list[int]:
    """4.3.3: sequence numbers from the middle of the list outwards, the upper
    of two middles first: A..G gives D, C, E, B, F, A, G."""
    rest = list(items)
    out = []
    while rest:
        out.append(rest.pop((len(rest) - 1) // 2))
    return out


class _Round:
    """The players of one round by index (pairing-number order) and their data."""

    def __init__(self, state: SwissState) -> None:
        self.state = state
        self.p = sorted(state.to_pair, key=lambda x: x.number)
        n = self.n = len(self.p)
        self.score = [x.key_score for x in self.p]
        self.pref = [dubov_preference(x) for x in self.p]
        self.aro = [aro(x) for x in self.p]
        self.ups = [upfloats(x) for x in self.p]
        maxt = max_upfloats(state.total_rounds)
        self.maximum = [u >= maxt for u in self.ups]
        prev = state.round_no - 2
        self.up_last = [len(x.floats) > prev >= 0 and x.floats[prev] is Float.UP for x in self.p]
        self.last_round = state.is_last_round
        index = {x.number: i for i, x in enumerate(self.p)}
        legal = [[False] * n for _ in range(n)]
        forbidden = state.forbidden
        for i, a in enumerate(self.p):
            pa = self.pref[i]
            for j in range(i + 1, n):
                b = self.p[j]
                pb = self.pref[j]
                if b.number in a.opponents or a.number in b.opponents:
                    continue  # [C1]
                if forbidden and frozenset((a.number, b.number)) in forbidden:
                    continue
                if pa.strength == pb.strength == ABSOLUTE and pa.colour is pb.colour:
                    continue  # [C3]
                legal[i][j] = legal[j][i] = True
        self.legal = legal
        self.adj = [[j for j in range(n) if legal[i][j]] for i in range(n)]
        self.index = index

    def name(self, i: int) -> str:
        return str(self.p[i].number)


def pair_dubov(state: SwissState) -> SwissPairing:
    """Pair round ``state.round_no`` by the Dubov System (C.04.4.1).

    Raises ``NoPairing`` when the absolute criteria leave no legal pairing.
    """
    return pair_or_diagnose(_pair, state)


def _pair(state: SwissState) -> SwissPairing:
    r = _Round(state)
    if r.n == 0:
        return SwissPairing((), None, ())
    notes = [f"Dubov System (C.04.4.1): round {state.round_no}, {r.n} players to pair"]
    comp, bye = _bye(r, notes)
    pairs: list[tuple[int, int]] = []
    for s_index, s in enumerate(sorted(set(r.score), reverse=True)):
        residents = [i for i in range(r.n) if r.score[i] == s and comp.alive(i)]
        if not residents:
            continue
        ups = _upfloaters(r, comp, residents)
        bracket = sorted(residents + ups)
        if not comp.close(bracket, key=s_index):
            raise NoPairing("the bracket cannot be paired (C.04.4.1 [C4])")
        found = _pair_bracket(r, bracket, notes, s, ups)
        for a, b in found:
            if not comp.pair(a, b):
                raise NoPairing("the round cannot be completed (C.04.4.1 [C4])")
        pairs.extend(found)
    return _finish(r, pairs, bye, notes)


# -- the bye (3.1) ----------------------------------------------------------------


def _bye(r: _Round, notes: list[str]) -> tuple[Completion, int | None]:
    n = r.n
    comp = round_completion(r.adj, [p.pab_eligible for p in r.p])
    if n % 2 == 0:
        if not comp.possible:
            raise NoPairing("no legal pairing of the round (C.04.4.1 [C1]-[C4])")
        return comp, None
    dummy = n  # the bye's vertex in ``comp``
    if not comp.possible:
        raise NoPairing("no legal pairing of the round with a bye (C.04.4.1 [C1]-[C4])")
    order = sorted(
        (i for i in range(n) if r.p[i].pab_eligible),
        key=lambda i: (r.score[i], -len(r.p[i].played_colours), -r.p[i].number),
    )
    for i in order:
        if comp.pair(i, dummy):
            notes.append(
                f"3.1: the bye goes to {r.name(i)}: eligible ([C2]), the rest can be paired "
                "([C4]), lowest score, most games played, largest pairing number"
            )
            return comp, i
    raise NoPairing("no player can take the bye (C.04.4.1 3.1)")


# -- the upfloaters (3.2.2, 4.2) ----------------------------------------------------


def _seq_order(r: _Round, players: Sequence[int]) -> list[int]:
    """4.2: the possible upfloaters by descending score, then pairing number."""
    return sorted(players, key=lambda i: (-r.score[i], r.p[i].number))


def _side(r: _Round, bracket: Sequence[int]) -> dict[int, Colour]:
    """3.2.3: White seekers against the rest; while nobody in the bracket has
    played, the first half by pairing number against the second."""
    if all(not r.p[i].played_colours for i in bracket):
        half = len(bracket) // 2
        ordered = sorted(bracket, key=lambda i: r.p[i].number)
        return {i: Colour.WHITE if k < half else Colour.BLACK for k, i in enumerate(ordered)}
    return {i: r.pref[i].colour for i in bracket}


def _violations(r: _Round, bracket: Sequence[int]) -> int | None:
    """[C7]: the fewest pairs of the bracket whose two players seek the same
    colour (one of them misses it), or None when the bracket cannot pair."""
    side = _side(r, bracket)
    whites = [i for i in bracket if side[i] is Colour.WHITE]
    blacks = [i for i in bracket if side[i] is Colour.BLACK]
    low = abs(len(whites) - len(blacks)) // 2
    minority = set(blacks if len(whites) >= len(blacks) else whites)
    # The bound is met when no two players of the smaller side must meet.
    adj = [[j for j in r.adj[i] if not (i in minority and j in minority)] for i in range(r.n)]
    if Completion(adj, bracket).possible:
        return low
    verts = list(bracket)
    w = [[0] * len(verts) for _ in verts]
    for a, i in enumerate(verts):
        for b in range(a + 1, len(verts)):
            j = verts[b]
            if r.legal[i][j]:
                w[a][b] = w[b][a] = 2 * len(verts) + (1 if side[i] is not side[j] else 0)
    mate = max_weight_matching(w)
    if any(m == -1 for m in mate):
        return None
    return sum(1 for a, m in enumerate(mate) if m > a and side[verts[a]] is side[verts[m]])


def _upfloaters(r: _Round, comp: Completion, residents: list[int]) -> list[int]:
    """3.2.2: the upfloaters of the bracket."""
    below = [i for i in range(r.n) if comp.alive(i) and r.score[i] < r.score[residents[0]]]
    need = len(residents) - 2 * max_pairs(r.adj, residents)
    if need == 0 and comp.can_close(residents, key=_TRIAL):
        return []
    if need == 1:
        one = _one_upfloater(r, comp, residents, below)
        if one is not None:
            return [one]
    # The nearest scoregroups first: when the fewest upfloaters possible come from
    # them and the round can be completed, no set reaching deeper does better ([C6]
    # ranks any deeper player lower); otherwise every player below is weighed.
    near: list[int] = []
    for s in sorted({r.score[i] for i in below}, reverse=True):
        if len(near) >= 2 * len(residents) + 8:
            break
        near.extend(i for i in below if r.score[i] == s)
    if len(near) < len(below):
        ups = _upfloater_set(r, comp, residents, near, full=False)
        if ups is not None and len(ups) == need and comp.can_close(residents + ups, _TRIAL):
            return ups
    ups = _upfloater_set(r, comp, residents, below, full=True)
    if ups is None:
        raise NoPairing("the bracket cannot be paired (C.04.4.1 [C4])")
    return ups


def _float_key(r: _Round, ups: Sequence[int]) -> tuple[int, ...]:
    """[C8]-[C10] for a set of upfloaters (smaller is better); void in the last round."""
    if r.last_round:
        return (0, 0, 0)
    return (
        sum(1 for i in ups if r.maximum[i]),
        sum(r.ups[i] for i in ups if r.maximum[i]),
        sum(1 for i in ups if r.up_last[i]),
    )


def _one_upfloater(
    r: _Round, comp: Completion, residents: list[int], below: list[int]
) -> int | None:
    """One upfloater: [C6] takes it from the highest scoregroup that has one that
    works; there [C7] (its colour count), [C8]-[C10], then 4.2 (the first by
    pairing number) decide. A cheap bound on [C7] orders the candidates, and the
    real count is computed only while it can still win."""
    side = _side(r, residents)
    w = sum(1 for i in residents if side[i] is Colour.WHITE)
    b = len(residents) - w
    anyone_played = any(r.p[k].played_colours for k in residents)

    def bound(i: int) -> int:
        """A lower bound of [C7] for this candidate: the imbalance of the sides."""
        if not anyone_played:
            return 0
        white = r.pref[i].colour is Colour.WHITE
        return abs((w + (1 if white else 0)) - (b + (0 if white else 1))) // 2

    for s in sorted({r.score[i] for i in below}, reverse=True):
        group = _seq_order(r, [i for i in below if r.score[i] == s])
        ranked = sorted(group, key=lambda i: (bound(i), *_float_key(r, [i]), group.index(i)))
        best: tuple[tuple[int, ...], int] | None = None
        for i in ranked:
            key_low = (bound(i), *_float_key(r, [i]), group.index(i))
            if best is not None and key_low >= best[0]:
                break
            if not any(r.legal[i][k] for k in residents):
                continue
            bracket = [*residents, i]
            if not comp.can_close(bracket, key=_TRIAL):
                continue
            v = _violations(r, bracket)
            if v is None:
                continue
            key = (v, *_float_key(r, [i]), group.index(i))
            if best is None or key < best[0]:
                best = (key, i)
        if best is not None:
            return best[1]
    return None


def _upfloater_set(
    r: _Round, comp: Completion, residents: list[int], below: list[int], full: bool
) -> list[int] | None:
    """Several upfloaters: one maximum-weight matching over the residents and the
    players below, its weight a bit field per criterion: the most pairs highest
    ([C4] when ``full``: every player below is then paired too), then [C5], [C6],
    [C7], [C8]-[C10] and the 4.2 order. None when a resident stays unpaired."""
    verts = residents + _seq_order(r, below)
    res = set(residents)
    m = len(verts)
    levels = sorted({r.score[i] for i in below})
    level_of = {score: k for k, score in enumerate(levels)}
    position = {v: k for k, v in enumerate(verts)}
    big = m + 1
    side = _side(r, residents)
    last = r.last_round
    maxc = max([r.ups[i] for i in below] + [0]) + 1

    # Fields from the least significant: (value per edge, bound of one value).
    def fields(i: int, j: int) -> list[tuple[int, int]]:
        ri, rj = i in res, j in res
        inside = ri or rj
        lo = j if ri and not rj else i if rj and not ri else -1
        order = 0
        c10 = c9 = c8 = c6 = c5 = c7 = 0
        if lo >= 0:
            order = 1 << (m - position[lo])
            lvl = level_of[r.score[lo]]
            c6 = big ** len(levels) - big ** (len(levels) - 1 - lvl)
            if not last:
                c8 = 0 if r.maximum[lo] else 1
                c9 = maxc - (r.ups[lo] if r.maximum[lo] else 0)
                c10 = 0 if r.up_last[lo] else 1
        if ri and rj:
            c5 = 1
        if inside:
            si = side.get(i, r.pref[i].colour)
            sj = side.get(j, r.pref[j].colour)
            c7 = 1 if si is not sj else 0
        return [
            (order, 1 << (m + 1)),
            (c10, 1),
            (c9, maxc),
            (c8, 1),
            (c7, 1),
            (c6, big ** len(levels)),
            (c5, 1),
            (1, 1),
        ]

    w = [[0] * m for _ in range(m)]
    for a in range(m):
        for b in range(a + 1, m):
            i, j = verts[a], verts[b]
            if not r.legal[i][j] or not (full or i in res or j in res):
                continue
            total, scale = 0, 1
            for value, bound in fields(i, j):
                total += value * scale
                scale *= bound * m + 1
            w[a][b] = w[b][a] = total
    mate = max_weight_matching(w)
    ups = sorted(
        verts[b] for a, b in enumerate(mate) if b >= 0 and verts[a] in res and verts[b] not in res
    )
    if any(mate[a] == -1 for a in range(len(residents))):
        return None
    return ups


# -- inside the bracket (3.2.3-3.2.6, 4.3, 4.4) --------------------------------------


def _bipartite(
    left: Sequence[int], right: Sequence[int], legal: list[list[bool]]
) -> dict[int, int] | None:
    """A perfect matching of ``left`` with ``right`` along legal pairs, or None."""
    match_r: dict[int, int] = {}

    def try_left(root: int, seen: set[int]) -> bool:
        """An augmenting path from ``root``, depth first in the order of ``right``. The
        path can be as long as the bracket, so it is kept on a list, not the call stack:
        ``path[k]`` is the right vertex taken from ``stack[k]``'s left vertex."""
        stack = [(root, iter(right))]
        path: list[int] = []
        while stack:
            u, candidates = stack[-1]
            for v in candidates:
                if legal[u][v] and v not in seen:
                    seen.add(v)
                    if v not in match_r:
                        path.append(v)
                        for (w, _), x in reversed(list(zip(stack, path, strict=True))):
                            match_r[x] = w
                        return True
                    path.append(v)
                    stack.append((match_r[v], iter(right)))
                    break
            else:  # u cannot move: the vertex above tries its next candidate
                stack.pop()
                if path:
                    path.pop()
        return False

    if len(left) != len(right):
        return None
    for u in left:
        if not try_left(u, set()):
            return None
    return {u: v for v, u in match_r.items()}


def _shifts(
    r: _Round, bracket: list[int], side: dict[int, Colour]
) -> Iterator[tuple[list[int], list[int], list[int], list[int]]]:
    """3.2.4, 4.3: the ways to even out G1 and G2, as few shifters as [C7] allows, in
    the order of their sequence numbers, each as (G1, G2, shifted from G1, shifted
    from G2)."""
    v = _violations(r, bracket)
    if v is None:
        return
    g1 = [i for i in bracket if side[i] is Colour.WHITE]
    g2 = [i for i in bracket if side[i] is Colour.BLACK]
    half = (len(g1) - len(g2)) // 2
    x, y = (v + half) // 2, (v - half) // 2
    whites = middle_out(sorted(g1, key=lambda i: (r.aro[i], r.p[i].number)))
    blacks = middle_out(sorted(g2, key=lambda i: r.p[i].number))
    # 3.2.4: first the players of the smaller subgroup (G1 when equal) who must meet
    # each other, then those of the larger one that even the sizes out.
    if len(g1) <= len(g2):
        sets = _pairs_of_sets(whites, x, blacks, y)
    else:
        sets = ((a, b) for b, a in _pairs_of_sets(blacks, y, whites, x))
    for sw, sb in sets:
        yield (
            [i for i in g1 if i not in sw] + list(sb),
            [i for i in g2 if i not in sb] + list(sw),
            list(sw),
            list(sb),
        )


def _pairs_of_sets(
    first: list[int], x: int, second: list[int], y: int
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every x-set of ``first`` with every y-set of ``second``, lazily, in order."""
    for a in combinations(first, x):
        for b in combinations(second, y):
            yield a, b


def _pair_bracket(
    r: _Round, bracket: list[int], notes: list[str], score: Fraction, ups: list[int]
) -> list[tuple[int, int]]:
    side = _side(r, bracket)
    label = f"{float(score):g}" if score.denominator <= 2 else str(score)
    line = f"3.2: bracket {label}: " + " ".join(
        r.name(i) for i in sorted(bracket, key=lambda i: r.p[i].number)
    )
    if ups:
        line += "; upfloaters " + " ".join(r.name(i) for i in ups) + " ([C5]-[C10], 4.2)"
    notes.append(line)
    for tried, (g1, g2, sw, sb) in enumerate(_shifts(r, bracket, side)):
        if tried > 20000:
            break
        found = _bipartite(g1, g2, r.legal)
        if found is None:
            continue
        if sw or sb:
            notes.append(
                "4.3: shifted " + " ".join(r.name(i) for i in sw + sb) + " to even G1 and G2 ([C7])"
            )
        s1 = sorted(g1, key=lambda i: (r.aro[i], r.p[i].number))
        t2 = _first_permutation(r, s1, sorted(g2, key=lambda i: r.p[i].number), found)
        notes.append(
            "3.2.5, 4.4: S1 by ascending ARO "
            + " ".join(f"{r.name(i)} ({r.aro[i]})" for i in s1)
            + " meets "
            + " ".join(r.name(i) for i in t2)
        )
        return list(zip(s1, t2, strict=True))
    raise NoPairing("the bracket cannot be split into G1 and G2 (C.04.4.1 3.2.4)")


def _first_permutation(r: _Round, s1: list[int], g2: list[int], start: dict[int, int]) -> list[int]:
    """4.4: S1 in order takes the first player of G2 (by pairing number) that
    still leaves every later player of S1 a legal opponent."""
    mate = dict(start)  # S1 player -> G2 player, a perfect matching of the rest
    done_s: set[int] = set()
    done_t: set[int] = set()
    out = []
    for s in s1:
        for t in g2:
            if t in done_t or not r.legal[s][t]:
                continue
            if mate[s] == t:
                break
            trial = _give(r, mate, s, t, done_s, done_t)
            if trial is not None:
                mate = trial
                break
        else:  # pragma: no cover - the matching kept always leaves one
            raise NoPairing("no legal permutation of G2 (C.04.4.1 4.4)")
        done_s.add(s)
        done_t.add(t)
        out.append(t)
    return out


def _give(
    r: _Round, mate: dict[int, int], s: int, t: int, done_s: set[int], done_t: set[int]
) -> dict[int, int] | None:
    """The matching with s on t, if the player who held t can move along an
    alternating path to the opponent s leaves free; None when it cannot."""
    trial = dict(mate)
    owner = {v: u for u, v in trial.items()}
    lost, free = owner[t], trial[s]
    trial[s] = t
    del trial[lost]
    del owner[t], owner[free]
    owner[t] = s
    busy = done_s | {s}
    seen: set[int] = set()

    def find(root: int) -> bool:
        """An alternating path from ``root`` to ``free``, depth first; kept on a list,
        not the call stack (it can be as long as the bracket): ``path[k]`` is the
        opponent taken by ``stack[k]``'s player."""
        stack = [(root, iter([*owner, free]))]
        path: list[int] = []
        while stack:
            u, candidates = stack[-1]
            for v in candidates:
                if v in seen or v in done_t or v == t or not r.legal[u][v]:
                    continue
                seen.add(v)
                holder = owner.get(v)
                if holder is None:
                    path.append(v)
                    for (w, _), x in reversed(list(zip(stack, path, strict=True))):
                        trial[w] = x
                        owner[x] = w
                    return True
                if holder not in busy:
                    path.append(v)
                    stack.append((holder, iter([*owner, free])))
                    break
            else:  # u cannot move: the player above tries the next opponent
                stack.pop()
                if path:
                    path.pop()
        return False

    return trial if find(lost) else None


# -- colours (5.2) and boards ---------------------------------------------------------


def _higher(r: _Round, a: int, b: int) -> tuple[int, int]:
    """The higher-ranked player first: the higher score, then the smaller number."""
    ka = (-r.score[a], r.p[a].number)
    kb = (-r.score[b], r.p[b].number)
    return (a, b) if ka <= kb else (b, a)


def colour_of_higher(r: _Round, h: int, lo: int) -> tuple[Colour, str]:
    """5.2: the colour of the higher-ranked player ``h`` and the rule that decided."""
    ph, pl = r.p[h], r.p[lo]
    if not ph.played_colours and not pl.played_colours:
        initial = r.state.initial_colour
        if ph.number % 2:
            return initial, f"5.2.1: {ph.number} is odd, so the initial colour"
        return initial.other, f"5.2.1: {ph.number} is even, so the other colour"
    hp, lp = r.pref[h], r.pref[lo]
    if hp.colour is not lp.colour:
        return hp.colour, "5.2.2: both preferences granted"
    if hp.strength != lp.strength:
        stronger = hp.strength > lp.strength
        return (hp.colour if stronger else hp.colour.other), "5.2.3: the stronger preference"
    for ch, cl in zip(reversed(ph.colours), reversed(pl.colours), strict=False):
        if ch is not None and cl is not None and ch is not cl:
            return ch.other, "5.2.4: alternation from the latest round with different colours"
    return hp.colour, "5.2.5: the higher-ranked player's preference"


def _finish(
    r: _Round, pairs: list[tuple[int, int]], bye: int | None, notes: list[str]
) -> SwissPairing:
    """Colours by 5.2; boards by the higher score, then the other score, then the
    higher-ranked player's number (C.04.2)."""
    boards = []
    for a, b in pairs:
        h, lo = _higher(r, a, b)
        colour, rule = colour_of_higher(r, h, lo)
        white, black = (h, lo) if colour is Colour.WHITE else (lo, h)
        key = board_key(r.p[h], r.p[lo], r.p[h].number)
        boards.append((key, white, black, rule))
    boards.sort(key=lambda e: e[0])
    out = list(notes)
    for k, (_, white, black, rule) in enumerate(boards, start=1):
        out.append(f"board {k}: {r.name(white)} - {r.name(black)} ({rule})")
    if bye is not None:
        out.append(f"bye: {r.name(bye)} (3.1)")
    return SwissPairing(
        tuple((r.p[w].number, r.p[b].number) for _, w, b, _ in boards),
        r.p[bye].number if bye is not None else None,
        tuple(out),
    )


__all__ = [
    "DubovPreference",
    "aro",
    "colour_of_higher",
    "dubov_preference",
    "max_upfloats",
    "middle_out",
    "pair_dubov",
    "upfloats",
]
