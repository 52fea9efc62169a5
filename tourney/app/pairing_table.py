"""The pairing of a round as the arbiter posts it, in text: ``tourney pair`` prints it.

Board, White and Black with rating and points before the round, the byes; a team event
one line a match, then its boards in team order (``tourney.render.team_order``), as
chess-results' team pairings list them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.engine.standings import standings
from tourney.model import Match, Round, Tournament
from tourney.render.text import points as shown_points

if TYPE_CHECKING:
    from tourney.render.views import PlayerRef


def _points_before(t: Tournament, number: int) -> dict[str, str]:
    """Each participant's points before round ``number`` (match points in a team event)."""
    if number <= 1:
        return {}
    table = standings(t, after=number - 1, tiebreaks=())
    return {row.participant: shown_points(row.points) for row in table.rows}


def _player(t: Tournament, pid: str) -> tuple[str, str]:
    if not pid:
        return "(empty seat)", ""
    try:
        p = t.player(pid)
    except KeyError:
        return pid, ""
    return p.name, str(p.rating or "")


def _board_rows(t: Tournament, match: Match, number: int) -> list[tuple[str, ...]]:
    """A match's boards in team order (render.team_order): the first team's player on the
    left of every board with the colour they have, as chess-results' team pairings list them."""
    from tourney.render.team_order import team_boards  # team events only (bench/startup.py)
    from tourney.render.views import PlayerRef

    team_of = {pid: team.id for team in t.teams for pid in team.roster}

    def ref(pid: str) -> PlayerRef:
        name, rating = _player(t, pid)
        return PlayerRef(pid, name, "", 0, rating, "", "")

    rows: list[tuple[str, ...]] = []
    for b in team_boards(match, match.white, ref, team_of):
        first, second = b.first or ref(""), b.second or ref("")
        rows.append(
            (
                f"{number}.{b.board}",
                b.first_colour,
                first.name,
                first.rating,
                "-",
                b.second_colour,
                second.name,
                second.rating,
            )
        )
    return rows


def _with_boards(t: Tournament, rnd: Round, match_lines: list[str], indent: str) -> list[str]:
    """Each match line followed by its boards, when its line-up is known."""
    boards = [_board_rows(t, m, n) for n, m in enumerate(rnd.matches, start=1)]
    every = [row for rows in boards for row in rows]
    if not every:
        return match_lines
    widths = [max(len(r[i]) for r in every) for i in range(len(every[0]))]
    numeric = {3, 7}
    out = []
    for match_line, rows in zip(match_lines, boards, strict=True):
        out.append(match_line)
        for row in rows:
            cells = [
                cell.rjust(width) if i in numeric else cell.ljust(width)
                for i, (cell, width) in enumerate(zip(row, widths, strict=True))
            ]
            out.append(indent + "  ".join(cells).rstrip())
    return out


def pairing_table(t: Tournament, rnd: Round) -> list[str]:
    """The round as the arbiter posts it: board, White and Black with rating and points
    (before the round), the byes; in a team event, one line a match, then its boards
    (board, each player with colour and rating, the first team's player first)."""
    before = _points_before(t, rnd.number)
    rows: list[tuple[str, ...]] = []
    if t.is_team:
        header: tuple[str, ...] = ("match", "white", "pts", "black", "pts")
        for number, match in enumerate(rnd.matches, start=1):
            white, black = t.team(match.white), t.team(match.black)
            rows.append(
                (
                    str(number),
                    white.name,
                    before.get(white.id, "0"),
                    black.name,
                    before.get(black.id, "0"),
                )
            )
    else:
        header = ("board", "white", "rating", "pts", "black", "rating", "pts")
        for number, game in enumerate(rnd.games, start=1):
            (wn, wr), (bn, br) = _player(t, game.white), _player(t, game.black)
            rows.append(
                (
                    str(number),
                    wn,
                    wr,
                    before.get(game.white, "0"),
                    bn,
                    br,
                    before.get(game.black, "0"),
                )
            )
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    numeric = {0, 2, 3, 5, 6} if not t.is_team else {0, 2, 4}

    def line(row: tuple[str, ...]) -> str:
        cells = [
            cell.rjust(width) if i in numeric else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        return "  " + "  ".join(cells).rstrip()

    lines = [line(header), *(line(r) for r in rows)]
    if t.is_team:
        indent = " " * lines[0].index("white")  # the boards start under the team names
        lines = [lines[0], *_with_boards(t, rnd, lines[1:], indent)]
    for bye in rnd.byes:
        name = t.team(bye.participant).name if t.is_team else _player(t, bye.participant)[0]
        points = before.get(bye.participant, "0")
        lines.append(f"  bye ({bye.kind.value}): {name}, {points} pts")
    return lines


__all__ = ["pairing_table"]
