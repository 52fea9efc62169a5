"""Issue 32, the smaller items of the site: each seen wrong before, each worked here on
the bundled examples (examples/swiss-open: 41 players, rounds 1-5 played; examples/
club-championship: a 6-player round robin, rounds 1-3 played; examples/team-league).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from site_helpers import EXAMPLES, build

import tourney.app.print as app_print
from tourney.app.build import read_theme
from tourney.cli import cli
from tourney.engine.evaluation import evaluate
from tourney.load.folder import load_tournament
from tourney.render import text
from tourney.render.site.pages import Printed, render

OPEN = EXAMPLES / "swiss-open"


@cache
def site(example: str) -> dict[str, bytes]:
    return build(EXAMPLES / example)


@cache
def printed(example: str) -> dict[str, bytes]:
    folder = EXAMPLES / example
    return render(evaluate(load_tournament(folder)), read_theme(folder), printed=Printed())


def page(pages: dict[str, bytes], path: str) -> str:
    return pages[path].decode("utf-8")


# -- round, standings and crosstable pages link their PDF ------------------------------------


@pytest.mark.parametrize(
    ("path", "pdf"),
    [
        ("round-05.html", "pairings-round-05.pdf"),
        ("round-05-alpha.html", "pairings-alpha-round-05.pdf"),
        ("standings.html", "standings-after-05.pdf"),
        ("standings-05.html", "standings-after-05.pdf"),
        ("crosstable.html", "crosstable-after-05.pdf"),
        ("crosstable-start.html", "crosstable-after-05.pdf"),
    ],
)
def test_pages_link_the_pdf_build_pdf_writes(path: str, pdf: str) -> None:
    """Round 5 is the last paired and decided round: its pairings and the standings and
    crosstable after it are the PDFs ``build --pdf`` writes (render.pdf.documents.planned)."""
    assert f'href="pdf/{pdf}"' in page(printed("swiss-open"), path)
    assert "pdf/" not in page(site("swiss-open"), path)  # without --pdf: no PDF, no link


def test_pages_of_earlier_rounds_have_no_pdf() -> None:
    pages = printed("swiss-open")
    for path in ("round-04.html", "standings-04.html", "index.html"):
        assert 'href="pdf/' not in page(pages, path), path


def test_team_round_page_links_the_team_pairings() -> None:
    assert 'href="pdf/team-pairings-round-03.pdf"' in page(printed("team-league"), "round-03.html")


# -- dates with the weekday ------------------------------------------------------------------


def test_round_dates_name_the_weekday() -> None:
    """tournament.yaml: round 1 on 2026-10-02 (a Friday), round 5 on 2026-10-04 (Sunday)."""
    schedule = page(site("swiss-open"), "schedule.html")
    assert "Fri 2026-10-02" in schedule and "Sun 2026-10-04" in schedule
    assert "Sun 2026-10-04" in page(site("swiss-open"), "round-05.html")


def test_weekday_in_dutch() -> None:
    import datetime as dt

    from tourney.i18n import language
    from tourney.render.schedule import start_text

    with language("nl"):
        assert start_text(dt.date(2026, 10, 4), dt.time(13, 30), weekday=True) == (
            "zo 4 okt 2026 13:30"
        )
    assert start_text(dt.date(2026, 10, 4), None) == "2026-10-04"  # the CLI's, unchanged


# -- Dutch name particles --------------------------------------------------------------------


def names_in(html: str, table: str) -> list[str]:
    body = html.split(f'id="{table}"', 1)[1].split("</table>", 1)[0]
    return re.findall(r'<th scope="row"[^>]*><a href="[^"]*">(?:[A-Z]{1,3} )?([^<]+)</a>', body)


def test_particles_sort_under_the_main_name() -> None:
    """players.yaml: "van Dam, Marc" and "van Dam, Niels" file under D before Dekker;
    "de Vries, Kari" under V after Visser (Vr > Vi)."""
    names = names_in(page(site("swiss-open"), "round-05-alpha.html"), "alpha-table")
    assert names[:4] == ["Brouwer, Noor", "van Dam, Marc", "van Dam, Niels", "Dekker, Sofie"]
    assert names[-3:] == ["Visser, Emma", "Visser, Maud", "de Vries, Kari"]
    assert len(names) == 41
    letters = re.findall(
        r'<a href="#letter-(\w+)">', page(site("swiss-open"), "round-05-alpha.html")
    )
    assert letters[:2] == ["B", "D"]


@pytest.mark.parametrize(
    ("name", "filed"),
    [
        ("van der Berg, Jan", "Berg van der, Jan"),
        ("de Vries, Kari", "Vries de, Kari"),
        ("van 't Hof, Eva", "Hof van 't, Eva"),
        ("De Smet, Ann", "De Smet, Ann"),  # a capital particle (Flemish) files under D
        ("van", "van"),
    ],
)
def test_filed_name(name: str, filed: str) -> None:
    assert text.filed_name(name) == filed


# -- categories promise only what the event has ----------------------------------------------


def test_categories_page_promises_no_age_groups_without_birth_years() -> None:
    """swiss-open has ratings but no birth year and no sex: only rating bands."""
    html = page(site("swiss-open"), "categories.html")
    assert "rating bands" in html and "Each player is in one rating band." in html
    assert "age group" not in html and "women" not in html.lower()


def test_categories_note_names_each_kind_it_shows() -> None:
    from tourney.render.site.categories import note
    from tourney.render.views import CategoryTable

    tables = (CategoryTable("Women", (), "women"), CategoryTable("U12", (), "age"))
    said = note(3, tables)
    assert said.startswith("The standings after round 3 by category: women; age groups")
    assert "Each player is in one age group." in said and "rating" not in said


# -- composition: the tooltip's details as text ---------------------------------------------


def test_composition_lists_each_score_as_text() -> None:
    """Every score cell's title (board, colour, opponent) is also written out as text."""
    html = page(site("team-league"), "composition.html")
    titles = re.findall(r'<td class="[a-z ]*num" title="([^"]+)">', html)
    assert titles
    listed = re.findall(r"<li>[^<:]+: ([^<]+): <strong>", html)
    assert sorted(listed) == sorted(titles)
    assert "Point at a score" not in html


