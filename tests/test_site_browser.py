"""The built example sites in a real browser: Debian's chromium driven by Playwright.

Loads the sites from ``file://`` (no server), at phone width (375 px) and
desktop width, and checks that every link on the main pages leads to a page
that loads, that nothing makes the page itself wider than the phone (wide
tables scroll inside their own box), and that the player search works.
Issue 32: the pairing views keep both players' rating and points on a phone,
the navigation shows every section from 320 to 1920 px in English and Dutch,
tap targets are big enough (WCAG 2.5.8), and axe-core (the copy bundled in the
axe-playwright-python package: no download) finds no serious or critical
violation on any page kind, at phone and desktop width, light and dark.
Screenshots of the main pages go to ``$TOURNEY_SCREENSHOTS`` (default: a
``screenshots`` folder in pytest's temporary directory) as test artefacts.

Needs ``pip install playwright`` and ``apt-get install chromium``; skipped
cleanly without them. Playwright's own browser download is never used.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from site_helpers import EXAMPLES, build

from tourney.fs.output import write_tree

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# Every kind of page the examples build (issue 20: each checked at 375 and 1280 px).
MAIN_PAGES = {
    "swiss-open": [
        "index.html",
        "schedule.html",
        "players.html",
        "players-alpha.html",
        "round-05.html",
        "round-05-alpha.html",
        "round-01-game-01.html",
        "standings.html",
        "standings-03.html",
        "crosstable.html",
        "crosstable-start.html",
        "tiebreaks.html",
        "rating-changes.html",
        "categories.html",
        "players/p04.html",
        "players/p23.html",
        "statistics.html",
        "absent.html",
        "downloads.html",
        "pages/regulations.html",
    ],
    "team-league": [
        "index.html",
        "teams.html",
        "teams/t5.html",
        "composition.html",
        "round-02.html",
        "standings.html",
        "crosstable.html",
        "boards.html",
        "individual.html",
        "players/m05.html",
    ],
    "club-championship": [
        "index.html",
        "crosstable-start.html",
        "round-03.html",
        "players/c1.html",
    ],
    "double-swiss": [
        "index.html",
        "round-03.html",
        "standings.html",
        "crosstable.html",
        "players/d9.html",
    ],
    "club-league": [
        "index.html",
        "ratings.html",
        "ratings/rapid-01.html",
        "rapid-01/standings.html",
        "members/m1.html",
        "rapid-01/players/m1.html",
    ],
}
PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 900}

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed")


# The Dutch navigation is the longest: two examples built again with ``language: nl``.
DUTCH = ("swiss-open", "team-league")


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sites")
    for example in MAIN_PAGES:
        write_tree(root / example, build(EXAMPLES / example))
    folders = tmp_path_factory.mktemp("dutch")
    for example in DUTCH:
        folder = folders / example
        shutil.copytree(EXAMPLES / example, folder)
        settings = folder / "tournament.yaml"
        settings.write_text("language: nl\n" + settings.read_text(encoding="utf-8"), "utf-8")
        write_tree(root / f"nl-{example}", build(folder))
    return root


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(os.environ.get("TOURNEY_SCREENSHOTS") or tmp_path_factory.mktemp("screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def browser():  # type: ignore[no-untyped-def]
    with sync_api.sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=ARGS, headless=True
        )
        yield instance
        instance.close()


WIDTH = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
OPEN_DETAILS = "() => document.querySelectorAll('details').forEach(d => { d.open = true; })"
# The widest element outside a sideways-scrolling box, measured from the page's left edge.
WIDEST = """() => Math.max(0, ...Array.from(document.querySelectorAll('body *'))
    .filter(e => !e.closest('.scroll') && e.getClientRects().length)
    .map(e => e.getBoundingClientRect().right))"""
LINKS = """() => Array.from(document.querySelectorAll('a[href]'))
    .map(a => a.href).filter(h => h.startsWith('file:'))"""

# Tap targets (WCAG 2.5.8, 24 x 24 px; the main ones 44 px tall): every control and every
# link outside running text (a sentence's links are exempt), as [what, width, height].
TARGETS = """() => Array.from(document.querySelectorAll(
        'nav a, summary, td a, th a, input, button, .pager a, .switch a, .crumbs a'))
    .filter(e => e.getClientRects().length)
    .map(e => { const r = e.getBoundingClientRect();
        return [e.tagName + ' ' + e.textContent.trim().slice(0, 30), r.width, r.height,
                !!e.closest('nav.sections, .pager, .switch, .crumbs') || e.tagName === 'SUMMARY']; })"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    """axe-core as bundled in the axe-playwright-python package (a test requirement:
    pyproject.toml's dev extra): read from the installed package, never downloaded."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or spec.origin is None:
        return ""  # the audits are skipped, the rest of each test runs
    return (Path(spec.origin).parent / "axe.min.js").read_text(encoding="utf-8")


AXE_RUN = """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => [v.id, v.impact, v.nodes.length, v.nodes[0].target.join(' ')])"""


@pytest.mark.parametrize(
    ("example", "page"), [(e, p) for e, pages in MAIN_PAGES.items() for p in pages]
)
def test_page_fits_a_phone_and_its_links_load(  # type: ignore[no-untyped-def]
    browser, sites: Path, shots: Path, axe_source: str, example: str, page: str
) -> None:
    url = (sites / example / page).as_uri()
    tab = browser.new_page(viewport=PHONE)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(url)
    # Open every collapsed section ("Why this pairing"): open, it must not widen the page.
    tab.evaluate(OPEN_DETAILS)
    assert tab.evaluate(WIDTH) <= PHONE["width"], f"{page} is wider than a phone"
    assert tab.evaluate(WIDEST) <= PHONE["width"], f"{page}: an element is wider than a phone"
    assert tab.locator("h1").count() == 1
    assert tab.evaluate("() => document.documentElement.lang") == "en"
    if page.startswith("players/"):
        assert tab.locator("p.next").inner_text().startswith("Next game:")
    small = [
        (what, round(w), round(h))
        for what, w, h, main in tab.evaluate(TARGETS)
        if w < 23.5 or h < 23.5 or (main and h < 43.5)
    ]
    assert small == [], f"{page}: small tap targets {small[:5]}"
    stem = f"{example}-{page.replace('/', '-').removesuffix('.html')}"
    tab.screenshot(path=str(shots / f"{stem}-phone.png"), full_page=True)
    # axe-core at phone width in dark mode (every other variant: the slow test below)
    if axe_source:
        tab.emulate_media(color_scheme="dark")
        tab.evaluate(axe_source)
        assert tab.evaluate(AXE_RUN) == [], f"{page}: axe (phone, dark)"
        tab.emulate_media(color_scheme="light")
    targets = sorted(set(tab.evaluate(LINKS)))
    tab.set_viewport_size(DESKTOP)
    assert tab.evaluate(WIDTH) <= DESKTOP["width"], f"{page} is wider than the desktop window"
    tab.screenshot(path=str(shots / f"{stem}-desktop.png"))
    tab.close()
    assert errors == []
    for target in targets:
        local = target.split("#", 1)[0]
        assert Path(unquote(urlparse(local).path)).is_file(), f"{page}: broken link {target}"


def test_player_search_filters_rows(browser, sites: Path) -> None:  # type: ignore[no-untyped-def]
    tab = browser.new_page(viewport=DESKTOP)
    tab.goto((sites / "swiss-open" / "players.html").as_uri())
    search = tab.locator("input[type=search]")
    assert search.is_visible()  # the script revealed it
    search.fill("kuipers")
    visible = tab.locator("#players-table tbody tr:visible")
    assert visible.count() == 2
    tab.close()


def test_works_without_javascript(browser, sites: Path) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)
    tab = context.new_page()
    tab.goto((sites / "swiss-open" / "standings.html").as_uri())
    assert "Kuipers, Jan" in tab.inner_text("table")
    assert not tab.locator("input[type=search]").is_visible()
    context.close()


