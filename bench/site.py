"""Time ``tourney build`` on generated events: a full build, then a rebuild after one result.

Usage (from the repository root):

    .venv/bin/python bench/site.py                  # both events
    .venv/bin/python bench/site.py swiss            # the 400-player, 11-round Swiss only
    .venv/bin/python bench/site.py team --profile   # cProfile's top 30 of the full build
    .venv/bin/python bench/site.py swiss --cli      # each build a fresh ``tourney build``
    .venv/bin/python bench/site.py swiss --cli --tree /tmp/before --tree .   # side by side

Each event (bench/tournaments.py) is written as a tournament folder in a
temporary directory, then built the way ``tourney build`` does it
(``tourney.app.build.build_site``: load, evaluate, render, write). The rebuild
changes one result of the last round in its round file and builds again into
the same output folder, starting from the last build's evaluation as ``tourney
serve`` does; a second rebuild changes a result of round 2, which
moves every later standings page. Each line gives the wall time, the CPU
time (the 2-core machines are shared, so wall time varies with the load),
the load / render / write split of the wall time, the pages rendered and the files written.
Issue 8's targets on the 2-core machines: full build of the Swiss under 3 s,
one-result rebuild under 1 s.

Each round gets a stored explanation (rounds/NN.why.txt) of the size the Dutch
engine writes, one line per board, as ``tourney pair`` leaves it; a build only
reads it (``tourney.render.explain``), it never pairs again.

Measured (wall seconds, quiet machine), before -> after the build caches: Swiss
full build 5.46 -> 3.21, rebuild with nothing changed 5.16 -> 0.24, after a
round 11 result 5.08 -> 1.44, after a round 2 result 5.15 -> 3.14; team Swiss
full build 1.39 -> 1.08, after a round 9 result 1.21 -> 0.75.

A later "Why this pairing" paired every Swiss round again on every build (Swiss
full build 19.8 s). Since ``tourney pair`` stores its explanation and the build
reads it, with the site writer no longer syncing every file, integer
arithmetic for printed numbers and a board lookup per round on the player
cards, the cyclic GC paused during load and render and standings rows kept with
their round's context, the GC also paused while the site is written (2026-12-01,
quiet machine): Swiss full build 2.31-2.38 s, after a round 11 result 0.84-0.87 s,
after a round 2 result 1.87 s; team Swiss full build 0.81 s, after a round 9 result
0.46 s. docs/site.md ("Speed") has the table.

One evaluation per build (issue 18: ``tourney.engine.evaluation`` instead of the
engine's global caches; the last build's evaluation and pages handed to the next
explicitly), 2026-12-02 on a loaded machine (load average 5-7), least CPU seconds
of three interleaved runs, before -> after: Swiss full build 2.93 -> 2.76, after a
round 11 result 1.43 -> 1.06, after a round 2 result 2.66 -> 2.36; team Swiss full
build 1.07 -> 1.12, after a round 9 result 0.56 -> 0.50.

The build cache (``tourney.fs.build_cache``: what a build leaves beside its output for
the next ``tourney build`` process), the context floor (``HELD_AT_LEAST``) and the page
table, 2026-12-03, ``--cli --tree`` with the commit before (ebe512e) and after, CPU
seconds of each ``tourney build`` process under a load average of 18-20 on 2 cores
(figures about three times a quiet machine's), before -> after: Swiss full build
8.20 -> 7.40 (again: 7.33 -> 6.90), nothing changed 8.08 -> 0.16 (7.49 -> 0.16),
after a round 11 result 7.98 -> 5.18, after a round 2 result 8.08 -> 6.68.
Before any of it, the same day on a loaded machine: full 6.1, one result 4.1
(README). Issue 32's targets (quiet machine: full 1.5, one result 0.3, nothing
changed 0.15) are reached for nothing changed only: see docs/site.md "Speed".

Issue 32 item 8, 2026-12-03 evening, ``--cli --tree /tmp/before --tree .`` (before: an
export of 93c598e), CPU seconds of each ``tourney build`` process, two runs under a load
average of 12-19, before -> after: full build 6.91 -> 4.22 and 4.98 -> 4.38 (again, as
the last step: 6.38 -> 5.74, 5.59 -> 5.08), nothing changed 0.09-0.17 -> 0.11-0.15,
after a round 11 result 3.75 -> 2.45 and 4.41 -> 2.34, after a round 2 result 4.52 ->
4.74 and 6.28 -> 5.06 (timed apart, the trees alternating, six rebuilds each: 4.26-6.81
-> 3.56-5.35). What changed: the pages of a round and the ranks after it kept in the
build cache by the digest of their inputs (``tourney.render.site.reuse``: a round 11
result builds neither the earlier rounds' pages nor their standings), the longest
tables and the navigation as Python functions (``tourney.render.rows``), ARO/TPR in
integer half points. The lead's quiet-machine figures before: 4.94, 0.18, 2.10, 5.05;
the targets are still not reached (docs/site.md "Speed" says what is left).
The team pages by page kind (render/site/team/), every team match added up once per
build (each round's team tables cut from the last round's views), a team card's and a
round page's matches, boards and line-ups by Python functions (render/team_rows.py) and
the standings' averages fielded in one pass, 2026-12-03 under a load average of 15-17,
side by side with 93c598e (main at 069505f, so the other engineers' changes of the day
count too), CPU seconds: in-process (``team``, least of three interleaved runs) full
build 2.16 -> 1.63, after a round 9 result 1.02 -> 0.82, after a round 2 result 1.25 ->
1.06; each a ``tourney build`` process (``team --cli --tree``) full 2.65 -> 2.46 (again
2.85 -> 2.75), after a round 9 result 2.11 -> 1.72, after a round 2 result 1.99 -> 1.70,
nothing changed 0.14 -> 0.15. The team pages' own share, templating CPU per kind in the
full build: the 60 team cards 0.39-0.42 -> 0.17-0.20, the 9 round pages 0.17-0.20 ->
0.07, the team standings' view models (with the engine's tables) 0.26 -> 0.17.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tournaments import swiss, team_swiss  # noqa: E402

from tourney.app.build import read_theme  # noqa: E402
from tourney.edit import why_file  # noqa: E402
from tourney.edit.folder_writer import write_folder  # noqa: E402
from tourney.engine.evaluation import Evaluation, evaluate  # noqa: E402
from tourney.fs.output import write_tree  # noqa: E402
from tourney.load.folder import read_path  # noqa: E402
from tourney.model import Tournament  # noqa: E402
from tourney.render.site.pages import Site, render_site  # noqa: E402

EVENTS: dict[str, tuple[str, Callable[[], Tournament]]] = {
    "swiss": ("400-player, 11-round Swiss", lambda: swiss(400, 11, seed=400)),
    "team": ("60-team, 9-round team Swiss", lambda: team_swiss(60, 9, seed=60)),
}
_RESULT = re.compile(r"result: (1-0|0-1|½-½)")
_FLIP = {"1-0": "0-1", "0-1": "½-½", "½-½": "1-0"}


def store_explanations(t: Tournament, folder: Path) -> None:
    """rounds/NN.why.txt as ``tourney pair`` writes them: a header and a line per board."""
    for rnd in t.rounds:
        lines = [f"round {rnd.number}: {len(rnd.games) or len(rnd.matches)} boards"]
        lines += [
            f"board {i}: {g.white} white (mild white) - {g.black} black (mild black); "
            "E.1: both preferences granted"
            for i, g in enumerate(rnd.all_games(), start=1)
        ]
        why_file.write(folder, rnd, tuple(lines))


Last = tuple[Evaluation, Site]


def build(folder: Path, output: Path, label: str, previous: Last | None = None) -> Last:
    """One build as ``tourney build`` does it (``tourney serve`` with ``previous``, the
    last build's evaluation and pages), timed by stage; evaluating counts as rendering."""
    cpu = time.process_time()
    started = time.perf_counter()
    obj, _ = read_path(folder)
    assert isinstance(obj, Tournament)
    theme = read_theme(folder)
    loaded = time.perf_counter()
    evaluation = evaluate(obj, previous[0] if previous else None)
    site = render_site(evaluation, theme, previous=previous[1] if previous else None)
    files = site.files
    rendered = time.perf_counter()
    report = write_tree(output, files)
    done = time.perf_counter()
    cpu = time.process_time() - cpu
    pages = sum(1 for name in files if name.endswith(".html"))
    print(
        f"  {label:<28} {done - started:6.2f} s, CPU {cpu:5.2f} s (load {loaded - started:.2f}, "
        f"render {rendered - loaded:.2f}, write {done - rendered:.2f})  "
        f"{pages} pages, {len(files)} files, {len(report.written)} written",
        flush=True,
    )
    return evaluation, site


def change_one_result(folder: Path, number: int) -> None:
    """Change the first decided board of rounds/NN.yaml (1-0 -> 0-1 -> ½-½ -> 1-0)."""
    path = folder / "rounds" / f"{number:02d}.yaml"
    text = path.read_text(encoding="utf-8")
    changed = _RESULT.sub(lambda m: f"result: {_FLIP[m.group(1)]}", text, count=1)
    path.write_text(changed, encoding="utf-8")


def cli_build(folder: Path, output: Path, label: str, tree: Path = ROOT) -> float:
    """One ``tourney build FOLDER -o OUTPUT`` in a fresh process, as CI and ``make site``
    run it, with the tourney of source ``tree``: the child's CPU seconds (user + system,
    start-up and imports included)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    argv = [sys.executable, "-m", "tourney", "build", str(folder), "-o", str(output), "-q"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    # cwd is the tree timed: ``python -m`` looks in the current folder before PYTHONPATH
    subprocess.run(argv, env=env, cwd=tree, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    where = "" if tree == ROOT else f" [{tree}]"
    print(f"  {label:<28} {wall:6.2f} s, CPU {cpu:5.2f} s{where}", flush=True)
    return cpu


def bench_cli(name: str, trees: list[Path]) -> None:
    """Full build into an empty folder, then the rebuilds, each a fresh ``tourney build``;
    with several source trees, each step is timed with each tree in turn (its own output
    folder), so that the machine's load weighs on them alike."""
    title, make = EVENTS[name]
    t: Tournament = make()
    with tempfile.TemporaryDirectory(prefix="tourney-bench-") as tmp:
        folder = write_folder(t, Path(tmp) / "event")
        store_explanations(t, folder)
        outputs = [Path(tmp) / f"_site{i}" for i in range(len(trees))]
        print(f"{title}, each build a fresh tourney build process:", flush=True)

        def step(label: str) -> None:
            for tree, output in zip(trees, outputs, strict=True):
                cli_build(folder, output, label, tree)

        step("full build")
        step("rebuild, nothing changed")
        rounds = len(t.rounds)
        change_one_result(folder, rounds)
        step(f"rebuild, a round {rounds} result")
        step("rebuild, nothing changed")
        change_one_result(folder, 2)
        step("rebuild, a round 2 result")
        for output in outputs:
            shutil.rmtree(output)
        step("full build, again")


def bench(name: str, profile: bool) -> None:
    title, make = EVENTS[name]
    t: Tournament = make()
    with tempfile.TemporaryDirectory(prefix="tourney-bench-") as tmp:
        folder = write_folder(t, Path(tmp) / "event")
        store_explanations(t, folder)
        output = Path(tmp) / "_site"
        print(f"{title}:", flush=True)
        if profile:
            profiler = cProfile.Profile()
            profiler.enable()
        last_build = build(folder, output, "full build")
        if profile:
            profiler.disable()
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
        last_build = build(folder, output, "rebuild, nothing changed", last_build)
        rounds = len(t.rounds)
        change_one_result(folder, rounds)
        last_build = build(folder, output, f"rebuild, a round {rounds} result", last_build)
        change_one_result(folder, 2)
        build(folder, output, "rebuild, a round 2 result", last_build)


def main(argv: list[str]) -> int:
    profile = "--profile" in argv
    names = [a for a in argv if a in EVENTS] or list(EVENTS)
    trees = [Path(argv[i + 1]).resolve() for i, a in enumerate(argv) if a == "--tree"]
    for name in names:
        if "--cli" in argv:
            bench_cli(name, trees or [ROOT])
        else:
            bench(name, profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
