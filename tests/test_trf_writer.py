"""The TRF writer (tourney.render.trf.individual): round trips, columns by the FIDE tables, team records.

Round trips compare models, not bytes: ``read(write(t)) == t`` for every reference
TRF, and for the example folders the same tournament seen through its TRF
numbers. Column positions are checked against the TRF-2026 specification
(FIDE Handbook TRF26, 1-based positions), worked out by hand below.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest
import refdata
from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.app.trf_import import imported
from tourney.engine.evaluation import evaluate
from tourney.engine.pairing.team_state import team_pairing_numbers
from tourney.engine.tiebreaks.descriptor import parse_list
from tourney.errors import InvalidInput
from tourney.load.folder import load_tournament
from tourney.load.trf import loads, parse_trf, read_trf
from tourney.model import (
    Bye,
    ByeKind,
    Colour,
    ForbiddenPairing,
    Format,
    Game,
    Match,
    MatchDecision,
    Player,
    PrimaryScore,
    Result,
    Round,
    RoundWindow,
    RuleStrength,
    Scoring,
    Settings,
    Team,
    TeamOptions,
    Tournament,
)
from tourney.render.trf.cells import ascii_text
from tourney.render.trf.individual import player_numbers, write_trf
from tourney.render.trf.team import team_system_code

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = refdata.TIEBREAKS / "tournaments"
REFERENCE_FILES = refdata.require(REFERENCE, "*.trf")
TEAM_FILES = [p for p in REFERENCE_FILES if p.name.startswith("ref_team")]
EXAMPLES = sorted(p.parent for p in (ROOT / "examples").rglob("tournament.yaml"))


def records(text: str, code: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(code)]


# -- round trips -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    REFERENCE_FILES,
    ids=lambda p: p.stem,
)
def test_reference_files_read_back_as_the_same_tournament(path: Path) -> None:
    original = read_trf(path)
    text = write_trf(evaluate(original))
    again = loads(text)
    assert again == original
    assert write_trf(evaluate(again)) == text  # folder -> TRF -> folder -> TRF: byte for byte


@pytest.mark.parametrize(
    "path", [p for p in REFERENCE_FILES if p not in TEAM_FILES], ids=lambda p: p.stem
)
def test_trf16_carries_an_individual_event_whole(path: Path) -> None:
    """TRF16 has no 142/162/192/240: XXR, XXS, 092 and the 001 codes carry the same."""
    original = read_trf(path)
    text = write_trf(evaluate(original), "trf16")
    assert text.isascii()
    trf26_only = ("142", "152", "162", "182", "192", "202", "212", "222", "240", "260", "3")
    assert not [line for line in text.splitlines() if line.startswith(trf26_only)]
    assert loads(text) == original


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_team_records_agree_with_the_reference_file(path: Path) -> None:
    """310 (with the match and game points the reference program computed), 320, 330,
    352, 362 are the reference file's own lines; 300 the same set of line-ups."""
    written = write_trf(evaluate(read_trf(path)))
    reference = path.read_text(encoding="utf-8")
    for code in ("320", "330", "352", "362", "300"):
        assert sorted(records(written, code)) == sorted(
            line.rstrip() for line in records(reference, code)
        ), code
    # Columns 1-67 of 310: number, name, nickname, strength, match and game points.
    # (Column 69-71, the rank, follows the reference's own tie-breaks, not in the file.)
    assert sorted(line[:67] for line in records(written, "310")) == sorted(
        line[:67] for line in records(reference, "310")
    )


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_trf16_team_file_keeps_the_rosters_in_013(path: Path) -> None:
    original = read_trf(path)
    text = write_trf(evaluate(original), "trf16")
    assert not records(text, "3")
    rosters = [line[36:].split() for line in records(text, "013")]
    assert rosters == [list(team.roster) for team in original.teams]
    assert [line[4:36].rstrip() for line in records(text, "013")] == [
        team.name for team in original.teams
    ]


