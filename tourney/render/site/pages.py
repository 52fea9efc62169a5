"""The static site as a pure function: an evaluated Tournament (or Club) to {path: bytes}.

``render(evaluation, theme)`` builds every page's view model
(``tourney.render.views``) from an ``Evaluation`` (``tourney.engine.evaluation``,
which the app layer computes once per build) and renders it with Jinja2
(autoescape on, ``StrictUndefined``) from the template sources in ``theme``;
nothing here reads or writes a file or looks at the clock, so the same folder
always gives byte-identical output. ``render_site`` also returns the pages by
view model, which the next build of the same folder may pass back, and each page's
view-model digest (``view_digest``), with which a build in a new process finds the
page's bytes where the last one left them (``tourney.fs.build_cache``).
``tourney.fs.output`` writes the result; the CLI reads the templates (a folder's
own ``templates/`` first, then ``site_templates``) into a ``Theme``.

Every link is relative, so the site works from ``file://``, a GitHub Pages
project sub-path or any static host; ``.nojekyll`` keeps Pages from running
Jekyll over it.
"""

from __future__ import annotations

import copyreg
import dataclasses
import hashlib
import operator
import pickle
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

import jinja2
import jinja2.sandbox

from tourney import gcpause
from tourney.engine.evaluation import ClubEvaluation, Evaluation
from tourney.errors import InvalidInput
from tourney.i18n import catalog
from tourney.i18n import gettext as _
from tourney.model import Tournament
from tourney.render import text, views
from tourney.render import theme as themes
from tourney.render.site.club import club_index
from tourney.render.site.club_members import member_pages
from tourney.render.site.club_ratings import changes_file, rating_pages
from tourney.render.site.event import EventData, Frames
from tourney.render.site.games import pgn_files
from tourney.render.site.individual import PlayerPages, RowMemo, round_file
from tourney.render.site.overview import (
    ClubRated,
    dates_text,
    players_csv,
    standings_csv,
    standings_json,
    team_standings_csv,
    team_standings_json,
)
from tourney.render.site.reuse import Reuse, Reused
from tourney.render.site.table import Parts, kinds
from tourney.render.site.team.event import TeamEvent
from tourney.render.theme import Theme
from tourney.render.views import Download, Frame, Link

STATIC = "static/"


class _Key:
    """A view model with its hash computed once (a dataclass hashes all its fields each time)."""

    __slots__ = ("hash", "view")

    def __init__(self, view: object) -> None:
        self.view = view
        self.hash = hash(view)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Key) and self.hash == other.hash and self.view == other.view


@dataclass(frozen=True, eq=False)
class Site:
    """A rendered site: its files, and its pages by view model for the next build.

    A view model is a frozen dataclass: equal models render to equal bytes with
    the same templates, so a rebuild (``tourney serve``) given the last ``Site``
    renders again only the pages whose model changed, and a tournament equal to
    one of the last build (the other events of a club folder) not at all.
    """

    files: Mapping[str, bytes]
    environment: jinja2.Environment | None = field(default=None, repr=False)
    pages: Mapping[_Key, bytes] = field(default_factory=dict, repr=False)
    events: Mapping[_Key, Mapping[str, bytes]] = field(default_factory=dict, repr=False)
    # path -> its view model's digest (``view_digest``), for the pages that have one
    digests: Mapping[str, str] = field(default_factory=dict, repr=False)
    rows: RowMemo | None = field(default=None, repr=False)  # standings rows by context


def view_digest(view: object, salt: str) -> str | None:
    """A digest of a view model's value, the language and ``salt`` (the code and templates
    it is rendered with): equal digests, equal pages. None for a model that cannot be
    pickled. Two equal models may pickle differently (a set's order), never two
    different ones alike, so a digest can miss a page that would be equal, never match
    one that would differ."""
    digest = hashlib.blake2b(digest_size=20)
    try:
        _Pickler(_Sink(digest.update), protocol=5).dump(view)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None
    digest.update(f"\0{catalog.current()}\0{salt}".encode())
    return digest.hexdigest()


