"""One immutable evaluation of a tournament: what every page, PDF and report reads.

The pipeline is read -> check -> evaluate -> act: ``evaluate(tournament)``
is the evaluate stage. The app layer calls it once per build (``tourney
build``, ``print``, ``export``, ``standings``) and hands the ``Evaluation``
to the renderers, which read scores, standings and ratings from it and never
call the engine's compute functions themselves (``tests/test_layers.py``).

An ``Evaluation`` holds:

- the score table after each round (``table``; pending boards count
  nothing, C.07 Art. 16) and as the standings count it (``counted_table``:
  a round robin withdrawal's annulled and derived results, FIDE General
  Regulations 6.6);
- the tie-break context after each round (``context``) and the standings
  after each round with their tie-break values (``standings``; C.07 Art. 4.2;
  a Keizer event's ranking and values, ``keizer_standing``);
  ``values`` for one tie-break on its own (the performance rating, 10.2);
- for team events the team tables and team standings after each round and
  the team ratings (``team_standings``, ``team_rounds``, ``team_ratings``)
  and the board statistics (``board_statistics``, ``individual_ranking``);
- a round robin's table by Berger number (``round_robin_grid``, C.05);
- the FIDE rating change of each rated game (``rating_changes``, B.02 8.3);
- the published part of the event (``published``), which the site shows, and
  the event as it stood after an earlier round (``until``), which a printed
  standings of that round shows.

Values are computed on first use and kept in a private memo: from the
outside an ``Evaluation`` is immutable, and the same tournament always
gives the same values. ``evaluate(tournament, previous)`` starts from the
evaluation of an earlier version of the folder (``tourney serve`` rebuilding
after a save): each round's views and each context whose inputs (settings,
players, teams, the rounds up to it) are equal are taken over, so a result
changed in round 11 computes again only what follows from round 11.
"""

from __future__ import annotations

import dataclasses
from collections import ChainMap, OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, TypeVar

from tourney.engine.crosstable import RoundRobinGrid, round_robin_grid
from tourney.engine.pairing.berger import RoundStatus, round_status
from tourney.engine.pairing.keizer import (
    KeizerRound,
    KeizerStanding,
    keizer_rounds,
    tournament_standing,
)
from tourney.engine.ratings.club import ratings_at_start, with_club_ratings
from tourney.engine.ratings.fide import fide_k, game_change
from tourney.engine.ratings.history import RatingHistory
from tourney.engine.scores import (
    RoundView,
    ScoreTable,
    last_decided_round,
    round_views,
    score_table,
)
from tourney.engine.standings import Standings, TiebreakList, standings, stated_ranks
from tourney.engine.teams.board_stats import (
    BoardTable,
    Line,
    Sitting,
    board_prizes,
    board_statistics,
    individual_ranking,
    sittings,
)
from tourney.engine.teams.rating import TeamRating, team_ratings
from tourney.engine.teams.scores import TeamRound, TeamTables, team_rounds
from tourney.engine.teams.standings import TeamStandings, team_standings
from tourney.engine.tiebreaks import (
    Context,
    Edition,
    Value,
    compute,
    edition_for,
    make_context,
    parse_descriptor,
)
from tourney.engine.withdrawals import Withdrawals, standings_view, withdrawals
from tourney.model import Club, Outcome, Round, Scoring, TiebreakRules, Tournament
from tourney.records import dataclass

T = TypeVar("T")

# Values handed from one evaluation to the next (``tourney serve``), at most so many of
# each kind: every round's views and contexts of a few versions of two long events.
KEPT: dict[object, int] = {"views": 256, "context": 48}

# The contexts held at once (every round's score table, tie-break working and standings
# rows) come to at most this many participant-rounds times the event's own size (its
# participants x rounds), the smallest let go first: the standings after every one
# of 99 rounds would otherwise hold players x rounds squared (docs/robustness.md). A
# context let go is computed again if asked for, with the same values.
HELD_CONTEXTS = 4

# ... but never less than this many participant-rounds: an ordinary event keeps every
# context (a 400-player, 11-round Swiss needs 400 x (1 + 2 + ... + 11) = 26,400, a
# 1,000-player, 9-round one 45,000), so a build computes each round's standings once;
# the bound above only matters for long events (600 x 99 holds 4 x 59,400).
HELD_AT_LEAST = 50_000

# A rated game's score for the rating change (B.02 8.3); forfeits are not rated.
RATED_SCORE = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}


