"""`tourney pair` on round robins: the Berger table written as round files."""

from __future__ import annotations

from pathlib import Path

from builders import merged, runner

from tourney.cli import cli
from tourney.load.folder import load_tournament

# FIDE C.05 Annex 1, the Berger table for 5-6 players, as printed there.
BERGER_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]


run = merged(runner(cli))


def new(tmp_path: Path, fmt: str) -> Path:
    folder = tmp_path / "event"
    assert run("new", str(folder), "--format", fmt)[0] == 0
    return folder


def test_pairs_every_round_from_the_berger_table(tmp_path: Path) -> None:
    folder = new(tmp_path, "round-robin")
    code, out = run("pair", str(folder))
    assert code == 0, out
    t = load_tournament(folder)
    assert len(t.rounds) == 5
    numbers = {p.id: i for i, p in enumerate(t.players, start=1)}
    got = [[(numbers[g.white], numbers[g.black]) for g in r.games] for r in t.rounds]
    assert got == BERGER_6
    assert all(g.result is None for r in t.rounds for g in r.games)


def test_odd_field_gets_one_bye_per_round(tmp_path: Path) -> None:
    folder = new(tmp_path, "round-robin")
    players = folder / "players.yaml"
    lines = players.read_text(encoding="utf-8").splitlines()
    players.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")  # 5 players
    assert run("pair", str(folder))[0] == 0
    t = load_tournament(folder)
    byes = [b.participant for r in t.rounds for b in r.byes]
    assert sorted(byes) == sorted(p.id for p in t.players)  # each sits out once
    # 5 players use the table for 6 with number 6 as the bye
    numbers = {p.id: i for i, p in enumerate(t.players, start=1)}
    for rnd, table in zip(t.rounds, BERGER_6, strict=True):
        expected = [pair for pair in table if 6 not in pair]
        assert [(numbers[g.white], numbers[g.black]) for g in rnd.games] == expected


def test_double_round_robin_reverses_colours(tmp_path: Path) -> None:
    folder = new(tmp_path, "double-round-robin")
    assert run("pair", str(folder))[0] == 0
    t = load_tournament(folder)
    assert len(t.rounds) == 10
    first = {(g.white, g.black) for r in t.rounds[:5] for g in r.games}
    second = {(g.black, g.white) for r in t.rounds[5:] for g in r.games}
    assert first == second and len(first) == 15


def test_team_round_robin_colours_alternate_by_board(tmp_path: Path) -> None:
    folder = new(tmp_path, "team-round-robin")
    assert run("pair", str(folder))[0] == 0
    t = load_tournament(folder)
    assert len(t.rounds) == 3
    for rnd in t.rounds:
        for match in rnd.matches:
            first, second = t.team(match.white), t.team(match.black)
            for game in match.games:
                odd = game.board % 2 == 1
                # the team named first: White on board 1 and every odd board (docs/teams.md)
                assert (game.white in first.roster) == odd
                assert (game.black in second.roster) == odd
                assert game.white == (first.roster if odd else second.roster)[game.board - 1]


def test_never_overwrites_a_round_with_results(tmp_path: Path) -> None:
    folder = new(tmp_path, "round-robin")
    assert run("pair", str(folder), "--round", "1")[0] == 0
    path = folder / "rounds" / "01.yaml"
    text = path.read_text(encoding="utf-8").replace("result: }", "result: 1-0}", 1)
    path.write_text(text, encoding="utf-8")
    code, out = run("pair", str(folder), "--round", "1", "--replace")
    assert code == 3 and "already has results" in out
    assert path.read_text(encoding="utf-8") == text


def test_replace_needs_to_be_asked(tmp_path: Path) -> None:
    folder = new(tmp_path, "round-robin")
    assert run("pair", str(folder), "--round", "1")[0] == 0
    code, out = run("pair", str(folder), "--round", "1")
    assert code == 3 and "--replace" in out
    assert run("pair", str(folder), "--round", "1", "--replace")[0] == 0


def test_rounds_are_paired_in_order(tmp_path: Path) -> None:
    folder = new(tmp_path, "round-robin")
    code, out = run("pair", str(folder), "--round", "3")
    assert code == 3 and "round 1 is not paired yet" in out
    assert not (folder / "rounds" / "03.yaml").exists()


def test_numbers_drawn_by_lot_with_a_recorded_seed(tmp_path: Path) -> None:
    from tourney.engine.pairing.berger import draw_numbers

    folder = new(tmp_path, "round-robin")
    settings = folder / "tournament.yaml"
    settings.write_text(settings.read_text(encoding="utf-8") + "draw_seed: 41\n", encoding="utf-8")
    assert run("pair", str(folder), "--round", "1")[0] == 0
    t = load_tournament(folder)
    drawn = draw_numbers(tuple(p.id for p in t.players), 41)
    assert drawn != tuple(p.id for p in t.players)  # the draw changed the order
    assert {p.id: p.start for p in t.players} == {pid: i for i, pid in enumerate(drawn, 1)}
    assert [(g.white, g.black) for g in t.rounds[0].games] == [
        (drawn[0], drawn[5]),
        (drawn[1], drawn[4]),
        (drawn[2], drawn[3]),
    ]
