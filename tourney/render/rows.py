"""The longest tables of an individual event's pages as Python functions: a round's
boards, a round by name, the rounds and the tie-break working of a player card.

A 400-player, 11-round event renders 4,400 card rows, 26,000 working steps and as many
pairing rows; as Jinja loops with a macro per name they were most of a build's
templating. These give the very bytes the loops gave (``tests/test_site_golden.py``),
escaping every value as autoescape does; a translated word is markup, as Jinja's
gettext makes it. A template of one's own may still loop over the rows itself.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from tourney.i18n import gettext as _
from tourney.render.cells import cell, chip, player, rated, team


def _e(value: object) -> str:
    """``value`` escaped as ``markupsafe.escape`` does it (the same five entities), as a
    plain string: no ``Markup`` made and copied per cell."""
    if type(value) is not str:
        if hasattr(value, "__html__"):
            return str(value.__html__())
        value = str(value)
    return (
        value.replace("&", "&amp;")
        .replace(">", "&gt;")
        .replace("<", "&lt;")
        .replace("'", "&#39;")
        .replace('"', "&#34;")
    )


def board_rows(boards: Any, home: str) -> Markup:
    """round.html's pairings in board order, one ``<tr>`` a line."""
    game_title = _("The game")
    out = []
    for b in boards:
        white, black = b.white, b.black
        shown = _e(b.result or "–")
        result = (
            f'<a href="{_e(home)}{_e(b.game)}" title="{game_title}">{shown}</a>'
            if b.game
            else shown
        )
        out.append(
            f'<tr><th scope="row" class="num">{_e(b.board)}</th>'
            f'<td class="num opt">{_e(white.start) if white else ""}</td>'
            f'<td class="who">{rated(white, home)}</td>'
            f'<td class="num">{_e(b.white_points)}</td>'
            f'<td class="result">{result}</td>'
            f'<td class="num">{_e(b.black_points)}</td>'
            f'<td class="who">{rated(black, home)}</td>'
            f'<td class="num opt">{_e(black.start) if black else ""}</td></tr>\n'
        )
    return Markup("".join(out))


def alpha_rows(rows: Any, home: str) -> Markup:
    """round_alpha.html's rows: every player of a round by name."""
    out = []
    for r in rows:
        anchor = f' id="{_e(r.anchor)}"' if r.anchor else ""
        if r.opponent:
            opponent = rated(r.opponent, home)
        elif r.note:
            opponent = Markup(f'<span class="tag">{_e(r.note)}</span>')
        else:
            opponent = Markup("")
        out.append(
            f'<tr{anchor} data-search="{_e(r.search)}">'
            f'<th scope="row" class="who">{rated(r.player, home)}</th>'
            f'<td class="num">{_e(r.points)}</td>'
            f'<td class="num board">{_e(r.board)} {chip(r.chip)}</td>'
            f'<td class="who">{opponent}</td>'
            f'<td class="num">{_e(r.opponent_points) if r.opponent else ""}</td>'
            f'<td class="result">{_e(r.result)}</td></tr>\n'
        )
    return Markup("".join(out))


def card_rows(rounds: Any, home: str, teams: bool, rating: bool) -> Markup:
    """player.html's round-by-round rows; ``teams``: the opponent's team column,
    ``rating``: the rating change column."""
    out = []
    for r in rounds:
        opponent = rated(r.opponent, home) if r.opponent else ""
        team_cell = f"<td>{team(r.opponent_team, home)}</td>" if teams else ""
        change = f'<td class="num">{_e(r.rating_change)}</td>' if rating else ""
        out.append(
            f'<tr><th scope="row" class="num"><a href="{_e(home)}round-{r.number:02d}.html">'
            f"{_e(r.number)}</a></th>"
            f'<td class="num board">{_e(r.board)} {chip(r.chip)}</td>'
            f'<td class="who">{opponent}</td>{team_cell}'
            f'<td class="num">{_e(r.opponent_points) if r.opponent else ""}</td>'
            f'<td class="result">{_e(r.result)}</td>'
            f'<td class="num">{_e(r.running)}</td>{change}'
            f"<td>{_e(r.note)}</td></tr>\n"
        )
    return Markup("".join(out))


def working_rows(steps: Any) -> Markup:
    """player.html's rows of one tie-break's working: what counted, round by round."""
    word = _("cut")  # not inside the f-string, where extraction would not see it
    cut = f' <span class="tag">{word}</span>'
    out = []
    for s in steps:
        out.append(
            ('<tr class="cut">' if s.cut else "<tr>") + f'<td class="num">{_e(s.round)}</td>'
            f"<td>{_e(s.what)}</td>"
            f'<td class="num">{_e(s.counted)}{cut if s.cut else ""}</td>'
            f"<td>{_e(s.rule)}</td><td>{_e(s.note)}</td></tr>\n"
        )
    return Markup("".join(out))


def standing_rows(rows: Any, home: str, official: bool, performance: bool) -> Markup:
    """standings.html's rows; ``official``: the stated rank column (an imported TRF's),
    ``performance``: the TPR column."""
    out = []
    for r in rows:
        p = r.player
        note = f' <span class="tag">{_e(r.note)}</span>' if r.note else ""
        stated = f'<td class="num">{_e(r.official)}</td>' if official else ""
        tpr = f'<td class="num">{_e(r.performance)}</td>' if performance else ""
        out.append(
            f'<tr><td class="num">{_e(r.rank)}</td>{stated}'
            f'<td class="num opt">{_e(p.start)}</td>'
            f'<th scope="row">{player(p, home)}{note}</th>'
            f'<td class="num opt">{_e(p.rating)}</td><td class="opt">{_e(p.federation)}</td>'
            f'<td class="num pts">{_e(r.points)}</td>'
            f"{''.join(cell(c, home) for c in r.values)}{tpr}</tr>\n"
        )
    return Markup("".join(out))


def cross_rows(rows: Any, home: str, performance: bool) -> Markup:
    """crosstable.html's rows: rank, number, player, rating, a cell a round, points,
    tie-breaks; ``performance``: the TPR column."""
    out = []
    for r in rows:
        tpr = f'<td class="num">{_e(r.performance)}</td>' if performance else ""
        out.append(
            f'<tr><td class="num">{_e(r.rank)}</td><td class="num">{_e(r.start)}</td>'
            f'<th scope="row">{player(r.player, home)}</th>'
            f'<td class="num">{_e(r.player.rating)}</td>'
            f"{''.join(cell(c, home) for c in r.cells)}"
            f'<td class="num pts">{_e(r.points)}</td>'
            f"{''.join(cell(c, home) for c in r.values)}{tpr}</tr>\n"
        )
    return Markup("".join(out))