class _Memo:
    """What an evaluation has computed, and what it may take over from an earlier one.

    ``by_value`` is keyed by the inputs themselves (rounds, settings, players),
    so an equal key found in ``inherited`` is the same value. ``local`` is keyed
    by round numbers and codes, for this evaluation only.
    """

    __slots__ = ("by_value", "held", "inherited", "local")

    def __init__(self, inherited: Mapping[Hashable, Any]) -> None:
        self.by_value: dict[Hashable, Any] = {}
        self.inherited = inherited
        self.local: dict[Hashable, Any] = {}
        # the contexts held, least recently used first: local key -> (value key, size)
        self.held: OrderedDict[Hashable, tuple[Hashable, int]] = OrderedDict()

    def handed_on(self) -> dict[Hashable, Any]:
        """What the next evaluation may take over: what this one computed or took over,
        then what it inherited and did not ask for (a build that rendered nothing
        again keeps the earlier contexts for the next), at most ``KEPT`` of a kind."""
        kept = dict(self.by_value)
        count: dict[object, int] = {}
        for key in kept:
            kind = _kind(key)
            count[kind] = count.get(kind, 0) + 1
        for key, value in self.inherited.items():
            kind = _kind(key)
            if key not in kept and count.get(kind, 0) < KEPT.get(kind, 0):
                kept[key] = value
                count[kind] = count.get(kind, 0) + 1
        return kept

    def value(self, key: Hashable, make: Callable[[], T]) -> T:
        try:
            hash(key)
        except TypeError:  # a model built with a list somewhere: nothing to share
            return make()
        found: T | None = self.by_value.get(key)
        if found is None:
            found = self.inherited.get(key)
            if found is None:
                found = make()
            self.by_value[key] = found
        return found

    def once(self, key: Hashable, make: Callable[[], T]) -> T:
        try:
            found: T = self.local[key]
        except KeyError:
            found = self.local[key] = make()
        return found

    def bounded(
        self,
        key: Hashable,
        shared: Callable[[], Hashable],
        make: Callable[[], T],
        size: int,
        budget: int,
    ) -> T:
        """``once(key, ...)`` for a large value (a context): also kept by value under the key
        ``shared()``, and the smallest let go while the held sizes add up to more than
        ``budget`` (the one just asked for is always kept)."""
        if key in self.local:
            self.held.move_to_end(key)
            found: T = self.local[key]
            return found
        by = shared()
        found = self.value(by, make)
        self.local[key] = found
        self.held[key] = (by, size)
        total = sum(n for _, n in self.held.values())
        while total > budget and len(self.held) > 1:
            # the smallest let go first (the least recently used of equal size): a site
            # build asks for every round's context twice, 1..R for the cards' rank
            # charts, then 1..R for the standings pages, and letting the least recently
            # used go would compute each of them twice (a scan longer than what is held
            # finds nothing); the largest, the dearest to compute again, stay
            old = min((k for k in self.held if k != key), key=lambda k: self.held[k][1])
            old_by, n = self.held.pop(old)
            self.local.pop(old, None)
            self.by_value.pop(old_by, None)
            total -= n
        return found


def _kind(key: Hashable) -> object:
    return key[0] if isinstance(key, tuple) and key else key


