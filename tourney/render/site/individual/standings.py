"""standings-NN.html and standings.html: the standings after each decided round with
their tie-breaks (FIDE C.07) and performance (C.07 10.2's TPR)."""

from __future__ import annotations

from tourney.i18n import gettext as _
from tourney.render import text
from tourney.render.site.individual.names import (
    Pages,
    latest_tab,
    standings_file,
)
from tourney.render.site.individual.players import Players
from tourney.render.site.round_robin import (
    StandingsWithNotes,
)
from tourney.render.views import (
    Link,
    StandingRow,
    StandingsPage,
)


def standings_pages(pp: Players) -> Pages:
    last = pp.data.last_decided
    links = tuple(Link(standings_file(r), str(r)) for r in range(1, last + 1))
    for after in range(1, last + 1):
        path = standings_file(after)
        # the standings after a round, and the links to every round's (the last decided)
        found = pp.reused(path, after, last, pp.notes)
        yield path, found if found is not None else _standings_page(pp, after, path, links)
    if last:
        found = pp.reused("standings.html", last, last, pp.notes)
        page = found if found is not None else _standings_page(pp, last, "standings.html", links)
        yield "standings.html", page


def latest_standings(pp: Players) -> StandingsPage | None:
    """standings.html alone (after the last round with a result), without the page of each
    round before it that ``standings_pages`` makes too: what a printed document needs."""
    last = pp.data.last_decided
    if not last:
        return None
    links = tuple(Link(standings_file(r), str(r)) for r in range(1, last + 1))
    return _standings_page(pp, last, "standings.html", links)


def _standings_page(pp: Players, after: int, path: str, links: tuple[Link, ...]) -> StandingsPage:
    result = pp.standings(after)
    latest = after == pp.data.last_decided
    # The rows depend only on what the context after ``after`` holds (the players,
    # the rounds up to it, the settings), and an evaluation takes over the unchanged
    # contexts of the one before (``evaluate(t, previous)``): a rebuild after a late
    # result reuses the earlier pages' rows (``RowMemo``).
    official = pp.data.evaluation.stated_ranks if latest else {}
    key = ("site standings rows", result.tiebreaks, latest, tuple(sorted(official.items())))

    def make() -> tuple[StandingRow, ...]:
        tpr = pp.performance(after)
        return tuple(
            StandingRow(
                rank=pp.rank_text(result, row.participant),
                player=pp.data.refs[row.participant],
                points=pp.score_text(row.points),
                values=pp.value_cells(result, row.participant, link=latest),
                performance=text.decimal(tpr[row.participant].value, 0),
                note=pp.withdrawn_note(row.participant, after),
                official=str(official.get(row.participant, "")),
            )
            for row in result.rows
        )

    rows = pp.rows.get(pp.data.evaluation.context(after), key, make)
    final = pp.is_final(after)
    title = (
        _("Final standings after round {number}") if final else _("Standings after round {number}")
    ).format(number=after)
    return StandingsWithNotes(
        frame=pp.frames(path, title, latest_tab(path, final)),
        after=after,
        final=final,
        edition=result.edition.value,
        columns=pp.columns(result),
        rows=rows,
        rounds=links,
        official=bool(official),
        notes=pp.notes,
        show_performance=pp.shows_performance(pp.performance(after)),
    )
