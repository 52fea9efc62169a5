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
MAIN_PAGES = {
    "swiss-open": [
        "index.html",
        "players.html",
        "round-05.html",
        "standings.html",
        "crosstable.html",
        "players/p04.html",
        "pages/regulations.html",
    ],
    "team-league": ["teams.html", "round-02.html", "standings.html", "boards.html"],
    "club-league": ["index.html", "rapid-01/standings.html"],
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
    assert tab.evaluate(WIDTH) <= PHONE["width"], f"{page} is wider than a phone"
    assert tab.locator("h1").count() == 1
    assert tab.evaluate("() => document.documentElement.lang") == "en"
    stem = f"{example}-{page.replace('/', '-').removesuffix('.html')}"
    tab.screenshot(path=str(shots / f"{stem}-phone.png"), full_page=True)
    targets = sorted(set(tab.evaluate(LINKS)))
    tab.set_viewport_size(DESKTOP)
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