@dataclass(frozen=True, eq=False)
class Evaluation:
    """The tournament evaluated: scores, standings, tie-breaks and ratings (module docstring)."""

    tournament: Tournament
    last_paired: int  # the highest round with a pairing (0 before round 1)
    last_decided: int  # the highest round with a decided result (0 before any result)
    _memo: _Memo = field(repr=False)
    _published: Evaluation | None = field(default=None, repr=False)

    @property
    def published(self) -> Evaluation:
        """The rounds the site shows: unpublished rounds (and all after them) left out."""
        return self._published if self._published is not None else self

    def until(self, after: int) -> Evaluation:
        """The event as it stood after round ``after`` (later rounds left out), sharing
        this evaluation's rounds and contexts (a printed standings of an earlier round)."""

        def make() -> Evaluation:
            rounds = tuple(r for r in self.tournament.rounds if r.number <= after)
            if len(rounds) == len(self.tournament.rounds):
                return self
            earlier = dataclasses.replace(self.tournament, rounds=rounds)
            # a live view: what this evaluation computes later is shared too
            shared = ChainMap(self._memo.by_value, dict(self._memo.inherited))
            return _evaluated(earlier, shared)

        return self._memo.once(("until", after), make)

    # -- individual scores and standings -------------------------------------------------

    def _views(self, rnd: Round, scoring: Scoring) -> Mapping[str, RoundView]:
        return self._memo.value(("views", rnd, scoring), lambda: round_views(rnd, scoring))

    def table(self, after: int | None = None) -> ScoreTable:
        """Every participant's rounds 1..``after`` (default: the last paired round, pending
        boards included) as played: the round pages, cards and crosstables read it."""
        n = self.last_paired if after is None else after
        return self._memo.once(("table", n), lambda: score_table(self.tournament, n, self._views))

    @property
    def standings_view(self) -> Tournament:
        """The tournament as the standings count it (GR 6.6; itself without withdrawals)."""
        return self._memo.once("standings view", lambda: standings_view(self.tournament))

    def round_status(self, number: int) -> RoundStatus | None:
        """Round ``number``'s status from its results, counting the forfeits a withdrawal
        implies (docs/pairing.md); None for a round that is not paired."""

        def make() -> RoundStatus | None:
            rnd = self.standings_view.round(number)
            return round_status(rnd) if rnd is not None else None

        return self._memo.once(("status", number), make)

    def final(self, after: int) -> bool:
        """Whether the standings after round ``after`` are the final standings: the last
        planned round, done (counting the forfeits a withdrawal implies). The one place
        that decides it: the standings pages, the PDFs, the prizes, standings.json and
        ``tourney standings`` ask here (issue 32.5). An event without a number of rounds
        (a Keizer competition) is never final by its rounds."""
        planned = self.tournament.planned_rounds
        return 0 < planned <= after and self.round_status(after) is RoundStatus.DONE

    @property
    def withdrawals(self) -> Withdrawals:
        """Withdrawals from an individual round robin and what they do (GR 6.6)."""
        return self._memo.once("withdrawals", lambda: withdrawals(self.tournament))

    def counted_table(self, after: int | None = None) -> ScoreTable:
        """Every player's rounds 1..``after`` (default: the last paired) as the standings
        count them: annulled results left out, derived forfeits filled in (GR 6.6)."""
        n = self.last_paired if after is None else after
        view = self.standings_view
        if view is self.tournament:
            return self.table(n)
        return self._memo.once(("counted", n), lambda: score_table(view, n, self._views))

    def context(self, after: int | None = None, rules: TiebreakRules | None = None) -> Context:
        """The score table after round ``after`` (default: the last decided) and its C.07
        edition, as the standings compute their tie-breaks on it."""
        n = self.last_decided if after is None else after
        t = self.tournament
        chosen = rules if rules is not None else t.settings.tiebreak_rules
        edition = edition_for(t.settings.start_date, chosen)

        view = self.standings_view
        size = len(t.teams if t.is_team else t.players) or 1
        planned = max(t.settings.rounds or 0, len(t.rounds), 1)
        return self._memo.bounded(
            ("context", n, edition),
            lambda: _context_key(view, n, edition),
            lambda: make_context(view, n, rules, self._views, self._team_views(view, n)),
            size * max(n, 1),
            max(HELD_CONTEXTS * size * planned, HELD_AT_LEAST),
        )

    def standings(
        self,
        after: int | None = None,
        tiebreaks: TiebreakList = None,
        rules: TiebreakRules | None = None,
    ) -> Standings:
        """The standings after round ``after`` (default: the last decided round) with the
        event's tie-breaks (or ``tiebreaks``), C.07 Art. 4.2."""
        n = self.last_decided if after is None else after
        ctx = self.context(n, rules)
        found = standings(self.tournament, n, tiebreaks, rules, ctx)
        if tiebreaks is None and rules is None:
            self._memo.local.setdefault(
                ("ranks", n), MappingProxyType({row.participant: row.rank for row in found.rows})
            )
        return found

    def ranks(self, after: int) -> Mapping[str, int]:
        """Each participant's rank in the standings after round ``after`` (a card's chart):
        kept on its own, so that it outlives the context it came from."""
        key = ("ranks", after)
        if key not in self._memo.local:
            self.standings(after)
        found: Mapping[str, int] = self._memo.local[key]
        return found

    def values(self, after: int, code: str) -> Mapping[str, Value]:
        """One tie-break (e.g. ``"TPR"``) of every participant after round ``after``: held
        with the context after that round (``HELD_CONTEXTS``)."""
        ctx = self.context(after)
        found: Mapping[str, Value] = ctx.cached(
            ("evaluation values", code), lambda: compute(ctx, parse_descriptor(code))
        )
        return found

    def keizer_standing(self, after: int) -> KeizerStanding:
        """A Keizer event's ranking and values after round ``after`` (docs/keizer.md)."""
        return self._memo.once(
            ("keizer", after), lambda: tournament_standing(self.tournament, after)
        )

    @property
    def keizer_rounds(self) -> tuple[KeizerRound, ...]:
        """A Keizer event's rounds as games and credits (byes, club duty, absences)."""
        return self._memo.once("keizer rounds", lambda: keizer_rounds(self.tournament))

    @property
    def stated_ranks(self) -> Mapping[str, int]:
        """The ranks an imported TRF stated, until tournament.yaml names its tie-breaks."""
        return self._memo.once(
            "stated ranks", lambda: MappingProxyType(stated_ranks(self.tournament))
        )

    def round_robin_grid(self, order: tuple[str, ...]) -> RoundRobinGrid:
        """The round robin table of the paired rounds by Berger number (C.05 Annex 1)."""
        return self._memo.once(
            ("grid", order),
            lambda: round_robin_grid(self.tournament, order, self.last_paired),
        )

    # -- FIDE rating changes (B.02) -------------------------------------------------------

    def rated_games(self, pid: str) -> Mapping[int, tuple[int, Fraction]]:
        """A FIDE-rated event's rated games of a rated player: round -> (opponent's rating,
        score 1/½/0). Played games against rated opponents only (B.02); none otherwise."""
        t = self.tournament
        if not t.settings.fide_rated or t.player(pid).rating is None:
            return MappingProxyType({})
        games = {}
        for view in self.table().views[pid]:
            if view.pending or view.result is None or not view.result.is_rated:
                continue
            opponent = t.player(view.opponent or "").rating
            if opponent is not None and view.outcome in RATED_SCORE:
                games[view.round] = (opponent, RATED_SCORE[view.outcome])
        return MappingProxyType(games)

    def rating_changes(self, pid: str) -> tuple[int | None, Mapping[int, Fraction]]:
        """The player's K (None when no game is rated) and round -> K x (score - expected)
        of each rated game (B.02 Art. 8.3), exact."""

        def make() -> tuple[int | None, Mapping[int, Fraction]]:
            games = self.rated_games(pid)
            player = self.tournament.player(pid)
            if not games or player.rating is None:
                return None, MappingProxyType({})
            start = self.tournament.settings.start_date
            year = start.year if start else None
            k = fide_k(player.rating, player.birth_year, year, len(games))
            own = player.rating
            changes = {n: game_change(k, own, opp, score) for n, (opp, score) in games.items()}
            return k, MappingProxyType(changes)

        return self._memo.once(("rating changes", pid), make)

    # -- team events ------------------------------------------------------------------------

    def team_standings(
        self,
        after: int | None = None,
        tiebreaks: TiebreakList = None,
        rules: TiebreakRules | None = None,
    ) -> TeamStandings:
        """The team standings after round ``after`` (default: the last decided round)."""
        n = self.last_decided if after is None else after
        return self._memo.once(
            ("team standings", n, _hashable(tiebreaks), rules),
            lambda: team_standings(self.tournament, n, tiebreaks, rules, self.context(n, rules)),
        )

    def team_tables(self, after: int | None = None) -> TeamTables:
        """A team event scored on match points and on game points after round ``after``
        (default: the last paired round), the tables its tie-breaks are computed on."""
        n = self.last_paired if after is None else after
        teams = self.context(n).teams
        if teams is None:
            raise ValueError("not a team event: it has no team tables")
        return teams

    def team_rounds(self, after: int | None = None) -> Mapping[str, tuple[TeamRound, ...]]:
        """Each team's rounds 1..``after`` (default: the last paired): opponent, score, bye."""
        n = self.last_paired if after is None else after
        known = self._team_views(self.tournament, n)
        if known is None:
            return self._memo.once(
                ("team rounds", n), lambda: MappingProxyType(team_rounds(self.tournament, n))
            )
        return self._memo.once(
            ("team rounds", n),
            lambda: MappingProxyType({tid: views[:n] for tid, views in known.items()}),
        )

    def _team_views(self, t: Tournament, after: int) -> Mapping[str, tuple[TeamRound, ...]] | None:
        """A team event's rounds up to the last paired, each match added up once for every
        round's tables (``t``: the tournament or its standings view); None for an
        individual event or a round past them."""
        if not t.is_team or after > self.last_paired:
            return None
        return self._memo.once(
            ("team views", t is self.tournament), lambda: team_rounds(t, self.last_paired)
        )

    @property
    def team_ratings(self) -> Mapping[str, TeamRating]:
        """Each team's rating by the event's method (a typed rating winning)."""
        return self._memo.once(
            "team ratings", lambda: MappingProxyType(team_ratings(self.tournament))
        )

    def sittings(self, after: int | None = None) -> tuple[Sitting, ...]:
        """Every player's board in every decided match of rounds 1..``after`` (default: all)."""
        return self._memo.once(("sittings", after), lambda: tuple(sittings(self.tournament, after)))

    def board_statistics(self) -> tuple[BoardTable, ...]:
        """Each board's players and their scores over every decided match."""
        return self._memo.once("board statistics", lambda: tuple(board_statistics(self.tournament)))

    def board_prizes(self, after: int | None = None) -> tuple[BoardTable, ...]:
        """US Chess 31B1: per board, the players whose lowest board played it is."""
        return self._memo.once(
            ("board prizes", after), lambda: tuple(board_prizes(self.tournament, after))
        )

    def individual_ranking(
        self, after: int | None = None, series: str | None = None
    ) -> tuple[Line, ...]:
        """The players of a team event ranked by their own points (of one series)."""
        return self._memo.once(
            ("individual", after, series),
            lambda: tuple(individual_ranking(self.tournament, after, series)),
        )


