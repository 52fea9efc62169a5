"""Languages (docs/languages.md): the catalogs are complete and in step with the code,
``language:`` is read and checked, Dutch pages speak Dutch, and no visible string of
the site or the printed documents escapes the catalog.
"""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Iterator
from enum import Enum
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tourney.app.build import read_theme
from tourney.app.print import read_print_theme
from tourney.engine.evaluation import evaluate, evaluate_club
from tourney.errors import InvalidInput
from tourney.i18n import LANGUAGES, catalog
from tourney.i18n.extract import LOCALE, POT, extract, pot_text
from tourney.load.club_state import club_ratings
from tourney.load.folder import read_path, read_tournament
from tourney.model import Club, Tournament
from tourney.render.pdf.documents import Selection, document_html, planned
from tourney.render.site.pages import render

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
PO = LOCALE / "nl" / "LC_MESSAGES" / "tourney.po"


@cache
def extracted() -> Catalog:
    return extract()


def _key(m: object) -> tuple[str | None, str | tuple[str, ...]]:
    mid = m.id  # type: ignore[attr-defined]
    return m.context, (mid if isinstance(mid, str) else tuple(mid))  # type: ignore[attr-defined]


def _messages(c: Catalog) -> dict[tuple[str | None, str | tuple[str, ...]], object]:
    return {_key(m): m for m in c if m.id}


# -- the catalogs -----------------------------------------------------------------------------


def test_every_language_but_english_has_a_catalog() -> None:
    on_disk = {p.name for p in LOCALE.iterdir() if p.is_dir()}
    assert on_disk == set(LANGUAGES) - {"en"}
    assert LANGUAGES[0] == "en"


def test_the_template_is_what_extraction_gives() -> None:
    """tourney/locale/tourney.pot is in step with the templates and the code (`make messages`)."""
    assert POT.read_text("utf-8") == pot_text(extracted())


def test_dutch_translates_every_message_and_nothing_else() -> None:
    with PO.open("rb") as f:
        nl = read_po(f, locale="nl")
    wanted = _messages(extracted())
    have = _messages(nl)
    assert set(have) == set(wanted)
    for key, m in have.items():
        strings = m.string if isinstance(m.string, tuple) else (m.string,)  # type: ignore[attr-defined]
        assert all(s.strip() for s in strings), f"untranslated: {key}"
        assert "fuzzy" not in m.flags, f"fuzzy: {key}"  # type: ignore[attr-defined]


PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+(?::[^}]*)?\}|</?strong>")


def test_dutch_keeps_every_placeholder() -> None:
    """A translation that drops or renames a placeholder would fail (or lie) at run time."""
    with PO.open("rb") as f:
        nl = read_po(f, locale="nl")
    for m in nl:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        want = sorted(PLACEHOLDER.findall(ids[-1]))
        for s in strings:
            assert sorted(PLACEHOLDER.findall(s)) == want or (
                # Dutch singular may spell out the number ("de laagste waarde")
                len(ids) == 2 and s is strings[0]
            ), (m.id, s)


def test_every_tie_break_name_is_a_message() -> None:
    from tourney.engine.tiebreaks.registry import TIEBREAKS

    messages = {k[1] for k in _messages(extracted())}
    assert {t.name for t in TIEBREAKS.values()} - messages == set()


def test_the_dutch_catalog_compiles_from_the_po() -> None:
    with catalog.language("nl"):
        assert catalog.gettext("Standings") == "Stand"
        assert catalog.pgettext("colour letter", "b") == "z"
        assert catalog.ngettext("%(num)d player.", "%(num)d players.", 3) == "%(num)d spelers."
    assert catalog.gettext("Standings") == "Standings"  # English outside


# -- language: in tournament.yaml and club.yaml -----------------------------------------------

SETTINGS = "name: T\nformat: swiss\nrounds: 5\n"
PLAYERS = "- {id: a, name: Anna}\n- {id: b, name: Bert}\n"


