"""The absolute rules of the Dubov (C.04.4.1) and Lim (C.04.4.3) systems over many
seeded random events (results drawn by rating, late entries joining in rounds 2-3).

Every round of every event must keep C.04.1: no rematch, at most one PAB per
player, everyone available paired once; Dubov keeps the colour limits in every
round ([C3] has no exception), Lim outside the last round (2.1, Art. 6). A round
may be refused only when no legal pairing exists at all: for small fields that is
checked by trying every pairing.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from swiss_sim import check_absolute, field_of, play, state_of

from tourney.engine.pairing.dubov import pair_dubov
from tourney.engine.pairing.lim import pair_lim
from tourney.engine.pairing.swiss_core import NoPairing, SwissPairing
from tourney.engine.pairing.swiss_state import SwissPlayer, SwissState
from tourney.model import Colour

W, B = Colour.WHITE, Colour.BLACK


def _played(p: SwissPlayer) -> list[Colour]:
    return [c for c in p.colours if c is not None]


def _ok(p: SwissPlayer, colour: Colour) -> bool:
    """C.04.1: the colour keeps the difference within 2 and is not a third in a row."""
    played = [*_played(p), colour]
    diff = sum(1 if c is W else -1 for c in played)
    return abs(diff) <= 2 and not (len(played) >= 3 and played[-1] is played[-2] is played[-3])


def dubov_legal(a: SwissPlayer, b: SwissPlayer, last: bool) -> bool:
    """[C1] and [C3]: not met, and not both bound to the same colour."""
    if b.number in a.opponents:
        return False
    return any(_ok(a, c) and _ok(b, c.other) for c in (W, B))


def lim_legal(a: SwissPlayer, b: SwissPlayer, last: bool) -> bool:
    """2.1 (Art. 6 in the last round)."""
    if b.number in a.opponents:
        return False
    return last or any(_ok(a, c) and _ok(b, c.other) for c in (W, B))


def any_pairing(state: SwissState, legal: Callable[[SwissPlayer, SwissPlayer, bool], bool]) -> bool:
    """Whether some pairing of the round keeps the absolute rules, by trying them all."""
    live = [p for p in state.players if p.available]
    last = state.is_last_round

    def pairs(rest: list[SwissPlayer]) -> bool:
        if not rest:
            return True
        a, others = rest[0], rest[1:]
        return any(legal(a, b, last) and pairs([p for p in others if p is not b]) for b in others)

    if len(live) % 2 == 0:
        return pairs(live)
    return any(pairs([q for q in live if q is not p]) for p in live if p.pab_eligible)


SYSTEMS = {
    "dubov": (pair_dubov, dubov_legal, lambda round_no, rounds: True),
    "lim": (pair_lim, lim_legal, lambda round_no, rounds: round_no < rounds),
}


def run(system: str, n: int, rounds: int, seed: int) -> int:
    """Pair and play an event; return the rounds paired (the event stops at a round
    without any legal pairing, which must be proven by trying every pairing)."""
    pair, legal, limits = SYSTEMS[system]
    rng = random.Random(seed * 7919 + n)
    hist = field_of(n, seed, late=n // 8)
    for round_no in range(1, rounds + 1):
        state = state_of(hist, round_no, rounds)
        try:
            pairing: SwissPairing = pair(state)
        except NoPairing:
            assert n <= 14, f"{system}: {n} players, round {round_no} refused"
            assert not any_pairing(state, legal), f"round {round_no} had a legal pairing"
            return round_no - 1
        check_absolute(hist, pairing, state, limits(round_no, rounds))
        play(hist, pairing, round_no, rng)
    return rounds


@pytest.mark.parametrize("system", ["dubov", "lim"])
def test_small_fields(system: str) -> None:
    """6-13 players, as many rounds as a field allows (at most 9); 40 events each."""
    paired = 0
    for seed in range(40):
        n = 6 + seed % 8
        paired += run(system, n, min(9, n - 1 if n % 2 == 0 else n), seed)
    assert paired > 200  # most rounds pair; the refusals were proven unavoidable


@pytest.mark.parametrize("system", ["dubov", "lim"])
@pytest.mark.parametrize("n", [16, 25, 40])
def test_every_round_of_nine_pairs(system: str, n: int) -> None:
    for seed in range(3):
        assert run(system, n, 9, seed) == 9


@pytest.mark.slow
@pytest.mark.parametrize("system", ["dubov", "lim"])
@pytest.mark.parametrize("n", [61, 100, 150])
def test_every_round_of_nine_pairs_big(system: str, n: int) -> None:
    for seed in range(3):
        assert run(system, n, 9, seed) == 9
