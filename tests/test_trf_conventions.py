"""Other programs' TRF conventions and defects (issue 22; docs/trf.md "Other programs' files").

Each file in tests/trf_cases/ is hand-made, with a comment naming the program that
writes the convention. The expected values below are worked out from the file by
hand (the opponents, colours and results written in its 001 lines), not read back
from tourney's output.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from tourney.app.trf_import import imported
from tourney.cli import cli
from tourney.edit.folder_writer import folder_files, write_folder
from tourney.engine.evaluation import evaluate
from tourney.engine.teams.scores import team_tables
from tourney.errors import InvalidInput
from tourney.load.folder import load_tournament
from tourney.load.trf import loads, parse_trf
from tourney.model import ByeKind, Format, MatchDecision, Result, Tournament
from tourney.render.trf.individual import write_trf

CASES = Path(__file__).parent / "trf_cases"
CLEAN = (
    "team_lineups_from_lines",
    "next_round_absence",
    "xxc_rank",
    "placeholder_bye",
    "lichess_swiss",
)


def read(name: str) -> tuple[Tournament, list[tuple[int, int, str]]]:
    """The imported tournament and its warnings as (line, column, message)."""
    t, notes = imported((CASES / f"{name}.trf").read_bytes(), f"{name}.trf")
    return t, [(n.line, n.col, n.message) for n in notes]


def boards(games: object) -> list[tuple[str, str, str | None, int]]:
    return [
        (g.white, g.black, g.result.value if g.result else None, g.board)
        for g in games  # type: ignore[attr-defined]
    ]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


# -- 1. team files: '0000 - -' left out, an empty middle board, matches from the lines ---------


def test_team_matches_are_rebuilt_from_the_players_lines() -> None:
    t, warnings = read("team_lineups_from_lines")
    assert t.settings.format is Format.TEAM_SWISS
    assert [(team.name, team.roster) for team in t.teams] == [
        ("Alpha", ("1", "2", "3", "4")),
        ("Beta", ("5", "6", "7", "8")),
        ("Gamma", ("9", "10", "11")),
        ("Delta", ("12", "13", "14")),
    ]
    first, second = t.rounds[0].matches
    assert (first.white, first.black) == ("1", "2")
    # Reserves 4 and 8 ('0000 - -') are not in the line-up: no board, no forfeit.
    assert boards(first.games) == [
        ("1", "5", "1-0", 1),
        ("6", "2", "½-½", 2),
        ("3", "7", "1-0", 3),
    ]
    # Delta left board 2 empty (13 is '0000 - -'): Gamma's 10 wins it; Delta has White
    # on board 2 (the black team of board 1), so the empty seat is White's.
    assert (second.white, second.black) == ("3", "4")
    assert boards(second.games) == [
        ("9", "12", "½-½", 1),
        ("", "10", "-/+", 2),
        ("11", "14", "0-1", 3),
    ]
    assert t.rounds[0].byes == ()
    tables = team_tables(t, 1)
    assert [tables.mp.points(team) for team in "1234"] == [2, 0, 1, 1]
    assert [tables.gp.points(team) for team in "1234"] == [
        Fraction(5, 2),
        Fraction(1, 2),
        Fraction(3, 2),
        Fraction(3, 2),
    ]
    # The empty middle board is outside the FIDE line-up rules: said, and loosened.
    assert any("break the FIDE line-up rules" in m for _, _, m in warnings)


EPSILON = """\
001   15      Epsilon, One                      1700                             1.0       0000 - U
001   16      Epsilon, Two                      1690                             1.0       0000 - U
001   17      Epsilon, Three                    1680                             1.0       0000 - U
001   18      Epsilon, Reserve                  1600                             0.0       0000 - -
013 Epsilon                           15   16   17   18
"""


def test_a_team_pab_given_only_by_the_players_lines() -> None:
    """No 320 record: Epsilon's three boards have 'U', its reserve '0000 - -'."""
    t = loads((CASES / "team_lineups_from_lines.trf").read_text() + EPSILON)
    assert [team.name for team in t.teams][-1] == "Epsilon"
    assert [(b.participant, b.kind) for b in t.rounds[0].byes] == [("5", ByeKind.PAB)]
    assert len(t.rounds[0].matches) == 2


def test_a_left_out_player_may_be_written_with_a_blank_opponent() -> None:
    text = (CASES / "team_lineups_from_lines.trf").read_text()
    assert loads(text.replace("0000 - -", "     - -")).rounds == loads(text).rounds


