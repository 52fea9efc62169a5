"""The most repeated bits of HTML (a table cell, a player link) as Python functions.

A standings page or crosstable of a large event calls them thousands of times;
as Jinja macros they are most of such a page's rendering time. They give the
same markup as the ``cell``, ``player``, ``rated`` and ``chip`` macros in ``_macros.html``
(which stay for templates of one's own) and escape every value, as autoescape does
(a translated word is markup, as Jinja's gettext makes it).
"""

from __future__ import annotations

import functools
from typing import Any

from markupsafe import Markup, escape

from tourney.i18n import catalog, pgettext
from tourney.i18n import gettext as _
from tourney.render.text import person


def cell(c: Any, home: str) -> Markup:
    """``<td>`` of a ``Cell``: CSS class, optional title, text linked when it has an href."""
    css = f"{escape(c.css)} num" if c.css else "num"
    title = f' title="{escape(c.title)}"' if c.title else ""
    if c.href and c.text:  # an empty link would be a nameless tab stop (WCAG 2.4.4)
        inner = f'<a href="{escape(home)}{escape(c.href)}">{escape(c.text)}</a>'
    else:
        inner = str(escape(c.text))
    return Markup(f'<td class="{css}"{title}>{inner}</td>')


def player(p: Any, home: str) -> Markup:
    """A player's name (title first) linked to their card; "no player" for an empty seat."""
    if not p:
        return Markup('<span class="empty">{}</span>').format(_("no player"))
    name = escape(person(p.name, p.title))
    return Markup(f'<a href="{escape(home)}{escape(p.href)}">{name}</a>')


def team(t: Any, home: str) -> Markup:
    """A team's name linked to its card; nothing without a team (the ``team`` macro)."""
    if not t:
        return Markup("")
    return Markup(f'<a href="{escape(home)}{escape(t.href)}">{escape(t.name)}</a>')


def rated(p: Any, home: str) -> Markup:
    """A player's link with the rating after it (the ``rated`` macro): pairings and cards."""
    if p and p.rating:
        return Markup(f'{player(p, home)} <span class="rating">{escape(p.rating)}</span>')
    return player(p, home)


def chip(code: str) -> Markup:
    """The W/B colour chip of a colour code ("w", "b"; nothing for ""): the ``chip`` macro."""
    if not code:
        return Markup("")
    white = code == "w"
    title = _("White") if white else _("Black")
    letter = pgettext("colour", "W") if white else pgettext("colour", "B")
    return Markup(f'<abbr class="clr {escape(code)}" title="{title}">{letter}</abbr>')


def nav(items: Any, home: str) -> Markup:
    """The sections of an event, shown twice: in the phone menu (with the current section
    named) and as tabs (base.html). The same for every page of a section: made once."""
    return _nav(tuple(items), home, catalog.current())


@functools.lru_cache(maxsize=64)
def _nav(items: tuple[Any, ...], home: str, _language: str) -> Markup:
    here = next((item for item in items if item.current), None)
    current = ' aria-current="page"'
    lines = "".join(
        f'<li><a href="{escape(home)}{escape(item.href)}"'
        f"{current if item.current else ''}>{escape(item.text)}</a></li>\n"
        for item in items
    )
    shown = f' <span class="here">· {escape(here.text)}</span>' if here else ""
    sections, menu = _("Sections"), _("Menu")
    return Markup(
        f'<nav class="sections" aria-label="{sections}">\n<details class="menu">\n'
        f"<summary>{menu}{shown}</summary>\n<ul>\n{lines}</ul>\n</details>\n"
        f'<ul class="tabs">\n{lines}</ul>\n</nav>'
    )


def rank_chart(c: Any) -> Markup:
    """The ``<figure>`` of a ``RankChart``: an inline SVG line chart in ``currentColor``
    (one string built here: 400 cards of Jinja loops were a visible share of a build)."""
    caption = _("{summary}; rounds along the bottom.").format(summary=c.summary)
    return _line_figure(c, (4, "1", c.field), titled=False, value_dx=7, caption=caption)


def sparkline(values: Any, width: int = 90, height: int = 22) -> Markup:
    """A rating history as a tiny inline SVG line (``currentColor``: dark mode and print
    follow the page); its first and last values are in ``aria-label``. Empty below two."""
    values = tuple(values)
    if len(values) < 2:
        return Markup("")
    low, high = min(values), max(values)
    span = (high - low) or 1
    step = (width - 6) / (len(values) - 1)
    points = " ".join(
        f"{3 + round(i * step)},{3 + round((high - v) * (height - 6) / span)}"
        for i, v in enumerate(values)
    )
    label = escape(
        _("rating {first} to {last} over {count} tournaments").format(
            first=values[0], last=values[-1], count=len(values) - 1
        )
    )
    return Markup(
        f'<svg class="spark" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'role="img" aria-label="{label}"><polyline points="{points}" fill="none" '
        'stroke="currentColor" stroke-width="1.5"/></svg>'
    )


def rating_chart(c: Any) -> Markup:
    """The ``<figure>`` of a ``RatingChart``: like ``rank_chart``, with the highest and
    lowest ratings on the left axis, each step (0: the initial rating) along the bottom,
    the rating now at the line's end and each point's rating as its tooltip."""
    caption = _(
        "{summary}; tournaments along the bottom in the order they were rated "
        "(0: the initial rating)."
    ).format(summary=c.summary)
    return _line_figure(c, (2, c.high, c.low), titled=True, value_dx=6, caption=caption)


def _line_figure(
    c: Any, axis: tuple[int, object, object], *, titled: bool, value_dx: int, caption: str
) -> Markup:
    """A chart's ``<figure>``: grid lines at ``c.top`` and ``c.bottom`` labelled by
    ``axis`` (x, top label, bottom label), the polyline, a dot and a bottom label per
    point, the last point's value beside it, and ``caption``."""
    summary = escape(c.summary)
    first, last = c.points[0], c.points[-1]
    x, top_label, bottom_label = axis
    parts = [
        '<figure class="chart">\n',
        f'<svg viewBox="0 0 {c.width} {c.height}" width="{c.width}" height="{c.height}" '
        f'role="img" aria-label="{summary}">\n',
        f'<line x1="{first.x}" y1="{c.top}" x2="{last.x}" y2="{c.top}" class="grid"/>\n',
        f'<line x1="{first.x}" y1="{c.bottom}" x2="{last.x}" y2="{c.bottom}" class="grid"/>\n',
        f'<text x="{x}" y="{c.top + 4}" class="axis">{top_label}</text>'
        f'<text x="{x}" y="{c.bottom + 4}" class="axis">{bottom_label}</text>\n',
        f'<polyline points="{escape(c.polyline)}" fill="none" stroke="currentColor" '
        'stroke-width="2"/>\n',
    ]
    for p in c.points:
        dot = f'<circle cx="{p.x}" cy="{p.y}" r="3" fill="currentColor"'
        dot += f"><title>{escape(p.label)}</title></circle>" if titled else "/>"
        parts.append(
            f'{dot}<text x="{p.x}" y="{c.height - 6}" text-anchor="middle" class="axis">'
            f"{p.round}</text>\n"
        )
    parts.append(
        f'<text x="{last.x + value_dx}" y="{last.y + 4}" class="value">'
        f"{escape(last.label)}</text>\n"
    )
    parts.append(f"</svg>\n<figcaption>{escape(caption)}</figcaption>\n</figure>")
    return Markup("".join(parts))
