"""A FIDE-rated event's rating change per game, for the player cards (B.02 Art. 8.3).

Per rated game: K x (score - expected), the expected score from table 8.1.b
with the opponent's rating before the event and the 400-point rule below 2650
(``ratings.b02_expected``); a player's change in the event is the sum. These
are the figures FIDE's rating officer will compute, shown before the list is
published; they are not rounded (FIDE rounds the total of the rating period).

K (Art. 8.3.3) from what players.yaml holds: 40 for a player up to 18 (until
the end of the year of the 18th birthday: the event's year minus the birth
year is at most 18) rated below 2300; 10 for a rating of 2400 or more; else
20; then lowered so that K x rated games in the event stays at most 700
(``ratings.k_factor``). players.yaml has no count of a player's earlier
rated games nor the highest rating reached, so K = 40 for a new player (under
30 games) and K = 10 for a player who once reached 2400 are not applied.

>>> fide_k(2000, None, None, 9), fide_k(2450, 1990, 2026, 9), fide_k(1900, 2010, 2026, 9)
(20, 10, 40)
>>> fide_k(1900, 2010, 2026, 20)
35
>>> game_change(20, 2000, 1900, Fraction(1))
Fraction(36, 5)
"""

from __future__ import annotations

from fractions import Fraction

from tourney.engine.ratings.history import NEW_PLAYER_GAMES, TOP_RATING, b02_expected, k_factor

JUNIOR_AGE = 18  # K = 40 up to the end of the year of the 18th birthday ...
JUNIOR_BELOW = 2300  # ... while rated below 2300


def fide_k(rating: int, birth_year: int | None, year: int | None, rated_games: int) -> int:
    """K for one player in one event with ``rated_games`` rated games (see the module)."""
    junior = (
        birth_year is not None
        and year is not None
        and year - birth_year <= JUNIOR_AGE
        and rating < JUNIOR_BELOW
    )
    # k_factor gives 40 below NEW_PLAYER_GAMES earlier games: the junior rule's K
    return k_factor(0 if junior else NEW_PLAYER_GAMES, rating >= TOP_RATING, rated_games)


def game_change(k: int, own: int, opponent: int, score: Fraction) -> Fraction:
    """K x (score - expected score) of one rated game, exact."""
    return k * (score - b02_expected(own, opponent))
