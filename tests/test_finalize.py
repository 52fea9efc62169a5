"""`tourney finalize` and ending a Swiss early (docs/finalize.md "Finalizing", "Ending a Swiss early").

The standings values are counted by hand from the rounds written below.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from builders import group, runner
from click.testing import CliRunner

from tourney.cli import finalize as finalize_cli
from tourney.edit.finalize import apply_finalize, plan_finalize
from tourney.engine.finalize import number_text, open_rounds, plan_end_after
from tourney.errors import Refused
from tourney.load.final import read_final
from tourney.load.folder import load_tournament

TODAY = dt.date(2026, 5, 10)

PLAYERS = """\
# players of the test Swiss
- {id: a, name: "Aal, Anna"}
- {id: b, name: "Beek, Bert"}
- {id: c, name: "Cats, Carl"}
- {id: d, name: "Dam, Dirk"}
"""

R1 = """\
boards:
  - {white: a, black: b, result: 1-0}   # 1
  - {white: c, black: d, result: ½-½}   # 2
"""
R2 = """\
boards:
  - {white: a, black: c, result: ½-½}   # 1
  - {white: d, black: b, result: 1-0}   # 2
"""


def folder_with(tmp_path: Path, rounds: dict[int, str], planned: int = 2, **files: str) -> Path:
    folder = tmp_path / "swiss"
    (folder / "rounds").mkdir(parents=True)
    (folder / "tournament.yaml").write_text(
        "# a test\nname: Test Swiss\nformat: swiss\n"
        f"rounds: {planned}   # planned\nstart_date: 2026-05-01\ntiebreaks: [BH, SB]\n",
        encoding="utf-8",
    )
    (folder / "players.yaml").write_text(files.get("players", PLAYERS), encoding="utf-8")
    for number, text in rounds.items():
        (folder / "rounds" / f"{number:02d}.yaml").write_text(text, encoding="utf-8")
    return folder


run = runner(group(finalize_cli.command))


def test_final_standings_with_every_tiebreak(tmp_path: Path) -> None:
    folder = folder_with(tmp_path, {1: R1, 2: R2})
    apply_finalize(plan_finalize(folder, TODAY), TODAY)
    text = (folder / "final.yaml").read_text(encoding="utf-8")
    # Points: a 1.5, d 1.5, c 1, b 0. BH: a = b 0 + c 1 = 1; d = c 1 + b 0 = 1;
    # c = d 1.5 + a 1.5 = 3; b = a 1.5 + d 1.5 = 3. SB: a = 0 + ½·1 = 0.5;
    # d = ½·1 + 0 = 0.5; c = ½·1.5 + ½·1.5 = 1.5; b = 0. a and d share first place.
    rows = [line.split("   #")[0] for line in text.splitlines() if line.startswith("  - ")]
    assert rows == [
        "  - {rank: 1, id: a, start: 1, points: 1.5, tiebreaks: {BH: 1, SB: 0.5}}",
        "  - {rank: 1, id: d, start: 4, points: 1.5, tiebreaks: {BH: 1, SB: 0.5}}",
        "  - {rank: 3, id: c, start: 3, points: 1, tiebreaks: {BH: 3, SB: 1.5}}",
        "  - {rank: 4, id: b, start: 2, points: 0, tiebreaks: {BH: 3, SB: 0}}",
    ]
    assert "finalized: 2026-05-10\n" in text and "end_date: 2026-05-10\n" in text
    record = read_final(folder)
    assert record is not None and [(r.participant, r.rank) for r in record.rows] == [
        ("a", 1),
        ("d", 1),
        ("c", 3),
        ("b", 4),
    ]
    # end_date was added right after start_date, the comment of 'rounds' kept
    assert (folder / "tournament.yaml").read_text(encoding="utf-8").splitlines()[3:6] == [
        "rounds: 2   # planned",
        "start_date: 2026-05-01",
        "end_date: 2026-05-10",
    ]


def test_final_file_is_deterministic(tmp_path: Path) -> None:
    texts = []
    for name in ("one", "two"):
        folder = folder_with(tmp_path / name, {1: R1, 2: R2})
        apply_finalize(plan_finalize(folder, TODAY, end_date=dt.date(2026, 5, 2)), TODAY)
        texts.append((folder / "final.yaml").read_bytes())
    assert texts[0] == texts[1]


def test_never_reopened(tmp_path: Path) -> None:
    folder = folder_with(tmp_path, {1: R1, 2: R2})
    apply_finalize(plan_finalize(folder, TODAY), TODAY)
    with pytest.raises(Refused, match="finalized on 2026-05-10 and is never reopened"):
        plan_finalize(folder, TODAY)


def test_refusals_name_the_round(tmp_path: Path) -> None:
    folder = folder_with(tmp_path, {1: R1, 2: "published: false\n" + R2})
    with pytest.raises(Refused, match="round 2 is not published"):
        plan_finalize(folder, TODAY)
    folder = folder_with(tmp_path / "x", {1: R1, 2: R2.replace("1-0}", "}")})
    with pytest.raises(Refused, match="round 2 has no result on board 2"):
        plan_finalize(folder, TODAY)
    folder = folder_with(tmp_path / "y", {1: R1}, planned=3)
    with pytest.raises(Refused) as caught:
        plan_finalize(folder, TODAY)
    assert "round 2 of 3 is not paired; round 3 of 3 is not paired" in str(caught.value)
    assert "--end-after 1" in str(caught.value)
    assert not (folder / "final.yaml").exists()


def test_open_rounds_of_a_team_match_decided_as_a_whole() -> None:
    from tourney.model import Format, Game, Match, MatchDecision, Round, Settings, Tournament

    games = (Game("a1", "b1", None, 1), Game("b2", "a2", None, 2))
    t = Tournament(
        Settings("L", Format.TEAM_SWISS, 1),
        rounds=(Round(1, matches=(Match("t1", "t2", games),)),),
    )
    assert open_rounds(t) == ["round 1 has no result on boards 1.1, 1.2"]
    decided = Match("t1", "t2", games, MatchDecision.WHITE_TEAM)
    assert open_rounds(Tournament(t.settings, rounds=(Round(1, matches=(decided,)),))) == []


# --- ending a Swiss early ---

LATE_PLAYERS = """\
# players; e joins late
- {id: a, name: "Aal, Anna", byes: {2: half, 4: half}}
- {id: b, name: "Beek, Bert", withdrawn_after: 3}   # leaves after round 3
- {id: c, name: "Cats, Carl", absent: [4, 5]}
- {id: d, name: "Dam, Dirk"}
- {id: e, name: "Eik, Eva", joins: 4}
"""

E1 = """\
boards:
  - {white: a, black: b, result: 1-0}   # 1
  - {white: c, black: d, result: ½-½}   # 2
