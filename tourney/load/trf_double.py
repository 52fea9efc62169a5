"""A Double-Swiss TRF (FIDE C.04.5) read back as two-game matches (docs/trf.md).

A TRF cell holds one game, so tourney writes round N of a Double-Swiss as two round
columns: game 1 in column 2N-1, game 2 (the colours reversed) in column 2N; a bye or
an absence fills both columns with its code, its points (per match, C.04.5 Preface)
counted once. The reader first reads the columns as rounds of one game, then folds
each pair of columns into one round of matches here; a pair that is not one match
(another opponent in game 2, a bye in one game only, a last round with one column) is
E196, since a Double-Swiss gives byes and pairings per match.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from tourney.errors import Diagnostic
from tourney.load.trf_conventions import Requests, stated_points_warnings
from tourney.load.trf_document import PlayerRecord, TrfDocument
from tourney.load.trf_lines import Line
from tourney.model import ByeKind, Game, Player, Result, Round, Scoring, Settings

# A game's result seen from the other side of the board (a colourless forfeit is read
# with the lower number as White in both columns).
_SWAPPED = {
    Result.WHITE_WINS: Result.BLACK_WINS,
    Result.BLACK_WINS: Result.WHITE_WINS,
    Result.WHITE_FORFEIT_WIN: Result.BLACK_FORFEIT_WIN,
    Result.BLACK_FORFEIT_WIN: Result.WHITE_FORFEIT_WIN,
    Result.WHITE_WINS_UNPLAYED: Result.BLACK_WINS_UNPLAYED,
    Result.BLACK_WINS_UNPLAYED: Result.WHITE_WINS_UNPLAYED,
}


def match_round(number: int) -> int:
    """The round (match) a TRF column belongs to: columns 2N-1 and 2N are round N."""
    return (number + 1) // 2


def column_points_rounds(rounds: Sequence[Round]) -> tuple[Round, ...]:
    """The column rounds as the points column counts them: a bye's points once, in the
    round's first column."""
    return tuple(replace(r, byes=()) if r.number % 2 == 0 else r for r in rounds)


def double_points_warnings(
    doc: TrfDocument,
    records: Iterable[PlayerRecord],
    rounds: Sequence[Round],
    requests: Requests,
    scoring: Scoring,
    extra: Mapping[str, Fraction] | None = None,
) -> dict[str, Fraction]:
    """``stated_points_warnings`` on the columns, each bye counted once."""
    return stated_points_warnings(
        doc, records, column_points_rounds(rounds), requests, scoring, extra
    )


def _refuse(doc: TrfDocument, line: Line, col: int, message: str, hint: str) -> None:
    """E196 (a code of the Double-Swiss, docs/diagnostics.md, not a TRF record's)."""
    doc.diagnostics.append(Diagnostic(doc.file, line.number, col, message, hint, code="E196"))


def _where(by_start: Mapping[int, PlayerRecord], pid: str, column: int) -> tuple[Line, int]:
    record = by_start.get(int(pid))
    for cell in record.rounds if record else ():
        if cell.round == column:
            return Line(cell.line, ""), cell.col
    return Line(record.line if record else 0, ""), 5


def _match(first: Game, second: Game) -> Game | None:
    """The match of game 1 and game 2, or None when they are not the same two players
    with the colours reversed (colourless forfeits may be in either order)."""
    if {first.white, first.black} != {second.white, second.black}:
        return None
    result = second.result
    if second.white != first.black:
        if not (first.colourless or second.colourless):
            return None
        result = _SWAPPED.get(result, result) if result is not None else None
    return Game(
        first.white,
        first.black,
        first.result,
        colourless=first.colourless and second.colourless,
        double=True,
        second=result,
    )


def fold_rounds(
    doc: TrfDocument, by_start: Mapping[int, PlayerRecord], columns: Sequence[Round]
) -> tuple[Round, ...]:
    """Rounds of matches from the round columns, two a round."""
    by_number = {r.number: r for r in columns}
    out = []
    for number in range(1, match_round(len(columns)) + 1):
        one, two = by_number[2 * number - 1], by_number.get(2 * number)
        if two is None:
            line, col = _where(by_start, one.games[0].white if one.games else "0", 2 * number - 1)
            _refuse(
                doc,
                line,
                col,
                f"round {number} has game 1 (column {2 * number - 1}) but no game 2",
                "a Double-Swiss writes each round as two columns (docs/trf.md, Double-Swiss)",
            )
            break
        seconds = {g.white: g for g in two.games} | {g.black: g for g in two.games}
        games = []
        for game in one.games:
            other = seconds.get(game.white)
            folded = _match(game, other) if other is not None else None
            if folded is None:
                line, col = _where(by_start, game.white, 2 * number)
                said = "no game" if other is None else f"{other.white} - {other.black}"
                _refuse(
                    doc,
                    line,
                    col,
                    f"round {number}: game 1 is {game.white} - {game.black}, game 2 "
                    f"(column {2 * number}) {said}",
                    "game 2 of a match is the same two players with the colours reversed "
                    "(docs/trf.md, Double-Swiss)",
                )
                continue
            games.append(folded)
        later = {b.participant: b.kind for b in two.byes}
        for bye in one.byes:
            if later.get(bye.participant) is not bye.kind:
                line, col = _where(by_start, bye.participant, 2 * number)
                _refuse(
                    doc,
                    line,
                    col,
                    f"round {number}: {bye.participant} has a {bye.kind.value} bye in game "
                    f"1 (column {2 * number - 1}) but not in game 2",
                    "a Double-Swiss gives byes per match: the same code in both columns "
                    "of the round (docs/trf.md, Double-Swiss)",
                )
        out.append(Round(number=number, games=tuple(games), byes=one.byes))
    return tuple(out)


def fold_player(player: Player) -> Player:
    """A player's requests for the round to be paired, from column to round numbers."""
    byes: dict[int, ByeKind] = {}
    for number, kind in player.byes:
        byes.setdefault(match_round(number), kind)
    return replace(
        player,
        absent=tuple(sorted({match_round(n) for n in player.absent})),
        byes=tuple(sorted(byes.items())),
    )


def fold_settings(settings: Settings) -> Settings:
    """Rounds and round dates counted per match (142, XXR and 132 count columns)."""
    return replace(
        settings,
        rounds=match_round(settings.rounds),
        round_dates=settings.round_dates[::2],
    )
