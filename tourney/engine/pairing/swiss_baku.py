"""Baku acceleration (FIDE Handbook C.04.5.1, "Baku Acceleration Method").

Accelerated pairing adds *virtual points* to the scores of the higher half of the
field for the first rounds, so that the strongest players meet earlier. The method:

* Before round 1 the list of players (in initial order) is split into GA and GB.
  GA holds the first half of the players rounded up to an even number: ``2 * Q``
  with ``Q = ceil(N / 4)`` (161 players: GA = 82). A late entry does not move the
  last GA player: GA is every pairing number up to that player's.
* The accelerated rounds are the first half of the rounds, rounded up. Before the
  first half of them (rounded up) every GA player gets 1 virtual point; before the
  remaining accelerated rounds, half a point. GB players never get any, and nobody
  gets any after the last accelerated round.
* The pairing score (score plus virtual points) forms the score groups; standings
  use the real score.

>>> [virtual_points(r, 9, True) for r in range(1, 10)]
[Fraction(1, 1), Fraction(1, 1), Fraction(1, 1), Fraction(1, 2), Fraction(1, 2), Fraction(0, 1), Fraction(0, 1), Fraction(0, 1), Fraction(0, 1)]
>>> ga_size(161), ga_size(8), ga_size(10)
(82, 4, 6)

The method is written for 1 / ½ / 0 scoring; under other point values a virtual
point here is worth one win (and half a virtual point half a win).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction


def ga_size(players: int) -> int:
    """The number of GA players: the first half rounded up to an even number."""
    return 2 * ((players + 3) // 4)


def accelerated_rounds(total_rounds: int) -> int:
    """The first half of the rounds, rounded up."""
    return (total_rounds + 1) // 2


def virtual_points(
    round_no: int, total_rounds: int, in_ga: bool, win: Fraction = Fraction(1)
) -> Fraction:
    """Virtual points of a player before round ``round_no``."""
    if not in_ga:
        return Fraction(0)
    accelerated = accelerated_rounds(total_rounds)
    if round_no <= (accelerated + 1) // 2:
        return Fraction(win)
    if round_no <= accelerated:
        return Fraction(win) / 2
    return Fraction(0)


def last_ga_number(initial_numbers: Iterable[int]) -> int:
    """The pairing number of the last GA player, from the pairing numbers of the
    players listed before round 1 (0 when there are none)."""
    numbers = sorted(initial_numbers)
    if not numbers:
        return 0
    return numbers[min(ga_size(len(numbers)), len(numbers)) - 1]
