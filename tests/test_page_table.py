"""The page table (``tourney.render.site.table``): every page of every example comes
from the row of its kind, at one of the row's paths, with one of the row's templates."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

import pytest
from site_helpers import EXAMPLES

from tourney.app.build import evaluated, read_theme
from tourney.engine.evaluation import Evaluation
from tourney.load.folder import read_path
from tourney.render.site import pages, table
from tourney.render.site.table import PageKind, Parts

NAMES = ["swiss-open", "double-swiss", "team-league", "club-championship", "club-league"]


def _pattern(path: str) -> re.Pattern[str]:
    """A row's path as a pattern: NN two or three digits, ID one slug."""
    escaped = re.escape(path).replace("NN", "[0-9]{2,3}").replace("ID", "[^/]+")
    return re.compile(escaped + r"\Z")


def _spied(row: PageKind, seen: list[tuple[PageKind, str, object]]) -> Callable[[Parts], object]:
    def pages_of(parts: Parts) -> list[tuple[str, object]]:
        found = list(row.pages(parts))
        seen.extend((row, path, view) for path, view in found)
        return found

    return pages_of


@pytest.mark.parametrize("name", NAMES)
def test_every_page_comes_from_its_row(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[PageKind, str, object]] = []

    def spying(t: object) -> tuple[PageKind, ...]:
        return tuple(
            dataclasses.replace(row, pages=_spied(row, seen))  # type: ignore[arg-type]
            for row in table.kinds(t)  # type: ignore[arg-type]
        )

    monkeypatch.setattr(pages, "kinds", spying)
    folder = EXAMPLES / name
    obj, _ = read_path(folder)
    site = pages.render_site(evaluated(folder, obj), read_theme(folder))
    assert seen
    for row, path, view in seen:
        assert any(_pattern(p).match(path) for p in row.paths), (row.kind, path)
        assert view.template in row.templates, (row.kind, path)  # type: ignore[attr-defined]
    if not name.startswith("club"):  # a club's own pages (index, ratings) are not in it
        rendered = {path for _, path, _ in seen}
        assert {path for path in site.files if path.endswith(".html")} == rendered


def test_each_kind_has_one_row_per_kind_of_event() -> None:
    for events in ("individual", "team"):
        kinds = [row.kind for row in table.PAGE_TABLE if row.events in ("all", events)]
        assert len(kinds) == len(set(kinds)), kinds


def test_the_renderer_writes_nothing_into_the_engines_cache() -> None:
    folder = EXAMPLES / "swiss-open"
    obj, _ = read_path(folder)
    evaluation = evaluated(folder, obj)
    assert isinstance(evaluation, Evaluation)
    pages.render_site(evaluation, read_theme(folder))
    for after in range(1, evaluation.last_decided + 1):
        cache = evaluation.context(after).cache
        assert cache  # the engine's own tables are there ...
        # ... and nothing of the site's (its standings rows are in RowMemo)
        assert not [key for key in cache if isinstance(key, tuple) and "site" in str(key[0])]
