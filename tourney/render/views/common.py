"""The pieces every page shares: the frame (title, navigation, the way to the site's root), links, player and team references, table cells.

Part of the template contract (``tourney.render.views``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Link:
    """A link: ``href`` relative to the tournament root (or the site root in a club)."""

    href: str
    text: str


@dataclass(frozen=True, slots=True)
class NavItem:
    """One entry of the navigation; ``current`` marks the page being shown."""

    href: str
    text: str
    current: bool = False


@dataclass(frozen=True, slots=True)
class Frame:
    """What every page shares.

    ``title`` is the page's heading; ``event`` the tournament (or club) name
    shown above it; ``root`` the way to the site root (static files);
    ``home`` the way to the tournament root (every ``href`` below starts
    there); ``nav`` the tournament's navigation; ``crumbs`` the way up
    (a club's index) with hrefs relative to the site root.
    """

    title: str
    event: str
    root: str
    home: str
    nav: tuple[NavItem, ...] = ()
    crumbs: tuple[Link, ...] = ()
    lang: str = "en"
    pdf: Link | None = None  # the same page printed (``build --pdf``), href from ``home``
    tab: str = ""  # the <title> where it differs from ``title``: each page's is unique
    about: str = ""  # the event in a line for link previews: "Amsterdam, 2026-10-02 – ..."


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A player wherever one is named: ``href`` leads to the player card."""

    id: str
    name: str
    title: str
    start: int
    rating: str  # "" when unrated
    federation: str
    href: str


@dataclass(frozen=True, slots=True)
class TeamRef:
    """A team wherever one is named: ``href`` leads to the team card."""

    id: str
    name: str
    start: int
    href: str


@dataclass(frozen=True, slots=True)
class Fact:
    """A labelled line of a details list."""

    label: str
    value: str
    href: str = ""  # an absolute URL (website) or ""
    link: str = ""  # a page of the site, relative to the tournament root (the team card)


@dataclass(frozen=True, slots=True)
class Cell:
    """A table cell with an optional link and a tooltip (``title``)."""

    text: str
    href: str = ""
    title: str = ""
    css: str = ""  # a class: "win", "draw", "loss", "bye", "cut"


@dataclass(frozen=True, slots=True)
class Download:
    """A file of the site to download: link, format and what it holds."""

    href: str
    name: str
    format: str
    description: str