# -- titles, icon, description, link preview ------------------------------------------------


@pytest.mark.parametrize("example", ["swiss-open", "team-league", "club-championship"])
def test_page_titles_are_unique(example: str) -> None:
    seen: dict[str, str] = {}
    for path, data in site(example).items():
        if not path.endswith(".html"):
            continue
        title = re.search(r"<title>([^<]*)</title>", data.decode("utf-8"))
        assert title, path
        assert title[1] not in seen, f"{path} and {seen.get(title[1])}: {title[1]}"
        seen[title[1]] = path
    assert seen["Standings · " + load_tournament(EXAMPLES / example).settings.name]


def test_pages_have_icon_description_and_link_preview() -> None:
    pages = site("swiss-open")
    assert pages["static/favicon.svg"].startswith(b"<svg")
    html = page(pages, "players/p04.html")
    assert '<link rel="icon" href="../static/favicon.svg" type="image/svg+xml">' in html
    described = "CM Kuipers, Jan · Amstel Autumn Open 2026 · Amsterdam, 2026-10-02 – 2026-10-04"
    assert f'<meta name="description" content="{described}">' in html
    assert '<meta property="og:title" content="CM Kuipers, Jan">' in html
    assert f'<meta property="og:description" content="{described}">' in html


# -- FIDE ids link the FIDE profile ----------------------------------------------------------


def test_fide_ids_link_the_fide_profile() -> None:
    """players.yaml: p04 Kuipers, Jan has fide_id 1000211."""
    pid = "1000211"
    assert (
        f"fide_id: {pid}"
        in (OPEN / "players.yaml").read_text(encoding="utf-8").split("p04")[1].split("\n")[0]
    )
    link = f'<a href="https://ratings.fide.com/profile/{pid}" rel="noopener noreferrer">{pid}</a>'
    assert link in page(site("swiss-open"), "players/p04.html")
    assert link in page(site("swiss-open"), "players.html")
    assert text.fide_profile("not a number") == ""


# -- build --pdf says what it wrote ----------------------------------------------------------


def fake_pdf(html: str, css: str = "") -> bytes:
    return b"%PDF-1.7 fake\n" + html.encode("utf-8")[:64]


