"""The input of one Swiss pairing, shared by every Swiss system (C.04.1, C.04.2).

A ``SwissState`` is everything a Swiss pairing system needs to pair one round:
per player the pairing number, the score, whether they are paired this round,
whom they met, their colours and floats round by round, and whether they may
still receive the pairing-allocated bye. ``state_from_tournament`` derives it
from the shared model; tests and the TRF engine front end build it directly.

The handling rules live here, once for every system: the initial order and pairing
numbers, late entries numbered after the others (C.04.2 B, C), byes and absences
(C.04.1 c-d, C.04.2 D), forbidden pairings (treated as played, C.04.1 b) and the
acceleration hook (virtual points, C.04.5.1 Baku; ``swiss_baku``).

Conventions (C.04.2 and the FIDE-endorsed engines):

* only games played over the board give a colour; a forfeit, a bye or an
  absence leaves the round without colour (C.04.2, colour history "BW-B" is
  read as "-BWB");
* a float is read from the scores before the round: the higher-scored player
  of a pair floated down, the lower one up; a round without a game counts as a
  downfloat when it scored more than a loss (PAB, forfeit win, bye with
  points) (C.04.3 A.4);
* a player who had a PAB, or an unplayed round scoring at least a win (forfeit
  win, full-point bye), may not get the PAB (C.04.1 d, 2025 wording).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import field
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType

from tourney.engine.double_games import (
    forfeited_both,
    match_forfeited,
    match_outcome,
    match_points,
)
from tourney.engine.pairing.swiss_baku import last_ga_number, virtual_points
from tourney.engine.scores import round_scoring
from tourney.model import (
    ByeKind,
    Colour,
    ForbiddenPairing,
    Game,
    Outcome,
    Player,
    RematchRule,
    Result,
    Round,
    RuleStrength,
    Scoring,
    Tournament,
)
from tourney.records import dataclass


class Float(StrEnum):
    """A float received in a past round (C.04.3 A.4)."""

    DOWN = "down"
    UP = "up"


WIN, DRAW, LOSS = 2, 1, 0  # the outcome of a round for its player (``RoundRecord.outcome``)


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One past round of a player, for the systems that read results round by round
    (the Burstein index, C.04.4.2): the opponent of a game (played or forfeited; None
    for a bye or an absence), the points it scored, its outcome (WIN, DRAW or LOSS:
    a forfeit win, a full-point bye or the PAB are wins, a half-point bye a draw, a
    forfeit loss, a zero-point bye or an absence a loss) and whether the game was
    played over the board."""

    opponent: int | None
    points: Fraction
    outcome: int
    played: bool
    pab: bool = False


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    """One participant as the pairing sees them.

    ``colours[k]`` and ``floats[k]`` describe round k+1 (None: no colour, no
    float). ``opponents`` holds the pairing numbers the player may not meet
    again (earlier opponents).
    """

    number: int
    id: str = ""
    score: Fraction = Fraction(0)
    pairing_score: Fraction | None = None  # score plus acceleration points, if any
    available: bool = True
    opponents: frozenset[int] = frozenset()
    colours: tuple[Colour | None, ...] = ()
    floats: tuple[Float | None, ...] = ()
    had_pab: bool = False
    had_unplayed_win: bool = False  # forfeit win or full-point bye
    unplayed: int = 0  # rounds without a game played over the board
    absent_rounds: int = 0  # rounds not paired: requested byes and absences
    history: tuple[RoundRecord, ...] = ()  # round by round; () where a system does not need it
    # The rating the player is seeded by (C.04.2), and each past opponent's, for the
    # systems that pair by rating (Dubov C.04.4.1 ARO, Lim C.04.4.3 Art. 7.1).
    rating: int = 0
    opponent_ratings: tuple[int, ...] = ()

    @property
    def key_score(self) -> Fraction:
        """The score that forms the score groups (accelerated when given)."""
        return self.score if self.pairing_score is None else self.pairing_score

    @property
    def pab_eligible(self) -> bool:
        """C.04.1 d (2025): no earlier PAB and no unplayed round worth a win."""
        return not (self.had_pab or self.had_unplayed_win)

    @property
    def took_part(self) -> bool:
        """Paired in some earlier round (not only absent or on requested byes)."""
        return len(self.colours) > self.absent_rounds

    @property
    def played_colours(self) -> tuple[Colour, ...]:
        return tuple(c for c in self.colours if c is not None)


