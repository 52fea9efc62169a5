"""``tourney teams ...``: team numbers in teams.yaml (docs/teams.md, setting up step 5, "Correcting the
order of the teams"), and the warnings and diagnostics ``pair`` and ``check`` use.

The folder: four teams of two boards, olympiad ratings worked by hand:
t1 Low 1500, t2 High 2100, t3 Mid 1800, t4 Equal 1800 (as Mid).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import runner

from tourney.check.lineups import lineup_diagnostics
from tourney.cli.teams import command
from tourney.edit.teams import DRAW_NOTE, numbers_warnings
from tourney.load.folder import load_tournament

TEAMS = """\
# Our teams: comments stay.
- id: t1
  name: Low      # the weakest
  roster: [p1, p2]
# the favourites
- {id: t2, name: High, roster: [p3, p4]}   # strongest
- id: t3
  name: Mid
  roster: [p5, p6]
- {id: t4, name: Equal, roster: [p7, p8]}
"""

BY_RATING = """\
# Our teams: comments stay.
# the favourites
- {id: t2, name: High, roster: [p3, p4], start: 1}   # strongest
- id: t3
  start: 2
  name: Mid
  roster: [p5, p6]
- {id: t4, name: Equal, roster: [p7, p8], start: 3}
- id: t1
  start: 4
  name: Low      # the weakest
  roster: [p1, p2]
"""

RATINGS = {"p1": 1500, "p2": 1500, "p3": 2100, "p4": 2100, "p5": 1800, "p6": 1800}
RATINGS |= {"p7": 1800, "p8": 1800}

ROUND = """\
matches:
  - white: t2
    black: t1
    boards:
      - {{white: p3, black: p1, result: {r}}}
      - {{white: p2, black: p4, result: {r}}}
  - white: t3
    black: t4
    boards:
      - {{white: p5, black: p7, result: {r}}}
      - {{white: p8, black: p6, result: {r}}}
