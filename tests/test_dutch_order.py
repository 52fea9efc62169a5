"""The remainder's order of generation (C.04.3 D) chosen among optimal matchings
(tourney/engine/pairing/dutch_order.py), checked against hand-worked brackets
and against the exact method it replaces: one maximum-weight matching over the
whole remainder weight, order fields included."""

from __future__ import annotations

import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from tourney.engine.pairing import dutch
from tourney.engine.pairing.dutch import NoPairing, SwissPairing, pair_dutch
from tourney.engine.pairing.dutch_order import pair_remainder
from tourney.engine.pairing.dutch_weights import BracketView
from tourney.engine.pairing.matching import OptimalMatchings, max_weight_matching
from tourney.engine.pairing.swiss_state import SwissPlayer, SwissState
from tourney.model import Colour

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from pairing import Event  # bench/pairing.py: a seeded simulated Swiss

W, B = Colour.WHITE, Colour.BLACK


def player(
    number: int, score: str = "0", colours: str = "", opponents: tuple[int, ...] = ()
) -> SwissPlayer:
    return SwissPlayer(
        number=number,
        score=Fraction(score),
        opponents=frozenset(opponents),
        colours=tuple({"w": W, "b": B}[c] for c in colours),
        floats=tuple(None for _ in colours),
    )


def exact_solve(view: BracketView, stage: str) -> dict[int, int]:
    """The method before dutch_order: every field, order included, in one solve."""
    verts = view.rem
    mate = max_weight_matching(view.weights(stage))
    view.last_pairs = [(verts[k], verts[m]) for k, m in enumerate(mate) if m > k]
    return {verts[k]: verts[m] for k, m in enumerate(mate) if m >= 0}


def pair_exactly(state: SwissState, monkeypatch: pytest.MonkeyPatch) -> SwissPairing:
    with monkeypatch.context() as patch:
        patch.setattr(dutch, "_solve", exact_solve)
        return pair_dutch(state)


# -- hand-worked brackets -----------------------------------------------------------


def test_first_transposition_in_lexicographic_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 2, all eight drew round 1 (5-1, 6-2, 7-3, 8-4, white first), so one
    score group: S1 = 1-4 (all had black, prefer white), S2 = 5-8 (prefer
    black). Every S1-S2 pair grants both colours, no floats yet: only D.1
    decides. 1-5, 2-6, 3-7, 4-8 are rematches; the first S2 order (D.1) with
    none is 6 5 8 7 (6 for 1; then 5 for 2; 7 is 3's old opponent, so 8; 7 for
    4). Colours by preference (E.1), boards by the higher player's number."""
    players = [player(i, "1/2", "b", (i + 4,)) for i in range(1, 5)]
    players += [player(i, "1/2", "w", (i - 4,)) for i in range(5, 9)]
    state = SwissState(players=tuple(players), round_no=2, total_rounds=5)
    expected = ((1, 6), (2, 5), (3, 8), (4, 7))
    result = pair_dutch(state)
    assert result.pairs == expected
    assert result.bye is None
    assert pair_exactly(state, monkeypatch) == result


