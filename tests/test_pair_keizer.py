"""`tourney pair` on a Keizer event: top-down by Keizer ranking, no recent rematch."""

from __future__ import annotations

from pathlib import Path

from builders import merged, runner

from tourney.cli import cli
from tourney.load.folder import load_tournament

run = merged(runner(cli))


def test_keizer_pairs_top_down_and_avoids_rematches(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    assert run("new", str(folder), "--format", "keizer")[0] == 0
    assert run("pair", str(folder))[0] == 0
    t = load_tournament(folder)
    start = {p.id: p.start for p in t.players}
    # round 1: the initial ranking is the rating order; each plays the next one down
    assert sorted(sorted((start[g.white], start[g.black])) for g in t.rounds[0].games) == [
        [k, k + 1] for k in range(1, 16, 2)
    ]
    path = folder / "rounds" / "01.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("result: }", "result: ½-½}"), "utf-8")
    assert run("pair", str(folder))[0] == 0
    t = load_tournament(folder)
    first = {frozenset((g.white, g.black)) for g in t.rounds[0].games}
    second = {frozenset((g.white, g.black)) for g in t.rounds[1].games}
    assert not first & second and len(second) == 8


def test_keizer_absence_is_not_paired(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    assert run("new", str(folder), "--format", "keizer")[0] == 0
    players = folder / "players.yaml"
    text = players.read_text(encoding="utf-8").replace(
        "sex: w, title: WFM}", "sex: w, title: WFM, absent: [1]}"
    )
    players.write_text(text, encoding="utf-8")
    assert run("pair", str(folder))[0] == 0
    rnd = load_tournament(folder).rounds[0]
    assert all("p1" not in (g.white, g.black) for g in rnd.games)
    assert len(rnd.games) == 7 and [b.kind.value for b in rnd.byes] == ["pab"]
