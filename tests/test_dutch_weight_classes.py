"""The Dutch weights computed by classes of players against pair by pair.

``BracketView.weights`` computes one weight per row and class of players (every
fact of a player the weight reads, C.04.3 C6-C21) and copies it along the row,
then sets the pairs that are not allowed (C1, C3, forbidden pairs) or wished
apart one by one. Every matrix the engine builds while pairing simulated events
(late entries, rematches piling up, absolute colour preferences, forbidden pairs
and wishes, a rematch rule relaxed) must equal the one computed pair by pair.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.swiss_sim import field_of, play, state_of
from tourney.engine.pairing import dutch
from tourney.engine.pairing.dutch_weights import BracketView


@pytest.mark.parametrize(
    ("n", "rounds", "seed", "late"), [(24, 11, 1, 0), (41, 9, 2, 3), (90, 7, 3, 6)]
)
def test_weights_by_class_equal_weights_pair_by_pair(
    monkeypatch: pytest.MonkeyPatch, n: int, rounds: int, seed: int, late: int
) -> None:
    original = BracketView.weights
    built = []

    def checked(
        view: BracketView,
        stage: str,
        *,
        order: str = "all",
        pairs: dict[int, list[int]] | None = None,
    ) -> list[list[int]]:
        got = original(view, stage, order=order, pairs=pairs)
        if pairs is None:
            # Every pair listed: the pair-by-pair path.
            everyone = {v: list(view.rem) for v in view.rem}
            assert got == original(view, stage, order=order, pairs=everyone), (stage, order)
            built.append(len(view.rem))
        return got

    monkeypatch.setattr(BracketView, "weights", checked)
    rng = random.Random(seed)
    hist = field_of(n, seed, late)
    numbers = [h.number for h in hist]
    for round_no in range(1, rounds + 1):
        state = state_of(hist, round_no, rounds)
        a, b, c, d = rng.sample(numbers, 4)
        state = replace(
            state,
            forbidden=frozenset({frozenset((a, b))}),
            wished_apart=frozenset({frozenset((c, d)), frozenset((a, c))}),
        )
        pairing = dutch.pair_dutch(state)
        play(hist, pairing, round_no, rng)
    assert built
