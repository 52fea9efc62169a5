"""How a number is written: the one decimal formatter of every page, document, command
and review (issue 34).

Points and tie-break values are exact ``Fraction`` values until they are printed;
``decimal`` prints a decimal exactly when it ends and otherwise rounds half up, as FIDE
prints numbers (C.07 10: "rounded ... to two decimals"; docs/keizer.md, "Rounding").
The decimal sign is the caller's: the site and the PDFs pass their language's
(``tourney.render.text.decimal``: "70,17" on a Dutch page), while the command line and
the data files (final.yaml, standings.json, .csv) keep the point.

>>> decimal(Fraction(29, 2)), decimal(Fraction(421, 6)), decimal(Fraction(-2, 3))
('14.5', '70.17', '-0.67')
>>> decimal(Fraction(121, 4)), decimal(Fraction(5503, 3), 0), decimal(7, 2)
('30.25', '1834', '7.00')
>>> decimal(Fraction(387, 100), separator=","), points(Fraction(9, 2)), points(Fraction(1, 2))
('3,87', '4½', '½')
>>> points(Fraction(20, 3)), points(Fraction(7, 4), ","), points(Fraction(0))
('6.67', '1,75', '0')

Imports nothing of tourney, so every layer may use it (the engine too).
"""

from __future__ import annotations

import functools
from fractions import Fraction


# A site prints the same few values (scores, tie-break sums) tens of thousands of times;
# equal values have the same numerator and denominator, so the text is the same.
@functools.lru_cache(maxsize=8192)
def decimal(value: Fraction | int, places: int | None = None, separator: str = ".") -> str:
    """``value`` as a decimal: exact when the decimal ends, else ``places`` (default 2)
    decimals rounded half up; any value given ``places`` has exactly that many."""
    # Integer arithmetic on numerator and denominator: the site prints tens of
    # thousands of these, and Fraction arithmetic made this a hot spot.
    numerator, denominator = value.numerator, value.denominator
    if places is None:
        rest = denominator
        for prime in (2, 5):
            while rest % prime == 0:
                rest //= prime
        if rest != 1:
            places = 2
        else:
            places = 0
            while (10**places) % denominator:
                places += 1
    # floor(value * 10**places + 1/2): half up, exact when the decimal ends
    signed = (2 * numerator * 10**places + denominator) // (2 * denominator)
    sign = "-" if signed < 0 else ""
    whole, part = divmod(abs(signed), 10**places)
    return f"{sign}{whole}{separator}{part:0{places}d}" if places else f"{sign}{whole}"


def points(value: Fraction | int, separator: str = ".") -> str:
    """Points as chess players write them: whole and a half sign (``4½``, ``½``), any
    other fraction (a series' pooled points, a Keizer score) as a decimal."""
    numerator, denominator = value.numerator, value.denominator
    if denominator == 1:
        return str(numerator)
    if denominator == 2:
        return ("" if numerator == 1 else str((numerator - 1) // 2)) + "½"
    return decimal(value, separator=separator)
