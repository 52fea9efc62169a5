"""Rematches in a Swiss: never (FIDE C.04.1 b), or only when unavoidable (the club rule).

FIDE C.04.1 b: two players shall not play each other more than once; a game lost
by forfeit was not played, so those two may still meet. A small Swiss with many
rounds runs out of pairings that keep this rule (4 players can play 3 rounds
without a rematch, never 4). tournament.yaml ``rematches:`` says what then:

* ``never`` (the default in FIDE mode): the rule is absolute (C.04.3 C1); the
  round cannot be paired and ``tourney pair`` names the ways out.
* ``when-unavoidable`` (the default with ``fide_mode: false``), the club rule:
  players never meet twice while any pairing without a rematch exists. The
  system searches every alternative with each rematch ruled out, exactly as in
  FIDE mode; only when no valid pairing exists at all may players meet again,
  and then the pairing has

  1. the fewest rematches;
  2. of those, the fewest earlier games repeated (a third game between two
     players counts more than a second);
  3. between the players who met longest ago: the latest of the meetings
     repeated as early as possible, then the next latest, and so on;
  4. otherwise whatever the system's own criteria prefer (the PAB to the
     lowest score those allow, colours, floats, ...).

(The club rule in our words: docs/pairing.md, "Rematches".)

The mechanism, part of the Swiss core: every system of ``systems.SYSTEMS`` pairs
through ``pair_by_rematch_rule``, which tries the strict pairing first (unchanged,
and as fast) and applies the rule only when it fails. ``rematch_cost`` puts 1-3
into one integer per pair, so that a sum over a matching orders pairings by them.
``plan_rematches`` finds, with one maximum-weight matching over the players to
pair (and a vertex standing for the PAB), the least cost any complete pairing
needs and the lowest score at which the PAB can then go. A system with a relaxed
pairing of its own (the Dutch) pairs again with C1 no longer an absolute
criterion but a credit (``RematchPlan.credit``) in the highest field of its
weights below completion, over the whole round: every pairing it can choose then
has the least cost, and its criteria choose among them. Any other system pairs
strictly with the rematches of one pairing of least cost allowed.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from tourney.engine.pairing.matching import max_weight_matching
from tourney.engine.pairing.swiss_core import NoPairing, PairFunction, SwissPairing
from tourney.engine.pairing.swiss_state import SwissState, meetings_by_id
from tourney.model import RematchRule
from tourney.records import dataclass

# Rounds two players met in, in order, by the pair (of ids or of pairing numbers).
Meetings = Mapping[frozenset[int], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class CostScale:
    """The widths of the three parts of a rematch's cost for one round."""

    pairs: int  # the most pairs a matching can have, plus one
    base: int  # the base of the recency part: larger than the number of pairs
    recency_bits: int
    count_bits: int

    @staticmethod
    def of(players: int, round_no: int, most_meetings: int) -> CostScale:
        pairs = players // 2 + 1
        base = pairs + 1
        recency_bits = (base ** max(round_no, 1)).bit_length()
        count_bits = (pairs * max(most_meetings, 1)).bit_length()
        return CostScale(pairs, base, recency_bits, count_bits)

    @property
    def top(self) -> int:
        """Larger than any cost: the credit of a pair that is no rematch."""
        return 1 << (self.pairs.bit_length() + self.count_bits + self.recency_bits)


def rematch_cost(rounds_met: Sequence[int], scale: CostScale) -> int:
    """One rematch's cost: 1 in the highest part (the number of rematches), the
    number of earlier games below it, and ``base ** round`` of the latest of them
    in the lowest part. Summed over a pairing, the lowest part compares the
    latest rounds repeated, latest first, since the base exceeds the number of
    pairs (no carry)."""
    if not rounds_met:
        return 0
    count = 1 << (scale.count_bits + scale.recency_bits)
    repeated = len(rounds_met) << scale.recency_bits
    recency: int = scale.base ** max(rounds_met)
    return count | repeated | recency


