"""A round marked as started (issue 27): running before its first result.

docs/round-robin.md "Playing ahead and round status": a round is done when every board has a result,
running when it was started or any result exists, otherwise pending. Marking
it started is `started: true` in the round file, written by `tourney round start`.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from builders import event, merged, rnd, runner

from tourney.engine.evaluation import evaluate
from tourney.engine.pairing.berger import RoundStatus, round_status
from tourney.load.folder import load_tournament
from tourney.render.site.event import EventData
from tourney.render.site.now import current_block

OPEN = Path(__file__).resolve().parents[1] / "examples" / "swiss-open"
run = merged(runner())


def test_status_from_the_mark_and_the_results() -> None:
    paired = rnd(1, "A-B", "C-D")
    assert round_status(paired) is RoundStatus.PENDING
    assert round_status(replace(paired, marked_started=True)) is RoundStatus.RUNNING
    assert round_status(rnd(1, "A-B 1", "C-D")) is RoundStatus.RUNNING
    # every result in: done, marked or not
    assert round_status(replace(rnd(1, "A-B 1", "C-D ="), marked_started=True)) is RoundStatus.DONE
    # the mark is no result: the standings still stop at the last round with one
    t = event(rnd(1, "A-B 1", "C-D ="), replace(rnd(2, "A-C", "B-D"), marked_started=True))
    assert evaluate(t).last_decided == 1


def paired_open(tmp_path: Path) -> Path:
    folder = tmp_path / "open"
    shutil.copytree(OPEN, folder)
    code, out = run("pair", folder)
    assert code == 0, out
    return folder


def test_round_start_command_writes_one_line(tmp_path: Path) -> None:
    folder = paired_open(tmp_path)
    path = folder / "rounds" / "06.yaml"
    before = path.read_text("utf-8")
    code, out = run("round", "status", folder)
    assert code == 0 and "round  6  2026-10-04        pending     20 boards" in out
    code, out = run("round", "start", folder, 6)
    assert code == 0 and "started: true; round 6 is running" in out
    after = path.read_text("utf-8")
    # one line added after 'round: 6', every other byte kept
    assert after.replace("round: 6\nstarted: true\n", "round: 6\n") == before
    assert load_tournament(folder).round(6).marked_started  # type: ignore[union-attr]
    code, out = run("round", "status", folder)
    assert "round  6  2026-10-04        running     20 boards" in out
    assert (
        "round  5  2026-10-04        done" in out
        and "round  7  2026-10-04        not paired" in out
    )
    code, out = run("check", folder)
    assert code == 0, out
    # again: nothing written
    code, out = run("round", "start", folder, 6)
    assert code == 0 and "already marked as started" in out
    assert path.read_text("utf-8") == after
    # a started round is never re-paired
    code, out = run("pair", folder, "--round", "6", "--replace")
    assert code != 0 and "round 6 has started" in out
    assert path.read_text("utf-8") == after
    # --undo takes the mark back
    code, out = run("round", "start", folder, 6, "--undo")
    assert code == 0 and "round 6 is pending" in out
    assert path.read_text("utf-8") == before


def test_round_start_refuses_what_cannot_start(tmp_path: Path) -> None:
    folder = paired_open(tmp_path)
    code, out = run("round", "start", folder, 7)
    assert code != 0 and "round 7 is not paired" in out
    code, out = run("round", "start", folder, 5)
    assert code != 0 and "round 5 is done" in out


def test_site_says_the_round_is_being_played() -> None:
    t = load_tournament(OPEN)
    six = rnd(6, "p04-p01", "p02-p03")
    block = current_block(EventData(evaluate(replace(t, rounds=(*t.rounds, six)))))
    assert (block.number, block.status) == (6, "paired, no results yet")
    started = replace(six, marked_started=True)
    block = current_block(EventData(evaluate(replace(t, rounds=(*t.rounds, started)))))
    assert (block.number, block.status) == (6, "being played, no results yet")
