"""The Python row functions (``tourney.render.rows``, ``cells.nav``) give the very bytes of
the Jinja loops they replaced (site_templates at 93c598e, copied below), for hostile
values too: markup, quotes and ampersands in every field, in English and in Dutch."""

from __future__ import annotations

import pytest
from site_helpers import EXAMPLES

from tourney.app.build import read_theme
from tourney.i18n import catalog
from tourney.render import cells, rows
from tourney.render.views import (
    AlphaPairingRow,
    BoardRow,
    CardRound,
    Cell,
    CrossRow,
    NavItem,
    PlayerRef,
    StandingRow,
    TeamRef,
    WorkingStep,
)

# The loops as the templates had them (each row as one line), "page" holding the rows.
LOOPS = {
    "board_rows": '{% for b in page.boards %}\n<tr><th scope="row" class="num">{{ b.board }}</th><td class="num opt">{{ b.white.start if b.white else "" }}</td><td class="who">{{ m.rated(b.white) }}</td><td class="num">{{ b.white_points }}</td><td class="result">{% if b.game %}<a href="{{ frame.home }}{{ b.game }}" title="{{ _("The game") }}">{{ b.result or "–" }}</a>{% else %}{{ b.result or "–" }}{% endif %}</td><td class="num">{{ b.black_points }}</td><td class="who">{{ m.rated(b.black) }}</td><td class="num opt">{{ b.black.start if b.black else "" }}</td></tr>\n{% endfor %}\n',
    "alpha_rows": '{% for r in page.rows %}\n<tr{% if r.anchor %} id="{{ r.anchor }}"{% endif %} data-search="{{ r.search }}"><th scope="row" class="who">{{ m.rated(r.player) }}</th><td class="num">{{ r.points }}</td><td class="num board">{{ r.board }} {{ m.chip(r.chip) }}</td><td class="who">{% if r.opponent %}{{ m.rated(r.opponent) }}{% elif r.note %}<span class="tag">{{ r.note }}</span>{% endif %}</td><td class="num">{{ r.opponent_points if r.opponent else "" }}</td><td class="result">{{ r.result }}</td></tr>\n{% endfor %}\n',
    "card_rows": '{% for r in page.rounds %}\n<tr><th scope="row" class="num"><a href="{{ frame.home }}round-{{ \'%02d\' % r.number }}.html">{{ r.number }}</a></th><td class="num board">{{ r.board }} {{ m.chip(r.chip) }}</td><td class="who">{% if r.opponent %}{{ m.rated(r.opponent) }}{% endif %}</td>{% if teams %}<td>{{ m.team(r.opponent_team) }}</td>{% endif %}<td class="num">{{ r.opponent_points if r.opponent else "" }}</td><td class="result">{{ r.result }}</td><td class="num">{{ r.running }}</td>{% if page.k %}<td class="num">{{ r.rating_change }}</td>{% endif %}<td>{{ r.note }}</td></tr>\n{% endfor %}\n',
    "working_rows": '{% for s in page.steps %}\n<tr{% if s.cut %} class="cut"{% endif %}><td class="num">{{ s.round }}</td><td>{{ s.what }}</td><td class="num">{{ s.counted }}{% if s.cut %} <span class="tag">{{ _("cut") }}</span>{% endif %}</td><td>{{ s.rule }}</td><td>{{ s.note }}</td></tr>\n{% endfor %}\n',
    "standing_rows": '{% for r in page.rows %}\n<tr><td class="num">{{ r.rank }}</td>{% if page.official %}<td class="num">{{ r.official }}</td>{% endif %}<td class="num opt">{{ r.player.start }}</td><th scope="row">{{ player(r.player, frame.home) }}{% if r.note %} <span class="tag">{{ r.note }}</span>{% endif %}</th><td class="num opt">{{ r.player.rating }}</td><td class="opt">{{ r.player.federation }}</td><td class="num pts">{{ r.points }}</td>{% for c in r.values %}{{ cell(c, frame.home) }}{% endfor %}{% if page.show_performance %}<td class="num">{{ r.performance }}</td>{% endif %}</tr>\n{% endfor %}\n',
    "cross_rows": '{% for r in page.rows %}\n<tr><td class="num">{{ r.rank }}</td><td class="num">{{ r.start }}</td><th scope="row">{{ player(r.player, frame.home) }}</th><td class="num">{{ r.player.rating }}</td>{% for c in r.cells %}{{ cell(c, frame.home) }}{% endfor %}<td class="num pts">{{ r.points }}</td>{% for c in r.values %}{{ cell(c, frame.home) }}{% endfor %}{% if page.show_performance %}<td class="num">{{ r.performance }}</td>{% endif %}</tr>\n{% endfor %}\n',
}
NAV = '{% if frame.nav %}\n{% set here = frame.nav | selectattr("current") | first %}\n{#- the items once, shown twice: in the phone menu and as tabs #}\n{% set items %}\n{% for item in frame.nav %}\n<li><a href="{{ frame.home }}{{ item.href }}"{% if item.current %} aria-current="page"{% endif %}>{{ item.text }}</a></li>\n{% endfor %}\n{% endset %}\n<nav class="sections" aria-label="{{ _("Sections") }}">\n<details class="menu">\n<summary>{{ _("Menu") }}{% if here %} <span class="here">· {{ here.text }}</span>{% endif %}</summary>\n<ul>\n{{ items }}</ul>\n</details>\n<ul class="tabs">\n{{ items }}</ul>\n</nav>\n{% endif %}\n'