def view(t: Tournament) -> dict[str, object]:
    """What a TRF carries of a tournament, on TRF numbers (players and teams)."""
    numbers = player_numbers(t)
    tpn = team_pairing_numbers(t)

    def p(pid: str) -> int:
        return numbers.get(pid, 0)

    def game(g: Game) -> tuple[int, int, Result | None]:
        return (p(g.white), p(g.black), g.result)

    def match(m: Match) -> tuple[object, ...]:
        boards = tuple(
            (p(g.white), p(g.black), g.result if m.decision is None else None) for g in m.games
        )
        return (tpn[m.white], tpn[m.black], m.decision, boards)

    rounds = {}
    for rnd in t.rounds:
        who = tpn if t.is_team else numbers
        byes = {(who[b.participant], b.kind) for b in rnd.byes if b.kind is not ByeKind.ZERO}
        rounds[rnd.number] = (
            sorted(game(g) for g in rnd.games),
            sorted((match(m) for m in rnd.matches), key=lambda m: (m[0], m[1])),
            sorted(byes, key=lambda b: (b[0], b[1].value)),
        )
    s = t.settings
    return {
        "players": sorted(
            (numbers[x.id], x.name, x.rating, x.fide_id, x.federation, x.sex, x.birth_year)
            for x in t.players
            if x.approved
        ),
        "teams": sorted(
            (tpn[x.id], x.name, tuple(numbers[m] for m in x.roster), x.rating) for x in t.teams
        ),
        "settings": (
            s.name,
            s.format,
            s.start_date,
            s.end_date,
            s.place,
            s.federation,
            s.chief_arbiter,
            s.deputy_arbiters,
            s.time_control,
            s.tiebreaks,
            s.initial_colour,
            s.cycles,
            t.planned_rounds,
        ),
        "scoring": (s.scoring.win, s.scoring.draw, s.scoring.loss, s.scoring.pab),
        "match points": (s.scoring.match_win, s.scoring.match_draw, s.scoring.match_loss),
        "primary": s.scoring.primary,
        "boards": s.team.boards if t.is_team else None,
        "forbidden": sorted(  # a team event keeps teams apart, never players
            (r.teams, tuple(sorted((tpn if r.teams else numbers)[m] for m in r.members)))
            for r in s.forbidden
            if r.teams or not t.is_team
        ),
        "rounds": rounds,
    }


@pytest.mark.parametrize("folder", EXAMPLES, ids=lambda p: p.name)
def test_examples_come_back_through_trf(folder: Path) -> None:
    original = load_tournament(folder)
    text = write_trf(evaluate(original))
    again, _ = imported(text.encode("utf-8"), "example.trf")
    assert view(again) == view(original)
    assert write_trf(evaluate(again)) == text


def test_example_team_league_forbidden_pairing_is_the_xxo_dialect() -> None:
    t = load_tournament(ROOT / "examples" / "team-league")
    text = write_trf(evaluate(t))
    tpn = team_pairing_numbers(t)
    assert records(text, "XXO") == [f"XXO team-forbidden {tpn['t1']} {tpn['t2']} @1-3"]
    assert not records(text, "XXP") and not records(text, "260")


# -- hand-checked columns (TRF-2026 specification) -----------------------------------------


def _individual() -> Tournament:
    players = (
        Player("a", "Ålesund, Åse", rating=2412, fide_id="1503014", federation="NOR",
               title="WGM", sex="w", birth_year=1990, start=1),
        Player("b", "Berg, Bo", rating=2105, federation="SWE", sex="m", start=2),
        Player("c", "Carlsen, C", start=3),
        Player("d", "Dahl, D", rating=1800, start=4),
        Player("e", "Eik, E", start=5),
    )  # fmt: skip
    rounds = (
        Round(1, games=(Game("a", "b", Result.WHITE_WINS), Game("d", "c", Result.BLACK_FORFEIT_WIN)),
              byes=(Bye("e", ByeKind.PAB),)),
        Round(2, games=(Game("c", "a", Result.DRAW_UNPLAYED), Game("e", "d", Result.DOUBLE_FORFEIT)),
              byes=(Bye("b", ByeKind.HALF),)),
        Round(3, games=(Game("a", "e", Result.DRAW), Game("b", "c", None)),
              byes=(Bye("d", ByeKind.FULL),)),
    )  # fmt: skip
    settings = Settings(
        "Hand Open",
        Format.SWISS,
        5,
        start_date=dt.date(2026, 5, 1),
        end_date=dt.date(2026, 5, 3),
        round_dates=(dt.date(2026, 5, 1), dt.date(2026, 5, 2)),
        place="Tromsø",
        federation="NOR",
        chief_arbiter="IA Kari",
        deputy_arbiters=("FA Ola", "FA Per"),
        time_control="5400+30",
        tiebreaks=parse_list("BH/C1, SB"),
        initial_colour=Colour.BLACK,
        scoring=Scoring(win=Fraction(3), draw=Fraction(1), pab=Fraction(3), full_bye=Fraction(3)),
        forbidden=(
            ForbiddenPairing(teams=False, members=("a", "d"), rounds=RoundWindow(1, 2)),
            ForbiddenPairing(teams=False, members=("b", "e"), strength=RuleStrength.WISH),
        ),
    )
    return Tournament(settings, players=players, rounds=rounds)