def test_team_absences_in_the_round_to_be_paired(tmp_path: Path) -> None:
    """Beta's whole roster and Gamma's 11 have '0000 - Z' in round 2: Beta is absent, 11
    only is (Gamma plays without him); kept through export and import."""
    lines = (CASES / "team_lineups_from_lines.trf").read_text().splitlines()
    marked = [
        line.ljust(99) + "  0000 - Z"
        if line.startswith("001") and int(line[4:8]) in (5, 6, 7, 8, 11)
        else line
        for line in lines
    ]
    t, _ = imported("\n".join(marked).encode(), "teams.trf")
    assert [(team.id, team.absent) for team in t.teams] == [
        ("1", ()),
        ("2", (2,)),
        ("3", ()),
        ("4", ()),
    ]
    assert [p.id for p in t.players if p.absent == (2,)] == ["5", "6", "7", "8", "11"]
    assert "240 Z   2    2" in write_trf(evaluate(t)).splitlines()
    for version in ("trf26", "trf16"):
        again, _ = imported(write_trf(evaluate(t), version).encode(), "again.trf")  # type: ignore[arg-type]
        assert folder_files(again) == folder_files(t)
    folder = write_folder(t, tmp_path / "cup")
    assert run("pair", str(folder))[0] == 0
    rnd = load_tournament(folder).round(2)
    assert rnd is not None and ("2", ByeKind.ZERO) in [(b.participant, b.kind) for b in rnd.byes]
    assert all("2" not in (m.white, m.black) for m in rnd.matches)


# -- 2. the round about to be paired ------------------------------------------------------------


def test_next_round_entries_are_absences_and_bye_requests() -> None:
    t, warnings = read("next_round_absence")
    assert (len(t.rounds), t.settings.rounds) == (2, 5)
    by_id = {p.id: p for p in t.players}
    assert by_id["5"].absent == (3,)
    assert by_id["6"].byes == ((3, ByeKind.HALF),)
    assert all(not p.absent and not p.byes for p in t.players if p.id not in ("5", "6"))
    # 6's points (0.5) include the requested half-point bye, as JaVaFo's manual asks.
    assert not any("points column" in m for _, _, m in warnings)


def test_tourney_pair_pairs_the_round_pairing_engine_pairs(tmp_path: Path) -> None:
    trf = CASES / "next_round_absence.trf"
    code, out = run("pairing-engine", "--dutch", str(trf))
    assert code == 0
    # By hand: 1 (2 points) has met 4 and 2, so 1-3 (both want White, 1 ranks higher);
    # then 2-4, both want Black, 2 ranks higher: 4-2. 5 is absent, 6 on a half-point bye.
    assert out.split() == ["2", "1", "3", "4", "2"]
    folder = tmp_path / "open"
    assert run("import", str(trf), str(folder))[0] == 0
    code, out = run("pair", str(folder))
    assert code == 0, out
    rnd = load_tournament(folder).round(3)
    assert rnd is not None
    assert [(g.white, g.black) for g in rnd.games] == [("1", "3"), ("4", "2")]
    assert sorted((b.participant, b.kind) for b in rnd.byes) == [
        ("5", ByeKind.ZERO),
        ("6", ByeKind.HALF),
    ]


def test_a_pab_code_in_the_round_to_be_paired_is_an_absence_with_a_warning() -> None:
    text = (CASES / "next_round_absence.trf").read_text().replace("0000 - H", "0000 - U")
    read = parse_trf(text, "u.trf")
    assert [p.absent for p in read.tournament.players if p.id == "6"] == [(3,)]
    assert any("'0000 - U' of 6 is read as absent" in w.message for w in read.warnings)


def test_a_240_record_for_the_next_round_is_a_request() -> None:
    text = (CASES / "next_round_absence.trf").read_text() + "240 F   3    2\n"
    t = loads(text)
    assert [p.byes for p in t.players if p.id == "2"] == [((3, ByeKind.FULL),)]
    assert len(t.rounds) == 2


def test_a_lichess_swiss_export_during_a_round() -> None:
    t, warnings = read("lichess_swiss")
    assert str(t.settings.start_date) == "2021-01-05"  # 042 "Jan 5, 2021"
    assert (t.settings.rounds, len(t.rounds)) == (5, 3)
    assert t.settings.initial_colour is not None and t.settings.initial_colour.value == "white"
    first, second, third = t.rounds
    assert [(b.participant, b.kind) for b in first.byes] == [("3", ByeKind.ZERO)]  # "   -"
    assert [(b.participant, b.kind) for b in second.byes] == [("4", ByeKind.PAB)]
    # Round 3 is being played: 'Z' on both lines is a game without a result yet.
    assert boards(third.games) == [("1", "3", None, 0), ("4", "2", None, 0)]
    # echo left: '0000   -' in the column of round 4, the round to be paired.
    assert [p.absent for p in t.players if p.id == "5"] == [(4,)]
    assert not any("points column" in m for _, _, m in warnings)


