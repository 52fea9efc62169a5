"""The static site as a pure function: a Tournament (or Club) to {relative path: bytes}.

``render(obj, theme)`` builds every page's view model (``tourney.render.views``)
and renders it with Jinja2 (autoescape on, ``StrictUndefined``) from the
template sources in ``theme``; nothing here reads or writes a file or looks
at the clock, so the same folder always gives byte-identical output.
``tourney.fs.output`` writes the result; the CLI reads the templates (a folder's
own ``templates/`` first, then ``site_templates``) into a ``Theme``.

Every link is relative, so the site works from ``file://``, a GitHub Pages
project sub-path or any static host; ``.nojekyll`` keeps Pages from running
Jekyll over it.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import jinja2
import jinja2.sandbox

from tourney import gcpause
from tourney.engine.ratings.club import ratings_at_start, with_club_ratings
from tourney.engine.ratings.history import RatingHistory
from tourney.engine.scores import forget_round_views
from tourney.engine.tiebreaks.recent import forget as forget_contexts
from tourney.i18n import catalog
from tourney.i18n import gettext as _
from tourney.model import Club, Tournament
from tourney.render import cells, text
from tourney.render.markdown import to_html, without_title
from tourney.render.site.club import club_index
from tourney.render.site.club_members import member_pages
from tourney.render.site.club_ratings import rating_pages
from tourney.render.site.event import EventData, Frames, visible
from tourney.render.site.individual import PlayerPages, round_file
from tourney.render.site.overview import (
    absent,
    details,
    downloads,
    players_csv,
    standings_csv,
    standings_json,
    statistics,
)
from tourney.render.site.team import TeamPages
from tourney.render.site.teamscore import team_standings
from tourney.render.views import Download, Frame, Link, TextPage

STATIC = "static/"


class _Loader(jinja2.BaseLoader):
    """Templates from a mapping, each compiled under its own name.

    Jinja then reports a runtime error (an undefined field) with a traceback
    frame named after the template and its line, which the CLI points at.
    """

    def __init__(self, templates: Mapping[str, str]) -> None:
        self.templates = templates

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        if template not in self.templates:
            raise jinja2.TemplateNotFound(template)
        return self.templates[template], template, lambda: True

    def list_templates(self) -> list[str]:
        return sorted(self.templates)


@dataclass(frozen=True)
class Theme:
    """The templates (name -> Jinja source) and static files (name -> bytes) of a site."""

    templates: Mapping[str, str]
    static: Mapping[str, bytes] = field(default_factory=dict)
    # Only the templates shipped with tourney are trusted; a folder's own templates/
    # come from a pull request and are rendered in Jinja's sandbox (docs/security.md).
    trusted: bool = False

    def environment(self) -> jinja2.Environment:
        """The Jinja environment of these templates, shared by every build that uses them.

        Jinja compiles each template once per environment, so a rebuild with the
        same templates (``tourney serve``) compiles nothing again.
        """
        key = (self.trusted, *sorted(self.templates.items()))
        env = _ENVIRONMENTS.get(key)
        if env is None:
            kind = jinja2.Environment if self.trusted else jinja2.sandbox.SandboxedEnvironment
            env = kind(
                loader=_Loader(dict(self.templates)),
                autoescape=True,
                undefined=jinja2.StrictUndefined,
                trim_blocks=True,
                lstrip_blocks=True,
                keep_trailing_newline=True,
                auto_reload=False,
                extensions=["jinja2.ext.i18n"],
            )
            # {{ _("Round") }} and {% trans %} speak the language of the render in
            # progress (tourney.i18n.language); newstyle: placeholders are %(name)s.
            env.install_gettext_callables(  # type: ignore[attr-defined]
                gettext=catalog.gettext,
                ngettext=catalog.ngettext,
                pgettext=catalog.pgettext,
                newstyle=True,
            )
            env.globals["person"] = text.person
            env.globals["cell"] = cells.cell
            env.globals["player"] = cells.player
            env.globals["rank_chart"] = cells.rank_chart
            env.globals["sparkline"] = cells.sparkline
            env.globals["rating_chart"] = cells.rating_chart
            env.globals["css_counters"] = text.css_counters
            _ENVIRONMENTS[key] = env
            while len(_ENVIRONMENTS) > 4:
                del _ENVIRONMENTS[next(iter(_ENVIRONMENTS))]
        return env


_ENVIRONMENTS: dict[tuple[object, ...], jinja2.Environment] = {}


V = TypeVar("V")


class _Memo(Generic[V]):
    """What one environment rendered in this build and the one before.

    Only two builds are kept, so memory stays at about one site.
    """

    def __init__(self) -> None:
        self.previous: dict[_Key, V] = {}
        self.current: dict[_Key, V] = {}

    def next_build(self) -> None:
        if self.current:
            self.previous, self.current = self.current, {}

    def get(self, key: _Key) -> V | None:
        found = self.current.get(key)
        if found is None:
            found = self.previous.get(key)
            if found is not None:
                self.current[key] = found
        return found


class _Pages:
    """Pages by view model, and whole tournaments by their model.

    A view model is a frozen dataclass: equal models render to equal bytes with
    the same templates, so a rebuild after one result renders again only the
    pages whose model changed; a tournament equal to one of the previous build
    (the other events of a club folder) is not rendered again at all.
    """

    def __init__(self) -> None:
        self.pages: _Memo[bytes] = _Memo()
        self.events: _Memo[dict[str, bytes]] = _Memo()

    def next_build(self) -> None:
        self.pages.next_build()
        self.events.next_build()


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


_PAGES: weakref.WeakKeyDictionary[jinja2.Environment, _Pages] = weakref.WeakKeyDictionary()


def forget() -> None:
    """Drop every cache a build keeps for the next one (environments, pages, contexts)."""
    _ENVIRONMENTS.clear()
    _PAGES.clear()
    forget_contexts()
    forget_round_views()


@dataclass(frozen=True, slots=True)
class Printed:
    """``build --pdf``: the PDFs written into each tournament's pdf/ folder beside its
    pages (``tourney.app.print.write_pdfs``), listed on its downloads page.
    ``round`` is ``--round`` (None: the round being played, the latest standings)."""

    round: int | None = None


def render(
    obj: Tournament | Club,
    theme: Theme,
    ratings: RatingHistory | None = None,
    printed: Printed | None = None,
) -> dict[str, bytes]:
    """The whole site of a tournament or a club folder, path -> bytes, sorted by path.

    ``ratings`` is a club's rating history over its finalized tournaments
    (``tourney.load.club_state.club_ratings(folder).history``, which reads the
    ratings log): with it a club site gets ratings.html and a rating-changes
    page per finalized tournament. With ``printed`` the downloads pages link the
    PDFs ``build --pdf`` writes.
    """
    with gcpause.paused():
        return _render(obj, theme, ratings, printed)


def _render(
    obj: Tournament | Club,
    theme: Theme,
    ratings: RatingHistory | None,
    printed: Printed | None = None,
) -> dict[str, bytes]:
    env = theme.environment()
    _PAGES.setdefault(env, _Pages()).next_build()
    files: dict[str, bytes] = {".nojekyll": b""}
    for name, data in theme.static.items():
        files[STATIC + name] = data
    if isinstance(obj, Club):
        files.update(_club(obj, env, ratings, printed))
    else:
        files.update(render_tournament(obj, env, printed=printed))
    return dict(sorted(files.items()))


def render_page(env: jinja2.Environment, view: object) -> bytes:
    """One page: the view model's template rendered with it (reused when the model is equal)."""
    pages = _PAGES.setdefault(env, _Pages())
    try:
        key = _Key(view)
    except TypeError:  # a view model that cannot be hashed is rendered every time
        return _render_page(env, view)
    found = pages.pages.get(key)
    if found is None:
        found = pages.pages.current[key] = _render_page(env, view)
    return found


