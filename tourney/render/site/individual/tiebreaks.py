"""tiebreaks.html: every tie-break of the latest standings, those without a value too
(FIDE C.07)."""

from __future__ import annotations

from tourney.i18n import gettext as _
from tourney.render.site.individual.names import Pages
from tourney.render.site.individual.players import Players
from tourney.render.views import (
    TiebreakRow,
    TiebreaksPage,
)


def tiebreaks(pp: Players) -> Pages:
    after = pp.data.last_decided
    if not after:
        return
    result = pp.standings(after)
    rows = tuple(
        TiebreakRow(
            rank=pp.rank_text(result, row.participant),
            player=pp.data.refs[row.participant],
            points=pp.score_text(row.points),
            values=pp.value_cells(result, row.participant, link=True, every=True),
        )
        for row in result.rows
    )
    yield (
        "tiebreaks.html",
        TiebreaksPage(
            frame=pp.frames("tiebreaks.html", _("Tie-breaks")),
            edition=result.edition.value,
            columns=pp.columns(result, every=True),
            rows=rows,
            after=after,
        ),
    )
