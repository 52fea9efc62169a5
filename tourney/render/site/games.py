"""The games of games/*.pgn on the site: a page per game, PGN downloads (docs/games.md).

Each game placed on a board of a published round (``tourney.engine.games``; the
first game of a board when there are two, W390) gets ``round-NN-game-BB.html``:
the players, the result, the moves with the main line's comments, and a board.
The board is drawn here, position by position (``tourney.engine.chessboard``):
the page shows the final position as a static diagram, and the site's own
script (static/site.js, no outside code) steps through the positions the page
lists, so the page works without JavaScript too. The round page links each
board to its game. ``games/round-NN.pgn`` holds a round's games and
``games/event.pgn`` all of them, as the folder's files write them.
Individual events only: a team event's games are checked, not yet shown.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from tourney.engine.chessboard import Position, replay
from tourney.engine.games import Placed, placed_games
from tourney.i18n import N_
from tourney.i18n import gettext as _
from tourney.model import GameScore, Tournament
from tourney.render.site.event import EventData, Frames
from tourney.render.views import Download, Frame, Link, PlayerRef

# Unicode chess symbols: the solid ones for both sides, coloured by the style sheet, so
# every font draws them alike (the outline set renders as emoji on some phones).
_GLYPH = dict(zip("KQRBNP", "\u265a\u265b\u265c\u265d\u265e\u265f", strict=True))
_PGN_RESULT_TEXT = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½", "*": "*"}
# Tags shown above the moves when a game has them, with their labels (the seven-tag
# roster's others are the page's players, round and result).
SHOWN_TAGS = {
    "Date": N_("Date"),
    "ECO": N_("ECO"),
    "Opening": N_("Opening"),
    "Variation": N_("Variation"),
    "Annotator": N_("Annotator"),
}


@dataclass(frozen=True, slots=True)
class Square:
    """A square of the board diagram: its name, and the piece on it ('' or a FEN letter)."""

    name: str
    piece: str
    glyph: str
    dark: bool


@dataclass(frozen=True, slots=True)
class MoveCell:
    """One move of the main line: ``ply`` counts from 1; ``number`` is shown before White's
    moves (and before Black's after a comment, as ``12...``)."""

    ply: int
    number: str
    san: str
    comment: str = ""


@dataclass(frozen=True, slots=True)
class GamePage:
    """round-NN-game-BB.html: one game with its moves and a board that replays them.

    ``board`` is the final position (ranks 8 to 1); ``positions`` the FEN piece
    placement before the first move and after each move, as JSON for the page's
    script; ``stopped`` says why the moves end early (a move that is not legal, W389).
    """

    template: ClassVar[str] = "game.html"
    frame: Frame
    round: int
    board_number: int
    white: PlayerRef | None
    black: PlayerRef | None
    result: str
    facts: tuple[tuple[str, str], ...]
    opening_comment: str
    moves: tuple[MoveCell, ...]
    board: tuple[tuple[Square, ...], ...]
    positions: str
    stopped: str
    round_page: Link
    pgn: Link


def game_file(number: int, board: int) -> str:
    return f"round-{number:02d}-game-{board:02d}.html"


def round_pgn(number: int) -> str:
    return f"games/round-{number:02d}.pgn"


EVENT_PGN = "games/event.pgn"


def shown(data: EventData) -> list[Placed]:
    """The games with a page: placed on a board of a published round, first per board."""
    published = {r.number for r in data.rounds}
    if data.tournament.is_team:
        return []
    seen: set[tuple[int, int]] = set()
    out = []
    for placed in placed_games(data.tournament):
        if placed.board is None or placed.score.round not in published:
            continue
        key = (placed.score.round or 0, placed.board.board)
        if key not in seen:
            seen.add(key)
            out.append(placed)
    return out


def game_links(data: EventData) -> dict[tuple[int, int], str]:
    """(round, board) -> the game's page, for the round pages."""
    return {
        (p.score.round or 0, p.board.board): game_file(p.score.round or 0, p.board.board)
        for p in shown(data)
        if p.board is not None
    }


def diagram(position: Position) -> tuple[tuple[Square, ...], ...]:
    rows = []
    for rank in range(7, -1, -1):
        row = []
        for file in range(8):
            piece = position.board[8 * rank + file]
            row.append(
                Square(
                    "abcdefgh"[file] + str(rank + 1),
                    piece,
                    _GLYPH[piece.upper()] if piece else "",
                    (rank + file) % 2 == 0,
                )
            )
        rows.append(tuple(row))
    return tuple(rows)


def move_cells(score: GameScore, played: int) -> tuple[str, tuple[MoveCell, ...]]:
    """The comment before the first move, and the moves that could be played."""
    comments: dict[int, list[str]] = {}
    for after, text_ in score.comments:
        comments.setdefault(after, []).append(text_)
    cells = []
    for ply in range(1, played + 1):
        number = (ply + 1) // 2
        white = ply % 2 == 1
        after_comment = ply > 1 and bool(comments.get(ply - 1))
        label = f"{number}." if white else (f"{number}..." if after_comment else "")
        cells.append(MoveCell(ply, label, score.moves[ply - 1], " ".join(comments.get(ply, []))))
    return " ".join(comments.get(0, [])), tuple(cells)


def game_page(data: EventData, frames: Frames, placed: Placed) -> tuple[str, GamePage]:
    score, board = placed.score, placed.board
    assert board is not None and score.round is not None
    positions, stopped = replay(score.moves)
    opening, moves = move_cells(score, len(positions) - 1)
    path = game_file(score.round, board.board)
    white, black = data.ref(placed.white), data.ref(placed.black)
    title = _("Round {round}, board {board}").format(round=score.round, board=board.board)
    facts = tuple(
        (_(label), score.tag(name))
        for name, label in SHOWN_TAGS.items()
        if score.tag(name).strip("?. ")
    )
    return path, GamePage(
        frame=frames(path, title),
        round=score.round,
        board_number=board.board,
        white=white,
        black=black,
        result=_PGN_RESULT_TEXT.get(score.result, score.result),
        facts=facts,
        opening_comment=opening,
        moves=moves,
        board=diagram(positions[-1]),
        positions=json.dumps([p.placement() for p in positions], separators=(",", ":")),
        stopped=stopped,
        round_page=Link(
            f"round-{score.round:02d}.html", _("Round {number}").format(number=score.round)
        ),
        pgn=Link(round_pgn(score.round), round_pgn(score.round).rsplit("/", 1)[-1]),
    )


def game_pages(data: EventData, frames: Frames) -> Iterator[tuple[str, GamePage]]:
    for placed in shown(data):
        yield game_page(data, frames, placed)


def pgn_files(data: EventData) -> list[tuple[Download, bytes]]:
    """games/round-NN.pgn for each published round with games, and games/event.pgn."""
    t: Tournament = data.tournament
    published = {r.number for r in data.rounds}
    by_round: dict[int, list[str]] = {}
    for score in t.games:
        if score.round in published and not t.is_team:
            by_round.setdefault(score.round, []).append(score.text)
    files = []
    for number in sorted(by_round):
        files.append(
            (
                Download(
                    round_pgn(number),
                    round_pgn(number).rsplit("/", 1)[-1],
                    "PGN",
                    _("The games of round {number}.").format(number=number),
                ),
                "\n".join(by_round[number]).encode("utf-8"),
            )
        )
    if by_round:
        every = "\n".join(text_ for n in sorted(by_round) for text_ in by_round[n])
        files.append(
            (
                Download(EVENT_PGN, "event.pgn", "PGN", _("Every game of the event.")),
                every.encode("utf-8"),
            )
        )
    return files
