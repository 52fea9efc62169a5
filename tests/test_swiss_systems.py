"""One registry of Swiss systems (engine/pairing/systems.py) and the ``pairing:`` key.

Every place that pairs an individual Swiss reads the system from the registry: the
folder's ``pairing:`` (default: the Dutch system, C.04.3), a TRF's record 192, the
``--NAME`` flags of ``pairing-engine`` and ``verify``. A system's function is found
through its entry, so a stand-in entry shows which one each command calls.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import builders
import pytest

from tourney.cli import cli
from tourney.engine.pair import pair_round, swiss_pairing
from tourney.engine.pairing import NoPairing as PackageNoPairing
from tourney.engine.pairing import systems
from tourney.engine.pairing.swiss_core import (
    NoPairing,
    SwissPairing,
    board_order,
    pair_or_diagnose,
    score_groups,
)
from tourney.engine.pairing.swiss_state import SwissPlayer, SwissState
from tourney.errors import InvalidInput
from tourney.load.folder import load_tournament
from tourney.model import Colour, Format

SETTINGS = "name: T\nformat: swiss\nrounds: 5\n"
PLAYERS = "".join(f"- {{id: p{k}, name: P{k}, rating: {2500 - 100 * k}}}\n" for k in range(1, 5))
CALLS: list[int] = []


def reverse_pairing(state: SwissState) -> SwissPairing:
    """A stand-in system: the lowest number against the highest, recorded."""
    CALLS.append(state.round_no)
    numbers = [p.number for p in state.to_pair]
    half = len(numbers) // 2
    return SwissPairing(tuple(zip(numbers[:half], reversed(numbers[half:]), strict=False)), None)


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> systems.SwissSystem:
    CALLS.clear()
    entry = dataclasses.replace(
        systems.SYSTEMS["dutch"],
        name="reverse",
        title="Reverse system",
        article="test",
        module=__name__,
        function="reverse_pairing",
        trf_code="FIDE_REVERSE_2025",
        compare_module="",
    )
    monkeypatch.setitem(systems.SYSTEMS, "reverse", entry)
    return entry


def folder(tmp_path: Path, extra: str = "") -> Path:
    (tmp_path / "tournament.yaml").write_text(SETTINGS + extra, "utf-8")
    (tmp_path / "players.yaml").write_text(PLAYERS, "utf-8")
    return tmp_path


def test_the_dutch_system_is_the_default(tmp_path: Path) -> None:
    assert load_tournament(folder(tmp_path)).settings.pairing == "dutch"
    assert systems.DEFAULT == "dutch"
    assert systems.SYSTEMS["dutch"].label == "Dutch system (C.04.3)"


def test_pairing_key_names_the_system_the_round_is_paired_by(
    tmp_path: Path, stand_in: systems.SwissSystem
) -> None:
    t = load_tournament(folder(tmp_path, "pairing: Reverse\n"))
    assert t.settings.pairing == "reverse"
    # p1..p4 are numbers 1..4 by rating: the stand-in pairs 1-4 and 2-3; Dutch would
    # pair 1-3 and 2-4 (C.04.3: S1 against S2).
    assert set(swiss_pairing(t, 1).pairs) == {("p1", "p4"), ("p2", "p3")}
    rnd = pair_round(t, 1)
    assert {(g.white, g.black) for g in rnd.games} == {("p1", "p4"), ("p2", "p3")}
    assert CALLS == [1, 1]


def test_unknown_system_is_e191_at_its_line_listing_the_known_ones(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput) as caught:
        load_tournament(folder(tmp_path, "pairing: monrad\n"))
    (d,) = caught.value.diagnostics
    assert (d.file.endswith("tournament.yaml"), d.line, d.col, d.code) == (True, 4, 10, "E191")
    assert d.message == "pairing cannot be 'monrad'"
    assert d.hint == "known pairing systems: " + ", ".join(systems.SYSTEMS)
    assert "dutch" in d.hint


def test_pairing_key_outside_an_individual_swiss_is_e192(tmp_path: Path) -> None:
    (tmp_path / "tournament.yaml").write_text(
        "name: T\nformat: round-robin\npairing: dutch\n", "utf-8"
    )
    (tmp_path / "players.yaml").write_text(PLAYERS, "utf-8")
    with pytest.raises(InvalidInput) as caught:
        load_tournament(tmp_path)
    (d,) = caught.value.diagnostics
    assert (d.line, d.col, d.code) == (3, 10, "E192")


def test_record_192_names_the_system() -> None:
    assert systems.system_for_code("FIDE_DUTCH_2025") is systems.SYSTEMS["dutch"]
    assert systems.system_for_code("FIDE_DUTCH_2025_BAKU") is systems.SYSTEMS["dutch"]
    assert systems.system_for_code("FIDE_ROUNDROBIN") is None
    assert systems.system_for_code("") is None


def test_engine_command_pairs_through_the_registry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stand_in: systems.SwissSystem
) -> None:
    trf = tmp_path / "in.trf"
    lines = ["012 T", "062 4", "092 Individual: Swiss-System", "XXR 5"]
    lines += [f"001 {k:4d}      P{k:<32} {2500 - 100 * k:4d}" for k in range(1, 5)]
    trf.write_text("\n".join(lines) + "\n", "utf-8")
    run = builders.runner(cli)
    # C.04.3 round 1: S1 {1, 2} against S2 {3, 4}; E.5 gives 1 (odd) White, 2 (even) Black.
    code, out, _ = run("pairing-engine", "--dutch", str(trf))
    assert (code, out.split()) == (0, ["2", "1", "3", "4", "2"])
    assert CALLS == []
    # The flag is looked up in the registry when the command runs.
    monkeypatch.setitem(systems.SYSTEMS, "dutch", dataclasses.replace(stand_in, name="dutch"))
    code, out, _ = run("pairing-engine", "--dutch", str(trf))
    assert (code, out.split()) == (0, ["2", "1", "4", "2", "3"])
    assert CALLS == [1]


def test_no_pairing_is_one_class_for_every_system() -> None:
    assert PackageNoPairing is NoPairing


def test_score_groups_and_board_order_are_by_pairing_score_then_number() -> None:
    def p(number: int, score: str) -> SwissPlayer:
        from fractions import Fraction

        return SwissPlayer(number=number, score=Fraction(score))

    state = SwissState(
        players=(p(1, "1"), p(2, "2"), p(3, "1"), p(4, "2"), p(5, "0")),
        round_no=3,
        total_rounds=5,
    )
    groups = score_groups(state.players)
    assert [(str(s), [q.number for q in ps]) for s, ps in groups] == [
        ("2", [2, 4]),
        ("1", [1, 3]),
        ("0", [5]),
    ]
    # C.04.2 board order: the higher score of the pair first, then the lower one.
    assert board_order(state, [(5, 3), (1, 2), (4, 3)]) == [(1, 2), (4, 3), (5, 3)]


def test_a_refusal_names_the_forbidden_rule_whatever_the_system() -> None:
    players = tuple(SwissPlayer(number=k) for k in (1, 2))
    pair = frozenset((1, 2))
    state = SwissState(
        players=players,
        round_no=1,
        total_rounds=3,
        forbidden=frozenset({pair}),
        forbidden_rules=(("forbidden #1 (players: a, b)", frozenset({pair})),),
    )

    def strict(s: SwissState) -> SwissPairing:
        if s.forbidden:
            raise NoPairing("no pairing")
        return SwissPairing(((1, 2),), None)

    with pytest.raises(NoPairing) as caught:
        pair_or_diagnose(strict, state)
    assert caught.value.lifting_helps == ("forbidden #1 (players: a, b)",)


def test_every_system_has_a_title_an_article_and_a_192_code() -> None:
    for name, system in systems.SYSTEMS.items():
        assert system.name == name
        assert system.article.startswith("C.04.")
        assert system.trf_code.startswith("FIDE_")
        assert systems.system_for_code(system.trf_code) is system
        assert callable(getattr(__import__(system.module, fromlist=["x"]), system.function))


def test_trf_export_writes_the_system_and_import_reads_it(tmp_path: Path) -> None:
    from tourney.engine.evaluation import evaluate
    from tourney.load.trf import parse_trf
    from tourney.render.trf.individual import write_trf

    t = builders.event(players="ABCD", initial_colour=Colour.WHITE)
    text = write_trf(evaluate(t))
    assert "192 FIDE_DUTCH_2025" in text
    assert parse_trf(text.encode(), "x.trf").tournament.settings.pairing == "dutch"
    assert t.settings.format is Format.SWISS


def test_a_burstein_event_exports_and_imports_its_system() -> None:
    from tourney.engine.evaluation import evaluate
    from tourney.load.trf import parse_trf
    from tourney.render.trf.individual import write_trf

    t = builders.event(players="ABCD", initial_colour=Colour.WHITE, pairing="burstein")
    text = write_trf(evaluate(t))
    assert "192 FIDE_BURSTEIN" in text.splitlines()
    assert parse_trf(text.encode(), "x.trf").tournament.settings.pairing == "burstein"
    # bbpPairings writes the code in record 092: read as well.
    assert systems.system_for_code("FIDE_BURSTEIN") is systems.SYSTEMS["burstein"]


def test_check_names_the_system(tmp_path: Path) -> None:
    run = builders.runner(cli)
    code, out, _ = run("check", str(folder(tmp_path, "pairing: burstein\n")))
    assert code == 0
    assert ", swiss, Burstein system (C.04.4.2), 4 players, 0 of 5 rounds: OK" in out
