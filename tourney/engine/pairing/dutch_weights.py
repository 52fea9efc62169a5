"""Edge weights of the Dutch system: one bit field per criterion (C.04.3 C, D).

The weight of a candidate pair is the concatenation of fields, the most
important criterion in the highest bits. Each field is wide enough that its
sum over any matching cannot carry into the next one, so a maximum-weight
matching optimises the criteria lexicographically, in the rules' order:

====  ==========================================================  ==========
bits  what a pair earns                                           article
====  ==========================================================  ==========
F0    1, plus 1 per player who could not take the PAB             C2, C4, C5
F0b   only when rematches must be allowed: the fewest, longest ago  rematches.py
F1    1 if both are in the bracket (pairs in the bracket)          C6
F2    a unit at the score of the higher player (scores paired)     C7
F3-4  the same two for a pair ending in the next score group       C8
F5    unplayed rounds of players at the PAB assignee's score        C9
F6    colours: |diff| > 2, same colour thrice, preference, strong   C10-C13
F7    floats: repeated down/up floats, one and two rounds back,     C14-C21
      then the same weighted by score
F8    a wish to keep two players apart is respected                (tourney)
F9    the order of generation: MDPs, their opponents, exchanges,   B.3, D
      transpositions
====  ==========================================================  ==========

A pair that breaks an absolute criterion (C1 rematch or forbidden pair, C3
two non-topscorers with the same absolute colour preference) has weight 0,
which the matching never uses. Players of lower brackets stay in the graph
with the completion field only, so a bracket is never paired in a way that
leaves the round unpairable (C4).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable
from fractions import Fraction

from tourney.engine.pairing.matching import OptimalMatchings
from tourney.engine.pairing.rematches import RematchPlan, plan_rematches
from tourney.engine.pairing.swiss_colours import (
    ABSOLUTE,
    colour_violations,
    is_topscorer,
    preference,
)
from tourney.engine.pairing.swiss_state import Float, SwissState


def _floats(
    past: list[Float | None],
    h: int,
    lo: int,
    higher: bool,
    off: list[int],
    sg: list[int],
    pen: int,
) -> tuple[int, int, int, int]:
    """Float fields of a pair in the bracket for one past round (C14-C21).

    Returns (downfloat credit, score-weighted downfloat credit, upfloat credit,
    score-weighted upfloat value). A player who floated down in that round earns
    a credit when he does not float down now (the lower player never does, the
    higher one when the scores are equal); the score-weighted credit goes to
    every such player paired here, at his score, since being paired in this
    bracket is the smallest score difference he can get. The lower player who
    floated up then and floats up again costs the upfloat credit, and a
    penalty at the score of his opponent (the score difference).
    """
    d = sd = 0
    if past[lo] is Float.DOWN:
        d += 1
        sd += 1 << off[sg[lo]]
    if past[h] is Float.DOWN:
        if not higher:
            d += 1
        sd += 1 << off[sg[h]]
    if higher and past[lo] is Float.UP:
        return d, sd, 0, pen - (1 << off[sg[h]])
    return d, sd, 1, pen


class Criteria:
    """Per-round facts the weights read: scores, groups, preferences, floats.

    ``relaxed`` (``rematches: when-unavoidable``, once the strict pairing failed): a
    rematch is no longer removed by C1 but costs its credit in the field below F0
    (``rematches.RematchPlan``); None in ``plan`` when no pairing exists even so.
    """

    def __init__(self, state: SwissState, relaxed: bool = False) -> None:
        self.state = state
        players = list(state.to_pair)
        self.players = players
        n = len(players)
        self.n = n
        self.score = [p.key_score for p in players]
        self.group_scores = sorted(set(self.score), reverse=True)
        gidx = {s: k for k, s in enumerate(self.group_scores)}
        self.sg = [gidx[s] for s in self.score]
        self.groups = len(self.group_scores)
        self.prefs = [preference(p) for p in players]
        self.top = [is_topscorer(p, state) for p in players]
        self.eligible = [p.pab_eligible for p in players]
        self.unplayed = [p.unplayed for p in players]
        # E.5 numbers: pairing numbers counted over the players who are paired
        # now or took part before (the endorsed engines' reading).
        listed = sorted(
            (q.number for q in state.players if q.available or q.took_part),
        )
        seq = {num: k + 1 for k, num in enumerate(listed)}
        self.e5_number = [seq[p.number] for p in players]
        r = state.round_no
        self.f1 = [p.floats[r - 2] if r >= 2 and len(p.floats) >= r - 1 else None for p in players]
        self.f2 = [p.floats[r - 3] if r >= 3 and len(p.floats) >= r - 2 else None for p in players]
        self.bye_score: Fraction | None = None
        number = [p.number for p in players]
        forbidden = state.forbidden
        wished = state.wished_apart
        # Preferences interned to small ids: the colour fields of a pair depend
        # only on the two preferences and the parity of the E.5 number.
        ids: dict[tuple[object, ...], int] = {}
        self.pref_id = [
            ids.setdefault((q.colour, q.strength, q.difference, q.played), len(ids))
            for q in self.prefs
        ]
        absolute = [
            None if self.top[i] or self.prefs[i].strength != ABSOLUTE else self.prefs[i].colour
            for i in range(n)
        ]
        index = {num: i for i, num in enumerate(number)}
        met: dict[frozenset[int], tuple[int, ...]] = {}  # relaxed: the rounds of each rematch
        self.met = met
        # Whether a pair is allowed, one byte per pair (1: allowed), not one list
        # entry (8 bytes): at 10,000 players the matrix is 100 MB, not 800 MB.
        # C3: two non-topscorers with the same absolute preference; a row starts
        # from the mask of the player's absolute colour.
        masks: dict[object, bytes] = {
            colour: bytes(0 if absolute[j] is colour else 1 for j in range(n))
            for colour in {a for a in absolute if a is not None}
        }
        everyone = b"\x01" * n
        self.compat: list[bytearray] = [bytearray(masks.get(a, everyone)) for a in absolute]
        for i in range(n):
            row = self.compat[i]
            row[i] = 0
            for num in players[i].opponents:
                if num in index:  # C1: no rematch (either player's record counts)
                    k = index[num]
                    if relaxed:
                        pair = frozenset((number[i], num))
                        met[pair] = state.meetings.get(pair, (0,))
                    else:
                        row[k] = self.compat[k][i] = 0
        for a, b in self._pairs_of(forbidden, index):
            self.compat[a][b] = self.compat[b][a] = 0
        self.plan: RematchPlan | None = None
        if relaxed:
            compat = self.compat
            self.plan = plan_rematches(
                number, met, r, lambda a, b: bool(compat[a][b]), self.eligible, self.score
            )
        # Wishes to keep two players apart, by pair (1: wished apart); the
        # players without one share a row of zeros.
        nobody = bytes(n)
        self.wish: list[bytes | bytearray] = [nobody] * n
        for a, b in self._pairs_of(wished, index):
            for i, j in ((a, b), (b, a)):
                row_i = self.wish[i]
                mine = row_i if isinstance(row_i, bytearray) else bytearray(n)
                mine[j] = 1
                self.wish[i] = mine

    @staticmethod
    def _pairs_of(pairs: frozenset[frozenset[int]], index: dict[int, int]) -> list[tuple[int, int]]:
        """The pairs of pairing numbers whose two players are both paired now."""
        out = []
        for pair in pairs:
            found = [index[num] for num in pair if num in index]
            if len(pair) == 2 and len(found) == 2:
                out.append((found[0], found[1]))
        return out

    def cannot_bye(self, i: int) -> int:
        if not self.eligible[i]:
            return 1
        return 1 if self.bye_score is not None and self.score[i] > self.bye_score else 0


def _width(maximum: int) -> int:
    return max(1, maximum).bit_length() + 1


class BracketView:
    """One bracket being paired, over all players not yet paired."""

    def __init__(
        self,
        crit: Criteria,
        verts: list[int],
        bracket: list[int],
        mdps: set[int],
        group: int,
        *,
        full: bool,
        last: bool,
    ) -> None:
        """``verts``: the players in the graph, either every player not yet paired
        (``full``: the completion field is on) or the bracket and the next score
        group only (completion is then checked afterwards). ``last``: no score
        group below the bracket, so its leftover player takes the PAB (C9)."""
        self.crit = crit
        self.rem = list(verts)
        self.full = full
        self.last_pairs: list[tuple[int, int]] = []  # the latest solve, all pairs
        # Pairs (by player index) an earlier solve of this bracket showed to be
        # the only ones the next solve can use; None: every pair.
        self.tight_pairs: dict[int, list[int]] | None = None
        # The MDP stage's solve (its players, the solve, its weights), which the
        # remainder may choose from (dutch._remainder_from_mdp_solve).
        self.mdp_solve: tuple[list[int], OptimalMatchings, list[list[int]]] | None = None
        self.bracket = bracket
        self.bracket_set = set(bracket)
        self.mdps = mdps
        self.group = group
        self.in_bracket = [v in self.bracket_set for v in self.rem]
        self.mdp_list = sorted(mdps)
        self.limbo: set[int] = set()
        self.remainder: list[int] = []
        self.remainder_set: set[int] = set()
        self.s1: set[int] = set()
        self.p2 = 0
        self.c9 = crit.bye_score is not None and last

    def fix_mdp_pairs(self, pairs: list[tuple[int, int]], resident_pairs: int) -> None:
        """Freeze the MDP pairs; the other MDPs may no longer pair in the bracket."""
        taken = {v for p in pairs for v in p}
        self.rem = [v for v in self.rem if v not in taken]
        self.in_bracket = [v in self.bracket_set for v in self.rem]
        self.limbo = {v for v in self.mdps if v not in taken}
        self.remainder = [v for v in self.bracket if v not in taken and v not in self.mdps]
        self.remainder_set = set(self.remainder)
        self.p2 = resident_pairs
        self.s1 = set(self.remainder[:resident_pairs])

    def weights(
        self, stage: str, *, order: str = "all", pairs: dict[int, list[int]] | None = None
    ) -> list[list[int]]:
        """The dense weight matrix over ``rem`` (0: no edge). ``order`` says
        which fields of the remainder's order of generation are in it: "all",
        "exchanges" (only the number and BSN sum of the exchanges) or "none";
        ``dutch_order`` chooses by the rest. ``pairs`` (by player index) limits
        the edges to those an earlier solve left possible."""
        weight, lower_key, by_rank = self._weight_parts(stage, order)
        m = len(self.rem)
        rem = self.rem
        pos = {v: k for k, v in enumerate(rem)}
        # Equal weights share one object: a large bracket has millions of pairs
        # but few distinct weights (they depend on a few classes of players).
        seen: dict[int, int] = {}
        if pairs is not None or by_rank is None:
            w = [[0] * m for _ in range(m)]
            for a, v in enumerate(rem):
                wa = w[a]
                if pairs is None:
                    others: Iterable[int] = range(a + 1, m)
                else:
                    others = (b for u in pairs.get(v, ()) if (b := pos.get(u, -1)) > a)
                for b in others:
                    x = weight(a, b)
                    if x:
                        x = seen.setdefault(x, x)
                        wa[b] = w[b][a] = x
            return w
        return self._weights_by_class(weight, lower_key, by_rank, seen)

    def _weights_by_class(
        self,
        weight: Callable[[int, int], int],
        lower_key: Callable[[int], tuple[object, ...]],
        by_rank: Callable[[int], bool],
        seen: dict[int, int],
    ) -> list[list[int]]:
        """``weights`` with one call of ``weight`` per row and class of players.

        Apart from the pair itself being allowed (C1, C3, forbidden pairs) and
        wished apart, the weight of (rem[a], rem[b]) reads only facts of each
        player (``lower_key(b)`` gives all those of the lower one), so in a row
        every player of one class gets the same weight: it is computed once on
        the first allowed player of the class, the rest of the row is copied,
        and the pairs not allowed or wished apart are set one by one. A row
        whose weights depend on the rank of the lower player (``by_rank``: the
        order of generation) is computed pair by pair. At 10,000 players this
        is 17 million pairs of a round-2 bracket and its look-ahead in a few
        seconds instead of half a minute."""
        crit = self.crit
        rem = self.rem
        m = len(rem)
        pos = {v: k for k, v in enumerate(rem)}
        ids: dict[tuple[object, ...], int] = {}
        cls = [ids.setdefault(lower_key(b), len(ids)) for b in range(m)]
        members: list[list[int]] = [[] for _ in ids]
        for b, c in enumerate(cls):
            members[c].append(b)
        compat = crit.compat
        wish = crit.wish
        # The matrix is symmetric: row a is column a of the rows above it, then
        # its own part, computed here.
        w: list[list[int]] = []
        for a in range(m):
            h = rem[a]
            if by_rank(a):
                own = []
                for b in range(a + 1, m):
                    x = weight(a, b)
                    own.append(seen.setdefault(x, x))
                w.append([row[a] for row in w] + [0] + own)
                continue
            ch = compat[h]
            wh = wish[h]
            plain = not isinstance(wh, bytearray)  # the shared row: nobody wished apart
            tail = cls[a + 1 :]
            memo: dict[int, int] = {}
            for c in set(tail):
                value = 0
                group = members[c]
                for k in range(bisect_right(group, a), len(group)):
                    lo = rem[group[k]]
                    if ch[lo] and (plain or not wh[lo]):
                        value = weight(a, group[k])
                        break
                memo[c] = seen.setdefault(value, value)
            row = list(map(memo.__getitem__, tail))
            j = ch.find(0)
            while j != -1:  # the pairs not allowed
                b = pos.get(j, -1)
                if b > a:
                    row[b - a - 1] = 0
                j = ch.find(0, j + 1)
            if not plain:  # the pairs wished apart
                j = wh.find(1)
                while j != -1:
                    b = pos.get(j, -1)
                    if b > a:
                        row[b - a - 1] = seen.setdefault(x := weight(a, b), x)
                    j = wh.find(1, j + 1)
            w.append([above[a] for above in w] + [0] + row)
        return w

    def weight_fn(self, stage: str, *, order: str = "all") -> Callable[[int, int], int]:
        """The weight of the pair (rem[a], rem[b]), a < b, for one stage; 0 when
        an absolute criterion rules the pair out."""
        return self._weight_parts(stage, order)[0]

    def _weight_parts(
        self, stage: str, order: str
    ) -> tuple[
        Callable[[int, int], int],
        Callable[[int], tuple[object, ...]],
        Callable[[int], bool] | None,
    ]:
        """``weight_fn``, with what ``weights`` needs to compute it by classes
        of players: ``lower_key(b)``, every fact of the player rem[b] that the
        weight reads when he is the lower player of a pair, and ``by_rank(a)``,
        whether the row of rem[a] depends on the rank of the lower player (then
        it is computed pair by pair). ``by_rank`` is None when the weights
        depend on the pair as a whole (the rematch credit, F0b): no classes."""
        crit = self.crit
        rem = self.rem
        m = len(rem)
        pairs_max = m // 2 + 1
        cw = _width(pairs_max)
        dw = _width(2 * pairs_max)
        # One slot per score group present in the graph, the highest group in
        # the highest bits: groups without a player here would only be zeros.
        present = sorted({crit.sg[v] for v in rem})
        off = [0] * crit.groups
        for k, g in enumerate(present):
            off[g] = (len(present) - 1 - k) * dw
        vec_w = len(present) * dw
        pen = 1 << vec_w  # a base from which score-weighted penalties are taken
        pen_w = vec_w + cw + 1
        bye_needed = crit.bye_score is not None
        full = self.full
        plan = crit.plan
        score = crit.score
        sg = crit.sg
        compat = crit.compat
        state = crit.state
        r = state.round_no
        nb = len(self.bracket)
        bidx = {v: k for k, v in enumerate(self.bracket)}
        nxt = self.group + 1
        f1, f2 = crit.f1, crit.f2
        use_f1 = r >= 2
        use_f2 = r >= 3
        max_unplayed = max(crit.unplayed) if crit.unplayed else 0
        c9w = _width(2 * pairs_max * (max_unplayed + 1))
        # Ordering fields.
        mdp_list = self.mdp_list
        mcount = len(mdp_list)
        midx = {v: k for k, v in enumerate(mdp_list)}
        mbase = nb + 1
        rem_list = self.remainder
        nr = len(rem_list)
        ridx = {v: k for k, v in enumerate(rem_list)}
        rbase = nr + 1
        p2 = self.p2
        s1 = self.s1
        limbo = self.limbo
        if stage == "mdp":
            order_w = [mcount + 2, _width(mbase**mcount)]
        else:
            order_w = [
                cw,
                _width(nr * pairs_max),
                p2 + cw + 1,
                nr + 1,
                _width(rbase**nr),
            ]
            del order_w[{"all": 5, "exchanges": 2, "none": 0}[order] :]
        in_bracket = self.in_bracket
        players = crit.players
        prefs = crit.prefs
        e5_number = crit.e5_number
        wish = crit.wish
        initial = state.initial_colour
        tail_w = 4 * cw + 4 * cw + 2 * vec_w + 2 * pen_w + cw + sum(order_w)
        # Per-player and per-preference values computed once, not once per pair.
        no_bye = {v: crit.cannot_bye(v) for v in rem} if full and bye_needed else {}
        c9_of = {v: crit.unplayed[v] if self.c9 and score[v] == crit.bye_score else 0 for v in rem}
        pref_id = crit.pref_id
        colour_cache: dict[tuple[int, int, int], tuple[int, int, int, int]] = {}
        # Powers of the base of the F9 digits (MDPs or remainder), once per stage.
        powers = [1] * (max(nr, mcount) + 1)
        base = mbase if stage == "mdp" else rbase
        if stage == "mdp" or order == "all":
            for k in range(1, len(powers)):
                powers[k] = powers[k - 1] * base

        def weight(a: int, b: int) -> int:
            h = rem[a]
            lo = rem[b]
            if not compat[h][lo]:
                return 0
            lin = in_bracket[b]
            if stage != "mdp" and lin and (h in limbo or lo in limbo):
                return 0
            # F0: completion and the PAB assignee (C4, C5)
            if not full:
                x = 0
            elif bye_needed:
                x = 1 + no_bye[h] + no_bye[lo]
            else:
                x = 1
            if plan is not None:  # F0b: the fewest rematches, longest ago (rematches.py)
                x = (x << plan.width) | plan.credit(h, lo)
            # F1, F2: pairs and scores in this bracket (C6, C7)
            if lin:
                x = (x << cw) | 1
                x = (x << vec_w) | (1 << off[sg[h]])
            else:
                x <<= cw + vec_w
            # F3, F4: the next bracket (C8)
            if not lin and sg[lo] == nxt:
                x = (x << cw) | 1
                x = (x << vec_w) | (1 << off[sg[h]])
            else:
                x <<= cw + vec_w
            # F5: unplayed rounds of the PAB assignee (C9)
            x = (x << c9w) | (c9_of[h] + c9_of[lo])
            if not lin:
                return x << tail_w
            # F6: colours (C10-C13)
            key = (pref_id[h], pref_id[lo], e5_number[h] & 1)
            found = colour_cache.get(key)
            if found is None:
                found = colour_cache[key] = colour_violations(
                    players[h], prefs[h], players[lo], prefs[lo], initial, e5_number[h]
                )
            c10, c11, c12, c13 = found
            x = (x << cw) | (2 - c10)
            x = (x << cw) | (2 - c11)
            x = (x << cw) | (2 - c12)
            x = (x << cw) | (2 - c13)
            # F7: floats (C14-C21)
            higher = sg[h] < sg[lo]  # a higher score group is a higher score
            d1 = u1 = d2 = u2 = 0
            sd1 = sd2 = 0
            su1 = su2 = pen
            if use_f1:
                d1, sd1, u1, su1 = _floats(f1, h, lo, higher, off, sg, pen)
            if use_f2:
                d2, sd2, u2, su2 = _floats(f2, h, lo, higher, off, sg, pen)
            x = (x << cw) | d1
            x = (x << cw) | u1
            x = (x << cw) | d2
            x = (x << cw) | u2
            x = (x << vec_w) | sd1
            x = (x << pen_w) | su1
            x = (x << vec_w) | sd2
            x = (x << pen_w) | su2
            # F8: wishes
            x = (x << cw) | (0 if wish[h][lo] else 1)
            # F9: order of generation (B.3, D)
            if stage == "mdp":
                o1 = 0
                for v in (h, lo):
                    if v in midx:
                        o1 += 1 << (mcount - 1 - midx[v])
                o2 = 0
                if h in midx:
                    o2 = (nb - bidx[lo]) * powers[mcount - 1 - midx[h]]
                x = (x << order_w[0]) | o1
                x = (x << order_w[1]) | o2
            else:
                if h in ridx and lo in ridx:
                    hi = ridx[h]
                    in1 = h in s1
                    e1 = 1 if in1 else 0
                    e2 = nr - hi
                    # D.2: of equal exchanges, move the lowest S1 players down
                    e3 = ((1 << p2) - (1 << hi)) if in1 else 0
                    e4 = 0 if in1 else 1 << (nr - 1 - hi)
                    e5 = (nr - ridx[lo]) * powers[nr - 1 - hi]
                else:
                    e1 = e2 = e3 = e4 = e5 = 0
                if order == "none":
                    return x
                if order == "exchanges":
                    return (((x << order_w[0]) | e1) << order_w[1]) | e2
                for val2, width in zip((e1, e2, e3, e4, e5), order_w, strict=True):
                    x = (x << width) | val2
            return x

        def lower_key(b: int) -> tuple[object, ...]:
            lo = rem[b]
            return (
                in_bracket[b],
                lo in limbo,
                no_bye.get(lo),
                sg[lo],
                c9_of[lo],
                pref_id[lo],
                f1[lo],
                f2[lo],
                midx.get(lo),
                lo in ridx,
            )

        def by_rank(a: int) -> bool:
            h = rem[a]
            return h in midx if stage == "mdp" else order == "all" and h in ridx

        return weight, lower_key, (None if plan is not None else by_rank)
