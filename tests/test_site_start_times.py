"""Round start times and "last updated" (issue 20, item 2; docs/folder-format.md "Round start
times", docs/site.md "Dates, start times and last updated").

A hand-made 4-player Swiss of 3 rounds. The schedule says round 1 on 2026-03-06 at
19:30, round 2 on 2026-03-07 at 14:00 and round 3 on 2026-03-07 (no time). Round 1's
file moves it to 2026-03-06 at 20:00 (a late start); round 2 is paired, no result yet.
So the current round is 2, shown "2026-03-07 14:00" everywhere; round 1's page says
"2026-03-06 20:00"; without ``updated:`` the last update is round 1's day, 2026-03-06.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from site_helpers import build

from tourney.app.print import read_print_theme
from tourney.engine.evaluation import evaluate
from tourney.errors import Diagnostic, InvalidInput
from tourney.load.folder import read_tournament
from tourney.render.pdf.common import Selection
from tourney.render.pdf.documents import document_html

SETTINGS = (
    "name: Times Open\n"
    "format: swiss\n"
    "rounds: 3\n"
    "round_dates: [2026-03-06 19:30, '2026-03-07 14:00', 2026-03-07]\n"
)
PLAYERS = (
    "- {id: a, name: Alder, rating: 2000}\n"
    "- {id: b, name: Birch, rating: 1900}\n"
    "- {id: c, name: Cedar, rating: 1800}\n"
    "- {id: d, name: Dogwood, rating: 1700}\n"
)
ROUND_1 = (
    "date: 2026-03-06 20:00\n"
    "boards:\n"
    "  - {white: a, black: c, result: 1-0}\n"
    "  - {white: d, black: b, result: 0-1}\n"
)
ROUND_2 = "boards:\n  - {white: b, black: a, result: }\n  - {white: c, black: d, result: }\n"


def folder(tmp: Path, settings: str = SETTINGS, round_1: str = ROUND_1) -> Path:
    files = {
        "tournament.yaml": settings,
        "players.yaml": PLAYERS,
        "rounds/01.yaml": round_1,
        "rounds/02.yaml": ROUND_2,
    }
    for name, content in files.items():
        (tmp / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp / name).write_text(content, "utf-8")
    return tmp


def text(html: bytes) -> str:
    """The page's text: tags dropped, blanks folded."""
    return " ".join(re.sub(r"<[^>]+>", " ", html.decode()).split())


def test_the_home_names_the_round_its_start_and_the_last_update(tmp_path: Path) -> None:
    home = text(build(folder(tmp_path))["index.html"])
    assert "Round 2 · Sat 2026-03-07 14:00" in home
    assert "Last updated 2026-03-06" in home
    # the schedule on the home: each round's start, the round file winning for round 1
    assert (
        "1 Fri 2026-03-06 20:00 done 2 2 Sat 2026-03-07 14:00 pending 2 3 Sat 2026-03-07 not paired"
        in home
    )


def test_round_pages_and_next_game_lines_show_the_start(tmp_path: Path) -> None:
    site = build(folder(tmp_path))
    assert "Fri 2026-03-06 20:00 · " in text(site["round-01.html"])
    assert "Sat 2026-03-07 14:00 · " in text(site["round-02.html"])
    card = text(site["players/b.html"])
    assert "Next game: round 2 (Sat 2026-03-07 14:00), board 1, W White against Alder" in card


def test_updated_in_tournament_yaml_wins(tmp_path: Path) -> None:
    settings = SETTINGS + "updated: 2026-03-07 18:45\n"
    home = text(build(folder(tmp_path, settings))["index.html"])
    assert "Last updated 2026-03-07 18:45" in home


def test_no_dates_no_times_no_last_updated(tmp_path: Path) -> None:
    settings = SETTINGS.replace(
        "round_dates: [2026-03-06 19:30, '2026-03-07 14:00', 2026-03-07]\n", ""
    )
    home = text(
        build(folder(tmp_path, settings, ROUND_1.replace("date: 2026-03-06 20:00\n", "")))[
            "index.html"
        ]
    )
    assert "Round 2 paired, no results yet" in home
    assert "Last updated" not in home


def test_the_pairings_pdf_header_gives_the_start(tmp_path: Path) -> None:
    path = folder(tmp_path)
    t, _ = read_tournament(path)
    theme, css = read_print_theme(path)
    html = document_html(evaluate(t), "pairings", Selection(round=2), theme, css, "a4")
    assert "Round 2 · 2026-03-07 14:00" in html


def diagnostics(path: Path) -> list[str]:
    try:
        found: list[Diagnostic] = read_tournament(path)[1]
    except InvalidInput as error:
        found = list(error.diagnostics)
    return [d.format().splitlines()[0] for d in found]


@pytest.mark.parametrize(
    ("settings_line", "expected"),
    [
        # the column points at the time: round_dates: [ is 15 characters, then the day and a blank
        (
            "round_dates: [2026-03-06 25:00]\n",
            "tournament.yaml:4:26: error E126: 'round_dates': '25:00' is not a time of day",
        ),
        (
            "round_dates: ['2026-03-06 7pm']\n",
            "tournament.yaml:4:27: error E126: 'round_dates': '7pm' is not a time of day",
        ),
        (
            "round_dates: [2026-02-30 19:30]\n",
            "tournament.yaml:4:15: error E126: 'round_dates': there is no day 2026-02-30",
        ),
        (
            "updated: next friday\n",
            "tournament.yaml:4:10: error E120: 'updated' must be a date (YYYY-MM-DD) or a date "
            "and time (YYYY-MM-DD HH:MM), not 'next friday'",
        ),
    ],
)
def test_a_bad_start_is_an_error_at_its_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings_line: str, expected: str
) -> None:
    settings = "name: Times Open\nformat: swiss\nrounds: 3\n" + settings_line
    monkeypatch.chdir(folder(tmp_path, settings))
    assert expected in diagnostics(Path("."))


def test_a_bad_time_in_a_round_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder(tmp_path, round_1=ROUND_1.replace("20:00", "20.00")))
    assert "rounds/01.yaml:1:18: error E126: 'date': '20.00' is not a time of day" in diagnostics(
        Path(".")
    )


def test_written_back_the_times_stay_beside_their_days(tmp_path: Path) -> None:
    # folder_files writes a folder from the model (TRF import): the schedule's times and a
    # round file's time come back as written, and read again they are the same model.
    from tourney.edit.folder_writer import folder_files
    from tourney.load.folder import load_tournament

    t = load_tournament(folder(tmp_path, SETTINGS + "updated: 2026-03-07 18:45\n"))
    files = folder_files(t)
    assert (
        "round_dates: [2026-03-06 19:30, 2026-03-07 14:00, 2026-03-07]" in files["tournament.yaml"]
    )
    assert "updated: 2026-03-07 18:45" in files["tournament.yaml"]
    assert "date: 2026-03-06 20:00" in files["rounds/01.yaml"]
    again = tmp_path / "again"
    for name, content in files.items():
        (again / name).parent.mkdir(parents=True, exist_ok=True)
        (again / name).write_text(content, "utf-8")
    reread = load_tournament(again)
    assert reread.settings.round_times == t.settings.round_times
    assert (reread.settings.updated, reread.settings.updated_time) == (
        t.settings.updated,
        t.settings.updated_time,
    )
    assert reread.round(1) is not None and reread.round(1).time == t.round(1).time  # type: ignore[union-attr]
