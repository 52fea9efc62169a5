"""The home page of a club or league folder: its tournaments, series and rating list.

Series (docs/pairing.md, "How it works"): each event awards placement points from
the series table; players who tie for a place share the pooled points of
those places evenly; with ``best: N`` only a player's N highest scores count.
Players are the same person across events through their club member id
(``member:``); a guest counts for that one event only (``engine.series.series_id``).
"""

from __future__ import annotations

from collections.abc import Mapping

from tourney.engine.evaluation import ClubEvaluation
from tourney.engine.series import EventPlacements, series_id, series_standings
from tourney.engine.standings import Standings
from tourney.i18n import gettext as _
from tourney.model import ClubPlayer, RatingPeriod, SeriesDefinition, Tournament
from tourney.render import text
from tourney.render.site.club_ratings import RATINGS, member_file
from tourney.render.site.event import EventData, name_key
from tourney.render.site.overview import FORMAT_NAMES, dates_text
from tourney.render.views import (
    NOT_FIDE,
    ClubIndexPage,
    EventRow,
    Frame,
    Link,
    MemberRow,
    SeriesCell,
    SeriesRow,
    SeriesTable,
)


def series_table(
    definition: SeriesDefinition,
    events: Mapping[str, Tournament],
    results: Mapping[str, Standings],
    by_member: bool = True,
    finalized: frozenset[str] = frozenset(),
) -> SeriesTable:
    """The series table as ``tourney series`` computes it (``engine.series``): the same
    points, totals, ranks and order of ties; an event not finalized yet (no final.yaml,
    ``finalized``) counts with its live standings and is marked "live" as there."""
    names: dict[str, str] = {}
    placements: dict[str, EventPlacements | None] = {}
    folders = [f for f in definition.tournaments if f in events]
    for folder in folders:
        if folder not in results:
            continue
        t = events[folder]
        rows = []
        for row in results[folder].rows:
            pid = series_id(t, folder, row.participant, by_member)
            names[pid] = t.player(row.participant).name
            rows.append((pid, row.rank))
        placements[folder] = EventPlacements(folder, tuple(rows), live=folder not in finalized)
    table = series_standings(definition, placements)
    shown = [table.events.index(f) for f in folders]
    rows_out = []
    for line in table.rows:
        cells = tuple(
            SeriesCell(text.points(p) if (p := line.points[i]) is not None else "", line.counted[i])
            for i in shown
        )
        rows_out.append(
            SeriesRow(str(line.rank), names[line.participant], cells, text.points(line.total))
        )
    rule = (
        _("the best {count} results count").format(count=definition.best)
        if definition.best
        else _("every result counts")
    )
    return SeriesTable(
        id=definition.id,
        name=definition.name,
        events=tuple(
            Link(
                f"{f}/index.html",
                events[f].settings.name
                + (" " + _("(live)") if table.live[table.events.index(f)] else ""),
            )
            for f in folders
        ),
        rule=_("Placement points {points}; {rule}.").format(
            points=", ".join(text.points(p) for p in definition.points), rule=rule
        ),
        rows=tuple(rows_out),
    )


def club_index(evaluated: ClubEvaluation, frame: Frame) -> ClubIndexPage:
    """The club's home page; with a rating history the rating list shows the ratings now."""
    club, history = evaluated.club, evaluated.ratings
    events = dict(club.tournaments)
    results = {}
    rows = []
    for folder, evaluation in evaluated.events:
        t = evaluation.tournament
        data = EventData(evaluation)
        if data.last_decided:
            results[folder] = evaluation.standings(data.last_decided) if not t.is_team else None
        count = len(t.teams) if t.is_team else len(t.players)
        rows.append(
            EventRow(
                name=t.settings.name,
                href=f"{folder}/index.html",
                format=FORMAT_NAMES[t.settings.format.value],
                dates=dates_text(t),
                progress=_("{played} of {planned} rounds played").format(
                    played=data.last_decided, planned=t.planned_rounds
                ),
                participants=count,
            )
        )
    clean = {f: r for f, r in results.items() if r is not None}
    periods = tuple(
        p.value
        for p in RatingPeriod
        if any(period is p for m in club.members for period, _ in m.ratings)
    )
    final = history.final if history is not None else {}

    def now(member: ClubPlayer, period: str) -> tuple[str, str]:
        state = final.get(RatingPeriod(period), {}).get(member.id)
        if (
            state is not None
            and history is not None
            and history.of(member.id, RatingPeriod(period))
        ):
            return str(state.rating), str(state.rated_games)
        rating = dict(member.ratings).get(RatingPeriod(period), "")
        return str(rating), str(dict(member.rated_games).get(RatingPeriod(period), ""))

    members = tuple(
        MemberRow(
            name=m.name,
            federation=m.federation,
            ratings=tuple(now(m, p)[0] for p in periods),
            games=tuple(now(m, p)[1] for p in periods),
            href=member_file(m.id) if history is not None else "",
        )
        for m in sorted(club.members, key=lambda m: (*name_key(m.name), m.id))
    )
    return ClubIndexPage(
        frame=frame,
        events=tuple(rows),
        series=tuple(
            series_table(s, events, clean, bool(club.members), evaluated.finalized)
            for s in club.series
        ),
        periods=periods,
        members=members,
        ratings=Link(RATINGS, _("Rating history and rating changes")) if history else None,
        note=_(NOT_FIDE),
    )
