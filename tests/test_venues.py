"""Venues, match dates and start times of a team event (docs/teams.md "Venues, dates and times").

The folder: examples/team-league, whose teams.yaml gives each team a home venue,
tournament.yaml the round dates (Saturdays, 13:30; rounds 4 and 7 at 12:00) and the
central venue of rounds 4 and 7 ("Jaarbeurs, Utrecht"), rounds/02.yaml moves match 6
(Amstel 1 - Paard van Ree 1) to Sunday 2026-10-11 14:30 and rounds/03.yaml plays match 1
(Philidor 1 - Utrecht 1) at "Sporthal Kalverdijkje, Leeuwarden". Every expected value
below is read from those files.
"""

from __future__ import annotations

import datetime as dt
import shutil
from dataclasses import replace
from functools import cache
from pathlib import Path

from site_helpers import EXAMPLES, build

from tourney.errors import Diagnostic, InvalidInput
from tourney.load.folder import load_tournament, read_tournament
from tourney.model import Game, Match, Result, Round, Tournament
from tourney.render.match_schedule import match_start, match_venue, next_match, round_venue

LEAGUE = EXAMPLES / "team-league"


@cache
def league() -> Tournament:
    return load_tournament(LEAGUE)


def copy(tmp_path: Path, edits: dict[str, tuple[str, str]]) -> Path:
    """A copy of the team league with ``file: (old, new)`` edits, each ``old`` present once."""
    folder = tmp_path / "league"
    shutil.copytree(LEAGUE, folder)
    for name, (old, new) in edits.items():
        path = folder / name
        text = path.read_text("utf-8")
        assert text.count(old) == 1, (name, old)
        path.write_text(text.replace(old, new), "utf-8")
    return folder


def diagnostics(folder: Path) -> list[Diagnostic]:
    try:
        _t, found = read_tournament(folder)
    except InvalidInput as error:
        return list(error.diagnostics)
    return list(found)


# -- precedence: team < round < match -------------------------------------------------------


def test_a_match_is_played_at_the_venue_of_the_team_named_first() -> None:
    t = league()
    first = t.round(1).matches[0]  # Het Spaarne 1 (t12) - Philidor 1 (t9)
    assert (first.white, first.black) == ("t12", "t9")
    assert match_venue(t, 1, first) == "Clubhuis Het Spaarne, Haarlem"  # t12's, not t9's


def test_the_round_venue_wins_over_the_teams_and_the_round_file_over_the_schedule(
    tmp_path: Path,
) -> None:
    t = league()
    match = replace(t.round(1).matches[0], venue="")
    scheduled = replace(t, settings=replace(t.settings, round_venues=((1, "Jaarbeurs"),)))
    assert round_venue(scheduled, 1) == "Jaarbeurs"
    assert match_venue(scheduled, 1, match) == "Jaarbeurs"
    # rounds/01.yaml's own venue wins over tournament.yaml's round_venues
    folder = copy(
        tmp_path,
        {
            "rounds/01.yaml": ("round: 1\n", "round: 1\nvenue: Stadhuis, Delft\n"),
            "tournament.yaml": ("{4: ", '{1: "Jaarbeurs", 4: '),
        },
    )
    loaded = load_tournament(folder)
    assert loaded.settings.round_venues == (
        (1, "Jaarbeurs"),
        (4, "Jaarbeurs, Utrecht"),
        (7, "Jaarbeurs, Utrecht"),
    )
    assert [match_venue(loaded, 1, m) for m in loaded.round(1).matches] == ["Stadhuis, Delft"] * 6


def test_the_match_venue_wins_over_all(tmp_path: Path) -> None:
    t = league()
    own = t.round(3).matches[0]  # Philidor 1 - Utrecht 1, venue of its own
    assert own.venue == "Sporthal Kalverdijkje, Leeuwarden"
    central = replace(t, settings=replace(t.settings, round_venues=((3, "Jaarbeurs"),)))
    assert match_venue(central, 3, own) == "Sporthal Kalverdijkje, Leeuwarden"
    assert match_venue(central, 3, t.round(3).matches[1]) == "Jaarbeurs"


