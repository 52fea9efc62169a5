"""The Keizer system: club competitions where not everyone plays every round.

Club practice (J. H. Keizer, ESGOO Enschede, late 1950s), as Dutch clubs
publish it; there is no FIDE article. Individual events only: a team Keizer
is refused (docs/teams.md, "Keizer cannot be a team tournament").

Ranking and values
    Every place in the ranking carries a Keizer value: the top value for place
    1 (by default the number of players; the classic recommendation is 1.5
    times that, and clubs often fix it, e.g. 50 or 100), one less for every
    place below (``step``), never below 0; or a table of values set outright.

Score (recomputed from round 1 with the current values after every round)
    * a win earns the opponent's value, a draw half of it, a loss nothing;
    * a round without a game earns a share of one's own value: the pairing's
      bye (odd number present) 2/3, club duty (arbiter, a match for the club)
      2/3, absence with notice 1/3, absence without notice 0 (the common
      Dutch settings); a forfeit win counts as a bye, a forfeit loss as an
      absence without notice;
    * classic Keizer adds the player's own value once (``own_value_once``);
      it also keeps the iteration from see-sawing between two players who drew.

    The new ranking gives new values, which give new scores: this is repeated
    until the ranking no longer changes. Ties keep the order of the previous
    ranking (so, at first, the initial order). If the rankings run in a
    cycle, the iteration stops at the first repeat and ``stable`` is False.

Pairing (``pair_keizer``)
    The players present, in Keizer order, are paired from the top down: each
    plays the highest-ranked player below them whom they have not met in the
    last ``rematch_rounds`` rounds (forfeits are not meetings). With an odd
    number present the bye goes to the lowest-ranked player with the fewest
    byes. When the rematch rule leaves no pairing, the window shrinks one round
    at a time (Keizer allows rematches). Colours: each player is due the colour
    that evens their Whites and Blacks, or with equal counts the one that
    alternates from their last game. If both are due the same colour, the one
    with the larger imbalance, then the longer run of that colour, gets it, and
    then the higher-ranked player; with no history the higher-ranked player has
    White.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from fractions import Fraction

from tourney.model import ByeKind, Colour, Game, Outcome, PlayerId, Tournament

TEAM_REFUSAL = "Keizer is for individual events only; a team tournament cannot be a Keizer"


class Credit(StrEnum):
    """Why a player has no game in a round, and so what share of their own value they earn."""

    BYE = "bye"  # the pairing's bye: odd number of players present
    DUTY = "duty"  # club duty: arbiter, or playing for the club elsewhere
    NOTICE = "notice"  # absent with notice
    ABSENT = "absent"  # absent without notice


# Until the model has Keizer-specific absences, the bye kinds of a round file map so:
CREDIT_FOR_BYE: dict[ByeKind, Credit] = {
    ByeKind.PAB: Credit.BYE,
    ByeKind.FULL: Credit.DUTY,
    ByeKind.HALF: Credit.NOTICE,
    ByeKind.ZERO: Credit.ABSENT,
}

# Played outcomes earn a share of the opponent's value; the others count as a credit.
_OPPONENT_SHARE: dict[Outcome, str] = {
    Outcome.WIN: "win",
    Outcome.DRAW: "draw",
    Outcome.LOSS: "loss",
}
_OUTCOME_CREDIT: dict[Outcome, Credit] = {
    Outcome.FORFEIT_WIN: Credit.BYE,
    Outcome.FORFEIT_LOSS: Credit.ABSENT,
    Outcome.NO_CONTEST: Credit.ABSENT,
}


@dataclass(frozen=True, slots=True)
class KeizerSettings:
    """The settings of a Keizer competition, with the values Dutch clubs commonly use."""

    top_value: int | None = None  # value of place 1; None: the number of players
    step: int = 1  # the value drops by this much per place
    values: tuple[int, ...] = ()  # a table of values, place 1 first (overrides the two above)
    win: Fraction = Fraction(1)  # shares of the opponent's value
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    bye: Fraction = Fraction(2, 3)  # shares of one's own value
    duty: Fraction = Fraction(2, 3)
    notice: Fraction = Fraction(1, 3)
    absent: Fraction = Fraction(0)
    max_notice: int | None = None  # absences with notice credited at most this many times
    own_value_once: bool = True  # classic Keizer: one's own value counts once
    rematch_rounds: int = 3  # no rematch within this many rounds (0: rematches allowed)
    max_iterations: int = 100

    def credit_share(self, credit: Credit) -> Fraction:
        return {
            Credit.BYE: self.bye,
            Credit.DUTY: self.duty,
            Credit.NOTICE: self.notice,
            Credit.ABSENT: self.absent,
        }[credit]


@dataclass(frozen=True, slots=True)
class KeizerRound:
    """One club evening: the games and the credits of players without a game."""

    number: int
    games: tuple[Game, ...] = ()
    credits: tuple[tuple[PlayerId, Credit], ...] = ()


@dataclass(frozen=True, slots=True)
class KeizerStanding:
    """The Keizer ranking, each player's score and current value."""

    ranking: tuple[PlayerId, ...]
    scores: Mapping[PlayerId, Fraction] = field(default_factory=dict)
    values: Mapping[PlayerId, int] = field(default_factory=dict)
    iterations: int = 0
    stable: bool = True