# -- 3. XXC rank, white1/black1 -------------------------------------------------------------------


def test_xxc_rank_pairs_in_the_order_of_the_lines(tmp_path: Path) -> None:
    t, _ = read("xxc_rank")
    assert t.settings.trf_options == ("rank",)
    assert t.settings.initial_colour is not None and t.settings.initial_colour.value == "black"
    # Lines in the file: 3, 1, 4, 2 -> pairing order 1..4; ids stay the TRF numbers.
    assert {p.id: p.start for p in t.players} == {"3": 1, "1": 2, "4": 3, "2": 4}
    trf = CASES / "xxc_rank.trf"
    code, out = run("pairing-engine", "--dutch", str(trf))
    # Top half {3, 1} against {4, 2}: 3-4 and 1-2; black1 gives 3 (board 1) Black, board 2
    # alternates: 1 has White. With the numbers instead (1, 2 v 3, 4) it would be 1-3, 2-4.
    assert (code, out.split()) == (0, ["2", "4", "3", "1", "2"])
    folder = tmp_path / "ranked"
    assert run("import", str(trf), str(folder))[0] == 0
    assert run("pair", str(folder))[0] == 0
    rnd = load_tournament(folder).round(1)
    assert rnd is not None and [(g.white, g.black) for g in rnd.games] == [("4", "3"), ("1", "2")]
    text = write_trf(evaluate(load_tournament(folder)), "trf16")
    assert "XXC rank black1" in text.splitlines()
    assert [line[4:8].strip() for line in text.splitlines() if line.startswith("001")] == [
        "3",
        "1",
        "4",
        "2",
    ]


# -- 4. what the file states ---------------------------------------------------------------------


def test_birth_dates_ranks_points_and_colourless_forfeits_are_kept() -> None:
    t, warnings = read("stated_values")
    by_id = {p.id: p for p in t.players}
    assert [str(by_id[i].birth_date) for i in "124"] == ["1990-07-15", "2001-02-03", "1979-12-31"]
    assert (by_id["3"].birth_date, by_id["3"].birth_year) == (None, 1985)  # 1985/00/00
    assert [by_id[i].official_rank for i in "1234"] == [1, 2, 3, 4]
    # 4 lost both games: 0 points, the file says 1.0.
    assert [by_id[i].stated_points for i in "1234"] == [None, None, None, Fraction(1)]
    assert (11, 81, "player 4: the points column says 1, the results give 0") in warnings
    assumed = [m for line, _, m in warnings if line == 0 and "no tie-breaks" in m]
    assert len(assumed) == 1 and "FIDE default" in assumed[0] and "official rank" in assumed[0]
    forfeit = t.rounds[1].games[0]
    assert (forfeit.white, forfeit.black, forfeit.result) == ("1", "3", Result.WHITE_FORFEIT_WIN)
    assert forfeit.colourless
    lines = {line[4:8].strip(): line for line in write_trf(evaluate(t), "trf16").splitlines()}
    assert lines["1"][101:109] == "   3 - +" and lines["3"][101:109] == "   1 - -"
    assert lines["1"][69:79] == "1990/07/15"


def test_standings_show_the_official_rank_until_tie_breaks_are_named(tmp_path: Path) -> None:
    folder = tmp_path / "report"
    assert run("import", str(CASES / "stated_values.trf"), str(folder))[0] == 0
    code, out = run("standings", str(folder))
    assert code == 0 and "Official rank" in out
    settings = folder / "tournament.yaml"
    settings.write_text(settings.read_text() + "tiebreaks: [BH, SB]\n")
    code, out = run("standings", str(folder))
    assert code == 0 and "Official rank" not in out