def test_a_match_date_moves_the_day_and_keeps_the_round_time_unless_it_gives_one() -> None:
    t = league()
    plain, moved = t.round(2).matches[0], t.round(2).matches[5]
    # round_dates: round 2 on Saturday 2026-10-10 at 13:30
    assert match_start(t, 2, plain) == (dt.date(2026, 10, 10), dt.time(13, 30))
    # rounds/02.yaml, match 6: date: 2026-10-11 14:30
    assert match_start(t, 2, moved) == (dt.date(2026, 10, 11), dt.time(14, 30))
    day_only = replace(moved, time=None)  # date: 2026-10-11
    assert match_start(t, 2, day_only) == (dt.date(2026, 10, 11), dt.time(13, 30))


def test_a_round_file_date_comes_between_the_schedule_and_the_match(tmp_path: Path) -> None:
    folder = copy(
        tmp_path,
        {
            "rounds/02.yaml": ("round: 2\n", "round: 2\ndate: 2026-10-17\n"),
        },
    )
    t = load_tournament(folder)
    rnd = t.round(2)
    assert match_start(t, 2, rnd.matches[0]) == (dt.date(2026, 10, 17), dt.time(13, 30))
    assert match_start(t, 2, rnd.matches[5]) == (dt.date(2026, 10, 11), dt.time(14, 30))


def test_venues_and_match_dates_are_written_back_as_read() -> None:
    from tourney.edit.roundfile import render

    t = league()
    text = render(t, t.round(2))
    assert "    date: 2026-10-11 14:30\n" in text
    text = render(t, replace(t.round(3), venue="Jaarbeurs, Utrecht"))
    assert 'venue: "Jaarbeurs, Utrecht"\n' in text
    assert '    venue: "Sporthal Kalverdijkje, Leeuwarden"\n' in text


# -- mistakes ---------------------------------------------------------------------------------


def _codes(found: list[Diagnostic]) -> list[tuple[str, str, int, int]]:
    return [(d.code, Path(d.file).name, d.line, d.col) for d in found]


def test_a_time_that_is_not_a_time_of_day_points_at_the_time(tmp_path: Path) -> None:
    folder = copy(
        tmp_path,
        {"rounds/03.yaml": ("    black: t5\n", "    black: t5\n    date: 2026-11-08 2pm\n")},
    )
    found = diagnostics(folder)
    # line 6 of rounds/03.yaml; "    date: 2026-11-08 " is 21 characters: the time at column 22
    assert ("E126", "03.yaml", 6, 22) in _codes(found)
    assert any("'2pm' is not a time of day" in d.message for d in found)


def test_a_venue_of_two_lines_a_time_key_and_a_venue_in_an_individual_event(
    tmp_path: Path,
) -> None:
    folder = copy(
        tmp_path,
        {
            "rounds/03.yaml": (
                "    black: t11\n",
                "    black: t11\n    time: 14:30\n    venue: |\n      Sporthal\n      Leeuwarden\n",
            )
        },
    )
    assert {("E416", "03.yaml", 14, 5), ("E414", "03.yaml", 15, 12)} <= set(
        _codes(diagnostics(folder))
    )
    open_folder = tmp_path / "open"
    shutil.copytree(EXAMPLES / "swiss-open", open_folder)
    with (open_folder / "tournament.yaml").open("a", encoding="utf-8") as f:
        f.write("round_venues: {1: Sporthal}\n")
    assert "E417" in [d.code for d in diagnostics(open_folder)]


def test_round_venues_must_name_rounds_of_the_event(tmp_path: Path) -> None:
    folder = copy(tmp_path, {"tournament.yaml": ("{4: ", "{0: x, 8: y, 4: ")})
    found = [d for d in diagnostics(folder) if d.code == "E415"]
    assert [d.message for d in found] == [
        "'round_venues': the number 0 is not a round of the event",
        "'round_venues': the number 8 is not a round of the event",
    ]
    folder = copy(tmp_path / "list", {"tournament.yaml": ("{4: ", "[")})
    text = (folder / "tournament.yaml").read_text("utf-8").replace('Utrecht"}', 'Utrecht"]')
    (folder / "tournament.yaml").write_text(text, "utf-8")
    assert "E415" in [d.code for d in diagnostics(folder)]


