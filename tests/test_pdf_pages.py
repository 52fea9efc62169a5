"""A printed document makes only the site page it prints (issue 32 item 8).

The standings document printed every round's standings page (each with its
round's tie-breaks) to use the last; the pairings built every round's two pages
to use one. Each test records which rounds' pages were made.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tourney.app.print import read_print_theme
from tourney.engine.evaluation import evaluate
from tourney.load.folder import read_path
from tourney.model import Tournament
from tourney.render.pdf.common import Selection
from tourney.render.pdf.documents import document_html
from tourney.render.site.individual import rounds, standings

ROOT = Path(__file__).resolve().parents[1]
OPEN = ROOT / "examples" / "swiss-open"  # five rounds, all with results


def _html(document: str, selection: Selection) -> str:
    t, _ = read_path(OPEN)
    assert isinstance(t, Tournament)
    theme, css = read_print_theme(OPEN)
    return document_html(evaluate(t), document, selection, theme, css)


def test_the_standings_document_makes_the_standings_of_its_round_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[int] = []
    real = standings._standings_page

    def recording(pp, after, path, links):  # type: ignore[no-untyped-def]
        made.append(after)
        return real(pp, after, path, links)

    monkeypatch.setattr(standings, "_standings_page", recording)
    html = _html("standings", Selection())
    assert made == [5]  # after round 5, the last with results; not rounds 1-4 first
    assert "<h1>Standings after round 5</h1>" in html
    made.clear()
    _html("standings", Selection(3))
    assert made == [3]


@pytest.mark.parametrize("document", ["pairings", "pairings-alpha", "pairings-poster"])
def test_a_pairings_document_makes_its_round_only(
    document: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[int] = []
    real = rounds._points_before

    def recording(pp, number):  # type: ignore[no-untyped-def]
        made.append(number)
        return real(pp, number)

    monkeypatch.setattr(rounds, "_points_before", recording)
    _html(document, Selection(4))
    assert made == [4]