@dataclass(frozen=True, slots=True)
class KeizerPairing:
    """A round's games (White, Black), top board first, and the bye."""

    games: tuple[tuple[PlayerId, PlayerId], ...]
    bye: PlayerId | None = None
    rematch_window: int = 0  # the window the pairing could keep (smaller when relaxed)


# --- values and scores ----------------------------------------------------------------------


def keizer_values(ranking: Sequence[PlayerId], settings: KeizerSettings) -> dict[PlayerId, int]:
    """The value of every place in ``ranking``."""
    if settings.values:
        table = settings.values
        return {p: table[i] if i < len(table) else 0 for i, p in enumerate(ranking)}
    top = len(ranking) if settings.top_value is None else settings.top_value
    return {p: max(top - i * settings.step, 0) for i, p in enumerate(ranking)}


def keizer_scores(
    players: Iterable[PlayerId],
    rounds: Sequence[KeizerRound],
    values: Mapping[PlayerId, int],
    settings: KeizerSettings,
) -> dict[PlayerId, Fraction]:
    """Every player's Keizer score with the given values (one pass, no re-ranking)."""
    scores = {p: Fraction(values.get(p, 0) if settings.own_value_once else 0) for p in players}
    notices: Counter[PlayerId] = Counter()

    def credit(player: PlayerId, kind: Credit) -> None:
        if player not in scores:
            return
        if kind is Credit.NOTICE:
            notices[player] += 1
            if settings.max_notice is not None and notices[player] > settings.max_notice:
                return
        scores[player] += settings.credit_share(kind) * values.get(player, 0)

    for rnd in sorted(rounds, key=lambda r: r.number):
        for game in rnd.games:
            if game.result is None:
                continue
            for player, white in ((game.white, True), (game.black, False)):
                outcome = game.result.outcome(white)
                if outcome in _OPPONENT_SHARE and player in scores:
                    share: Fraction = getattr(settings, _OPPONENT_SHARE[outcome])
                    scores[player] += share * values.get(game.opponent(player), 0)
                else:
                    credit(player, _OUTCOME_CREDIT[outcome])
        for player, kind in rnd.credits:
            credit(player, kind)
    return scores


def keizer_standing(
    players: Sequence[PlayerId],
    rounds: Sequence[KeizerRound],
    settings: KeizerSettings = KeizerSettings(),
) -> KeizerStanding:
    """Rank by Keizer score, re-valuing every place until the ranking is stable.

    ``players`` is the initial ranking (e.g. by rating, or last season's final
    standings); it also breaks ties.
    """
    ranking = tuple(players)
    seen = {ranking}
    iterations = 0
    while True:
        iterations += 1
        values = keizer_values(ranking, settings)
        scores = keizer_scores(ranking, rounds, values, settings)
        place = {p: i for i, p in enumerate(ranking)}
        new = tuple(sorted(ranking, key=lambda p: (-scores[p], place[p])))
        if new == ranking:
            return KeizerStanding(new, scores, values, iterations, True)
        if new in seen or iterations >= settings.max_iterations:
            return KeizerStanding(new, scores, keizer_values(new, settings), iterations, False)
        seen.add(new)
        ranking = new


