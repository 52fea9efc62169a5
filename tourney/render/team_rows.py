"""A team match's boards as one Python function: the rows of ``_team_match.html``.

Every match is on its round page and on both teams' cards: a 60-team, 9-round event
renders some 800 such tables, 3,200 rows with two player links and two colour chips
each, most of a team card's templating as a Jinja loop. This gives the very bytes the
loop gave (``tests/test_site_golden.py``), escaping every value as autoescape does; a
translated word is markup, as Jinja's gettext makes it. A template of one's own may
still loop over the boards itself.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from tourney.render.cells import chip, player


def _e(value: object) -> str:
    return str(escape(value))


def team_board_rows(boards: Any, home: str) -> Markup:
    """A match's boards in team order, one ``<tr>`` a board: board, the first team's
    player with the colour they had (a W/B chip) and rating, the result from the first
    team's side, then the second team's player."""

    def side(p: Any, colour: str) -> str:
        return f'<td>{chip(colour.lower())} {player(p, home)}</td><td class="num opt">{_e(p.rating) if p else ""}</td>'

    out = [
        f'<tr><th scope="row" class="num">{_e(b.board)}</th>{side(b.first, b.first_colour)}'
        f'<td class="result">{_e(b.result or "–")}</td>{side(b.second, b.second_colour)}</tr>\n'
        for b in boards
    ]
    return Markup("".join(out))
