"""The FIDE (Dutch) System, C.04.3 (2025 revision, in force from 2026).

``pair_dutch(state)`` pairs one round. The round is paired bracket by
bracket, from the highest score group down (C.04.3 A.3, B.1). Each bracket
(its moved-down players, MDPs, plus the resident score group) is paired by a
maximum-weight matching over every player not yet paired, whose edge weights
are bit fields, one per criterion, the most important highest
(``dutch_weights``):

* absolute criteria (C1 no rematch, C2 no second PAB, C3 no two non-topscorers
  with the same absolute colour preference) remove the edge;
* C4 completion and C5 the lowest possible score for the PAB assignee come
  first, so a bracket is never paired in a way that leaves the round
  unpairable;
* C6 as many pairs as possible in the bracket, C7 the highest scores paired,
  C8 the same two for the next bracket (look-ahead), C9 the PAB assignee with
  the fewest unplayed rounds, C10-C13 colours, C14-C21 floats;
* below them, the order in which the rules generate candidates (B.3, D):
  which MDPs are paired and with whom, then in the remainder the fewest and
  smallest exchanges between S1 and S2, then the first transposition.

A bracket is solved in two stages: the MDP pairs first, then the
homogeneous remainder (whose S1 depends on which residents the MDPs took).
The remainder's order of generation (F9) is not put in the weights but chosen
among the optimal matchings (``dutch_order``), which keeps the weights short.
Players left unpaired move down to the next bracket; the last one left is
the PAB assignee. Colours follow ``swiss_colours``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import overload

from tourney.engine.pairing.dutch_explain import (
    BracketNote,
    bracket_lines,
    colour_line,
    pab_lines,
    round_lines,
)
from tourney.engine.pairing.dutch_order import pair_remainder
from tourney.engine.pairing.dutch_weights import BracketView, Criteria
from tourney.engine.pairing.matching import (
    CardinalityMatcher,
    OptimalMatchings,
    max_weight_matching,
)
from tourney.engine.pairing.rematches import pair_by_rematch_rule, rematch_lines
from tourney.engine.pairing.swiss_colours import allocate_with_rule, is_topscorer, preference
from tourney.engine.pairing.swiss_core import NoPairing, SwissPairing, pair_or_diagnose
from tourney.engine.pairing.swiss_state import SwissState
from tourney.model import Colour

# The matchings are solved with a greedy start at each stage (``OptimalMatchings``
# ``warm``); False solves them cold, as before, which tests compare against.
WARM = True


def pair_dutch(state: SwissState) -> SwissPairing:
    """Pair round ``state.round_no`` by the Dutch system (C.04.3).

    Raises ``NoPairing`` when no legal pairing exists. When forbidden-pairing rules
    are in force and the round would pair without them, the error names them and
    lists in ``lifting_helps`` each rule that, lifted on its own, lets it through
    (``swiss_core.pair_or_diagnose``).
    """
    return pair_or_diagnose(_pair_by_rematch_rule, state)


def _pair_by_rematch_rule(state: SwissState) -> SwissPairing:
    """The strict pairing (C1: no rematch); when none exists and ``rematches:
    when-unavoidable``, the pairing with the fewest rematches, longest ago, and
    otherwise by the criteria (``rematches.py``, ``dutch_weights`` F0b)."""
    return pair_by_rematch_rule(_pair, state, _pair_relaxed)


def _pair_relaxed(state: SwissState) -> SwissPairing:
    return _pair(state, relaxed=True)


def _pair(state: SwissState, relaxed: bool = False) -> SwissPairing:
    crit = Criteria(state, relaxed)
    n = crit.n
    if n == 0:
        return SwissPairing((), None, ())
    if _is_fresh_round_one(crit):
        return _round_one(crit)
    notes = round_lines(crit)
    completion = _Completion(crit)
    plan = crit.plan
    # Relaxed, every bracket is paired with the whole round in view, so that the
    # credit of the rematches (F0b) is counted over the whole round.
    if relaxed and plan is None:
        if n % 2 and not any(crit.eligible):
            raise NoPairing(
                "nobody may take the pairing-allocated bye: every player had it or a point "
                "without playing (C.04.1 d)"
            )
        raise NoPairing("no pairing pairs every player even with rematches (C2-C4)")
    crit.bye_score = completion.bye_score(plan.bye_score if plan else None)
    rem = list(range(n))
    fixed: list[tuple[int, int]] = []
    mdps: list[int] = []
    bye: int | None = None
    for group in range(crit.groups):
        residents = [i for i in rem if crit.sg[i] == group]
        bracket = sorted(mdps + residents)
        if not bracket:
            continue
        below = [i for i in rem if crit.sg[i] > group]
        if not below and len(bracket) == 1:
            bye = bracket[0]
            break
        new_pairs = None
        note = BracketNote(group, sorted(mdps), residents)
        # C9 is decided in the bracket whose leftover player takes the PAB.
        c9 = (
            crit.bye_score is not None
            and any(crit.score[i] == crit.bye_score for i in bracket)
            and _pair_among_themselves(crit, below)
        )
        deeper = any(crit.sg[i] > group + 1 for i in below)
        if below and not c9 and len(bracket) % 2 == 0 and not relaxed:
            # An even bracket paired among itself (MDPs included) leaves the same
            # players below whatever its pairs, so the fields that look below
            # (C4, C8) are the same for all its complete pairings, and a complete
            # pairing beats any other (C6): it is solved on its own.
            view = BracketView(crit, bracket, bracket, set(mdps), group, full=False, last=False)
            alone = _pair_bracket(view)
            if 2 * len(alone) == len(bracket) and completion.fix(alone):
                new_pairs = alone
                note.whole_round = not deeper
        if new_pairs is None and not c9 and deeper and not relaxed:
            # Pair on the bracket and the next group only, then check that
            # the rest of the round can still be completed (C4).
            near = sorted(bracket + [i for i in below if crit.sg[i] == group + 1])
            view = BracketView(crit, near, bracket, set(mdps), group, full=False, last=False)
            new_pairs = _pair_bracket(view)
            # The look-ahead pairs must be possible too, or the values the
            # small graph promised are not reachable in the whole round.
            inside = set(new_pairs)
            ahead = [p for p in view.last_pairs if p not in inside]
            if not completion.fix(new_pairs, ahead):
                new_pairs = None
        if new_pairs is None:
            view = BracketView(crit, rem, bracket, set(mdps), group, full=True, last=c9)
            new_pairs = _pair_bracket(view)
            note.whole_round = True
            if not completion.fix(new_pairs):
                raise NoPairing("the round cannot be completed (C4)")
        paired = {i for p in new_pairs for i in p}
        fixed.extend(new_pairs)
        rem = [i for i in rem if i not in paired]
        mdps = [i for i in bracket if i not in paired]
        note.pairs = list(new_pairs)
        note.moved_down = mdps if below else []
        notes.extend(bracket_lines(crit, note))
        if not below:
            if len(mdps) == 1:
                bye = mdps[0]
            elif mdps:
                raise NoPairing("the last bracket could not be paired")
            break
    if relaxed:
        number = [p.number for p in crit.players]
        notes.extend(rematch_lines([(number[a], number[b]) for a, b in fixed], crit.met))
    return _finish(crit, fixed, bye, notes)


def _is_fresh_round_one(crit: Criteria) -> bool:
    """Round 1 with one score group and no pair ruled out: every criterion is
    met by the first candidate, S1 against S2 in order (C.04.3 B, D)."""
    state = crit.state
    return (
        state.round_no == 1
        and crit.groups == 1
        and not state.forbidden
        and not state.wished_apart
        and all(p.pab_eligible and not p.played_colours for p in crit.players)
    )


def _round_one(crit: Criteria) -> SwissPairing:
    half = crit.n // 2
    fixed = [(i, i + half) for i in range(half)]
    bye = crit.n - 1 if crit.n % 2 else None
    notes = round_lines(crit)
    notes.append(
        f"round 1, one score group: S1 (numbers 1-{half} of the list) against S2 in order "
        "(B.3, every criterion met by the first candidate)"
    )
    return _finish(crit, fixed, bye, notes)


def _pair_among_themselves(crit: Criteria, players: list[int]) -> bool:
    """Whether these players can all be paired with each other: then the player
    left over by the bracket above them is the PAB assignee (C9 applies)."""
    if len(players) % 2:
        return False
    local = {v: k for k, v in enumerate(players)}
    adj = [[local[j] for j in players if crit.compat[i][j]] for i in players]
    return not CardinalityMatcher(adj, [-1] * len(players)).augment()


class _Completion:
    """The completion test (C4) with a matching kept between brackets.

    The matching covers every player not yet paired, plus a dummy vertex that
    stands for the PAB and joins the players who may take it (C2, C5).
    """

    def __init__(self, crit: Criteria) -> None:
        self.crit = crit
        n = crit.n
        self.alive = [True] * n
        self.mate = [-1] * (n + 1)
        self.bye_ok = [False] * n

    def _complete(self) -> bool:
        n = self.crit.n
        adj = _LiveAdjacency(self)
        odd = adj.odd
        mate = self.mate
        for v in range(n + 1):
            m = mate[v]
            if m != -1 and not adj.joined(v, m):
                mate[v] = -1
                if mate[m] == v:
                    mate[m] = -1
        # Pair the exposed vertices greedily first: whether every live player can
        # be paired does not depend on the matching the search starts from, and a
        # greedy start leaves few augmenting-path searches (each costs O(n)).
        for v in range(n + 1):
            if mate[v] == -1:
                for u in adj.neighbours(v):
                    if mate[u] == -1:
                        mate[v], mate[u] = u, v
                        break
        left = CardinalityMatcher(adj, mate).augment()
        return all((v < n and not self.alive[v]) or (v == n and not odd) for v in left)

    def bye_score(self, lowest: Fraction | None = None) -> Fraction | None:
        """First pass: the lowest score at which an eligible player can take the
        PAB while everyone else is paired (C4, C5), not below ``lowest`` (the lowest
        with the fewest rematches); None with an even field."""
        crit = self.crit
        n = crit.n
        if n % 2 == 0:
            if not self._complete():
                raise NoPairing("no pairing pairs every player (C1-C4)")
            return None
        for score in sorted(set(crit.score)):
            if lowest is not None and score < lowest:
                continue
            self.bye_ok = [crit.eligible[i] and crit.score[i] <= score for i in range(n)]
            if any(self.bye_ok) and self._complete():
                return score
        raise NoPairing("no pairing leaves the PAB to an eligible player (C2, C4)")

    def fix(self, pairs: list[tuple[int, int]], ahead: list[tuple[int, int]] | None = None) -> bool:
        """Take ``pairs`` out for good if the others can still be completed,
        together with the pairs ``ahead`` (which stay unfixed)."""
        saved = list(self.mate)
        trial = pairs + (ahead or [])
        for a, b in trial:
            self.alive[a] = self.alive[b] = False
        ok = self._complete()
        for a, b in ahead or []:
            self.alive[a] = self.alive[b] = True
            self.mate[a], self.mate[b] = b, a
        if ok:
            return True
        for a, b in pairs:
            self.alive[a] = self.alive[b] = True
        self.mate = saved
        return False


class _LiveAdjacency(Sequence[list[int]]):
    """The completion graph of ``_Completion``, each vertex's neighbours listed
    only when the search asks for them: the players not yet paired, joined when
    the criteria allow the pair (C1, C3), and the PAB vertex ``n`` joined to the
    players who may take it when their number is odd. Writing every list out at
    each test cost O(n^2) time and memory per test (800 MB at 10,000 players);
    a test after a bracket asks for the neighbours of a few exposed players."""

    def __init__(self, completion: _Completion) -> None:
        n = completion.crit.n
        self.n = n
        self.compat = completion.crit.compat
        self.alive = completion.alive
        self.bye_ok = completion.bye_ok
        self.live = [i for i in range(n) if self.alive[i]]
        self.odd = len(self.live) % 2 == 1

    def __len__(self) -> int:
        return self.n + 1

    @overload
    def __getitem__(self, v: int) -> list[int]: ...
    @overload
    def __getitem__(self, v: slice) -> Sequence[list[int]]: ...
    def __getitem__(self, v: int | slice) -> list[int] | Sequence[list[int]]:
        if isinstance(v, slice):
            raise TypeError("the completion graph is read one vertex at a time")
        return list(self.neighbours(v))

    def neighbours(self, v: int) -> Iterator[int]:
        """The same order as a list of the live players, then the PAB vertex."""
        n = self.n
        if v == n:
            if self.odd:
                bye_ok = self.bye_ok
                yield from (i for i in self.live if bye_ok[i])
            return
        if not self.alive[v]:
            return
        row = self.compat[v]
        yield from (j for j in self.live if row[j])
        if self.odd and self.bye_ok[v]:
            yield n

    def joined(self, v: int, m: int) -> bool:
        """Whether the edge (v, m) is in the graph."""
        n = self.n
        if v == n or m == n:
            other = m if v == n else v
            return self.odd and other < n and self.alive[other] and self.bye_ok[other]
        return self.alive[v] and self.alive[m] and bool(self.compat[v][m])


def _solve(view: BracketView, stage: str) -> dict[int, int]:
    """Solve the matching of one stage; partners by player index."""
    return _solve_mdps(view) if stage == "mdp" else _solve_remainder(view)


def _tight_by_player(verts: list[int], opt: OptimalMatchings) -> dict[int, list[int]]:
    return {verts[a]: [verts[b] for b in opt.tight(a)] for a in range(len(verts))}


def _keep(view: BracketView, verts: list[int], mate: list[int]) -> dict[int, int]:
    """Record a solve's pairs in the view (the look-ahead reads them) and
    return the partners by player index."""
    view.last_pairs = [(verts[k], verts[m]) for k, m in enumerate(mate) if m > k]
    return {verts[k]: verts[m] for k, m in enumerate(mate) if m >= 0}


def _solve_mdps(view: BracketView) -> dict[int, int]:
    """The MDP stage; partners by player index. The solve is kept for the
    remainder: with the MDP pairs fixed, every remainder matching best on the
    criteria completes them to a matching best for this stage too, so it uses
    only pairs tight here and may be chosen among this solve's optima."""
    verts = list(view.rem)
    weights = view.weights("mdp")
    opt = OptimalMatchings(weights, warm=WARM)
    view.tight_pairs = _tight_by_player(verts, opt)
    view.mdp_solve = (verts, opt, weights)
    return _keep(view, verts, opt.first)


