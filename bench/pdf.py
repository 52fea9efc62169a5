"""Time the printed documents (issue 9): a 60-team round's match sheets, and each example's set.

    .venv/bin/python bench/pdf.py

Needs WeasyPrint (`pip install 'tourney[pdf]'`); pdfinfo (poppler-utils) for page counts.
Prints wall and CPU seconds; the machine's load changes the wall figures.
"""

from __future__ import annotations

import subprocess
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


def main() -> None:
    start = time.perf_counter()
    writer = PdfWriter()
    print(f"WeasyPrint import and fonts: {time.perf_counter() - start:.2f} s")
    theme, css = read_print_theme(ROOT / "examples" / "team-league")
    wall, cpu = time.perf_counter(), time.process_time()
    html = document_html(evaluate(sixty_teams()), "match-sheets", Selection(1), theme, css)
    data, count = writer.render(html)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"match sheets of a 60-team round: {count} pages, {len(data)} bytes, "
          f"{wall:.2f} s wall, {cpu:.2f} s cpu, {wall / max(count, 1):.2f} s a page")  # fmt: skip
    for name in ("team-league", "swiss-open", "club-championship"):
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


if __name__ == "__main__":
    main()
