"""games/*.pgn: the event's games, read into ``GameScore`` values (docs/games.md).

``games/NN.pgn`` holds the games of round NN; any other ``games/*.pgn`` (one
file for the whole event, a broadcast's download) says each game's round in its
``Round`` tag (``3``, or ``3.1`` for round 3 board 1 as broadcasts write it). A
file that is not PGN is an error (E460) at its line and column, like a YAML file
that does not parse; which board a game belongs to is ``tourney.check.games``'s
business (warnings W385-W391), so a game that does not fit never stops a pairing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from tourney.errors import Diagnostic
from tourney.fs import regular
from tourney.load.pgn import ParsedGame, PgnError, parse_pgn
from tourney.model import GameScore

FOLDER = "games"
_ROUND_FILE = re.compile(r"[0-9]{1,3}")


def round_of_tag(value: str) -> int | None:
    """The round a PGN ``Round`` tag names: '3' and '3.1' (round.board) are round 3.

    >>> round_of_tag("3.1"), round_of_tag("12"), round_of_tag("?"), round_of_tag("-")
    (3, 12, None, None)
    """
    match = re.fullmatch(r"\s*0*([0-9]{1,3})(?:\.[0-9]+)*\s*", value)
    if not match or int(match.group(1)) == 0:
        return None
    return int(match.group(1))


def round_of_file(path: Path) -> int | None:
    """NN of games/NN.pgn (digits 0-9 only, like round files), else None."""
    if _ROUND_FILE.fullmatch(path.stem) and int(path.stem):
        return int(path.stem)
    return None


def scores(name: str, text: str, parsed: list[ParsedGame], fixed: int | None) -> list[GameScore]:
    """The games of one file: the round is the file's (``fixed``) or the game's Round tag."""
    out = []
    for game in parsed:
        out.append(
            GameScore(
                file=name,
                line=game.line,
                round=fixed if fixed is not None else round_of_tag(game.tag("Round")),
                tags=game.tags,
                moves=game.moves,
                result=game.result,
                comments=game.comments,
                text=text[game.start : game.end].strip() + "\n",
            )
        )
    return out


def read_games(
    folder: Path, display: Callable[[Path], str], refused: Callable[[regular.UnsafeFile], None]
) -> tuple[list[GameScore], list[Diagnostic]]:
    """Every game of ``folder``/games/*.pgn, file by file in name order, and the errors."""
    directory = folder / FOLDER
    if not directory.is_dir() or directory.is_symlink():
        return [], []
    games: list[GameScore] = []
    problems: list[Diagnostic] = []
    for path in sorted(directory.glob("*.pgn")):
        if path.is_symlink():  # reported with every other link (tourney.fs.regular)
            continue
        name = display(path)
        try:
            text = regular.read_text(path, folder)
        except regular.UnsafeFile as error:
            refused(error)
            continue
        except UnicodeDecodeError as error:
            line = error.object[: error.start].count(b"\n") + 1
            hint = "save it as UTF-8 (PGN exports offer it; ISO-8859-1 files need converting)"
            problems.append(
                Diagnostic(name, line, 0, "the file is not valid UTF-8 text", hint, code="E101")
            )
            continue
        try:
            parsed = parse_pgn(text)
        except PgnError as error:
            problems.append(
                Diagnostic(
                    name,
                    error.line,
                    error.col,
                    f"not PGN: {error.message}",
                    "see docs/games.md for the PGN a games file holds",
                    code="E460",
                )
            )
            continue
        games.extend(scores(f"{FOLDER}/{path.name}", text, parsed, round_of_file(path)))
    return games, problems
