"""Rematches: never (FIDE C.04.1 b), or only when unavoidable (the club rule); issue 27.

Small club events run out of rematch-free pairings. The cases are worked by hand:
4 players meet each other in rounds 1-3 (the three ways to split four players into
two pairs, so rounds 1-3 are always a complete round robin); every pairing of round
4 then repeats two games, and the club rule takes the one whose games are oldest,
round 1's. In round 5 round 1's pairs would repeat a game for the second time (two
earlier games each), round 2's and round 3's once: round 2's are the oldest of those.
Larger cases are checked against every pairing of the round, enumerated here.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from builders import merged, runner

from tourney.check.validate import validate
from tourney.cli import cli
from tourney.edit.roundfile import render
from tourney.load.folder import load_tournament
from tourney.model import Game, Round

run = merged(runner(cli))

Pair = frozenset[str]


def club(
    tmp_path: Path,
    players: int,
    rounds: int,
    fide_mode: bool = False,
    fmt: str = "swiss",
    extra: str = "",
) -> Path:
    """A club event: p1 (rated highest) to pN, so pairing number k is pk."""
    folder = tmp_path / "club"
    folder.mkdir(parents=True)
    (folder / "tournament.yaml").write_text(
        f"name: Club Night\nformat: {fmt}\nrounds: {rounds}\n"
        f"fide_mode: {str(fide_mode).lower()}\ninitial_colour: white\n{extra}",
        encoding="utf-8",
    )
    (folder / "players.yaml").write_text(
        "".join(
            f'- {{id: p{k}, name: "Player, No{k}", rating: {2200 - 10 * k}}}\n'
            for k in range(1, players + 1)
        ),
        encoding="utf-8",
    )
    return folder


def play(folder: Path, number: int, results: Iterator[str] | None = None) -> None:
    """Fill every empty result of round ``number`` (White wins unless ``results`` say)."""
    path = folder / "rounds" / f"{number:02d}.yaml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(
        r"result: (?=[,}])", lambda _: f"result: {next(results) if results else '1-0'}", text
    )
    path.write_text(text, encoding="utf-8")


def pairs(folder: Path, number: int) -> set[Pair]:
    rnd = load_tournament(folder).round(number)
    assert rnd is not None
    return {frozenset((g.white, g.black)) for g in rnd.games}


def marked(folder: Path, number: int) -> set[Pair]:
    rnd = load_tournament(folder).round(number)
    assert rnd is not None
    return {frozenset((g.white, g.black)) for g in rnd.games if getattr(g, "rematch", False)}


def errors(folder: Path) -> list[str]:
    return [f"{d.code} {d.message}" for d in validate(folder).errors]


def pair(folder: Path) -> str:
    code, out = run("pair", str(folder), "-q")
    assert code == 0, out
    return out


# -- the Swiss: 4 players, 5 rounds -------------------------------------------------------------


def test_four_players_five_rounds_meet_again_longest_ago_first(tmp_path: Path) -> None:
    folder = club(tmp_path, 4, 5)
    for number in range(1, 6):
        out = pair(folder)
        play(folder, number)
    first = [pairs(folder, n) for n in (1, 2, 3)]
    # rounds 1-3: the three ways to split p1-p4 into pairs, no rematch, nothing marked
    assert {p for r in first for p in r} == {
        frozenset((f"p{a}", f"p{b}")) for a in range(1, 5) for b in range(a + 1, 5)
    }
    assert not any(marked(folder, n) for n in (1, 2, 3))
    # round 4: round 1's pairs (met longest ago); round 5: round 2's (met once, in round 2)
    assert pairs(folder, 4) == marked(folder, 4) == first[0]
    assert pairs(folder, 5) == marked(folder, 5) == first[1]
    assert "meet again (they met in round 2)" in out and "the fewest (2)" in out
    assert errors(folder) == []
    code, out = run("verify", str(folder))
    assert code == 0 and "5 of 5 rounds paired as the Dutch system" in out, out
    why = (folder / "rounds" / "05.why.txt").read_text(encoding="utf-8")
    assert "no pairing without a rematch exists" in why


def test_in_fide_mode_pair_stops_and_names_the_ways_out(tmp_path: Path) -> None:
    folder = club(tmp_path, 4, 5, fide_mode=True)
    for number in range(1, 4):
        pair(folder)
        play(folder, number)
    code, out = run("pair", str(folder), "-q")
    assert code != 0
    assert "round 4 cannot be paired" in out
    assert "only a pairing with a rematch would pair it (FIDE C.04.1 b, rematches: never)" in out
    assert "set 'fide_mode: false'" in out and "rematches: when-unavoidable" in out
    assert "end the event after round 3 ('rounds: 3')" in out
    assert "write rounds/04.yaml by hand" in out and "'rematch: true'" in out
    assert not (folder / "rounds" / "04.yaml").exists()


def test_rematches_never_outside_fide_mode_stops_too(tmp_path: Path) -> None:
    folder = club(tmp_path, 4, 5, extra="rematches: never\n")
    for number in range(1, 4):
        pair(folder)
        play(folder, number)
    code, out = run("pair", str(folder), "-q")
    assert code != 0 and "rematches: never" in out


def hand_round_4(folder: Path) -> None:
    """Round 4 written by the arbiter: round 3's pairs again, marked."""
    three = load_tournament(folder).round(3)
    assert three is not None
    lines = ["round: 4", "boards:"]
    lines += [
        f"  - {{white: {g.black}, black: {g.white}, result: 1-0, rematch: true}}"
        for g in three.games
    ]
    (folder / "rounds" / "04.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_a_hand_written_rematch_round_is_accepted_and_the_next_pair_works(tmp_path: Path) -> None:
    folder = club(tmp_path, 4, 5)
    for number in range(1, 4):
        pair(folder)
        play(folder, number)
    hand_round_4(folder)
    assert errors(folder) == []
    pair(folder)
    # round 3's pairs met twice now (rounds 3, 4), round 1's and round 2's once: round 1's
    assert pairs(folder, 5) == marked(folder, 5) == pairs(folder, 1)
    play(folder, 5)
    assert errors(folder) == []


def test_in_fide_mode_a_hand_written_rematch_round_is_accepted(tmp_path: Path) -> None:
    folder = club(tmp_path, 4, 5, fide_mode=True)
    for number in range(1, 4):
        pair(folder)
        play(folder, number)
    hand_round_4(folder)
    assert errors(folder) == []
    code, out = run("pair", str(folder), "-q")  # C.04.1 b: round 5 again needs the arbiter
    assert code != 0 and "write rounds/05.yaml by hand" in out


# -- every pairing of a round, enumerated -----------------------------------------------------


def matchings(players: list[str]) -> Iterator[list[tuple[str, str]]]:
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for k, other in enumerate(rest):
        for tail in matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *tail]


