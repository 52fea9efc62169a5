"""FIDE rating tables (Rating Regulations B.02, tables 8.1.a and 8.1.b).

Used by the rating-based tie-breaks (C.07 Art. 10: ARO, TPR, PTP, APRO, APPO)
and by the club rating calculation. Values are FIDE's published numbers,
kept in hundredths so that every computation stays exact.

>>> dp(Fraction(3, 4))
193
>>> dp(Fraction(0))
-800
>>> expected_score(2000, 1900)
Fraction(16, 25)
"""

from __future__ import annotations

import bisect
from fractions import Fraction

from tourney.engine.rounding import round_half_up

# (upper bound of |D|, expected score of the higher-rated player in hundredths)
_PD_HIGHER: tuple[tuple[int, int], ...] = (
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
)
# dp for p = 0.50 .. 1.00 in hundredths; dp(1 - p) = -dp(p)
_DP_UPPER: tuple[int, ...] = (
    0,
    7,
    14,
    21,
    29,
    36,
    43,
    50,
    57,
    65,
    72,
    80,
    87,
    95,
    102,
    110,
    117,
    125,
    133,
    141,
    149,
    158,
    166,
    175,
    184,
    193,
    202,
    211,
    220,
    230,
    240,
    251,
    262,
    273,
    284,
    296,
    309,
    322,
    336,
    351,
    366,
    383,
    401,
    422,
    444,
    470,
    501,
    538,
    589,
    677,
    800,
)

_PD_BOUNDS = tuple(bound for bound, _ in _PD_HIGHER)


def dp(fraction: Fraction) -> int:
    """Rating difference dp for a fractional score p (table 8.1.a).

    p is first rounded to two decimals, half up, as the table is indexed.
    """
    if not 0 <= fraction <= 1:
        raise ValueError(f"fractional score out of range: {fraction}")
    hundredths = round_half_up(fraction * 100)
    if hundredths >= 50:
        return _DP_UPPER[hundredths - 50]
    return -_DP_UPPER[50 - hundredths]


def expected_score(own: int, opponent: int, cap: int | None = None) -> Fraction:
    """Expected score PD of ``own`` against ``opponent`` (table 8.1.b).

    ``cap`` limits the rating difference first (B.02's 400-point rule passes 400).
    """
    difference = abs(own - opponent)
    if cap is not None:
        difference = min(difference, cap)
    index = bisect.bisect_left(_PD_BOUNDS, difference)
    higher = 100 if index == len(_PD_BOUNDS) else _PD_HIGHER[index][1]
    hundredths = higher if own >= opponent else 100 - higher
    return Fraction(hundredths, 100)
