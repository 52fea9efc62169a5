"""Standings after any round: points, then the tie-breaks in order (FIDE C.07 Art. 4.2).

Participants are ranked by points, then every group still tied is ranked by
the next tie-break, and so on (4.2). A type A tie-break (direct encounter)
is computed inside each tied group only. Participants equal on everything
share the rank; inside a shared rank they are listed by pairing number.
A player's penalties and bonuses (players.yaml ``adjustments``, TRF-2026 record
299, docs/results.md) are added to his points from the round they belong to; the
tie-breaks count the games alone.

In an individual round robin the tie-breaks are computed on
``withdrawals.standings_view``: a player who withdrew before completing half of
the games has every result annulled and is listed last (``Standings.annulled``),
and the later games of one who withdrew after that are forfeits (FIDE General
Regulations for Competitions 6.6).

>>> from tourney.model import Format, Game, Player, Result, Round, Settings, Tournament
>>> t = Tournament(
...     Settings("Mini", Format.ROUND_ROBIN, 1),
...     players=(Player("a", "A", start=1), Player("b", "B", start=2)),
...     rounds=(Round(1, games=(Game("a", "b", Result.DRAW),)),),
... )
>>> [(r.rank, r.participant, str(r.points)) for r in standings(t, tiebreaks="SB").rows]
[(1, 'a', '1/2'), (1, 'b', '1/2')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import field
from fractions import Fraction

from tourney.engine.scores import last_decided_round
from tourney.engine.tiebreaks import (
    Context,
    Descriptor,
    Edition,
    Value,
    defaults,
    lookup,
    make_context,
    parse_descriptor,
    parse_list,
    prepared,
)
from tourney.engine.withdrawals import standings_view, withdrawals
from tourney.model import Format, TiebreakRules, Tournament
from tourney.records import dataclass


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the standings; ``values`` follow ``Standings.tiebreaks``."""

    rank: int
    participant: str
    start: int
    name: str
    points: Fraction
    values: tuple[Fraction | None, ...]
    working: tuple[Value, ...]


@dataclass(frozen=True, slots=True)
class Standings:
    after: int
    edition: Edition
    tiebreaks: tuple[Descriptor, ...]
    rows: tuple[Row, ...]
    annulled: frozenset[str] = frozenset()  # results not counted (GR 6.6), listed last
    _by_participant: dict[str, Row] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )  # filled by the first ``row`` call

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(str(d) for d in self.tiebreaks)

    def valued(self) -> tuple[int, ...]:
        """The tie-breaks (by index) with a value in some row: the columns tables show.

        A column without a value in any row (DE where no tie reached it, a
        rating-based code with unrated players, C.07 10) is left out of the tables.
        """
        return tuple(
            i
            for i in range(len(self.tiebreaks))
            if any(row.values[i] is not None for row in self.rows)
        )

    def row(self, participant: str) -> Row:
        if not self._by_participant:
            self._by_participant.update((row.participant, row) for row in self.rows)
        return self._by_participant[participant]


TiebreakList = str | Iterable[str | Descriptor] | None


def resolve_tiebreaks(tournament: Tournament, tiebreaks: TiebreakList) -> tuple[Descriptor, ...]:
    """The list asked for, else the tournament's own, else the FIDE default of its format.

    Raises ``DescriptorError`` for a code that cannot be read and ``KeyError``
    for an unknown tie-break.
    """
    if tiebreaks is None:
        if tournament.settings.tiebreaks:
            found = tournament.settings.tiebreaks  # read and checked at load
        else:
            found = defaults(
                tournament.settings.format, primary=tournament.settings.scoring.primary
            )
    elif isinstance(tiebreaks, str):
        found = parse_list(tiebreaks)
    else:
        found = tuple(d if isinstance(d, Descriptor) else parse_descriptor(d) for d in tiebreaks)
    found = tuple(d for d in found if d.name != "PTS")
    for descriptor in found:
        lookup(descriptor)
    return found


def stated_ranks(t: Tournament) -> dict[str, int]:
    """The ranks an imported TRF stated (docs/trf.md), which stand as the official ranking
    until tournament.yaml names its tie-breaks; empty once it does."""
    if t.settings.tiebreaks:
        return {}
    return {p.id: p.official_rank for p in t.players if p.official_rank is not None}


