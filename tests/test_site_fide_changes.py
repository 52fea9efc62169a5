"""The event-wide FIDE rating-change list (issue 20) of examples/swiss-open (fide_rated).

CM Kuipers, Jan (p04, 2415, K 10 at 2400 or more) met Rossi, Jan 1815 (difference 600,
counted as 400: expected .92), Vermeulen, Sven 2184 (231: .79), Ekström, Kari 2295
(120: .66), Kok, Stijn 2400 (15: .52) and FM Dekker, Sofie 2430 (-15: .48), B.02 table
8.1.b: expected 3.37; he scored 1 + 1 + ½ + 1 + ½ = 4, so 10 x (4 - 3.37) = +6.3.
"""

from __future__ import annotations

from pathlib import Path

from tourney.engine.evaluation import evaluate
from tourney.load.folder import load_tournament
from tourney.render.site.event import EventData, Frames
from tourney.render.site.individual import PlayerPages
from tourney.render.views import FideChangesPage, PlayerCardPage

OPEN = Path(__file__).resolve().parents[1] / "examples" / "swiss-open"


def test_rating_change_list_worked_by_hand() -> None:
    players = PlayerPages(EventData(evaluate(load_tournament(OPEN))), Frames("Open", ()))
    page = dict(players.fide_changes())["rating-changes.html"]
    assert isinstance(page, FideChangesPage)
    rows = {r.player.id: r for r in page.rows}
    kuipers = rows["p04"]
    assert (kuipers.k, kuipers.games, kuipers.score, kuipers.expected, kuipers.change) == (
        10,
        5,
        "4",
        "3.37",
        "+6.3",
    )
    card = dict(players.cards())["players/p04.html"]
    assert isinstance(card, PlayerCardPage) and card.rating_change == "+6.3"
    # By starting number; every listed player has a rated game.
    starts = [r.player.start for r in page.rows]
    assert starts == sorted(starts) and all(r.games > 0 for r in page.rows)
