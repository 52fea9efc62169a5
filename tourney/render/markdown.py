"""Markdown pages (pages/*.md) to HTML that is safe to put on the site.

Python-Markdown passes raw HTML through untouched, so its output is cleaned
by nh3 (the ammonia sanitiser): scripts with their text, event handlers,
``style`` and ``javascript:`` links go; headings, lists, tables, links and
images stay. External links get ``rel="noopener noreferrer"``.

>>> to_html('# Hi\\n\\n<script>alert(1)</script><a href="javascript:x()">y</a>')
'<h1>Hi</h1>\\n\\n<p><a rel="noopener noreferrer">y</a></p>'
"""

from __future__ import annotations

import markdown as _markdown
import nh3

EXTENSIONS = ("tables", "sane_lists", "fenced_code")
TAGS = nh3.ALLOWED_TAGS | {"img"}
ATTRIBUTES = {
    **{tag: set(attrs) for tag, attrs in nh3.ALLOWED_ATTRIBUTES.items()},
    "img": {"src", "alt", "title", "width", "height"},
    "th": {"scope", "colspan", "rowspan", "align"},
    "td": {"colspan", "rowspan", "align"},
}
SCHEMES = {"http", "https", "mailto"}


def to_html(source: str) -> str:
    """Markdown to sanitised HTML."""
    raw = _markdown.markdown(source, extensions=list(EXTENSIONS), output_format="html")
    return nh3.clean(
        raw,
        tags=TAGS,
        attributes=ATTRIBUTES,
        url_schemes=SCHEMES,
        link_rel="noopener noreferrer",
    )


def without_title(source: str) -> str:
    """The page without its first ``# `` heading (the page frame prints the title)."""
    lines = source.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("# "):
            return "\n".join(lines[:index] + lines[index + 1 :])
        if line.strip():
            break
    return source