def rule_key(games: list[tuple[str, str]], met: dict[Pair, list[int]]) -> tuple[object, ...]:
    """The club rule as a sort key: rematches, earlier games repeated, then the latest
    rounds repeated, latest first (smaller is better)."""
    repeated = [met[frozenset(g)] for g in games if frozenset(g) in met]
    latest = sorted((max(r) for r in repeated), reverse=True)
    return (len(repeated), sum(len(r) for r in repeated), latest)


def meetings(folder: Path, before: int) -> dict[Pair, list[int]]:
    met: dict[Pair, list[int]] = {}
    for rnd in load_tournament(folder).rounds:
        if rnd.number < before:
            for g in rnd.games:
                met.setdefault(frozenset((g.white, g.black)), []).append(rnd.number)
    return met


def absolute_colours(folder: Path, number: int) -> dict[str, str | None]:
    """Each player's absolute colour preference before round ``number`` (C.04.3 A.6: a
    colour difference beyond 1, or the same colour twice running), None without one or
    for a topscorer in the last round (A.7: more than half the maximum score). Every game
    here is played, so every round gives a colour."""
    t = load_tournament(folder)
    history: dict[str, str] = {p.id: "" for p in t.players}
    score = dict.fromkeys(history, Fraction(0))
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        if rnd.number >= number:
            continue
        for g in rnd.games:
            history[g.white] += "w"
            history[g.black] += "b"
            assert g.result is not None
            win = {"1-0": (1, 0), "0-1": (0, 1)}.get(g.result.value, (Fraction(1, 2),) * 2)
            score[g.white] += win[0]
            score[g.black] += win[1]
    last = number == t.settings.rounds
    out: dict[str, str | None] = {}
    for pid, played in history.items():
        diff = played.count("w") - played.count("b")
        want = None
        if diff > 1 or played[-2:] == "ww":
            want = "b"
        elif diff < -1 or played[-2:] == "bb":
            want = "w"
        out[pid] = None if last and 2 * score[pid] > number - 1 else want
    return out