"""


def folder(
    tmp_path: Path,
    teams: str = TEAMS,
    rounds: int = 0,
    options: str = "",
    fmt: str = "team-swiss",
) -> Path:
    path = tmp_path / "cup"
    path.mkdir(parents=True)
    (path / "tournament.yaml").write_text(
        f"name: Test Cup\nformat: {fmt}\nrounds: {3 if fmt == 'team-round-robin' else 7}\n"
        f"teams:\n  boards: 2\n{options}",
        encoding="utf-8",
    )
    (path / "players.yaml").write_text(
        "".join(f"- {{id: {p}, name: {p.upper()}, rating: {r}}}\n" for p, r in RATINGS.items()),
        encoding="utf-8",
    )
    (path / "teams.yaml").write_text(teams, encoding="utf-8")
    if rounds:
        (path / "rounds").mkdir()
        for number in range(1, rounds + 1):
            result = "1-0" if number < rounds else ""
            (path / "rounds" / f"{number:02d}.yaml").write_text(
                ROUND.format(r=result), encoding="utf-8"
            )
    load_tournament(path)  # the folder is valid
    return path


run = runner(command)


def teams_text(path: Path) -> str:
    return (path / "teams.yaml").read_text(encoding="utf-8")


def starts(path: Path) -> dict[str, int | None]:
    return {team.id: team.start for team in load_tournament(path).teams}


# -- order by rating ------------------------------------------------------------------------------


def test_order_by_rating_rewrites_teams_yaml_keeping_comments(tmp_path: Path) -> None:
    path = folder(tmp_path)
    code, out, err = run("order-by-rating", path)
    assert code == 0, err
    assert teams_text(path) == BY_RATING
    # without start: the teams were already numbered by rating; now the numbers are written
    assert "order-by-rating, the present numbers recorded" in out
    assert starts(path) == {"t2": 1, "t3": 2, "t4": 3, "t1": 4}


def test_order_by_rating_twice_writes_nothing(tmp_path: Path) -> None:
    path = folder(tmp_path, teams=BY_RATING)
    code, out, _ = run("order-by-rating", path)
    assert code == 0 and "nothing was written" in out
    assert teams_text(path) == BY_RATING


def test_order_by_rating_is_refused_once_round_1_is_paired(tmp_path: Path) -> None:
    path = folder(tmp_path, rounds=1)
    code, _, err = run("order-by-rating", path)
    assert code == 3 and "until round 1 is paired" in err
    assert teams_text(path) == TEAMS


# -- draw by lot ----------------------------------------------------------------------------------


def test_draw_needs_typed_ratings(tmp_path: Path) -> None:
    path = folder(tmp_path)
    code, _, err = run("draw", path, "--lot", "7")
    assert code == 3 and "rating_method: typed" in err
    assert teams_text(path) == TEAMS


def test_draw_is_repeatable_recorded_and_confirmed_before_replacing(tmp_path: Path) -> None:
    path = folder(tmp_path, options="  rating_method: typed\n")
    code, out, err = run("draw", path, "--lot", "7")
    assert code == 0, err
    text = teams_text(path)
    assert text.startswith("# team order drawn by lot: tourney teams draw --lot 7\n")
    assert text.startswith(f"{DRAW_NOTE}7\n# Our teams: comments stay.\n")
    first = starts(path)
    assert sorted(n or 0 for n in first.values()) == [1, 2, 3, 4]
    assert "drawn by lot, lot number 7" in out
    # the same lot number on another copy gives the same numbers
    other = folder(tmp_path / "again", options="  rating_method: typed\n")
    run("draw", other, "--lot", "7")
    assert starts(other) == first
    # an order is set now: another draw lists and asks for --yes
    code, out, err = run("draw", path, "--lot", "8")
    assert code == 3 and "--yes" in err
    assert teams_text(path) == text
    code, _, err = run("draw", path, "--lot", "8", "--yes")
    assert code == 0, err
    assert f"{DRAW_NOTE}8\n" in teams_text(path) and f"{DRAW_NOTE}7" not in teams_text(path)
    # ordering by rating afterwards removes the note
    run("order-by-rating", path)
    assert DRAW_NOTE not in teams_text(path)


def test_the_old_option_name_still_draws_and_is_not_shown(tmp_path: Path) -> None:
    """--lot was --seed before (issue: users never see the word): the old option draws
    the same numbers, and neither the help nor the note shows it."""
    path = folder(tmp_path, options="  rating_method: typed\n")
    code, out, err = run("draw", path, "--seed", "7")
    assert code == 0, err
    other = folder(tmp_path / "again", options="  rating_method: typed\n")
    run("draw", other, "--lot", "7")
    assert starts(path) == starts(other)
    assert "seed" not in teams_text(path) and "seed" not in out
    code, out, _ = run("draw", "--help")
    assert code == 0 and "--lot" in out and "seed" not in out.lower()
    code, _, err = run("draw", path, "--lot", "7", "--seed", "8")
    assert code == 2 and "once" in err


def test_list_shows_numbers_ratings_and_the_draw(tmp_path: Path) -> None:
    path = folder(tmp_path, options="  rating_method: typed\n")
    run("draw", path, "--lot", "3")
    code, out, _ = run("list", path)
    assert code == 0
    assert "the team order was drawn by lot (lot number 3)" in out
    assert "typed: no rating" in out


def test_a_note_an_older_tourney_wrote_is_still_read(tmp_path: Path) -> None:
    path = folder(tmp_path, options="  rating_method: typed\n")
    run("draw", path, "--lot", "3")
    teams = Path(path) / "teams.yaml"
    old = teams.read_text(encoding="utf-8").replace("draw --lot 3", "draw --seed 3")
    teams.write_text(old, encoding="utf-8")
    code, out, _ = run("list", path)
    assert code == 0 and "the team order was drawn by lot (lot number 3)" in out


# -- exchange ----------------------------------------------------------------------------------


def test_exchange_swaps_two_teams_of_equal_rating(tmp_path: Path) -> None:
    path = folder(tmp_path, teams=BY_RATING, rounds=2)
    code, out, err = run("exchange", path, "t3", "t4")
    assert code == 0, err
    assert starts(path) == {"t2": 1, "t4": 2, "t3": 3, "t1": 4}
    assert "t4 Equal (1800): 3 -> 2" in out and "t3 Mid (1800): 2 -> 3" in out


def test_exchange_refuses_teams_of_different_rating(tmp_path: Path) -> None:
    path = folder(tmp_path, teams=BY_RATING)
    code, _, err = run("exchange", path, "t1", "t2")
    assert code == 3 and "t1 is rated 1500 and t2 2100" in err
    code, _, err = run("exchange", path, "t1", "t9")
    assert code == 3 and "no team 't9'" in err


def test_numbers_are_frozen_once_round_4_is_paired(tmp_path: Path) -> None:
    path = folder(tmp_path, teams=BY_RATING, rounds=4)
    code, _, err = run("exchange", path, "t3", "t4")
    assert code == 3 and "until round 4 is paired" in err
    code, _, err = run("regenerate", path, "--yes")
    assert code == 3


def test_an_earlier_correction_round_locks_sooner(tmp_path: Path) -> None:
    path = folder(tmp_path, teams=BY_RATING, rounds=2, options="  numbers_correctable_until: 2\n")
    code, _, err = run("exchange", path, "t3", "t4")
    assert code == 3 and "until round 2 is paired" in err


def test_a_team_round_robin_keeps_its_numbers_after_round_1(tmp_path: Path) -> None:
    path = folder(tmp_path, teams=BY_RATING, rounds=1, fmt="team-round-robin")
    code, _, err = run("exchange", path, "t3", "t4")
    assert code == 3 and "round robin" in err


# -- regenerate ---------------------------------------------------------------------------------

SHUFFLED = BY_RATING.replace("p4], start: 1}", "p4], start: 3}").replace(
    "p8], start: 3}", "p8], start: 1}"
)


def test_regenerate_lists_first_and_writes_with_yes(tmp_path: Path) -> None:
    # by hand: t4 number 1, t2 number 3 - the numbers no longer follow the ratings
    path = folder(tmp_path, teams=SHUFFLED, rounds=2)
    assert starts(path) == {"t2": 3, "t3": 2, "t4": 1, "t1": 4}
    code, out, err = run("regenerate", path)
    assert code == 3 and "--yes" in err
    # present order t4, t3, t2, t1; by rating t2 first, then t4 and t3 (equal, kept in order)
    assert out.splitlines()[1:] == [
        "  t2 High (2100): 3 -> 1",
        "  t4 Equal (1800): 1 -> 2",
        "  t3 Mid (1800): 2 -> 3",
    ]
    assert teams_text(path) == SHUFFLED
    code, out, err = run("regenerate", path, "--yes")
    assert code == 0, err
    assert starts(path) == {"t2": 1, "t4": 2, "t3": 3, "t1": 4}


def test_pair_warns_while_numbers_do_not_follow_ratings(tmp_path: Path) -> None:
    path = folder(tmp_path, teams=SHUFFLED, rounds=2)
    warnings = numbers_warnings(path, load_tournament(path))
    assert len(warnings) == 1 and warnings[0].severity == "warning"
    assert "t3 (1800) is number 2, t2 (2100) number 3" in warnings[0].message
    assert "tourney teams regenerate" in warnings[0].hint
    # from round 4 paired on nothing renumbers, so nothing is said
    late = folder(tmp_path / "late", teams=SHUFFLED, rounds=4)
    assert numbers_warnings(late, load_tournament(late)) == []


def test_a_later_correction_round_is_flagged_as_a_departure(tmp_path: Path) -> None:
    path = folder(tmp_path, teams=BY_RATING, rounds=5, options="  numbers_correctable_until: 6\n")
    warnings = numbers_warnings(path, load_tournament(path))
    assert [w.file for w in warnings] == ["tournament.yaml"]
    assert "departure from the FIDE rules" in warnings[0].message
    code, out, err = run("exchange", path, "t3", "t4")
    assert code == 0, err
    assert "departs from the FIDE rules" in out


# -- line-up diagnostics for tourney check ------------------------------------------------------


def test_lineup_problems_point_at_the_board_line(tmp_path: Path) -> None:
    path = folder(tmp_path, teams=BY_RATING, rounds=1)
    text = (path / "rounds" / "01.yaml").read_text(encoding="utf-8")
    # t4 seats p8 (roster 2) on board 1 above p7 (roster 1) on board 2
    text = text.replace("{white: p5, black: p7,", "{white: p5, black: p8,")
    text = text.replace("{white: p8, black: p6,", "{white: p7, black: p6,")
    (path / "rounds" / "01.yaml").write_text(text, encoding="utf-8")
    found = lineup_diagnostics(path, load_tournament(path))
    assert [(d.file, d.line, d.severity) for d in found] == [("rounds/01.yaml", 10, "error")]
    assert "match 2, t4: P8 (roster 2) sits above P7" in found[0].message


# -- board statistics and individual ranking -------------------------------------------------


@pytest.mark.parametrize("args", [("ranking",), ("boards",), ("boards", "--prizes")])
def test_statistics_commands(tmp_path: Path, args: tuple[str, ...]) -> None:
    path = folder(tmp_path, teams=BY_RATING, rounds=2)  # round 1 played: White won everywhere
    code, out, err = run(*args, path)
    assert code == 0, err
    lines = out.splitlines()
    if args == ("ranking",):
        # winners p3, p2, p5, p8 at 1 point; losers p1, p4, p7, p6 at 0
        assert [line.split()[1] for line in lines[1:]] == [
            "P3",
            "P5",
            "P8",
            "P2",
            "P4",
            "P6",
            "P7",
            "P1",
        ]
        assert lines[1].split()[0] == "1" and lines[5].split()[0] == "5"


def test_renumber_text_replaces_a_start_and_keeps_the_footer() -> None:
    from tourney.edit.teams import renumber_text

    text = "- id: x\n  start: 2   # by hand\n  name: X\n\n- {id: y, name: Y, start: 1}\n# the end"
    assert renumber_text(text, {"x": 1, "y": 2}) == (
        "- id: x\n  start: 1   # by hand\n  name: X\n\n- {id: y, name: Y, start: 2}\n# the end\n"
    )
    assert renumber_text(text, {"x": 2, "y": 1}) == (
        "\n- {id: y, name: Y, start: 1}\n- id: x\n  start: 2   # by hand\n  name: X\n# the end\n"
    )
