"""The team pages' Python row functions (``tourney.render.team_rows``) give the very bytes
of the Jinja they replaced (site_templates at 93c598e, copied below: ``_team_match.html``,
team.html's and team_round.html's loops over the matches, ``_composition.html``'s rows),
for hostile values too: markup, quotes and ampersands in every field, in English and in
Dutch, at the site's root and one folder down (a team card)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from site_helpers import EXAMPLES

from tourney.app.build import read_theme
from tourney.i18n import catalog
from tourney.render import team_rows
from tourney.render.views import (
    Cell,
    CompositionRow,
    MatchRow,
    PlayerRef,
    TeamBoard,
    TeamRef,
    TeamRoundLine,
)

OLD_TEAM_MATCH = '<table class="match">\n<caption>{{ match_label }}</caption>\n<thead><tr><th scope="col" class="num">{{ _("Bd.") }}</th><th scope="col">{{ first_team.name }}</th><th scope="col" class="num opt">{{ _("Rtg") }}</th><th scope="col" class="result">{{ _("Result") }}</th><th scope="col">{{ second_team.name }}</th><th scope="col" class="num opt">{{ _("Rtg") }}</th></tr></thead>\n<tbody>\n{% for b in boards %}\n<tr><th scope="row" class="num">{{ b.board }}</th><td><abbr class="clr {{ b.first_colour | lower }}" title="{{ _(\'White\') if b.first_colour == \'W\' else _(\'Black\') }}">{{ pgettext(\'colour\', \'W\') if b.first_colour == \'W\' else pgettext(\'colour\', \'B\') }}</abbr> {{ m.player(b.first) }}</td><td class="num opt">{{ b.first.rating if b.first else "" }}</td><td class="result">{{ b.result or "–" }}</td><td><abbr class="clr {{ b.second_colour | lower }}" title="{{ _(\'White\') if b.second_colour == \'W\' else _(\'Black\') }}">{{ pgettext(\'colour\', \'W\') if b.second_colour == \'W\' else pgettext(\'colour\', \'B\') }}</abbr> {{ m.player(b.second) }}</td><td class="num opt">{{ b.second.rating if b.second else "" }}</td></tr>\n{% endfor %}\n</tbody>\n</table>\n'
BOARD_LOOP = "{% for b in boards %}\n<tr><th scope=\"row\" class=\"num\">{{ b.board }}</th><td><abbr class=\"clr {{ b.first_colour | lower }}\" title=\"{{ _('White') if b.first_colour == 'W' else _('Black') }}\">{{ pgettext('colour', 'W') if b.first_colour == 'W' else pgettext('colour', 'B') }}</abbr> {{ m.player(b.first) }}</td><td class=\"num opt\">{{ b.first.rating if b.first else \"\" }}</td><td class=\"result\">{{ b.result or \"–\" }}</td><td><abbr class=\"clr {{ b.second_colour | lower }}\" title=\"{{ _('White') if b.second_colour == 'W' else _('Black') }}\">{{ pgettext('colour', 'W') if b.second_colour == 'W' else pgettext('colour', 'B') }}</abbr> {{ m.player(b.second) }}</td><td class=\"num opt\">{{ b.second.rating if b.second else \"\" }}</td></tr>\n{% endfor %}\n"
CARD_LOOP = '{% for r in page.rounds %}\n<section class="matchbox">\n<h3>{{ _("Round %(number)s", number=r.number) }}: {% if r.opponent %}{{ _("v %(team)s (%(colour)s on board 1)", team=m.team(r.opponent), colour=_(r.colour)) }}{% else %}{{ r.note }}{% endif %} <span class="score">{{ r.game_points }}</span>{% if r.match_points %} <span class="tag">{{ _("%(points)s MP", points=r.match_points) }}</span>{% endif %}</h3>\n{% if r.when or r.venue or (r.opponent and r.note) %}<p class="meta">{{ [r.when, r.venue, r.note if r.opponent else ""] | select | join(" · ") }}</p>\n{% endif %}\n{% if r.boards %}\n<div class="scroll" tabindex="0">\n{% with boards = r.boards, match_label = _("Boards in round %(number)s, %(team)s first; result from its side", number=r.number, team=page.team.team.name), first_team = page.team.team, second_team = r.opponent %}{% include "_team_match.html" %}{% endwith %}\n</div>\n{% endif %}\n</section>\n{% endfor %}\n'
ROUND_LOOP = '{% for x in page.matches %}\n<section class="matchbox" id="match-{{ x.number }}">\n<h2>{{ x.number }}. {{ m.team(x.white) }} – {{ m.team(x.black) }} <span class="score">{{ x.game_points }}</span></h2>\n{% if x.venue or x.moved %}<p class="meta">{% if x.venue %}{{ _("Venue: %(venue)s", venue=x.venue) }}{% endif %}{% if x.venue and x.moved %} · {% endif %}{% if x.moved %}<strong>{{ _("moved to %(when)s", when=x.moved) }}</strong>{% endif %}</p>\n{% endif %}<p class="meta">{{ _("Average rating fielded: %(first)s v %(second)s", first=x.white_average or "–", second=x.black_average or "–") }}{% if x.decision %} · {{ x.decision }}{% endif %}</p>\n<div class="scroll" tabindex="0">\n{% with boards = x.boards, match_label = _("Boards of match %(number)s, %(team)s first; result from its side", number=x.number, team=x.white.name), first_team = x.white, second_team = x.black %}{% include "_team_match.html" %}{% endwith %}\n</div>\n</section>\n{% endfor %}\n'
COMPOSITION_LOOP = '{% for r in table.rows %}\n<tr{% if r.reserve %} class="reserve"{% endif %}><td class="num">{{ r.board }}{% if r.reserve %}<span class="sr"> {{ _("(reserve)") }}</span>{% endif %}</td><th scope="row">{{ player(r.player, frame.home) }}</th><td class="num opt">{{ r.player.rating }}</td>{% for c in r.cells %}{{ cell(c, frame.home) }}{% endfor %}<td class="num pts">{{ r.points }}</td><td class="num">{{ r.games }}</td></tr>\n{% endfor %}\n'

EVIL = "<b class=\"x\">Kok & 'Zoon'</b>"


def _ref(n: int, rating: str = "2100") -> PlayerRef:
    return PlayerRef(
        f"p{n}", f"{EVIL} {n}", "GM" if n % 2 else "", n, rating, "N&D", f"players/p{n}.html"
    )


def _team(n: int) -> TeamRef:
    return TeamRef(f"t{n}", f"{EVIL} team {n}", n, f"teams/t{n}.html")


BOARDS = (
    TeamBoard(1, _ref(1), "W", "1-0", _ref(2, ""), "B"),
    TeamBoard(2, None, "B", "+/-", _ref(3), "W"),
    TeamBoard(3, _ref(4), "W", "", None, "B"),
    TeamBoard(4, _ref(5), "B", EVIL, _ref(6), "W"),
)
ROUNDS = (
    TeamRoundLine(1, _team(2), "white", "2½-1½", "2", "", BOARDS, EVIL, EVIL),
    TeamRoundLine(2, _team(3), "black", "–", "", EVIL, (), "Sun 2026-10-11 14:30", ""),
    TeamRoundLine(3, None, "", "2", "1", EVIL, ()),
    TeamRoundLine(4, _team(4), "black", "1-3", "0", "", BOARDS[:2], "", "Jaarbeurs"),
)
MATCHES = (
    MatchRow(1, _team(1), _team(2), "2½-1½", "2-0", "2100", "", EVIL, BOARDS, EVIL, EVIL),
    MatchRow(2, _team(3), _team(4), "–", "", "", "1950", "", (), "", ""),
    MatchRow(3, _team(5), _team(6), "1-1", "", "2000", "2000", "", BOARDS[1:], "", "Sun 14:30"),
    MatchRow(4, _team(7), _team(8), "4-0", "2-0", "", "", "", BOARDS[:1], EVIL, ""),
)
COMPOSITION = (
    CompositionRow(1, _ref(1), False, (Cell("1", title=EVIL, css="win"), Cell("")), 1, "1"),
    CompositionRow(5, _ref(2, ""), True, (Cell(""), Cell("+", title="x", css="win")), 0, EVIL),
)


class _Page:
    def __init__(self, **fields: object) -> None:
        self.__dict__.update(fields)


def _environment() -> Any:
    """The shipped templates with ``_team_match.html`` as it was (for the old loops)."""
    theme = read_theme(EXAMPLES / "team-league")
    templates = {**theme.templates, "_team_match.html": OLD_TEAM_MATCH}
    return dataclasses.replace(theme, templates=templates).environment()


CASES = {
    "team_board_rows": (
        BOARD_LOOP,
        lambda page, home: team_rows.team_board_rows(page.boards, home),
    ),
    "card_matches": (
        CARD_LOOP,
        lambda page, home: team_rows.card_matches(page.rounds, page.team.team, home),
    ),
    "round_matches": (
        ROUND_LOOP,
        lambda page, home: team_rows.round_matches(page.matches, home),
    ),
    "composition_rows": (
        COMPOSITION_LOOP,
        lambda page, home: team_rows.composition_rows(page.rows, home),
    ),
}


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_a_team_row_function_gives_the_templates_bytes(name: str, language: str) -> None:
    source, call = CASES[name]
    loop = _environment().from_string('{% import "_macros.html" as m with context %}' + source)
    page = _Page(
        boards=BOARDS,
        rounds=ROUNDS,
        team=_Page(team=_team(1)),
        matches=MATCHES,
        rows=COMPOSITION,
    )
    for home in ("", "../"):
        frame = _Page(home=home)
        with catalog.language(language):
            want = loop.render(page=page, frame=frame, boards=BOARDS, table=page)
            got = str(call(page, home))
        assert got == want
        assert EVIL not in got  # escaped, never markup