def _remainder_from_mdp_solve(
    view: BracketView, pairs: list[tuple[int, int]]
) -> list[tuple[int, int]] | None:
    """The remainder pairs chosen among the MDP stage's own optima, without a
    solve of its own: the MDP pairs and the MDPs left over (which may not pair
    in the bracket) are narrowed first, then S1 and S2 as they are (no
    exchange). None when that does not give an optimum."""
    if view.mdp_solve is None:
        return None
    verts, opt, weights = view.mdp_solve
    pos = {v: k for k, v in enumerate(verts)}
    if not all(opt.narrow(pos[a], {pos[b]}) for a, b in pairs):
        return None
    outside = {pos[v] for v in verts if v not in view.bracket_set}
    if not all(opt.narrow(pos[v], outside, may_stay_single=True) for v in view.limbo):
        return None
    mate = pair_remainder(view, opt, weights, exchanges=False, verts=verts)
    if mate is None:
        return None
    partner = _keep(view, verts, mate)
    inside = view.remainder_set
    return [(v, m) for v in view.remainder if (m := partner.get(v, -1)) > v and m in inside]


def _solve_remainder(view: BracketView) -> dict[int, int]:
    """The remainder stage; partners by player index.

    Up to three solves, each over the pairs the one before left tight (every
    matching best on more fields is best on fewer, so it uses only those): the
    criteria alone, with S1 and S2 kept as they are; then with the number and
    BSN sum of the exchanges; last, if the chosen order did not end on an
    optimal matching, with the whole weight (``dutch_order``).
    """
    verts = view.rem
    plain = view.weights("remainder", order="none", pairs=view.tight_pairs)
    first = OptimalMatchings(plain, warm=WARM)
    # The criteria do not depend on S1: a second solve with fewer pairs (the
    # guess of a homogeneous bracket was wrong) may start from these pairs.
    view.tight_pairs = _tight_by_player(verts, first)
    mate = pair_remainder(view, first, plain, exchanges=False)
    if mate is None:
        coarse = view.weights("remainder", order="exchanges", pairs=view.tight_pairs)
        second = OptimalMatchings(coarse, warm=WARM)
        mate = pair_remainder(view, second, coarse, exchanges=True)
        if mate is None:
            tight = _tight_by_player(verts, second)
            mate = max_weight_matching(view.weights("remainder", pairs=tight))
    return _keep(view, verts, mate)