def test_odd_remainder_leaves_the_last_s2_player_for_the_pab(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Round 2, player 8 absent; round 1 was 4-1, 5-2, 7-3, 6-8 (white first),
    all drawn. Seven players on 1/2: S1 = 1 2 3 (prefer white), S2 = 4 5 6 7
    (prefer black); nobody has an unplayed round, so C5 and C9 do not choose
    the PAB assignee and D.1 does: S2 order 5 4 6 7 (1 met 4, 2 met 5, 3 met 7)
    pairs 1-5, 2-4, 3-6 and leaves 7, the last of S2, for the PAB."""
    met = {1: 4, 2: 5, 3: 7, 4: 1, 5: 2, 7: 3, 6: 8, 8: 6}
    players = [player(i, "1/2", "b", (met[i],)) for i in (1, 2, 3)]
    players += [player(i, "1/2", "w", (met[i],)) for i in (4, 5, 6, 7)]
    absent = SwissPlayer(
        number=8,
        score=Fraction(1, 2),
        available=False,
        opponents=frozenset({6}),
        colours=(B,),
        floats=(None,),
    )
    state = SwissState(players=(*players, absent), round_no=2, total_rounds=5)
    result = pair_dutch(state)
    assert result.pairs == ((1, 5), (2, 4), (3, 6))
    assert result.bye == 7
    assert pair_exactly(state, monkeypatch) == result


def test_one_exchange_with_the_smallest_bsn_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 1, six players, 1 may not meet 4, 5 or 6 (forbidden: C1): no
    transposition pairs 1, so one exchange is needed (D.2). The smallest BSN
    difference is 3 <-> 4 (difference 1; 2 <-> 4 would be 2): S1 = 1 2 4,
    S2 = 3 5 6, then in order 1-3, 2-5, 4-6. No colour history: E.5, the higher
    player takes the initial colour (white) when his number is odd."""
    players = tuple(player(i) for i in range(1, 7))
    apart = frozenset(frozenset({1, k}) for k in (4, 5, 6))
    state = SwissState(players=players, round_no=1, total_rounds=5, forbidden=apart)
    result = pair_dutch(state)
    assert result.pairs == ((1, 3), (5, 2), (6, 4))
    assert result.bye is None
    assert pair_exactly(state, monkeypatch) == result


def test_exchange_then_transposition(monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 1, eight players; 4 may not meet 5, 6, 7 or 8 and 3 may not meet 7.
    S1 = 1-4 against S2 = 5-8 cannot pair 4, so one exchange: the smallest BSN
    difference is 4 <-> 5 (1). S1 = 1 2 3 5, S2 = 4 6 7 8, then D.1 in order:
    1-4, 2-6, 3 skips 7 for 8, 5-7. E.5 colours: the higher player is white
    when his number is odd (1, 3, 5), black when even (2)."""
    players = tuple(player(i) for i in range(1, 9))
    apart = {frozenset({4, k}) for k in (5, 6, 7, 8)} | {frozenset({3, 7})}
    state = SwissState(players=players, round_no=1, total_rounds=5, forbidden=frozenset(apart))
    result = pair_dutch(state)
    assert result.pairs == ((1, 4), (6, 2), (3, 8), (5, 7))
    assert pair_exactly(state, monkeypatch) == result


# -- against the exact method, over simulated events ----------------------------------


def _remainder_pairs(view: BracketView, mate: list[int]) -> set[tuple[int, int]]:
    """The pairs inside the remainder: the order fields rank only those, so the
    pairs reaching into lower groups (look-ahead, completion) may differ."""
    v = view.rem
    keep = view.remainder_set
    return {(v[k], v[m]) for k, m in enumerate(mate) if m > k and v[k] in keep and v[m] in keep}


def _events(count: int, seed: int) -> list[tuple[int, int, int]]:
    rng = random.Random(seed)
    return [(rng.randint(8, 60), rng.randint(5, 8), 1000 + k) for k in range(count)]


def test_pairings_match_the_exact_method_over_simulated_rounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """About 40 rounds of seeded events of 8-60 players: pairs, PAB and the
    explanation are the same with the exact single solve. Among them are
    brackets with MDPs whose remainder is chosen from the MDP stage's solve."""
    rounds = 0
    taken = {"from MDP solve": 0}
    from_mdp_solve = dutch._remainder_from_mdp_solve

    def counting(view: BracketView, pairs: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
        chosen = from_mdp_solve(view, pairs)
        taken["from MDP solve"] += chosen is not None
        return chosen

    monkeypatch.setattr(dutch, "_remainder_from_mdp_solve", counting)
    for n, total, seed in _events(7, 2026):
        event = Event(n, total, seed)
        for r in range(1, total + 1):
            state = event.state(r)
            try:
                exact = pair_exactly(state, monkeypatch)
            except NoPairing:
                with pytest.raises(NoPairing):
                    pair_dutch(state)
                break
            assert pair_dutch(state) == exact, (n, seed, r)
            event.play(r, exact.pairs, exact.bye)
            rounds += 1
    assert rounds >= 35
    assert taken["from MDP solve"] > 0


def test_remainder_and_fallback_agree_with_the_exact_solve(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At every remainder solve of the simulated rounds, each of the three
    steps of ``dutch._solve_remainder`` (the criteria alone without exchanges,
    then with the exchanges, then the whole weight over the tight pairs) pairs
    the remainder like the single solve over the whole weight, whenever it
    answers; the last one always answers."""
    seen = {"views": 0, "plain": 0, "coarse": 0}
    original = dutch._solve

    def checking(view: BracketView, stage: str) -> dict[int, int]:
        if stage == "remainder":
            exact = _remainder_pairs(view, max_weight_matching(view.weights(stage)))
            seen["views"] += 1
            plain = view.weights(stage, order="none")
            first = OptimalMatchings(plain)
            found = pair_remainder(view, first, plain, exchanges=False)
            if found is None:
                seen["plain"] += 1
            else:
                assert _remainder_pairs(view, found) == exact
            tight = dutch._tight_by_player(view.rem, first)
            coarse = view.weights(stage, order="exchanges", pairs=tight)
            second = OptimalMatchings(coarse)
            found = pair_remainder(view, second, coarse, exchanges=True)
            if found is None:
                seen["coarse"] += 1
            else:
                assert _remainder_pairs(view, found) == exact
            tight = dutch._tight_by_player(view.rem, second)
            last = max_weight_matching(view.weights(stage, pairs=tight))
            assert _remainder_pairs(view, last) == exact
        return original(view, stage)

    monkeypatch.setattr(dutch, "_solve", checking)
    for n, total, seed in _events(7, 11):
        event = Event(n, total, seed)
        for r in range(1, total + 1):
            try:
                result = pair_dutch(event.state(r))
            except NoPairing:
                break
            event.play(r, result.pairs, result.bye)
    assert seen["views"] > 100
    # These seeds include remainders that need an exchange (the first step gives
    # up) and one where the chosen order is not optimal (the blossom case of
    # OptimalMatchings), so every step is exercised, not only compared.
    assert seen["plain"] > 0
    assert seen["coarse"] > 0
