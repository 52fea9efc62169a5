"""docs/site.md lists every field of every view model (scripts/view_docs.py), where a
template error's hint points (E430: "check the template against the view models in
docs/site.md")."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("view_docs", ROOT / "scripts" / "view_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_site_md_lists_every_view_model_field() -> None:
    docs = generator()
    text = docs.DOC.read_text(encoding="utf-8")
    assert docs.updated(text) == text, "run: python scripts/view_docs.py"


def test_the_list_holds_what_a_template_uses() -> None:
    """StandingsPage's rows and Frame's title, as standings.html and base.html use them."""
    section = generator().reference()
    assert "#### `StandingsPage`" in section and "#### `Frame`" in section
    frame = section.split("#### `Frame`", 1)[1].split("####", 1)[0]
    assert "| `title` | `str` |" in frame and "| `nav` | `tuple[NavItem, ...]` |" in frame


def test_the_template_error_hint_points_at_the_list() -> None:
    from tourney.app import build

    source = Path(build.__file__).read_text(encoding="utf-8")
    assert "the view models in docs/site.md" in source
