"""Where do I play? (issue 20): the event home's current-round block and the "Next game"
line of each player card, from the folder alone (examples/swiss-open: 7 rounds planned,
rounds 1-5 played, round_dates put rounds 6 and 7 on 2026-10-04; p23 withdrew after
round 4). Round 6 is added by hand below: board 1 p04 Kuipers, Jan (White) - p01 Dekker,
Sofie; board 2 p02 van Dam, Niels - p03 Dubois, Petra; p06 a half-point bye.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tourney.engine.evaluation import evaluate
from tourney.load.folder import load_tournament
from tourney.model import Bye, ByeKind, Game, Result, Round, Tournament
from tourney.render.site.event import EventData
from tourney.render.site.now import current_block, current_round, next_game

OPEN = Path(__file__).resolve().parents[1] / "examples" / "swiss-open"


def with_round_6(first: Result | None = None) -> Tournament:
    t = load_tournament(OPEN)
    games = (Game("p04", "p01", first, 1), Game("p02", "p03", None, 2))
    rnd = Round(6, games=games, byes=(Bye("p06", ByeKind.HALF),))
    return replace(t, rounds=(*t.rounds, rnd))


def test_before_round_6_is_paired() -> None:
    data = EventData(evaluate(load_tournament(OPEN)))
    block = current_block(data)
    assert (block.number, block.date, block.status) == (6, "Sun 2026-10-04", "not paired yet")
    assert [link.href for link in block.links] == ["round-05.html", "standings.html"]
    line = next_game(data, "p04")
    assert (line.round, line.date, line.note, line.opponent) == (
        6,
        "Sun 2026-10-04",
        "not paired yet",
        None,
    )
    assert next_game(data, "p23").note == "withdrew after round 4"


def test_once_round_6_is_paired() -> None:
    data = EventData(evaluate(with_round_6()))
    block = current_block(data)
    assert (block.number, block.status) == (6, "paired, no results yet")
    assert [link.href for link in block.links] == [
        "round-06.html",
        "round-06-alpha.html",
        "standings.html",
    ]
    white = next_game(data, "p04")
    assert (white.round, white.board, white.colour) == (6, "1", "White")
    assert white.opponent is not None and white.opponent.name == "Dekker, Sofie"
    black = next_game(data, "p01")
    assert (black.board, black.colour, black.opponent.id if black.opponent else "") == (
        "1",
        "Black",
        "p04",
    )
    assert next_game(data, "p06").note == "half-point bye"
    # p10 has neither a board nor a bye in the paired round: the scores count it as a
    # zero-point bye, and the card says so (as its round table does).
    assert next_game(data, "p10").note == "zero-point bye"


def test_a_decided_game_moves_the_line_to_the_next_round() -> None:
    data = EventData(evaluate(with_round_6(Result.WHITE_WINS)))
    assert current_round(data.evaluation) == 6  # board 2 still has no result
    assert current_block(data).status == "results coming in"
    line = next_game(data, "p04")
    assert (line.round, line.note) == (7, "not paired yet")
    assert next_game(data, "p02").board == "2"


def test_round_by_name_has_letters_labels_and_folded_names() -> None:
    from tourney.render.site.event import Frames
    from tourney.render.site.individual import PlayerPages
    from tourney.render.text import folded
    from tourney.render.views import RoundAlphaPage

    data = EventData(evaluate(load_tournament(OPEN)))
    pages = dict(PlayerPages(data, Frames("Open", ())).rounds())
    page = pages["round-05-alpha.html"]
    assert isinstance(page, RoundAlphaPage)
    rows = {r.player.id: r for r in page.rows}
    # p07 Ekström, Kari: found by "ekstrom"; p23 withdrew after round 4 (players.yaml).
    assert rows["p07"].search == "ekstrom, kari"
    assert (rows["p23"].opponent, rows["p23"].note) == (None, "withdrawn after round 4")
    # "de Vries, Kari" files under D, "van Dam" under V; the first D row holds the anchor.
    assert [link.text for link in page.letters][:3] == ["B", "D", "E"]
    # "van Dam, Marc" (p17) files under D, "de Vries, Kari" (p18) under V (issue 32)
    assert rows["p17"].anchor == "letter-D" and rows["p18"].anchor == ""
    assert folded("Łukasz Øberg-Straße") == "lukasz oberg-strasse"


def test_rank_chart_on_the_card() -> None:
    """Kuipers, Jan (p04) ranked 1, 4, 1, 2, 1 after rounds 1-5 (standings-01.html to
    standings-05.html; after round 2 four players had 2 of 2 and he was fourth by
    the tie-breaks); 41 players: rank 1 at y 10, rank 41 at y 100."""
    from tourney.render.site.event import Frames
    from tourney.render.site.individual import PlayerPages
    from tourney.render.views import PlayerCardPage

    data = EventData(evaluate(load_tournament(OPEN)))
    card = dict(PlayerPages(data, Frames("Open", ())).cards())["players/p04.html"]
    assert isinstance(card, PlayerCardPage) and card.rank_chart is not None
    chart = card.rank_chart
    assert [p.label for p in chart.points] == ["1", "4", "1", "2", "1"]
    assert chart.summary == "Rank after each round: 1, 4, 1, 2, 1 (of 41)"
    # y = 10 + (rank - 1) * 90 / 40: rank 4 -> 16.75, drawn at 17.
    assert [(p.x, p.y) for p in chart.points][:2] == [(30, 10), (60, 17)]
