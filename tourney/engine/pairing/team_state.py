"""The input of a team Swiss pairing (FIDE C.04.6, 2026): one frozen value per round.

Everything :func:`tourney.engine.pairing.team_swiss.pair_team_swiss` reads is here, so a
pairing can be checked from this value alone. Teams are known by their team pairing
number (TPN, Art. 1.1). :func:`team_state_from_tournament` derives the value from the
shared model; tests and TRF readers may build it directly.

Readings of the text that this module fixes (docs/team-swiss.md explains them):

* A match forfeited as a whole (by decision, or with no board played over the board) is
  not a meeting ([C1], C.04.2 Art. 3.5), gives no colour (Art. 1.6.1) and is not a
  match played (Art. 3.4.3); its winner may not get the PAB ([C2], Art. 2.1.2).
* A floater (Art. 1.5) is a team that played a match against an opponent with another
  primary score before that round; byes and forfeits are not floats.
* Colours are the board-1 colours of played matches, unplayed rounds squeezed out
  (Art. 1.6, C.04.2 Art. 3.4).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType

from tourney.engine.pairing.swiss_state import rule_name
from tourney.engine.teams.scores import match_outcome, pays_full_board_count
from tourney.model import (
    ByeKind,
    Colour,
    Match,
    MatchDecision,
    Outcome,
    PrimaryScore,
    RuleStrength,
    Scoring,
    Team,
    Tournament,
)


class ColourPreferenceType(StrEnum):
    """Art. 1.7: Type A (the default), Type B, or no colour preferences at all."""

    A = "A"
    B = "B"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class TeamRecord:
    """One team as the pairing sees it before the round."""

    tpn: int
    team_id: str
    match_points: Fraction = Fraction(0)
    game_points: Fraction = Fraction(0)
    available: bool = True
    opponents: frozenset[int] = frozenset()  # TPNs met in played matches ([C1])
    colours: tuple[Colour, ...] = ()  # board-1 colours of played matches, oldest first
    floated_rounds: frozenset[int] = frozenset()  # rounds in which it was a floater
    pab_rounds: tuple[int, ...] = ()
    forfeit_win_rounds: tuple[int, ...] = ()
    full_bye_rounds: tuple[int, ...] = ()
    matches_played: int = 0

    @property
    def colour_difference(self) -> int:
        """Art. 1.6.2: matches with White minus matches with Black."""
        whites = sum(1 for c in self.colours if c is Colour.WHITE)
        return 2 * whites - len(self.colours)

    @property
    def barred_from_pab(self) -> bool:
        """[C2] (Art. 2.1.2): a PAB, a forfeit win or a full-point bye already."""
        return bool(self.pab_rounds or self.forfeit_win_rounds or self.full_bye_rounds)


@dataclass(frozen=True, slots=True)
class PairRule:
    """A forbidden pairing group (docs/teams.md, Keeping teams apart) as TPN pairs."""

    name: str
    pairs: frozenset[tuple[int, int]]  # (smaller TPN, larger TPN)

    def forbids(self, a: int, b: int) -> bool:
        return (min(a, b), max(a, b)) in self.pairs


@dataclass(frozen=True, slots=True)
class LexRules:
    """What differs between the two systems paired by the procedure of C.04.6 Art. 3
    (PAB, upfloaters, bracket identifiers): the team Swiss (C.04.6) and the Double-Swiss
    (C.04.5), which pairs each player as a participant of one board
    (``double_swiss``; docs/pairing.md, "Double-Swiss")."""

    noun: str = "team"  # how the explanation names a participant
    # The float criteria ([C7] upfloaters, and the upfloaters' opponents) are off in the
    # last ``float_rounds`` rounds: two in C.04.6 (Art. 2.3.4, 2.3.7), one in C.04.5.
    float_rounds: int = 2
    # The bracket criteria as the explanation names them: C.04.6 has colour criteria
    # [C8], [C9] before the opponents' floats [C10]; C.04.5 has no colour criterion and
    # calls the opponents' floats [C8].
    colour_criteria: bool = True
    opponent_float: str = "C10"


TEAM_RULES = LexRules()


@dataclass(frozen=True, slots=True)
class TeamState:
    """The whole input of one team Swiss round (or, with ``rules``, of a Double-Swiss
    round: one player a participant)."""

    round_no: int
    total_rounds: int
    teams: tuple[TeamRecord, ...]
    primary: PrimaryScore = PrimaryScore.MATCH_POINTS
    use_secondary: bool = True  # Art. 4.2.2 may be switched off by the rules
    colour_type: ColourPreferenceType = ColourPreferenceType.A
    initial_colour: Colour = Colour.WHITE  # Art. 4.1
    forbidden: tuple[PairRule, ...] = ()  # absolute: as if the teams had met
    wishes: tuple[PairRule, ...] = ()  # only between pairings the rules rank equal
    rules: LexRules = TEAM_RULES
    # An index built for each instance, as ``Tournament._by_id``: not an argument, so
    # ``dataclasses.replace`` makes a fresh one and never touches the original's.
    _by_tpn: Mapping[int, TeamRecord] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_tpn", MappingProxyType({t.tpn: t for t in self.teams}))

    def team(self, tpn: int) -> TeamRecord:
        return self._by_tpn[tpn]

    def score(self, tpn: int) -> Fraction:
        """The primary score (Art. 1.2)."""
        t = self._by_tpn[tpn]
        return t.match_points if self.primary is PrimaryScore.MATCH_POINTS else t.game_points

    def secondary(self, tpn: int) -> Fraction:
        t = self._by_tpn[tpn]
        return t.game_points if self.primary is PrimaryScore.MATCH_POINTS else t.match_points

    @property
    def last_round(self) -> bool:
        return self.round_no >= self.total_rounds

    @property
    def float_rules_off(self) -> bool:
        """The float criteria do not apply: [C7] and [C10] in the last two rounds
        (C.04.6), [C7] and [C8] in the last round (C.04.5)."""
        return self.round_no > self.total_rounds - self.rules.float_rounds

    def compatible(self, a: int, b: int) -> bool:
        """Absolute criteria for a pair: [C1] and the forbidden-pairing rules."""
        if a == b or b in self._by_tpn[a].opponents:
            return False
        return not any(rule.forbids(a, b) for rule in self.forbidden)

    def wished_apart(self, a: int, b: int) -> bool:
        return any(rule.forbids(a, b) for rule in self.wishes)


# -- the builder from the shared model ------------------------------------------------


def team_pairing_numbers(t: Tournament) -> dict[str, int]:
    """Team.start where set; teams without one are numbered after the others, in file
    order (a late team is always numbered after the others, docs/teams.md)."""
    numbers = {team.id: team.start for team in t.teams if team.start is not None}
    nxt = max(numbers.values(), default=0)
    for team in t.teams:
        if team.start is None:
            nxt += 1
            numbers[team.id] = nxt
    return numbers


def _available(team: Team, round_no: int, t: Tournament) -> bool:
    if round_no in team.absent or any(r == round_no for r, _ in team.byes):
        return False
    if team.withdrawn_after is not None and round_no > team.withdrawn_after:
        return False
    # a bye written in the round file keeps the team out, except the PAB: the pairing gives
    # that one, so pairing the round again (--replace) must be free to give it again
    rnd = t.round(round_no)
    return rnd is None or all(b.participant != team.id or b.kind is ByeKind.PAB for b in rnd.byes)


def _bye_points(scoring: Scoring, boards: int, kind: ByeKind) -> tuple[Fraction, Fraction]:
    """Match and game points of a team bye (Art. 1.4 for the PAB: a drawn match)."""
    if kind is ByeKind.PAB:
        mp = scoring.team_pab_match_points
        gp = scoring.team_pab_game_points
        return (
            scoring.match_draw if mp is None else mp,
            boards * scoring.draw if gp is None else gp,
        )
    if kind is ByeKind.FULL:
        return scoring.match_win, boards * scoring.win
    if kind is ByeKind.HALF:
        return scoring.match_draw, boards * scoring.draw
    return Fraction(0), Fraction(0)


@dataclass(slots=True)
class _Acc:
    """Mutable accumulator used only while building (never leaves this module)."""

    mp: Fraction = Fraction(0)
    gp: Fraction = Fraction(0)
    opponents: set[int] = field(default_factory=set)
    colours: list[Colour] = field(default_factory=list)
    floated: set[int] = field(default_factory=set)
    pab: list[int] = field(default_factory=list)
    forfeit_wins: list[int] = field(default_factory=list)
    full_byes: list[int] = field(default_factory=list)
    played: int = 0


def _match_game_points(
    match: Match, scoring: Scoring, roster_of: dict[str, str]
) -> tuple[Fraction, Fraction, bool]:
    """Game points of the white and black team, and whether any board was played."""
    white_gp = black_gp = Fraction(0)
    played = False
    for game in match.games:
        if game.result is None:  # C.04.2 Art. 3.1: counted as a draw for pairing
            white_side_pts = black_side_pts = scoring.draw
            played = True
        else:
            played = played or game.result.is_played
            white_side_pts = scoring.outcome_points(game.result.outcome(True))
            black_side_pts = scoring.outcome_points(game.result.outcome(False))
        white_player_team = roster_of.get(game.white)
        white_is_white_team = (
            white_player_team == match.white
            if white_player_team is not None
            else match.white_team_white(game.board)
        )
        if white_is_white_team:
            white_gp += white_side_pts
            black_gp += black_side_pts
        else:
            white_gp += black_side_pts
            black_gp += white_side_pts
    return white_gp, black_gp, played


def _forfeit_game_points(match: Match, scoring: Scoring, boards: int, white_wins: bool) -> Fraction:
    if pays_full_board_count(match, scoring):
        return boards * scoring.outcome_points(Outcome.FORFEIT_WIN)
    seated = 0
    for game in match.games:
        player = game.white if match.white_team_white(game.board) == white_wins else game.black
        seated += 1 if player else 0
    return seated * scoring.outcome_points(Outcome.FORFEIT_WIN)


def team_state_from_tournament(
    t: Tournament,
    round_no: int,
    *,
    colour_type: ColourPreferenceType = ColourPreferenceType.A,
    use_secondary: bool = True,
) -> TeamState:
    """The pairing input of ``round_no`` from the rounds before it.

    The model has no field yet for the colour-preference type and the use of the
    secondary score (Art. 1.7, 4.2.2), so they are arguments here.
    """
    scoring = t.settings.scoring
    boards = t.settings.team.boards
    tpn = team_pairing_numbers(t)
    acc = {team.id: _Acc() for team in t.teams}
    roster_of = {p: team.id for team in t.teams for p in team.roster}

    def score(team_id: str) -> Fraction:
        a = acc[team_id]
        return a.mp if scoring.primary is PrimaryScore.MATCH_POINTS else a.gp

    for rnd in sorted(t.rounds, key=lambda r: r.number):
        if rnd.number >= round_no:
            continue
        before = {team_id: score(team_id) for team_id in acc}
        for match in rnd.matches:
            w, b = acc[match.white], acc[match.black]
            wgp, bgp, played = _match_game_points(match, scoring, roster_of)
            if match.decision is not None or not played:
                winner = match.decision
                if winner is None and wgp != bgp:
                    winner = MatchDecision.WHITE_TEAM if wgp > bgp else MatchDecision.BLACK_TEAM
                for side, acc_side, mine in (
                    (MatchDecision.WHITE_TEAM, w, True),
                    (MatchDecision.BLACK_TEAM, b, False),
                ):
                    if winner is side:
                        acc_side.mp += scoring.match_win
                        acc_side.gp += (
                            _forfeit_game_points(match, scoring, boards, mine)
                            if match.decision is not None
                            else (wgp if mine else bgp)
                        )
                        acc_side.forfeit_wins.append(rnd.number)
                    else:
                        acc_side.mp += scoring.match_loss
                        if match.decision is None:
                            acc_side.gp += wgp if mine else bgp
                continue
            w.gp += wgp
            b.gp += bgp
            (white_mp, black_mp), _ = match_outcome(wgp, bgp, scoring, boards, played)
            w.mp += white_mp
            b.mp += black_mp
            w.opponents.add(tpn[match.black])
            b.opponents.add(tpn[match.white])
            # the team colour is its board-1 colour (C.04.6 Art. 1.6.1)
            first = match.white_team_white(match.games[0].board if match.games else 1)
            w.colours.append(Colour.WHITE if first else Colour.BLACK)
            b.colours.append(Colour.BLACK if first else Colour.WHITE)
            w.played += 1
            b.played += 1
            if before[match.white] != before[match.black]:
                w.floated.add(rnd.number)
                b.floated.add(rnd.number)
        for bye in rnd.byes:
            if bye.participant not in acc:
                continue
            a = acc[bye.participant]
            mp, gp = _bye_points(scoring, boards, bye.kind)
            a.mp += mp
            a.gp += gp
            if bye.kind is ByeKind.PAB:
                a.pab.append(rnd.number)
            elif bye.kind is ByeKind.FULL:
                a.full_byes.append(rnd.number)

    records = tuple(
        sorted(
            (
                TeamRecord(
                    tpn=tpn[team.id],
                    team_id=team.id,
                    match_points=acc[team.id].mp,
                    game_points=acc[team.id].gp,
                    available=_available(team, round_no, t),
                    opponents=frozenset(acc[team.id].opponents),
                    colours=tuple(acc[team.id].colours),
                    floated_rounds=frozenset(acc[team.id].floated),
                    pab_rounds=tuple(acc[team.id].pab),
                    forfeit_win_rounds=tuple(acc[team.id].forfeit_wins),
                    full_bye_rounds=tuple(acc[team.id].full_byes),
                    matches_played=acc[team.id].played,
                )
                for team in t.teams
            ),
            key=lambda r: r.tpn,
        )
    )
    forbidden, wishes = _pair_rules(t, round_no, tpn)
    initial = t.settings.initial_colour
    if initial is None:  # drawn by lot, reproducibly from the seed (Art. 4.1)
        draw = random.Random(t.settings.colour_seed).random()
        initial = Colour.WHITE if draw < 0.5 else Colour.BLACK
    return TeamState(
        round_no=round_no,
        total_rounds=t.settings.rounds,
        teams=records,
        primary=scoring.primary,
        use_secondary=use_secondary,
        colour_type=colour_type,
        initial_colour=initial,
        forbidden=forbidden,
        wishes=wishes,
    )


def _pair_rules(
    t: Tournament, round_no: int, tpn: dict[str, int]
) -> tuple[tuple[PairRule, ...], tuple[PairRule, ...]]:
    """Forbidden-pairing groups for teams in force this round, split by strength."""
    rules: list[PairRule] = []
    wishes: list[PairRule] = []
    for index, rule in enumerate(t.settings.forbidden, start=1):
        if not rule.teams or round_no not in rule.rounds:
            continue
        groups: list[list[int]] = []
        if rule.same_club:
            clubs: dict[str, list[int]] = {}
            for team in t.teams:
                key = team.club.strip().casefold()
                if key:
                    clubs.setdefault(key, []).append(tpn[team.id])
            groups = list(clubs.values())
        else:
            groups = [[tpn[m] for m in rule.members if m in tpn]]
        name = rule_name(index, rule)
        pairs = frozenset((min(a, b), max(a, b)) for g in groups for a in g for b in g if a != b)
        target = rules if rule.strength is RuleStrength.RULE else wishes
        target.append(PairRule(name, pairs))
    return tuple(rules), tuple(wishes)
