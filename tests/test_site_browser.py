"""The built example sites in a real browser: Debian's chromium driven by Playwright.

Loads the sites from ``file://`` (no server), at phone width (375 px) and
desktop width, and checks that every link on the main pages leads to a page
that loads, that nothing makes the page itself wider than the phone (wide
tables scroll inside their own box), and that the player search works.
Screenshots of the main pages go to ``$TOURNEY_SCREENSHOTS`` (default: a
``screenshots`` folder in pytest's temporary directory) as test artefacts.

Needs ``pip install playwright`` and ``apt-get install chromium``; skipped
cleanly without them. Playwright's own browser download is never used.
"""

from __future__ import annotations

import os
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


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sites")
    for example in MAIN_PAGES:
        write_tree(root / example, build(EXAMPLES / example))
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
    .filter(e => !e.closest('.scroll, nav ul') && e.getClientRects().length)
    .map(e => e.getBoundingClientRect().right))"""
NAV_ROWS = """() => new Set(Array.from(document.querySelectorAll('header.site nav li'))
    .map(li => Math.round(li.getBoundingClientRect().top))).size"""
LINKS = """() => Array.from(document.querySelectorAll('a[href]'))
    .map(a => a.href).filter(h => h.startsWith('file:'))"""


@pytest.mark.parametrize(
    ("example", "page"), [(e, p) for e, pages in MAIN_PAGES.items() for p in pages]
)
def test_page_fits_a_phone_and_its_links_load(  # type: ignore[no-untyped-def]
    browser, sites: Path, shots: Path, example: str, page: str
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
    # The sections stay on one row (they scroll sideways instead of wrapping).
    assert tab.evaluate(NAV_ROWS) <= 1, f"{page}: the navigation wraps"
    if page.startswith("players/"):
        assert tab.locator("p.next").inner_text().startswith("Next game:")
    stem = f"{example}-{page.replace('/', '-').removesuffix('.html')}"
    tab.screenshot(path=str(shots / f"{stem}-phone.png"), full_page=True)
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
