"""The home page of a club or league folder: its tournaments, series and rating list.

Series (docs/pairing.md, "How it works"): each event awards placement points from
the series table; players who tie for a place share the pooled points of
those places evenly; with ``best: N`` only a player's N highest scores count.
Players are the same person across events through their club member id
(``member:``); a guest counts for that one event only (``engine.series.series_id``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from tourney.engine.evaluation import ClubEvaluation
from tourney.engine.series import series_id
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


def placement_points(result: Standings, table: Sequence[Fraction]) -> dict[str, Fraction]:
    """Series points per participant: tied places share the pooled points evenly.

    >>> from tourney.engine.standings import Row
    >>> rows = tuple(Row(r, p, 0, p, Fraction(0), (), ()) for r, p in ((1, "a"), (2, "b"), (2, "c")))
    >>> s = Standings(1, None, (), rows)  # type: ignore[arg-type]
    >>> {k: str(v) for k, v in placement_points(s, [Fraction(25), Fraction(18), Fraction(15)]).items()}
    {'a': '25', 'b': '33/2', 'c': '33/2'}
    """
    by_rank: dict[int, list[str]] = {}
    for row in result.rows:
        by_rank.setdefault(row.rank, []).append(row.participant)
    out = {}
    for rank, group in by_rank.items():
        places = range(rank - 1, rank - 1 + len(group))
        pooled = sum((table[i] for i in places if i < len(table)), Fraction(0))
        for pid in group:
            out[pid] = pooled / len(group)
    return out


def series_table(
    definition: SeriesDefinition,
    events: Mapping[str, Tournament],
    results: Mapping[str, Standings],
    by_member: bool = True,
) -> SeriesTable:
    names: dict[str, str] = {}
    earned: dict[str, dict[str, Fraction]] = {}
    folders = [f for f in definition.tournaments if f in events]
    for folder in folders:
        if folder not in results:
            continue
        t = events[folder]
        for player, value in placement_points(results[folder], definition.points).items():
            pid = series_id(t, folder, player, by_member)
            earned.setdefault(pid, {})[folder] = value
            names[pid] = t.player(player).name
    totals = []
    for pid, per_event in earned.items():
        ordered = sorted(per_event.items(), key=lambda kv: (-kv[1], folders.index(kv[0])))
        counted = {f for f, _ in ordered[: definition.best]} if definition.best else set(per_event)
        total = sum((v for f, v in per_event.items() if f in counted), Fraction(0))
        cells = tuple(
            SeriesCell(text.points(per_event[f]) if f in per_event else "", f in counted)
            for f in folders
        )
        totals.append((total, pid, cells))
    totals.sort(key=lambda e: (-e[0], *name_key(names[e[1]])))
    rows: list[SeriesRow] = []
    for index, (total, pid, cells) in enumerate(totals):
        rank = index + 1
        if index and totals[index - 1][0] == total:
            rank = int(rows[-1].rank)
        rows.append(SeriesRow(str(rank), names[pid], cells, text.points(total)))
    rule = (
        _("the best {count} results count").format(count=definition.best)
        if definition.best
        else _("every result counts")
    )
    return SeriesTable(
        id=definition.id,
        name=definition.name,
        events=tuple(Link(f"{f}/index.html", events[f].settings.name) for f in folders),
        rule=_("Placement points {points}; {rule}.").format(
            points=", ".join(text.points(p) for p in definition.points), rule=rule
        ),
        rows=tuple(rows),
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
        series=tuple(series_table(s, events, clean, bool(club.members)) for s in club.series),
        periods=periods,
        members=members,
        ratings=Link(RATINGS, _("Rating history and rating changes")) if history else None,
        note=_(NOT_FIDE),
    )