def _hashable(tiebreaks: TiebreakList) -> Hashable:
    return tiebreaks if tiebreaks is None or isinstance(tiebreaks, str) else tuple(tiebreaks)


def _context_key(view: Tournament, after: int, edition: Edition) -> Hashable:
    """Everything a context after round ``after`` depends on, compared by value."""
    if view.is_team and view.settings.format.is_round_robin:
        rounds = view.rounds  # a withdrawal looks at the whole event (GR 6.6)
    else:
        rounds = tuple(r for r in view.rounds if r.number <= after)
    return ("context", view.settings, view.players, view.teams, rounds, after, edition)


def visible(tournament: Tournament) -> Tournament:
    """The tournament as the site shows it: unpublished rounds (and all after them) left out."""
    shown: list[Round] = []
    for rnd in sorted(tournament.rounds, key=lambda r: r.number):
        if not rnd.published:
            break
        shown.append(rnd)
    if len(shown) == len(tournament.rounds):
        return tournament
    return dataclasses.replace(tournament, rounds=tuple(shown))


def evaluate(tournament: Tournament, previous: Evaluation | None = None) -> Evaluation:
    """The evaluation of ``tournament``; ``previous`` (an earlier version's) lends it every
    round and context that did not change."""
    inherited: Mapping[Hashable, Any] = previous._memo.handed_on() if previous else {}
    shown = visible(tournament)
    published = None
    if shown is not tournament:
        earlier = previous.published if previous is not None else None
        published = evaluate(shown, earlier)
    return _evaluated(tournament, inherited, published)