def test_player_line_columns() -> None:
    text = write_trf(evaluate(_individual()))
    line = records(text, "001    1")[0]
    # 1-3 code, 5-8 rank, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56 federation,
    # 58-68 FIDE id, 70-79 birth date, 81-84 points, 86-89 rank.
    assert line[0:3] == "001" and line[3] == " "
    assert line[4:8] == "   1"
    assert line[9] == "w"
    assert line[10:13] == "WGM"
    assert line[14:47] == "Ålesund, Åse".ljust(33)
    assert line[48:52] == "2412"
    assert line[53:56] == "NOR"
    assert line[57:68] == "    1503014"
    assert line[69:79] == "1990/00/00"
    # 3 (win) + 1 (D: draw before a move) + 1 (draw) = 5.0 in the 3/1/0 system
    assert line[80:84] == " 5.0"
    # Round r at 92 + 10(r-1): opponent 4 columns, colour at +5, result at +7.
    assert line[91:99] == "   2 w 1"
    assert line[101:109] == "   3 b D"
    assert line[111:119] == "   5 w ="
    assert len(line) == 119


def test_every_result_code() -> None:
    cells = {
        line[4:8].strip(): [line[91 + 10 * r : 99 + 10 * r].rstrip() for r in range(3)]
        for line in records(write_trf(evaluate(_individual())), "001")
    }
    assert cells["1"] == ["   2 w 1", "   3 b D", "   5 w ="]
    assert cells["2"] == ["   1 b 0", "0000 - H", "   3 w"]  # a game without result yet
    assert cells["3"] == ["   4 b +", "   1 w D", "   2 b"]
    assert cells["4"] == ["   3 w -", "   5 b -", "0000 - F"]
    assert cells["5"] == ["0000 - U", "   4 w -", "   1 b ="]


def test_header_records() -> None:
    text = write_trf(evaluate(_individual()))
    lines = text.split("\r\n")
    assert lines[-1] == "" and "\n" not in text.replace("\r\n", "")
    assert lines[:10] == [
        "012 Hand Open",
        "022 Tromsø",
        "032 NOR",
        "042 2026/05/01",
        "052 2026/05/03",
        "062 5",
        "072 3",
        "092 Individual: Swiss-System",
        "102 IA Kari",
        "112 FA Ola",
    ]
    # 132: the round dates as YY/MM/DD at columns 92-99, 102-109.
    dates = records(text, "132")[0]
    assert dates[91:99] == "26/05/01" and dates[101:109] == "26/05/02"
    assert records(text, "142") == ["142 5"]
    assert records(text, "152") == ["152 B"]
    # 162: code at column 6, value at 7-10, then every 9 columns (W D L A P X).
    assert records(text, "162") == ["162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0    X 1.0"]
    assert records(text, "192") == ["192 FIDE_DUTCH_2025"]
    assert records(text, "202") == ["202 BH/C1,SB"]
    assert records(text, "212") == ["212 PTS,BH/C1,SB"]
    assert records(text, "222") == ["222 5400+30"]
    assert records(text, "XXR") == ["XXR 5"]
    assert records(text, "XXC") == ["XXC black1"]
    # only XXS for what 162 cannot say: a forfeit win pays 1 (not a win's 3), a
    # half-point bye 0.5 (not a draw's 1); the full-point bye pays a win, as 162's W
    assert records(text, "XXS") == ["XXS FW=1.0 HPB=0.5"]