def _folder(tmp: Path, settings: str) -> Path:
    tmp.mkdir(exist_ok=True)
    (tmp / "tournament.yaml").write_text(settings, encoding="utf-8")
    (tmp / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    return tmp


def test_language_is_read_and_defaults_to_english(tmp_path: Path) -> None:
    t, _ = read_tournament(_folder(tmp_path, SETTINGS + "language: nl\n"))
    assert t.settings.language == "nl"
    t, _ = read_tournament(_folder(tmp_path, SETTINGS))
    assert t.settings.language == ""  # not said: English, or the club's


def test_an_unknown_language_is_an_error_at_its_line(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput) as caught:
        read_tournament(_folder(tmp_path, SETTINGS + "language: de\n"))
    (d,) = [d for d in caught.value.diagnostics if d.code == "E142"]
    assert (Path(d.file).name, d.line, d.col) == ("tournament.yaml", 4, 11)
    assert d.message == "language cannot be 'de'"
    assert d.hint == "supported languages: en, nl"


def test_a_club_speaks_its_language_unless_an_event_says_otherwise(tmp_path: Path) -> None:
    (tmp_path / "club.yaml").write_text("name: C\nlanguage: nl\n", encoding="utf-8")
    _folder(tmp_path / "a", SETTINGS)
    _folder(tmp_path / "b", SETTINGS + "language: en\n")
    club, _ = read_path(tmp_path)
    assert isinstance(club, Club)
    assert club.language == "nl"
    assert {f: t.settings.language for f, t in club.tournaments} == {"a": "nl", "b": "en"}


def test_a_club_with_an_unknown_language_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "club.yaml").write_text("name: C\nlanguage: fr\n", encoding="utf-8")
    with pytest.raises(InvalidInput) as caught:
        read_path(tmp_path)
    (d,) = [d for d in caught.value.diagnostics if d.code == "E142"]
    assert (Path(d.file).name, d.line, d.col) == ("club.yaml", 2, 11)


# -- Dutch pages ------------------------------------------------------------------------------


def _in(t: Tournament, lang: str) -> Tournament:
    return dataclasses.replace(t, settings=dataclasses.replace(t.settings, language=lang))


@cache
def dutch_site(example: str) -> dict[str, str]:
    obj, _ = read_path(EXAMPLES / example)
    assert isinstance(obj, Tournament)
    site = render(evaluate(_in(obj, "nl")), read_theme(EXAMPLES / example))
    return {p: b.decode("utf-8") for p, b in site.items() if p.endswith(".html")}


def test_a_dutch_site_is_dutch() -> None:
    site = dutch_site("swiss-open")
    home, schedule = site["index.html"], site["schedule.html"]
    assert '<html lang="nl">' in home
    # the navigation and the facts, as the catalog gives them
    for word in (">Speelschema<", ">Stand<", ">Kruistabel<", ">Hoofdarbiter<", ">Speeltempo<"):
        assert word in home, word
    # round_dates 2026-10-02 ... in Babel's Dutch medium format (CLDR: "d MMM y")
    assert "<td>vr 2 okt 2026</td>" in schedule  # with the weekday (CLDR "EEE": vr)
    assert "2 okt 2026 – 4 okt 2026" in home
    assert "<caption>Ronde 1: paringen in bordvolgorde</caption>" in site["round-01.html"]
    assert ">Wit<" in site["round-01.html"] and ">Zwart<" in site["round-01.html"]
    assert "Weerstandspunten (Buchholz)" in site["tiebreaks.html"]