def test_a_match_dated_outside_the_event_is_a_warning(tmp_path: Path) -> None:
    folder = copy(
        tmp_path,
        {"rounds/02.yaml": ("date: 2026-10-11 14:30", "date: 2027-10-11 14:30")},
    )
    found = diagnostics(folder)
    warned = [d for d in found if d.code == "W271"]
    assert len(warned) == 1 and warned[0].severity == "warning"
    # docs/diagnostics.md's example: line 41 of rounds/02.yaml, the date after "    date: "
    assert (warned[0].line, warned[0].col) == (41, 11)
    assert warned[0].message == (
        "match 6 is dated 2027-10-11, outside the event's dates (2026-09-19 to 2027-03-20)"
    )
    assert load_tournament(folder).round(2).matches[5].date == dt.date(2027, 10, 11)


# -- the next match: by round order, never by the clock ---------------------------------------


def _round_four(t: Tournament, result: Result | None = None) -> Tournament:
    """Round 4 paired by hand: Utrecht 1 (t5) - Domtoren 1 (t2) as match 2, boards 1-4."""
    t5, t2 = t.team("t5").roster, t.team("t2").roster
    games = tuple(
        Game(t5[b] if b % 2 == 0 else t2[b], t2[b] if b % 2 == 0 else t5[b], None, b + 1)
        for b in range(4)
    )
    if result is not None:
        games = (replace(games[0], result=result), *games[1:])
    other = Match("t1", "t3", (), number=1)
    rnd = Round(4, matches=(other, Match("t5", "t2", games, number=2)))
    return replace(t, rounds=(*t.rounds, rnd))


def test_the_next_match_is_the_first_without_a_result_in_round_order() -> None:
    t = _round_four(league())
    found = next_match(t, t.rounds, "t5")
    assert found is not None and found.round == 4 and found.number == 2
    # round 4 is a central round on Saturday 2026-12-05 at 12:00 (tournament.yaml)
    assert (found.day, found.time, found.venue) == (
        dt.date(2026, 12, 5),
        dt.time(12, 0),
        "Jaarbeurs, Utrecht",
    )
    # a postponed match of round 3 (its results not in) comes first, whatever the dates
    postponed = replace(
        t.round(3),
        matches=(
            replace(
                t.round(3).matches[0],
                games=tuple(replace(g, result=None) for g in t.round(3).matches[0].games),
            ),
            *t.round(3).matches[1:],
        ),
    )
    t3 = replace(t, rounds=(t.round(1), t.round(2), postponed, t.round(4)))
    found = next_match(t3, t3.rounds, "t5")
    assert found is not None and (found.round, found.number) == (3, 1)
    assert found.venue == "Sporthal Kalverdijkje, Leeuwarden"


def test_a_begun_match_is_not_the_next_one_and_an_unpaired_round_is() -> None:
    t = _round_four(league(), Result.WHITE_WINS)
    found = next_match(t, t.rounds, "t5")
    # round 5 is not paired: its day and time from round_dates, no venue (not central)
    assert found is not None and found.match is None
    assert (found.round, found.day, found.time, found.venue) == (
        5,
        dt.date(2027, 1, 23),
        dt.time(13, 30),
        "",
    )
    gone = replace(
        t, teams=tuple(replace(x, withdrawn_after=4) if x.id == "t5" else x for x in t.teams)
    )
    assert next_match(gone, gone.rounds, "t5") is None


# -- the pages --------------------------------------------------------------------------------


@cache
def site() -> dict[str, str]:
    return {p: b.decode("utf-8") for p, b in build(LEAGUE).items() if p.endswith(".html")}


def test_the_schedule_lists_every_match_with_when_and_where() -> None:
    page = site()["schedule.html"]
    assert "<td>Sat 2026-12-05 12:00</td>" in page  # round 4, not paired yet
    assert "<td>Jaarbeurs, Utrecht</td></tr>" in page  # its venue (round_venues)
    # round 2, match 6: moved to Sunday 14:30, at the first-named team's venue
    assert (
        '<a href="round-02.html#match-6">6</a></th><td><a href="teams/t1.html">Amstel 1</a>'
        ' – <a href="teams/t6.html">Paard van Ree 1</a></td><td>Sun 2026-10-11 14:30</td>'
        "<td>Clubhuis Amstel, Amsterdam</td>"
    ) in page


