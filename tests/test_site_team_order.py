"""Team events read team against team (issue 20): a match's boards in team order, the
result from the first team's side, "–" before a result, the ranking tie-breaks and team
numbers on the site's team standings, the team-pairings PDF in the same order.

Worked by hand on examples/team-league, round 3, match 1 "Philidor 1 (t9) – Utrecht 1
(t5)" (rounds/03.yaml): board 1 m09 Schouten (Philidor, White) ½-½ m05 Lammers;
board 2 m20 Dekker (Utrecht, White) ½-½ m16 Prins (Philidor); board 3 m33 van Dam
(Philidor, White) 1-0; board 4 m44 Groen (Utrecht, White) 0-1 m40 Jacobs (Philidor).
From Philidor's side: ½, ½, 1, 1 = 3, the match's 3-1.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tourney.engine.evaluation import evaluate
from tourney.load.folder import load_tournament
from tourney.model import (
    Format,
    Game,
    Match,
    Player,
    Result,
    Round,
    Settings,
    Team,
    TeamOptions,
    Tournament,
)
from tourney.render.site.event import EventData, Frames
from tourney.render.site.team import cards as team_cards
from tourney.render.site.team import composition as team_composition
from tourney.render.site.team import grid as team_grid
from tourney.render.site.team import rounds as team_rounds
from tourney.render.site.team import standings as team_standings
from tourney.render.site.team.event import TeamEvent
from tourney.render.views import (
    CompositionPage,
    TeamCardPage,
    TeamGridPage,
    TeamRoundPage,
    TeamStandingsPage,
)

ROOT = Path(__file__).resolve().parents[1]
LEAGUE = ROOT / "examples" / "team-league"
W, D, L = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS


def pages(t: Tournament | None = None) -> TeamEvent:
    t = t or load_tournament(LEAGUE)
    return TeamEvent(EventData(evaluate(t)), Frames(t.settings.name, ()))


def test_round_page_lists_the_first_team_first_on_every_board() -> None:
    page = dict(team_rounds.pages(pages()))["round-03.html"]
    assert isinstance(page, TeamRoundPage)
    match = page.matches[0]
    assert (match.white.name, match.black.name, match.game_points) == (
        "Philidor 1",
        "Utrecht 1",
        "3-1",
    )
    boards = [
        (
            b.board,
            b.first_colour,
            b.first.id if b.first else "",
            b.result,
            b.second.id if b.second else "",
        )
        for b in match.boards
    ]
    assert boards == [
        (1, "W", "m09", "½-½", "m05"),
        (2, "B", "m16", "½-½", "m20"),
        (3, "W", "m33", "1-0", "m29"),
        (4, "B", "m40", "1-0", "m44"),
    ]


def test_team_card_lists_its_own_team_first_with_results_from_its_side() -> None:
    """Utrecht 1's card, round 3: its players first, the same boards read the other way."""
    page = dict(team_cards.pages(pages()))["teams/t5.html"]
    assert isinstance(page, TeamCardPage)
    line = page.rounds[2]
    assert (line.opponent.name if line.opponent else "", line.game_points) == ("Philidor 1", "1-3")
    assert [(b.first_colour, b.first.id if b.first else "", b.result) for b in line.boards] == [
        ("B", "m05", "½-½"),
        ("W", "m20", "½-½"),
        ("B", "m29", "0-1"),
        ("W", "m44", "0-1"),
    ]


def test_a_match_without_a_result_shows_a_dash_not_0_0() -> None:
    t = load_tournament(LEAGUE)
    last = t.rounds[-1]
    bare = tuple(
        replace(m, games=tuple(replace(g, result=None) for g in m.games)) for m in last.matches
    )
    t = replace(t, rounds=(*t.rounds[:-1], replace(last, matches=bare)))
    page = dict(team_rounds.pages(pages(t)))["round-03.html"]
    assert isinstance(page, TeamRoundPage)
    match = page.matches[0]
    assert (match.game_points, match.match_points) == ("–", "")
    assert {b.result for b in match.boards} == {""}
    card = dict(team_cards.pages(pages(t)))["teams/t9.html"]
    assert isinstance(card, TeamCardPage)
    assert (card.rounds[2].game_points, card.rounds[2].match_points) == ("–", "")


def test_team_standings_show_team_numbers_and_every_ranking_tiebreak_once() -> None:
    """tournament.yaml ranks by MP, then GP, EDE, EMGSB: GP has its column already, so
    EDE and EMGSB follow it, as `tourney standings` prints them. Philidor 1 (team number 7
    in teams.yaml) leads with 6 MP (three wins) and 9½ GP (3 + 3½ + 3 in rounds 1-3)."""
    page = dict(team_standings.pages(pages()))["standings.html"]
    assert isinstance(page, TeamStandingsPage)
    assert [c.code for c in page.columns] == ["EDE", "EMGSB"]
    top = page.rows[0]
    assert (top.team.name, top.team.start, top.match_points, top.game_points) == (
        "Philidor 1",
        7,
        "6",
        "9½",
    )
    assert len(top.values) == 2
    # Utrecht 1 and Zukertort 1 are level on 4 MP and 7 GP: both take the same rank.
    third = [(r.rank, r.team.name) for r in page.rows if r.match_points == "4"]
    assert third == [("3", "Utrecht 1"), ("3", "Zukertort 1")]