def _pair_bracket(view: BracketView) -> list[tuple[int, int]]:
    """Pair one bracket: MDP pairs first, then the remainder (C.04.3 B, D).

    A homogeneous bracket skips the MDP stage: its number of pairs is guessed
    as half the bracket and the remainder stage is solved again only when the
    guess (which fixes S1) was wrong; the guess never changes the criteria.
    """
    pairs: list[tuple[int, int]] = []
    view.tight_pairs = None
    view.mdp_solve = None
    if view.mdps:
        mate = _solve(view, "mdp")
        resident_pairs = 0
        for v in view.bracket:
            m = mate.get(v, -1)
            if m < v or m not in view.bracket_set:
                continue
            if v in view.mdps:
                pairs.append((v, m))
            else:
                resident_pairs += 1
        view.fix_mdp_pairs(pairs, resident_pairs)
        if resident_pairs == 0:
            return pairs
        chosen = _remainder_from_mdp_solve(view, pairs)
        if chosen is not None:
            return pairs + chosen
    else:
        view.fix_mdp_pairs(pairs, len(view.bracket) // 2)
    while True:
        mate = _solve(view, "remainder")
        found = [
            (v, m) for v in view.remainder if (m := mate.get(v, -1)) > v and m in view.remainder_set
        ]
        if len(found) == view.p2:
            return pairs + found
        view.fix_mdp_pairs(pairs, len(found))


def _finish(
    crit: Criteria, fixed: list[tuple[int, int]], bye: int | None, notes: list[str]
) -> SwissPairing:
    """Colours by E.1-E.5 and board order (C.04.2: higher score first)."""
    state = crit.state
    out: list[tuple[tuple[Fraction, Fraction, int], tuple[int, int], str, int]] = []
    for a, b in fixed:
        h, lo = (a, b) if a < b else (b, a)
        ph, pl = crit.players[h], crit.players[lo]
        colour, rule = allocate_with_rule(
            ph, crit.prefs[h], pl, crit.prefs[lo], state.initial_colour, crit.e5_number[h]
        )
        white, black = (h, lo) if colour is Colour.WHITE else (lo, h)
        if crit.top[h] or crit.top[lo]:
            rule += " (a topscorer in the last round, A.7)"
        key = (-crit.score[h], -crit.score[lo], h)
        out.append((key, (white, black), rule, h))
    out.sort(key=lambda entry: entry[0])
    notes = list(notes)
    notes.extend(pab_lines(crit, bye))
    for board, (_, (white, black), rule, higher) in enumerate(out, start=1):
        notes.append(colour_line(crit, board, white, black, higher, rule))
    return SwissPairing(
        tuple((crit.players[w].number, crit.players[b].number) for _, (w, b), _, _ in out),
        crit.players[bye].number if bye is not None else None,
        tuple(notes),
    )


__all__ = ["NoPairing", "SwissPairing", "is_topscorer", "pair_dutch", "preference"]
