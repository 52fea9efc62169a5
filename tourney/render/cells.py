"""The most repeated bits of HTML (a table cell, a player link) as Python functions.

A standings page or crosstable of a large event calls them thousands of times;
as Jinja macros they are most of such a page's rendering time. They give the
same markup as the ``cell`` and ``player`` macros in ``_macros.html`` (which
stay for templates of one's own) and escape every value, as autoescape does.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from tourney.render.text import person


def cell(c: Any, home: str) -> Markup:
    """``<td>`` of a ``Cell``: CSS class, optional title, text linked when it has an href."""
    css = f"{escape(c.css)} num" if c.css else "num"
    title = f' title="{escape(c.title)}"' if c.title else ""
    if c.href:
        inner = f'<a href="{escape(home)}{escape(c.href)}">{escape(c.text)}</a>'
    else:
        inner = str(escape(c.text))
    return Markup(f'<td class="{css}"{title}>{inner}</td>')


def player(p: Any, home: str) -> Markup:
    """A player's name (title first) linked to their card; "no player" for an empty seat."""
    if not p:
        return Markup('<span class="empty">no player</span>')
    name = escape(person(p.name, p.title))
    return Markup(f'<a href="{escape(home)}{escape(p.href)}">{name}</a>')
