"""The data files and schedule of a team event (issue 32 item 4; docs/site.md), worked by
hand from examples/team-league (12 teams, 4 boards, 3 rounds played, tie-breaks GP, EDE,
EMGSB; C.07 13.2.2).

Philidor 1 (t9, roster m09 m16 m33 m40; in a match the first-named team has White on
the odd boards):
- round 1 v Het Spaarne 1 (t12): 1 + ½ + ½ + 1 = 3 game points;
- round 2 v De Toren 1 (t3): 1 + 1 + ½ + 1 = 3½;
- round 3 v Utrecht 1 (t5): ½ + ½ + 1 + 1 = 3.
Three won matches: 6 match points, 9½ game points. After round 3 the opponents have
1 (t12), 2 (t3) and 4 (t5) match points, so EMGSB (opponent's match points x own game
points) = 1 x 3 + 2 x 3½ + 4 x 3 = 22. Utrecht 1 and Zukertort 1 are level on 4 match
points and 7 game points, so only they have an EDE value; nobody else shares a score.
"""

from __future__ import annotations

import csv
import io
import json
import re

from builders import team_event
from test_site_golden import site
from test_team_withdrawn import match

from tourney.engine.evaluation import evaluate
from tourney.i18n import catalog
from tourney.model import Format, Round
from tourney.render.site.event import EventData, Frames
from tourney.render.site.team import cards as team_cards
from tourney.render.site.team import standings as team_standings
from tourney.render.site.team.event import TeamEvent
from tourney.render.views import TeamCardPage, TeamListPage, TeamStandingsPage


def _json() -> dict[str, object]:
    return json.loads(site("team-league")["standings.json"])


def test_team_standings_json_has_every_tiebreak_and_its_rules() -> None:
    data = _json()
    assert data["tiebreak_rules"] in ("2024", "2026")
    assert data["tiebreaks"] == ["GP", "EDE", "EMGSB"]
    rows = data["rows"]
    assert isinstance(rows, list)
    first = rows[0]
    assert (first["id"], first["rank"], first["name"]) == ("t9", 1, "Philidor 1")
    assert (first["points"], first["match_points"], first["game_points"]) == ("6", "6", "9.5")
    assert (first["played"], first["won"], first["drawn"], first["lost"]) == (3, 3, 0, 0)
    assert first["tiebreaks"] == {"GP": "9.5", "EDE": None, "EMGSB": "22"}
    level = {row["id"]: row["tiebreaks"]["EDE"] for row in rows if row["tiebreaks"]["EDE"]}
    assert set(level) == {"t5", "t8"}
    assert level["t5"] == level["t8"]
    assert first["withdrawn_after"] is None


def test_one_standings_json_shape_for_both_kinds() -> None:
    """The team file has every key of the individual one, at the top and in each row."""
    single = json.loads(site("swiss-open")["standings.json"])
    team = _json()
    assert set(single) == set(team)
    row_keys = set(single["rows"][0]) - {"title", "rating", "federation"}
    assert row_keys <= set(team["rows"][0])


def test_team_standings_csv() -> None:
    assert "standings.csv" in site("team-league")
    rows = list(csv.reader(io.StringIO(site("team-league")["standings.csv"].decode("utf-8"))))
    assert rows[0] == [
        "rank",
        "start",
        "id",
        "name",
        "points",
        "match_points",
        "game_points",
        "played",
        "won",
        "drawn",
        "lost",
        "withdrawn_after",
        "GP",
        "EDE",
        "EMGSB",
    ]
    assert rows[1] == [
        "1",
        "7",
        "t9",
        "Philidor 1",
        "6",
        "6",
        "9.5",
        "3",
        "3",
        "0",
        "0",
        "",
        "9.5",
        "",
        "22",
    ]
    assert len(rows) == 13  # a header and twelve teams
    assert b"standings.csv" in site("team-league")["downloads.html"]


def test_team_schedule_counts_boards_not_matches() -> None:
    """Six matches of four boards a round: 24 boards (it said 6)."""
    page = site("team-league")["schedule.html"].decode("utf-8")
    cells = re.findall(r'round-0(\d)\.html">\d</a></th>.*?<td class="num">(\d+)</td>', page)
    assert cells == [("1", "24"), ("2", "24"), ("3", "24")]


def _withdrawn_event() -> TeamEvent:
    """A, B, C, D of four boards; D withdraws after round 1 (docs/teams.md "Pairing")."""
    first = Round(1, matches=(match("A", "C", "1 0 1 0"), match("B", "D", "= = = =")))
    second = Round(2, matches=(match("A", "B", "1 = 0 ="),))
    t = team_event(
        first, second, fmt=Format.TEAM_SWISS, planned=5, team_fields={"D": {"withdrawn_after": 1}}
    )
    return TeamEvent(EventData(evaluate(t)), Frames("T", ()))


def test_a_withdrawn_team_is_labelled_in_later_standings() -> None:
    pages = dict(team_standings.pages(_withdrawn_event()))
    after_1, after_2 = pages["standings-01.html"], pages["standings-02.html"]
    assert isinstance(after_1, TeamStandingsPage) and isinstance(after_2, TeamStandingsPage)
    assert {r.team.id: r.note for r in after_1.rows} == dict.fromkeys("ABCD", "")
    assert {r.team.id: r.note for r in after_2.rows} == {
        "A": "",
        "B": "",
        "C": "",
        "D": "withdrawn after round 1",
    }


def test_a_withdrawn_team_is_labelled_on_the_team_list_and_its_card() -> None:
    pages = dict(team_cards.pages(_withdrawn_event()))
    listing = pages["teams.html"]
    assert isinstance(listing, TeamListPage)
    card = pages[listing.teams[3].team.href]
    assert isinstance(card, TeamCardPage)
    assert [t.withdrawn for t in listing.teams] == ["", "", "", "withdrawn after round 1"]
    assert card.team.withdrawn == "withdrawn after round 1"
    with catalog.language("nl"):
        dutch = dict(team_cards.pages(_withdrawn_event()))[card.team.team.href]
    assert isinstance(dutch, TeamCardPage)
    assert dutch.team.withdrawn == "teruggetrokken na ronde 1"


def test_player_card_links_the_team_and_names_each_opponents_team() -> None:
    """Giulia Lammers (m05) is board 1 of Utrecht 1 (t5); from the round files she met
    Petra Haas of Paard van Ree 1 (round 1, match t6-t5), Sofie Vos of Rokade 1 (round 2)
    and Tobias Schouten of Philidor 1 (round 3, match t9-t5)."""
    page = site("team-league")["players/m05.html"].decode("utf-8")
    assert '<dt>Team</dt><dd><a href="../teams/t5.html">Utrecht 1, board 1</a></dd>' in page
    assert '<th scope="col">Opponent\'s team</th>' in page
    met = re.findall(
        r'<td class="who"><a href="../players/(m\d+).html">.*?</td><td><a href="../teams/(t\d+).html">',
        page,
    )
    assert met == [("m06", "t6"), ("m11", "t11"), ("m09", "t9")]


def test_individual_card_has_no_team_column() -> None:
    page = site("swiss-open")["players/p04.html"].decode("utf-8")
    assert "Opponent's team" not in page