def test_dutch_pages_write_a_decimal_comma_and_data_files_a_point() -> None:
    """Kuipers, Jan (p04) has BH/C1 12.5 after round 5 (the CSV line below, English)."""
    obj, _ = read_path(EXAMPLES / "swiss-open")
    assert isinstance(obj, Tournament)
    site = render(evaluate(_in(obj, "nl")), read_theme(EXAMPLES / "swiss-open"))
    assert '<a href="players/p04.html#tb-BH-C1">12,5</a>' in site["standings.html"].decode()
    assert b'1,4,p04,"Kuipers, Jan",CM,2415,BEL,4,12.5,15,11.5,,3' in site["standings.csv"]
    assert b'"12.5"' in site["standings.json"] and b'"12,5"' not in site["standings.json"]
    english = render(evaluate(obj), read_theme(EXAMPLES / "swiss-open"))
    assert site["report.trf"] == english["report.trf"]


def test_a_dutch_team_site_uses_the_dutch_colour_letters() -> None:
    site = dutch_site("team-league")
    page = site["round-01.html"]
    assert '<html lang="nl">' in page
    assert 'title="Zwart">Z</abbr>' in page and 'title="Wit">W</abbr>' in page
    assert "BP" in site["standings.html"]  # bordpunten, not GP


def test_a_dutch_pdf_is_dutch() -> None:
    obj, _ = read_path(EXAMPLES / "swiss-open")
    assert isinstance(obj, Tournament)
    theme, css = read_print_theme(EXAMPLES / "swiss-open")
    html = document_html(evaluate(_in(obj, "nl")), "pairings", Selection(5), theme, css)
    assert '<html lang="nl">' in html
    assert "Paringen" in html and "Ronde 5 · 4 okt 2026" in html
    # the page footer of print.css, said again in Dutch
    assert 'content: "Pagina " counter(page) " van " counter(pages);' in html
    english = document_html(evaluate(obj), "pairings", Selection(5), theme, css)
    assert "counter(page) " not in english.split("</style>", 1)[1]  # print.css's own only


# -- nothing escapes the catalog --------------------------------------------------------------

PSEUDO = "qps"  # a private-use language code: every message marked ⟦ ⟧
OPEN, CLOSE = "⟦", "⟧"


@cache
def pseudo_language() -> str:
    """A language built here from the extracted messages, each translation the message
    with its words marked ``⟦ ⟧`` (``_marked``)."""
    pseudo = Catalog(locale="en", domain="tourney")
    for m in extracted():
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            string: str | tuple[str, ...] = tuple(_marked(s) for s in m.id)
        else:
            string = _marked(m.id)
        pseudo.add(m.id, string, context=m.context)
    compiled = io.BytesIO()
    write_mo(compiled, pseudo)
    compiled.seek(0)
    import gettext

    catalog.register(PSEUDO, gettext.GNUTranslations(compiled))
    return PSEUDO


PLACEHOLDERS = re.compile(r"(%\(\w+\)[sd]|\{[^{}]*\})")


def _marked(message: str) -> str:
    """``⟦Round ⟧%(number)s⟦: pairings⟧``: the words marked, the placeholders left out of
    the markers, so what fills them is checked too (a name, a number, another message)."""
    parts = PLACEHOLDERS.split(message)
    return "".join(
        part if i % 2 else (f"{OPEN}{part}{CLOSE}" if part else "") for i, part in enumerate(parts)
    )


def _strings(value: object) -> Iterator[str]:
    """Every text the folder holds: names, ids, places, codes, page text (line by line), the
    stored pairing explanations. Enum values (colours, results, formats) are tourney's words,
    not the folder's: left out."""
    if isinstance(value, Enum):
        return
    if isinstance(value, str):
        yield value
        for line in value.splitlines():  # Markdown pages and explanations, line by line
            yield line.strip().lstrip("#*->").strip()
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _strings(item)
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            yield from _strings(getattr(value, f.name))


INLINE = {"a", "abbr", "strong", "em", "b", "i", "span", "small", "code", "time", "sup", "sub"}


