"""A team match's boards, a team card's matches and a round page's matches as Python
functions: the loops of ``_team_match.html``, ``team.html`` and ``team_round.html``.

Every match is on its round page and on both teams' cards: a 60-team, 9-round event
renders some 800 such tables, 3,200 rows with two player links and two colour chips
each, most of a team card's templating as Jinja loops with a macro per name and an
include per match. These give the very bytes the loops gave (``tests/test_site_golden.py``),
escaping every value as autoescape does; a translated word is markup, as Jinja's
gettext makes it. A template of one's own may still loop (``_team_match.html`` stays,
for one's own templates to include).
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from tourney.i18n import gettext as _
from tourney.render.cells import cell, chip, player
from tourney.render.cells import team as team_link


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


def _match_table(caption: str, first: Any, second: Any, boards: Any, home: str) -> str:
    """``_team_match.html`` in a scrolling box: a match's boards, team ``first`` first."""
    # each message outside the f-strings, where extraction (scripts/messages.py) sees it
    rtg, board, result = _("Rtg"), _("Bd."), _("Result")
    return (
        '<div class="scroll" tabindex="0">\n<table class="match">\n'
        f"<caption>{caption}</caption>\n"
        f'<thead><tr><th scope="col" class="num">{board}</th><th scope="col">{_e(first.name)}'
        f'</th><th scope="col" class="num opt">{rtg}</th><th scope="col" class="result">'
        f'{result}</th><th scope="col">{_e(second.name)}</th><th scope="col" class="num opt">'
        f"{rtg}</th></tr></thead>\n"
        f"<tbody>\n{team_board_rows(boards, home)}</tbody>\n</table>\n</div>\n"
    )


def card_matches(rounds: Any, team: Any, home: str) -> Markup:
    """team.html's "Matches": a section per round with the opponent, the colour on board
    1, game and match points, the match's day, time and venue, and its boards with the
    card's own team first."""
    out = []
    for r in rounds:
        against: str = _e(r.note)
        if r.opponent:
            against = _t(
                _("v %(team)s (%(colour)s on board 1)"),
                team=team_link(r.opponent, home),
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
            out.append(_match_table(caption, team, r.opponent, r.boards, home))
        out.append("</section>\n")
    return Markup("".join(out))


def round_matches(matches: Any, home: str) -> Markup:
    """team_round.html's matches: a section per match with its teams and game points, its
    venue (and its day and time when moved), the average ratings fielded, a decision,
    and its boards, the team named first first."""
    out = []
    for x in matches:
        out.append(
            f'<section class="matchbox" id="match-{_e(x.number)}">\n'
            f"<h2>{_e(x.number)}. {team_link(x.white, home)} – {team_link(x.black, home)} "
            f'<span class="score">{_e(x.game_points)}</span></h2>\n'
        )
        if x.venue or x.moved:
            venue = _t(_("Venue: %(venue)s"), venue=x.venue) if x.venue else ""
            moved = _t(_("moved to %(when)s"), when=x.moved) if x.moved else ""
            between = " · " if x.venue and x.moved else ""
            strong = f"<strong>{moved}</strong>" if x.moved else ""
            out.append(f'<p class="meta">{venue}{between}{strong}</p>\n')
        fielded = _t(
            _("Average rating fielded: %(first)s v %(second)s"),
            first=x.white_average or "–",
            second=x.black_average or "–",
        )
        decision = f" · {_e(x.decision)}" if x.decision else ""
        caption = _t(
            _("Boards of match %(number)s, %(team)s first; result from its side"),
            number=x.number,
            team=x.white.name,
        )
        out.append(
            f'<p class="meta">{fielded}{decision}</p>\n'
            + _match_table(caption, x.white, x.black, x.boards, home)
            + "</section>\n"
        )
    return Markup("".join(out))


def composition_rows(rows: Any, home: str) -> Markup:
    """``_composition.html``'s rows: a roster place with its player, rating, a cell per
    round (the score on the board played), points and games; reserves marked."""
    reserve = _("(reserve)")  # outside the f-string, where extraction sees it
    out = []
    for r in rows:
        css, mark = (
            (' class="reserve"', f'<span class="sr"> {reserve}</span>') if r.reserve else ("", "")
        )
        cells = "".join(cell(c, home) for c in r.cells)
        out.append(
            f'<tr{css}><td class="num">{_e(r.board)}{mark}</td>'
            f'<th scope="row">{player(r.player, home)}</th>'
            f'<td class="num opt">{_e(r.player.rating)}</td>{cells}'
            f'<td class="num pts">{_e(r.points)}</td><td class="num">{_e(r.games)}</td></tr>\n'
        )
    return Markup("".join(out))
