"""The home page of a repository that holds several clubs and tournaments (docs/site.md).

``tourney build`` of a league repository's top builds each club and each
tournament outside a club into its own folder of the site, and this page
above them: every tournament with its format, dates, where it stands
("round 3 of 7", "finished", "not started") and its participants, a club's
tournaments under the club's name. Where a tournament stands follows from its
folder alone, as the "where do I play?" block does (``tourney.render.current``):
the current round is the first planned round whose results are not all in;
a finalized tournament, or one whose every round is done, is finished.
Pure: the app layer says which tournaments are finalized.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tourney.engine.evaluation import ClubEvaluation, Evaluation
from tourney.i18n import gettext as _
from tourney.render import text
from tourney.render.current import current_round
from tourney.render.site.overview import FORMAT_NAMES, dates_text
from tourney.render.views import EventRow, Frame, HomeGroup, HomePage

RUNNING, COMING, FINISHED = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Folder:
    """One folder of the repository: where its site is (``path/``), what it holds,
    and which of its tournaments are finalized (by folder name in a club, ``""``
    for a tournament folder itself)."""

    path: str
    evaluation: Evaluation | ClubEvaluation
    finalized: frozenset[str] = frozenset()

    @property
    def language(self) -> str:
        e = self.evaluation
        if isinstance(e, ClubEvaluation):
            return e.club.language
        return e.tournament.settings.language or "en"


def standing(evaluation: Evaluation, finalized: bool) -> tuple[int, str]:
    """Where a tournament stands: (running, to come or finished; the words)."""
    e = evaluation.published
    t = e.tournament
    planned = t.planned_rounds
    last = max((r.number for r in t.rounds), default=0)
    if finalized:
        return FINISHED, _("finished")
    if not last:
        return COMING, _("not started")
    number = current_round(e)
    if planned == 0:  # rounds not fixed (a Keizer night): the round being played
        return RUNNING, _("round {number}").format(number=number or last + 1)
    if number == 0:
        return FINISHED, _("finished")
    if number == 1 and e.round_status(1) is None:
        return COMING, _("not started")
    return RUNNING, _("round {number} of {total}").format(number=number, total=planned)


def _row(evaluation: Evaluation, href: str, finalized: bool) -> tuple[tuple[object, ...], EventRow]:
    t = evaluation.tournament
    state, words = standing(evaluation, finalized)
    start = t.settings.start_date
    day = start.toordinal() if start else 0
    # running and to come: soonest first; finished: the latest first
    key = (state, -day if state == FINISHED else day, t.settings.name, href)
    row = EventRow(
        name=t.settings.name,
        href=href,
        format=FORMAT_NAMES[t.settings.format.value],
        dates=dates_text(t),
        progress=words,
        participants=len(t.teams) if t.is_team else len(t.players),
    )
    return key, row


def _sorted(rows: list[tuple[tuple[object, ...], EventRow]]) -> tuple[EventRow, ...]:
    return tuple(row for _, row in sorted(rows, key=lambda kr: kr[0]))


def home_language(folders: Sequence[Folder]) -> str:
    """The language most folders speak (a club counts once); a tie goes to the first."""
    counts = Counter(f.language for f in folders)
    best = max(counts.values(), default=0)
    return next((f.language for f in folders if counts[f.language] == best), "en")


def home_page(folders: Sequence[Folder], lang: str) -> HomePage:
    """The repository's home page, in the current language of the catalog (``lang``)."""
    groups: list[HomeGroup] = []
    loose: list[tuple[tuple[object, ...], EventRow]] = []
    clubs = [f for f in folders if isinstance(f.evaluation, ClubEvaluation)]
    for folder in folders:
        e = folder.evaluation
        if isinstance(e, ClubEvaluation):
            rows = [
                _row(
                    evaluation,
                    f"{folder.path}/{text.slug(name)}/index.html",
                    name in folder.finalized,
                )
                for name, evaluation in e.events
            ]
            groups.append(HomeGroup(e.club.name, f"{folder.path}/index.html", _sorted(rows)))
        else:
            loose.append(_row(e, f"{folder.path}/index.html", "" in folder.finalized))
    if loose:
        groups.append(HomeGroup(_("Tournaments") if groups else "", "", _sorted(loose)))
    only = clubs[0].evaluation if len(folders) == 1 and clubs else None
    title = only.club.name if isinstance(only, ClubEvaluation) else _("Tournaments")
    frame = Frame(title=title, event=title, root="", home="", lang=lang)
    return HomePage(frame=frame, groups=tuple(groups))
