"""A team's rating for the order of the teams, and the order (docs/teams.md, setting up step 5).

The team numbers of a team Swiss follow the team ratings (C.04.6 Art. 1.1; the
method is the competition's to choose, Art. 1.1.2). ``TeamOptions.rating_method``
names how a team's rating is worked out; a rating typed on the team
(``Team.rating``) always wins, whatever the method. An unrated player counts as
``TeamOptions.unrated_rating`` (1400 by default) in the FIDE-style methods.

Methods (``METHODS``, keyed by the option's text value):

- ``olympiad`` (default): the average of the highest-rated players of the roster,
  one for each board: with 4 boards and a reserve rated above board 4, the
  reserve counts and board 4 does not.
- ``first-boards``: the average of the first boards in roster (board) order.
- ``roster``: the average of the whole roster, reserves included.
- ``typed``: only the typed rating counts; a team without one has no rating.
- ``us-31c`` (US Chess 31C): the average of the rated regulars (the first boards
  of the roster); alternates and unrated players (28D) do not count.
- ``us-31c1`` (US Chess variation 31C1): as 31C, but an unrated regular gets a
  rating from its neighbours: on the last board 50 below the board above, on
  board 1 50 above board 2, in between the average of the boards around it.
  With several unrated regulars these equations are solved together, which is
  a straight line between the nearest rated boards (and 50 points a board
  beyond the last rated one).

Averages are exact fractions: a team rated 2094.75 stays above one rated 2094.5.
A team without a rating comes after every rated team. The order by rating keeps
the current order of teams of equal rating (a stable sort), as docs/teams.md asks of
"Regenerate from ratings".

>>> olympiad([2100, 2000, 1900, 1800, 1950], 4, 1400)
(2100, 2000, 1950, 1900)
>>> us_31c1([2000, None, 1800, 1700], 4, 1400)
(2000, 1900, 1800, 1700)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from itertools import pairwise

from tourney import number_text
from tourney.engine.rounding import quantize, round_half_up
from tourney.model import Player, Team, TeamId, TeamRatingMethod, Tournament
from tourney.records import dataclass

RatingOf = Callable[[Player], int | None]
Counted = tuple[int | Fraction, ...]
Method = Callable[[Sequence[int | None], int, int], Counted]

US_31C = "us-31c"
US_31C1 = "us-31c1"
US_STEP = 50  # 31C1: an unrated on the last board is 50 below the board above


def fide_rating(player: Player) -> int | None:
    """The rating the order uses: the event's FIDE rating; 0 or none is unrated."""
    return player.rating or None


def _with_unrated(ratings: Sequence[int | None], unrated: int) -> list[int]:
    return [unrated if r is None else r for r in ratings]


def olympiad(ratings: Sequence[int | None], boards: int, unrated: int) -> Counted:
    """The highest-rated players of the roster, one for each board."""
    return tuple(sorted(_with_unrated(ratings, unrated), reverse=True)[:boards])


def first_boards(ratings: Sequence[int | None], boards: int, unrated: int) -> Counted:
    """The first ``boards`` players in roster order."""
    return tuple(_with_unrated(ratings[:boards], unrated))


def whole_roster(ratings: Sequence[int | None], boards: int, unrated: int) -> Counted:
    """Every player of the roster, reserves included."""
    return tuple(_with_unrated(ratings, unrated))


def typed_only(ratings: Sequence[int | None], boards: int, unrated: int) -> Counted:
    """Nothing is computed: only a typed rating counts."""
    return ()


def us_31c(ratings: Sequence[int | None], boards: int, unrated: int) -> Counted:
    """US Chess 31C: the rated regulars; alternates and unrated players do not count."""
    return tuple(r for r in ratings[:boards] if r is not None)


def us_31c1(ratings: Sequence[int | None], boards: int, unrated: int) -> Counted:
    """US Chess 31C1: every regular, an unrated one given a rating by its neighbours."""
    regulars = list(ratings[:boards])
    rated = [i for i, r in enumerate(regulars) if r is not None]
    if not rated:
        return ()
    values: list[int | Fraction] = []
    for k, rating in enumerate(regulars):
        if rating is not None:
            values.append(rating)
            continue
        above = max((i for i in rated if i < k), default=None)
        below = min((i for i in rated if i > k), default=None)
        if above is not None and below is not None:
            high, low = regulars[above], regulars[below]
            assert high is not None and low is not None
            step = Fraction((low - high) * (k - above), below - above)
            values.append(high + step.numerator if step.denominator == 1 else high + step)
        elif above is not None:
            high = regulars[above]
            assert high is not None
            values.append(high - US_STEP * (k - above))
        else:
            assert below is not None
            low = regulars[below]
            assert low is not None
            values.append(low + US_STEP * (below - k))
    return tuple(values)


METHODS: dict[str, Method] = {
    TeamRatingMethod.OLYMPIAD.value: olympiad,
    TeamRatingMethod.FIRST_BOARDS.value: first_boards,
    TeamRatingMethod.ROSTER.value: whole_roster,
    TeamRatingMethod.TYPED.value: typed_only,
    US_31C: us_31c,
    US_31C1: us_31c1,
}


