"""TRF-2026 records 801 and 802 read back: checked against the rebuilt matches.

The records are informative (each team's rounds, written by tourney.render.trf.team
and by other programs): the matches come from the 001 lines and the
3xx records, never from these. Each 802 field (opponent, colour, game points,
forfeit flag, the totals) and each 801 board result that disagrees with the matches
is a warning at its line and column (W357); the file is imported as the matches say.
"""

from __future__ import annotations

from fractions import Fraction

from tourney.engine.teams.round_view import TeamRound, team_rounds
from tourney.engine.teams.scores import TeamTables, team_tables
from tourney.load.trf_document import TrfDocument
from tourney.load.trf_lines import Line, column, parse_int, parse_points
from tourney.model import Tournament

FIRST_802, WIDTH_802, FIRST_801 = 29, 12, 15


def _text(value: Fraction | None) -> str:
    return "nothing" if value is None else f"{float(value):g}"


def _opponent(entry: TeamRound, numbers: dict[str, int]) -> str:
    return entry.bye or f"{numbers.get(entry.opponent, 0):03d}"


def check_team_results(doc: TrfDocument, t: Tournament) -> None:
    """Warn where a 801/802 record says what the matches do not."""
    numbers = {team.id: team.start or 0 for team in t.teams}
    by_number = {number: team_id for team_id, number in numbers.items()}
    view = team_rounds(t)
    tables = team_tables(t, len(t.rounds)) if t.rounds else None
    for code in ("802", "801"):
        for line in doc.other.get(code, []):
            number = parse_int(column(line, 5, 7))
            team = by_number.get(number or 0)
            if team is None:
                doc.warn(
                    "W357",
                    line,
                    5,
                    f"record {code} names team '{column(line, 5, 7)}', which has no 310 record",
                    "801/802 lines are informative: the line is ignored",
                )
                continue
            if code == "802":
                _check_802(doc, line, team, view[team], numbers, tables)
            else:
                _check_801(doc, line, team, view[team], numbers, t.settings.team.boards)


def _warn(doc: TrfDocument, line: Line, col: int, what: str, said: str, found: str) -> None:
    doc.warn(
        "W357",
        line,
        col,
        f"record {line.code}: {what}: the file says '{said}', the matches give '{found}'",
        "801/802 lines are informative: the matches of the 001 lines and 3xx records count",
    )


def _check_802(
    doc: TrfDocument,
    line: Line,
    team: str,
    rounds: list[TeamRound],
    numbers: dict[str, int],
    tables: TeamTables | None,
) -> None:
    if tables is not None:
        for first, last, table, what in (
            (15, 20, tables.mp, "match points"),
            (22, 27, tables.gp, "game points"),
        ):
            stated = parse_points(column(line, first, last))
            found = table.points(team) if team in table.views else None
            if stated is not None and found is not None and stated != found:
                _warn(
                    doc, line, first, f"team {numbers[team]}'s {what}", _text(stated), _text(found)
                )
                return
    for index, entry in enumerate(rounds):
        col = FIRST_802 + WIDTH_802 * index
        if len(line.text) < col:
            break
        said = column(line, col, col + 2)
        where = f"team {numbers[team]}, round {index + 1}"
        if said != _opponent(entry, numbers) and not (
            said == "000" and not entry.opponent and not entry.bye
        ):
            _warn(doc, line, col, f"{where}: opponent", said, _opponent(entry, numbers))
            return
        colour = column(line, col + 4, col + 4) or "-"
        if colour != entry.colour:
            _warn(doc, line, col + 4, f"{where}: colour", colour, entry.colour)
            return
        points = parse_points(column(line, col + 6, col + 9))
        if column(line, col + 6, col + 9) and points != entry.game_points:
            _warn(
                doc, line, col + 6, f"{where}: game points", _text(points), _text(entry.game_points)
            )
            return
        flag = column(line, col + 10, col + 10)
        if flag != entry.forfeit:
            _warn(doc, line, col + 10, f"{where}: forfeit", flag, entry.forfeit)
            return


def _check_801(
    doc: TrfDocument,
    line: Line,
    team: str,
    rounds: list[TeamRound],
    numbers: dict[str, int],
    boards: int,
) -> None:
    for index, entry in enumerate(rounds):
        col = FIRST_801 + (boards + 7) * index
        if len(line.text) < col:
            break
        said = line.text[col + 5 : col + 5 + boards].ljust(boards)
        found = entry.boards.ljust(boards)
        for board, (a, b) in enumerate(zip(said, found, strict=True), start=1):
            if a != b:
                _warn(
                    doc,
                    line,
                    col + 5 + board,
                    f"team {numbers[team]}, round {index + 1}, board {board}",
                    a.strip(),
                    b.strip(),
                )
                return
