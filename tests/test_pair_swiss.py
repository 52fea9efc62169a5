"""`tourney pair` on Swiss events: round files, frozen numbers, refusals (seeds 002, 003)."""

from __future__ import annotations

import re
from pathlib import Path

from builders import merged, runner

from tourney.cli import cli
from tourney.load.folder import load_tournament

run = merged(runner(cli))


def new(tmp_path: Path, fmt: str) -> Path:
    folder = tmp_path / "event"
    assert run("new", str(folder), "--format", fmt)[0] == 0
    return folder


def fill_results(folder: Path, number: int, result: str = "1-0") -> None:
    path = folder / "rounds" / f"{number:02d}.yaml"
    text = path.read_text(encoding="utf-8").replace("result: }", f"result: {result}}}")
    path.write_text(text, encoding="utf-8")


def test_round_one_is_top_half_against_bottom_half(tmp_path: Path) -> None:
    folder = new(tmp_path, "swiss")
    code, out = run("pair", str(folder))
    assert code == 0, out
    t = load_tournament(folder)
    # numbers are frozen in players.yaml by rating (C.04.2): 16 players, 1..16
    start = {p.id: p.start for p in t.players}
    assert sorted(start.values()) == list(range(1, 17))
    pairs = sorted(sorted((start[g.white], start[g.black])) for g in t.rounds[0].games)
    assert pairs == [[k, k + 8] for k in range(1, 9)]  # docs/pairing.md: 1-9, 2-10, ...
    # colours alternate down the boards (C.04.3 initial colour)
    whites = [start[g.white] for g in t.rounds[0].games]
    assert whites == [1, 10, 3, 12, 5, 14, 7, 16]


def test_refuses_while_the_previous_round_lacks_results(tmp_path: Path) -> None:
    folder = new(tmp_path, "swiss")
    assert run("pair", str(folder))[0] == 0
    code, out = run("pair", str(folder))
    assert code == 3 and "round 1 is not complete" in out
    assert not (folder / "rounds" / "02.yaml").exists()


def test_equal_scores_meet_and_nobody_meets_twice(tmp_path: Path) -> None:
    folder = new(tmp_path, "swiss")
    for number in range(1, 5):
        assert run("pair", str(folder))[0] == 0
        fill_results(folder, number)
    t = load_tournament(folder)
    met = [frozenset((g.white, g.black)) for r in t.rounds for g in r.games]
    assert len(met) == len(set(met)) == 32
    # White won everywhere; in round 2 the eight winners play each other
    winners = {g.white for g in t.rounds[0].games}
    round2 = [{g.white, g.black} for g in t.rounds[1].games]
    assert sum(pair <= winners for pair in round2) == 4


def test_odd_field_gives_the_bye_to_the_lowest_without_one(tmp_path: Path) -> None:
    folder = new(tmp_path, "swiss")
    players = folder / "players.yaml"
    players.write_text(
        "\n".join(players.read_text(encoding="utf-8").splitlines()[:-1]) + "\n", encoding="utf-8"
    )  # 15 players: the unrated one goes
    byes = []
    for number in range(1, 4):
        assert run("pair", str(folder))[0] == 0
        fill_results(folder, number, "½-½")
        t = load_tournament(folder)
        byes.append([b.participant for b in t.rounds[-1].byes])
    start = {p.id: p.start for p in load_tournament(folder).players}
    assert [start[b[0]] for b in byes] == [15, 14, 13]  # never twice (docs/pairing.md)


def test_requested_bye_is_recorded_in_the_round(tmp_path: Path) -> None:
    folder = new(tmp_path, "swiss")
    players = folder / "players.yaml"
    text = players.read_text(encoding="utf-8")
    text = re.sub(r"(\{id: p3, [^}]*)\}", r"\1, byes: {1: half}}", text)
    players.write_text(text, encoding="utf-8")
    assert run("pair", str(folder))[0] == 0
    t = load_tournament(folder)
    assert [(b.participant, b.kind.value) for b in t.rounds[0].byes] == [
        ("p16", "pab"),
        ("p3", "half"),
    ]
    assert all("p3" not in (g.white, g.black) for g in t.rounds[0].games)


def test_team_swiss_pairs_teams_and_seats_boards(tmp_path: Path) -> None:
    folder = new(tmp_path, "team-swiss")
    code, out = run("pair", str(folder))
    assert code == 0, out
    t = load_tournament(folder)
    start = {team.id: team.start for team in t.teams}
    pairs = sorted(sorted((start[m.white], start[m.black])) for m in t.rounds[0].matches)
    assert pairs == [[1, 4], [2, 5], [3, 6]]  # C.04.6: top half against bottom half
    for match in t.rounds[0].matches:
        assert len(match.games) == 4
        white_team = t.team(match.white)
        assert [g.white in white_team.roster for g in match.games] == [True, False, True, False]


def test_pairing_stores_its_explanation_beside_the_round(tmp_path: Path) -> None:
    """rounds/01.why.txt: the engine's reasons, with the fingerprint of the pairing."""
    from tourney.engine.pair import fingerprint

    folder = new(tmp_path, "swiss")
    assert run("pair", str(folder))[0] == 0
    why = (folder / "rounds" / "01.why.txt").read_text(encoding="utf-8").splitlines()
    t = load_tournament(folder)
    rnd = t.rounds[0]
    assert why[1] == f"# pairing: {fingerprint(rnd)}"
    # 16 players, nobody has played: one score group of 16 (C.04.3 A.3)
    assert why[2].startswith("round 1 of ") and "score groups (A.3): 0 (16)" in why[2]
    assert rnd.explanation == tuple(why[2:]) and rnd.explained == fingerprint(rnd)
    # a result leaves the pairing as it was, so the explanation still applies
    fill_results(folder, 1)
    assert load_tournament(folder).rounds[0].explained == fingerprint(rnd)