# --- pairing --------------------------------------------------------------------------------


class _Exhausted(Exception):
    """The search budget ran out; the caller relaxes the rematch window."""


_SEARCH_BUDGET = 50_000  # search steps per rematch window, all bye candidates together


def _met_within(
    history: Sequence[KeizerRound], round_no: int, window: int
) -> set[frozenset[PlayerId]]:
    met: set[frozenset[PlayerId]] = set()
    for rnd in history:
        if round_no - window <= rnd.number < round_no:
            for game in rnd.games:
                if game.result is None or game.result.is_played:
                    met.add(frozenset((game.white, game.black)))
    return met


def _match(
    pool: list[PlayerId], met: set[frozenset[PlayerId]], budget: list[int]
) -> list[tuple[PlayerId, PlayerId]] | None:
    """Pair ``pool`` (in ranking order) from the top down, backtracking where needed.

    A depth-first search: the top player takes the highest one below them not met,
    and the rest is paired the same way; when the rest cannot be, the top player
    tries the next one. One level per pair, so a club of thousands is thousands of
    levels deep: the levels are kept on a list (the pool at each level and the
    index of the partner tried there), not on the call stack. Each pool entered
    costs one step of ``budget``.
    """
    if not pool:
        return []
    levels: list[tuple[list[PlayerId], int]] = []
    current, start = pool, 0
    budget[0] -= 1
    if budget[0] < 0:
        raise _Exhausted
    while True:
        top = current[0]
        for i in range(start + 1, len(current)):
            if frozenset((top, current[i])) in met:
                continue
            levels.append((current, i))
            rest = current[1:i] + current[i + 1 :]
            if not rest:
                return [(level[0], level[i]) for level, i in levels]
            budget[0] -= 1
            if budget[0] < 0:
                raise _Exhausted
            current, start = rest, 0
            break
        else:  # nobody left for ``top``: the level above tries its next partner
            if not levels:
                return None
            current, tried = levels.pop()
            start = tried


@dataclass(slots=True)
class _ColourRecord:
    whites: int = 0
    blacks: int = 0
    last: Colour | None = None
    streak: int = 0  # games in a row with ``last``

    def due(self) -> Colour | None:
        """The colour that evens the balance, else the one that alternates."""
        if self.whites != self.blacks:
            return Colour.WHITE if self.whites < self.blacks else Colour.BLACK
        return None if self.last is None else self.last.other

    def claim(self) -> tuple[int, int]:
        """How strongly the due colour is due: the imbalance, then the streak."""
        return abs(self.whites - self.blacks), self.streak


def _colour_records(history: Sequence[KeizerRound]) -> dict[PlayerId, _ColourRecord]:
    records: dict[PlayerId, _ColourRecord] = {}
    for rnd in sorted(history, key=lambda r: r.number):
        for game in rnd.games:
            if game.result is not None and not game.result.is_played:
                continue
            for player, colour in ((game.white, Colour.WHITE), (game.black, Colour.BLACK)):
                record = records.setdefault(player, _ColourRecord())
                if colour is Colour.WHITE:
                    record.whites += 1
                else:
                    record.blacks += 1
                record.streak = record.streak + 1 if record.last is colour else 1
                record.last = colour
    return records


def allocate_colours(
    higher: PlayerId, lower: PlayerId, history: Sequence[KeizerRound]
) -> tuple[PlayerId, PlayerId]:
    """(White, Black) for two players; ``higher`` is the higher-ranked one."""
    return _allocate(higher, lower, _colour_records(history))