@dataclass(frozen=True, slots=True)
class SwissState:
    """Everything needed to pair round ``round_no`` (C.04.3)."""

    players: tuple[SwissPlayer, ...]
    round_no: int
    total_rounds: int
    initial_colour: Colour = Colour.WHITE
    forbidden: frozenset[frozenset[int]] = frozenset()  # rule: as if they had met
    wished_apart: frozenset[frozenset[int]] = frozenset()  # wish: only breaks ties
    # The rules behind ``forbidden``, by name, so that an unpairable round can say
    # which rule, lifted alone, would let it through.
    forbidden_rules: tuple[tuple[str, frozenset[frozenset[int]]], ...] = ()
    win_points: Fraction = Fraction(1)
    draw_points: Fraction = Fraction(1, 2)
    # May two players meet again when no pairing avoids it (tournament.yaml ``rematches:``),
    # and the rounds each pair of pairing numbers met in (``rematches.py``).
    rematches: RematchRule = RematchRule.NEVER
    meetings: Mapping[frozenset[int], tuple[int, ...]] = field(default_factory=dict)
    # An index built for each instance, as ``Tournament._by_id``: not an argument, so
    # ``dataclasses.replace`` makes a fresh one and never touches the original's.
    _by_number: Mapping[int, SwissPlayer] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "_by_number", MappingProxyType({p.number: p for p in self.players})
        )

    def player(self, number: int) -> SwissPlayer:
        return self._by_number[number]

    @property
    def to_pair(self) -> tuple[SwissPlayer, ...]:
        """The players paired this round, by score then pairing number (A.2)."""
        live = [p for p in self.players if p.available]
        return tuple(sorted(live, key=lambda p: (-p.key_score, p.number)))

    @property
    def is_last_round(self) -> bool:
        return self.round_no >= self.total_rounds


# -- initial order (C.04.2) --------------------------------------------------

TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


def seeding_rating(p: Player) -> int:
    """The rating a player is seeded by (C.04.2): the FIDE rating of the event's period,
    else the national rating, else the club's own rating (docs/pairing.md: round 1 is paired by
    rating; in a club event that is the club rating); 0 when unrated."""
    return p.rating or p.national_rating or p.club_rating or 0


def _seed_key(p: Player) -> tuple[int, int, str]:
    title = p.title.strip().upper()
    rank = TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)
    return (-seeding_rating(p), rank, p.name.casefold())


def pairing_numbers(players: Iterable[Player]) -> dict[str, int]:
    """Pairing numbers (C.04.2): the given ``start``, else rating, title, name.

    Players without a ``start`` while others have one are late entries and
    are numbered after them, in the same order.
    """
    listed = list(players)
    fixed = sorted((p for p in listed if p.start is not None), key=lambda p: (p.start, p.id))
    rest = sorted((p for p in listed if p.start is None), key=_seed_key)
    return {p.id: i + 1 for i, p in enumerate(fixed + rest)}


def drawn_initial_colour(seed: int) -> Colour:
    """The initial colour drawn by lot, reproducibly from a recorded seed."""
    import random  # only for a lot (start-up: docs/robustness.md)

    return random.Random(seed).choice((Colour.WHITE, Colour.BLACK))


# -- builder from the shared model --------------------------------------------


def meetings_by_id(
    rounds: Iterable[Round], before: int | None = None
) -> dict[frozenset[str], tuple[int, ...]]:
    """The rounds (before round ``before``, when given) in which each pair of players
    met over the board: every game except a forfeit (C.04.1 b), a game without a
    result yet included."""
    met: dict[frozenset[str], list[int]] = {}
    for rnd in sorted(rounds, key=lambda r: r.number):
        if before is not None and rnd.number >= before:
            continue
        for game in rnd.all_games():
            if not (game.white and game.black):
                continue
            if game.double:
                if match_forfeited(game):  # C.04.5 Preface: the pairing may repeat
                    continue
            elif game.result is not None and game.result.is_forfeit:
                continue
            met.setdefault(frozenset((game.white, game.black)), []).append(rnd.number)
    return {pair: tuple(found) for pair, found in met.items()}


