"""The Burstein engine's fast solve against its plain one (``burstein.WARM``).

Fast: the score groups' matchings start warm (a greedy start at each stage, which
may reach another matching of the same weight), and each score group's decisions are
narrowed among the optima of one solve, solved again only where a blossom's odd-set
condition made a narrowed matching fall short. Plain: every matching solved cold and
each member's partner found by a solve of his own (his edges to the members below him
weighted 1, 2, ... under every criterion), which is the reading of "the lowest player
he can still have" (C.04.4.2 Preface) taken literally. Simulated events played
through the model (so the index reads real results: Sonneborn-Berger, Buchholz, the
virtual opponent of a bye or an absence), with forfeits, half-point byes, late
entries and withdrawals, are paired both ways round by round. The 371 reference
rounds are paired alike by both (tests/test_burstein_reference.py, the fast one).
"""

from __future__ import annotations

import random

import pytest

from tourney.engine.pairing import burstein
from tourney.engine.pairing.swiss_core import NoPairing
from tourney.engine.pairing.swiss_state import state_from_tournament
from tourney.model import (
    Bye,
    ByeKind,
    Colour,
    Format,
    Game,
    Player,
    Result,
    Round,
    Settings,
    Tournament,
)


def _field(n: int, rounds: int, rng: random.Random) -> tuple[Player, ...]:
    out = []
    for i in range(1, n + 1):
        kw: dict[str, object] = {}
        x = rng.random()
        if x < 0.08:
            kw["byes"] = ((rng.randint(2, rounds), ByeKind.HALF),)
        elif x < 0.12:
            kw["joins"] = rng.randint(2, 3)
        elif x < 0.14:
            kw["withdrawn_after"] = rng.randint(2, rounds - 1)
        rating = 2600 - (i - 1) * 1000 // n
        out.append(Player(id=f"p{i}", name=f"P{i}", rating=rating, start=i, **kw))  # type: ignore[arg-type]
    return tuple(out)


def _result(rng: random.Random) -> Result:
    x = rng.random()
    if x < 0.04:
        return Result.WHITE_FORFEIT_WIN
    return Result.WHITE_WINS if x < 0.42 else Result.DRAW if x < 0.7 else Result.BLACK_WINS


@pytest.mark.parametrize(("n", "rounds", "seed"), [(11, 9, 1), (24, 9, 2), (37, 7, 3), (58, 5, 4)])
def test_fast_and_plain_solves_pair_every_round_alike(
    monkeypatch: pytest.MonkeyPatch, n: int, rounds: int, seed: int
) -> None:
    rng = random.Random(seed)
    field = _field(n, rounds, rng)
    settings = Settings(
        "sim", Format.SWISS, rounds, initial_colour=Colour.WHITE, pairing="burstein"
    )
    t = Tournament(settings, field, (), ())
    paired = 0
    for r in range(1, rounds + 1):
        state = state_from_tournament(t, r)
        outcome = []
        for warm in (True, False):
            monkeypatch.setattr(burstein, "WARM", warm)
            try:
                outcome.append(burstein.pair_burstein(state))
            except NoPairing as error:
                outcome.append(str(error))  # type: ignore[arg-type]
        fast, plain = outcome
        if isinstance(fast, str):  # a field too small for the rounds left: both refuse
            assert fast == plain
            break
        assert not isinstance(plain, str)
        assert (fast.pairs, fast.bye) == (plain.pairs, plain.bye), f"round {r}"
        paired += 1
        ids = {p.number: p.id for p in state.players}
        games = tuple(
            Game(ids[w], ids[b], _result(rng), board=k)
            for k, (w, b) in enumerate(fast.pairs, start=1)
        )
        byes = tuple(Bye(p.id, kind) for p in field for k, kind in p.byes if k == r)
        if fast.bye is not None:
            byes += (Bye(ids[fast.bye], ByeKind.PAB),)
        t = Tournament(settings, field, (), (*t.rounds, Round(r, games=games, byes=byes)))
    assert paired >= rounds - 2


@pytest.mark.parametrize(("name", "round_no"), [("ref_056", 2), ("ref_058", 3)])
def test_a_narrowing_that_falls_short_is_solved_again(
    monkeypatch: pytest.MonkeyPatch, name: str, round_no: int
) -> None:
    """Two reference rounds where a narrowed matching of a score group breaks a
    blossom's odd-set condition (its weight falls short of the optimum): the member
    there gets a solve of his own, and the round is still the reference engine's."""
    import refdata
    from dutch_replay import expected, read, state_for_round

    own: list[int] = []
    solve = burstein._member_by_solving

    def counted(*args: object) -> int | None:
        own.append(1)
        return solve(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(burstein, "_member_by_solving", counted)
    ref = read(refdata.BURSTEIN / f"{name}.trf")
    result = burstein.pair_burstein(state_for_round(ref, round_no))
    assert (set(result.pairs), result.bye) == expected(ref, round_no)
    assert len(own) == 1  # one member solved apart, not the whole score group