def _allocate(
    higher: PlayerId, lower: PlayerId, records: Mapping[PlayerId, _ColourRecord]
) -> tuple[PlayerId, PlayerId]:
    high = records.get(higher, _ColourRecord())
    low = records.get(lower, _ColourRecord())
    due_high, due_low = high.due(), low.due()
    if due_high is None and due_low is None:
        return higher, lower
    if due_high is None or (due_high is due_low and low.claim() > high.claim()):
        assert due_low is not None
        due_high = due_low.other  # the lower player's claim decides
    return (higher, lower) if due_high is Colour.WHITE else (lower, higher)


def pair_keizer(
    ranking: Sequence[PlayerId],
    present: Iterable[PlayerId],
    history: Sequence[KeizerRound],
    round_no: int,
    settings: KeizerSettings = KeizerSettings(),
) -> KeizerPairing:
    """Pair round ``round_no`` from the top of the Keizer ranking down.

    ``ranking`` is the current Keizer ranking (``keizer_standing(...).ranking``);
    ``present`` the players to pair; ``history`` the earlier rounds.
    """
    here = set(present)
    unknown = here - set(ranking)
    if unknown:
        raise ValueError(f"players not in the ranking: {', '.join(sorted(unknown))}")
    pool = [p for p in ranking if p in here]
    place = {p: i for i, p in enumerate(ranking)}
    byes = Counter(p for rnd in history for p, kind in rnd.credits if kind is Credit.BYE)
    bye_order: list[PlayerId | None] = [None]
    if len(pool) % 2:
        bye_order = [*sorted(pool, key=lambda p: (byes[p], -place[p]))]
    records = _colour_records(history)
    for window in range(max(settings.rematch_rounds, 0), -1, -1):
        met = _met_within(history, round_no, window)
        budget = [_SEARCH_BUDGET]
        for bye in bye_order:
            rest = [p for p in pool if p != bye]
            try:
                pairs = _match(rest, met, budget)
            except _Exhausted:
                break
            if pairs is not None:
                games = tuple(_allocate(a, b, records) for a, b in pairs)
                return KeizerPairing(games, bye, window)
    raise AssertionError("unreachable: with no rematch rule every pool can be paired")


# --- from the tournament model --------------------------------------------------------------


def keizer_rounds(tournament: Tournament) -> tuple[KeizerRound, ...]:
    """The rounds of a Keizer tournament as games and credits.

    Byes in a round file are credited by ``CREDIT_FOR_BYE``; a player listed
    as absent for a round (players.yaml ``absent``) who has no game or bye there
    is absent with notice; anyone else without a game earns nothing.
    """
    if tournament.is_team:
        raise ValueError(TEAM_REFUSAL)
    rounds = []
    for rnd in sorted(tournament.rounds, key=lambda r: r.number):
        seen = {p for game in rnd.games for p in (game.white, game.black)}
        credits = [(bye.participant, CREDIT_FOR_BYE[bye.kind]) for bye in rnd.byes]
        seen |= {bye.participant for bye in rnd.byes}
        credits.extend(
            (player.id, Credit.NOTICE)
            for player in tournament.players
            if rnd.number in player.absent and player.id not in seen
        )
        rounds.append(KeizerRound(rnd.number, rnd.games, tuple(credits)))
    return tuple(rounds)


def keizer_settings(tournament: Tournament) -> KeizerSettings:
    """tournament.yaml ``keizer:`` as the engine's settings."""
    options = tournament.settings.keizer
    return KeizerSettings(**{f.name: getattr(options, f.name) for f in fields(options)})


def tournament_standing(tournament: Tournament, after: int) -> KeizerStanding:
    """The Keizer ranking after round ``after``, from the pairing-number order (pairing
    takes the ranking after the previous round; the standings show it after any round)."""
    from tourney.engine.pairing.swiss_state import pairing_numbers

    numbers = pairing_numbers(p for p in tournament.players if p.approved)
    initial = sorted(numbers, key=numbers.__getitem__)
    history = tuple(r for r in keizer_rounds(tournament) if r.number <= after)
    return keizer_standing(initial, history, keizer_settings(tournament))
