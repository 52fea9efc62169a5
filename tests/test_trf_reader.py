"""The TRF reader (tourney.load.trf) on the reference files and on hand-made lines."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest
import refdata

from tourney.engine.scores import score_table
from tourney.engine.standings import standings
from tourney.errors import InvalidInput
from tourney.load.trf import loads, parse_trf, read_trf
from tourney.load.trf_lines import split_lines
from tourney.load.trf_records import read_records
from tourney.model import ByeKind, Format, Result

REFERENCE = refdata.TIEBREAKS
INDIVIDUAL = sorted(REFERENCE.glob("tournaments/ref_ind_*.trf")) + sorted(
    p for p in REFERENCE.glob("published/held_*.trf") if p.stem != "held_team"
)
refdata.require(REFERENCE / "tournaments", "ref_ind_*.trf")


def player_line(start: int, name: str, rating: int, points: str, *rounds: str) -> str:
    """A 001 line with the TRF columns (rounds from column 92, ten columns each)."""
    head = f"001 {start:>4}      {name:<33} {rating:>4}{'':28}{points:>4} {start:>4}"
    return head.ljust(91) + "  ".join(rounds)


def trf(*players: str, header: str = "012 Test\n042 2026/04/01\n142 3\n") -> str:
    return header + "\n".join(players) + "\n"


@pytest.mark.parametrize("path", INDIVIDUAL, ids=lambda p: p.stem)
def test_points_agree_with_the_001_points_column(path: Path) -> None:
    """Every result code, 240 records and the 162 scoring give the points the file states."""
    tournament = read_trf(path)
    records = read_records(split_lines(path.read_text(encoding="utf-8")), path.name)
    stated = {str(r.start): r.points for r in records.players}
    table = score_table(tournament)
    assert {pid: table.points(pid) for pid in table} == stated


def test_format_rounds_date_and_scoring() -> None:
    rr = read_trf(REFERENCE / "tournaments" / "ref_ind_rr_02.trf")
    assert (rr.settings.format, rr.settings.rounds) == (Format.DOUBLE_ROUND_ROBIN, 10)
    swiss = read_trf(REFERENCE / "tournaments" / "ref_ind_swiss_08.trf")
    assert swiss.settings.format is Format.SWISS
    assert swiss.settings.start_date == dt.date(2026, 4, 1)
    assert (swiss.settings.scoring.win, swiss.settings.scoring.draw) == (3, 1)
    assert swiss.settings.scoring.pab == 3
    half_pab = read_trf(REFERENCE / "tournaments" / "ref_ind_swiss_09.trf")
    assert half_pab.settings.scoring.pab == Fraction(1, 2)


def test_three_ways_of_writing_a_withdrawal_read_the_same() -> None:
    path = REFERENCE / "tournaments" / "ref_ind_swiss_04.trf"  # player 9: the line ends
    text = path.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("001    9"))
    zeds = line + "  0000 - Z  0000 - Z"
    blank = line + "  0000 -    0000 -"
    results = []
    for variant in (line, zeds, blank):
        t = loads(text.replace(line, variant))
        results.append(
            [(r.participant, r.values) for r in standings(t, tiebreaks="BH,SB,AOB").rows]
        )
    assert results[0] == results[1] == results[2]


def test_line_endings_cr_lf_crlf() -> None:
    text = trf(
        player_line(1, "A", 2000, "1.0", "   2 w 1"), player_line(2, "B", 1900, "0.0", "   1 b 0")
    )
    readings = [loads(text.replace("\n", ending)) for ending in ("\n", "\r", "\r\n")]
    assert readings[0] == readings[1] == readings[2]
    assert readings[0].rounds[0].games[0].result is Result.WHITE_WINS


def test_latin1_fallback() -> None:
    text = trf(player_line(1, "Müller", 2000, "1.0", "0000 - U"))
    read = parse_trf(text.encode("latin-1"), "x.trf")
    assert read.tournament.players[0].name == "Müller"
    assert any("Latin-1" in w.message for w in read.warnings)
    assert parse_trf(text.encode("utf-8")).tournament.players[0].name == "Müller"


@pytest.mark.parametrize(
    "white,black,result",
    [
        ("1", "0", Result.WHITE_WINS),
        ("=", "=", Result.DRAW),
        ("0", "1", Result.BLACK_WINS),
        ("+", "-", Result.WHITE_FORFEIT_WIN),
        ("-", "+", Result.BLACK_FORFEIT_WIN),
        ("-", "-", Result.DOUBLE_FORFEIT),
        ("0", "0", Result.NO_CONTEST),
        ("W", "L", Result.WHITE_WINS_UNPLAYED),
        ("D", "D", Result.DRAW_UNPLAYED),
        ("L", "W", Result.BLACK_WINS_UNPLAYED),
        (" ", " ", None),
    ],
)
def test_game_results(white: str, black: str, result: Result | None) -> None:
    t = loads(
        trf(
            player_line(1, "A", 2000, "", f"   2 b {black}"),
            player_line(2, "B", 1900, "", f"   1 w {white}"),
        )
    )
    game = t.rounds[0].games[0]
    assert (game.white, game.black, game.result) == ("2", "1", result)


@pytest.mark.parametrize(
    "code,kind",
    [
        ("U", ByeKind.PAB),
        ("H", ByeKind.HALF),
        ("F", ByeKind.FULL),
        ("Z", ByeKind.ZERO),
        (" ", ByeKind.ZERO),
        ("+", ByeKind.FULL),
        ("-", ByeKind.ZERO),
    ],
)
def test_rounds_without_opponent(code: str, kind: ByeKind) -> None:
    # Players 2 and 3 play round 1, so it is a played round (a column where nobody has an
    # opponent is the round about to be paired: test_trf_conventions.py).
    t = loads(
        trf(
            player_line(1, "A", 2000, "", f"0000 - {code}"),
            player_line(2, "B", 1900, "", "   3 w 1"),
            player_line(3, "C", 1800, "", "   2 b 0"),
        )
    )
    assert t.rounds[0].byes[0].kind is kind


def test_240_record_gives_the_bye() -> None:
    t = loads(
        trf(
            player_line(1, "A", 2000, "0.5", "0000 - Z"),
            player_line(2, "B", 1900, "1.0", "   3 w 1"),
            player_line(3, "C", 1800, "0.0", "   2 b 0"),
            header="012 T\n240 H   1    1\n",
        )
    )
    assert t.rounds[0].byes[0].kind is ByeKind.HALF


def test_scoring_records() -> None:
    t = loads(
        trf(
            player_line(1, "A", 2000, "3.0", "0000 - U"),
            header="162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0    X 1.0\n",
        )
    )
    assert (t.settings.scoring.win, t.settings.scoring.pab) == (3, 3)
    t = loads(
        trf(player_line(1, "A", 2000, "1.0", "0000 - U"), header="XXS WW=1 BW=1 PAB=0.5\nXXR 4\n")
    )
    assert (t.settings.scoring.pab, t.settings.rounds) == (Fraction(1, 2), 4)


@pytest.mark.parametrize(
    "header,fmt",
    [
        ("192 FIDE_DUTCH_2025", Format.SWISS),
        ("192 FIDE_ROUNDROBIN", Format.ROUND_ROBIN),
        ("192 BERGER_DOUBLEROUNDROBIN", Format.DOUBLE_ROUND_ROBIN),
        ("092 Individual: Round-Robin", Format.ROUND_ROBIN),
        ("092 Individual: Swiss-System", Format.SWISS),
    ],
)
def test_format(header: str, fmt: Format) -> None:
    assert (
        loads(trf(player_line(1, "A", 2000, "", "0000 - U"), header=header + "\n")).settings.format
        is fmt
    )


def test_tiebreak_records() -> None:
    t = loads(trf(player_line(1, "A", 2000, "", "0000 - U"), header="212 PTS, BH/C1, SB\n"))
    assert tuple(map(str, t.settings.tiebreaks)) == ("BH/C1", "SB")


def test_tiebreak_records_are_read_once_into_descriptors() -> None:
    """Record 212 read at load (issue 34.3): BH/C1 cuts one value, KS/L-1 moves the Koya
    limit one half point down; a code that cannot be read (/X1 is no C.07 modifier) is
    left out with W341 at its line, not refused later where the standings are made."""
    header = "012 Test\n042 2026/04/01\n142 3\n212 PTS, BH/C1, BH/X1, KS/L-1\n"
    read = parse_trf(
        trf(player_line(1, "A", 2000, "", "0000 - U"), header=header).encode(), "t.trf"
    )
    tiebreaks = read.tournament.settings.tiebreaks
    assert [(d.name, d.cut, d.limit) for d in tiebreaks] == [("BH", 1, None), ("KS", 0, -1)]
    (warning,) = [d for d in read.warnings if d.code == "W341"]
    assert (warning.line, warning.col) == (4, 5)
    assert warning.message == "tie-break 'BH/X1' is not known: left out"


def test_team_records_make_a_team_event() -> None:
    """Team files are read as teams and matches (tests/test_team_trf.py has the details)."""
    read = parse_trf((REFERENCE / "published" / "held_team.trf").read_bytes())
    assert read.tournament.players
    assert read.tournament.settings.format is Format.TEAM_SWISS
    assert len(read.tournament.teams) == 14
    assert read.warnings == ()


def test_errors_point_at_line_and_column() -> None:
    text = trf(
        player_line(1, "A", 2000, "", "   2 w 1"),
        player_line(2, "B", 1900, "", "   3 b 0"),
        player_line(3, "C", 1800, "", "   9 w X"),
    )
    with pytest.raises(InvalidInput) as error:
        loads(text, "bad.trf")
    found = [(d.line, d.col, d.message) for d in error.value.diagnostics]
    assert (4, 92, "round 1: 1 plays 2, but 2's line says 3") in found
    assert any(
        line == 6 and col == 99 and "unknown result code 'X'" in msg for line, col, msg in found
    )
    assert all(d.file == "bad.trf" for d in error.value.diagnostics)


def test_no_players_is_an_error() -> None:
    with pytest.raises(InvalidInput):
        loads("012 Empty\n")
