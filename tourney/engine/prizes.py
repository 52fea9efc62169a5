"""Prize lists: place and category prizes shared among tied players (docs/prizes.md).

tournament.yaml's ``prizes:`` gives the place prizes and any category prizes
(``model.Prizes``). Each group of prizes is awarded over the standings of the
players it is for, in the standings' order (points, then the tie-breaks, FIDE C.07
Art. 4.2). Players with equal points occupy consecutive places, and the amounts of
those places are pooled and shared by the event's rule:

* ``equal``: the pool in equal parts;
* ``hort`` (the Hort system): half of the pool in equal parts, the other half place
  by place in the tie-break order;
* ``tiebreak``: place by place in the tie-break order alone.

Players equal on every tie-break too (a shared rank) always share their places'
amounts equally. Places beyond a group's list are worth 0.

One prize per player: by default each player keeps the highest prize won (at equal
amounts the group written first, the place prizes before any category), is left out
of the other groups, and those are shared again without the player, until no player
holds two prizes; or, with ``order``, the groups are awarded in that order, each
among the players who have won nothing yet.

Amounts are exact (``Fraction``); a tied group's pool, a whole number of cents, is
paid in whole cents: each share rounded down to the cent, and the cents left over
go one each, in the tie-break order, to the players whose share was rounded down, so
the shares add up to the pool exactly.

>>> from fractions import Fraction as F
>>> order = [Entrant("a", F(5), 1), Entrant("b", F(4), 2), Entrant("c", F(4), 3)]
>>> [(s.player, str(s.amount)) for s in split(order, (F(100), F(60), F(20)), Sharing.HORT)]
[('a', '100'), ('b', '50'), ('c', '30')]
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby

from tourney.engine.categories import in_category
from tourney.engine.standings import Standings
from tourney.model import PrizeGroup, Prizes, Sharing, Tournament


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player in the standings' order: points, and the rank (shared when every
    tie-break is equal too)."""

    id: str
    points: Fraction
    rank: int


