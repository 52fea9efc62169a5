"""The Burstein system (FIDE C.04.4.2), as the reference engine reads it.

The Burstein system pairs, within each score group, players whose opposition so far
was strong with players whose opposition was weak, so that players on the same score
end up having met opposition as equal as possible (C.04.4.2 Preface). The strength of
a player's opposition is his *index*, computed from the tournament alone; ratings (the
initial ranking, A.1 with C.04.2) only break ties (A.6, A.7).

``pair_burstein(state)`` follows the reading of bbpPairings v6.0.0 ``--burstein``,
whose pairings are tourney's reference (tests/reference/burstein, 371 rounds): that
engine implements the text before the 2025 revision (its articles cited here as
"1.3", "2", "3.1", "3.2"). docs/pairing.md says where the 2025 text reads otherwise.

1. **Accelerated rounds** (A.5): in rounds 1 and 2 the higher-ranked half of the
   players who take part (those paired in round 1, for round 2) pair one win
   higher, so that round 1 pairs the top half and the bottom half each within
   itself, top against bottom.
2. **Index** (3.2; A.6): Sonneborn-Berger, then Buchholz, then the median Buchholz
   (Buchholz without the highest and lowest value; none before round 4), then the
   initial ranking. An opponent's score counts his unplayed rounds as draws (2); a
   round the player did not play counts as a game against a virtual opponent who
   had the player's score before that round, the opposite result in it, and draws
   afterwards. Between players of different scores (a floater and the residents)
   the Buchholz and median are multiplied by the player's score.
3. **Order**: by score, then index, highest first (A.2).
4. **PAB** (A.3, C.04.1 c-d): the lowest player of that order who may have it,
   chosen before the pairing.
5. **Score groups** (A.2): a score group pairs among itself, or passes one floater
   to the next group when the players so far are odd in number; a group that
   cannot pair that way is merged with the next one (the last with the one above).
   Maximum-weight matchings decide, on: as many pairs as possible (3.1: no rematch,
   and C.04.1 f: no two players with the same absolute colour preference), then as
   many pairs inside the score groups as possible.
6. **Top against bottom** (Preface, 3.2): group by group, each player in index
   order gets the lowest-indexed player of his group he can still have, keeping
   the maxima above and then as many pairs whose colour preferences agree (1.3) as
   possible; a player who can only be paired outside the group floats down.
7. **Colours** (1.3; C.04.1 f-g): both preferences when they agree; else the
   absolute preference (the wider colour difference between two), then the strong
   one; else alternation from the latest round the two had different colours;
   else the higher index gets his preference; with no preference at all, the
   higher-ranked player gets the initial colour when his pairing number is odd.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import gcd

from tourney.engine.pairing.matching import (
    OptimalMatchings,
    matching_weight,
    max_weight_matching,
)
from tourney.engine.pairing.swiss_colours import ABSOLUTE, STRONG, Preference, preference
from tourney.engine.pairing.swiss_core import (
    NoPairing,
    SwissPairing,
    board_order,
    pair_or_diagnose,
)
from tourney.engine.pairing.swiss_state import DRAW, LOSS, WIN, SwissPlayer, SwissState
from tourney.model import Colour

# The matchings are solved with a greedy start at each stage (``max_weight_matching``
# ``warm``) and each score group's decisions narrowed among the optima of one solve
# (``_choose``); False solves every matching cold and each member's decision by a solve
# of its own, the plain reading of the rules, which tests compare against.
WARM = True


def pair_burstein(state: SwissState) -> SwissPairing:
    """Pair round ``state.round_no`` by the Burstein system (C.04.4.2).

    Raises ``NoPairing`` when no legal pairing exists (naming the forbidden-pairing
    rules that block it, ``swiss_core.pair_or_diagnose``).
    """
    return pair_or_diagnose(_pair, state)


# -- accelerated rounds (A.5) -----------------------------------------------------------------


def seeded(state: SwissState) -> SwissState:
    """The state with the accelerated rounds' extra win for the higher-ranked half (rounds 1
    and 2): of the players who take part (round 1: paired now; round 2: paired in round
    1), the first half by pairing number, and anyone not taking part ranked among them."""
    if state.round_no > 2:
        return state

    def takes_part(p: SwissPlayer) -> bool:
        if state.round_no == 1:
            return p.available
        first = p.history[0] if p.history else None
        return first is None or first.opponent is not None or first.pab

    ranked = sorted(state.players, key=lambda p: p.number)
    bound = sum(1 for p in ranked if takes_part(p))
    raised: set[int] = set()
    if bound > 1:
        for p in ranked:
            raised.add(p.number)
            if takes_part(p):
                bound -= 2
                if bound <= 1:
                    break
    win = state.win_points
    players = tuple(
        replace(p, pairing_score=p.key_score + win) if p.number in raised else p
        for p in state.players
    )
    return replace(state, players=players)


# -- the index (3.2, A.6) ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Index:
    """A player's place in his score group: (pairing) score, Sonneborn-Berger,
    Buchholz, median Buchholz and initial rank (0 for pairing number 1)."""

    score: Fraction
    sb: Fraction
    bh: Fraction
    median: Fraction
    rank: int

    def below(self, other: Index) -> bool:
        """Whether ``self`` comes after ``other`` in a bracket (3.2). Between
        different scores the Buchholz and the median weigh by the score."""
        if self.score == other.score:
            mine = (self.sb, self.bh, self.median, -self.rank)
            theirs = (other.sb, other.bh, other.median, -other.rank)
        else:
            mine = (self.sb, self.bh * self.score, self.median * self.score, -self.rank)
            theirs = (other.sb, other.bh * other.score, other.median * other.score, -other.rank)
        return mine < theirs


def indices(state: SwissState) -> dict[int, Index]:
    """Every player's index before round ``state.round_no`` (by pairing number)."""
    return _indices(state, *_sums(state))