# Each match's boards on a team round page and a team card: [first-team header, the
# first column's player ids, the second team's header, the second column's ids].
MATCH_TABLES = """() => Array.from(document.querySelectorAll('table.match')).map(t => {
    const heads = t.querySelectorAll('thead th');
    const ids = (col) => Array.from(t.querySelectorAll('tbody tr')).map(r => {
        const a = r.children[col].querySelector('a');
        return a ? a.getAttribute('href').split('/').pop().replace('.html', '') : '';
    });
    return [heads[1].textContent, ids(1), heads[4].textContent, ids(4)];
})"""


@pytest.mark.parametrize("page", ["round-02.html", "teams/t5.html"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_team_tables_in_team_order(  # type: ignore[no-untyped-def]
    browser, sites: Path, page: str, viewport: dict[str, int]
) -> None:
    """Every board of a match lists the first team's player under the first team's name
    (teams.yaml rosters), at both widths (the opponent's column is on screen too)."""
    from tourney.load.folder import load_tournament

    t = load_tournament(EXAMPLES / "team-league")
    team_of = {pid: team.name for team in t.teams for pid in team.roster}
    tab = browser.new_page(viewport=viewport)
    tab.goto((sites / "team-league" / page).as_uri())
    tables = tab.evaluate(MATCH_TABLES)
    assert tables, page
    for first, first_ids, second, second_ids in tables:
        assert {team_of[pid] for pid in first_ids if pid} == {first}
        assert {team_of[pid] for pid in second_ids if pid} == {second}
    opponent = tab.locator("table.match thead th").nth(4)
    box = opponent.bounding_box()
    assert box is not None and box["x"] + box["width"] <= viewport["width"]
    tab.close()


def test_round_by_name_search_ignores_accents(browser, sites: Path) -> None:  # type: ignore[no-untyped-def]
    tab = browser.new_page(viewport=PHONE)
    tab.goto((sites / "swiss-open" / "round-05-alpha.html").as_uri())
    search = tab.locator("input[type=search]")
    assert search.is_visible()
    search.fill("EKSTROM")  # Ekström, Kari (players.yaml p07)
    rows = tab.locator("#alpha-table tbody tr:visible")
    assert rows.count() == 1
    assert "Ekström, Kari" in rows.first.inner_text()
    tab.close()


# -- issue 32: phones, navigation, tap targets, axe ----------------------------------------

# Each row of a table as the texts of the cells shown (hidden ones left out), and the
# right edge of the cells a reader must see without scrolling sideways.
ROWS = """(sel) => Array.from(document.querySelectorAll(sel + ' tbody tr')).map(r =>
    Array.from(r.children).filter(c => c.getClientRects().length)
        .map(c => c.innerText.replace(/\\s+/g, ' ').trim()))"""
RIGHT_OF = """(sel) => Math.max(...Array.from(document.querySelectorAll(sel))
    .map(e => e.getBoundingClientRect().right))"""


def _phone_tab(browser, url: str):  # type: ignore[no-untyped-def]
    tab = browser.new_page(viewport=PHONE)
    tab.goto(url)
    return tab


def test_round_page_on_a_phone_shows_both_ratings_and_points(browser, sites: Path) -> None:  # type: ignore[no-untyped-def]
    """Round 5, board 1 (rounds/05.yaml): Dekker (2430) had 1 + ½ + 1 + ½ = 3 points
    before the round, Kuipers (2415) 1 + 1 + ½ + 1 = 3½ (rounds 01-04.yaml)."""
    tab = _phone_tab(browser, (sites / "swiss-open" / "round-05.html").as_uri())
    first = tab.evaluate(ROWS, "table.pairings")[0]
    assert first == ["1", "FM Dekker, Sofie 2430", "3", "½-½", "3½", "CM Kuipers, Jan 2415"]
    # Every cell of the table is on screen: nothing to scroll to.
    assert tab.evaluate(RIGHT_OF, "table.pairings td:not(.opt)") <= PHONE["width"]
    assert tab.locator("table.pairings .rating").first.is_visible()
    tab.close()


def test_round_by_name_on_a_phone_shows_ratings_points_and_colour(browser, sites: Path) -> None:  # type: ignore[no-untyped-def]
    """Kuipers's line of round 5 by name: 3½ points, board 1 with Black against Dekker
    (2430, 3 points), a draw."""
    tab = _phone_tab(browser, (sites / "swiss-open" / "round-05-alpha.html").as_uri())
    rows = {r[0]: r for r in tab.evaluate(ROWS, "#alpha-table")}
    assert rows["CM Kuipers, Jan 2415"][1:] == ["3½", "1 B", "FM Dekker, Sofie 2430", "3", "½"]
    chip = tab.locator("#alpha-table abbr.clr.b").first
    assert chip.get_attribute("title") == "Black"
    assert tab.evaluate(RIGHT_OF, "#alpha-table td, #alpha-table th") <= PHONE["width"]
    tab.close()


def test_player_card_on_a_phone_shows_opponent_rating_and_points(browser, sites: Path) -> None:  # type: ignore[no-untyped-def]
    """Kuipers's card, round 5: board 1 with Black, Dekker 2430 with 3 points before the
    round, a draw, 4 points in all (3½ + ½)."""
    tab = _phone_tab(browser, (sites / "swiss-open" / "players" / "p04.html").as_uri())
    rows = tab.evaluate(ROWS, "table.card")
    assert rows[4][:6] == ["5", "1 B", "FM Dekker, Sofie 2430", "3", "½", "4"]
    heads = ["Rd.", "Bd.", "Opponent", "Pts", "Result", "Total"]
    seen = tab.evaluate(
        "() => Array.from(document.querySelectorAll('table.card thead th'))"
        ".map(h => [h.innerText.trim(), h.getBoundingClientRect().right])"
    )
    for text, right in seen[:6]:
        assert text in heads and right <= PHONE["width"], text
    tab.close()


def test_colour_chips_keep_the_board_colours_in_dark_mode(browser, sites: Path) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, color_scheme="dark")
    tab = context.new_page()
    tab.goto((sites / "swiss-open" / "round-05-alpha.html").as_uri())
    background = "(sel) => getComputedStyle(document.querySelector(sel)).backgroundColor"
    assert tab.evaluate(background, "abbr.clr.w") == "rgb(255, 255, 255)"
    assert tab.evaluate(background, "abbr.clr.b") == "rgb(0, 0, 0)"
    context.close()


# The navigation links a reader sees: [text, left, right, top, height, cut off, current].
NAV_SHOWN = """() => Array.from(document.querySelectorAll('nav.sections a'))
    .filter(a => a.getClientRects().length)
    .map(a => { const r = a.getBoundingClientRect();
        return [a.textContent.trim(), r.left, r.right, Math.round(r.top), r.height,
                a.scrollWidth > a.clientWidth + 1, a.getAttribute('aria-current') === 'page']; })"""
NAV_WIDTHS = (320, 375, 600, 768, 800, 1024, 1280, 1366, 1920)


@pytest.mark.parametrize(
    ("example", "current"),
    [
        ("swiss-open", "Standings"),
        ("team-league", "Standings"),
        ("nl-swiss-open", "Stand"),
        ("nl-team-league", "Stand"),
        ("club-championship", "Standings"),
    ],
)
def test_navigation_shows_every_section(  # type: ignore[no-untyped-def]
    browser, sites: Path, example: str, current: str
) -> None:
    """Every section, whole, on screen at 320-1920 px: the phone menu opens to all of
    them; wider, the tabs wrap (two rows at most from 1280 px); the page's own section
    is marked (aria-current), in the menu's summary too."""
    tab = browser.new_page(viewport={"width": NAV_WIDTHS[0], "height": 900})
    tab.goto((sites / example / "standings.html").as_uri())
    names = tab.evaluate(
        "() => Array.from(document.querySelectorAll('nav.sections ul.tabs a'))"
        ".map(a => a.textContent.trim())"
    )
    assert len(names) >= 10 and current in names
    for width in NAV_WIDTHS:
        tab.set_viewport_size({"width": width, "height": 900})
        summary = tab.locator("details.menu summary")
        if summary.is_visible():
            assert summary.inner_text().split("·")[-1].strip() == current
            assert summary.bounding_box()["height"] >= 44  # type: ignore[index]
            if tab.locator("details.menu[open]").count() == 0:
                summary.click()
        shown = tab.evaluate(NAV_SHOWN)
        assert [s[0] for s in shown] == names, width
        for text, left, right, _top, height, cut, _current in shown:
            assert left >= 0 and right <= width, f"{example} {width}: {text} off screen"
            assert not cut, f"{example} {width}: {text} cut"
            assert height >= 44, f"{example} {width}: {text} is {height} px tall"
        assert [s[0] for s in shown if s[6]] == [current]
        if width >= 1280:
            assert len({s[3] for s in shown}) <= 2, f"{example} {width}: more than two rows"
        assert tab.evaluate(WIDTH) <= width
    tab.close()


@pytest.mark.parametrize("example", ["club-championship"])
def test_round_robin_crosstable_section_is_the_berger_table(  # type: ignore[no-untyped-def]
    browser, sites: Path, example: str
) -> None:
    tab = browser.new_page(viewport=DESKTOP)
    tab.goto((sites / example / "index.html").as_uri())
    tab.locator("nav.sections ul.tabs a", has_text="Crosstable").click()
    assert tab.url.endswith("/crosstable-start.html")
    assert tab.locator("nav.sections ul.tabs a[aria-current=page]").inner_text() == "Crosstable"
    tab.close()


def test_no_empty_links(sites: Path) -> None:
    """An undefined DE (C.07 6.1: no tied group) was an empty link to the card's working:
    a nameless tab stop. Every link on every page of every example has text."""
    empty = []
    for html in sites.rglob("*.html"):
        page = html.read_text(encoding="utf-8")
        empty += [f"{html.relative_to(sites)}" for _ in re.finditer(r"<a [^>]*></a>", page)]
    assert empty == []


def page_kinds(site: Path) -> list[str]:
    """One page of each kind a built site has: round-05.html stands for every round-NN.html,
    players/p04.html for every card, rapid-01/... for every event of a club."""
    kinds: dict[str, str] = {}
    for html in sorted(site.rglob("*.html")):
        path = html.relative_to(site).as_posix()
        kinds.setdefault(re.sub(r"\d+", "N", path), path)
    return sorted(kinds.values())


VARIANTS = [
    pytest.param(PHONE, "dark", id="phone-dark"),
    pytest.param(DESKTOP, "light", id="desktop-light"),
    pytest.param(PHONE, "light", id="phone-light"),
    pytest.param(DESKTOP, "dark", id="desktop-dark"),
]


@pytest.mark.slow  # 4 x ~80 pages: minutes; the main pages are audited (phone, dark) above
@pytest.mark.parametrize(("viewport", "scheme"), VARIANTS)
@pytest.mark.parametrize("example", list(MAIN_PAGES))
def test_axe_finds_no_serious_violation(  # type: ignore[no-untyped-def]
    browser, sites: Path, axe_source: str, example: str, viewport, scheme: str
) -> None:
    """axe-core on one page of every kind, at 375 and 1280 px, light and dark: 0 serious
    or critical violations (contrast 4.5:1, names of links and controls, scrollable
    regions reachable by keyboard, WCAG 2.5.8 target size...)."""
    if not axe_source:
        pytest.skip("axe-playwright-python is not installed")
    context = browser.new_context(viewport=viewport, color_scheme=scheme)
    tab = context.new_page()
    found = []
    for page in page_kinds(sites / example):
        tab.goto((sites / example / page).as_uri())
        tab.evaluate(axe_source)
        found += [(page, *v) for v in tab.evaluate(AXE_RUN)]
    context.close()
    assert found == [], f"{example} ({scheme}): {found[:8]}"


# The board of a game page as its 64 squares' text, a8 first.
SQUARES = "() => Array.from(document.querySelectorAll('table.board td')).map(td => td.textContent)"


def test_a_game_replays_in_the_browser(browser, sites: Path) -> None:  # type: ignore[no-untyped-def]
    """examples/swiss-open/games/01.pgn, board 1: the page shows the final position; the
    buttons step through the positions (site.js), and a move jumps to the position
    after it."""
    tab = browser.new_page(viewport=PHONE)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto((sites / "swiss-open" / "round-01-game-01.html").as_uri())
    final = tab.evaluate(SQUARES)
    assert final[5] == "\u265a" and final[62] == "\u265a"  # kings on f8 and g1
    tab.click("button[data-step=first]")
    start = tab.evaluate(SQUARES)
    assert start[:8] == [
        "\u265c",
        "\u265e",
        "\u265d",
        "\u265b",
        "\u265a",
        "\u265d",
        "\u265e",
        "\u265c",
    ]
    assert start[48:56] == ["\u265f"] * 8 and start[16:48] == [""] * 32
    tab.click("button[data-step=next]")  # 1.e4: e2 empty, a pawn on e4
    after = tab.evaluate(SQUARES)
    assert after[52] == "" and after[36] == "\u265f"
    tab.click("a.move[data-ply='27']")  # 14.O-O: king g1, rook f1
    castled = tab.evaluate(SQUARES)
    assert castled[62] == "\u265a" and castled[61] == "\u265c" and castled[60] == ""
    assert tab.locator("a.move.current").inner_text() == "O-O"
    tab.click("button[data-step=last]")
    assert tab.evaluate(SQUARES) == final
    tab.close()
    assert errors == []
