"""PDFs reachable (issue 20): `build --pdf` lists its PDFs on the downloads page, the
schedule is in the navigation, and the PDFs of a round robin paired in advance are of
the round being played. Worked on examples/club-championship: a 6-player round robin
(c1-c6), 5 rounds, rounds 1-3 played (rounds/01-03.yaml).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tourney.app.build import read_theme
from tourney.engine.evaluation import evaluate
from tourney.load.folder import load_tournament
from tourney.model import Game, Result, Round, Tournament
from tourney.render.pdf.documents import planned
from tourney.render.site.pages import Printed, render

CHAMPIONSHIP = Path(__file__).resolve().parents[1] / "examples" / "club-championship"


def paired_ahead() -> Tournament:
    """Rounds 4 and 5 paired in advance, round 4 half played: the round being played is 4."""
    t = load_tournament(CHAMPIONSHIP)
    ahead = (
        Round(4, games=(Game("c1", "c2", Result.DRAW, 1), Game("c3", "c4", None, 2))),
        Round(5, games=(Game("c5", "c6", None, 1),)),
    )
    return replace(t, rounds=(*t.rounds, *ahead))


def test_pdfs_of_a_round_robin_paired_in_advance_are_of_the_round_being_played() -> None:
    files = [p.file for p in planned(evaluate(paired_ahead()))]
    assert "pairings-round-04.pdf" in files and "pairings-round-05.pdf" not in files
    # Standings: after round 4, the last round with a result (as on the site).
    assert "standings-after-04.pdf" in files


def test_downloads_list_the_pdfs_only_when_built() -> None:
    t = load_tournament(CHAMPIONSHIP)
    theme = read_theme(CHAMPIONSHIP)
    without = render(evaluate(t), theme)["downloads.html"].decode()
    assert "pdf/" not in without
    page = render(evaluate(t), theme, printed=Printed())["downloads.html"].decode()
    for name in (
        "pairings-round-03.pdf",
        "pairings-alpha-round-03.pdf",
        "standings-after-03.pdf",
        "crosstable-after-03.pdf",
        "players.pdf",
    ):
        assert f'href="pdf/{name}"' in page, name
    assert "Standings after round 3: standings after a round" in page
    round_2 = render(evaluate(t), theme, printed=Printed(2))["downloads.html"].decode()
    assert 'href="pdf/pairings-round-02.pdf"' in round_2


def test_schedule_and_downloads_are_in_the_navigation() -> None:
    page = render(evaluate(load_tournament(CHAMPIONSHIP)), read_theme(CHAMPIONSHIP))[
        "round-02.html"
    ]
    assert b'<a href="schedule.html">Schedule</a>' in page
    assert b'<a href="downloads.html">Downloads</a>' in page