@dataclass(slots=True)
class _History:
    score: Fraction = Fraction(0)
    opponents: set[int] = field(default_factory=set)
    colours: list[Colour | None] = field(default_factory=list)
    floats: list[Float | None] = field(default_factory=list)
    had_pab: bool = False
    had_unplayed_win: bool = False
    unplayed: int = 0
    absent_rounds: int = 0
    records: list[RoundRecord] = field(default_factory=list)
    played_against: list[str] = field(default_factory=list)  # over the board, in order


def rule_name(index: int, rule: ForbiddenPairing) -> str:
    """How a forbidden-pairing rule is named in messages: its place in
    tournament.yaml's ``forbidden:`` list and what it says."""
    if rule.same_club:
        what = "same_club: teams" if rule.teams else "same_club: players"
    else:
        what = ("teams: " if rule.teams else "players: ") + ", ".join(rule.members)
    window = rule.rounds
    if window.first is not None or window.last is not None:
        first = "" if window.first is None else str(window.first)
        last = "" if window.last is None else str(window.last)
        what += f", rounds {first}" if first == last else f", rounds {first}-{last}"
    return f"forbidden #{index} ({what})"


def _rule_pairs(
    rule: ForbiddenPairing, numbers: dict[str, int], players: list[Player]
) -> frozenset[frozenset[int]]:
    groups: list[list[int]] = []
    if rule.same_club:
        clubs: dict[str, list[int]] = {}
        for p in players:
            club = p.club.strip().casefold()
            if club and p.id in numbers:
                clubs.setdefault(club, []).append(numbers[p.id])
        groups.extend(clubs.values())
    if rule.members:
        groups.append([numbers[m] for m in rule.members if m in numbers])
    pairs: set[frozenset[int]] = set()
    for group in groups:
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                if a != b:
                    pairs.add(frozenset((a, b)))
    return frozenset(pairs)


def forbidden_rules(
    rules: Iterable[ForbiddenPairing],
    numbers: dict[str, int],
    players: Iterable[Player],
    round_no: int,
    strength: RuleStrength,
) -> tuple[tuple[str, frozenset[frozenset[int]]], ...]:
    """The player rules of this strength in force in ``round_no``, named, as pairs of
    pairing numbers (docs/teams.md, "Keeping players apart"; not part of C.04.3)."""
    listed = list(players)
    out = []
    for index, rule in enumerate(rules, start=1):
        if rule.teams or rule.strength is not strength or round_no not in rule.rounds:
            continue
        out.append((rule_name(index, rule), _rule_pairs(rule, numbers, listed)))
    return tuple(out)


def _forbidden_pairs(
    rules: Iterable[ForbiddenPairing],
    numbers: dict[str, int],
    players: Iterable[Player],
    round_no: int,
    strength: RuleStrength,
) -> frozenset[frozenset[int]]:
    named = forbidden_rules(rules, numbers, players, round_no, strength)
    return frozenset(pair for _, pairs in named for pair in pairs)


def _acceleration(t: Tournament, numbers: dict[str, int]) -> Callable[[str, int], Fraction]:
    """Virtual points of a player before a round (C.04.5.1 Baku acceleration when
    ``acceleration: baku``; none otherwise). GA is counted over the players listed
    before round 1: approved players who are not late entries."""
    if t.settings.acceleration != "baku":
        return lambda pid, round_no: Fraction(0)
    last = last_ga_number(numbers[p.id] for p in t.players if p.approved and p.joins <= 1)
    total = t.settings.rounds
    win = t.settings.scoring.win

    def points(pid: str, round_no: int) -> Fraction:
        return virtual_points(round_no, total, numbers[pid] <= last, win)

    return points


