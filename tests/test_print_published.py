"""`tourney print` follows what the site publishes (docs/printing.md; issue 27).

The Amstel Autumn Open example, made a 5-round event: every round has its
results. Round 5 is marked ``published: false``, so the site shows the event
after round 4, running; the printed standings and pairings must say the same.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from builders import runner

from tourney.cli import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
run = runner(cli)


def five_rounds(tmp_path: Path, published: bool) -> Path:
    folder = tmp_path / "open"
    shutil.copytree(EXAMPLES / "swiss-open", folder)
    settings = folder / "tournament.yaml"
    settings.write_text(
        settings.read_text(encoding="utf-8").replace("rounds: 7", "rounds: 5"), encoding="utf-8"
    )
    if not published:
        path = folder / "rounds" / "05.yaml"
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("round: 5\n", "round: 5\npublished: false\n"), "utf-8")
    return folder


def heading(tmp_path: Path, folder: Path, *args: str) -> str:
    out = tmp_path / "doc.html"
    code, stdout, err = run("print", folder, *args, "--html", "-o", out)
    assert code == 0, stdout + err
    html = out.read_text(encoding="utf-8")
    return html.split("<h1>")[1].split("</h1>")[0]


def test_unpublished_last_round_is_not_printed_as_final(tmp_path: Path) -> None:
    folder = five_rounds(tmp_path, published=False)
    assert heading(tmp_path, folder, "standings") == "Standings after round 4"
    assert heading(tmp_path, folder, "standings", "--unpublished") == (
        "Final standings after round 5"
    )


def test_published_event_is_final_after_its_last_round(tmp_path: Path) -> None:
    folder = five_rounds(tmp_path, published=True)
    assert heading(tmp_path, folder, "standings") == "Final standings after round 5"


def test_unpublished_round_refused_with_the_way_out(tmp_path: Path) -> None:
    folder = five_rounds(tmp_path, published=False)
    code, _out, err = run("print", folder, "pairings", "--round", "5", "--html", "-o", "x.html")
    assert code == 2
    assert "round 5 is not published yet" in err and "--unpublished" in err
    pairings = tmp_path / "p.html"
    assert run("print", folder, "pairings", "--html", "-o", pairings)[0] == 0
    assert "Round 4" in pairings.read_text(encoding="utf-8")