def test_240_and_forbidden_records() -> None:
    text = write_trf(evaluate(_individual()))
    # 240: type at 5, round at 7-9, ids at 11-14, 16-19, ...
    assert records(text, "240") == ["240 H   2    2", "240 F   3    4"]
    # 260: first round 5-7, last round 9-11, ids from 13-16 in steps of 5.
    assert records(text, "260") == ["260 001 002    1    4"]
    assert records(text, "XXO") == ["XXO soft-pairs 2 5"]
    old = write_trf(evaluate(_individual()), "trf16")
    assert records(old, "XXP") == []  # the rule ends in round 2; XXP states the next round
    assert records(old, "XXO") == ["XXO soft-pairs 2 5"]
    assert records(old, "XXS") == [
        "XXS WW=3.0 BW=3.0 WD=1.0 BD=1.0 WL=0.0 BL=0.0 FW=1.0 FL=0.0 PAB=3.0 FPB=3.0 "
        "HPB=0.5 ZPB=0.0"
    ]
    assert "Alesund, Ase" in old and "Tromso" in old


def test_hand_tournament_reads_back() -> None:
    t = _individual()
    again, _ = imported(write_trf(evaluate(t)).encode("utf-8"), "hand.trf")
    assert view(again) == view(t)
    assert again.settings.scoring == t.settings.scoring
    assert [(r.members, r.strength, r.rounds) for r in again.settings.forbidden] == [
        (("1", "4"), RuleStrength.RULE, RoundWindow(1, 2)),
        (("2", "5"), RuleStrength.WISH, RoundWindow()),
    ]
    assert again.player("1").title == "WGM" and again.player("1").birth_year == 1990


def _team_event(primary: str = "mp", colours: str = "A") -> Tournament:
    players = tuple(Player(f"p{i}", f"P{i:02d}, X", rating=2000 - i) for i in range(1, 13))
    teams = (
        Team("a", "Alpha", short_name="ALPHA", roster=("p1", "p2", "p3"), rating=1990, start=1),
        Team("b", "Beta", roster=("p4", "p5", "p6"), start=2),
        Team("c", "Gamma", roster=("p7", "p8", "p9"), start=3),
        Team("d", "Delta", roster=("p10", "p11", "p12"), start=4),
    )
    rounds = (
        Round(
            1,
            matches=(
                # Beta plays its reserve p6 on board 1 and p4 on board 2: out of order.
                Match("a", "b", (Game("p1", "p6", Result.WHITE_WINS, 1), Game("p4", "p2", Result.WHITE_WINS, 2))),
                # Delta leaves board 2 empty.
                Match("c", "d", (Game("p7", "p10", Result.WHITE_WINS, 1), Game("", "p8", Result.BLACK_FORFEIT_WIN, 2))),
            ),
        ),
        Round(
            2,
            matches=(
                Match("d", "a", (Game("p10", "p1", None, 1), Game("p2", "p11", None, 2)),
                      decision=MatchDecision.BLACK_TEAM),
            ),
            byes=(Bye("b", ByeKind.PAB), Bye("c", ByeKind.HALF)),
        ),
    )  # fmt: skip
    settings = Settings(
        "League",
        Format.TEAM_SWISS,
        5,
        team=TeamOptions(boards=2, colour_preferences=colours),
        scoring=Scoring(primary=PrimaryScore(primary), match_win=Fraction(3)),
        forbidden=(
            ForbiddenPairing(teams=True, members=("a", "c", "d"), rounds=RoundWindow(1, 2)),
            ForbiddenPairing(teams=True, members=("b", "d"), strength=RuleStrength.WISH),
            ForbiddenPairing(teams=False, members=("p1", "p4")),
        ),
    )
    return Tournament(settings, players=players, teams=teams, rounds=rounds)