def _render_page(env: jinja2.Environment, view: object) -> bytes:
    template = env.get_template(view.template)  # type: ignore[attr-defined]
    html = template.render(page=view, frame=view.frame)  # type: ignore[attr-defined]
    return (html.rstrip("\n") + "\n").encode("utf-8")


def _club(
    club: Club,
    env: jinja2.Environment,
    ratings: RatingHistory | None,
    printed: Printed | None = None,
) -> Iterator[tuple[str, bytes]]:
    with catalog.language(club.language):
        frame = Frame(title=club.name, event=club.name, root="", home="", lang=club.language)
        yield "index.html", render_page(env, club_index(club, frame, ratings))
        if ratings is not None:
            for path, view in rating_pages(club, ratings):
                yield path, render_page(env, view)
            for path, member in member_pages(club, ratings):
                yield path, render_page(env, member)
    members = frozenset(m.id for m in club.members) if ratings is not None else frozenset()
    for folder, tournament in club.tournaments:
        crumbs = (Link("index.html", club.name),)
        if ratings is not None:
            period = tournament.settings.rating_period
            tournament = with_club_ratings(tournament, ratings_at_start(ratings, folder, period))
        for path, data in render_tournament(
            tournament,
            env,
            prefix=f"{text.slug(folder)}/",
            crumbs=crumbs,
            printed=printed,
            members=members,
        ).items():
            yield f"{text.slug(folder)}/{path}", data


def render_tournament(
    tournament: Tournament,
    env: jinja2.Environment,
    prefix: str = "",
    crumbs: tuple[Link, ...] = (),
    printed: Printed | None = None,
    members: frozenset[str] = frozenset(),
) -> dict[str, bytes]:
    """Every page and data file of one tournament, paths relative to its folder; in a club
    folder, ``members`` are the members with a page, linked from their player cards."""
    memo = _PAGES.setdefault(env, _Pages()).events
    t = tournament
    try:
        key = _Key(
            (
                "event",
                *(t.settings, t.players, t.teams, t.rounds, t.pages),
                *(prefix, crumbs, printed, members),
            )
        )
    except TypeError:  # a model that cannot be hashed is rendered every time
        return _in_language(tournament, env, prefix, crumbs, printed, members)
    found = memo.get(key)
    if found is None:
        found = memo.current[key] = _in_language(tournament, env, prefix, crumbs, printed, members)
    return dict(found)


