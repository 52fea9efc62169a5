"""composition.html, a team event's line-ups: each team's roster by rounds, every
player's score on the board they played (issue 20, chess-results' team page; docs/site.md
"The pages of a team event"). The same table is on each team card
(``tourney.render.site.team.cards``).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from tourney.i18n import gettext as _
from tourney.model import Team
from tourney.render import text
from tourney.render.site.team.event import Pages, TeamEvent
from tourney.render.views import Cell, CompositionPage, CompositionRow, CompositionTable

_SCORE_CSS = {"1": "win", "+": "win", "½": "draw", "0": "loss", "-": "loss"}
_NOT_FIELDED = Cell("")

Cells = Mapping[str, Mapping[int, Cell]]


def pages(ev: TeamEvent) -> Pages:
    tables = composition_tables(ev)
    yield (
        "composition.html",
        CompositionPage(
            frame=ev.frames("composition.html", _("Team compositions")),
            rounds=tuple(rnd.number for rnd in ev.data.rounds),
            teams=tuple(tables[team.id] for team in ev.data.teams),
        ),
    )


def composition_tables(ev: TeamEvent) -> Mapping[str, CompositionTable]:
    """Each team's line-ups by round (team id -> table), for this page and the cards."""

    def make() -> Mapping[str, CompositionTable]:
        cells = composition_cells(ev)
        return {team.id: composition_table(ev, team, cells) for team in ev.data.teams}

    return ev.once("composition tables", make)


def composition_cells(ev: TeamEvent) -> Cells:
    """player -> round -> the cell of the board they played (team order, own side)."""
    data = ev.data
    found: dict[str, dict[int, Cell]] = {}
    for rnd in data.rounds:
        for index in range(len(rnd.matches)):
            match = ev.scores[(rnd.number, index)].match
            for own, other in ((match.white, match.black), (match.black, match.white)):
                opponent = data.team_refs[other].name
                for b in ev.match_boards(match, own):
                    if b.first is None:
                        continue
                    colour = _("White") if b.first_colour == "W" else _("Black")
                    against = (
                        text.person(b.second.name, b.second.title) if b.second else _("no player")
                    )
                    title = _(
                        "round {number}, board {board}, {colour} v {against} ({team})"
                    ).format(
                        number=rnd.number,
                        board=b.board,
                        colour=colour,
                        against=against,
                        team=opponent,
                    )
                    score = _own_score(b.result)
                    found.setdefault(b.first.id, {})[rnd.number] = Cell(
                        score,
                        title=title if score else _("{title}: no result yet").format(title=title),
                        css=_SCORE_CSS.get(score, ""),
                    )
    return found


def composition_table(ev: TeamEvent, team: Team, cells: Cells) -> CompositionTable:
    """One team's roster in board order, a cell per round."""
    numbers = [rnd.number for rnd in ev.data.rounds]
    rows = tuple(
        CompositionRow(
            board=index + 1,
            player=ev.data.refs[pid],
            reserve=index >= ev.boards,
            cells=tuple(cells.get(pid, {}).get(n, _NOT_FIELDED) for n in numbers),
            games=ev.games.get(pid, 0),
            points=text.points(ev.points.get(pid, Fraction(0))),
        )
        for index, pid in enumerate(team.roster)
    )
    return CompositionTable(ev.data.team_refs[team.id], rows)


def _own_score(result: str) -> str:
    """A player's score from a board result read from their side: "1-0" -> "1", "+/-" -> "+"."""
    if not result:
        return ""
    return result[0] if "/" in result else result.split("-")[0]