def standings(
    tournament: Tournament,
    after: int | None = None,
    tiebreaks: TiebreakList = None,
    rules: TiebreakRules | None = None,
    context: Context | None = None,
) -> Standings:
    """The standings after round ``after`` (default: the last round with a result).

    ``context`` is ``make_context(standings_view(tournament), after, rules)``
    when the caller has it already (an ``Evaluation``): the standings are then
    computed once per context and list of tie-breaks.
    """
    descriptors = resolve_tiebreaks(tournament, tiebreaks)
    if after is None:
        after = last_decided_round(tournament)  # a derived forfeit does not start a round
    annulled = withdrawals(tournament).annulled_players
    ctx = context if context is not None else make_context(standings_view(tournament), after, rules)
    key = ("standings", descriptors, annulled)  # computed once per context
    if key in ctx.cache:
        done: Standings = ctx.cache[key]
        return done
    table = ctx.table
    points = {pid: table.points(pid) for pid in table}
    if not tournament.is_team:  # penalties and bonuses (players.yaml adjustments, TRF 299)
        for player in tournament.players:
            if player.adjustments and player.id in points:
                points[player.id] += player.adjustment(after)
    if tournament.settings.format is Format.KEIZER:
        # A Keizer competition ranks by Keizer score (docs/keizer.md), not game points.
        from tourney.engine.pairing.keizer import tournament_standing

        scores = tournament_standing(tournament, table.rounds).scores
        points = {pid: scores.get(pid, Fraction(0)) for pid in table}
    plans = [prepared(ctx, d) for d in descriptors]
    computed: list[dict[str, Value]] = [
        dict(whole(sub, d)) if whole is not None else {}
        for d, (sub, whole, _) in zip(descriptors, plans, strict=True)
    ]
    counted = [pid for pid in table if pid not in annulled]
    groups: list[list[str]] = _split(counted, lambda pid: points[pid], lower_first=False)
    for index, descriptor in enumerate(descriptors):
        entry = lookup(descriptor)
        next_groups: list[list[str]] = []
        for group in groups:
            if len(group) < 2:
                next_groups.append(group)
                continue
            sub, _, group_compute = plans[index]
            if group_compute is not None:
                places = group_compute(sub, descriptor, group)
                computed[index].update(places)
                values = places
            else:
                values = computed[index]
            next_groups.extend(
                _split(group, _getter(values), lower_first=entry.lower_is_better(descriptor))
            )
        groups = next_groups
    if len(counted) < len(list(table)):
        groups.append([pid for pid in table if pid in annulled])
    rows = []
    position = 1
    for group in groups:
        for pid in sorted(group, key=lambda p: table.start[p]):
            working = tuple(
                computed[i].get(pid, Value(None, note="not tied")) for i in range(len(descriptors))
            )
            rows.append(
                Row(
                    rank=position,
                    participant=pid,
                    start=table.start[pid],
                    name=table.names.get(pid, pid),
                    points=points[pid],
                    values=tuple(w.value for w in working),
                    working=working,
                )
            )
        position += len(group)
    result = Standings(table.rounds, ctx.edition, descriptors, tuple(rows), annulled)
    ctx.cache[key] = result
    return result


def _getter(values: Mapping[str, Value]) -> Callable[[str], Fraction | None]:
    return lambda pid: values[pid].value


def _split(
    group: Sequence[str], key: Callable[[str], Fraction | None], *, lower_first: bool
) -> list[list[str]]:
    """Split a group into tied sub-groups, best first; an undefined value comes last."""

    def order(pid: str) -> tuple[int, Fraction]:
        value = key(pid)
        if value is None:
            return (1, Fraction(0))
        return (0, value if lower_first else -value)

    keys = {pid: order(pid) for pid in group}  # each key once: Fraction arithmetic
    ranked = sorted(group, key=keys.__getitem__)
    out: list[list[str]] = []
    for pid in ranked:
        if out and keys[out[-1][0]] == keys[pid]:
            out[-1].append(pid)
        else:
            out.append([pid])
    return out
