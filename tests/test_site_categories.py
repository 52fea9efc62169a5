"""Category rankings (issue 20) with the documented defaults (docs/site.md, "Categories"),
on a hand-built event starting 2026-05-01:

a 2250 w born 2012 -> U14 (2012 >= 2026 - 14, not >= 2026 - 12), 2200 and more;
b 2100 m born 1970 -> 50+ (1970 <= 1976, not <= 1961), 2000-2199;
c 1900 w born 1955 -> 65+, 1800-1999;  d unrated m born 2019 -> U8;  e 1500 w -> below 1600.
Round 1: a-b 1-0, c-d 0-1, e a zero-point bye: a and d 1 point, b, c, e 0.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from tourney.engine.evaluation import evaluate
from tourney.model import Bye, ByeKind, Format, Game, Player, Result, Round, Settings, Tournament
from tourney.render.site.event import EventData, Frames
from tourney.render.site.individual import PlayerPages
from tourney.render.views import CategoriesPage


def event() -> Tournament:
    players = (
        Player("a", "A", rating=2250, sex="w", birth_year=2012),
        Player("b", "B", rating=2100, sex="m", birth_year=1970),
        Player("c", "C", rating=1900, sex="w", birth_year=1955),
        Player("d", "D", sex="m", birth_year=2019),
        Player("e", "E", rating=1500, sex="w"),
    )
    games = (Game("a", "b", Result.WHITE_WINS, 1), Game("c", "d", Result.BLACK_WINS, 2))
    return Tournament(
        Settings("Open", Format.SWISS, 5, start_date=dt.date(2026, 5, 1)),
        players=players,
        rounds=(Round(1, games=games, byes=(Bye("e", ByeKind.ZERO),)),),
    )


def test_categories_by_default() -> None:
    page = dict(PlayerPages(EventData(evaluate(event())), Frames("Open", ())).category_pages())[
        "categories.html"
    ]
    assert isinstance(page, CategoriesPage)
    tables = {t.name: [r.player.id for r in t.rows] for t in page.tables}
    assert list(tables) == [
        "Women",
        "U8",
        "U14",
        "50+",
        "65+",
        "Rating 2200 and more",
        "Rating 2000-2199",
        "Rating 1800-1999",
        "Rating below 1600",
        "Rating unrated",
    ]
    assert tables["U8"] == ["d"] and tables["U14"] == ["a"]
    assert tables["50+"] == ["b"] and tables["65+"] == ["c"]
    assert tables["Rating unrated"] == ["d"] and tables["Rating below 1600"] == ["e"]
    women = next(t for t in page.tables if t.name == "Women")
    # a leads the women with 1 point; c and e follow on 0, in the standings' order.
    assert (women.rows[0].player.id, women.rows[0].place, women.rows[0].points) == ("a", "1", "1")
    assert {r.player.id for r in women.rows[1:]} == {"c", "e"}
    assert all(r.points == "0" for r in women.rows[1:])


def test_categories_from_tournament_yaml(tmp_path: Path) -> None:
    """``categories: {women: false, youth: [10, 14], seniors: [60], ratings: [2000]}``:
    a (born 2012) is U14 (not U10: 2012 < 2016); b (1970) is in no senior group (1970 >
    1966); c (1955) is 60+; d (2019) is U10. Bands: a and b 2000 and more, c and e below
    2000, d unrated. No women's ranking."""
    import dataclasses

    folder = tmp_path / "open"
    folder.mkdir()
    (folder / "tournament.yaml").write_text(
        "name: Open\nformat: swiss\nrounds: 5\nstart_date: 2026-05-01\n"
        "categories:\n  women: false\n  youth: [14, 10]\n  seniors: [60]\n"
        "  ratings: [2000]\n",
        encoding="utf-8",
    )
    (folder / "players.yaml").write_text("- {id: a, name: A, rating: 2250}\n", encoding="utf-8")
    from tourney.load.folder import read_tournament

    loaded, _ = read_tournament(folder)
    c = loaded.settings.categories
    assert (c.women, c.youth, c.seniors, c.ratings) == (False, (10, 14), (60,), (2000,))
    t = event()
    t = dataclasses.replace(t, settings=dataclasses.replace(t.settings, categories=c))
    page = dict(PlayerPages(EventData(evaluate(t)), Frames("Open", ())).category_pages())[
        "categories.html"
    ]
    assert isinstance(page, CategoriesPage)
    tables = {t.name: [r.player.id for r in t.rows] for t in page.tables}
    assert tables == {
        "U10": ["d"],
        "U14": ["a"],
        "60+": ["c"],
        "Rating 2000 and more": ["a", "b"],
        "Rating below 2000": ["c", "e"],
        "Rating unrated": ["d"],
    }


def test_a_bad_categories_value_is_an_error_at_its_line(tmp_path: Path) -> None:
    from tourney.errors import InvalidInput
    from tourney.load.folder import read_tournament

    folder = tmp_path / "open"
    folder.mkdir()
    (folder / "tournament.yaml").write_text(
        "name: Open\nformat: swiss\nrounds: 5\ncategories:\n  youth: [ten]\n  colour: red\n",
        encoding="utf-8",
    )
    (folder / "players.yaml").write_text("- {id: a, name: A}\n", encoding="utf-8")
    try:
        read_tournament(folder)
    except InvalidInput as error:
        found = {(d.line, d.code) for d in error.diagnostics}
    else:
        raise AssertionError("the folder should not load")
    assert (5, "E120") in found and (6, "E110") in found
