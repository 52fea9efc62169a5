"""Shared pieces of the site tests: the examples, building in memory, links on a page."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from tourney.app.build import read_theme
from tourney.engine.evaluation import evaluate, evaluate_club
from tourney.load.club_state import club_ratings
from tourney.load.folder import read_path
from tourney.model import Club
from tourney.render.site.pages import render

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
GOLDEN = ROOT / "tests" / "golden" / "site"


def build(folder: Path) -> dict[str, bytes]:
    """The site of a folder, in memory."""
    obj, _ = read_path(folder)
    if isinstance(obj, Club):
        return render(evaluate_club(obj, club_ratings(folder).history), read_theme(folder))
    return render(evaluate(obj), read_theme(folder))


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"] or "")
        for name in ("href", "src"):
            value = values.get(name)
            if value is not None and tag in ("a", "link", "script", "img"):
                self.links.append(value)


def links_of(html: str) -> tuple[list[str], set[str]]:
    """The href/src values of a page and the ids it defines."""
    parser = _Links()
    parser.feed(html)
    return parser.links, parser.ids


def resolve(page: str, link: str) -> tuple[str, str]:
    """A relative link from ``page`` as (site path, fragment)."""
    target, _, fragment = link.partition("#")
    if not target:
        return page, fragment
    parts = page.split("/")[:-1]
    for part in target.split("/"):
        if part == "..":
            assert parts, f"{page}: {link} leaves the site"
            parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts), fragment


EXTERNAL = re.compile(r"^(https?:|mailto:)")