class _Sink:
    """A file whose ``write`` feeds the digest: the pickle is never held whole."""

    __slots__ = ("write",)

    def __init__(self, write: Callable[[bytes], object]) -> None:
        self.write = write


def _by_fields(cls: type) -> Callable[[object], tuple[object, ...]]:
    """A view model pickled as its class and its fields in order (``cls(*fields)``),
    with one C call instead of ``dataclasses``' per-object Python (``__getstate__``)."""
    names = tuple(f.name for f in dataclasses.fields(cls))
    get = operator.attrgetter(*names)
    if len(names) == 1:
        return lambda view: (cls, (get(view),))
    return lambda view: (cls, get(view))


# Every view model's reducer, with the standard ones (``_Pickler``).
_DISPATCH: dict[type, Callable[[object], tuple[object, ...]]] = {
    **copyreg.dispatch_table,  # type: ignore[dict-item]
    **{
        cls: _by_fields(cls)
        for cls in (getattr(views, name) for name in views.__all__)
        if isinstance(cls, type) and dataclasses.is_dataclass(cls)
    },
}


class _Pickler(pickle.Pickler):
    def __init__(self, file: _Sink, protocol: int) -> None:
        super().__init__(file, protocol)
        self.dispatch_table = _DISPATCH  # type: ignore[assignment]


class _Build:
    """One build's renderer: its environment, and what it and the last build rendered."""

    def __init__(
        self,
        env: jinja2.Environment,
        previous: Site | None,
        stored: Mapping[str, bytes] | None = None,
        salt: str = "",
        reuse: Reuse | None = None,
    ) -> None:
        self.env = env
        self.reuse = reuse  # pages and ranks of a build in another process, by their inputs
        # pages of a build in another process, by view digest (tourney.fs.build_cache)
        self.stored = stored
        self.salt = salt
        self.digest_of: dict[int, str] = {}  # id(page bytes) -> its view's digest
        same = previous is not None and previous.environment is env  # the same templates
        self.before_pages: Mapping[_Key, bytes] = previous.pages if same and previous else {}
        self.before_events: Mapping[_Key, Mapping[str, bytes]] = (
            previous.events if same and previous else {}
        )
        self.pages: dict[_Key, bytes] = {}
        self.events: dict[_Key, Mapping[str, bytes]] = {}
        self.rows = RowMemo(previous.rows if same and previous else None)

    def handed_on(self) -> tuple[Mapping[_Key, bytes], Mapping[_Key, Mapping[str, bytes]]]:
        """The pages and events the next build may take over: this build's; the last
        build's pages when every event was taken over whole (nothing rendered again)."""
        return (self.pages or self.before_pages), self.events

    def page(self, view: object) -> bytes:
        """One page, reused when an equal view model was rendered in this build or the last."""
        if isinstance(view, Reused):  # taken whole from the last build (its inputs are)
            return view.data
        try:
            key = _Key(view)
        except TypeError:  # a view model that cannot be hashed is rendered every time
            return _render_page(self.env, view)
        found = self.pages.get(key) or self.before_pages.get(key)
        if found is None:
            digest = view_digest(view, self.salt) if self.stored is not None else None
            if digest is not None:
                found = self.stored.get(digest) if self.stored else None
            if found is None:
                found = _render_page(self.env, view)
            if digest is not None:
                self.digest_of[id(found)] = digest
        self.pages[key] = found
        return found

    def digests(self, files: Mapping[str, bytes]) -> dict[str, str]:
        """Path -> view digest of the pages among ``files`` (kept alive in ``pages``)."""
        return {p: self.digest_of[id(d)] for p, d in files.items() if id(d) in self.digest_of}


def forget() -> None:
    """Drop the compiled templates (the next build compiles them again)."""
    themes.forget()