@dataclass(frozen=True, slots=True)
class RematchPlan:
    """The least cost of a round's rematches, and what a system pairs with.

    Players are indexes into the system's own list. ``cost`` holds the pairs
    (i < j) that would be rematches; ``credit(i, j)`` is ``top`` minus that cost,
    so a matching with the most credit has the least cost, and ``width`` bits
    hold the credit of any matching. ``bye_score`` is the lowest score at which
    the PAB can go in a pairing of least cost (None with an even number).
    """

    cost: Mapping[tuple[int, int], int]
    top: int
    width: int
    minimum: int
    bye_score: Fraction | None
    rematches: tuple[tuple[int, int], ...]  # the rematches of one pairing of least cost

    def credit(self, i: int, j: int) -> int:
        return self.top - self.cost.get((i, j) if i < j else (j, i), 0)

    @property
    def count(self) -> int:
        return len(self.rematches)


def plan_rematches(
    numbers: Sequence[int],
    meetings: Meetings,
    round_no: int,
    allowed: Callable[[int, int], bool],
    eligible: Sequence[bool],
    score: Sequence[Fraction],
) -> RematchPlan | None:
    """The least cost of a complete pairing of these players (None: there is none).

    ``numbers`` are the players' pairing numbers, by index; ``allowed(i, j)`` says
    whether the system allows the pair apart from a rematch (forbidden pairs and
    its other absolute criteria stay absolute); ``eligible`` who may take the PAB
    (C.04.1 d); ``score`` the scores that form the score groups.
    """
    n = len(numbers)
    met = {
        (i, j): rounds
        for i in range(n)
        for j in range(i + 1, n)
        if (rounds := meetings.get(frozenset((numbers[i], numbers[j])), ()))
    }
    scale = CostScale.of(n, round_no, max((len(r) for r in met.values()), default=1))
    cost = {pair: rematch_cost(rounds, scale) for pair, rounds in met.items()}
    top = scale.top
    width = (scale.pairs * top).bit_length() + 1
    # Weight: a pair first (a complete pairing), then the credit, then for the PAB
    # vertex the lowest score (C5 below the rematch rule).
    levels = sorted(set(score), reverse=True)
    level_bits = len(levels).bit_length()
    pair_bit = 1 << (width + level_bits)
    odd = n % 2 == 1
    size = n + 1 if odd else n
    weights = [[0] * size for _ in range(size)]
    for i in range(n):
        for j in range(i + 1, n):
            if allowed(i, j):
                credit = top - cost.get((i, j), 0)
                weights[i][j] = weights[j][i] = pair_bit | (credit << level_bits)
        if odd and eligible[i]:
            weights[i][n] = weights[n][i] = pair_bit | (top << level_bits) | levels.index(score[i])
    mate = max_weight_matching(weights)
    if any(m == -1 for m in mate):
        return None
    rematches = tuple((i, m) for i, m in enumerate(mate) if i < m < n and (i, m) in cost)
    bye = score[mate[n]] if odd else None
    return RematchPlan(cost, top, width, sum(cost[p] for p in rematches), bye, rematches)


def pair_by_rematch_rule(
    strict: PairFunction, state: SwissState, relaxed: PairFunction | None = None
) -> SwissPairing:
    """Pair by ``strict`` (C.04.1 b: no rematch); when it finds no pairing, by the
    rematch rule of ``state``: with ``never`` the refusal says whether allowing
    rematches would help (``NoPairing.rematches_help``); with ``when-unavoidable`` the
    round is paired by ``relaxed``, the system's own pairing with the rematches as a
    credit (the Dutch: ``dutch_weights`` F0b), or, for a system without one, by
    ``strict`` with the rematches of one pairing of least cost allowed (any pairing
    then has exactly those rematches: one without some of them would cost less).
    """
    try:
        return strict(state)
    except NoPairing as error:
        again = relaxed or (lambda s: _with_least_rematches(strict, s))
        if state.rematches is not RematchRule.NEVER:
            return again(state)
        try:
            again(state)
        except NoPairing:
            helps = False
        else:
            helps = True
        raise NoPairing(str(error), error.lifting_helps, helps) from error


