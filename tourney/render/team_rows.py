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

from tourney.i18n import gettext as _
from tourney.render.cells import chip, player
from tourney.render.cells import team as cells_team


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


def _t(translated: str, **values: object) -> Markup:
    """A translated message with its values escaped into it, as Jinja's gettext does."""
    return Markup(translated) % values if values else Markup(translated)


def card_matches(rounds: Any, team: Any, home: str) -> Markup:
    """team.html's "Matches": a section per round with the opponent, the colour on board
    1, game and match points, the match's day, time and venue, and its boards with the
    card's own team first (the markup of ``_team_match.html``)."""
    # each message outside the f-strings, where extraction (scripts/messages.py) sees it
    rtg, board, result = _("Rtg"), _("Bd."), _("Result")
    heads = (
        f'<thead><tr><th scope="col" class="num">{board}</th><th scope="col">'
        f'{_e(team.name)}</th><th scope="col" class="num opt">{rtg}</th>'
        f'<th scope="col" class="result">{result}</th><th scope="col">'
    )
    tail = f'</th><th scope="col" class="num opt">{rtg}</th></tr></thead>\n'
    out = []
    for r in rounds:
        against: str = _e(r.note)
        if r.opponent:
            against = _t(
                _("v %(team)s (%(colour)s on board 1)"),
                team=cells_team(r.opponent, home),
                colour=Markup(_(r.colour)),
            )
        points = ""
        if r.match_points:
            tag = _t(_("%(points)s MP"), points=r.match_points)
            points = f' <span class="tag">{tag}</span>'
        title = _t(_("Round %(number)s"), number=r.number)
        out.append(
            '<section class="matchbox">\n'
            f"<h3>{title}: {against} "
            f'<span class="score">{_e(r.game_points)}</span>{points}</h3>\n'
        )
        meta = [x for x in (r.when, r.venue, r.note if r.opponent else "") if x]
        if meta:
            out.append(f'<p class="meta">{" · ".join(_e(x) for x in meta)}</p>\n')
        if r.boards:
            caption = _t(
                _("Boards in round %(number)s, %(team)s first; result from its side"),
                number=r.number,
                team=team.name,
            )
            out.append(
                '<div class="scroll" tabindex="0">\n<table class="match">\n'
                f"<caption>{caption}</caption>\n{heads}{_e(r.opponent.name)}{tail}"
                f"<tbody>\n{team_board_rows(r.boards, home)}</tbody>\n</table>\n</div>\n"
            )
        out.append("</section>\n")
    return Markup("".join(out))
