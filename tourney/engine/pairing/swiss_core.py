"""What every FIDE Swiss system shares: the result of a round, the refusal, score groups,
board order and the forbidden-pairing diagnosis (C.04.1, C.04.2).

Each system (``dutch``, ``burstein``, ...; the registry is ``systems.SYSTEMS``) is a
function ``SwissState -> SwissPairing``. Around it:

* ``NoPairing``: the absolute rules (C.04.1 b no rematch, c at most one PAB, and the
  system's own) leave no pairing;
* ``score_groups``: the players to pair, grouped by (pairing) score, highest first,
  each group in pairing-number order (C.04.1 a; the systems' score groups);
* ``board_order``: higher score first (C.04.2 "Board order": the higher of the two
  scores, then the lower, then the initial order);
* ``pair_or_diagnose``: when a round is refused while forbidden pairings are in force,
  which of those rules, lifted alone, would let it through (docs/pairing.md,
  "Forbidden pairings"; not part of any C.04 system).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from fractions import Fraction

from tourney.engine.pairing.swiss_state import SwissPlayer, SwissState
from tourney.records import dataclass


class NoPairing(Exception):
    """The absolute criteria leave no legal pairing for the round
    (C.04.1 b-c, the system's absolute criteria; C.04.6 Art. 3.3.3).

    ``lifting_helps`` names the forbidden-pairing rules that, lifted on their own,
    would let the round through (empty when the rules are not the cause);
    ``rematches_help``: it would pair if players could meet again (``rematches``).
    """

    def __init__(
        self, message: str, lifting_helps: tuple[str, ...] = (), rematches_help: bool = False
    ) -> None:
        super().__init__(message)
        self.lifting_helps = lifting_helps
        self.rematches_help = rematches_help


@dataclass(frozen=True, slots=True)
class SwissPairing:
    """The pairing of one round: (white, black) pairing numbers in board order, the
    player given the pairing-allocated bye, and why, line by line."""

    pairs: tuple[tuple[int, int], ...]
    bye: int | None
    explanation: tuple[str, ...] = ()


PairFunction = Callable[[SwissState], SwissPairing]


def score_groups(players: Iterable[SwissPlayer]) -> list[tuple[Fraction, list[SwissPlayer]]]:
    """The players grouped by pairing score, highest first, each group in pairing-number
    order (accelerated scores count, C.04.5.1)."""
    groups: dict[Fraction, list[SwissPlayer]] = {}
    for p in sorted(players, key=lambda q: (-q.key_score, q.number)):
        groups.setdefault(p.key_score, []).append(p)
    return list(groups.items())


def board_key(higher: SwissPlayer, lower: SwissPlayer, rank: int) -> tuple[Fraction, Fraction, int]:
    """The sort key of a board (C.04.2 board order): the higher score of the pair first,
    then the lower score, then ``rank``, the higher-ranked player's place in the order of
    the players to pair."""
    return (-higher.key_score, -lower.key_score, rank)


def board_order(state: SwissState, pairs: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """``pairs`` (by pairing number) sorted into board order (C.04.2)."""
    place = {p.number: k for k, p in enumerate(state.to_pair)}

    def key(pair: tuple[int, int]) -> tuple[Fraction, Fraction, int]:
        a, b = (state.player(n) for n in pair)
        h, lo = (a, b) if place[a.number] < place[b.number] else (b, a)
        return board_key(h, lo, place[h.number])

    return sorted(pairs, key=key)


def pair_or_diagnose(pair: PairFunction, state: SwissState) -> SwissPairing:
    """``pair(state)``; when it raises ``NoPairing`` while forbidden pairings are in force
    and the round would pair without them, the error names them and lists in
    ``lifting_helps`` each rule that, lifted on its own, lets it through."""
    try:
        return pair(state)
    except NoPairing as error:
        rules = _named_rules(state)
        if not rules or not _pairs(pair, _without(state, rules, set(range(len(rules))))):
            raise
        helps = tuple(
            name for k, (name, _) in enumerate(rules) if _pairs(pair, _without(state, rules, {k}))
        )
        names = "; ".join(name for name, _ in rules)
        raise NoPairing(
            f"{error}; it would pair without the forbidden pairings in force: {names}",
            helps,
            error.rematches_help,
        ) from error


def _named_rules(state: SwissState) -> list[tuple[str, frozenset[frozenset[int]]]]:
    rules = list(state.forbidden_rules)
    named = {pair for _, pairs in rules for pair in pairs}
    if state.forbidden - named:
        rules.append(("forbidden pairs", frozenset(state.forbidden - named)))
    return rules


def _without(
    state: SwissState, rules: list[tuple[str, frozenset[frozenset[int]]]], lifted: set[int]
) -> SwissState:
    kept = [rule for k, rule in enumerate(rules) if k not in lifted]
    return replace(
        state,
        forbidden=frozenset(pair for _, pairs in kept for pair in pairs),
        forbidden_rules=tuple(rule for rule in kept if rule in state.forbidden_rules),
    )


def _pairs(pair: PairFunction, state: SwissState) -> bool:
    try:
        pair(state)
    except NoPairing:
        return False
    return True
