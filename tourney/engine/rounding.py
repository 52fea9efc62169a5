"""Rounding as FIDE prints numbers: half up, on exact values."""

from __future__ import annotations

import math
from fractions import Fraction


def round_half_up(value: Fraction | int) -> int:
    """Round to the nearest integer, halves away from minus infinity.

    >>> round_half_up(Fraction(5, 2)), round_half_up(Fraction(-5, 2))
    (3, -2)
    """
    return math.floor(Fraction(value) + Fraction(1, 2))


def quantize(value: Fraction, places: int = 2) -> Fraction:
    """``value`` rounded half up to ``places`` decimals, still exact."""
    scale = 10**places
    return Fraction(round_half_up(value * scale), scale)
