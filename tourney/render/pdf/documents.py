"""The printed documents: a registry of document kinds, their HTML, and HTML to PDF.

``DOCUMENTS`` names every document ``tourney print`` knows (docs/teams.md
"Printing", US Chess 31D and 31F); each entry builds its view model
(``tourney.render.pdf.views``, or a site view model where the site already
holds what the paper shows) for a ``Selection``. ``document_html`` renders it
with the Jinja templates in ``site_templates/pdf/`` (the same environment as
the site: autoescape on, ``StrictUndefined``) and the print stylesheet inlined,
so one HTML string holds everything the PDF depends on. ``PdfWriter`` turns it
into PDF bytes with WeasyPrint, imported only then (the import alone takes
about a second).

Everything here is a pure function of the tournament, the templates and the
paper size: no clock, no files (WeasyPrint may fetch nothing but ``data:``
URLs), so the same folder gives byte-identical PDFs (no creation date, no
random file identifier).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from tourney.engine.evaluation import Evaluation
from tourney.engine.teams.lineups import fielded_average
from tourney.i18n import N_, catalog
from tourney.i18n import gettext as _
from tourney.model import Tournament
from tourney.render import text
from tourney.render.current import current_round
from tourney.render.pdf.cards import player_cards_doc, poster_doc
from tourney.render.pdf.common import (
    PrintContext,
    PrintError,
    Selection,
    average_text,
    page_of,
)
from tourney.render.pdf.sheets import lineup_forms, match_sheets, next_round
from tourney.render.pdf.team import (
    board_prizes_doc,
    individual_doc,
    rosters_doc,
    series_names,
    team_crosstable_doc,
    team_standings_doc,
)
from tourney.render.pdf.textgrid import (
    COMPACT_FROM,
    CROSSTABLE_SIZE,
    LIST_SIZE,
    TextCrosstable,
    TextLines,
    fitted,
    text_crosstable,
    text_pairings,
    text_pairings_alpha,
    text_players,
    text_standings,
)
from tourney.render.pdf.uschess import pairing_cards_doc, wall_chart_doc
from tourney.render.pdf.views import PrintFrame
from tourney.render.site.individual import round_file
from tourney.render.site.individual.rounds import rounds
from tourney.render.site.individual.standings import latest_standings
from tourney.render.site.team import grid as team_grid
from tourney.render.site.team import rounds as team_rounds
from tourney.render.theme import Theme
from tourney.render.views import PlayerListPage, RoundAlphaPage, RoundPage, TeamRoundPage

PAPERS = {"a4": "A4", "letter": "letter"}  # ``--paper`` -> CSS page size
CSS_FILE = "pdf/print.css"

# What ``--round N`` means for a document.
PAIRED = "paired"  # the round N pairing (default: the last paired round)
DECIDED = "decided"  # after round N (default: the last round with a result)
NEXT = "next"  # line-up forms for round N (default: the round to be played next)
NONE = ""  # no round: the document is the same whatever the round

INDIVIDUAL = "individual"
TEAM = "team"
ANY = "any"

Built = tuple[PrintFrame, object]
Builder = Callable[[PrintContext, Selection], Built]


@dataclass(frozen=True, slots=True)
class Document:
    """A document kind: its name on the command line, for which events, and its builder.

    ``options`` are the selection flags it takes beyond ``--round``
    (``team``, ``match``, ``series``).
    """

    name: str
    title: str
    events: str
    rounds: str
    options: frozenset[str]
    build: Builder
    summary: str


# -- builders -------------------------------------------------------------------------------


def _pairings(ctx: PrintContext, sel: Selection) -> Built:
    rnd = ctx.paired_round(sel.round)
    page = page_of(rounds(ctx.players, only=rnd.number), round_file(rnd.number))
    frame = ctx.frame(_("Pairings"), ctx.round_subtitle(rnd.number))
    if isinstance(page, RoundPage) and 2 * len(page.boards) >= COMPACT_FROM:
        return frame, text_pairings(page)
    return frame, page


def _pairings_alpha(ctx: PrintContext, sel: Selection) -> Built:
    rnd = ctx.paired_round(sel.round)
    page = page_of(rounds(ctx.players, only=rnd.number), round_file(rnd.number, "-alpha"))
    frame = ctx.frame(_("Pairings by name"), ctx.round_subtitle(rnd.number))
    if isinstance(page, RoundAlphaPage) and len(page.rows) >= COMPACT_FROM:
        return frame, text_pairings_alpha(page)
    return frame, page


def _standings(ctx: PrintContext, sel: Selection) -> Built:
    after = ctx.decided_round(sel.round)
    page: Any = latest_standings(PrintContext(ctx.evaluation.until(after)).players)
    frame = ctx.frame(page.frame.title, ctx.day(after))
    if len(page.rows) >= COMPACT_FROM:
        return frame, text_standings(page)
    return frame, page


def _crosstable(ctx: PrintContext, sel: Selection) -> Built:
    after = ctx.decided_round(sel.round)
    pages = PrintContext(ctx.evaluation.until(after)).players.crosstables()
    if ctx.t.settings.format.is_round_robin:
        # A round robin prints its square table by Berger number (C.05 Annex 1).
        grid = page_of(pages, "crosstable-start.html")
        wide = len(grid.numbers) * grid.cycles > 12  # type: ignore[attr-defined]
        return ctx.frame(
            _("Round-robin table"), _("after round {number}").format(number=after), landscape=wide
        ), grid
    page = page_of(pages, "crosstable.html")
    frame = ctx.frame(_("Crosstable"), _("after round {number}").format(number=after), True)
    if len(page.rows) >= COMPACT_FROM:  # type: ignore[attr-defined]
        return frame, text_crosstable(page)  # type: ignore[arg-type]
    return frame, page


def _players(ctx: PrintContext, sel: Selection) -> Built:
    page = page_of(ctx.players.lists(), "players.html")
    frame = ctx.frame(_("Players"), _("by starting rank"))
    if isinstance(page, PlayerListPage) and len(page.rows) >= COMPACT_FROM:
        return frame, text_players(page)
    return frame, page


def _team_pairings(ctx: PrintContext, sel: Selection) -> Built:
    rnd = ctx.paired_round(sel.round)
    page = page_of(team_rounds.pages(ctx.team_event), round_file(rnd.number))
    assert isinstance(page, TeamRoundPage)
    # The average fielded as the engine counts it (a player who never came left
    # out), so the team pairings and the match sheets print the same value.
    matches = tuple(
        dataclasses.replace(
            row,
            white_average=average_text(fielded_average(ctx.t, match, match.white)),
            black_average=average_text(fielded_average(ctx.t, match, match.black)),
        )
        for row, match in zip(page.matches, rnd.matches, strict=True)
    )
    page = dataclasses.replace(page, matches=matches)
    return ctx.frame(_("Team pairings"), ctx.round_subtitle(rnd.number)), page


def _team_standings(ctx: PrintContext, sel: Selection) -> Built:
    after = ctx.decided_round(sel.round)
    doc = team_standings_doc(ctx, after)
    title = (
        _("Final team standings after round {number}")
        if doc.final
        else _("Team standings after round {number}")
    ).format(number=after)
    return ctx.frame(title, ctx.day(after)), doc


def _team_crosstable(ctx: PrintContext, sel: Selection) -> Built:
    after = ctx.decided_round(sel.round)
    if ctx.t.settings.format.is_round_robin:
        # A team round robin prints its square table by team number (C.05 Annex 1).
        found = dict(team_grid.pages(PrintContext(ctx.evaluation.until(after)).team_event))
        if "crosstable-start.html" in found:
            grid = found["crosstable-start.html"]
            wide = len(grid.numbers) * grid.cycles > 12  # type: ignore[attr-defined]
            return ctx.frame(
                _("Team round-robin table"), _("after round {number}").format(number=after), wide
            ), grid
    doc = team_crosstable_doc(ctx, after)
    return ctx.frame(
        _("Team crosstable"), _("after round {number}").format(number=after), len(doc.rounds) > 9
    ), doc


def _match_sheets(ctx: PrintContext, sel: Selection) -> Built:
    match_no = sel.match
    rnd = ctx.paired_round(sel.round)
    if sel.team is not None:
        team = ctx.find_team(sel.team)
        found = [
            m.number or i
            for i, m in enumerate(rnd.matches, start=1)
            if team.id in (m.white, m.black)
        ]
        if not found:
            raise PrintError(f"{team.name} has no match in round {rnd.number}")
        match_no = found[0]
    doc = match_sheets(ctx, rnd.number, match_no)
    return ctx.frame(_("Match result sheet"), ctx.round_subtitle(rnd.number)), doc


def _lineup_forms(ctx: PrintContext, sel: Selection) -> Built:
    number = next_round(ctx) if sel.round is None else sel.round
    doc = lineup_forms(ctx, number, ctx.teams(sel))
    return ctx.frame(_("Line-up form"), ctx.round_subtitle(number)), doc


def _rosters(ctx: PrintContext, sel: Selection) -> Built:
    return ctx.frame(_("Team rosters")), rosters_doc(ctx, sel)


def _board_prizes(ctx: PrintContext, sel: Selection) -> Built:
    after = ctx.decided_round(sel.round)
    return ctx.frame(
        _("Board prizes"), _("after round {number}").format(number=after)
    ), board_prizes_doc(ctx, after)


def _individual(ctx: PrintContext, sel: Selection) -> Built:
    after = ctx.decided_round(sel.round)
    if sel.series is not None:
        known = series_names(ctx)
        match = [s for s in known if s.strip().casefold() == sel.series.strip().casefold()]
        if not match:
            raise PrintError(f"no team plays in series '{sel.series}'", _listed("series", known))
    doc = individual_doc(ctx, after, match[0] if sel.series is not None else None)
    title = (
        _("Individual ranking: {series}").format(series=doc.series)
        if doc.series
        else _("Individual ranking")
    )
    return ctx.frame(title, _("after round {number}").format(number=after)), doc


def _pairing_cards(ctx: PrintContext, sel: Selection) -> Built:
    if not ctx.t.is_team:  # FIDE-style player cards (tourney.render.pdf.cards)
        return ctx.frame(_("Pairing cards")), player_cards_doc(ctx, sel)
    return ctx.frame(_("Team pairing card"), "US Chess 31D"), pairing_cards_doc(ctx, sel)


def _pairings_poster(ctx: PrintContext, sel: Selection) -> Built:
    number, doc = poster_doc(ctx, sel)
    return ctx.frame(_("Pairings"), ctx.round_subtitle(number), landscape=True), doc


def _wall_chart(ctx: PrintContext, sel: Selection) -> Built:
    return ctx.frame(_("Wall chart"), "US Chess 31F", landscape=True), wall_chart_doc(ctx)


def _prizes(ctx: PrintContext, sel: Selection) -> Built:
    from tourney.render.site.prizes import prizes_page

    after = ctx.decided_round(sel.round)
    if ctx.t.settings.prizes is None:
        raise PrintError("tournament.yaml has no 'prizes:'", "docs/prizes.md")
    page = prizes_page(PrintContext(ctx.evaluation.until(after)).players)
    assert page is not None  # prizes, and round ``after`` has a result
    return ctx.frame(_("Prizes"), _("after round {number}").format(number=after)), page


def _listed(what: str, names: tuple[str, ...]) -> str:
    return f"{what}: {', '.join(names)}" if names else f"the event has no {what}"


_TEAM, _MATCH, _SERIES = "team", "match", "series"

DOCUMENTS: dict[str, Document] = {
    d.name: d
    for d in (
        Document("pairings", N_("Pairings"), INDIVIDUAL, PAIRED, frozenset(), _pairings,
                 N_("a round in board order, with points before the round and results")),
        Document("pairings-alpha", N_("Pairings by name"), ANY, PAIRED, frozenset(), _pairings_alpha,
                 N_("every player of a round by name: board, colour, opponent, result")),
        Document("pairings-poster", N_("Pairings poster"), INDIVIDUAL, PAIRED, frozenset(),
                 _pairings_poster, N_("a round in board order in large type, for the wall")),
        Document("standings", N_("Standings"), INDIVIDUAL, DECIDED, frozenset(), _standings,
                 N_("standings after a round with every tie-break and the performance")),
        Document("crosstable", N_("Crosstable"), INDIVIDUAL, DECIDED, frozenset(), _crosstable,
                 N_("the crosstable by rank (landscape)")),
        Document("prizes", N_("Prizes"), INDIVIDUAL, DECIDED, frozenset(), _prizes,
                 N_("the prize list with a column for signatures (tournament.yaml prizes:)")),
        Document("players", N_("Players"), ANY, NONE, frozenset(), _players,
                 N_("the starting rank list (with team and board in a team event)")),
        Document("team-pairings", N_("Team pairings"), TEAM, PAIRED, frozenset(), _team_pairings,
                 N_("the matches of a round with the average rating fielded, then every board")),
        Document("team-standings", N_("Team standings"), TEAM, DECIDED, frozenset(),
                 _team_standings, N_("team standings after a round with the team tie-breaks")),
        Document("team-crosstable", N_("Team crosstable"), TEAM, DECIDED, frozenset(),
                 _team_crosstable, N_("per round the opponent's rank, colour and game points")),
        Document("match-sheets", N_("Match result sheets"), TEAM, PAIRED,
                 frozenset({_TEAM, _MATCH}), _match_sheets,
                 N_("one page per match: line-ups, result boxes, averages, signatures")),
        Document("lineup-forms", N_("Line-up forms"), TEAM, NEXT, frozenset({_TEAM}),
                 _lineup_forms, N_("one blank line-up form per team for a round")),
        Document("rosters", N_("Team rosters"), TEAM, NONE, frozenset({_TEAM}), _rosters,
                 N_("every team's roster in board order, with ratings and ids")),
        Document("board-prizes", N_("Board prizes"), TEAM, DECIDED, frozenset(), _board_prizes,
                 N_("per board the eligible players (US Chess 31B1: lowest board played)")),
        Document("individual-ranking", N_("Individual ranking"), TEAM, DECIDED,
                 frozenset({_SERIES}), _individual,
                 N_("every player who played, by points and percentage; --series filters")),
        Document("pairing-cards", N_("Pairing cards"), ANY, NONE, frozenset({_TEAM}),
                 _pairing_cards, N_("a card per player (teams: US Chess 31D front and back)")),
        Document("wall-chart", N_("Wall chart"), TEAM, NONE, frozenset(), _wall_chart,
                 N_("US Chess 31F team chart and individual chart set up by team")),
    )
}  # fmt: skip


def applicable(t: Tournament) -> tuple[str, ...]:
    """The documents that exist for this kind of event, in registry order."""
    kind = TEAM if t.is_team else INDIVIDUAL
    return tuple(name for name, d in DOCUMENTS.items() if d.events in (ANY, kind))


NO_SELECTION = Selection()


def build(evaluation: Evaluation, name: str, selection: Selection = NO_SELECTION) -> Built:
    """The frame and view model of one document; ``PrintError`` when it cannot be printed."""
    t = evaluation.tournament
    if name not in DOCUMENTS:
        raise PrintError(f"unknown document '{name}'", _listed("documents", tuple(DOCUMENTS)))
    document = DOCUMENTS[name]
    if name not in applicable(t):
        kind = "a team event" if t.is_team else "an individual event"
        raise PrintError(f"{name} is not printed for {kind}", _listed("documents", applicable(t)))
    given = {
        _TEAM: selection.team is not None,
        _MATCH: selection.match is not None,
        _SERIES: selection.series is not None,
    }
    for option, used in given.items():
        if used and option not in document.options:
            raise PrintError(f"--{option} does not apply to {name}")
    if selection.round is not None and document.rounds == NONE:
        raise PrintError(f"--round does not apply to {name}")
    return document.build(PrintContext(evaluation), selection)


def document_html(
    evaluation: Evaluation,
    name: str,
    selection: Selection,
    theme: Theme,
    css: str,
    paper: str = "a4",
) -> str:
    """The HTML of one document, its stylesheet inlined: everything its PDF depends on."""
    if paper not in PAPERS:
        raise PrintError(f"unknown paper '{paper}'", _listed("paper sizes", tuple(PAPERS)))
    with catalog.language(evaluation.tournament.settings.language or "en"):
        frame, page = build(evaluation, name, selection)
        if isinstance(page, TextLines):  # a large field's lines, set to fit the paper
            size = CROSSTABLE_SIZE if isinstance(page, TextCrosstable) else LIST_SIZE
            page = fitted(page, PAPERS[paper], frame.landscape, size)
        template = theme.environment().get_template(_print_template(page))
        html = template.render(doc=frame, page=page, paper=PAPERS[paper], css=Markup(css))
    return html.rstrip("\n") + "\n"


# Site view models reused on paper, and the print template that shows each.
_SITE_TEMPLATES = {
    "round.html": "pdf/pairings.html",
    "round_alpha.html": "pdf/pairings_alpha.html",
    "standings.html": "pdf/standings.html",
    "crosstable.html": "pdf/crosstable.html",
    "crosstable_rr.html": "pdf/crosstable_rr.html",
    "team_grid.html": "pdf/team_grid.html",
    "players.html": "pdf/players.html",
    "team_round.html": "pdf/team_pairings.html",
    "prizes.html": "pdf/prizes.html",
}


def _print_template(page: object) -> str:
    name: str = page.template  # type: ignore[attr-defined]
    return name if name.startswith("pdf/") else _SITE_TEMPLATES[name]


# -- the documents ``tourney build --pdf`` writes ------------------------------------------------


@dataclass(frozen=True, slots=True)
class Planned:
    """One PDF of a build: its file name, the document and the selection."""

    file: str
    document: str
    selection: Selection


def planned(evaluation: Evaluation, round_no: int | None = None) -> tuple[Planned, ...]:
    """Every document of the event for the latest round (or round ``round_no``).

    Pairings, team pairings and match sheets of the round being played, else of
    the last paired round (file
    ``NAME-round-NN.pdf``); standings, crosstables, board prizes and the
    individual ranking (one per series too) after the last round with a result
    (``NAME-after-NN.pdf``); line-up forms for the round to be played next;
    players, rosters, a team event's pairing cards and the wall chart (``NAME.pdf``).
    The poster and an individual event's pairing cards are the arbiter's, for the
    playing hall: ``tourney print`` only.
    """
    ctx = PrintContext(evaluation)
    t = evaluation.tournament
    # The round being played (a round robin may be paired to its end in advance), else
    # the last one paired.
    current = current_round(evaluation)
    playing = current if current and t.round(current) is not None else ctx.last_paired
    paired = round_no if round_no is not None else playing
    decided = round_no if round_no is not None else ctx.last_decided
    upcoming = round_no if round_no is not None else next_round(ctx)
    out = []
    for name in applicable(t):
        if name == "pairings-poster" or (name == "pairing-cards" and not t.is_team):
            continue  # the arbiter's, for the hall: tourney print, not the site
        if name == "prizes" and t.settings.prizes is None:
            continue
        kind = DOCUMENTS[name].rounds
        if kind == PAIRED:
            if t.round(paired) is not None:
                out.append(Planned(f"{name}-round-{paired:02d}.pdf", name, Selection(paired)))
        elif kind == DECIDED:
            if 1 <= decided <= ctx.last_decided:
                out.append(Planned(f"{name}-after-{decided:02d}.pdf", name, Selection(decided)))
                if name == "individual-ranking":
                    out += [
                        Planned(
                            f"{name}-{text.slug(s.casefold())}-after-{decided:02d}.pdf",
                            name,
                            Selection(decided, series=s),
                        )
                        for s in series_names(ctx)
                    ]
        elif kind == NEXT:
            if upcoming >= 1 and (not t.planned_rounds or upcoming <= t.planned_rounds):
                out.append(Planned(f"{name}-round-{upcoming:02d}.pdf", name, Selection(upcoming)))
        elif name != "wall-chart" or ctx.last_paired:
            out.append(Planned(f"{name}.pdf", name, Selection()))
    return tuple(out)


# -- HTML to PDF -----------------------------------------------------------------------------------


class PdfWriter:
    """Turns document HTML into PDF bytes with WeasyPrint (imported on first use).

    One writer shares its font configuration between documents, and parses the
    print stylesheet once for all of them (``render``'s ``css``). No resource
    is fetched but ``data:`` URLs, and the PDF carries no date and no random
    identifier, so equal HTML gives equal bytes.
    """

    def __init__(self) -> None:
        import weasyprint  # lazy: ~1 s to import, and only PDF commands need it
        from weasyprint.text.fonts import FontConfiguration

        self._weasyprint = weasyprint
        self._fonts = FontConfiguration()
        self._sheets: dict[str, object] = {}

    def _fetcher(self) -> object:
        fetcher_class = getattr(self._weasyprint, "URLFetcher", None)
        if fetcher_class is not None:  # newer WeasyPrint: a fetcher object
            return fetcher_class(allowed_protocols=("data",), fail_on_errors=False)
        default = self._weasyprint.default_url_fetcher

        def data_only(url: str) -> object:
            if not url.startswith("data:"):
                raise ValueError(f"printed documents fetch nothing: {url}")
            return default(url)

        return data_only

    def _sheet(self, css: str) -> object:
        if css not in self._sheets:
            self._sheets[css] = self._weasyprint.CSS(
                string=css, font_config=self._fonts, url_fetcher=self._fetcher()
            )
        return self._sheets[css]

    def render(self, html: str, css: str = "") -> tuple[bytes, int]:
        """The PDF and its number of pages.

        ``css`` is the print stylesheet that ``document_html`` inlined in ``html``:
        it is taken out of the HTML and given to WeasyPrint parsed, once per writer
        (parsing it took a tenth of a large document's time). As a user stylesheet it
        ranks below the document's own ``<style>`` (page size, translated footer) and
        above the browser defaults, as it does inlined: the bytes are the same.
        """
        sheets = []
        if css.strip() and css in html:
            html = html.replace(css, "", 1)
            sheets.append(self._sheet(css))
        source = self._weasyprint.HTML(string=html, url_fetcher=self._fetcher())
        document = source.render(font_config=self._fonts, stylesheets=sheets)
        data: bytes = document.write_pdf(pdf_identifier=False)
        return data, len(document.pages)

    def __call__(self, html: str, css: str = "") -> bytes:
        return self.render(html, css)[0]


def weasyprint_available() -> bool:
    """Whether WeasyPrint (and the system libraries it loads) can be imported."""
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError):
        return False
    return True
