"""Time the printed documents: ``build --pdf`` of a 400-player Swiss, match sheets, the examples.

    .venv/bin/python bench/pdf.py            # everything
    .venv/bin/python bench/pdf.py swiss      # issue 32 item 8: the 400-player, 11-round Swiss
    .venv/bin/python bench/pdf.py sheets examples

``swiss`` writes bench/tournaments.py's 400-player, 11-round Swiss (seed 400, as
bench/site.py) as a folder and runs ``tourney build DIR -o SITE --pdf`` as a
child process, the way CI and ``make site`` run it, so only what is stored
beside the output (the PDF fingerprints, tourney.fs.fingerprints) survives from
one build to the next: a full build, the same build again with nothing
changed, a build after one result of round 11; then ``tourney print DIR
crosstable``. Each line gives the child's CPU seconds (user + system), its peak
resident size (``ru_maxrss`` of that process alone) and the wall time (the
2-core machines are shared: wall time follows the load, CPU time less so).
Issue 32's targets: build with PDFs under 8 s and 200 MB, the crosstable under 3 s.
A calibration line before and after gives the CPU seconds of a fixed Python loop
(about 0.5 s on a quiet machine), to compare runs made at different loads.

Measured 2026-12-03, before -> after issue 32 (before: every document a table cell per
column; after: a field of 100 players or more as text lines, tourney.render.pdf.textgrid,
and the PDF fingerprints of tourney.fs.fingerprints), side by side on a machine at load
12-21 (CPU seconds three to four times a quiet machine's), CPU seconds and peak MB:
full build 49.1 s 307 MB -> 26.1 s 179 MB; nothing changed 11.0 s -> 12.1 s (no PDF
rendered either way); after one round 11 result 45.4 s 307 MB -> 23.5 s 178 MB (4 PDFs
rendered); ``tourney print`` crosstable 12.9 s 255 MB -> 4.9 s 109 MB. With the pairings
in board order as text too (load 9-12): full 24.7 s, nothing changed 9.0 s, after one
result 19.2 s, crosstable 4.3 s. Issue 32 measured before on a quiet
machine: full 20.9 s and 328 MB, crosstable 7.35 s. docs/printing.md "How long it takes".

Measured 2026-12-03 later, 93c598e (the above) -> now, side by side at load 11-14
(calibration loop 0.57-0.73 s): full build 18.6 s 185 MB -> 10.3 s 166 MB; nothing
changed 6.8 s -> 5.8 s; after one round 11 result 15.9 s 185 MB -> 9.6 s 162 MB (4
PDFs rendered either way: pairings, by name, standings, crosstable; not players);
crosstable printed alone 4.3 s 109 MB -> 2.9 s 89 MB. Of the full build, the PDFs
13.3 s -> 4.8 s (their HTML 1.4 -> 0.6 s, WeasyPrint 11.9 -> 4.2 s), the site 5 s
either way. What changed: a large field's lists as lines of text without a table
(tourney.render.pdf.textgrid; the crosstable's layout 1.6 -> 0.45 s), print.css parsed
once per writer, and a document making only the site page it prints (the standings
made every round's standings and tie-breaks to print the last). CPU seconds at such
load are about twice a quiet machine's (the code issue 32 timed: its crosstable 12.9 s
at load 12-21, 7.35 s quiet), so about 5 s for the full build and 1.5 s for the
crosstable on a quiet machine.

``sheets`` times a 60-team round's match sheets in process; ``examples`` each
bundled example's set in process, then again with nothing changed.

Needs WeasyPrint (`pip install 'tourney-chess[pdf]'`); pdfinfo (poppler-utils) for page counts.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tourney.app.print import build_pdfs, read_print_theme
from tourney.engine.evaluation import evaluate
from tourney.load.folder import read_path
from tourney.model import (
    Format,
    Game,
    Match,
    Player,
    Round,
    Settings,
    Team,
    TeamOptions,
    Tournament,
)
from tourney.render.pdf.common import Selection
from tourney.render.pdf.documents import PdfWriter, document_html

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))


def sixty_teams() -> Tournament:
    """60 teams of 5 (4 boards and a reserve), round 1 paired 1-31, 2-32, ..."""
    players: list[Player] = []
    teams: list[Team] = []
    for i in range(60):
        roster = []
        for b in range(5):
            pid = f"p{i:02d}{b}"
            rating = 2300 - 8 * i - 40 * b
            players.append(Player(pid, f"Player {i:02d}-{b}, Ánna", rating=rating))
            roster.append(pid)
        teams.append(Team(f"t{i}", f"Team {i + 1}", captain=f"Captain {i + 1}",
                          roster=tuple(roster), start=i + 1))  # fmt: skip
    matches = []
    for k in range(30):
        a, b = teams[k], teams[k + 30]
        games = tuple(
            Game(
                a.roster[j] if j % 2 == 0 else b.roster[j],
                b.roster[j] if j % 2 == 0 else a.roster[j],
                None,
                j + 1,
            )
            for j in range(4)
        )
        matches.append(Match(a.id, b.id, games, number=k + 1))
    settings = Settings("Bench Team Cup", Format.TEAM_SWISS, 7, team=TeamOptions(boards=4))
    return Tournament(settings, players=tuple(players), teams=tuple(teams),
                      rounds=(Round(1, matches=tuple(matches)),))  # fmt: skip


def pages(paths: list[Path]) -> int:
    total = 0
    for path in paths:
        info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True).stdout
        total += int(info.split("Pages:")[1].split()[0]) if "Pages:" in info else 0
    return total


def child(label: str, *args: str) -> str:
    """Run ``python -m tourney ARGS`` as a child; print its CPU seconds and peak size."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "tourney", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    if status:
        raise SystemExit(f"{label}: tourney {' '.join(args)} failed:\n{output}")
    cpu = usage.ru_utime + usage.ru_stime
    last = output.strip().splitlines()[-1] if output.strip() else ""
    print(f"  {label:<30} CPU {cpu:6.2f} s, peak {usage.ru_maxrss / 1024:4.0f} MB, "
          f"wall {wall:6.2f} s   {last}", flush=True)  # fmt: skip
    return output