def _evaluated(
    tournament: Tournament,
    inherited: Mapping[Hashable, Any],
    published: Evaluation | None = None,
) -> Evaluation:
    return Evaluation(
        tournament=tournament,
        last_paired=max((r.number for r in tournament.rounds), default=0),
        last_decided=last_decided_round(tournament),
        _memo=_Memo(inherited),
        _published=published,
    )


@dataclass(frozen=True, eq=False)
class ClubEvaluation:
    """A club folder evaluated: each tournament as its folder holds it (``events``, the
    club index reads their standings) and with the members' club ratings at its start
    (``rated``, its own pages), with the club's rating history (``ratings``)."""

    club: Club
    ratings: RatingHistory | None
    events: tuple[tuple[str, Evaluation], ...]
    rated: tuple[tuple[str, Evaluation], ...]
    unrated: frozenset[str] = frozenset()  # folders finalized as ad-hoc (``--unrated``)
    finalized: frozenset[str] = frozenset()  # folders with final.yaml (the rest are live)


def evaluate_club(
    club: Club,
    ratings: RatingHistory | None = None,
    previous: ClubEvaluation | None = None,
    unrated: frozenset[str] = frozenset(),
    finalized: frozenset[str] = frozenset(),
) -> ClubEvaluation:
    """The evaluation of every tournament of ``club``; ``ratings`` is the club's rating
    history over its finalized tournaments (B.02), None without a ratings log;
    ``unrated`` the folders finalized as ad-hoc tournaments, which change no rating;
    ``finalized`` every folder with a final.yaml (a series counts the others as live)."""
    before = dict(previous.events) if previous is not None else {}
    rated_before = dict(previous.rated) if previous is not None else {}
    events = []
    rated = []
    for folder, tournament in club.tournaments:
        own = evaluate(tournament, before.get(folder))
        events.append((folder, own))
        if ratings is not None:
            period = tournament.settings.rating_period
            at_start = with_club_ratings(tournament, ratings_at_start(ratings, folder, period))
            rated.append((folder, evaluate(at_start, rated_before.get(folder))))
        else:
            rated.append((folder, own))
    return ClubEvaluation(club, ratings, tuple(events), tuple(rated), unrated, finalized)