@dataclass(frozen=True, slots=True)
class Share:
    """A player's prize in one group: the places pooled, the exact amount, the cents paid."""

    player: str
    group: str
    first: int  # the places the player's tied group occupies in this group's ranking
    last: int
    amount: Fraction
    cents: int = 0

    @property
    def places(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"

    @property
    def shared(self) -> int:
        return self.last - self.first + 1


def _pool(amounts: Sequence[Fraction], first: int, count: int) -> Fraction:
    """The amounts of places ``first`` .. ``first + count - 1`` (0-based); 0 beyond the list."""
    return sum(amounts[first : first + count], Fraction(0))


def _cents(shares: list[Fraction], pool: Fraction) -> list[int]:
    """Whole cents: each share rounded down; the cents left over go one each, in order,
    to the shares that were rounded (there are always enough: each lost less than one)."""
    floors = [int(s * 100) for s in shares]  # shares are >= 0: int() rounds down
    left = int(pool * 100) - sum(floors)
    out = []
    for share, floor in zip(shares, floors, strict=True):
        extra = 1 if left > 0 and share * 100 != floor else 0
        left -= extra
        out.append(floor + extra)
    return out


def split(order: Sequence[Entrant], amounts: Sequence[Fraction], sharing: Sharing) -> list[Share]:
    """The shares of one group's ``amounts`` over ``order`` (the standings' order).

    Only players with a share above zero are listed."""
    out: list[Share] = []
    place = 0
    for _, tied_iter in groupby(order, key=lambda e: e.points):
        tied = list(tied_iter)
        n = len(tied)
        pool = _pool(amounts, place, n)
        by_rank: list[Fraction] = []
        at = place
        for _, same_iter in groupby(tied, key=lambda e: e.rank):
            m = len(list(same_iter))
            by_rank += [_pool(amounts, at, m) / m] * m
            at += m
        if sharing is Sharing.EQUAL:
            shares = [pool / n] * n
        elif sharing is Sharing.TIEBREAK:
            shares = by_rank
        else:
            shares = [(pool / n + own) / 2 for own in by_rank]
        cents = _cents(shares, pool)
        for entrant, share, paid in zip(tied, shares, cents, strict=True):
            if share > 0:
                out.append(Share(entrant.id, "", place + 1, place + n, share, paid))
        place += n
    return out


def _award(
    groups: Sequence[PrizeGroup],
    order: Sequence[Entrant],
    eligible: Mapping[str, Collection[str] | None],
    sharing: Sharing,
    without: Mapping[str, set[str]],
) -> dict[str, list[Share]]:
    out = {}
    for group in groups:
        allowed = eligible[group.name]
        left_out = without.get(group.name, set())
        ranked = [e for e in order if (allowed is None or e.id in allowed) and e.id not in left_out]
        out[group.name] = [
            Share(s.player, group.name, s.first, s.last, s.amount, s.cents)
            for s in split(ranked, group.amounts, sharing)
        ]
    return out


def award(
    prizes: Prizes, order: Sequence[Entrant], eligible: Mapping[str, Collection[str] | None]
) -> tuple[Share, ...]:
    """Every prize won, one per player, in the order of the groups and then of places.

    ``eligible`` gives each group's players by name (None: everyone)."""
    groups = prizes.groups
    if prizes.order:
        ranked = {name: i for i, name in enumerate(prizes.order)}
        sequence = sorted(groups, key=lambda g: ranked.get(g.name, len(ranked)))
        won: set[str] = set()
        found: dict[str, list[Share]] = {}
        for group in sequence:
            awarded = _award([group], order, eligible, prizes.sharing, {group.name: won})
            found |= awarded
            won |= {s.player for s in awarded[group.name]}
        return tuple(s for g in groups for s in found[g.name])
    written = {g.name: i for i, g in enumerate(groups)}
    without: dict[str, set[str]] = {g.name: set() for g in groups}
    while True:  # ends: every round leaves a player out of a group, and no one comes back
        found = _award(groups, order, eligible, prizes.sharing, without)
        held: dict[str, list[Share]] = {}
        for name in found:
            for share in found[name]:
                held.setdefault(share.player, []).append(share)
        doubles = {p: s for p, s in held.items() if len(s) > 1}
        if not doubles:
            return tuple(s for g in groups for s in found[g.name])
        for player, held_shares in doubles.items():
            kept = max(held_shares, key=lambda s: (s.amount, -written[s.group]))
            for share in held_shares:
                if share is not kept:
                    without[share.group].add(player)


# -- from a tournament -------------------------------------------------------------------------


def entrants(result: Standings) -> list[Entrant]:
    """The standings' players in order; results annulled (GR 6.6) win no prize."""
    return [
        Entrant(row.participant, row.points, row.rank)
        for row in result.rows
        if row.participant not in result.annulled
    ]


def eligible(t: Tournament, group: PrizeGroup) -> frozenset[str] | None:
    """The players a group's prizes are for (None: everyone)."""
    if not group.category:
        return None
    year = t.settings.start_date.year if t.settings.start_date else None
    c = t.settings.categories

    def keep(player_id: str) -> bool:
        player = t.player(player_id)
        if group.category == "members":
            return bool(player.member)
        if group.category == "club":
            return player.club.strip().casefold() == group.club.strip().casefold()
        return in_category(player, group.category, year, c)

    return frozenset(p.id for p in t.players if keep(p.id))


def prize_shares(t: Tournament, result: Standings) -> tuple[Share, ...]:
    """The event's prizes after the standings ``result``; () without ``prizes:``."""
    prizes = t.settings.prizes
    if prizes is None:
        return ()
    return award(prizes, entrants(result), {g.name: eligible(t, g) for g in prizes.groups})


def by_group(prizes: Prizes, shares: Sequence[Share]) -> Iterator[tuple[PrizeGroup, list[Share]]]:
    """Each group with the shares won in it, in place order."""
    for group in prizes.groups:
        yield group, [s for s in shares if s.group == group.name]


def money(cents: int) -> str:
    """1234567 -> "12345.67": the amount as the treasurer's CSV and JSON write it."""
    return f"{cents // 100}.{cents % 100:02d}"
