"""Time ``tourney build`` on generated events: a full build, then a rebuild after one result.

Usage (from the repository root):

    .venv/bin/python bench/site.py                  # both events
    .venv/bin/python bench/site.py swiss            # the 400-player, 11-round Swiss only
    .venv/bin/python bench/site.py team --profile   # cProfile's top 30 of the full build

Each event (bench/tournaments.py) is written as a tournament folder in a
temporary directory, then built the way ``tourney build`` does it
(``tourney.cli.build.build_site``: load, render, write). The rebuild changes
one result of the last round in its round file and builds again into the
same output folder; a second rebuild changes a result of round 2, which
moves every later standings page. Each line gives the wall time, the CPU
time (the 2-core machines are shared, so wall time varies with the load),
the load / render / write split of the wall time, the pages rendered and the files written.
Issue 8's targets on the 2-core machines: full build of the Swiss under 3 s,
one-result rebuild under 1 s.

Each line also says how many rounds the engine paired again for the round
pages' "Why this pairing" (``tourney.render.explain``) and the wall time that took.

Measured (wall seconds, quiet machine), before -> after the build caches: Swiss
full build 5.46 -> 3.21, rebuild with nothing changed 5.16 -> 0.24, after a
round 11 result 5.08 -> 1.44, after a round 2 result 5.15 -> 3.14; team Swiss
full build 1.39 -> 1.08, after a round 9 result 1.21 -> 0.75.

Then "Why this pairing" (commit 230434a) made every build pair every Swiss round
again: Swiss full build 19.8 s wall on a quiet machine, a round 11 rebuild 18.5 s.
After keeping each round's pairing by its input, the site writer no longer
syncing every file, integer arithmetic for printed numbers and a board lookup
per round on the player cards (2026-12-01, three runs, machine under a load of
about 5, CPU seconds): Swiss full build 20.6 / 21.3 / 22.0 (about 17 of it the
re-pairing; about 2.9 without it), rebuild with nothing changed 0.11, after a
round 11 result 1.50 / 1.42 / 1.43 (no round re-paired); team Swiss full build
1.43 / 1.41 / 1.50, after a round 9 result 0.50 / 0.46 / 0.52. docs/site.md
("Speed") has the same figures.
"""

from __future__ import annotations

import cProfile
import pstats
import re
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tournaments import swiss, team_swiss  # noqa: E402

from tourney.cli.build import read_theme  # noqa: E402
from tourney.engine.pair import IdPairing  # noqa: E402
from tourney.engine.pair import pairing_by_id as _pairing_by_id  # noqa: E402
from tourney.folder_writer import write_folder  # noqa: E402
from tourney.load.folder import read_path  # noqa: E402
from tourney.model import Tournament  # noqa: E402
from tourney.output import write_tree  # noqa: E402
from tourney.render import explain  # noqa: E402
from tourney.render.site import render  # noqa: E402

EVENTS: dict[str, tuple[str, Callable[[], Tournament]]] = {
    "swiss": ("400-player, 11-round Swiss", lambda: swiss(400, 11, seed=400)),
    "team": ("60-team, 9-round team Swiss", lambda: team_swiss(60, 9, seed=60)),
}
_RESULT = re.compile(r"result: (1-0|0-1|½-½)")
_FLIP = {"1-0": "0-1", "0-1": "½-½", "½-½": "1-0"}


_REPAIRED = [0, 0.0]  # rounds the engine paired again for "Why this pairing", wall seconds


def _timed_pairing(t: Tournament, round_no: int) -> IdPairing:
    started = time.perf_counter()
    try:
        return _pairing_by_id(t, round_no)
    finally:
        _REPAIRED[0] += 1
        _REPAIRED[1] += time.perf_counter() - started


# the round pages' explanations pair through this name: count and time those calls
explain.__dict__["pairing_by_id"] = _timed_pairing


def build(folder: Path, output: Path, label: str) -> None:
    """One build as ``tourney build`` does it, timed by stage."""
    _REPAIRED[:] = [0, 0.0]
    cpu = time.process_time()
    started = time.perf_counter()
    obj, _ = read_path(folder)
    theme = read_theme(folder)
    loaded = time.perf_counter()
    files = render(obj, theme)
    rendered = time.perf_counter()
    report = write_tree(output, files)
    done = time.perf_counter()
    cpu = time.process_time() - cpu
    pages = sum(1 for name in files if name.endswith(".html"))
    print(
        f"  {label:<28} {done - started:6.2f} s, CPU {cpu:5.2f} s (load {loaded - started:.2f}, "
        f"render {rendered - loaded:.2f}, write {done - rendered:.2f})  "
        f"{pages} pages, {len(files)} files, {len(report.written)} written; "
        f"{_REPAIRED[0]} rounds re-paired in {_REPAIRED[1]:.2f} s",
        flush=True,
    )


def change_one_result(folder: Path, number: int) -> None:
    """Change the first decided board of rounds/NN.yaml (1-0 -> 0-1 -> ½-½ -> 1-0)."""
    path = folder / "rounds" / f"{number:02d}.yaml"
    text = path.read_text(encoding="utf-8")
    changed = _RESULT.sub(lambda m: f"result: {_FLIP[m.group(1)]}", text, count=1)
    path.write_text(changed, encoding="utf-8")


def bench(name: str, profile: bool) -> None:
    title, make = EVENTS[name]
    t: Tournament = make()
    with tempfile.TemporaryDirectory(prefix="tourney-bench-") as tmp:
        folder = write_folder(t, Path(tmp) / "event")
        output = Path(tmp) / "_site"
        print(f"{title}:", flush=True)
        if profile:
            profiler = cProfile.Profile()
            profiler.enable()
        build(folder, output, "full build")
        if profile:
            profiler.disable()
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
        build(folder, output, "rebuild, nothing changed")
        last = len(t.rounds)
        change_one_result(folder, last)
        build(folder, output, f"rebuild, a round {last} result")
        change_one_result(folder, 2)
        build(folder, output, "rebuild, a round 2 result")


def main(argv: list[str]) -> int:
    profile = "--profile" in argv
    names = [a for a in argv if not a.startswith("-")] or list(EVENTS)
    for name in names:
        bench(name, profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
