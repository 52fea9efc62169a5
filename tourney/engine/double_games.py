"""The two games of a Double-Swiss match as one round (FIDE C.04.5, Preface).

A match is two games in succession with alternating colours: the board's ``white``
has White in game 1 and Black in game 2. Its result is the sum of the game points,
2-0 ... 0-2 (and the rarer ½-0, 0-0 ... when a game ends so). The Preface decides
what counts as played:

* a match ends by forfeit only if at least one player forfeits both games; then the
  same pairing may be repeated in a later round;
* otherwise the match is regularly played and, for standings and tie-breaks, a
  single forfeited game is treated as played (not for rating);
* byes are given per match, never per game.

The functions here are pure and read a ``Game`` with ``double`` set.
"""

from __future__ import annotations

from fractions import Fraction

from tourney.model import Game, Outcome, PlayerId, Scoring

NO_GAME_RESULT = "_"  # a game without a result yet, in ``result: _ 1-0``


def game_outcomes(game: Game, player: PlayerId) -> tuple[Outcome | None, Outcome | None]:
    """The player's outcome in game 1 and in game 2 (None: no result yet); in game 2 the
    colours are reversed."""
    first = game.result.outcome(player == game.white) if game.result else None
    second = game.second.outcome(player == game.black) if game.second else None
    return first, second


def forfeited_both(game: Game, player: PlayerId) -> bool:
    """The player forfeited both games of the match (C.04.5 Preface)."""
    return all(o is Outcome.FORFEIT_LOSS for o in game_outcomes(game, player))


def match_forfeited(game: Game) -> bool:
    """The match ended by forfeit: at least one player forfeited both games (C.04.5
    Preface); the two may then be paired again."""
    return game.double and (forfeited_both(game, game.white) or forfeited_both(game, game.black))


def match_points(game: Game, player: PlayerId, scoring: Scoring) -> Fraction:
    """The player's points from the games with a result, both games added."""
    return sum(
        (scoring.outcome_points(o) for o in game_outcomes(game, player) if o is not None),
        Fraction(0),
    )


def match_outcome(game: Game, player: PlayerId, scoring: Scoring) -> Outcome:
    """The match as one round for the player: a forfeit win or loss when the match ended
    by forfeit (a double forfeit: a loss for both), else won, drawn or lost by the game
    points (a single forfeited game counts as played, C.04.5 Preface)."""
    other = game.opponent(player)
    if match_forfeited(game):
        return Outcome.FORFEIT_LOSS if forfeited_both(game, player) else Outcome.FORFEIT_WIN
    mine, theirs = match_points(game, player, scoring), match_points(game, other, scoring)
    if mine > theirs:
        return Outcome.WIN
    if mine < theirs:
        return Outcome.LOSS
    return Outcome.DRAW


def match_text(game: Game) -> str:
    """The round file's spelling of a match: ``1-0 ½-½`` (game 1, then game 2, each its
    White first), ``_`` for a game without a result; "" when neither has one."""
    if game.result is None and game.second is None:
        return ""
    return " ".join(r.value if r else NO_GAME_RESULT for r in (game.result, game.second))