def state_from_tournament(t: Tournament, round_no: int) -> SwissState:
    """The pairing input of round ``round_no`` from the rounds before it.

    With Baku acceleration the pairing score is the score plus the virtual points
    of the round, and past floats are read from the pairing scores of their round.
    """
    numbers = pairing_numbers(t.players)
    scoring: Scoring = t.settings.scoring
    virtual = _acceleration(t, numbers)
    per_round = round_scoring(t)  # a round's win, draw: a match's in a Double-Swiss
    hist = {pid: _History() for pid in numbers}
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        if rnd.number >= round_no:
            continue
        before = {pid: h.score + virtual(pid, rnd.number) for pid, h in hist.items()}
        seen: set[str] = set()
        for game in rnd.games:
            w, b = game.white, game.black
            if w not in hist or b not in hist:
                continue
            seen.update((w, b))
            if game.double:
                _record_match(hist, numbers, before, scoring, game)
                continue
            _record_game(hist, numbers, before, scoring, w, b, game.result)
        for bye in rnd.byes:
            if bye.participant not in hist:
                continue
            seen.add(bye.participant)
            h = hist[bye.participant]
            pts = scoring.bye_points(bye.kind)
            _record_unplayed(h, pts, scoring)
            h.records.append(_bye_record(bye.kind, pts, per_round))
            if bye.kind is ByeKind.PAB:
                h.had_pab = True
            else:
                h.absent_rounds += 1
                if pts >= per_round.win and pts > 0:
                    h.had_unplayed_win = True
        for pid, h in hist.items():
            if pid not in seen:
                _record_unplayed(h, Fraction(0), scoring)
                h.records.append(RoundRecord(None, Fraction(0), LOSS, played=False))
                h.absent_rounds += 1
    current = t.round(round_no)
    excused: set[str] = set()
    if current is not None:
        excused = {b.participant for b in current.byes if b.kind is not ByeKind.PAB}
    rating_of = {p.id: seeding_rating(p) for p in t.players}
    players = []
    for p in t.players:
        h = hist[p.id]
        vp = virtual(p.id, round_no)
        players.append(
            SwissPlayer(
                number=numbers[p.id],
                id=p.id,
                score=h.score,
                pairing_score=h.score + vp if vp else None,
                available=p.available(round_no) and p.id not in excused,
                opponents=frozenset(h.opponents),
                colours=tuple(h.colours),
                floats=tuple(h.floats),
                had_pab=h.had_pab,
                had_unplayed_win=h.had_unplayed_win,
                unplayed=h.unplayed,
                absent_rounds=h.absent_rounds,
                history=tuple(h.records),
                rating=seeding_rating(p),
                opponent_ratings=tuple(rating_of[o] for o in h.played_against),
            )
        )
    colour = t.settings.initial_colour or drawn_initial_colour(t.settings.colour_seed)
    return SwissState(
        players=tuple(sorted(players, key=lambda p: p.number)),
        round_no=round_no,
        total_rounds=t.settings.rounds,
        initial_colour=colour,
        forbidden=_forbidden_pairs(
            t.settings.forbidden, numbers, t.players, round_no, RuleStrength.RULE
        ),
        forbidden_rules=forbidden_rules(
            t.settings.forbidden, numbers, t.players, round_no, RuleStrength.RULE
        ),
        wished_apart=_forbidden_pairs(
            t.settings.forbidden, numbers, t.players, round_no, RuleStrength.WISH
        ),
        win_points=scoring.win,
        draw_points=scoring.draw,
        rematches=t.settings.rematch_rule,
        meetings={
            frozenset(numbers[pid] for pid in pair): rounds
            for pair, rounds in meetings_by_id(t.rounds, round_no).items()
            if all(pid in numbers for pid in pair)
        },
    )


def _record_unplayed(h: _History, pts: Fraction, scoring: Scoring) -> None:
    h.score += pts
    h.colours.append(None)
    h.floats.append(Float.DOWN if pts > scoring.loss else None)
    h.unplayed += 1


