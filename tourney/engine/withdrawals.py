"""Withdrawals from an individual round robin (FIDE General Regulations for Competitions, 6.6).

The rule (FIDE Handbook C.05, General Regulations for Competitions, 6.6;
formerly FIDE Tournament Rules C.06 V.4), as FIDE states it:

    When a player withdraws or is expelled from a round-robin tournament the
    consequence will be as follows:
    a) If a player has completed less than 50% of his games and leaves the
       tournament, his score remains in the tournament table (for rating and
       historical purposes), but the points scored by him or against him are
       not counted in the final standings. The unplayed games of the player
       and his opponents are indicated by "-" in the tournament table and
       those of his opponents by "+". If neither players are present, this
       will be indicated by two "-".
    b) If a player has completed at least 50% of his games, his score shall
       remain in the tournament table and will be counted in the final
       standings. The unplayed games of the player are indicated as above.

How ``tourney`` applies it (``players.yaml``: ``withdrawn_after: N``):

* *scheduled games*: what the Berger table gives the player, (n - 1) per
  cycle for n participants (a bye is no game);
* *completed games*: the player's games with a result played over the board
  (``Result.is_played``), in any round: with play ahead a game of a later
  round may already be played;
* fewer than half completed (2 x completed < scheduled): every game of the
  player is **annulled** for the standings: it counts for nobody, the player
  ends below everyone, unranked. The games stay in the round files and still
  count for ratings (docs/results.md: "played games that a withdrawal annulled still
  do"); ``tourney.engine.ratings.history`` reads the round files, not this view;
* otherwise the player's games in rounds after N that have no result are
  **forfeits**: a loss for the player, a win for the scheduled opponent
  (``-/+`` or ``+/-``); two withdrawn players who still had to meet both lose
  (``-/-``). A result written in the round file always wins over a derived one.

``tourney pair`` writes the whole Berger table, the withdrawn player's later
games included, without results: the forfeits are derived here, so setting
``withdrawn_after`` after the rounds were written is enough, and players.yaml
stays the one place the withdrawal is recorded.

``standings_view(t)`` is the tournament as the standings see it: annulled
games (and the annulled player's byes) left out, derived forfeits filled in.
``withdrawals(t)`` says what was changed and why, for the crosstable.
Team round robins are handled in ``tourney.engine.teams.scores``
(``annulled_teams``); this module leaves team events alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, replace
from types import MappingProxyType

from tourney.engine.pairing.berger import RoundStatus, round_status
from tourney.model import Game, PlayerId, Result, Round, Tournament
from tourney.records import dataclass

RULE = "FIDE General Regulations for Competitions 6.6"

GameKey = tuple[int, PlayerId, PlayerId]  # round, White, Black


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """One withdrawn player of a round robin and what GR 6.6 makes of it.

    >>> Withdrawal("x", after=2, scheduled=5, completed=2).annulled
    True
    >>> Withdrawal("y", after=3, scheduled=5, completed=3).annulled
    False
    """

    player: PlayerId
    after: int  # withdrawn after this round
    scheduled: int  # games in the Berger table, every cycle
    completed: int  # games played over the board

    @property
    def annulled(self) -> bool:
        """Fewer than 50% of the scheduled games completed (GR 6.6 a)."""
        return 2 * self.completed < self.scheduled

    def describe(self) -> str:
        what = "results not counted" if self.annulled else "remaining games forfeited"
        return (
            f"withdrew after round {self.after} having played {self.completed} of "
            f"{self.scheduled} games: {what} ({RULE})"
        )


@dataclass(frozen=True, slots=True)
class MarkedGame:
    """A game the withdrawal rules change: annulled, or given a derived forfeit."""

    round: int
    game: Game
    annulled: bool  # counts for nobody in the standings (GR 6.6 a)
    derived: Result | None  # the forfeit the withdrawal implies, when the file has no result
    withdrawn: tuple[PlayerId, ...]  # the withdrawn players of the game
    why: str  # who withdrew and which rule applied (by id; the site names players)

    @property
    def result(self) -> Result | None:
        """The result the tournament table shows: the file's, else the derived forfeit."""
        return self.game.result if self.game.result is not None else self.derived


