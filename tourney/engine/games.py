"""Which board of the round files each game of games/*.pgn belongs to (docs/games.md).

A game belongs to the board of its round that seats its two players: each
player is found by the PGN's ``WhiteFideId``/``BlackFideId`` tag when the
player has a FIDE id, else by name (``Dekker, Sofie`` and ``Sofie Dekker`` are
one name: the words compared in any order, without case or accents). The round
file is the record; ``tourney.check.games`` reports what differs and the site
links each board to its game.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from tourney.model import Game, GameScore, Result, Tournament
from tourney.records import dataclass

# The round file's result in PGN's spelling; an unplayed or forfeited board has no game.
PGN_RESULT = {
    Result.WHITE_WINS: "1-0",
    Result.BLACK_WINS: "0-1",
    Result.DRAW: "1/2-1/2",
}


def name_key(name: str) -> tuple[str, ...]:
    """A name's words, lower case and without accents, in sorted order.

    >>> name_key("Ekström, Kari") == name_key("Kari EKSTROM")
    True
    """
    plain = "".join(
        c for c in unicodedata.normalize("NFKD", name.casefold()) if not unicodedata.combining(c)
    )
    words = "".join(c if c.isalnum() else " " for c in plain).split()
    return tuple(sorted(words))


@dataclass(frozen=True, slots=True)
class Placed:
    """A game and the board it was matched to (None when no board fits)."""

    score: GameScore
    board: Game | None
    white: str  # the player ids the PGN names ('' when unknown)
    black: str


def find_player(t: Tournament, name: str, fide_id: str) -> str:
    """The id of the player a PGN side names, '' when none or more than one fits."""
    fide_id = fide_id.strip()
    if fide_id and fide_id not in ("0", "?"):
        for player in t.players:
            if player.fide_id and player.fide_id == fide_id:
                return player.id
    key = name_key(name)
    found = [p.id for p in t.players if key and name_key(p.name) == key]
    return found[0] if len(found) == 1 else ""


def place(t: Tournament, score: GameScore) -> Placed:
    """The board of the game's round that seats its two players (in either colour)."""
    white = find_player(t, score.tag("White"), score.tag("WhiteFideId"))
    black = find_player(t, score.tag("Black"), score.tag("BlackFideId"))
    rnd = t.round(score.round) if score.round else None
    board = None
    if rnd is not None and white and black:
        for game in rnd.all_games():
            if {game.white, game.black} == {white, black}:
                board = game
                break
    return Placed(score, board, white, black)


def placed_games(t: Tournament) -> Iterator[Placed]:
    for score in t.games:
        yield place(t, score)