@dataclass(frozen=True, slots=True)
class Printed:
    """``build --pdf``: the PDFs written into each tournament's pdf/ folder beside its
    pages (``tourney.app.print.write_pdfs``), listed on its downloads page.
    ``round`` is ``--round`` (None: the round being played, the latest standings)."""

    round: int | None = None


Progress = Callable[[int, int, str], None]
"""``progress(done, total, what)``: ``done`` of a tournament's ``total`` kinds of page
(player cards, standings, ...) rendered, ``what`` the kind being rendered (a club's
tournament: "FOLDER: kind"). The CLI draws it as a bar; it changes nothing rendered."""


def render(
    obj: Evaluation | ClubEvaluation,
    theme: Theme,
    printed: Printed | None = None,
) -> dict[str, bytes]:
    """The whole site of a tournament or a club folder, path -> bytes, sorted by path.

    A club's evaluation holds its rating history over its finalized tournaments
    (``tourney.load.club_state.club_ratings(folder).history``, which reads the
    ratings log): with it a club site gets ratings.html and a rating-changes
    page per finalized tournament. With ``printed`` the downloads pages link the
    PDFs ``build --pdf`` writes.
    """
    return dict(render_site(obj, theme, printed).files)


def render_site(
    obj: Evaluation | ClubEvaluation,
    theme: Theme,
    printed: Printed | None = None,
    previous: Site | None = None,
    progress: Progress | None = None,
    crumbs: tuple[Link, ...] = (),
    stored: Mapping[str, bytes] | None = None,
    salt: str = "",
    reuse: Reuse | None = None,
) -> Site:
    """``render``, keeping the pages by view model; ``previous`` (the last build's ``Site``
    of the same folder) lends every page whose view model did not change. ``progress``
    is told of each kind of page rendered. ``crumbs``: the way up from this site (a
    repository's home page), hrefs relative to this site's root. ``stored``: pages by
    view digest (``view_digest`` with ``salt``) that a page with that digest takes
    instead of being rendered; given, the ``Site`` has every page's digest. ``reuse``: the
    last build's pages and ranks by their inputs (``tourney.render.site.reuse``; a
    tournament's site, not a club's)."""
    with gcpause.paused():
        if isinstance(obj, ClubEvaluation):
            reuse = None
        build = _Build(theme.environment(), previous, stored, salt, reuse)
        files: dict[str, bytes] = {".nojekyll": b""}
        for name, data in theme.static.items():
            files[STATIC + name] = data
        if isinstance(obj, ClubEvaluation):
            files.update(_club(obj, build, printed, progress, crumbs))
        else:
            files.update(
                render_tournament(obj, build, crumbs=crumbs, printed=printed, progress=progress)
            )
        pages, events = build.handed_on()
        ordered = dict(sorted(files.items()))
        return Site(ordered, build.env, pages, events, build.digests(ordered), build.rows)


def render_page(env: jinja2.Environment, view: object) -> bytes:
    """One page: the view model's template rendered with it."""
    return _render_page(env, view)


def _render_page(env: jinja2.Environment, view: object) -> bytes:
    template = env.get_template(view.template)  # type: ignore[attr-defined]
    html = template.render(page=view, frame=view.frame)  # type: ignore[attr-defined]
    return (html.rstrip("\n") + "\n").encode("utf-8")


