"""``tourney games``: a broadcast's PGN split into the folder's games/NN.pgn (docs/games.md).

Each game goes to the file of its round (its ``Round`` tag: ``3`` or ``3.1``),
as written in the broadcast file (tags, comments and all). A game with no round
of the tournament is refused (E461), and so is a round file that exists already
unless ``force`` (E462): a games file may hold an arbiter's corrections. Each
file is written atomically, and the folder lock's transaction
(``tourney.fs.transaction``) makes the set all or none.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tourney.errors import Diagnostic, InvalidInput, RefusedAt
from tourney.fs.atomic import write_text
from tourney.load.games import FOLDER, round_of_tag
from tourney.load.pgn import PgnError, parse_pgn
from tourney.model import Tournament


@dataclass(frozen=True, slots=True)
class Split:
    """What ``split`` wrote: round -> (file, number of games)."""

    files: tuple[tuple[int, Path, int], ...]


def plan(t: Tournament, text: str, name: str) -> dict[int, list[str]]:
    """Round -> the text of each of its games, in the file's order; ``InvalidInput``
    for a file that is not PGN (E460) or a game of no round (E461)."""
    try:
        parsed = parse_pgn(text)
    except PgnError as error:
        raise InvalidInput(
            [Diagnostic(name, error.line, error.col, f"not PGN: {error.message}", code="E460")]
        ) from error
    rounds = {r.number for r in t.rounds}
    planned = t.planned_rounds or max(rounds, default=0)
    out: dict[int, list[str]] = {}
    problems = []
    for game in parsed:
        number = round_of_tag(game.tag("Round"))
        if number is None or not (number in rounds or number <= planned):
            said = f'Round "{game.tag("Round")}"' if game.tag("Round") else "no Round tag"
            who = f"{game.tag('White') or '?'} - {game.tag('Black') or '?'}"
            problems.append(
                Diagnostic(
                    name,
                    game.line,
                    0,
                    f"{who}: {said} names no round of the tournament",
                    f"give the game a Round tag of rounds 1-{planned}" if planned else "",
                    code="E461",
                )
            )
            continue
        out.setdefault(number, []).append(text[game.start : game.end].strip() + "\n")
    if problems:
        raise InvalidInput(problems)
    if not out:
        raise InvalidInput([Diagnostic(name, 0, 0, "the file holds no game", code="E461")])
    return out


def split(folder: Path, t: Tournament, text: str, name: str, force: bool = False) -> Split:
    """Write games/NN.pgn for every round of ``text``'s games."""
    games = plan(t, text, name)
    target = folder / FOLDER
    paths = {number: target / f"{number:02d}.pgn" for number in games}
    if not force:
        for number, path in sorted(paths.items()):
            if path.exists():
                raise RefusedAt(
                    Diagnostic(
                        str(path),
                        0,
                        0,
                        f"{path.name} holds round {number}'s games already",
                        "give --force to replace it with the games of the broadcast file",
                        code="E462",
                    )
                )
    written = []
    for number, path in sorted(paths.items()):
        write_text(path, "\n".join(games[number]))
        written.append((number, path, len(games[number])))
    return Split(tuple(written))