def _record_game(
    hist: dict[str, _History],
    numbers: dict[str, int],
    before: dict[str, Fraction],
    scoring: Scoring,
    w: str,
    b: str,
    result: Result | None,
) -> None:
    hw, hb = hist[w], hist[b]
    if result is None or not result.is_forfeit:
        # A forfeited game was not played: the two may still meet (C.04.1 b).
        hw.opponents.add(numbers[b])
        hb.opponents.add(numbers[w])
        hw.played_against.append(b)
        hb.played_against.append(w)
    if result is None:
        for h, colour, me, other in ((hw, Colour.WHITE, w, b), (hb, Colour.BLACK, b, w)):
            h.colours.append(colour)
            h.floats.append(_float(before[me], before[other]))
            # An unfinished game counts as a draw for pairing (C.04.4.2, previous text, 2).
            h.records.append(RoundRecord(numbers[other], scoring.draw, DRAW, played=True))
        return
    for h, colour, me, other, white in (
        (hw, Colour.WHITE, w, b, True),
        (hb, Colour.BLACK, b, w, False),
    ):
        outcome = result.outcome(white)
        pts = scoring.outcome_points(outcome)
        h.records.append(
            RoundRecord(numbers[other], pts, _OUTCOME[outcome], played=not result.is_forfeit)
        )
        if result.is_forfeit:
            _record_unplayed(h, pts, scoring)
            if outcome is Outcome.FORFEIT_WIN:
                h.had_unplayed_win = True
        else:
            h.score += pts
            h.colours.append(colour)
            h.floats.append(_float(before[me], before[other]))


def _record_match(
    hist: dict[str, _History],
    numbers: dict[str, int],
    before: dict[str, Fraction],
    scoring: Scoring,
    game: Game,
) -> None:
    """A Double-Swiss match (C.04.5): both games' points; the colour of game 1 is the
    round's colour; the two have met unless the match ended by forfeit (a player
    forfeited both games, Preface), which then counts like a forfeited game."""
    w, b = game.white, game.black
    forfeited = match_forfeited(game)
    if not forfeited:
        for h, other in ((hist[w], b), (hist[b], w)):
            h.opponents.add(numbers[other])
            h.played_against.append(other)
    for me, colour in ((w, Colour.WHITE), (b, Colour.BLACK)):
        h, other = hist[me], game.opponent(me)
        if not game.decided:
            # An unfinished match counts as drawn for pairing (as an unfinished game).
            pts = match_points(game, me, scoring)
            h.records.append(RoundRecord(numbers[other], 2 * scoring.draw, DRAW, played=True))
        else:
            pts = match_points(game, me, scoring)
            outcome = match_outcome(game, me, scoring)
            h.records.append(
                RoundRecord(numbers[other], pts, _OUTCOME[outcome], played=not forfeited)
            )
        if forfeited:
            _record_unplayed(h, pts, scoring)
            if not forfeited_both(game, me):
                h.had_unplayed_win = True
        else:
            h.score += pts
            h.colours.append(colour)
            h.floats.append(_float(before[me], before[other]))


_OUTCOME = {
    Outcome.WIN: WIN,
    Outcome.FORFEIT_WIN: WIN,
    Outcome.DRAW: DRAW,
    Outcome.LOSS: LOSS,
    Outcome.FORFEIT_LOSS: LOSS,
    Outcome.NO_CONTEST: LOSS,
}


def _bye_record(kind: ByeKind, pts: Fraction, scoring: Scoring) -> RoundRecord:
    """A bye as a round record: the PAB and a full-point bye are wins, a half-point bye a
    draw, a zero-point bye a loss; a PAB worth less than a win by what it is worth."""
    if kind is ByeKind.PAB:
        outcome = WIN if pts >= scoring.win else DRAW if pts >= scoring.draw else LOSS
    else:
        outcome = {ByeKind.FULL: WIN, ByeKind.HALF: DRAW}.get(kind, LOSS)
    return RoundRecord(None, pts, outcome, played=False, pab=kind is ByeKind.PAB)


def _float(mine: Fraction, theirs: Fraction) -> Float | None:
    if mine > theirs:
        return Float.DOWN
    if mine < theirs:
        return Float.UP
    return None
