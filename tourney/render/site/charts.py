"""Small static SVG charts for the player cards, laid out here so the template only draws.

No library and no script: a chart is a polyline and a few labels in an inline
``<svg>`` whose strokes and text use ``currentColor``, so it follows the page's
colours in dark mode and prints in black.
"""

from __future__ import annotations

from collections.abc import Sequence

from tourney.i18n import gettext as _
from tourney.render.views import ChartPoint, RankChart, RatingChart

_LEFT, _RIGHT, _TOP, _BOTTOM = 30, 28, 10, 22  # margins for the labels
_STEP = 30  # horizontal distance between rounds
_PLOT = 90  # height of the plot area
_RATING_LEFT, _RATING_RIGHT = 36, 40  # room for four-digit ratings left and right


def rank_chart(ranks: Sequence[int], field: int) -> RankChart | None:
    """The chart of ``ranks`` (after rounds 1, 2, ...) in a field of ``field`` players;
    None before there are two rounds to join."""
    if len(ranks) < 2 or field < 2:
        return None
    width = _LEFT + _STEP * (len(ranks) - 1) + _RIGHT
    height = _TOP + _PLOT + _BOTTOM

    def y(rank: int) -> int:
        return _TOP + round((rank - 1) * _PLOT / (field - 1))

    points = tuple(
        ChartPoint(_LEFT + _STEP * i, y(rank), str(rank), i + 1) for i, rank in enumerate(ranks)
    )
    return RankChart(
        width=width,
        height=height,
        top=_TOP,
        bottom=_TOP + _PLOT,
        field=field,
        points=points,
        polyline=" ".join(f"{p.x},{p.y}" for p in points),
        summary=_("Rank after each round: {ranks} (of {field})").format(
            ranks=", ".join(map(str, ranks)), field=field
        ),
    )


def rating_chart(ratings: Sequence[int], what: str) -> RatingChart | None:
    """The chart of a member's ``what`` ("Rapid") rating after each step: ``ratings[0]`` is
    the initial rating, then one per rated tournament; None before there are two.

    The highest rating is drawn at the top, the lowest at the bottom, linearly between
    (all at mid-height when they are equal).

    >>> c = rating_chart([1600, 1607, 1594], "Rapid")
    >>> [(p.x, p.y, p.label) for p in c.points]
    [(36, 58, '1600'), (66, 10, '1607'), (96, 100, '1594')]
    """
    if len(ratings) < 2:
        return None
    high, low = max(ratings), min(ratings)
    span = high - low

    def y(rating: int) -> int:
        return _TOP + (round((high - rating) * _PLOT / span) if span else _PLOT // 2)

    points = tuple(
        ChartPoint(_RATING_LEFT + _STEP * i, y(rating), str(rating), i)
        for i, rating in enumerate(ratings)
    )
    return RatingChart(
        width=_RATING_LEFT + _STEP * (len(ratings) - 1) + _RATING_RIGHT,
        height=_TOP + _PLOT + _BOTTOM,
        top=_TOP,
        bottom=_TOP + _PLOT,
        high=high,
        low=low,
        points=points,
        polyline=" ".join(f"{p.x},{p.y}" for p in points),
        summary=_("{period} rating: {ratings}").format(
            period=what, ratings=", ".join(map(str, ratings))
        ),
    )
