"""Which category a player is in: women, age group, rating band (docs/site.md "Categories").

The category page (``render/site/categories.py``) and the category prizes
(``engine/prizes.py``, docs/prizes.md) use the same groups, from tournament.yaml's
``categories:``: each player is in at most one age group (the youngest U-group that
fits, else the oldest senior group; age on 1 January of the event's year, as FIDE's
youth events count it) and in one rating band by the rating the pairing used.
"""

from __future__ import annotations

from tourney.model import Categories, Player


def bands(lows: tuple[int, ...]) -> tuple[tuple[int, int | None], ...]:
    """(low, high) per band from the lower limits, highest first: 2200 and more, 2000-2199..."""
    highs: list[int | None] = [None, *(low - 1 for low in lows[:-1])]
    return tuple(zip(lows, highs, strict=True))


def is_woman(player: Player) -> bool:
    return player.sex.strip().lower() in ("w", "f")


def age_group(player: Player, year: int | None, c: Categories) -> str:
    """ "U12", "65+", or "" (no birth year, no event year, or in no group)."""
    if player.birth_year is None or year is None:
        return ""
    for limit in c.youth:
        if player.birth_year >= year - limit:
            return f"U{limit}"
    for limit in reversed(c.seniors):  # the oldest group first: a 65+ is not also 50+
        if player.birth_year <= year - limit:
            return f"{limit}+"
    return ""


def band(player: Player, c: Categories) -> str:
    """ "2200 and more", "2000-2199", "below 1600" or "unrated" (English keys)."""
    if player.rating is None:
        return "unrated"
    for low, high in bands(c.ratings):
        if player.rating >= low and (high is None or player.rating <= high):
            return f"{low} and more" if high is None else f"{low}-{high}"
    return f"below {c.ratings[-1]}" if c.ratings else "rated"


def band_names(c: Categories) -> tuple[str, ...]:
    """Every rating band of ``c``, highest first, then "below" the lowest and "unrated"."""
    if not c.ratings:
        return ()
    named = [
        f"{low} and more" if high is None else f"{low}-{high}" for low, high in bands(c.ratings)
    ]
    return (*named, f"below {c.ratings[-1]}", "unrated")


def category_names(c: Categories) -> tuple[str, ...]:
    """The categories of ``c`` in the category page's order."""
    women = ("women",) if c.women else ()
    ages = (*(f"U{limit}" for limit in c.youth), *(f"{limit}+" for limit in c.seniors))
    return (*women, *ages, *band_names(c))


def in_category(player: Player, category: str, year: int | None, c: Categories) -> bool:
    """Whether ``player`` is in ``category`` (one of ``category_names(c)``)."""
    if category == "women":
        return is_woman(player)
    if category.startswith("U") or category.endswith("+"):
        return age_group(player, year, c) == category
    return band(player, c) == category