def _in_language(
    tournament: Tournament,
    env: jinja2.Environment,
    prefix: str,
    crumbs: tuple[Link, ...],
    printed: Printed | None,
    members: frozenset[str],
) -> dict[str, bytes]:
    with catalog.language(tournament.settings.language or "en"):
        return _render_tournament(tournament, env, prefix, crumbs, printed, members)


def _render_tournament(
    tournament: Tournament,
    env: jinja2.Environment,
    prefix: str,
    crumbs: tuple[Link, ...],
    printed: Printed | None = None,
    members: frozenset[str] = frozenset(),
) -> dict[str, bytes]:
    t = visible(tournament)
    data = EventData(t)
    pages = tuple(Link(f"pages/{text.slug(p.slug)}.html", p.title) for p in t.pages)
    frames = Frames(t.settings.name, _nav(data, pages), prefix, crumbs, catalog.current())
    players = PlayerPages(data, frames, members)
    out: dict[str, bytes] = {}
    files = _data_files(data, players)
    views: list[Iterable[tuple[str, object]]] = [
        details(data, frames, pages),
        players.lists(),
        players.cards(),
        absent(data, frames, players),
        statistics(data, frames),
        downloads((*(d for d, _ in files), *_pdf_downloads(t, printed)), frames),
        _text_pages(t, frames),
    ]
    if t.is_team:
        team = TeamPages(data, frames)
        views += [
            team.teams(),
            team.composition(),
            team.round_pages(),
            team.standings_pages(),
            team.crosstable(),
            team.grid(),
            team.board_stats(),
            team.individual(),
        ]
    else:
        views += [
            players.rounds(),
            players.standings_pages(),
            players.crosstables(),
            players.tiebreaks(),
            players.fide_changes(),
            players.category_pages(),
        ]
    for group in views:
        for path, view in group:
            out[path] = render_page(env, view)
    for download, payload in files:
        out[download.href] = payload
    return dict(sorted(out.items()))


def _pdf_downloads(t: Tournament, printed: Printed | None) -> tuple[Download, ...]:
    """The PDFs ``build --pdf`` writes into pdf/ (``tourney.render.pdf.documents.planned``)."""
    if printed is None:
        return ()
    from tourney.render.pdf.documents import DOCUMENTS, planned  # imports this module

    found = []
    for plan in planned(t, printed.round):
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
        nav.append(("crosstable.html", _("Crosstable")))
        if data.tournament.is_team:
            nav += [("boards.html", _("Boards")), ("individual.html", _("Individual"))]
        else:
            nav.append(("tiebreaks.html", _("Tie-breaks")))
            nav.append(("categories.html", _("Categories")))
            if data.tournament.settings.fide_rated:
                nav.append(("rating-changes.html", _("Rating changes")))
    nav += [
        ("statistics.html", _("Statistics")),
        ("absent.html", _("Not paired")),
        ("downloads.html", _("Downloads")),
    ]
    nav += [(p.href, p.text) for p in pages]
    return tuple(nav)


def _text_pages(t: Tournament, frames: Frames) -> Iterator[tuple[str, object]]:
    for page in t.pages:
        path = f"pages/{text.slug(page.slug)}.html"
        yield (
            path,
            TextPage(frame=frames(path, page.title), html=to_html(without_title(page.markdown))),
        )


def trf_file(t: Tournament) -> bytes | None:
    """The FIDE report (TRF-2026) of the tournament, where this version can write one."""
    try:
        from tourney.render.trf.individual import write_trf
    except ImportError:  # the TRF writer is a separate module and may be absent
        return None
    return write_trf(t).encode("utf-8")


def _data_files(data: EventData, players: PlayerPages) -> list[tuple[Download, bytes]]:
    files = [
        (
            Download("players.csv", "players.csv", "CSV", _("The players by starting number.")),
            _english(players_csv, data),
        )
    ]
    trf = _english(trf_file, data.tournament)
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
        with catalog.language("en"):  # data files are the same in every language
            payload = _team_standings_json(data, after)
        files.append(
            (
                Download(
                    "standings.json",
                    "standings.json",
                    "JSON",
                    _("Team standings after round {number}.").format(number=after),
                ),
                payload,
            )
        )
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


def _english(make: Callable[..., V], *args: object) -> V:
    """A data file (CSV, JSON, TRF) as a program reads it: in every language the same."""
    with catalog.language("en"):
        return make(*args)


def _team_standings_json(data: EventData, after: int) -> bytes:
    lines = team_standings(data.tournament, after, data.team_numbers)
    rows = [
        {
            "rank": line.rank,
            "start": data.team_numbers[line.team],
            "id": line.team,
            "name": data.team_refs[line.team].name,
            "match_points": text.decimal(line.match_points),
            "game_points": text.decimal(line.game_points),
            "played": line.played,
            "won": line.won,
            "drawn": line.drawn,
            "lost": line.lost,
        }
        for line in lines
    ]
    document = {"tournament": data.tournament.settings.name, "after_round": after, "rows": rows}
    return (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
