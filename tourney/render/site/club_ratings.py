"""The club's own ratings on the site of a club folder (docs/results.md, FIDE B.02 Art. 8.3).

``ratings.html`` is the rating list: per time control, each member's initial
rating, the rating after every finalized tournament the member was rated in
(with the change) and the rating now. ``ratings/<event>.html`` is the
rating-changes table of one finalized tournament: Ro, K, rated games, score,
expected score (table 8.1.b), change K x (score - expected) rounded, new rating.

The rating history is computed outside (``tourney.load.club_state.club_ratings``
reads the ratings log and the final records); this module only shapes it.
These are the club's ratings, not FIDE's, and every page says so.
"""

from __future__ import annotations

from collections.abc import Iterator

from tourney.engine.ratings.club import member_history
from tourney.engine.ratings.history import RatingHistory, TournamentRating
from tourney.i18n import catalog
from tourney.i18n import gettext as _
from tourney.model import Club, RatingPeriod
from tourney.render import text
from tourney.render.site.event import name_key
from tourney.render.views import (
    NOT_FIDE,
    ChangeRow,
    ClubRatingsPage,
    Frame,
    HistoryRow,
    HistoryTable,
    Link,
    RatingChangesPage,
)

RATINGS = "ratings.html"


def changes_file(event: str) -> str:
    """The rating-changes page of one tournament, relative to the club root."""
    return f"ratings/{text.slug(event)}.html"


def member_file(member: str) -> str:
    """A member's page (render.site.club_members), relative to the club root."""
    return f"members/{text.slug(member)}.html"


def _signed(change: int) -> str:
    return f"{change:+d}" if change else "0"


def history_table(club: Club, history: RatingHistory, period: RatingPeriod) -> HistoryTable:
    """Every member with a rating in ``period``: initial, after each event, now."""
    used = [t.event for t in history.tournaments if t.period is period]
    rows = []
    for member in sorted(club.members, key=lambda m: (*name_key(m.name), m.id)):
        entries = member_history(history, member, period)
        if not entries:
            continue
        after = {e.event: e for e in entries[1:]}
        cells = []
        for event in used:
            entry = after.get(event)
            change = entry.change if entry else None
            cells.append(f"{entry.rating} ({_signed(change.change)})" if entry and change else "")
        rows.append(
            HistoryRow(
                member.name,
                str(entries[0].rating),
                tuple(cells),
                str(entries[-1].rating),
                tuple(e.rating for e in entries),
                member_file(member.id),
            )
        )
    names = dict(club.tournaments)
    events = tuple(Link(changes_file(e), names[e].settings.name if e in names else e) for e in used)
    return HistoryTable(period.value, events, tuple(rows))


def ratings_page(club: Club, history: RatingHistory) -> ClubRatingsPage:
    rated = {t.period for t in history.tournaments}
    periods = [
        p
        for p in RatingPeriod
        if p in rated or any(q is p for m in club.members for q, _ in m.ratings)
    ]
    tables = tuple(history_table(club, history, p) for p in periods)
    crumbs = (Link("index.html", club.name),)
    frame = Frame(
        title=_("Club ratings"),
        event=club.name,
        root="",
        home="",
        crumbs=crumbs,
        lang=catalog.current(),
    )
    return ClubRatingsPage(frame=frame, note=_(NOT_FIDE), tables=tuple(t for t in tables if t.rows))


def changes_page(club: Club, result: TournamentRating) -> RatingChangesPage:
    names = {m.id: m.name for m in club.members}
    events = dict(club.tournaments)
    title = events[result.event].settings.name if result.event in events else result.event
    crumbs = (Link("index.html", club.name), Link(RATINGS, _("Club ratings")))
    frame = Frame(
        title=_("{event}: rating changes").format(event=title),
        event=club.name,
        root="../",
        home="../",
        crumbs=crumbs,
        lang=catalog.current(),
    )
    rows = tuple(
        ChangeRow(
            name=names.get(c.player, c.player),
            ro=c.ro,
            k=c.k,
            games=c.games,
            score=text.points(c.score),
            expected=text.decimal(c.expected),
            change=_signed(c.change),
            new=c.new,
        )
        for c in result.changes
    )
    return RatingChangesPage(
        frame=frame,
        note=_(NOT_FIDE),
        period=result.period.value,
        event=Link(f"{text.slug(result.event)}/index.html", title),
        rows=rows,
    )


def rating_pages(club: Club, history: RatingHistory) -> Iterator[tuple[str, object]]:
    """ratings.html and one rating-changes page per finalized, rated tournament."""
    yield RATINGS, ratings_page(club, history)
    for result in history.tournaments:
        yield changes_file(result.event), changes_page(club, result)