def _club(
    evaluated: ClubEvaluation,
    build: _Build,
    printed: Printed | None = None,
    progress: Progress | None = None,
    up: tuple[Link, ...] = (),
) -> Iterator[tuple[str, bytes]]:
    club, ratings = evaluated.club, evaluated.ratings
    with catalog.language(club.language):
        frame = Frame(
            title=club.name, event=club.name, root="", home="", crumbs=up, lang=club.language
        )
        yield "index.html", build.page(club_index(evaluated, frame))
        if ratings is not None:
            for path, view in rating_pages(club, ratings):
                yield path, build.page(view)
            for path, member in member_pages(club, ratings):
                yield path, build.page(member)
    members = frozenset(m.id for m in club.members) if ratings is not None else frozenset()
    rated = {t.event for t in ratings.tournaments} if ratings is not None else set()
    for folder, evaluation in evaluated.rated:
        crumbs = (*up, Link("index.html", club.name))
        t = evaluation.tournament
        club_rated = None
        # club-rated: members play (guests alone change no club rating), not finalized ad hoc
        members_play = any(p.member for p in t.players)
        if ratings is not None and folder not in evaluated.unrated and members_play:
            changes = f"../{changes_file(folder)}" if folder in rated else ""
            club_rated = ClubRated(t.settings.rating_period, changes)
        for path, data in render_tournament(
            evaluation,
            build,
            prefix=f"{text.slug(folder)}/",
            crumbs=crumbs,
            printed=printed,
            members=members,
            progress=_labelled(progress, folder),
            club_rated=club_rated,
        ).items():
            yield f"{text.slug(folder)}/{path}", data


def render_tournament(
    evaluation: Evaluation,
    build: _Build,
    prefix: str = "",
    crumbs: tuple[Link, ...] = (),
    printed: Printed | None = None,
    members: frozenset[str] = frozenset(),
    progress: Progress | None = None,
    club_rated: ClubRated | None = None,
) -> dict[str, bytes]:
    """Every page and data file of one tournament, paths relative to its folder; in a club
    folder, ``members`` are the members with a page, linked from their player cards, and
    ``club_rated`` says the event changes the club ratings (its page says so).

    ``progress`` is told of each kind of page rendered; a tournament unchanged since the
    last build is taken from it without a word."""
    t = evaluation.tournament
    try:
        key = _Key(
            (
                "event",
                *(t.settings, t.players, t.teams, t.rounds, t.pages, t.games),
                *(prefix, crumbs, printed, members, club_rated),
            )
        )
    except TypeError:  # a model that cannot be hashed is rendered every time
        return _in_language(
            evaluation, build, prefix, crumbs, printed, members, progress, club_rated
        )
    found = build.events.get(key) or build.before_events.get(key)
    if found is None:
        found = _in_language(
            evaluation, build, prefix, crumbs, printed, members, progress, club_rated
        )
    build.events[key] = found
    return dict(found)


def _in_language(
    evaluation: Evaluation,
    build: _Build,
    prefix: str,
    crumbs: tuple[Link, ...],
    printed: Printed | None,
    members: frozenset[str],
    progress: Progress | None = None,
    club_rated: ClubRated | None = None,
) -> dict[str, bytes]:
    """One tournament's pages in its language (tournament.yaml's, or its club's)."""
    with catalog.language(evaluation.tournament.settings.language or "en"):
        return _render_tournament(
            evaluation, build, prefix, crumbs, printed, members, progress, club_rated
        )


def _render_tournament(
    evaluation: Evaluation,
    build: _Build,
    prefix: str,
    crumbs: tuple[Link, ...],
    printed: Printed | None = None,
    members: frozenset[str] = frozenset(),
    progress: Progress | None = None,
    club_rated: ClubRated | None = None,
) -> dict[str, bytes]:
    data = EventData(evaluation.published)
    t = data.tournament
    pages = tuple(Link(f"pages/{text.slug(p.slug)}.html", p.title) for p in t.pages)
    about = ", ".join(part for part in (t.settings.place, dates_text(t)) if part)
    frames = Frames(t.settings.name, _nav(data, pages), prefix, crumbs, catalog.current(), about)
    players = PlayerPages(data, frames, members, build.rows, build.reuse)
    out: dict[str, bytes] = {}
    files = [*_data_files(data, players), *pgn_files(data)]
    printed_as = _printed_as(data.evaluation, printed, data.last_decided)
    players.printed = {path: link.href for path, link in printed_as.items()}
    parts = Parts(
        data,
        frames,
        players,
        TeamEvent(data, frames) if t.is_team else None,
        pages,
        (*(d for d, _ in files), *_pdf_downloads(data.evaluation, printed)),
        club_rated,
    )
    # the page table's rows: a kind's view models are built as its pages render
    views = [(row.kind, row.pages(parts)) for row in kinds(t)]
    for done, (kind, group) in enumerate(views):
        if progress is not None:
            progress(done, len(views), kind)
        for path, view in group:
            if path in printed_as:
                view = _with_pdf(view, printed_as[path])
            out[path] = build.page(view)
    if progress is not None:
        progress(len(views), len(views), "")
    for download, payload in files:
        out[download.href] = payload
    return dict(sorted(out.items()))