class _Text(HTMLParser):
    """Every visible text of a page (a block's text across inline tags: a marked message
    may hold a link or <strong>), and every title, aria-label and alt."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.hidden = 0
        self.chunk: list[str] = []

    def flush(self) -> None:
        text = "".join(self.chunk)
        if text.strip():
            self.found.append(text)
        self.chunk = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in INLINE:
            self.flush()
        if tag in ("script", "style", "svg"):
            self.hidden += 1
        for name, value in attrs:
            if name in ("title", "aria-label", "alt") and value:
                self.found.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag not in INLINE:
            self.flush()
        if tag in ("script", "style", "svg"):
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.chunk.append(data)

    def close(self) -> None:
        super().close()
        self.flush()


MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
# What may stand outside a marker besides the folder's own text: anything without a
# letter (numbers, scores, dates, ratings, punctuation: "4½", "+6.3", "1-0", "–"), a
# crosstable cell ("12w1"), tie-break codes (FIDE C.07 names them the same in every
# language), FIDE rule citations (C.07, B.02) and file formats and names (CSV, report.trf).
# ... and the articles of the pairing rules a stored explanation cites (C.04.3 A.3, B.5,
# C4, E.1; [C8] of the team Swiss), its subgroups S1 and S2 (issue 32: translated text)
NEUTRAL = re.compile(
    r"\d+[wbz]\S*|[A-C]\.\d\d|CSV|JSON|TRF|PDF|PGN|[\w-]+\.(?:csv|json|trf|pdf|pgn)"
    r"|\[?[A-E]\.?\d+(?:\.\d+)*\]?|S[12]"
)


def escaped(html: str, data: list[str], codes: set[str]) -> list[str]:
    """The texts of a page that are neither marked nor data nor neutral."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    folder = _alternation(tuple(data))
    out = []
    for text in parser.found:
        rest = text
        while True:  # innermost markers first: a marked message may hold another
            stripped = MARKED.sub(" ", rest)
            if stripped == rest:
                break
            rest = stripped
        letters = rest.split()
        if len(letters) >= 3 and all(len(w) == 1 and w.isupper() for w in letters):
            continue  # the letters of a name index ("B D E G ..."): initials of names
        rest = folder.sub(" ", rest)
        words = [w for w in re.split(r"[\s,;:()·]+", rest) if w]
        if any(not _neutral(w, codes) for w in words):
            out.append(text.strip())
    return out


@cache
def _descriptor(word: str) -> bool:
    """A tie-break with its modifiers as C.07 writes it: BH/C1, EGGSB/P."""
    from tourney.engine.tiebreaks.descriptor import DescriptorError, parse_descriptor

    try:
        parse_descriptor(word)
    except DescriptorError:
        return False
    return word.split("/")[0] in _ALL_CODES


@cache
def _alternation(data: tuple[str, ...]) -> re.Pattern[str]:
    """The folder's texts as whole words, longest first ("Kuipers, Jan" before "Jan")."""
    ordered = sorted(data, key=len, reverse=True)
    return re.compile("|".join(rf"(?<!\w){re.escape(v)}(?!\w)" for v in ordered) or "(?!)")


def _neutral(word: str, codes: set[str]) -> bool:
    if _descriptor(word):
        return True
    return all(
        part in codes or NEUTRAL.fullmatch(part) or not any(c.isalpha() for c in part)
        for part in word.split("/")
    )


def _all_codes() -> frozenset[str]:
    from tourney.engine.tiebreaks.registry import TIEBREAKS

    return frozenset(TIEBREAKS)


_ALL_CODES = _all_codes()


def _codes(t: Tournament) -> set[str]:
    """Tie-break codes (BH, BH/C1, EGGSB...) are the same in every language (FIDE C.07)."""
    from tourney.engine.tiebreaks.registry import TIEBREAKS

    found = set(TIEBREAKS)
    for code in t.settings.tiebreaks:
        found |= set(re.split(r"[/,\s]+", str(code)))
    return found


def _data(obj: object) -> list[str]:
    return sorted({s.strip() for s in _strings(obj) if s.strip()}, key=len, reverse=True)


