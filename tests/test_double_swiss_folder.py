"""Double-Swiss (C.04.5) events through the folder commands: ``tourney new --pairing
double-swiss``, ``tourney pair`` round after round, seeded match results written into
the round files (``result: 1-0 ½-½``, now and then one forfeited game or a whole match
forfeited), late entries; then the absolute rules read back from the files:

* no two players meet in two played matches (C.04.1 b); a match forfeited as a whole
  may be repeated (Preface);
* at most one pairing-allocated bye per player, never to a player who won a match by
  forfeit (C.04.1 c-d);
* every player available is paired or has a bye, once;
* game-1 colours (Art. 4.3.2): of two players who had White in game 1 of a different
  number of matches, the one with fewer has White (C.04.5 has no absolute colour rule:
  within a match the colours alternate);
* ``tourney verify`` pairs every round again from the files and finds the same.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from builders import merged, runner

from tourney.cli import cli
from tourney.engine.double_games import match_forfeited, match_outcome
from tourney.load.folder import load_tournament
from tourney.model import ByeKind, Outcome, Scoring

run = merged(runner(cli))

# Match results as a round file writes them: game 1, then game 2 (its White first).
RESULTS = ["1-0 0-1", "1-0 1-0", "½-½ ½-½", "0-1 1-0", "½-½ 0-1", "1-0 ½-½", "0-1 0-1"]
RARE = ["+/- 1-0", "1-0 -/+", "+/- -/+", "-/+ +/-"]  # one game forfeited; a whole match


def event(tmp_path: Path, n: int, rounds: int, seed: int) -> Path:
    folder = tmp_path / f"ds-{n}"
    assert run("new", str(folder), "--format", "swiss", "--pairing", "double-swiss")[0] == 0
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


def play(folder: Path, rounds: int, seed: int) -> None:
    rng = random.Random(seed)

    def draw(_: re.Match[str]) -> str:
        pick = rng.choice(RARE) if rng.random() < 0.04 else rng.choice(RESULTS)
        return f"result: {pick}}}"

    for number in range(1, rounds + 1):
        code, out = run("pair", str(folder))
        assert code == 0, f"round {number}: {out}"
        path = folder / "rounds" / f"{number:02d}.yaml"
        path.write_text(re.sub(r"result: \}", draw, path.read_text(encoding="utf-8")), "utf-8")


def check(folder: Path) -> None:
    t = load_tournament(folder)
    met: set[frozenset[str]] = set()
    first: dict[str, list[str]] = {p.id: [] for p in t.players}
    pabs: dict[str, int] = {}
    won_by_forfeit: set[str] = set()
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        seen: list[str] = []
        for bye in rnd.byes:
            seen.append(bye.participant)
            if bye.kind is ByeKind.PAB:
                pabs[bye.participant] = pabs.get(bye.participant, 0) + 1
                assert bye.participant not in won_by_forfeit, "PAB after a forfeit win"
        for g in rnd.games:
            assert g.double and g.decided
            seen += [g.white, g.black]
            pair = frozenset((g.white, g.black))
            assert pair not in met, f"round {rnd.number}: {sorted(pair)} met before"
            if match_forfeited(g):
                for pid in (g.white, g.black):
                    if match_outcome(g, pid, Scoring()) is Outcome.FORFEIT_WIN:
                        won_by_forfeit.add(pid)
                continue
            met.add(pair)
            w, b = first[g.white], first[g.black]
            if w.count("W") != b.count("W"):
                assert w.count("W") < b.count("W"), f"round {rnd.number}: 4.3.2 for {g.black}"
            w.append("W")
            b.append("B")
        assert len(seen) == len(set(seen)), f"round {rnd.number}: someone twice"
        available = {p.id for p in t.players if p.available(rnd.number)}
        assert available <= set(seen), f"round {rnd.number}: someone available unpaired"
    assert all(k <= 1 for k in pabs.values())


@pytest.mark.parametrize(("n", "rounds"), [(6, 5), (11, 9), (24, 9)])
def test_rounds_through_the_folder(tmp_path: Path, n: int, rounds: int) -> None:
    """Six players meet everyone in five rounds; eleven and more play nine."""
    folder = event(tmp_path, n, rounds, seed=n)
    play(folder, rounds, seed=n)
    check(folder)
    code, out = run("verify", str(folder))
    assert code == 0 and f"{rounds} of {rounds} rounds paired as the Double-Swiss" in out, out


@pytest.mark.slow
@pytest.mark.parametrize("n", [41, 75, 150])
def test_nine_rounds_bigger_fields(tmp_path: Path, n: int) -> None:
    folder = event(tmp_path, n, 9, seed=n)
    play(folder, 9, seed=n)
    check(folder)
