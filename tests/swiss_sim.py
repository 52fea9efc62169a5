"""Simulated Swiss events at the engine level: histories in, one round out.

Used by the Dubov and Lim tests (C.04.4.1, C.04.4.3): a seeded random result for
every game, the history kept as ``SwissPlayer`` fields, the absolute rules
checked round by round.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from tourney.engine.pairing.swiss_core import NoPairing, SwissPairing
from tourney.engine.pairing.swiss_state import Float, SwissPlayer, SwissState
from tourney.model import Colour

HALF = Fraction(1, 2)


@dataclass
class Hist:
    number: int
    rating: int
    score: Fraction = Fraction(0)
    opponents: set[int] = field(default_factory=set)
    colours: list[Colour | None] = field(default_factory=list)
    floats: list[Float | None] = field(default_factory=list)
    opp_ratings: list[int] = field(default_factory=list)
    had_pab: bool = False
    joins: int = 1
    absent_rounds: int = 0

    def player(self, round_no: int) -> SwissPlayer:
        return SwissPlayer(
            number=self.number,
            score=self.score,
            available=round_no >= self.joins,
            opponents=frozenset(self.opponents),
            colours=tuple(self.colours),
            floats=tuple(self.floats),
            had_pab=self.had_pab,
            unplayed=sum(1 for c in self.colours if c is None),
            absent_rounds=self.absent_rounds,
            rating=self.rating,
            opponent_ratings=tuple(self.opp_ratings),
        )


def field_of(n: int, seed: int, late: int = 0) -> list[Hist]:
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1200, 2600) for _ in range(n)), reverse=True)
    hist = [Hist(k + 1, ratings[k]) for k in range(n)]
    for h in rng.sample(hist, late):
        h.joins = rng.randint(2, 3)
    return hist


def state_of(hist: list[Hist], round_no: int, rounds: int) -> SwissState:
    return SwissState(
        players=tuple(h.player(round_no) for h in hist), round_no=round_no, total_rounds=rounds
    )


def play(hist: list[Hist], pairing: SwissPairing, round_no: int, rng: random.Random) -> None:
    by = {h.number: h for h in hist}
    before = {h.number: h.score for h in hist}
    seen = set()
    for w, b in pairing.pairs:
        hw, hb = by[w], by[b]
        seen.update((w, b))
        x = rng.random()
        pw = 1 / (1 + 10 ** ((hb.rating - hw.rating) / 400))
        sw = Fraction(1) if x < pw * 0.8 else HALF if x < pw * 0.8 + 0.2 else Fraction(0)
        for h, o, c, pts in ((hw, hb, Colour.WHITE, sw), (hb, hw, Colour.BLACK, 1 - sw)):
            h.score += pts
            h.opponents.add(o.number)
            h.opp_ratings.append(o.rating)
            h.colours.append(c)
            mine, theirs = before[h.number], before[o.number]
            h.floats.append(Float.DOWN if mine > theirs else Float.UP if mine < theirs else None)
    if pairing.bye is not None:
        h = by[pairing.bye]
        seen.add(h.number)
        h.score += 1
        h.had_pab = True
        h.colours.append(None)
        h.floats.append(Float.DOWN)
    for h in hist:
        if h.number not in seen:
            h.colours.append(None)
            h.floats.append(None)
            h.absent_rounds += 1


def check_absolute(
    hist: list[Hist], pairing: SwissPairing, state: SwissState, colour_limits: bool
) -> None:
    """C.04.1: no rematch, at most one PAB, everyone paired; the colour limits
    (difference within +-2, never three in a row) when the system keeps them."""
    by = {h.number: h for h in hist}
    live = {p.number for p in state.players if p.available}
    placed = [n for pair in pairing.pairs for n in pair] + (
        [pairing.bye] if pairing.bye is not None else []
    )
    assert sorted(placed) == sorted(live), "everyone available is paired once"
    for w, b in pairing.pairs:
        assert b not in by[w].opponents, f"rematch {w}-{b}"
    if pairing.bye is not None:
        assert not by[pairing.bye].had_pab, "a second bye"
    if colour_limits:
        for w, b in pairing.pairs:
            for n, c in ((w, Colour.WHITE), (b, Colour.BLACK)):
                played = [x for x in by[n].colours if x is not None] + [c]
                diff = sum(1 if x is Colour.WHITE else -1 for x in played)
                assert abs(diff) <= 2, f"colour difference of {n}"
                assert not (len(played) >= 3 and played[-1] is played[-2] is played[-3]), (
                    f"three in a row for {n}"
                )


def run_event(
    pair: Callable[[SwissState], SwissPairing],
    n: int,
    rounds: int,
    seed: int,
    colour_limits: Callable[[int], bool],
    late: int = 0,
) -> list[SwissPairing]:
    """Pair and play every round; return the pairings. NoPairing propagates."""
    rng = random.Random(seed * 7919 + n)
    hist = field_of(n, seed, late)
    out = []
    for round_no in range(1, rounds + 1):
        state = state_of(hist, round_no, rounds)
        pairing = pair(state)
        check_absolute(hist, pairing, state, colour_limits(round_no))
        play(hist, pairing, round_no, rng)
        out.append(pairing)
    return out


__all__ = ["Hist", "NoPairing", "check_absolute", "field_of", "play", "run_event", "state_of"]