def _indices(state: SwissState, scale: int, sums: dict[int, _Sums]) -> dict[int, Index]:
    out = {}
    den = Fraction(1, scale)
    for p in state.players:
        _, sb, bh, median, rank = sums[p.number]
        out[p.number] = Index(p.key_score, sb * den * den, bh * den, median * den, rank)
    return out


_Sums = tuple[int, int, int, int, int]  # score, SB, Buchholz, median, rank


def _sums(state: SwissState) -> tuple[int, dict[int, _Sums]]:
    """The index of every player as whole numbers: the points are counted in units of
    1/``scale`` (every score, result and acceleration is a whole number of them), the
    Sonneborn-Berger in units of 1/``scale`` squared. Exact, and integers add faster
    than fractions."""
    played = state.round_no - 1
    values = {state.draw_points, state.win_points}
    for p in state.players:
        values.add(p.key_score)
        values.add(p.score)
        values.update(r.points for r in p.history[:played])
    scale = 1
    for x in values:
        scale = scale * x.denominator // gcd(scale, x.denominator)
    unit = {x: x.numerator * (scale // x.denominator) for x in values}
    draw = unit[state.draw_points]
    win = unit[state.win_points]
    adjusted: dict[int, int] = {}
    for p in state.players:
        acc = unit[p.key_score] - unit[p.score]
        adjusted[p.number] = acc + sum(
            unit[r.points] if r.played else draw for r in p.history[:played]
        )
    # The initial rank counts the players paired now or before (late entries and
    # players only ever absent are skipped), as the reference engine counts it.
    listed = sorted(q.number for q in state.players if q.available or q.took_part)
    rank = {num: k for k, num in enumerate(listed)}
    out = {}
    for p in state.players:
        before = unit[p.key_score] - unit[p.score]  # the score before the round, accelerated
        sb = bh = high = 0
        low: int | None = None
        for k, r in enumerate(p.history[:played]):
            points = unit[r.points]
            if r.played and r.opponent is not None:
                value = adjusted.get(r.opponent, 0)
            else:
                # The virtual opponent: the player's score before the round, the
                # opposite result in it, draws in the rounds after it.
                value = before + _virtual_result(r.outcome, win, draw) + draw * (played - 1 - k)
            sb += value * points
            bh += value
            low = value if low is None else min(low, value)
            high = max(high, value)
            before += points
        median = bh - (low or 0) - high if played > 2 else 0
        score = unit[p.key_score]
        out[p.number] = (score, sb, bh, median, rank.get(p.number, p.number - 1))
    return scale, out


def _virtual_result(outcome: int, win: int, draw: int) -> int:
    """What the virtual opponent of an unplayed round scored in it."""
    if outcome == LOSS:
        return win
    if outcome == DRAW:
        return draw
    assert outcome == WIN
    return 0


# -- compatibility and colours (3.1, 1.3; C.04.1 f-g) ---------------------------------------


def _absolute(pref: Preference) -> Colour | None:
    return pref.colour if pref.strength == ABSOLUTE else None


def _strong(pref: Preference) -> bool:
    return pref.strength == STRONG or (pref.strength == ABSOLUTE and abs(pref.difference) == 1)


def _agree(a: Preference, b: Preference) -> bool:
    """1.3: the two due colours differ (or one player has none)."""
    return a.colour is None or b.colour is None or a.colour is not b.colour


def colour_of(
    p: SwissPlayer,
    pp: Preference,
    q: SwissPlayer,
    qp: Preference,
    index: dict[int, Index],
    initial: Colour,
) -> tuple[Colour, str]:
    """The colour of ``p`` against ``q``, and the rule that gave it."""
    if _agree(pp, qp):
        if pp.colour is not None:
            return pp.colour, "both due colours granted (1.3)"
        if qp.colour is not None:
            return qp.colour.other, "the only due colour granted (1.3)"
    else:
        pa, qa = _absolute(pp), _absolute(qp)
        pd, qd = abs(pp.difference), abs(qp.difference)
        if pa is not None and (pd > qd or qa is None):
            return pa, "the absolute colour preference granted (C.04.1 f)"
        if qa is not None and (qd > pd or pa is None):
            return qa.other, "the absolute colour preference granted (C.04.1 f)"
        if _strong(pp) and not _strong(qp) and pp.colour is not None:
            return pp.colour, "the strong colour preference granted"
        if _strong(qp) and not _strong(pp) and qp.colour is not None:
            return qp.colour.other, "the strong colour preference granted"
        a, b = pp.played, qp.played
        for k in range(1, min(len(a), len(b)) + 1):
            if a[-k] is not b[-k]:
                return b[-k], "alternation from the latest round with different colours"
    if pp.colour is None:
        high = p if p.number < q.number else q
        place = index[high.number].rank
        mine = initial if place % 2 == 0 else initial.other
        colour = mine if high is p else mine.other
        return colour, (
            f"no preference: {high.number} ranks higher, number {place + 1} of those "
            "taking part, so by its parity"
        )
    if index[p.number].below(index[q.number]):
        assert qp.colour is not None
        return qp.colour.other, "the higher index gets its due colour (A.6)"
    return pp.colour, "the higher index gets its due colour (A.6)"


# -- the round ---------------------------------------------------------------------------


class _Round:
    """The players to pair in order, their index and the edge weights (3.1, A.2)."""

    def __init__(
        self, state: SwissState, players: list[SwissPlayer], index: dict[int, Index]
    ) -> None:
        self.state = state
        self.players = players
        self.index = index
        n = len(players)
        self.n = n
        self.prefs = [preference(p) for p in players]
        number = {p.number: k for k, p in enumerate(players)}
        absolute = [_absolute(pr) for pr in self.prefs]
        compat = [[True] * n for _ in range(n)]
        for i, p in enumerate(players):
            compat[i][i] = False
            for num in p.opponents:
                if num in number:
                    compat[i][number[num]] = compat[number[num]][i] = False
            if absolute[i] is not None:
                for j in range(n):
                    if absolute[j] is absolute[i]:
                        compat[i][j] = False
        for pair in state.forbidden:
            ends = [number[x] for x in pair if x in number]
            if len(ends) == 2:
                compat[ends[0]][ends[1]] = compat[ends[1]][ends[0]] = False
        self.compat = compat
        width = (n // 2 + 2).bit_length()
        self.same_unit = 1 << width
        self.pair_unit = 1 << (2 * width)
        self.w = [[0] * n for _ in range(n)]

    def weight(self, a: int, b: int, same: bool, colour: bool) -> int:
        """A pair's weight: a pair (3.1), in the score group (A.2), colours agree (1.3)."""
        if not self.compat[a][b]:
            return 0
        x = self.pair_unit
        if same:
            x += self.same_unit
            if colour and _agree(self.prefs[a], self.prefs[b]):
                x += 1
        return x

    def set(self, a: int, b: int, value: int) -> None:
        self.w[a][b] = self.w[b][a] = value


def _pair(state: SwissState) -> SwissPairing:
    state = seeded(state)
    scale, sums = _sums(state)
    index = _indices(state, scale, sums)
    ordered = sorted(state.to_pair, key=lambda p: _order(sums[p.number]))
    notes = [
        f"round {state.round_no} of {state.total_rounds}: {len(ordered)} players to pair "
        "by the Burstein system (C.04.4.2), ordered by score, Sonneborn-Berger, Buchholz, "
        "median Buchholz and rank (3.2)"
    ]
    if state.round_no <= 2:
        raised = [p.number for p in state.players if p.pairing_score is not None]
        notes.append(
            "accelerated round (A.5): the higher-ranked half pairs one win higher: "
            + ", ".join(map(str, raised))
        )
    bye = None
    if len(ordered) % 2:
        bye = next((p for p in reversed(ordered) if p.pab_eligible), None)
        if bye is None:
            raise NoPairing("no player may take the pairing-allocated bye (C.04.1 c-d)")
        ordered.remove(bye)
    if not ordered:
        return SwissPairing((), bye.number if bye else None, tuple(notes))
    rnd = _Round(state, ordered, index)
    bounds = _score_groups(rnd)
    pairs = _top_against_bottom(rnd, bounds, notes)
    out = []
    for a, b in pairs:
        p, q = rnd.players[a], rnd.players[b]
        colour, rule = colour_of(p, rnd.prefs[a], q, rnd.prefs[b], index, state.initial_colour)
        white, black = (p, q) if colour is Colour.WHITE else (q, p)
        out.append((white.number, black.number))
        notes.append(f"{white.number}-{black.number}: {rule}")
    if bye is not None:
        notes.append(f"PAB: {bye.number}, the lowest in the order who may have it (A.3)")
    return SwissPairing(tuple(board_order(state, out)), bye.number if bye else None, tuple(notes))


def _order(sums: _Sums) -> tuple[int, int, int, int, int]:
    """The order of the round (A.2): score, then the index (3.2), highest first."""
    score, sb, bh, median, rank = sums
    return (-score, -sb, -bh, -median, rank)


# -- score groups (A.2) -------------------------------------------------------------------


def _solve(rnd: _Round, mate: list[int], first: int, size: int) -> list[int]:
    """Solve the players ``first``..``size - 1`` and write their partners into ``mate``.
    A boundary given twice has no edge across it, so the players above it keep the
    matching they had (the chain of groups since then is solved alone)."""
    size = min(size, rnd.n)
    local = max_weight_matching([row[first:size] for row in rnd.w[first:size]], warm=WARM)
    for k, m in enumerate(local):
        mate[first + k] = first + m if m >= 0 else -1
    return mate


def _chain_start(bounds: list[int]) -> int:
    """The last boundary given twice (0 when none): no floater crosses it."""
    for k in range(len(bounds) - 1, 0, -1):
        if bounds[k] == bounds[k - 1]:
            return bounds[k]
    return 0


def _valid(mate: Sequence[int], bounds: list[int]) -> bool:
    """Every player above the last group is paired, and each group has at most one
    player paired outside it (two when the players up to its end are odd)."""
    last = bounds[-1]
    it = 0
    count = 0
    begin = 0
    for v, m in enumerate(mate):
        if v >= last:
            return True
        if v >= bounds[it]:
            count = 0
            begin = v
            while v >= bounds[it]:
                it += 1
        unpaired = m == -1
        if unpaired and v < bounds[-2]:
            return False
        if unpaired or m < begin or m >= bounds[it]:
            count += 1
            if count > (2 if bounds[it] & 1 else 1):
                return False
    return True


def _score_groups(rnd: _Round) -> list[int]:
    """The group boundaries (A.2), merging a group that cannot pair with the next. A
    boundary given twice lets no floater across it (the players above are even)."""
    players = rnd.players
    n = rnd.n
    bounds = [0, 0]
    valid = True
    mate = [-1] * (n + 1)
    while bounds[-1] < n:
        bounds.append(bounds[-1])
        while True:
            begin = bounds[-1]
            group_score = players[begin].key_score
            while True:
                new = bounds[-1]
                for v in range(bounds[-3], new):
                    rnd.set(new, v, rnd.weight(v, new, v >= bounds[-2], False))
                bounds[-1] += 1
                if bounds[-1] >= n or players[bounds[-1]].key_score != group_score:
                    break
            if bounds[-1] & 1 and bounds[-1] < n:
                # The next player stands in for any floater this group sends down.
                for v in range(bounds[-2], bounds[-1]):
                    rnd.set(bounds[-1], v, rnd.pair_unit)
            first = _chain_start(bounds[:-1])
            valid = _valid(_solve(rnd, mate, first, bounds[-1] + 1), bounds)
            if bounds[-1] >= n or valid:
                break
        if bounds[-1] < n and not bounds[-1] & 1:
            bounds.append(bounds[-1])
    while len(bounds) > 3 and not valid:
        bounds.pop()
        boundary = bounds.pop()
        begin = bounds.pop()
        for outer in range(bounds[-1], boundary):
            for inner in range(boundary, n):
                rnd.set(outer, inner, rnd.weight(outer, inner, outer >= begin, False))
        bounds += [begin, n]
        valid = _valid(_solve(rnd, [-1] * (n + 1), 0, n), bounds)
    if not valid:
        raise NoPairing(
            "the players cannot all be paired without a rematch or two players with "
            "the same absolute colour preference (3.1, C.04.1 f)"
        )
    return bounds


# -- top against bottom (Preface, 3.2) ---------------------------------------------------

Choice = tuple[list[tuple[int, int]], int | None]


def _choose(rnd: _Round, members: list[int], live: list[int], end: int) -> Choice:
    """Each member in index order keeps the lowest member below him that some
    maximum-weight matching of the unpaired players ``live`` still gives him, or floats.

    One solve (``OptimalMatchings``), then the decisions are narrowed among its optima.
    A narrowing sees the tight edges only, not the odd-set condition of a blossom:
    after each decision the matching's weight is checked, and when it fell short that
    member's partner is found by a solve of his own (``_member_by_solving``, what
    every member gets when ``WARM`` is off) and the players still unpaired are solved
    again for the members after him."""
    pairs: list[tuple[int, int]] = []
    floater = None
    taken: set[int] = set()
    at = 0
    while at < len(members):
        rest = [v for v in live if v not in taken]
        pos = {v: k for k, v in enumerate(rest)}
        weights = [[rnd.w[a][b] for b in rest] for a in rest]
        # the narrowing reads the set of optima only, so the solve starts warm
        opt = OptimalMatchings(weights, warm=True) if WARM else None
        outside = {pos[v] for v in rest if v >= end}
        while at < len(members):
            v = members[at]
            at += 1
            if v in taken:
                continue
            below = [u for u in members[at:] if u not in taken and rnd.w[v][u]]
            partner: int | None
            if opt is not None:
                # only a partner over a tight edge can be narrowed to (a search each)
                tight = set(opt.partners(pos[v]))
                partner = next(
                    (
                        u
                        for u in reversed(below)
                        if pos[u] in tight and opt.narrow(pos[v], {pos[u]})
                    ),
                    None,
                )
                if partner is None:
                    opt.narrow(pos[v], outside)
                exact = matching_weight(weights, opt.matching()) == opt.weight
            if opt is None or not exact:
                unpaired = [x for x in rest if x not in taken]
                partner = _member_by_solving(rnd, v, below, unpaired, end)
            if partner is None:
                floater = v
            else:
                taken.update((v, partner))
                pairs.append((v, partner))
            if opt is not None and not exact:
                break  # solve the players still unpaired again
    return pairs, floater


def _member_by_solving(
    rnd: _Round, v: int, below: list[int], live: list[int], end: int
) -> int | None:
    """The partner of ``v`` (None: he floats) by one maximum-weight matching of the
    unpaired players ``live``: his edges to the members ``below`` him earn 1, 2, ...
    from the top down, below every criterion."""
    shift = (rnd.n + 2).bit_length()
    pos = {x: k for k, x in enumerate(live)}
    weights = [[rnd.w[a][b] << shift for b in live] for a in live]
    for k, u in enumerate(below, start=1):
        weights[pos[v]][pos[u]] += k
        weights[pos[u]][pos[v]] += k
    m = max_weight_matching(weights)[pos[v]]
    partner = live[m] if m >= 0 else -1
    return None if partner < 0 or partner >= end else partner


def _top_against_bottom(rnd: _Round, bounds: list[int], notes: list[str]) -> list[tuple[int, int]]:
    """Group by group, each player in index order takes the lowest-indexed player of
    his group he can still have (Preface, 3.2); who cannot floats down."""
    index = rnd.index
    players = rnd.players
    final = [False] * rnd.n
    pairs: list[tuple[int, int]] = []
    floater: int | None = None
    begin = bounds[0]

    def before(a: int, b: int) -> int:
        ia, ib = index[players[a].number], index[players[b].number]
        return -1 if ib.below(ia) else 1 if ia.below(ib) else 0

    # A boundary given twice has no edge across it: the players below it are solved
    # apart, so each group's solve stops there.
    closed = {b for k, b in enumerate(bounds[1:], start=1) if b == bounds[k - 1]}
    for end in bounds[1:]:
        if begin == end:
            continue
        stop = min((b for b in closed if b >= end), default=rnd.n)
        members = list(range(begin, end))
        if floater is not None:
            members.append(floater)
        members.sort(key=functools.cmp_to_key(before))
        for i, v in enumerate(members):
            for u in members[i + 1 :]:
                rnd.set(v, u, rnd.weight(v, u, True, True))
        live = [v for v in range(stop) if not final[v]]
        group_pairs, floater = _choose(rnd, members, live, end)
        for a, b in group_pairs:
            final[a] = final[b] = True
        pairs.extend(group_pairs)
        text = ", ".join(f"{players[a].number}-{players[b].number}" for a, b in group_pairs)
        notes.append(
            f"score group {players[begin].key_score}: "
            + ", ".join(str(players[v].number) for v in members)
            + f" (by index); pairs {text or 'none'}"
            + (f"; floats down: {players[floater].number}" if floater is not None else "")
        )
        begin = end
    return pairs


__all__ = ["Index", "colour_of", "indices", "pair_burstein", "seeded"]