"""
E2 = """\
boards:
  - {white: d, black: b, result: 1-0}   # 1
  - {white: c, black: a, result: }      # 2
"""
E3 = """\
boards:
  - {white: a, black: d, result: }   # 1
  - {white: b, black: c, result: }   # 2
"""


def test_end_after_plan_and_files(tmp_path: Path) -> None:
    r2 = "boards:\n  - {white: d, black: b, result: 1-0}   # 1\n"
    r2 += "byes:\n  - {player: a, kind: half}\n  - {player: c, kind: zero}\n"
    folder = folder_with(tmp_path, {1: E1, 2: r2, 3: E3}, planned=5, players=LATE_PLAYERS)
    plan = plan_end_after(load_tournament(folder), 2)
    assert plan.describe() == [
        "planned rounds become 2 (were 5)",
        "delete round 3 (no result yet)",
        "drop the requested half-point bye of player a in round 4",
        "drop the requested absence of player c in round 4",
        "drop the requested absence of player c in round 5",
        "player e would join later and leaves",
        "cancel the withdrawal of player b after round 3",
    ]
    done = apply_finalize(plan_finalize(folder, TODAY, end_after=2), TODAY)
    assert not (folder / "rounds" / "03.yaml").exists()
    assert (folder / "players.yaml").read_text(encoding="utf-8") == (
        "# players; e joins late\n"
        '- {id: a, name: "Aal, Anna", byes: {2: half}}\n'
        '- {id: b, name: "Beek, Bert"}   # leaves after round 3\n'
        '- {id: c, name: "Cats, Carl"}\n'
        '- {id: d, name: "Dam, Dirk"}\n'
    )
    assert "rounds: 2   # planned" in (folder / "tournament.yaml").read_text(encoding="utf-8")
    assert done.tournament.planned_rounds == 2
    assert "rounds: 2\n" in (folder / "final.yaml").read_text(encoding="utf-8")


BLOCK_PLAYERS = """\
- id: a
  name: "Aal, Anna"
  byes:
    2: half   # asked in advance
    4: half
  absent: [3, 4]
- id: b
  name: "Beek, Bert"
  withdrawn_after: 3
- id: c
  name: "Cats, Carl"
- id: d
  name: "Dam, Dirk"
- id: e   # joins late
  name: "Eik, Eva"
  joins: 3
