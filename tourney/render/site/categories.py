"""Category rankings: the standings cut into the groups opens give prizes to.

Defaults (docs/site.md, "Categories"); tournament.yaml's ``categories:`` changes them:

- **Women**: players with ``sex: w`` (or ``f``) in players.yaml.
- **Age groups** from ``birth_year`` and the year of ``start_date``, each player in one
  group: U8, U10, U12, U14, U16, U18 (born in the year minus 8, ... 18, or later, as
  FIDE's youth events count age on 1 January), 50+ and 65+ (born in the year minus
  50, 65 or earlier; 65+ players are not also listed under 50+).
- **Rating bands** by the rating the pairing used, each player in one band: 2200 and
  more, 2000-2199, 1800-1999, 1600-1799, below 1600, unrated.

A category lists its players in the order of the standings, with their place in the
category (shared when the standings share it) and overall.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from tourney.engine.categories import age_group as _age_group
from tourney.engine.categories import band as _band
from tourney.engine.categories import bands as _bands
from tourney.engine.standings import Standings
from tourney.i18n import gettext as _
from tourney.model import Player, Tournament
from tourney.render.views import CategoryRow, CategoryTable


def _band_label(band: str) -> str:
    """A band as shown ("2200 and more", "below 1600", "unrated"); ``_band`` keeps English keys."""
    if band == "unrated":
        return _("unrated")
    if band.startswith("below "):
        return _("below {rating}").format(rating=band.removeprefix("below "))
    if band.endswith(" and more"):
        return _("{rating} and more").format(rating=band.removesuffix(" and more"))
    return band


def categories(
    t: Tournament, result: Standings, row: Callable[[str, str, str], CategoryRow]
) -> Iterator[CategoryTable]:
    """Every category with at least one ranked player, in the order of the defaults.

    ``row(pid, place, overall)`` makes the page's line of a player."""
    year = t.settings.start_date.year if t.settings.start_date else None
    c = t.settings.categories
    order = [(r.participant, r.rank) for r in result.rows]

    def women(p: Player) -> bool:
        return p.sex.strip().lower() in ("w", "f")

    def aged(group: str) -> Callable[[Player], bool]:
        return lambda p: _age_group(p, year, c) == group

    def rated(band: str) -> Callable[[Player], bool]:
        return lambda p: _band(p, c) == band

    groups: list[tuple[str, str, Callable[[Player], bool]]] = (
        [(_("Women"), "women", women)] if c.women else []
    )
    groups += [(f"U{limit}", "age", aged(f"U{limit}")) for limit in c.youth]
    groups += [(f"{limit}+", "age", aged(f"{limit}+")) for limit in c.seniors]
    if c.ratings:
        bands = [
            f"{low} and more" if high is None else f"{low}-{high}"
            for low, high in _bands(c.ratings)
        ]
        for band in (*bands, f"below {c.ratings[-1]}", "unrated"):
            groups.append(
                (_("Rating {band}").format(band=_band_label(band)), "rating", rated(band))
            )
    for name, kind, keep in groups:
        rows = []
        place = previous = 0
        for index, (pid, rank) in enumerate(
            (pid, rank) for pid, rank in order if keep(t.player(pid))
        ):
            if rank != previous:
                place, previous = index + 1, rank
            rows.append(row(pid, str(place), str(rank)))
        if rows:
            yield CategoryTable(name, tuple(rows), kind)


def note(after: int, tables: tuple[CategoryTable, ...]) -> str:
    """What the page's categories are, naming only the kinds it has tables of (an event
    without birth years promises no age groups)."""
    kinds = {t.kind for t in tables}
    parts = []
    if "women" in kinds:
        parts.append(_("women"))
    if "age" in kinds:
        parts.append(
            _(
                "age groups from the birth year (U8 to U18: born in the event's year"
                " minus 8 to 18 or later; 50+ and 65+)"
            )
        )
    if "rating" in kinds:
        parts.append(_("rating bands"))
    if not parts:
        return ""
    said = [
        _("The standings after round {after} by category: {kinds}.").format(
            after=after, kinds="; ".join(parts)
        )
    ]
    if "age" in kinds and "rating" in kinds:
        said.append(_("Each player is in one age group and one rating band."))
    elif "age" in kinds:
        said.append(_("Each player is in one age group."))
    elif "rating" in kinds:
        said.append(_("Each player is in one rating band."))
    said.append(_("Pl.: place in the category; Rk.: overall rank."))
    return " ".join(said)