@dataclass(frozen=True, slots=True)
class TeamRating:
    """A team's rating and how it was found.

    ``value`` is None when the team has no rating (no typed rating under
    ``typed``, an empty roster, or no rated regular under 31C).
    ``counted`` are the ratings averaged, after any substitution.
    """

    team: TeamId
    value: Fraction | None
    method: str
    counted: Counted = ()

    @property
    def rounded(self) -> int | None:
        """The rating as printed: rounded half up."""
        return None if self.value is None else round_half_up(self.value)

    def describe(self) -> str:
        """The working, e.g. ``olympiad: (2100 + 2000 + 1950 + 1900) / 4 = 1987.5``."""
        if self.value is None:
            return f"{self.method}: no rating"
        if not self.counted:
            return f"typed: {format_rating(self.value)}"
        terms = " + ".join(format_rating(Fraction(c)) for c in self.counted)
        return f"{self.method}: ({terms}) / {len(self.counted)} = {format_rating(self.value)}"


def format_rating(value: Fraction | None) -> str:
    """Exact, readable: ``2094.75``, ``2100``, ``1866.67`` (two decimals at most)."""
    if value is None:
        return "unrated"
    return number_text.decimal(quantize(value, 2))


def team_rating(
    t: Tournament,
    team: Team,
    method: str | None = None,
    rating_of: RatingOf = fide_rating,
) -> TeamRating:
    """``team``'s rating under ``method`` (default: the tournament's option).

    A rating typed on the team wins over every method (docs/teams.md, setting up step 5).
    """
    if team.rating is not None:
        return TeamRating(team.id, Fraction(team.rating), TeamRatingMethod.TYPED.value)
    name = str(method if method is not None else t.settings.team.rating_method)
    compute = METHODS.get(name)
    if compute is None:
        raise ValueError(f"unknown team rating method '{name}'; known: {', '.join(METHODS)}")
    options = t.settings.team
    ratings = [rating_of(t.player(pid)) for pid in team.roster]
    counted = compute(ratings, options.boards, options.unrated_rating)
    if not counted:
        return TeamRating(team.id, None, name)
    return TeamRating(team.id, Fraction(sum(counted, Fraction(0)), len(counted)), name, counted)


def team_ratings(
    t: Tournament, method: str | None = None, rating_of: RatingOf = fide_rating
) -> dict[TeamId, TeamRating]:
    """Every team's rating, by team id."""
    return {team.id: team_rating(t, team, method, rating_of) for team in t.teams}


def current_order(t: Tournament) -> tuple[TeamId, ...]:
    """The teams by their present numbers: ``start`` where set, the others after, in file order."""
    numbered = sorted((team.start, i) for i, team in enumerate(t.teams) if team.start is not None)
    rest = [i for i, team in enumerate(t.teams) if team.start is None]
    return tuple(t.teams[i].id for i in [i for _, i in numbered] + rest)


def sort_key(rating: TeamRating) -> tuple[int, Fraction]:
    """Higher rating first; a team without a rating after every rated team."""
    if rating.value is None:
        return (1, Fraction(0))
    return (0, -rating.value)


def order_by_rating(
    t: Tournament,
    order: Sequence[TeamId] | None = None,
    ratings: Mapping[TeamId, TeamRating] | None = None,
) -> tuple[TeamId, ...]:
    """``order`` (default: the present numbers) sorted by team rating, equal ratings kept in place."""
    ratings = ratings if ratings is not None else team_ratings(t)
    start = list(order) if order is not None else list(current_order(t))
    return tuple(sorted(start, key=lambda ident: sort_key(ratings[ident])))


def follows_ratings(order: Sequence[TeamId], ratings: Mapping[TeamId, TeamRating]) -> bool:
    """Whether no team is numbered before a team with a higher rating."""
    keys = [sort_key(ratings[ident]) for ident in order]
    return all(a <= b for a, b in pairwise(keys))


def team_numbers(t: Tournament) -> dict[TeamId, int]:
    """The numbers to use when a round is paired (docs/teams.md, setting up step 5).

    Teams with a ``start`` keep it (placed by hand or by ``tourney teams``).
    Before round 1 the others take the free numbers in rating order ("teams you
    did not move by hand are ordered by rating when round 1 is paired"); later
    they are late teams, numbered after all the others, in rating order.
    """
    numbers = {team.id: team.start for team in t.teams if team.start is not None}
    rest = [team.id for team in t.teams if team.start is None]
    ranked = order_by_rating(t, rest)
    if t.rounds:
        first_free = max(numbers.values(), default=0) + 1
        free: list[int] = list(range(first_free, first_free + len(ranked)))
    else:
        used = set(numbers.values())
        free = []
        candidate = 1
        while len(free) < len(ranked):
            if candidate not in used:
                free.append(candidate)
            candidate += 1
    numbers.update(zip(ranked, free, strict=True))
    return numbers