def test_composition_gives_each_roster_player_their_board_result_by_round() -> None:
    """Het Spaarne 1 (t12): Smit, Mila (board 1) lost to Schouten in round 1 (01.yaml 1.1
    0-1 with White), to Rossi, Niels in round 2 (02.yaml 5.1 1-0 with Black) and beat
    Haas, Petra in round 3 (03.yaml 6.1 1-0 with White): 0, 0, 1.
    De Toren 1 (t3), round 2 (02.yaml match 2): de Vries, Ilse absent, Sanders, Tara moved
    up to board 1 with White and lost to Schouten, Tobias 0-1."""
    page = dict(team_composition.pages(pages()))["composition.html"]
    assert isinstance(page, CompositionPage)
    assert page.rounds == (1, 2, 3)
    tables = {t.team.id: t for t in page.teams}
    spaarne = tables["t12"].rows
    assert (spaarne[0].player.id, [c.text for c in spaarne[0].cells]) == ("m12", ["0", "0", "1"])
    toren = {r.player.id: r for r in tables["t3"].rows}
    assert toren["m03"].cells[1].text == ""
    tara = toren["m22"].cells[1]
    assert (tara.text, tara.css) == ("0", "loss")
    assert tara.title == "round 2, board 1, White v Schouten, Tobias (Philidor 1)"
    # The reserve Prins, Lars played board 4 in round 2 and lost (02.yaml 2.4 1-0 to Jacobs).
    assert (toren["m51"].reserve, toren["m51"].cells[1].text, toren["m51"].games) == (
        True,
        "0",
        1,
    )


def match_table() -> Tournament:
    """A double round robin of four two-board teams, two rounds played (worked by hand):
    round 1 A-B: a1-b1 1-0, b2-a2 ½-½ (A 1½-½); C-D: ½-½ twice (1-1);
    round 2 D-A: d1-a1 0-1, a2-d2 0-1 (1-1); B-C: b1-c1 1-0, c2-b2 1-0 (1-1).
    A: 2 + 1 = 3 match points, 1½ + 1 = 2½ game points, first."""
    teams = tuple(
        Team(x, x, roster=(f"{x.lower()}1", f"{x.lower()}2"), start=i + 1)
        for i, x in enumerate("ABCD")
    )

    def match(w: str, b: str, one: Result, two: Result) -> Match:
        w, b = w.lower(), b.lower()
        return Match(
            w.upper(), b.upper(), (Game(f"{w}1", f"{b}1", one, 1), Game(f"{b}2", f"{w}2", two, 2))
        )

    return Tournament(
        Settings("RR", Format.TEAM_ROUND_ROBIN, 6, cycles=2, team=TeamOptions(boards=2)),
        players=tuple(Player(p, p.upper()) for team in teams for p in team.roster),
        teams=teams,
        rounds=(
            Round(1, matches=(match("A", "B", W, D), match("C", "D", D, D))),
            Round(2, matches=(match("D", "A", L, L), match("B", "C", W, W))),
        ),
    )


def test_team_round_robin_table_by_team_number() -> None:
    """match_table(): A's row against B (1½) and D (1), B's against A (½) and C (1)."""
    page = dict(team_grid.pages(pages(match_table())))["crosstable-start.html"]
    assert isinstance(page, TeamGridPage)
    assert (page.numbers, page.cycles) == ((1, 2, 3, 4), 2)
    a, b = page.rows[0], page.rows[1]
    assert [c.text for c in a.cells] == ["×", "×", "1½", "", "", "", "1", ""]
    assert [c.text for c in b.cells] == ["½", "", "×", "×", "1", "", "", ""]
    assert a.cells[2].title == "round 1, white on board 1, v B: 1½-½"
    assert (a.rank, a.match_points, a.game_points) == ("1", "3", "2½")


def test_a_match_not_started_is_not_called_running() -> None:
    t = load_tournament(LEAGUE)
    last = t.rounds[-1]
    bare = tuple(
        replace(m, games=tuple(replace(g, result=None) for g in m.games)) for m in last.matches
    )
    t = replace(t, rounds=(*t.rounds[:-1], replace(last, matches=bare)))
    card = dict(team_cards.pages(pages(t)))["teams/t9.html"]
    assert isinstance(card, TeamCardPage)
    assert card.rounds[2].note == "not played yet"