def test_team_record_columns() -> None:
    text = write_trf(evaluate(_team_event()))
    assert records(text, "352") == ["352 WB"]
    # 362: TW at 5, value at 7-10, then every 9 columns.
    assert records(text, "362") == ["362 TW 3.0   TD 1.0   TL 0.0"]
    alpha = records(text, "310")[0]
    # 5-7 team number, 9-40 name, 42-46 nickname, 48-53 strength, 55-60 MP, 62-67 GP,
    # 69-71 rank, 74-77 first player, 79-82 second, ...
    assert alpha[4:7] == "  1"
    assert alpha[8:40] == "Alpha".ljust(32)
    assert alpha[41:46] == "ALPHA"
    assert alpha[47:53] == "  1990"
    # round 1 drawn 1-1 (1 MP), round 2 won by decision (3 MP, 2 boards seated: 2 GP)
    assert alpha[54:60] == "   4.0" and alpha[61:67] == "   3.0"
    assert alpha[68:71] == "  1"
    assert alpha[73:77] == "   1" and alpha[78:82] == "   2" and alpha[83:87] == "   3"
    # 013: name 5-36, players from 37-40 in steps of 5.
    assert records(text, "013")[0] == "013 Alpha" + " " * 27 + "   1    2    3"
    # 240 team byes by team number, 320 PAB: MP 5-8, GP 10-13, team per round from 15-17.
    assert records(text, "240") == ["240 H   2    3"]
    assert records(text, "320") == ["320  1.0  1.0 000 002"]
    # 330: type 5-6, round 8-10, White team 12-14, Black team 16-18.
    assert records(text, "330") == ["330 -+ 002 004 001"]
    # 300: round 5-7, team 9-11, opponent 13-15, players from 17-20 in steps of 5.
    assert sorted(records(text, "300")) == [
        "300 001 002 001    6    4",
        "300 001 004 003   10 0000",
    ]
    assert records(text, "XXO") == ["XXO team-forbidden 1 3 4 @1-2", "XXO team-soft-pairs 2 4"]
    assert not records(text, "XXP") and not records(text, "260")
    assert records(text, "192") == ["192 FIDE_TEAM_TYPEA_MP_GP"]


def test_team_players_cells() -> None:
    text = write_trf(evaluate(_team_event()))
    cells = {
        line[4:8].strip(): [line[91 + 10 * r : 99 + 10 * r].rstrip() for r in range(2)]
        for line in records(text, "001")
    }
    # a decided match (330) keeps its boards: opponent, colour, and the decision's + / -
    assert cells["1"] == ["   6 w 1", "  10 b +"]
    assert cells["10"] == ["   7 b 0", "   1 w -"]
    # a board left empty, then a team bye: the bye is the team's (240, 320), its players'
    # cells stay blank and add no individual points (issue #29)
    assert cells["8"] == ["0000 - +", ""]
    assert cells["4"] == ["   2 w 1", ""]
    assert cells["6"] == ["   1 b 0", ""]
    assert cells["5"] == ["", ""]


@pytest.mark.parametrize(
    ("primary", "colours", "code"),
    [
        ("mp", "A", "FIDE_TEAM_TYPEA_MP_GP"),
        ("gp", "A", "FIDE_TEAM_TYPEA_GP_MP"),
        ("mp", "B", "FIDE_TEAM_TYPEB_MP_GP"),
        ("gp", "none", "FIDE_TEAM_GP_MP"),
    ],
)
def test_192_names_the_primary_score_and_colour_type(primary: str, colours: str, code: str) -> None:
    assert team_system_code(_team_event(primary, colours)) == code


def test_team_round_robin_has_no_room_for_the_primary_score() -> None:
    t = _team_event("gp")
    rr = Tournament(
        Settings("RR", Format.TEAM_ROUND_ROBIN, 3, scoring=t.settings.scoring), teams=t.teams
    )
    assert team_system_code(rr) == "FIDE_TEAM_ROUNDROBIN"


def test_hand_team_event_reads_back() -> None:
    t = _team_event("gp", "B")
    again, _ = imported(write_trf(evaluate(t)).encode("utf-8"), "league.trf")
    assert view(again) == view(t)
    assert again.settings.scoring.primary is PrimaryScore.GAME_POINTS
    assert again.settings.team.colour_preferences == "B"