@dataclass(frozen=True, slots=True)
class Withdrawals:
    """Every withdrawal of a round robin and every game it changes."""

    players: tuple[Withdrawal, ...] = ()
    games: tuple[MarkedGame, ...] = ()
    # An index built for each instance, as ``Tournament._by_id``: not an argument, so
    # ``dataclasses.replace`` makes a fresh one and never touches the original's.
    _by_key: Mapping[GameKey, MarkedGame] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        index = {(m.round, m.game.white, m.game.black): m for m in self.games}
        object.__setattr__(self, "_by_key", MappingProxyType(index))

    @property
    def annulled_players(self) -> frozenset[PlayerId]:
        return frozenset(w.player for w in self.players if w.annulled)

    def of(self, player: PlayerId) -> Withdrawal | None:
        return next((w for w in self.players if w.player == player), None)

    def marked(self, round_no: int, game: Game) -> MarkedGame | None:
        """The mark of a game of round ``round_no``, or None when the rules leave it alone."""
        return self._by_key.get((round_no, game.white, game.black))

    def find(self, round_no: int, player: PlayerId, opponent: PlayerId) -> MarkedGame | None:
        """The mark of ``player``'s game against ``opponent`` in a round (either colour)."""
        return self._by_key.get((round_no, player, opponent)) or self._by_key.get(
            (round_no, opponent, player)
        )


def applies(t: Tournament) -> bool:
    """GR 6.6 as applied here: individual round robins (teams: ``team_scores``)."""
    return t.settings.format.is_round_robin and not t.is_team


def scheduled_games(t: Tournament) -> int:
    """Games every participant has in the Berger table: (n - 1) per cycle (C.05 Annex 1)."""
    count = sum(1 for p in t.players if p.approved)
    return max(count - 1, 0) * max(t.settings.cycles, 1)


def completed_games(t: Tournament, player: PlayerId) -> int:
    """The player's games with a result played over the board, in any round."""
    return sum(
        1
        for rnd in t.rounds
        for game in rnd.games
        if game.involves(player) and game.result is not None and game.result.is_played
    )


def _derived(game: Game, round_no: int, gone: dict[PlayerId, int]) -> Result | None:
    """The forfeit a game without a result gets from withdrawals before its round."""
    if game.result is not None:
        return None
    white_gone = game.white in gone and round_no > gone[game.white]
    black_gone = game.black in gone and round_no > gone[game.black]
    if white_gone and black_gone:
        return Result.DOUBLE_FORFEIT
    if white_gone:
        return Result.BLACK_FORFEIT_WIN
    if black_gone:
        return Result.WHITE_FORFEIT_WIN
    return None


def withdrawals(t: Tournament) -> Withdrawals:
    """The withdrawals of an individual round robin and the games they change (GR 6.6)."""
    if not applies(t):
        return Withdrawals()
    scheduled = scheduled_games(t)
    found = tuple(
        Withdrawal(p.id, p.withdrawn_after, scheduled, completed_games(t, p.id))
        for p in t.players
        if p.approved and p.withdrawn_after is not None
    )
    if not found:
        return Withdrawals()
    gone = {w.player: w.after for w in found}
    by_player = {w.player: w for w in found}
    annulled = {w.player for w in found if w.annulled}
    marks: list[MarkedGame] = []
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        for game in rnd.games:
            derived = _derived(game, rnd.number, gone)
            void = bool(annulled & {game.white, game.black})
            if derived is None and not void:
                continue
            who = [by_player[p] for p in (game.white, game.black) if p in by_player]
            why = "; ".join(f"{w.player} {w.describe()}" for w in who)
            withdrawn = tuple(w.player for w in who)
            marks.append(MarkedGame(rnd.number, game, void, derived, withdrawn, why))
    return Withdrawals(found, tuple(marks))


def standings_view(t: Tournament) -> Tournament:
    """The tournament as the standings count it (GR 6.6).

    Annulled games are left out of their rounds (they count for nobody), as are
    the byes of a player whose results are annulled; a withdrawn player's later
    games without a result get their forfeit. Anything else is unchanged, and a
    tournament without withdrawals (or not an individual round robin) is
    returned as it is.
    """
    marks = withdrawals(t)
    if not marks.games and not marks.annulled_players:
        return t
    void = marks.annulled_players
    rounds = []
    for rnd in t.rounds:
        games = []
        for game in rnd.games:
            mark = marks.marked(rnd.number, game)
            if mark is None:
                games.append(game)
            elif not mark.annulled:
                games.append(replace(game, result=mark.derived))
        byes = tuple(b for b in rnd.byes if b.participant not in void)
        rounds.append(replace(rnd, games=tuple(games), byes=byes))
    return replace(t, rounds=tuple(rounds))


def view_round(t: Tournament, number: int) -> Round | None:
    """Round ``number`` as the standings see it (annulled games out, forfeits in)."""
    return standings_view(t).round(number)


def status(t: Tournament, number: int) -> RoundStatus | None:
    """A round's status from its results, counting forfeits a withdrawal implies (docs/pairing.md).

    A game of a withdrawn player that will never be played is decided by the
    withdrawal, so it does not keep its round running; None for a round that
    is not paired.
    """
    rnd = view_round(t, number)
    return round_status(rnd) if rnd is not None else None