def test_the_round_page_shows_each_venue_and_a_moved_match() -> None:
    page = site()["round-02.html"]
    assert page.count("Venue: ") == 6
    assert (
        "Venue: Clubhuis Amstel, Amsterdam · <strong>moved to Sun 2026-10-11 14:30</strong>"
    ) in page
    assert "Venue: Buurthuis Oog in Al, Utrecht</p>" in page  # match 1, at Utrecht 1's


def test_the_team_card_shows_its_matches_and_next_match() -> None:
    card = site()["teams/t5.html"]
    assert (
        "<strong>Next match:</strong> round 4, Saturday 2026-12-05 12:00 at Jaarbeurs, "
        "Utrecht (not paired yet)"
    ) in card
    assert "Sat 2026-11-07 13:30 · Sporthal Kalverdijkje, Leeuwarden" in card  # round 3
    assert "Sat 2026-09-19 13:30 · Sportcafé De Ree, Arnhem" in card  # round 1, away


def test_a_paired_next_match_names_opponent_colour_and_venue_in_dutch(tmp_path: Path) -> None:
    from tourney.app.build import read_theme
    from tourney.engine.evaluation import evaluate
    from tourney.render.site.pages import render

    t = _round_four(league())
    t = replace(
        t,
        settings=replace(t.settings, language="nl", round_venues=()),
        rounds=(
            *t.rounds[:3],
            replace(
                t.rounds[3],
                matches=(
                    t.rounds[3].matches[0],
                    replace(
                        t.rounds[3].matches[1], date=dt.date(2026, 12, 6), time=dt.time(14, 30)
                    ),
                ),
            ),
        ),
    )
    card = render(evaluate(t), read_theme(LEAGUE))["teams/t5.html"].decode("utf-8")
    # Utrecht 1 is named first: White on board 1, at its own venue (teams.yaml)
    assert (
        '<strong>Volgende match:</strong> <a href="../round-04.html#match-2">ronde 4</a>, '
        "zondag 6 dec 2026 14:30 in Buurthuis Oog in Al, Utrecht, tegen "
        '<a href="../teams/t2.html">Domtoren 1</a> (wit aan bord 1)'
    ) in card


def test_the_match_sheet_names_the_venue_and_the_moved_start() -> None:
    from tourney.engine.evaluation import evaluate
    from tourney.render.pdf.common import PrintContext
    from tourney.render.pdf.sheets import match_sheets

    ctx = PrintContext(evaluate(league()))
    sheets = match_sheets(ctx, 2, None).sheets
    assert (sheets[0].date, sheets[0].venue) == (
        "2026-10-10 13:30",
        "Buurthuis Oog in Al, Utrecht",
    )
    assert (sheets[5].date, sheets[5].venue) == ("2026-10-11 14:30", "Clubhuis Amstel, Amsterdam")


def test_nothing_is_shown_without_venues_or_dates(tmp_path: Path) -> None:
    folder = tmp_path / "bare"
    shutil.copytree(LEAGUE, folder)
    for name in ("teams.yaml", "tournament.yaml", "rounds/02.yaml", "rounds/03.yaml"):
        path = folder / name
        lines = path.read_text("utf-8").splitlines(keepends=True)
        keep = [
            line
            for line in lines
            if not line.lstrip().startswith(("venue:", "round_venues:", "round_dates:", "date:"))
        ]
        path.write_text("".join(keep), "utf-8")
    pages = {p: b.decode("utf-8") for p, b in build(folder).items() if p.endswith(".html")}
    for page in ("schedule.html", "round-02.html", "teams/t5.html"):
        assert "Venue" not in pages[page] and '<p class="meta"> · ' not in pages[page], page
    assert "<strong>Next match:</strong> round 4 (not paired yet)</p>" in pages["teams/t5.html"]


# -- the papers: line-up forms and team pairings ----------------------------------------------


def _form(number: int, team: str) -> tuple[str, str]:
    return _form_of(LEAGUE, number, team)