def test_the_site_shows_the_official_rank_until_tie_breaks_are_named(tmp_path: Path) -> None:
    """stated_values.trf states ranks 1-4 in columns 86-89: the latest standings page
    shows each beside the player, and drops the column once tie-breaks are named."""
    from tourney.app.build import build_site

    folder = tmp_path / "report"
    assert run("import", str(CASES / "stated_values.trf"), str(folder))[0] == 0
    build_site(folder, tmp_path / "site")
    page = (tmp_path / "site" / "standings.html").read_text(encoding="utf-8")
    assert "Official rank</abbr>" in page
    row = r'<tr><td class="num">\d*</td><td class="num">(\d+)</td>.*?\.html">(?:[A-Z]+ )?(\w+),'
    stated = dict(re.findall(row, page))
    assert stated == {"1": "Able", "2": "Baker", "3": "Cole", "4": "Dunn"}
    settings = folder / "tournament.yaml"
    settings.write_text(settings.read_text() + "tiebreaks: [BH, SB]\n")
    build_site(folder, tmp_path / "site")
    assert "Official rank" not in (tmp_path / "site" / "standings.html").read_text("utf-8")


# -- 5. placeholders, strays, columns -------------------------------------------------------------


def test_a_bye_placeholder_line_is_the_bye() -> None:
    t, warnings = read("placeholder_bye")
    assert [p.id for p in t.players] == ["1", "2", "3"]
    assert boards(t.rounds[0].games) == [("1", "2", "1-0", 0)]
    assert [(b.participant, b.kind) for b in t.rounds[0].byes] == [("3", ByeKind.PAB)]
    assert (
        9,
        15,
        "player line 4 is named 'spielfrei': read as the bye, not a participant",
    ) in warnings


def test_one_stray_013_keeps_an_individual_event() -> None:
    t, warnings = read("stray_013")
    assert (t.settings.format, t.teams) == (Format.SWISS, ())
    assert any(line == 8 and "one team record (013)" in m for line, _, m in warnings)


def test_a_misaligned_file_is_an_error_naming_the_line_and_layout(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput) as error:
        parse_trf((CASES / "misaligned.trf").read_bytes(), "misaligned.trf")
    found = [(d.line, d.col) for d in error.value.diagnostics]
    assert (6, 9) in found
    assert all("001 layout" in d.hint for d in error.value.diagnostics if d.col == 9)
    code, _ = run("import", str(CASES / "misaligned.trf"), str(tmp_path / "x"))
    assert code == 1 and not (tmp_path / "x").exists()


def test_a_rating_one_column_late_is_an_error_not_708() -> None:
    line = "001    1      Able, Ann" + " " * 27 + "2708"  # rating at 51-54, not 49-52
    with pytest.raises(InvalidInput) as error:
        loads("012 T\n" + line + "\n")
    (problem,) = error.value.diagnostics
    assert (problem.line, problem.col) == (2, 53)
    assert "rating 49-52" in problem.hint


# -- 6. round trip, check, site, verify ----------------------------------------------------------


@pytest.mark.parametrize("name", CLEAN)
@pytest.mark.parametrize("version", ["trf26", "trf16"])
def test_import_export_import_gives_the_same_folder(name: str, version: str) -> None:
    t, _ = read(name)
    again, _ = imported(write_trf(evaluate(t), version).encode("utf-8"), "again.trf")  # type: ignore[arg-type]
    assert folder_files(again) == folder_files(t)


def test_stated_points_are_not_written_back() -> None:
    """The points column of an export is what the results give (JaVaFo checks it), so a
    stated total that differs does not survive the round trip; everything else does."""
    t, _ = read("stated_values")
    again, _ = imported(write_trf(evaluate(t)).encode("utf-8"), "again.trf")
    players = tuple(dataclasses.replace(p, stated_points=None) for p in t.players)
    assert folder_files(again) == folder_files(dataclasses.replace(t, players=players))


@pytest.mark.parametrize("name", [*CLEAN, "stated_values", "stray_013"])
def test_a_clean_import_passes_check(name: str, tmp_path: Path) -> None:
    t, _ = read(name)
    folder = write_folder(t, tmp_path / name)
    code, out = run("check", str(folder))
    assert code == 0, out


@pytest.mark.parametrize("name", ["team_lineups_from_lines", "stated_values"])
def test_a_clean_import_builds_a_site(name: str, tmp_path: Path) -> None:
    t, _ = read(name)
    folder = write_folder(t, tmp_path / name)
    code, out = run("build", str(folder), "-o", str(tmp_path / "site"))
    assert code == 0, out
    assert (tmp_path / "site" / "index.html").is_file()


