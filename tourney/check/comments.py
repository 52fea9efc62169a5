"""W204: a board whose trailing comment names other players than its ids.

``tourney pair`` writes each board with a comment naming its players
(``# 7. Visser, Maud (1862) - Maas, Stijn (1991)``, tourney.edit.roundfile), so a
reviewer reads names, not ids. When the ids are edited by hand and the comment
is not, a review shows the wrong players. Only comments in that form are read;
``tourney result`` rewrites a wrong one from the ids.
"""

from __future__ import annotations

import re

from tourney.check.context import Context, at
from tourney.errors import Diagnostic
from tourney.load.text_safety import NOT_RAW
from tourney.model import Game, Tournament

_LABELLED = re.compile(r"^\d+(?:\.\d+)?\.?\s+(?P<rest>.*\S)\s*$")
# What a comment cannot hold raw; the writer puts U+FFFD instead (tourney.edit.roundfile).


def _name(t: Tournament, pid: str) -> str:
    if not pid:
        return "(empty seat)"
    try:
        return NOT_RAW.sub("\ufffd", " ".join(t.player(pid).name.split()))
    except KeyError:
        return pid


def comment_names_ids(
    t: Tournament, game: Game, comment: str, names: dict[str, str] | None = None
) -> bool:
    """Whether a board comment in the written form names the board's two players, in order.

    >>> from tourney.model import Format, Player, Settings
    >>> s = Settings(name="x", format=Format.SWISS, rounds=5)
    >>> t = Tournament(s, players=(Player("a", "Ann"), Player("b", "Bo")))
    >>> comment_names_ids(t, Game("a", "b"), "1. Ann (1800) - Bo")
    True
    >>> comment_names_ids(t, Game("b", "a"), "1. Ann (1800) - Bo")
    False
    """
    match = _LABELLED.match(comment)
    if not match:
        return True  # a comment of the arbiter's own: not ours to judge
    rest = " ".join(match.group("rest").split())
    if names is None:
        white, black = _name(t, game.white), _name(t, game.black)
    else:  # a player's name as a comment holds it, made once for all their boards
        white = names.get(game.white) or names.setdefault(game.white, _name(t, game.white))
        black = names.get(game.black) or names.setdefault(game.black, _name(t, game.black))
    first = rest.find(white)
    return first >= 0 and rest.find(black, first + len(white)) >= 0


def comment_diagnostics(ctx: Context) -> list[Diagnostic]:
    t = ctx.tournament
    out = []
    # each round's (and match's) games by board, the first of a number as a scan would
    # find it: one look-up a comment, not a scan of the round (10,000 players: 55,000
    # comments in rounds of 5,000 boards)
    boards: dict[tuple[int, int], dict[int, Game]] = {}
    names: dict[str, str] = {}
    for (number, match_no, board), comment in sorted(ctx.sources.comments.items()):
        rnd = t.round(number)
        if rnd is None:
            continue
        if match_no:
            if match_no > len(rnd.matches):
                continue
            games = rnd.matches[match_no - 1].games
            where = ctx.sources.match_board(number, match_no, board)
            label = f"match {match_no}, board {board}"
        else:
            games = rnd.games
            where = ctx.sources.board(number, board)
            label = f"board {board}"
        by_board = boards.get((number, match_no))
        if by_board is None:
            by_board = boards[(number, match_no)] = {}
            for g in games:
                by_board.setdefault(g.board, g)
        game = by_board.get(board)
        if game is None or comment_names_ids(t, game, comment, names):
            continue
        ids = f"{game.white or '(empty)'} - {game.black or '(empty)'}"
        out.append(
            at(
                where,
                "W204",
                f"{label}: the comment names other players than its ids ({ids}: "
                f"{_name(t, game.white)} - {_name(t, game.black)})",
                "the ids count, not the comment: correct the ids, or let "
                "'tourney result' rewrite the comment when it enters the result",
                severity="warning",
            )
        )
    return out