def test_team_file_forbidden_records_read_back() -> None:
    # A team event: XXO names team numbers; a 260 names teams too (TRF-2026: "for both
    # individual and team tournaments"); XXP names players, so it is left out.
    text = write_trf(evaluate(_team_event())) + "260 002 003    1    2\r\nXXP 1 4\r\n"
    read = parse_trf(text, "league.trf")
    assert [
        (r.teams, r.members, r.strength, r.rounds) for r in read.tournament.settings.forbidden
    ] == [
        (True, ("1", "3", "4"), RuleStrength.RULE, RoundWindow(1, 2)),
        (True, ("2", "4"), RuleStrength.WISH, RoundWindow()),
        (True, ("1", "2"), RuleStrength.RULE, RoundWindow(2, 3)),
    ]
    xxp = len(text.splitlines())  # the last line
    assert [(w.line, w.message) for w in read.warnings if "XXP" in w.message] == [
        (xxp, "record XXP names players; this is a team event: left out")
    ]


def test_team_file_bad_forbidden_records_name_their_line() -> None:
    text = write_trf(evaluate(_team_event()))
    first = len(text.splitlines()) + 1
    bad = ["XXO team-forbidden 1 9", "XXO team-forbidden 1 2 @x", "260 001 003"]
    with pytest.raises(InvalidInput) as raised:
        loads(text + "\n".join(bad) + "\n", "league.trf")
    assert [(d.line, d.col) for d in raised.value.errors] == [
        (first, 22),  # team 9: no 310 record
        (first + 1, 24),  # the rounds
        (first + 2, 13),  # no ids at all
    ]


def test_writing_is_deterministic_and_pure() -> None:
    t = _team_event()
    assert write_trf(evaluate(t)) == write_trf(evaluate(t))
    with pytest.raises(ValueError, match="unknown TRF version"):
        write_trf(evaluate(t), "trf06")  # type: ignore[arg-type]


# -- property: generated tournaments survive TRF and the folder -------------------------------

RESULTS = [*Result, None]
BYES = list(ByeKind)


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    """Individual Swiss events: random pairings, every result, byes, absences."""
    count = draw(st.integers(2, 10))
    players = tuple(
        Player(
            f"x{i}",
            f"Name{i}, Ünïcode",
            rating=draw(st.none() | st.integers(1000, 2800)),
            sex=draw(st.sampled_from(["", "m", "w"])),
            start=i,
        )
        for i in range(1, count + 1)
    )
    rounds = []
    for number in range(1, draw(st.integers(1, 5)) + 1):
        ids = list(draw(st.permutations([p.id for p in players])))
        # At least one game a round: a last column where nobody has an opponent is the
        # round about to be paired (docs/trf.md, JaVaFo's convention), not a played round.
        absent = draw(st.integers(2, len(ids)))
        seated, rest = ids[: absent - absent % 2], ids[absent - absent % 2 :]
        games = tuple(
            Game(seated[i], seated[i + 1], draw(st.sampled_from(RESULTS)))
            for i in range(0, len(seated), 2)
        )
        byes = tuple(
            Bye(pid, draw(st.sampled_from(BYES))) for pid in rest[: draw(st.integers(0, len(rest)))]
        )
        rounds.append(Round(number, games=games, byes=byes))
    scoring = draw(
        st.sampled_from(
            [
                Scoring(),
                Scoring(
                    win=Fraction(3),
                    draw=Fraction(1),
                    pab=Fraction(3),
                    full_bye=Fraction(3),
                    forfeit_win=Fraction(3),
                ),
            ]
        )
    )
    settings = Settings("Generated", Format.SWISS, len(rounds) + 1, scoring=scoring)
    return Tournament(settings, players=players, rounds=tuple(rounds))


@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_generated_tournaments_round_trip(t: Tournament) -> None:
    text = write_trf(evaluate(t))
    again, _ = imported(text.encode("utf-8"), "generated.trf")
    assert view(again) == view(t)
    assert again.settings.scoring == t.settings.scoring
    assert write_trf(evaluate(again)) == text
    old = write_trf(evaluate(t), "trf16")
    assert old.isascii()
    ascii_names = tuple(dataclasses.replace(p, name=ascii_text(p.name)) for p in t.players)
    assert view(loads(old)) == view(dataclasses.replace(t, players=ascii_names))