EVIL = "<b class=\"x\">Kok & 'Zoon'</b>"


def _ref(n: int, rating: str = "2100") -> PlayerRef:
    return PlayerRef(
        f"p{n}", f"{EVIL} {n}", "GM" if n % 2 else "", n, rating, "N&D", f"players/p{n}.html"
    )


def _cells(n: int) -> tuple[Cell, ...]:
    return (
        Cell(f"{n}½", href=f"players/p{n}.html#tb-BH", title=f"BH: {EVIL}", css="win"),
        Cell("", title="DE"),
        Cell("7", href="players/x.html"),
        Cell("<1>", css="", title=""),
    )


PAGES = {
    "board_rows": {
        "boards": (
            BoardRow(1, _ref(1), "3½", "1-0", _ref(2, ""), EVIL, game="round-01-game-01.html"),
            BoardRow(2, _ref(3), "3", "", None, "0"),
            BoardRow(3, None, "", "½-½", _ref(4), "2"),
        )
    },
    "alpha_rows": {
        "rows": (
            AlphaPairingRow(_ref(1), "1", "w", _ref(2), "1", anchor="letter-K", search=EVIL),
            AlphaPairingRow(_ref(2, ""), "", "", None, "", note=EVIL, points="2", chip=""),
            AlphaPairingRow(_ref(3), "4", "b", None, "", chip="b", opponent_points="1½"),
            AlphaPairingRow(_ref(4), "5", "b", _ref(5), "½", chip="w", opponent_points=EVIL),
        )
    },
    "card_rows": {
        "rounds": (
            CardRound(1, "3", _ref(2), "white", "1", "1", "1", EVIL, "", "+7.2", "w", "0"),
            CardRound(2, "", None, "", "", "", "1", "half-point bye", "", "", "", ""),
            CardRound(
                11,
                "12",
                _ref(5, ""),
                "black",
                "½",
                "½",
                "1½",
                "",
                "",
                EVIL,
                "b",
                "3",
                TeamRef("t1", EVIL, 1, "teams/t1.html"),
            ),
        ),
        "k": "20",
    },
    "working_rows": {
        "steps": (
            WorkingStep("1", EVIL, "2½", "C.07 8.1", EVIL, True),
            WorkingStep("", "total", "", "", "", False),
        )
    },
    "standing_rows": {
        "rows": (
            StandingRow("1", _ref(1), "9", _cells(1), "2701", note=EVIL, official="2"),
            StandingRow("–", _ref(2, ""), "0", _cells(2), ""),
        ),
        "official": True,
        "show_performance": True,
    },
    "cross_rows": {
        "rows": (
            CrossRow("1", 1, _ref(1), _cells(3), "9", _cells(1), "2701"),
            CrossRow("2", 2, _ref(2), (), "8½", (), EVIL),
        ),
        "show_performance": True,
    },
}

CALLS = {
    "board_rows": lambda page, home: rows.board_rows(page.boards, home),
    "alpha_rows": lambda page, home: rows.alpha_rows(page.rows, home),
    "card_rows": lambda page, home: rows.card_rows(page.rounds, home, True, page.k),
    "working_rows": lambda page, home: rows.working_rows(page.steps),
    "standing_rows": lambda page, home: rows.standing_rows(
        page.rows, home, page.official, page.show_performance
    ),
    "cross_rows": lambda page, home: rows.cross_rows(page.rows, home, page.show_performance),
}


class _Page:
    def __init__(self, fields: dict[str, object]) -> None:
        self.__dict__.update(fields)


class _Frame:
    def __init__(self, home: str, nav: tuple[NavItem, ...] = ()) -> None:
        self.home, self.nav = home, nav


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("name", sorted(LOOPS))
def test_a_row_function_gives_the_loops_bytes(name: str, language: str) -> None:
    env = read_theme(EXAMPLES / "swiss-open").environment()
    loop = env.from_string(
        '{% import "_macros.html" as m with context %}'
        '{% set teams = page.rounds | selectattr("opponent_team") | list '
        "if page.rounds is defined else [] %}" + LOOPS[name]
    )
    page = _Page(PAGES[name])
    for home in ("", "../"):
        with catalog.language(language):
            want = loop.render(page=page, frame=_Frame(home))
            got = str(CALLS[name](page, home))
        assert got == want
        assert EVIL not in got  # escaped, never markup


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_navigation_gives_the_templates_bytes(language: str) -> None:
    env = read_theme(EXAMPLES / "swiss-open").environment()
    template = env.from_string(NAV)
    items = (
        NavItem("index.html", "Event"),
        NavItem("players.html", EVIL, current=True),
        NavItem("pages/a&b.html", "Rules"),
    )
    for home in ("", "../"):
        with catalog.language(language):
            want = template.render(frame=_Frame(home, items))
            got = str(cells.nav(items, home)) + "\n"
        assert got == want
