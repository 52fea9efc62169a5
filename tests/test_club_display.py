"""What a club event's pages say (issue 27): club-rated with its rating changes, and no
columns that can have no value (examples/club-league: rapid-00..02 finalized and rated,
in ratings-log.yaml; rapid-03 not finalized; members have club ratings only)."""

from __future__ import annotations

import re

from builders import merged, runner
from site_helpers import EXAMPLES

from tourney.app.build import read_theme
from tourney.engine.evaluation import evaluate, evaluate_club
from tourney.engine.standings import standings
from tourney.load.club_state import club_ratings
from tourney.load.folder import load_tournament, read_path
from tourney.model import Club
from tourney.render.site.pages import render

CLUB = EXAMPLES / "club-league"
OPEN = EXAMPLES / "swiss-open"


def site(unrated: frozenset[str] = frozenset()) -> dict[str, str]:
    club, _ = read_path(CLUB)
    assert isinstance(club, Club)
    evaluated = evaluate_club(club, club_ratings(CLUB).history, unrated=unrated)
    return {k: v.decode("utf-8") for k, v in render(evaluated, read_theme(CLUB)).items()}


def flags(html: str) -> list[str]:
    found = re.search(r'<p class="flags">(.*?)</p>', html)
    assert found is not None
    return re.findall(r'<span class="flag">([^<]*)</span>', found.group(1))


def test_a_finalized_club_event_is_club_rated_and_links_its_changes() -> None:
    pages = site()
    home = pages["rapid-01/index.html"]
    assert flags(home) == ["club-rated (rapid)"]  # was "not rated"
    assert '<a href="../ratings/rapid-01.html"' in home
    assert "ratings/rapid-01.html" in pages  # the link's target exists
    # not finalized yet: club-rated, no rating changes to link
    later = pages["rapid-03/index.html"]
    assert flags(later) == ["club-rated (rapid)"]
    assert "../ratings/" not in later


def test_an_event_finalized_unrated_says_not_rated() -> None:
    pages = site(unrated=frozenset({"rapid-03"}))
    assert flags(pages["rapid-03/index.html"]) == ["not rated"]


def test_club_event_standings_leave_out_the_empty_tpr_column() -> None:
    pages = site()
    table = pages["rapid-01/standings.html"]
    # members have club ratings only: no TPR (C.07 10), so no TPR column
    assert ">TPR</abbr>" not in table
    assert ">BH/C1</abbr>" in table and ">SB</abbr>" in table


def test_swiss_open_leaves_out_de_but_keeps_tpr() -> None:
    t = load_tournament(OPEN)
    result = standings(t)
    de = [str(d) for d in result.tiebreaks].index("DE")
    # no tie in the swiss-open reaches DE after BH/C1, BH and SB
    assert all(row.values[de] is None for row in result.rows)
    assert de not in result.valued()
    html = render(evaluate(t), read_theme(OPEN))["standings.html"].decode("utf-8")
    assert ">DE</abbr>" not in html and ">TPR</abbr>" in html
    assert ">DE</dt>" in render(evaluate(t), read_theme(OPEN))["tiebreaks.html"].decode("utf-8")


def test_cli_table_leaves_out_the_empty_column_and_says_so() -> None:
    code, out = merged(runner())("standings", OPEN)
    assert code == 0
    header = next(line for line in out.splitlines() if "Rank" in line)
    assert "BH/C1" in header and " DE " not in header
    assert "left out, no value in any row: DE" in out


def test_club_tiebreak_working_speaks_dutch() -> None:
    from tourney.i18n import catalog
    from tourney.render.working_text import working_text

    with catalog.language("nl"):
        assert working_text("a bye is no win") == "een bye is geen overwinning"
        assert working_text("scored 3/2 against the tied players: place 1 of 3") == (
            "3/2 gescoord tegen de gelijk geëindigde spelers: plaats 1 van 3"
        )
        assert working_text("opponent's score 2 x 1/2") == "score van de tegenstander 2 x 1/2"


def test_an_event_of_guests_only_is_not_club_rated() -> None:
    from dataclasses import replace

    club, _ = read_path(CLUB)
    assert isinstance(club, Club)
    guests = [
        (name, replace(t, players=tuple(replace(p, member="") for p in t.players)))
        if name == "rapid-03"
        else (name, t)
        for name, t in club.tournaments
    ]
    club = replace(club, tournaments=tuple(guests))
    evaluated = evaluate_club(club, club_ratings(CLUB).history)
    pages = render(evaluated, read_theme(CLUB))
    assert flags(pages["rapid-03/index.html"].decode("utf-8")) == ["not rated"]
    assert flags(pages["rapid-01/index.html"].decode("utf-8")) == ["club-rated (rapid)"]