def _form_of(folder: Path, number: int, team: str) -> tuple[str, str]:
    """The day and start time, and the venue, on a team's line-up form for a round."""
    from tourney.engine.evaluation import evaluate
    from tourney.render.pdf.common import PrintContext
    from tourney.render.pdf.sheets import lineup_forms

    t = league() if folder == LEAGUE else load_tournament(folder)
    form = lineup_forms(PrintContext(evaluate(t)), number, (t.team(team),)).forms[0]
    return form.date, form.venue


def test_the_lineup_form_names_the_match_day_time_and_venue() -> None:
    # round 2, match 6 Amstel 1 (t1) - Paard van Ree 1 (t6): moved to Sunday 14:30
    # (rounds/02.yaml), at the host Amstel 1's venue (teams.yaml)
    assert _form(2, "t6") == ("2026-10-11 14:30", "Clubhuis Amstel, Amsterdam")
    # round 3, match 5 Caissa 1 (t4) - Domtoren 1: the round's Saturday 13:30
    # (round_dates), at Caissa 1's own venue
    assert _form(3, "t4") == ("2026-11-07 13:30", "Huis van de Wijk, Amsterdam")
    # round 3, match 1 Philidor 1 - Utrecht 1 (t5): the match's own venue
    assert _form(3, "t5") == ("2026-11-07 13:30", "Sporthal Kalverdijkje, Leeuwarden")


def test_an_unpaired_round_s_form_has_the_round_s_day_and_central_venue() -> None:
    # round 4: 2026-12-05 12:00 at the central "Jaarbeurs, Utrecht" (round_venues);
    # round 5: 2027-01-23 13:30, the host not known before pairing: no venue
    assert _form(4, "t1") == ("2026-12-05 12:00", "Jaarbeurs, Utrecht")
    assert _form(5, "t1") == ("2027-01-23 13:30", "")


def test_the_team_pairings_name_each_match_s_venue_and_a_moved_start() -> None:
    from tourney.app.print import read_print_theme
    from tourney.engine.evaluation import evaluate
    from tourney.render.pdf.common import Selection
    from tourney.render.pdf.documents import document_html

    theme, css = read_print_theme(LEAGUE)

    def html(number: int) -> str:
        return document_html(
            evaluate(league()), "team-pairings", Selection(round=number), theme, css, "a4"
        )

    second = html(2)
    # match 1 Utrecht 1 - Rokade 1 at Utrecht 1's venue; match 6 moved to Sunday
    assert '<p class="venue">Venue: Buurthuis Oog in Al, Utrecht</p>' in second
    assert (
        '<p class="venue">Venue: Clubhuis Amstel, Amsterdam · moved to Sun 2026-10-11 14:30</p>'
    ) in second
    assert second.count('<p class="venue">') == 6  # one per match
    assert '<p class="venue">Venue: Sporthal Kalverdijkje, Leeuwarden</p>' in html(3)


def test_a_new_round_takes_its_day_and_venue_from_the_schedule_not_the_round_file(
    tmp_path: Path,
) -> None:
    """`tourney pair` writes no venue or date into round 4 (docs/teams.md): they stay in
    tournament.yaml (2026-12-05 12:00, round_venues 4: "Jaarbeurs, Utrecht"), so the
    new round's papers name them and a later change to the schedule reaches them."""
    from click.testing import CliRunner

    from tourney.cli import cli
    from tourney.engine.evaluation import evaluate
    from tourney.render.pdf.common import PrintContext
    from tourney.render.pdf.sheets import match_sheets

    folder = copy(tmp_path, {})
    done = CliRunner().invoke(cli, ["pair", str(folder), "--quiet"])
    assert done.exit_code == 0, done.output
    written = (folder / "rounds" / "04.yaml").read_text("utf-8")
    assert "venue:" not in written and "date:" not in written
    sheets = match_sheets(PrintContext(evaluate(load_tournament(folder))), 4, None).sheets
    assert {(s.date, s.venue) for s in sheets} == {("2026-12-05 12:00", "Jaarbeurs, Utrecht")}
    assert _form_of(folder, 4, "t1") == ("2026-12-05 12:00", "Jaarbeurs, Utrecht")