def test_verify_names_the_criterion_a_hand_pairing_breaks() -> None:
    code, out = run("verify", str(CASES / "verify_floaters.trf"))
    assert code == 1
    # Round 2: 1 and 2 have a point each and have not met; the file pairs each with a
    # player on 0 instead: two pairs across score groups (C6).
    assert "round 2: differs" in out
    assert "C6: the file's pairing does worse on pairs of players with different scores" in out
    code, out = run("verify", str(CASES / "verify_rematch.trf"))
    assert code == 1 and "C1: the file's pairing does worse on rematches" in out


def test_verify_a_colour_only_difference_names_the_colour_rules(tmp_path: Path) -> None:
    text = (CASES / "verify_floaters.trf").read_text()
    # Round 1 as the Dutch pairs it (1-3, 4-2) but with the colours swapped on board 1.
    swapped = text.replace("   3 w 1     4 b 1", "   3 b 1     4 b 1").replace(
        "   1 b 0     2 b 0", "   1 w 0     2 b 0"
    )
    path = tmp_path / "swapped.trf"
    path.write_text(swapped)
    code, out = run("verify", str(path))
    assert code == 1 and "round 1: differs" in out and "C.04.3 E.1-E.5" in out


def test_xxz_names_the_players_absent_from_the_round_to_be_paired() -> None:
    text = (CASES / "next_round_absence.trf").read_text() + "XXZ 3 4\n"
    by_id = {p.id: p for p in loads(text).players}
    assert (by_id["3"].absent, by_id["4"].absent, by_id["1"].absent) == ((3,), (3,), ())
    with pytest.raises(InvalidInput, match="XXZ names 9"):
        loads(text + "XXZ 9\n")


def test_other_engine_records_are_kept_and_written_back() -> None:
    xxa = "XXA    1  1.0"
    text = (CASES / "next_round_absence.trf").read_text() + xxa + "\nXXB 221\n"
    read = parse_trf(text, "a.trf")
    assert read.tournament.settings.trf_records == (xxa, "XXB 221")
    assert any("accelerated points (record XXA) are not read" in w.message for w in read.warnings)
    written = write_trf(evaluate(read.tournament), "trf16").splitlines()
    assert written[-2:] == [xxa, "XXB 221"]


def test_the_reader_modules_doctests() -> None:
    import doctest

    from tourney.load import trf, trf_records

    for module in (trf, trf_records):
        assert doctest.testmod(module).failed == 0


def test_verify_names_the_2017_edition_a_file_was_paired_under(tmp_path: Path) -> None:
    text = (CASES / "verify_floaters.trf").read_text()
    path = tmp_path / "dutch2017.trf"
    path.write_text(text.replace("XXR 3\n", "XXR 3\n192 FIDE_DUTCH_2017\n"))
    code, out = run("verify", str(path))
    assert code == 1 and "paired under the 2017 rules" in out


@pytest.mark.parametrize(
    "record,col,layout",
    [
        ("240 H    3    1", 10, "240 layout"),  # the round one column late: 8-10
        ("310    1 One                              ONE        0", 8, "310 layout"),
        ("330 +-    1 001 002", 11, "330 layout"),  # the round at 9-11
    ],
)
def test_other_records_out_of_their_columns_are_errors(record: str, col: int, layout: str) -> None:
    text = (CASES / "next_round_absence.trf").read_text() + record + "\n"
    with pytest.raises(InvalidInput) as error:
        loads(text)
    last = text.count("\n")
    assert any(
        d.line == last and d.col == col and d.hint.startswith(layout)
        for d in error.value.diagnostics
    )


def test_a_match_forfeited_as_a_whole_given_only_by_the_players_lines() -> None:
    t, warnings = read("team_forfeit_from_lines")
    decided, played = t.rounds[1].matches
    assert (decided.white, decided.black, decided.decision) == ("1", "2", MatchDecision.WHITE_TEAM)
    # Alpha's three players won their boards by forfeit; Alpha has White on boards 1 and 3.
    assert boards(decided.games) == [
        ("1", "", "+/-", 1),
        ("", "2", "-/+", 2),
        ("3", "", "+/-", 3),
    ]
    assert (played.white, played.black) == ("4", "3")
    assert any(line == 8 and "no 330 record" in m for line, _, m in warnings)  # player 1
    tables = team_tables(t, 2)
    assert [tables.mp.points(team) for team in "1234"] == [4, 0, 3, 1]
    for version in ("trf26", "trf16"):  # TRF-2026 writes the 330 record, TRF16 the lines
        again, _ = imported(write_trf(evaluate(t), version).encode(), "again.trf")  # type: ignore[arg-type]
        assert folder_files(again) == folder_files(t)