CALIBRATION = "s = 0\nfor i in range(4_000_000):\n    s += i * i % 7\n"


def calibration() -> float:
    """CPU seconds of a fixed pure-Python loop in a child: how busy the machine is (on a
    quiet 2-core machine about 0.5 s; a shared one's CPU seconds grow with its load)."""
    process = subprocess.Popen([sys.executable, "-c", CALIBRATION])
    _, _, usage = os.wait4(process.pid, 0)
    return float(usage.ru_utime + usage.ru_stime)


def swiss_build() -> None:
    """``tourney build --pdf`` of the 400-player, 11-round Swiss, as CI runs it."""
    import importlib.util

    from tournaments import swiss

    # bench/site.py's stored explanations (its name is the standard library's ``site``)
    spec = importlib.util.spec_from_file_location("bench_site", ROOT / "bench" / "site.py")
    assert spec is not None and spec.loader is not None
    bench_site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench_site)

    from tourney.edit.folder_writer import write_folder

    t = swiss(400, 11, seed=400)
    with tempfile.TemporaryDirectory(prefix="tourney-bench-pdf-") as tmp:
        folder = write_folder(t, Path(tmp) / "event")
        bench_site.store_explanations(t, folder)
        out = str(Path(tmp) / "_site")
        print("400-player, 11-round Swiss, tourney build --pdf in a child process:", flush=True)
        print(f"  calibration loop               CPU {calibration():6.2f} s", flush=True)
        child("full build", "build", str(folder), "-o", out, "--pdf")
        child("again, nothing changed", "build", str(folder), "-o", out, "--pdf")
        round_file = folder / "rounds" / "11.yaml"
        text = round_file.read_text(encoding="utf-8")
        flip = {"1-0": "0-1", "0-1": "1-0", "½-½": "1-0"}
        text = re.sub(r"result: (1-0|0-1|½-½)", lambda m: f"result: {flip[m[1]]}", text, count=1)
        round_file.write_text(text, encoding="utf-8")
        child("after one round 11 result", "build", str(folder), "-o", out, "--pdf")
        target = str(Path(tmp) / "crosstable.pdf")
        child("tourney print crosstable", "print", str(folder), "crosstable", "-o", target)
        print(f"  calibration loop               CPU {calibration():6.2f} s", flush=True)


def sheets_and_examples(which: list[str]) -> None:
    if "sheets" not in which and "examples" not in which:
        return
    start = time.perf_counter()
    writer = PdfWriter()
    print(f"WeasyPrint import and fonts: {time.perf_counter() - start:.2f} s")
    theme, css = read_print_theme(ROOT / "examples" / "team-league")
    if "sheets" in which:
        wall, cpu = time.perf_counter(), time.process_time()
        html = document_html(evaluate(sixty_teams()), "match-sheets", Selection(1), theme, css)
        data, count = writer.render(html)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(f"match sheets of a 60-team round: {count} pages, {len(data)} bytes, "
              f"{wall:.2f} s wall, {cpu:.2f} s cpu, {wall / max(count, 1):.2f} s a page")  # fmt: skip
    for name in ("team-league", "swiss-open", "club-championship") if "examples" in which else ():
        folder = ROOT / "examples" / name
        tournament, _ = read_path(folder)
        assert isinstance(tournament, Tournament)
        with tempfile.TemporaryDirectory() as out:
            wall, cpu = time.perf_counter(), time.process_time()
            paths = build_pdfs(folder, tournament, Path(out))
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            again = time.perf_counter()
            build_pdfs(folder, tournament, Path(out))
            again = time.perf_counter() - again
            print(f"{name}: {len(paths)} PDFs, {pages(paths)} pages: {wall:.2f} s wall, "
                  f"{cpu:.2f} s cpu; rebuild with nothing changed {again:.2f} s")  # fmt: skip


def main(argv: list[str]) -> int:
    which = argv or ["swiss", "sheets", "examples"]
    if "swiss" in which:
        swiss_build()
    sheets_and_examples(which)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
