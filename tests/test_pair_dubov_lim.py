"""Dubov (C.04.4.1) and Lim (C.04.4.3) events through the folder commands:
``pairing: dubov|lim`` in tournament.yaml, ``tourney pair`` round after round with
seeded results, late entries (``joins:``), then the absolute rules read back from
the round files: no rematch, at most one pairing-allocated bye per player, the
colour limits (Dubov in every round, Lim outside the last, Art. 6).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from builders import merged, runner

from tourney.cli import cli
from tourney.load.folder import load_tournament
from tourney.model import ByeKind

run = merged(runner(cli))


def event(tmp_path: Path, system: str, n: int, rounds: int, seed: int) -> Path:
    folder = tmp_path / f"{system}-{n}"
    assert run("new", str(folder), "--format", "swiss", "--pairing", system)[0] == 0
    settings = folder / "tournament.yaml"
    text = re.sub(r"(?m)^rounds: \d+", f"rounds: {rounds}", settings.read_text(encoding="utf-8"))
    settings.write_text(text, encoding="utf-8")
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1300, 2500) for _ in range(n)), reverse=True)
    lines = []
    for k, rating in enumerate(ratings, start=1):
        joins = ", joins: 2" if k % 9 == 5 else ""
        lines.append(f'- {{id: p{k}, name: "Player {k:03d}", rating: {rating}{joins}}}\n')
    (folder / "players.yaml").write_text("".join(lines), encoding="utf-8")
    return folder


def play_event(folder: Path, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    for number in range(1, rounds + 1):
        code, out = run("pair", str(folder))
        assert code == 0, f"round {number}: {out}"
        path = folder / "rounds" / f"{number:02d}.yaml"
        text = path.read_text(encoding="utf-8")
        text = re.sub(
            r"result: \}",
            lambda _: "result: " + rng.choice(["1-0", "1-0", "½-½", "0-1"]) + "}",
            text,
        )
        path.write_text(text, encoding="utf-8")


def check(folder: Path, system: str) -> None:
    t = load_tournament(folder)
    assert t.settings.pairing == system
    met: set[frozenset[str]] = set()
    colours: dict[str, list[str]] = {p.id: [] for p in t.players}
    pabs: dict[str, int] = {}
    last = max(r.number for r in t.rounds)
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        for g in rnd.games:
            pair = frozenset((g.white, g.black))
            assert pair not in met, f"rematch in round {rnd.number}"
            met.add(pair)
            colours[g.white].append("W")
            colours[g.black].append("B")
        for bye in rnd.byes:
            if bye.kind is ByeKind.PAB:
                pabs[bye.participant] = pabs.get(bye.participant, 0) + 1
        if system == "lim" and rnd.number == last:
            continue
        for seq in colours.values():
            assert abs(seq.count("W") - seq.count("B")) <= 2
            assert "WWW" not in "".join(seq) and "BBB" not in "".join(seq)
    assert all(k <= 1 for k in pabs.values())


@pytest.mark.parametrize("system", ["dubov", "lim"])
@pytest.mark.parametrize("n", [13, 30])
def test_nine_rounds_through_the_folder(tmp_path: Path, system: str, n: int) -> None:
    folder = event(tmp_path, system, n, 9, seed=n)
    play_event(folder, 9, seed=n)
    check(folder, system)
    # tourney verify pairs every round again from the files and finds the same.
    code, out = run("verify", str(folder))
    title = {"dubov": "Dubov system (C.04.4.1)", "lim": "Lim system (C.04.4.3)"}[system]
    assert code == 0 and f"9 of 9 rounds paired as the {title} pairs them" in out, out


@pytest.mark.slow
@pytest.mark.parametrize("system", ["dubov", "lim"])
@pytest.mark.parametrize(("n", "rounds"), [(6, 3), (8, 5), (75, 9), (150, 9)])
def test_more_sizes_through_the_folder(tmp_path: Path, system: str, n: int, rounds: int) -> None:
    """Six or eight players cannot play nine rounds without a rematch, and close to a
    full round robin the colour rules (Dubov [C3], Lim 2.1) often leave no legal
    pairing at all (tests/test_dubov_lim_properties.py proves each such refusal by
    trying every pairing): the small fields play fewer rounds."""
    folder = event(tmp_path, system, n, rounds, seed=n)
    play_event(folder, rounds, seed=n)
    check(folder, system)


def test_explain_names_the_system(tmp_path: Path) -> None:
    """``pair --explain`` gives the system's own steps (C.04.4.1 3.1, 3.2; C.04.4.3 2.2)."""
    for system, words in (("dubov", "Dubov System (C.04.4.1)"), ("lim", "Lim System (C.04.4.3)")):
        folder = event(tmp_path, system, 9, 5, seed=1)
        code, out = run("pair", "--explain", str(folder))
        assert code == 0 and words in out


@pytest.mark.parametrize("system", ["dubov", "lim"])
def test_pairing_engine_flag(tmp_path: Path, system: str) -> None:
    """``pairing-engine --dubov|--lim`` (JaVaFo/bbpPairings output): round 1 of four
    players is 1-3 and 2-4 in both systems (Dubov 3.2.3 and 4.4, Lim Art. 7); 1 (odd)
    has White, 2 (even) Black (Dubov 5.2.1, Lim 7.2)."""
    trf = tmp_path / "in.trf"
    lines = ["012 T", "062 4", "092 Individual: Swiss-System", "XXR 5"]
    lines += [f"001 {k:4d}      P{k:<32} {2500 - 100 * k:4d}" for k in range(1, 5)]
    trf.write_text("\n".join(lines) + "\n", "utf-8")
    code, out, _ = runner(cli)("pairing-engine", f"--{system}", str(trf))
    assert (code, out.split()) == (0, ["2", "1", "3", "4", "2"])


@pytest.mark.parametrize(("system", "code"), [("dubov", "FIDE_DUBOV"), ("lim", "FIDE_LIM")])
def test_trf_record_192(system: str, code: str) -> None:
    """TRF export writes the system in record 192 and import reads it back."""
    import dataclasses

    import builders

    from tourney.engine.evaluation import evaluate
    from tourney.load.trf import parse_trf
    from tourney.model import Colour
    from tourney.render.trf.individual import write_trf

    t = builders.event(players="ABCD", initial_colour=Colour.WHITE)
    t = dataclasses.replace(t, settings=dataclasses.replace(t.settings, pairing=system))
    text = write_trf(evaluate(t))
    assert f"192 {code}" in text
    assert parse_trf(text.encode(), "x.trf").tournament.settings.pairing == system