def _pseudo_site(example: str) -> Iterator[tuple[str, str, list[str], set[str]]]:
    lang = pseudo_language()
    folder = EXAMPLES / example
    obj, _ = read_path(folder)
    if isinstance(obj, Club):
        obj = dataclasses.replace(
            obj, language=lang, tournaments=tuple((f, _in(t, lang)) for f, t in obj.tournaments)
        )
        ratings = club_ratings(folder).history
        events = [t for _, t in obj.tournaments]
    else:
        obj, ratings, events = _in(obj, lang), None, [obj]
    data = _data(obj)
    codes = set().union(*(_codes(t) for t in events))
    evaluated = evaluate_club(obj, ratings) if isinstance(obj, Club) else evaluate(obj)
    for path, body in render(evaluated, read_theme(folder)).items():
        if path.endswith(".html"):
            yield path, body.decode("utf-8"), data, codes


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.iterdir() if p.is_dir()))
def test_no_visible_string_of_the_site_escapes_the_catalog(example: str) -> None:
    """Build the example in a pseudo-language whose every message is wrapped in ⟦ ⟧ and
    read every text node (and title, aria-label, alt) of every page: what is left once
    the marked messages are taken out must be the folder's own text (any string of the
    loaded model: names, ids, clubs, places, the time control, Markdown pages...), or
    neutral: numbers, scores, ratings and dates, punctuation, tie-break codes (FIDE C.07
    names them the same in every language), FIDE rule citations (C.07, B.02) and file
    formats (CSV, JSON, TRF, PDF). A text that is none of these was written in English
    somewhere outside the catalog.
    """
    leaks: dict[str, list[str]] = {}
    for path, html, data, codes in _pseudo_site(example):
        found = escaped(html, data, codes)
        if found:
            leaks[path] = found[:5]
    assert leaks == {}


@pytest.mark.parametrize("example", ["swiss-open", "team-league", "club-championship"])
def test_no_visible_string_of_a_printed_document_escapes_the_catalog(example: str) -> None:
    """The same for every document ``build --pdf`` prints, read in its HTML (the PDF is
    that HTML laid out by WeasyPrint)."""
    lang = pseudo_language()
    obj, _ = read_path(EXAMPLES / example)
    assert isinstance(obj, Tournament)
    t = _in(obj, lang)
    theme, css = read_print_theme(EXAMPLES / example)
    data, codes = _data(t), _codes(t)
    leaks: dict[str, list[str]] = {}
    evaluated = evaluate(t)
    for plan in planned(evaluated):
        html = document_html(evaluated, plan.document, plan.selection, theme, css)
        found = escaped(html, data, codes)
        if found:
            leaks[plan.file] = found[:5]
    assert leaks == {}


def test_the_escape_check_finds_english() -> None:
    """The check itself: an English word outside a marker is found, data and markers are not."""
    page = "<p>⟦Round ⟧3 Anna 4½ (C.07 8.1) BH/C1</p><p title='Next game'>12w1</p>"
    assert escaped(page, ["Anna"], {"BH", "C1"}) == ["Next game"]


def _built_events() -> dict[str, Tournament]:
    """Formats the examples do not show, from the site tests' own builders."""
    from test_site_keizer import five, three
    from test_site_team_order import match_table

    return {"keizer-3": three(), "keizer-5": five(), "team-round-robin": match_table()}


@pytest.mark.parametrize("name", sorted(_built_events()))
def test_no_visible_string_of_other_formats_escapes_the_catalog(name: str) -> None:
    """The site check above, for Keizer (the Keizer working on player cards) and a double
    team round robin (the N×N table by team number)."""
    t = _in(_built_events()[name], pseudo_language())
    data, codes = _data(t), _codes(t)
    leaks: dict[str, list[str]] = {}
    for path, body in render(evaluate(t), read_theme(EXAMPLES / "swiss-open")).items():
        if path.endswith(".html"):
            found = escaped(body.decode("utf-8"), data, codes)
            if found:
                leaks[path] = found[:5]
    assert leaks == {}
