"""A page per club member: the club rating over time, as a table and a chart (docs/site.md,
"A club or league folder").

``members/ID.html`` gives, per time control, the initial rating and each finalized,
rated tournament in the order it was rated (the club's ratings-log.yaml): its dates,
the rating before (Ro) and after, the change (FIDE B.02 Art. 8.3), and a static SVG
chart of the same numbers; then the club tournaments the member played, each linking
to their player card. Like ratings.html, the pages exist only when the rating
history is known; these are the club's own ratings, not FIDE's.
"""

from __future__ import annotations

from collections.abc import Iterator

from tourney.engine.ratings.club import member_history
from tourney.engine.ratings.history import RatingHistory
from tourney.i18n import catalog
from tourney.i18n import gettext as _
from tourney.model import Club, ClubPlayer, RatingPeriod
from tourney.render import text
from tourney.render.site.charts import rating_chart
from tourney.render.site.club_ratings import RATINGS, changes_file, member_file
from tourney.render.site.overview import dates_text
from tourney.render.views import NOT_FIDE, Frame, Link, MemberPage, MemberPeriod, MemberStep


def _signed(change: int) -> str:
    return f"{change:+d}" if change else "0"


def member_period(
    club: Club, history: RatingHistory, member: ClubPlayer, period: RatingPeriod
) -> MemberPeriod | None:
    """The member's history in ``period``; None when they have no rating in it."""
    entries = member_history(history, member, period)
    if not entries:
        return None
    names = dict(club.tournaments)
    steps = []
    for entry in entries[1:]:
        if entry.change is None:  # only the initial entry has none
            continue
        t = names.get(entry.event)
        steps.append(
            MemberStep(
                event=Link(changes_file(entry.event), t.settings.name if t else entry.event),
                dates=dates_text(t) if t else "",
                before=entry.change.ro,
                after=entry.change.new,
                change=_signed(entry.change.change),
            )
        )
    ratings = [e.rating for e in entries]
    return MemberPeriod(
        period=period.value,
        initial=entries[0].rating,
        steps=tuple(steps),
        now=entries[-1].rating,
        chart=rating_chart(ratings, _(period.value).capitalize()),
    )


def member_page(club: Club, history: RatingHistory, member: ClubPlayer) -> MemberPage:
    periods = tuple(
        found for p in RatingPeriod if (found := member_period(club, history, member, p))
    )
    played = tuple(
        Link(f"{text.slug(folder)}/players/{text.slug(player.id)}.html", t.settings.name)
        for folder, t in club.tournaments
        for player in t.players
        if player.member == member.id and player.approved
    )
    crumbs = (Link("index.html", club.name), Link(RATINGS, _("Club ratings")))
    frame = Frame(
        title=member.name,
        event=club.name,
        root="../",
        home="../",
        crumbs=crumbs,
        lang=catalog.current(),
    )
    return MemberPage(
        frame=frame, note=_(NOT_FIDE), federation=member.federation, periods=periods, played=played
    )


def member_pages(club: Club, history: RatingHistory) -> Iterator[tuple[str, MemberPage]]:
    """members/ID.html for every member of the club."""
    for member in club.members:
        yield member_file(member.id), member_page(club, history, member)