def test_build_pdf_with_nothing_changed_writes_no_pdf(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_print, "pdf_writer", lambda: fake_pdf)
    site_dir = tmp_path / "site"
    args = ["build", str(EXAMPLES / "club-championship"), "-o", str(site_dir), "--pdf"]
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    n = len(list((site_dir / "pdf").glob("*.pdf")))
    assert first.output.splitlines()[-1] == f"{site_dir}: {n} PDF files; {n} written, 0 unchanged"
    again = CliRunner().invoke(cli, args)
    assert again.exit_code == 0, again.output
    assert again.output.splitlines()[-1] == f"{site_dir}: {n} PDF files; 0 written, {n} unchanged"


# -- the round robin's crosstable section -----------------------------------------------------


def test_round_robin_nav_crosstable_is_the_berger_table() -> None:
    html = page(site("club-championship"), "standings.html")
    assert '<a href="crosstable-start.html">Crosstable</a>' in html
    swiss = page(site("swiss-open"), "standings.html")
    assert '<a href="crosstable.html">Crosstable</a>' in swiss


# -- TPR in the English PDFs as on the site ---------------------------------------------------


def test_pdfs_say_tpr_as_the_site_does() -> None:
    from tourney.app.print import read_print_theme
    from tourney.render.pdf.common import Selection
    from tourney.render.pdf.documents import document_html

    evaluation = evaluate(load_tournament(OPEN))
    theme, css = read_print_theme(OPEN)
    for name in ("standings", "crosstable"):
        html = document_html(evaluation, name, Selection(), theme, css)
        assert '<th class="num">TPR</th>' in html and ">Perf<" not in html, name
    assert "TPR: tournament performance rating (C.07 10.2)" in document_html(
        evaluation, "standings", Selection(), theme, css
    )


# -- the club's series table as `tourney series` has it ------------------------------------------


def test_series_table_marks_the_running_event_live_and_orders_ties_as_the_cli(
    tmp_path: Path,
) -> None:
    """examples/club-league: rapid-01 and rapid-02 have a final.yaml, rapid-03 not (live).
    Verhoeven, Jesse (10 + - + 0) and Peters, Vera (2 + 8 + 0) tie on 10 points for rank
    10; `tourney series` lists Verhoeven first (ids m… in order), and so does the site."""
    from tourney.app.build import build_site

    out = tmp_path / "site"
    build_site(EXAMPLES / "club-league", out)
    html = (out / "index.html").read_text(encoding="utf-8")
    series = html.split("series standings", 1)[1].split("</table>", 1)[0]
    heads = re.findall(r'<a href="([^"]+)/index.html">([^<]+)</a>', series)
    assert [(f, n.endswith("(live)")) for f, n in heads] == [
        ("rapid-01", False),
        ("rapid-02", False),
        ("rapid-03", True),
    ]
    rows = re.findall(r'<td class="num">(\d+)</td><th scope="row">([^<]+)</th>', series)
    assert rows[9:11] == [("10", "Verhoeven, Jesse"), ("10", "Peters, Vera")]
    listed = CliRunner().invoke(cli, ["series", str(EXAMPLES / "club-league"), "--format", "json"])
    assert [r["name"] for r in json.loads(listed.output)[0]["rows"]] == [n for _, n in rows]


# -- "Why this pairing" in the site's language -------------------------------------------------


def test_why_this_pairing_speaks_dutch_on_a_dutch_site() -> None:
    """rounds/05.why.txt is stored in English; a Dutch site shows it in Dutch, numbers and
    rule references (A.3, B.5, E.1) as written; an English site shows it as stored."""
    from tourney.i18n import language
    from tourney.render.explain import explain_round

    t = load_tournament(OPEN)
    english = explain_round(t, 5)
    assert english is not None and english.matches
    assert english.lines[-1].startswith("board ")
    with language("nl"):
        dutch = explain_round(t, 5)
    assert dutch is not None
    stored = [line for line in (OPEN / "rounds" / "05.why.txt").read_text("utf-8").splitlines()]
    assert list(english.lines) == [line for line in stored if not line.startswith("#")]
    board_1 = next(line for line in dutch.lines if line.startswith("bord 1:"))
    assert board_1 == (
        "bord 1: 1 wit (lichte voorkeur wit) - 4 zwart (lichte voorkeur zwart); "
        "hoger geplaatst 4; E.1: beide voorkeuren ingewilligd"
    )
    english_words = re.compile(r"\b(board|bracket|white|black|pairs|moved|residents|round)\b")
    assert [line for line in dutch.lines if english_words.search(line)] == []