def _with_pdf(view: object, pdf: Link) -> object:
    """The view with a link to its PDF in its frame (every view has a ``frame``)."""
    frame = getattr(view, "frame", None)
    if not isinstance(frame, Frame):
        return view
    return dataclasses.replace(view, frame=dataclasses.replace(frame, pdf=pdf))  # type: ignore[type-var]


# The page that shows what a PDF prints: (document, pages), with NN the PDF's round.
# A standings or crosstable PDF of the latest round also belongs to the pages without
# a round number (standings.html: the latest standings).
_PRINTED_AS: dict[str, tuple[str, ...]] = {
    "pairings": ("round-NN.html",),
    "team-pairings": ("round-NN.html",),
    "pairings-alpha": ("round-NN-alpha.html",),
    "standings": ("standings-NN.html", "standings.html"),
    "team-standings": ("standings-NN.html", "standings.html"),
    "crosstable": ("crosstable.html", "crosstable-start.html"),
    "team-crosstable": ("crosstable.html",),
}


def _printed_as(
    evaluation: Evaluation, printed: Printed | None, last_decided: int
) -> dict[str, Link]:
    """Page path -> the link to its PDF (``build --pdf`` writes them into pdf/)."""
    if printed is None:
        return {}
    from tourney.render.pdf.documents import planned  # imports this module

    found: dict[str, Link] = {}
    for plan in planned(evaluation, printed.round):
        n = plan.selection.round
        if plan.selection.series or n is None:
            continue
        for page in _PRINTED_AS.get(plan.document, ()):
            if "NN" not in page and n != last_decided:
                continue
            found.setdefault(page.replace("NN", f"{n:02d}"), Link(f"pdf/{plan.file}", plan.file))
    return found


def _labelled(progress: Progress | None, folder: str) -> Progress | None:
    """``progress`` of a club's tournament: its folder named before the kind of page."""
    if progress is None:
        return None
    report = progress
    return lambda done, total, kind: report(done, total, f"{folder}: {kind}" if kind else folder)


def _pdf_downloads(evaluation: Evaluation, printed: Printed | None) -> tuple[Download, ...]:
    """The PDFs ``build --pdf`` writes into pdf/ (``tourney.render.pdf.documents.planned``)."""
    if printed is None:
        return ()
    from tourney.render.pdf.documents import DOCUMENTS, planned  # imports this module

    found = []
    for plan in planned(evaluation, printed.round):
        doc = DOCUMENTS[plan.document]
        n = plan.selection.round
        when = ""
        if n is not None:
            when = (
                _(" after round {number}") if "-after-" in plan.file else _(", round {number}")
            ).format(number=n)
        series = f" ({plan.selection.series})" if plan.selection.series else ""
        found.append(
            Download(
                f"pdf/{plan.file}",
                plan.file,
                "PDF",
                f"{_(doc.title)}{series}{when}: {_(doc.summary)}.",
            )
        )
    return tuple(found)


def _berger(t: Tournament) -> bool:
    """An individual round robin: its crosstable-start.html is the Berger table."""
    return t.settings.format.is_round_robin and not t.is_team