_ALTERNATIVES = 24  # sets of rematches a system without a relaxed pairing is offered


def _with_least_rematches(strict: PairFunction, state: SwissState) -> SwissPairing:
    """``strict`` with the rematches of one pairing of least cost allowed. When the
    system refuses them (an absolute rule of its own, such as a colour rule, the plan
    does not know), the next sets are offered cheapest first, each found with one of
    the refused rematches ruled out again."""
    live = list(state.to_pair)
    number = [p.number for p in live]
    met = _met(state, live)

    def plan(banned: frozenset[frozenset[int]]) -> RematchPlan | None:
        return plan_rematches(
            number,
            met,
            state.round_no,
            lambda a, b: (
                (pair := frozenset((number[a], number[b]))) not in state.forbidden
                and pair not in banned
            ),
            [p.pab_eligible for p in live],
            [p.key_score for p in live],
        )

    queue: list[tuple[int, int, frozenset[frozenset[int]], RematchPlan]] = []
    seen: set[frozenset[frozenset[int]]] = set()

    def offer(banned: frozenset[frozenset[int]]) -> None:
        if banned not in seen and (found := plan(banned)) is not None:
            seen.add(banned)
            heapq.heappush(queue, (found.minimum, len(seen), banned, found))

    offer(frozenset())
    refused: NoPairing | None = None
    for _ in range(_ALTERNATIVES):
        if not queue:
            break
        _, _, banned, found = heapq.heappop(queue)
        allowed = {frozenset((number[a], number[b])) for a, b in found.rematches}
        players = tuple(
            replace(
                p,
                opponents=frozenset(
                    o for o in p.opponents if frozenset((p.number, o)) not in allowed
                ),
            )
            for p in state.players
        )
        try:
            pairing = strict(replace(state, players=players))
        except NoPairing as error:
            refused = refused or error
            for pair in allowed:
                offer(banned | {pair})
            continue
        lines = rematch_lines(pairing.pairs, met)
        return replace(pairing, explanation=(*pairing.explanation, *lines))
    raise refused or NoPairing("no pairing pairs every player even with rematches")


def _met(state: SwissState, live: Sequence[object]) -> dict[frozenset[int], tuple[int, ...]]:
    """The rematches C1 rules out among the players to pair (either player's record
    counts), with the rounds they met in (round 0 when the state does not say)."""
    numbers = {p.number for p in state.to_pair}
    met: dict[frozenset[int], tuple[int, ...]] = {}
    for p in state.to_pair:
        for other in p.opponents:
            if other in numbers:
                pair = frozenset((p.number, other))
                met[pair] = state.meetings.get(pair, (0,))
    return met


def rematch_lines(
    pairs: Iterable[tuple[int, int]], meetings: Meetings, label: Callable[[int], str] = str
) -> list[str]:
    """The explanation of a pairing made under ``rematches: when-unavoidable``:
    why, then each rematch with the rounds the two met in."""
    found = [(a, b, rounds) for a, b in pairs if (rounds := meetings.get(frozenset((a, b)), ()))]
    lines = [
        "no pairing without a rematch exists (C.04.1 b, C.04.3 C1-C4); rematches: "
        f"when-unavoidable allows the fewest ({len(found)}), between the players who met "
        "longest ago, then the system's own criteria (docs/pairing.md, Rematches)"
    ]
    for a, b, rounds in found:
        lines.append(f"rematch {label(a)}-{label(b)}: they met in {rounds_text(rounds)}")
    return lines


def rounds_text(rounds: Sequence[int]) -> str:
    """``round 2`` or ``rounds 1, 3 and 5``."""
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    return "rounds " + ", ".join(map(str, rounds[:-1])) + f" and {rounds[-1]}"


__all__ = [
    "CostScale",
    "Meetings",
    "RematchPlan",
    "meetings_by_id",
    "pair_by_rematch_rule",
    "plan_rematches",
    "rematch_cost",
    "rematch_lines",
    "rounds_text",
]