def check_round_follows_the_rule(folder: Path, number: int, players: int) -> None:
    """The round has the best key of every pairing the absolute criteria allow apart
    from rematches (C3: two players with the same absolute colour preference do not
    meet), and its rematches, only those, are marked."""
    met = meetings(folder, number)
    want = absolute_colours(folder, number)
    ids = [f"p{k}" for k in range(1, players + 1)]
    valid = [m for m in matchings(ids) if not any(want[a] and want[a] == want[b] for a, b in m)]
    best = min(rule_key(m, met) for m in valid)
    rnd = load_tournament(folder).round(number)
    assert rnd is not None
    ours = [(g.white, g.black) for g in rnd.games]
    assert rule_key(ours, met) == best, (number, ours)
    assert marked(folder, number) == {frozenset(g) for g in ours if frozenset(g) in met}


def test_six_players_seven_rounds_pair_every_round(tmp_path: Path) -> None:
    folder = club(tmp_path, 6, 7)
    for number in range(1, 8):
        pair(folder)
        check_round_follows_the_rule(folder, number, 6)
        play(folder, number)
    assert errors(folder) == []
    # 6 players have 15 pairs; 7 rounds play 21 games, so 6 at least are rematches
    assert sum(len(marked(folder, n)) for n in range(1, 8)) >= 6


@pytest.mark.parametrize("seed", range(8))
def test_small_random_swisses_play_every_round(tmp_path: Path, seed: int) -> None:
    # before the club rule, seeds 0 and 5 stopped at round 4: no pairing without a rematch
    rng = random.Random(seed)
    results = iter(lambda: rng.choice(("1-0", "0-1", "½-½")), None)
    folder = club(tmp_path, 6, 5)
    for number in range(1, 6):
        pair(folder)
        check_round_follows_the_rule(folder, number, 6)
        play(folder, number, results)
    assert errors(folder) == []
    assert run("verify", str(folder))[0] == 0


# -- Keizer -----------------------------------------------------------------------------------


def test_keizer_marks_the_boards_where_it_shortens_its_gap(tmp_path: Path) -> None:
    folder = club(tmp_path, 4, 5, fmt="keizer")
    for number in range(1, 4):
        pair(folder)
        play(folder, number)
    # rematch_rounds 3: rounds 1-3 are the three splits of four players; in round 4
    # every pair met within 3 rounds, so the gap shrinks to 2 and round 1's pairs return
    out = pair(folder)
    assert pairs(folder, 4) == marked(folder, 4) == pairs(folder, 1)
    assert "no pairing keeps the Keizer rematch gap of 3 rounds" in out
    assert errors(folder) == []
    play(folder, 4)
    pair(folder)  # round 5: round 2's pairs, the only ones not met in rounds 3-4
    assert pairs(folder, 5) == marked(folder, 5) == pairs(folder, 2)
    assert errors(folder) == []


# -- check ------------------------------------------------------------------------------------


def warnings(folder: Path) -> list[tuple[str, int, str]]:
    return [(d.code, d.line, d.message) for d in validate(folder).warnings]


def test_check_warns_when_the_rounds_planned_need_a_rematch(tmp_path: Path) -> None:
    folder = club(tmp_path, 4, 4)
    [(code, line, message)] = warnings(folder)
    assert (code, line) == ("W240", 3)
    assert message.startswith("rounds: 4 with 4 players: a Swiss pairs at most 3 rounds")
    assert "rematches: when-unavoidable" in message


def test_check_is_quiet_while_the_rounds_fit(tmp_path: Path) -> None:
    assert warnings(club(tmp_path, 4, 3)) == []


def test_an_odd_number_can_fit_only_as_a_round_robin(tmp_path: Path) -> None:
    folder = club(tmp_path, 5, 5, fide_mode=True)
    [(code, _, message)] = warnings(folder)
    assert code == "W240" and "only if the rounds before it form a complete round robin" in message
    assert "tourney pair will stop there" in message


def test_keizer_warns_when_its_gap_cannot_be_kept(tmp_path: Path) -> None:
    folder = club(tmp_path, 4, 5, fmt="keizer")
    [(code, _, message)] = warnings(folder)
    assert code == "W240" and "the gap cannot be kept after round 3" in message
    assert (
        warnings(club(tmp_path / "b", 4, 5, fmt="keizer", extra="keizer:\n  rematch_rounds: 2\n"))
        == []
    )


