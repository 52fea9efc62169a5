"""categories.html: the latest standings by category (women, age groups, ratings)."""

from __future__ import annotations

from tourney.i18n import gettext as _
from tourney.render.site.categories import categories
from tourney.render.site.categories import note as category_note
from tourney.render.site.individual.names import Pages
from tourney.render.site.individual.players import Players
from tourney.render.views import (
    CategoriesPage,
    CategoryRow,
)


def category_pages(pp: Players) -> Pages:
    """categories.html: the latest standings by category (women, age groups, ratings)."""
    after = pp.data.last_decided
    if not after:
        return
    result = pp.standings(after)

    def row(pid: str, place: str, overall: str) -> CategoryRow:
        points = pp.score_text(result.row(pid).points)
        return CategoryRow(place, overall, pp.data.refs[pid], points)

    tables = tuple(categories(pp.data.tournament, result, row))
    yield (
        "categories.html",
        CategoriesPage(
            frame=pp.frames(
                "categories.html", _("Categories after round {number}").format(number=after)
            ),
            after=after,
            tables=tables,
            note=category_note(after, tables),
        ),
    )
