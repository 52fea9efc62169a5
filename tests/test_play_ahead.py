"""Play ahead in a round robin (docs/pairing.md): several rounds running at once.

"Status is computed live from the facts, never stored. A round is done when
every game has a result, running when it was started or any result exists,
otherwise pending. In a round robin several rounds can run at once when
players play ahead." docs/results.md: "Only decided results count."

The event is `tourney new --format round-robin` (six players p1..p6, Berger
numbers 1..6), paired at once (C.05 Annex 1, table for 6):

    R1: 1-6 2-5 3-4   R2: 6-4 5-3 1-2   R3: 2-6 3-1 4-5   R4: 6-5 1-4 2-3   R5: 3-6 4-2 5-1

Results entered: all of round 1 (1-0, ½-½, 0-1), nothing in round 2, round 3
board 2 (3-1) 0-1 and round 5 board 3 (5-1) ½-½, both played ahead.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from builders import merged, runner
from site_helpers import build

from tourney.cli import cli
from tourney.engine.pairing.berger import RoundStatus, round_status
from tourney.engine.scores import score_table
from tourney.load.folder import load_tournament

F = Fraction


run = merged(runner(cli))


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ahead") / "rr"
    assert run("new", str(path), "--format", "round-robin")[0] == 0
    code, out = run("pair", str(path))
    assert code == 0, out
    for round_no, board, result in (
        ("1", "1", "1-0"),
        ("1", "2", "½-½"),
        ("1", "3", "0-1"),
        ("5", "3", "½-½"),  # played ahead, before rounds 2-4
        ("3", "2", "0-1"),
    ):
        code, out = run("result", str(path), round_no, board, result)
        assert code == 0, out
    return path


def test_rounds_run_at_once(folder: Path) -> None:
    t = load_tournament(folder)
    statuses = [round_status(r) for r in sorted(t.rounds, key=lambda r: r.number)]
    assert statuses == [
        RoundStatus.DONE,
        RoundStatus.PENDING,
        RoundStatus.RUNNING,
        RoundStatus.PENDING,
        RoundStatus.RUNNING,
    ]


def test_check_accepts_rounds_played_ahead(folder: Path) -> None:
    code, out = run("check", str(folder))
    assert code == 0, out
    # the starter's organiser and arbiter are still placeholders (W260); nothing else
    warnings = [line for line in out.splitlines() if "warning" in line]
    assert [w.split(" warning ")[1][:4] for w in warnings] == ["W260", "W260"]


def test_pair_refuses_nothing_is_left(folder: Path) -> None:
    # every round is written; pairing again would overwrite results, so it is refused
    code, out = run("pair", str(folder))
    assert code == 3, out
    assert "all 5 rounds are paired" in out


def _points(folder: Path, *extra: str) -> dict[str, str]:
    code, out = run("standings", str(folder), "--format", "json", *extra)
    assert code == 0, out
    return {row["id"]: row["points"] for row in json.loads(out)["rows"]}


def test_standings_after_round_one(folder: Path) -> None:
    # R1 only: p1 beat p6, p2-p5 drawn, p4 beat p3.
    assert _points(folder, "--after", "1") == {
        "p1": "1",
        "p2": "0.5",
        "p3": "0",
        "p4": "1",
        "p5": "0.5",
        "p6": "0",
    }


def test_standings_after_round_three_count_decided_results_only(folder: Path) -> None:
    # R1, nothing of R2, R3 board 2 (p3-p1 0-1); the R5 draw p5-p1 played ahead is later.
    assert _points(folder, "--after", "3") == {
        "p1": "2",
        "p2": "0.5",
        "p3": "0",
        "p4": "1",
        "p5": "0.5",
        "p6": "0",
    }


def test_standings_by_default_count_every_decided_result(folder: Path) -> None:
    # The default is after the last round with a result (5): the R5 draw counts too.
    points = _points(folder)
    assert points["p1"] == "2.5"
    assert points["p5"] == "1"


def test_pending_boards_add_nothing(folder: Path) -> None:
    table = score_table(load_tournament(folder), 3)
    view = table.round_view("p6", 3)  # R3 board 1, 2-6, no result yet
    assert view.pending and view.points == 0 and view.opponent == "p2"
    assert table.points("p6") == 0


def test_site_shows_every_round_status(folder: Path) -> None:
    site = build(folder)
    schedule = site["schedule.html"].decode("utf-8")
    rows = schedule.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[:5]
    got = [row.split('<span class="status ')[1].split('"')[0] for row in rows]
    assert got == ["done", "pending", "running", "pending", "running"]
    assert '<span class="status running">running</span>' in site["round-05.html"].decode()
    assert '<span class="status pending">pending</span>' in site["round-02.html"].decode()
    # standings pages exist up to the last round with a result
    assert "standings-05.html" in site and "standings-03.html" in site


def test_example_club_championship_pairs_its_remaining_rounds(tmp_path: Path) -> None:
    # examples/club-championship: three of five rounds played; `pair` writes rounds 4 and 5.
    import shutil

    example = Path(__file__).resolve().parents[1] / "examples" / "club-championship"
    copy = tmp_path / "club-championship"
    shutil.copytree(example, copy)
    code, out = run("pair", str(copy))
    assert code == 0, out
    t = load_tournament(copy)
    numbers = {p.id: p.start for p in t.players}
    got = [[(numbers[g.white], numbers[g.black]) for g in r.games] for r in t.rounds[3:]]
    assert got == [[(6, 5), (1, 4), (2, 3)], [(3, 6), (4, 2), (5, 1)]]  # C.05 Annex 1
    code, out = run("check", str(copy))
    assert code == 0, out
    assert "5 of 5 rounds: OK" in out


@pytest.mark.parametrize("fmt", ["round-robin", "double-round-robin"])
def test_round_robin_default_tiebreaks(fmt: str) -> None:
    # docs/results.md: "Default tie-breaks: round robin DE SB WIN KS".
    from tourney.engine.standings import standings
    from tourney.model import Format, Game, Player, Result, Round, Settings, Tournament

    t = Tournament(
        Settings("Defaults", Format(fmt), 3),
        players=(Player("a", "A", start=1), Player("b", "B", start=2), Player("c", "C", start=3)),
        rounds=(Round(1, games=(Game("b", "c", Result.WHITE_WINS, 1),)),),
    )
    assert standings(t).codes == ("DE", "SB", "WIN", "KS")


def test_example_crosstable_by_berger_number() -> None:
    # examples/club-championship, rounds 1-3 (C.05 Annex 1, table for 6):
    # R1 1-6 ½, 2-5 ½, 3-4 ½; R2 6-4 ½, 5-3 1-0, 1-2 ½; R3 2-6 1-0, 3-1 0-1, 4-5 1-0.
    example = Path(__file__).resolve().parents[1] / "examples" / "club-championship"
    page = build(example)["crosstable-start.html"].decode("utf-8")
    rows = page.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[:6]

    def cells(row: str) -> list[str]:
        tds = row.split("</th>", 1)[1].split("<td")[2:8]  # after No., name and rating
        return [td.split(">", 1)[1].split("</td>")[0] for td in tds]

    assert cells(rows[0]) == ["×", "½", "1", "", "", "½"]  # c1: v c2 ½, v c3 1, v c6 ½
    assert cells(rows[2]) == ["0", "", "×", "½", "0", ""]  # c3: v c1 0, v c4 ½, v c5 0
    assert cells(rows[4]) == ["", "½", "1", "0", "×", ""]  # c5: v c2 ½, v c3 1, v c4 0
