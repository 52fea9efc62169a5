"""W385-W391: the games of games/*.pgn against the round files (docs/games.md).

Each game is placed on the board of its round that seats its two players
(``tourney.engine.games``). The round file is the record: a game whose players,
colours or result differ from it is reported, never used to change it
(``tourney result`` does that). Warnings, not errors: a broadcast's typo must
not stop the next pairing. A move that is not legal (W389) is found by
replaying the moves (``tourney.engine.chessboard``).
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from tourney.check.context import Context
from tourney.engine.chessboard import replay
from tourney.engine.games import PGN_RESULT, Placed, placed_games
from tourney.errors import Diagnostic
from tourney.load.folder import display
from tourney.load.games import round_of_tag
from tourney.model import GameScore, Tournament


def _name(t: Tournament, pid: str) -> str:
    return t.player(pid).name if pid else "?"


def _warn(score: GameScore, code: str, message: str, hint: str = "") -> Diagnostic:
    """``score.file`` is relative to the folder; ``game_diagnostics`` names it as the user
    does (``swiss-open/games/01.pgn``)."""
    return Diagnostic(score.file, score.line, 0, message, hint, "warning", code)


@lru_cache(maxsize=4096)
def _stopped(moves: tuple[str, ...]) -> str:
    """Why the replay of ``moves`` stops early ('' when every move plays), once per game:
    ``tourney result`` and ``pair`` check the folder before and after they write it, and
    the moves, which neither changes, cost most of a check (0.1 ms a move)."""
    return replay(moves)[1]


def game_diagnostics(ctx: Context) -> list[Diagnostic]:
    t = ctx.tournament
    out: list[Diagnostic] = []
    seen: dict[tuple[int, int, str], GameScore] = {}
    for placed in placed_games(t):
        out.extend(_one(t, placed, seen))
    shown = display(ctx.folder / "x")[:-1]  # the folder as the user names it, with '/'
    return [
        dataclasses.replace(d, file=shown + d.file, hint=d.hint.replace("{folder}", shown))
        for d in out
    ]


def _one(
    t: Tournament, placed: Placed, seen: dict[tuple[int, int, str], GameScore]
) -> list[Diagnostic]:
    score = placed.score
    names = f"{score.tag('White') or '?'} - {score.tag('Black') or '?'}"
    out: list[Diagnostic] = []
    stopped = _stopped(score.moves)
    if stopped:
        out.append(
            _warn(
                score,
                "W389",
                f"{names}: {stopped}",
                "the game page shows the moves up to there; correct the move in the PGN",
            )
        )
    if score.round is None or t.round(score.round) is None:
        said = score.tag("Round") or "no Round tag"
        out.append(
            _warn(
                score,
                "W388",
                f"{names}: no round of the tournament fits this game ({said})",
                "put the game in games/NN.pgn for round NN, or give it a Round tag "
                "of a paired round",
            )
        )
        return out
    tagged = score.tag("Round")
    if tagged and round_of_tag(tagged) not in (None, score.round):
        out.append(
            _warn(
                score,
                "W391",
                f"{names}: the Round tag says {tagged}, the file is round {score.round}'s",
                "the file name decides; move the game or correct its Round tag",
            )
        )
    for side, pid in (("White", placed.white), ("Black", placed.black)):
        if not pid:
            out.append(
                _warn(
                    score,
                    "W385",
                    f"{names}: {side} '{score.tag(side)}' is no player of the tournament",
                    f"give {side}FideId, or the name as players.yaml writes it",
                )
            )
    board = placed.board
    if board is None:
        if placed.white and placed.black:
            out.append(
                _warn(
                    score,
                    "W385",
                    f"{names}: round {score.round} has no board of "
                    f"{_name(t, placed.white)} and {_name(t, placed.black)}",
                    "check the round of the game, or the round file's board",
                )
            )
        return out
    label = f"round {score.round} board {board.board}"
    key = (score.round, board.board, board.white)
    if key in seen:
        first = seen[key]
        out.append(
            _warn(
                score,
                "W390",
                f"{names}: a second game for {label}",
                f"the first is {{folder}}{first.file}:{first.line}; the site shows that one",
            )
        )
        return out
    seen[key] = score
    if board.white != placed.white:
        out.append(
            _warn(
                score,
                "W386",
                f"{names}: the colours differ from {label} "
                f"({_name(t, board.white)} has White there)",
                "correct the White and Black tags, or the round file if the PGN is right",
            )
        )
    wanted = PGN_RESULT.get(board.result) if board.result else None
    if board.result is not None and board.result.is_forfeit:
        out.append(
            _warn(
                score,
                "W387",
                f"{names}: {label} is a forfeit ({board.result.value}), yet it has a game",
                "remove the game, or correct the round file's result",
            )
        )
    elif score.result != "*" and wanted is not None and board.result is not None:
        # a game stored in the other colours gives its result from its own White's side
        shown = score.result if board.white == placed.white else _swap(score.result)
        if shown != wanted:
            out.append(
                _warn(
                    score,
                    "W387",
                    f"{names}: the result {score.result} differs from {label} "
                    f"({board.result.value})",
                    "correct the PGN's result, or the round file's with tourney result",
                )
            )
    return out


def _swap(result: str) -> str:
    return {"1-0": "0-1", "0-1": "1-0"}.get(result, result)