def test_a_team_players_points_column_is_checked_too() -> None:
    text = (CASES / "team_lineups_from_lines.trf").read_text()
    # Player 6 drew board 2 (0.5); the line is changed to say 1.5.
    line = next(x for x in text.splitlines() if x.startswith("001    6"))
    read = parse_trf(text.replace(line, line[:80] + " 1.5" + line[84:]), "t.trf")
    assert [w.message for w in read.warnings if "points column" in w.message] == [
        "player 6: the points column says 1.5, the results give 0.5"
    ]
    assert [p.stated_points for p in read.tournament.players if p.id == "6"] == [Fraction(3, 2)]


# -- issue 29: a Swiss file that repeats a pairing ---------------------------------------


def test_a_swiss_file_that_repeats_pairings_imports_checks_and_exports(tmp_path: Path) -> None:
    """4 players have 3 rematch-free rounds; round 4 of the file repeats round 1's pairs
    1-3 and 2-4 (FIDE C.04.1 b). The boards keep the file's games, marked as rematches."""
    t, notes = read("last_round_rematches")
    assert boards(t.rounds[3].games) == [("3", "1", "½-½", 0), ("4", "2", "0-1", 0)]
    assert [g.rematch for r in t.rounds for g in r.games] == [False] * 6 + [True, True]
    assert (
        10,
        122,
        "round 4: 3 and 1 met in round 1 already: kept as a rematch ('rematch: true')",
    ) in notes
    folder = tmp_path / "event"
    assert run("import", str(CASES / "last_round_rematches.trf"), str(folder))[0] == 0
    assert "rematch: true" in (folder / "rounds" / "04.yaml").read_text("utf-8")
    code, out = run("check", str(folder))
    assert code == 0, out
    code, out = run("export", str(folder), "--format", "trf16")
    assert code == 0, out
    players = [line for line in out.splitlines() if line.startswith("001")]
    source = (CASES / "last_round_rematches.trf").read_text("utf-8").splitlines()
    assert players == [line for line in source if line.startswith("001")]


# -- issue 29: column rulers, comments, errors at the TRF line ---------------------------


def test_ruler_and_comment_lines_are_skipped_with_a_warning(tmp_path: Path) -> None:
    """Line 5 is the FIDE tables' layout line, 6 a 197-digit ruler (read as record 012
    before), 7 a '#' comment; the name is the 012 line's 'Ruler Test'."""
    t, notes = read("ruler_lines")
    assert t.settings.name == "Ruler Test"
    assert [(line, col) for line, col, m in notes if "skipped" in m] == [(5, 1), (6, 1), (7, 1)]
    code, out = run("import", str(CASES / "ruler_lines.trf"), str(tmp_path / "event"))
    assert code == 0, out
    assert "warning W354" in out and "warning W355" in out
    code, out = run("check", str(tmp_path / "event"))
    assert code == 0, out


def test_an_import_error_points_at_the_trf_line_not_a_temporary_file(tmp_path: Path) -> None:
    """A 012 name of 4,400 digits breaks a folder rule (E121: past Python's int() limit); the error names line 1,
    column 5 of the TRF (where the name starts), never the hidden folder it was read from."""
    source = (CASES / "ruler_lines.trf").read_text("utf-8").replace("Ruler Test", "7" * 4400)
    trf = tmp_path / "digits.trf"
    trf.write_text(source, encoding="utf-8")
    code, out = run("import", str(trf), str(tmp_path / "event"))
    assert code != 0
    assert f"{trf}:3:5: error E121: this number has 4400 digits" in out, out
    assert ".tmp" not in out
    assert not (tmp_path / "event").exists()


def test_a_quoted_digit_string_stays_a_string(tmp_path: Path) -> None:
    """A 012 name of 120 digits is text: the folder writes it quoted, check reads it
    back as the name (it was refused as a 120-digit number, E121)."""
    name = "1234567890" * 12
    source = (CASES / "ruler_lines.trf").read_text("utf-8").replace("Ruler Test", name)
    trf = tmp_path / "digits.trf"
    trf.write_text(source, encoding="utf-8")
    code, out = run("import", str(trf), str(tmp_path / "event"))
    assert code == 0, out
    assert f'name: "{name}"' in (tmp_path / "event" / "tournament.yaml").read_text("utf-8")
    assert load_tournament(tmp_path / "event").settings.name == name
    code, out = run("check", str(tmp_path / "event"))
    assert code == 0, out