def test_a_round_robin_warns_of_rounds_its_tables_do_not_hold(tmp_path: Path) -> None:
    folder = club(tmp_path, 4, 4, fmt="round-robin")
    [(code, _, message)] = warnings(folder)
    assert code == "W240" and "a round robin of 4 players has 3 rounds" in message


def test_when_unavoidable_is_refused_in_fide_mode(tmp_path: Path) -> None:
    folder = club(tmp_path, 8, 5, fide_mode=True, extra="rematches: when-unavoidable\n")
    assert [d.code for d in validate(folder).errors] == ["E240"]


def test_rematches_in_a_keizer_has_no_effect(tmp_path: Path) -> None:
    folder = club(tmp_path, 8, 5, fmt="keizer", extra="rematches: never\n")
    assert [c for c, _, _ in warnings(folder)] == ["W241"]


def test_an_unknown_rule_is_an_error(tmp_path: Path) -> None:
    folder = club(tmp_path, 8, 5, extra="rematches: sometimes\n")
    [error] = validate(folder).errors
    assert error.code == "E122" and "'rematches' cannot be 'sometimes'" in error.message


# -- the model and the engine -------------------------------------------------------------------


def test_the_mark_is_written_and_read_back(tmp_path: Path) -> None:
    folder = club(tmp_path, 4, 5)
    t = load_tournament(folder)
    rnd = Round(1, games=(Game("p1", "p2", board=1, rematch=True), Game("p3", "p4", board=2)))
    text = render(t, rnd)
    assert "{white: p1, black: p2, result: , rematch: true}" in text
    (folder / "rounds").mkdir()
    (folder / "rounds" / "01.yaml").write_text(text, encoding="utf-8")
    assert [g.rematch for g in load_tournament(folder).rounds[0].games] == [True, False]


def test_the_cost_orders_fewest_then_repeated_games_then_longest_ago() -> None:
    from tourney.engine.pairing.rematches import CostScale, rematch_cost

    scale = CostScale.of(8, 6, 2)
    one_r1, one_r5, two_r2 = (rematch_cost(r, scale) for r in ((1,), (5,), (1, 2)))
    assert one_r1 < one_r5 < two_r2
    # two rematches from rounds 4 and 4 beat two from rounds 1 and 5: the latest counts first
    assert 2 * rematch_cost((4,), scale) < rematch_cost((1,), scale) + rematch_cost((5,), scale)
    # one rematch from round 5 beats two from round 1
    assert rematch_cost((5,), scale) < 2 * rematch_cost((1,), scale)


def test_the_plan_gives_the_pab_to_the_lowest_score_of_the_fewest_rematches() -> None:
    from tourney.engine.pairing.rematches import plan_rematches

    # three players: 1-2 met in round 1, 1-3 in round 2, 2-3 in round 3; 3 had the PAB.
    # Pairing 1-3 (round 2) with the PAB to 2 repeats an older game than 2-3 with the
    # PAB to 1, although 1 and 2 have the same score.
    met = {frozenset((1, 2)): (1,), frozenset((1, 3)): (2,), frozenset((2, 3)): (3,)}
    score = [Fraction(1), Fraction(1), Fraction(2)]
    plan = plan_rematches([1, 2, 3], met, 4, lambda a, b: True, [True, True, False], score)
    assert plan is not None and plan.rematches == ((0, 2),) and plan.bye_score == 1
    # nobody may take the PAB: no pairing at all
    assert plan_rematches([1, 2, 3], met, 4, lambda a, b: True, [False] * 3, score) is None


def test_a_system_without_its_own_relaxed_pairing_gets_the_least_rematches(
    tmp_path: Path,
) -> None:
    """The core's fallback for a system that only pairs strictly: the rematches of one
    pairing of least cost are allowed, and the system pairs with exactly those."""
    from dataclasses import replace

    from tourney.engine.pairing.dutch import _pair as strict_dutch
    from tourney.engine.pairing.rematches import pair_by_rematch_rule
    from tourney.engine.pairing.swiss_core import NoPairing
    from tourney.engine.pairing.swiss_state import state_from_tournament
    from tourney.model import RematchRule

    folder = club(tmp_path, 4, 5)
    for number in range(1, 4):
        pair(folder)
        play(folder, number)
    state = state_from_tournament(load_tournament(folder), 4)
    pairing = pair_by_rematch_rule(strict_dutch, state)  # p1..p4 are numbers 1..4
    assert {frozenset(p) for p in pairing.pairs} == {
        frozenset((int(a[1:]), int(b[1:]))) for a, b in pairs(folder, 1)
    }
    assert "rematch " in "\n".join(pairing.explanation)
    with pytest.raises(NoPairing) as refused:
        pair_by_rematch_rule(strict_dutch, replace(state, rematches=RematchRule.NEVER))
    assert refused.value.rematches_help


