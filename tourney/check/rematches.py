"""E201: two players who meet again in a Swiss or Keizer round.

FIDE C.04.1 b: two players shall not play each other more than once; a game
lost by forfeit was not played, so those two may still meet (the Dutch engine
counts meetings the same way). A Keizer competition forbids a rematch within
``keizer: rematch_rounds`` rounds (docs/keizer.md). An arbiter who wants a
rematch anyway marks the board ``rematch: true`` (docs/folder-format.md).
"""

from __future__ import annotations

from tourney.check.context import Context, at
from tourney.engine.double_games import match_forfeited
from tourney.errors import Diagnostic
from tourney.model import Format, Tournament


def _name(t: Tournament, pid: str) -> str:
    try:
        return f"{pid} ({t.player(pid).name})"
    except KeyError:
        return pid


def rematch_diagnostics(ctx: Context) -> list[Diagnostic]:
    t = ctx.tournament
    fmt = t.settings.format
    if fmt not in (Format.SWISS, Format.KEIZER):
        return []
    window = t.settings.keizer.rematch_rounds if fmt is Format.KEIZER else None
    if window is not None and window <= 0:
        return []
    met: dict[frozenset[str], int] = {}  # the last round each pair played
    out = []
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        for game in rnd.games:
            if not (game.white and game.black):
                continue
            earlier = met.get(frozenset((game.white, game.black)))
            if earlier is None or (window is not None and rnd.number - earlier > window):
                continue
            if game.rematch or (rnd.number, game.board) in ctx.sources.rematch_marks:
                continue
            rule = (
                f"a Keizer rematch needs {window} rounds between (keizer: rematch_rounds)"
                if window is not None
                else "in a Swiss two players meet once (FIDE C.04.1 b)"
            )
            out.append(
                at(
                    ctx.sources.board(rnd.number, game.board),
                    "E201",
                    f"board {game.board}: {_name(t, game.white)} and {_name(t, game.black)} "
                    f"met in round {earlier} already; {rule}",
                    "pair the round again, or mark the board 'rematch: true' if the arbiter "
                    "wants it (docs/folder-format.md)",
                )
            )
        for game in rnd.games:
            if game.double:  # C.04.5 Preface: only a match forfeited as a whole may repeat
                if not match_forfeited(game):
                    met[frozenset((game.white, game.black))] = rnd.number
            elif game.white and game.black and (game.result is None or not game.result.is_forfeit):
                met[frozenset((game.white, game.black))] = rnd.number
    return out