def _nav(data: EventData, pages: tuple[Link, ...]) -> tuple[tuple[str, str], ...]:
    nav = [("index.html", _("Event")), ("schedule.html", _("Schedule"))]
    if data.tournament.is_team:
        nav.append(("teams.html", _("Teams")))
        if data.last_paired:
            nav.append(("composition.html", _("Line-ups")))
    nav.append(("players.html", _("Players")))
    if data.last_paired:
        nav.append((round_file(data.last_paired), _("Rounds")))
    if data.last_decided:
        nav.append(("standings.html", _("Standings")))
        # A round robin's crosstable is the square Berger table (C.05 Annex 1).
        grid = "crosstable-start.html" if _berger(data.tournament) else "crosstable.html"
        nav.append((grid, _("Crosstable")))
        if data.tournament.is_team:
            nav += [("boards.html", _("Boards")), ("individual.html", _("Individual"))]
        else:
            nav.append(("tiebreaks.html", _("Tie-breaks")))
            nav.append(("categories.html", _("Categories")))
            if data.tournament.settings.prizes is not None:
                nav.append(("prizes.html", _("Prizes")))
            if data.tournament.settings.fide_rated:
                nav.append(("rating-changes.html", _("Rating changes")))
    nav += [
        ("statistics.html", _("Statistics")),
        ("absent.html", _("Not paired")),
        ("downloads.html", _("Downloads")),
    ]
    nav += [(p.href, p.text) for p in pages]
    return tuple(nav)


def trf_file(evaluation: Evaluation) -> bytes | None:
    """The FIDE report (TRF-2026) of the tournament, where this version can write one."""
    try:
        from tourney.render.trf.individual import write_trf
    except ImportError:  # the TRF writer is a separate module and may be absent
        return None
    try:
        return write_trf(evaluation).encode("utf-8")
    except InvalidInput:  # more players than a TRF numbers (E455): no TRF download
        return None


def _data_files(data: EventData, players: PlayerPages) -> list[tuple[Download, bytes]]:
    files = [
        (
            Download("players.csv", "players.csv", "CSV", _("The players by starting number.")),
            _english(players_csv, data),
        )
    ]
    trf = _english(trf_file, data.evaluation)
    if trf is not None:
        files.append(
            (
                Download(
                    "report.trf",
                    "report.trf",
                    "TRF",
                    _(
                        "The FIDE tournament report file (TRF-2026), for rating officers and "
                        "pairing checkers."
                    ),
                ),
                trf,
            )
        )
    after = data.last_decided
    if not after:
        return files
    if data.tournament.is_team:
        ranked = data.evaluation.team_standings(after)
        files += [
            (
                Download(
                    "standings.json",
                    "standings.json",
                    "JSON",
                    _("Team standings after round {number} with every tie-break.").format(
                        number=after
                    ),
                ),
                _english(team_standings_json, data, ranked),
            ),
            (
                Download(
                    "standings.csv",
                    "standings.csv",
                    "CSV",
                    _("Team standings after round {number}, for a spreadsheet.").format(
                        number=after
                    ),
                ),
                _english(team_standings_csv, data, ranked),
            ),
        ]
        return files
    result = players.standings(after)
    files += [
        (
            Download(
                "standings.json",
                "standings.json",
                "JSON",
                _("Standings after round {number} with every tie-break.").format(number=after),
            ),
            _english(standings_json, data, result),
        ),
        (
            Download(
                "standings.csv",
                "standings.csv",
                "CSV",
                _("Standings after round {number}, for a spreadsheet.").format(number=after),
            ),
            _english(standings_csv, data, result),
        ),
    ]
    return files


V = TypeVar("V")


def _english(make: Callable[..., V], *args: object) -> V:
    """A data file (CSV, JSON, TRF) as a program reads it: in every language the same."""
    with catalog.language("en"):
        return make(*args)