def odd_matchings(players: list[str]) -> Iterator[tuple[list[tuple[str, str]], str]]:
    """Every pairing of an odd number: the pairs, and who has the bye."""
    for k, bye in enumerate(players):
        for m in matchings(players[:k] + players[k + 1 :]):
            yield m, bye


@pytest.mark.parametrize("seed", range(4))
def test_five_players_five_rounds_with_the_bye(tmp_path: Path, seed: int) -> None:
    """An odd number: the bye goes to a player who has not had it (C.04.1 d), and the
    rematches are the fewest, longest ago, among the pairings that allow that."""
    rng = random.Random(seed)
    results = iter(lambda: rng.choice(("1-0", "0-1", "½-½")), None)
    folder = club(tmp_path, 5, 6)
    had_bye: set[str] = set()
    for number in range(1, 6):
        pair(folder)
        met = meetings(folder, number)
        want = absolute_colours(folder, number)
        valid = [
            m
            for m, bye in odd_matchings([f"p{k}" for k in range(1, 6)])
            if bye not in had_bye and not any(want[a] and want[a] == want[b] for a, b in m)
        ]
        rnd = load_tournament(folder).round(number)
        assert rnd is not None
        [bye] = [b.participant for b in rnd.byes]
        assert bye not in had_bye
        had_bye.add(bye)
        ours = [(g.white, g.black) for g in rnd.games]
        assert rule_key(ours, met) == min(rule_key(m, met) for m in valid), (number, ours)
        play(folder, number, results)
    assert errors(folder) == []
    # round 6: all five had the bye, which nobody gets twice; no rematch can help
    code, out = run("pair", str(folder), "-q")
    assert code != 0 and "nobody may take the pairing-allocated bye" in out
    assert "end the event after round 5" in out and "set 'fide_mode: false'" not in out


@pytest.mark.parametrize("system", ["burstein", "dubov", "lim"])
def test_every_swiss_system_follows_the_club_rule(tmp_path: Path, system: str) -> None:
    """The rule decides rounds 4 and 5 of four players alone (see the module's note), so
    every system of the registry must pair them alike: round 1's pairs, then round 2's."""
    folder = club(tmp_path, 4, 5, extra=f"pairing: {system}\n")
    for number in range(1, 6):
        pair(folder)
        play(folder, number)
    assert pairs(folder, 4) == marked(folder, 4) == pairs(folder, 1)
    assert pairs(folder, 5) == marked(folder, 5) == pairs(folder, 2)
    assert errors(folder) == []
    assert run("verify", str(folder))[0] == 0


def test_a_system_that_refuses_the_cheapest_rematches_is_offered_the_next(
    tmp_path: Path,
) -> None:
    """A system whose own absolute rules forbid the least-cost rematches (here: a rule
    that keeps 1 and 3 apart) gets the next cheapest set: round 2's pairs, not round 3's."""
    from tourney.engine.pairing.dutch import _pair as strict_dutch
    from tourney.engine.pairing.rematches import pair_by_rematch_rule
    from tourney.engine.pairing.swiss_core import NoPairing, SwissPairing
    from tourney.engine.pairing.swiss_state import SwissState, state_from_tournament

    def apart(state: SwissState) -> SwissPairing:
        if 3 not in state.player(1).opponents:
            raise NoPairing("1 and 3 may not meet again")
        return strict_dutch(state)

    folder = club(tmp_path, 4, 5)
    for number in range(1, 4):
        pair(folder)
        play(folder, number)
    state = state_from_tournament(load_tournament(folder), 4)
    pairing = pair_by_rematch_rule(apart, state)
    assert {frozenset(p) for p in pairing.pairs} == {
        frozenset((int(a[1:]), int(b[1:]))) for a, b in pairs(folder, 2)
    }
