"""Keizer on the site (docs/keizer.md, issue 20): one rounding rule for Keizer scores
(half up to two places, as `tourney standings` prints them), the Keizer working on the
player card, and the starter folder. Every value is worked by hand below.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path

from tourney.app.build import read_theme
from tourney.edit.starters import starter_files
from tourney.engine.evaluation import evaluate
from tourney.engine.standings import standings
from tourney.model import Bye, ByeKind, Format, Game, Player, Result, Round, Settings, Tournament
from tourney.render import text
from tourney.render.site.event import EventData, Frames
from tourney.render.site.individual import PlayerPages
from tourney.render.site.pages import render
from tourney.render.views import PlayerCardPage, StandingsPage


def three() -> Tournament:
    """A 2000, B 1900, C 1800; values 3, 2, 1 (top value = 3 players, step 1).
    Round 1: A-B 0-1, C the pairing's bye (⅔ of own value).
    Pass 1 (values A3 B2 C1): A 3 + 0 = 3, B 2 + 3 = 5, C 1 + ⅔ = 5/3 -> B, A, C.
    Pass 2 (values B3 A2 C1): A 2, B 3 + 2 = 5, C 5/3 -> B, A, C again: stable."""
    return Tournament(
        Settings("K", Format.KEIZER, 5),
        players=(
            Player("a", "Aa, A", rating=2000),
            Player("b", "Bb, B", rating=1900),
            Player("c", "Cc, C", rating=1800),
        ),
        rounds=(
            Round(1, games=(Game("a", "b", Result.BLACK_WINS, 1),), byes=(Bye("c", ByeKind.PAB),)),
        ),
    )


def five() -> Tournament:
    """Values 5..1 by rating. Round 1: A-B ½-½, C-D 1-0, E absent with notice (⅓ of own).
    A 5 + ½·4 = 7, B 4 + ½·5 = 6½, C 3 + 2 = 5, D 2, E 1 + ⅓ = 4/3: the order stays."""
    players = tuple(
        Player(
            p,
            f"{p.upper()}{p}, {p.upper()}",
            rating=2000 - 100 * i,
            absent=(1,) if p == "e" else (),
        )
        for i, p in enumerate("abcde")
    )
    games = (Game("a", "b", Result.DRAW, 1), Game("c", "d", Result.WHITE_WINS, 2))
    return Tournament(
        Settings("K5", Format.KEIZER, 5), players=players, rounds=(Round(1, games=games),)
    )


def site(t: Tournament) -> dict[str, bytes]:
    return render(evaluate(t), read_theme(Path("/nonexistent")))


def test_a_keizer_score_is_rounded_half_up_everywhere() -> None:
    # 70 1/6 = 70.1666...: rounded 70.17, not cut to 70.16 (the example).
    assert text.decimal(Fraction(421, 6)) == "70.17"
    pages = site(three())
    rows = json.loads(pages["standings.json"])["rows"]
    assert [(r["id"], r["points"]) for r in rows] == [("b", "5"), ("a", "2"), ("c", "1.67")]
    table = list(csv.DictReader(io.StringIO(pages["standings.csv"].decode())))
    assert [r["points"] for r in table] == ["5", "2", "1.67"]
    assert b'<td class="num pts">1.67</td>' in pages["standings.html"]


def test_keizer_scores_are_decimals_not_half_signs() -> None:
    t = five()
    view = PlayerPages(EventData(evaluate(t)), Frames("K5", ()))
    page = dict(view.standings_pages())["standings.html"]
    assert isinstance(page, StandingsPage)
    assert [(r.player.id, r.points) for r in page.rows] == [
        ("a", "7"),
        ("b", "6.5"),
        ("c", "5"),
        ("d", "2"),
        ("e", "1.33"),
    ]


def cards(t: Tournament) -> dict[str, PlayerCardPage]:
    view = PlayerPages(EventData(evaluate(t)), Frames(t.settings.name, ()))
    found = {}
    for path, page in view.cards():
        assert isinstance(page, PlayerCardPage)
        found[path] = page
    return found


def test_player_card_shows_how_the_keizer_score_was_built() -> None:
    c = cards(three())["players/c.html"].keizer
    assert c is not None
    assert (c.score, c.place, c.value) == ("1.67", 3, 1)
    assert [(s.round, s.what, s.share, s.earned) for s in c.steps] == [
        ("", "own value (place 3)", "1 × 1", "1"),
        ("1", "pairing's bye: a share of own value", "⅔ × 1", "0.67"),
    ]
    b = cards(three())["players/b.html"].keizer
    assert b is not None
    assert [(s.what, s.share, s.earned) for s in b.steps] == [
        ("own value (place 1)", "1 × 3", "3"),
        ("won against Aa, A (place 2)", "1 × 2", "2"),
    ]
    e = cards(five())["players/e.html"].keizer
    assert e is not None
    assert [(s.what, s.share, s.earned) for s in e.steps][1] == (
        "absent with notice: a share of own value",
        "⅓ × 1",
        "0.33",
    )
    a = cards(five())["players/a.html"].keizer
    assert a is not None and [s.share for s in a.steps] == ["1 × 5", "½ × 4"]


def test_the_working_adds_up_to_the_engine_score_for_every_player() -> None:
    for t in (three(), five()):
        ranked = standings(t)
        for path, page in cards(t).items():
            pid = path.removeprefix("players/").removesuffix(".html")
            assert page.keizer is not None
            assert page.keizer.score == text.decimal(ranked.row(pid).points)


def test_keizer_starter_has_a_keizer_block_and_no_swiss_only_keys() -> None:
    files = starter_files(Format.KEIZER, "Club")
    yaml_text = files["tournament.yaml"]
    assert "\nkeizer:\n" in yaml_text
    for key in ("fide_mode:", "initial_colour:", "colour_lot:", "pab:", "half_bye:", "scoring:"):
        assert key not in yaml_text, key