"""


def test_end_after_block_style_players(tmp_path: Path) -> None:
    r2 = "boards:\n  - {white: d, black: b, result: 1-0}\n  - {white: c, black: e, result: +/-}\n"
    r2 += "byes:\n  - {player: a, kind: half}\n"
    players = BLOCK_PLAYERS.replace("joins: 3", "joins: 2")
    folder = folder_with(tmp_path, {1: E1, 2: r2}, planned=4, players=players)
    apply_finalize(plan_finalize(folder, TODAY, end_after=2), TODAY)
    # a keeps the bye of round 2, b stays, e (joined in round 2) stays; a's absences go
    assert (folder / "players.yaml").read_text(encoding="utf-8") == players.replace(
        "    4: half\n", ""
    ).replace("  absent: [3, 4]\n", "").replace("  withdrawn_after: 3\n", "")


def test_end_after_refusals(tmp_path: Path) -> None:
    started = E3.replace("result: }   # 2", "result: 1-0}   # 2")
    folder = folder_with(tmp_path, {1: E1, 2: E2, 3: started}, planned=5, players=LATE_PLAYERS)
    with pytest.raises(Refused, match="round 3 already has a result"):
        plan_end_after(load_tournament(folder), 2)
    folder = folder_with(tmp_path / "x", {1: E1, 2: E2}, planned=5, players=LATE_PLAYERS)
    with pytest.raises(Refused, match="round 2 has no result on board 2"):
        plan_finalize(folder, TODAY, end_after=2)
    with pytest.raises(Refused, match="choose a round from 1 to 4"):
        plan_end_after(load_tournament(folder), 5)
    rr = tmp_path / "rr"
    rr.mkdir()
    (rr / "tournament.yaml").write_text("name: RR\nformat: round-robin\n", encoding="utf-8")
    (rr / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    with pytest.raises(Refused, match="only a Swiss or team Swiss can end early"):
        plan_end_after(load_tournament(rr), 1)


def test_cli_asks_for_confirmation(tmp_path: Path) -> None:
    folder = folder_with(tmp_path, {1: R1, 2: R2})
    before = (folder / "tournament.yaml").read_text(encoding="utf-8")
    code, out, err = run("finalize", str(folder), stdin="n\n")
    assert code == 3 and "nothing was changed" in err
    assert "store the final standings in final.yaml" in out
    assert not (folder / "final.yaml").exists()
    assert (folder / "tournament.yaml").read_text(encoding="utf-8") == before
    code, out, err = run("finalize", str(folder), "--end-date", "2026-05-02", stdin="y\n")
    assert code == 0, err
    assert "end_date: 2026-05-02" in (folder / "tournament.yaml").read_text(encoding="utf-8")
    code, _, err = run("finalize", str(folder), "--yes")
    assert code == 3 and "never reopened" in err


def test_cli_refusal_exit_code(tmp_path: Path) -> None:
    folder = folder_with(tmp_path, {1: R1}, planned=2)
    code, _, err = run("finalize", str(folder), "--yes")
    assert code == 3 and "round 2 of 2 is not paired" in err


def test_number_text() -> None:
    from fractions import Fraction

    assert [number_text(Fraction(n, d)) for n, d in ((3, 2), (1, 4), (-7, 2), (10, 1))] == [
        "1.5",
        "0.25",
        "-3.5",
        "10",
    ]


def test_check_warns_when_a_finalized_round_file_was_edited_by_hand(tmp_path: Path) -> None:
    """docs/results.md: a finalized tournament changes only by a recorded correction."""
    from tourney.check.final import stale_final
    from tourney.cli import cli

    folder = folder_with(tmp_path, {1: R1, 2: R2})
    apply_finalize(plan_finalize(folder, TODAY), TODAY)
    assert stale_final(folder, load_tournament(folder)) == []
    # c-d of round 1 turned from ½-½ into 1-0 by hand: c 1.5 and d 1 now, so the rows
    # stored (a 1.5, d 1.5, c 1, b 0) differ from those the round files give
    # (a 1.5 rank 1, c 1.5 rank 1 or 2, d 1, b 0) on at least the d and c rows.
    edited = R1.replace("{white: c, black: d, result: ½-½}", "{white: c, black: d, result: 1-0}")
    (folder / "rounds" / "01.yaml").write_text(edited, encoding="utf-8")
    found = stale_final(folder, load_tournament(folder))
    assert len(found) == 1 and found[0].severity == "warning"
    assert found[0].file.endswith("final.yaml") and "--correct" in found[0].hint
    out = CliRunner().invoke(cli, ["check", str(folder)])
    assert out.exit_code == 0
    assert "no longer match the folder" in out.stdout + out.stderr
    # W220 names what differs: c 1 -> 1.5 and d 1.5 -> 1 points, so a result changed
    assert "Cats, Carl (c) 1 → 1.5 points" in found[0].message
    assert "Dam, Dirk (d) 1.5 → 1 points" in found[0].message
    assert "a result (or a bye) was changed" in found[0].message
    assert "Beek, Bert" not in found[0].message  # b: 0 points, 4th, as stored


def test_w220_does_not_blame_a_result_when_no_points_moved(tmp_path: Path) -> None:
    """Before: a player added by hand to a finalized event (with no game) gave W220 "a
    result was changed after the tournament was finalized", which was false."""
    from tourney.check.final import stale_final

    folder = folder_with(tmp_path, {1: R1, 2: R2})
    apply_finalize(plan_finalize(folder, TODAY), TODAY)
    with (folder / "players.yaml").open("a", encoding="utf-8") as players:
        players.write('- {id: e, name: "Eik, Emma", joins: 3}\n')
    (found,) = stale_final(folder, load_tournament(folder))
    assert found.code == "W220"
    assert "Eik, Emma (e) is in the standings but not in the stored ones" in found.message
    assert "no points changed" in found.message and "a result" not in found.message
