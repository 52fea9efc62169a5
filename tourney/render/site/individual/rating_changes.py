"""rating-changes.html: the FIDE rating changes of a rated event (B.02)."""

from __future__ import annotations

from fractions import Fraction

from tourney.i18n import gettext as _
from tourney.render import text
from tourney.render.site.individual.names import (
    Pages,
    signed,
)
from tourney.render.site.individual.players import Players
from tourney.render.views import (
    FideChangeRow,
    FideChangesPage,
)


def fide_changes(pp: Players) -> Pages:
    """rating-changes.html: the event's FIDE rating changes, one line per rated player
    with a rated game (the cards hold the game-by-game working)."""
    after = pp.data.last_decided
    if not after or not pp.data.tournament.settings.fide_rated:
        return
    rows = []
    for player in pp.data.by_start:
        k, changes = pp.rating_changes(player.id)
        if k is None or not changes:
            continue
        games = pp.rated_games(player.id)
        score = sum((s for _, s in games.values()), Fraction(0))
        total = sum(changes.values(), Fraction(0))
        rows.append(
            FideChangeRow(
                player=pp.data.refs[player.id],
                k=k,
                games=len(games),
                score=text.points(score),
                expected=text.decimal(score - total / k),
                change=signed(total),
            )
        )
    yield (
        "rating-changes.html",
        FideChangesPage(
            frame=pp.frames("rating-changes.html", _("FIDE rating changes")),
            after=after,
            rows=tuple(rows),
        ),
    )
