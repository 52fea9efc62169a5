"""Boards added by hand to a team round (docs/teams.md "Pairing"; tourney.engine.teams.hand_boards).

The folder tests change round 1 of examples/team-league. Its match 5 is
Groningen 1 (t10, White on board 1) against Kennemer 1 (t7):

    5.1  m10 (t10) - m07 (t7)   ½-½
    5.2  m18 (t7)  - m15 (t10)  1-0
    5.3  m34 (t10) - m31 (t7)   1-0
    5.4  m42 (t7)  - m39 (t10)  ½-½

Without board 4 the match stands 1½-1½ (t10: ½ + 0 + 1; t7: ½ + 1 + 0), a
drawn match, 1-1 in match points. The tests take board 4 out of the match and
add it by hand with Black winning (0-1): joined, t10 has 2½-1½ and wins 2-0.
Rosters: t10 [m10, m15, m34, m39, m58], t7 [m07, m18, m31, m42, m55].
"""

from __future__ import annotations

import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from tourney.engine.evaluation import evaluate
from tourney.engine.teams.board_stats import board_statistics, individual_ranking
from tourney.engine.teams.hand_boards import HandBoard, join_hand_boards
from tourney.engine.teams.scores import team_rounds
from tourney.errors import Diagnostic, InvalidInput
from tourney.load.folder import read_tournament
from tourney.model import (
    BoardOrder,
    Format,
    Game,
    Match,
    MatchDecision,
    Player,
    Result,
    Round,
    Settings,
    Team,
    TeamOptions,
    Tournament,
)
from tourney.render.site.pages import render_page
from tourney.render.site.team import rounds as team_round_pages
from tourney.render.site.team.event import TeamEvent
from tourney.render.trf.team import team_round_cells
from tourney.render.views import TeamRoundPage

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "team-league"
BOARD_54 = "{white: m42, black: m39, result: ½-½}"
HALF = Fraction(1, 2)


def event(
    tmp_path: Path,
    hand: list[str],
    board_54: str | None = None,
    match_5: list[str] | None = None,
    board_order: str = "fixed",
) -> tuple[Path, int]:
    """A copy of team-league; round 1's board 5.4 replaced by ``board_54`` (or left out),
    or match 5's boards by ``match_5``; ``hand`` as the top-level boards.
    Returns the folder and the line of the first hand board."""
    folder = tmp_path / "cup"
    shutil.copytree(EXAMPLE, folder)
    settings = folder / "tournament.yaml"
    settings.write_text(
        settings.read_text(encoding="utf-8").replace(
            "board_order: fixed", f"board_order: {board_order}"
        ),
        encoding="utf-8",
    )
    path = folder / "rounds" / "01.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if "# 5. Groningen" in line) + 3
    old = lines[start : start + 4]
    assert BOARD_54 in old[3]
    new = [f"      - {b}" for b in match_5] if match_5 is not None else old[:3]
    if match_5 is None and board_54 is not None:
        new.append(f"      - {board_54}")
    lines[start : start + 4] = new
    at = lines.index("round: 1") + 1
    lines[at:at] = ["boards:", *(f"  - {b}" for b in hand)] if hand else []
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder, at + 2


def load(folder: Path) -> tuple[Tournament, list[Diagnostic]]:
    return read_tournament(folder)


def no_team_warnings(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if "counts for no team" in d.message]


def match_5(t: Tournament) -> tuple[object, ...]:
    """(t10 game points, t7 game points, t10 match points, t7 match points) in round 1."""
    rounds = team_rounds(t, 1)
    home, away = rounds["t10"][0], rounds["t7"][0]
    assert (home.opponent, away.opponent) == ("t7", "t10")
    return home.game_points, away.game_points, home.match_points, away.match_points


# -- joining -----------------------------------------------------------------------------


def test_a_board_that_fits_joins_its_match_as_if_written_in_it(tmp_path: Path) -> None:
    folder, _ = event(tmp_path / "a", [])
    assert match_5(load(folder)[0]) == (Fraction(3, 2), Fraction(3, 2), 1, 1)

    folder, _ = event(tmp_path / "b", ["{white: m42, black: m39, result: 0-1, match: 5}"])
    joined, warnings = load(folder)
    inside, _ = load(event(tmp_path / "c", [], "{white: m42, black: m39, result: 0-1}")[0])
    assert no_team_warnings(warnings) == []
    assert joined == inside  # the very same model, board 4 of match 5
    assert joined.rounds[0].games == ()
    assert joined.rounds[0].matches[4].games[3] == Game("m42", "m39", Result.BLACK_WINS, 4)
    assert match_5(joined) == (Fraction(5, 2), Fraction(3, 2), 2, 0)


def test_without_match_and_board_it_finds_its_teams_match_and_next_board(
    tmp_path: Path,
) -> None:
    folder, _ = event(tmp_path / "a", ["{white: m42, black: m39, result: 0-1}"])
    joined, warnings = load(folder)
    inside, _ = load(event(tmp_path / "b", [], "{white: m42, black: m39, result: 0-1}")[0])
    assert no_team_warnings(warnings) == []
    assert joined == inside


def test_a_given_board_number_that_is_the_next_board_joins(tmp_path: Path) -> None:
    folder, _ = event(tmp_path, ["{white: m42, black: m39, result: 0-1, match: 5, board: 4}"])
    t, warnings = load(folder)
    assert no_team_warnings(warnings) == []
    assert match_5(t) == (Fraction(5, 2), Fraction(3, 2), 2, 0)


# -- boards of no team -------------------------------------------------------------------


def test_wrong_colours_make_a_board_of_no_team(tmp_path: Path) -> None:
    """m39 (t10) has White on board 4, where t7 has White: no team. m39 wins it."""
    folder, line = event(tmp_path, ["{white: m39, black: m42, result: 1-0, match: 5}"])
    t, warnings = load(folder)
    assert match_5(t) == (Fraction(3, 2), Fraction(3, 2), 1, 1)  # as without the board
    assert t.rounds[0].games == (Game("m39", "m42", Result.WHITE_WINS, 1),)
    assert len(t.rounds[0].matches[4].games) == 3
    [warning] = no_team_warnings(warnings)
    assert warning.file.endswith("rounds/01.yaml")
    assert (warning.line, warning.severity) == (line, "warning")
    assert "white 'm39' is on team 't10', which has Black on board 4 of match 5" in (
        warning.message
    )
    assert "match 5's boards" in warning.hint
    # m39: the no-team win, ½ in round 2, 1 in round 3; m42: the loss, 1 and 1.
    lines = {line.player: line for line in individual_ranking(t)}
    assert (lines["m39"].games, lines["m39"].points) == (3, Fraction(5, 2))
    assert (lines["m42"].games, lines["m42"].points) == (3, Fraction(2))
    # ...but on no board: board 4 holds rounds 2 and 3 only.
    board_4 = {line.player: line for line in board_statistics(t)[3].lines}
    assert (board_4["m39"].games, board_4["m39"].points) == (2, Fraction(3, 2))
    assert (board_4["m42"].games, board_4["m42"].points) == (2, Fraction(2))
    assert lines["m39"].boards == (4,)


def test_a_board_of_no_team_goes_to_the_trf_as_a_game_of_its_players(tmp_path: Path) -> None:
    folder, _ = event(tmp_path, ["{white: m39, black: m42, result: 1-0, match: 5}"])
    t, _ = load(folder)
    cells = team_round_cells(t, t.rounds[0], {"m39": 39, "m42": 42})
    assert (cells["m39"].text(), cells["m39"].points) == ("  42 w 1", Fraction(1))
    assert (cells["m42"].text(), cells["m42"].points) == ("  39 b 0", Fraction(0))


def test_a_board_already_taken_is_of_no_team(tmp_path: Path) -> None:
    folder, line = event(tmp_path, ["{white: m42, black: m39, result: 0-1, match: 5, board: 2}"])
    t, warnings = load(folder)
    assert match_5(t) == (Fraction(3, 2), Fraction(3, 2), 1, 1)
    [warning] = no_team_warnings(warnings)
    assert warning.line == line
    assert "board 2 of match 5 already has a game ('m18' v 'm15')" in warning.message
    assert "board 4 has no game" in warning.hint


# Match 5 written with t10's roster player 4 (m39) on board 3; the hand board puts
# t10's roster player 3 (m34) on board 4, below him.
ORDER_MATCH = [
    "{white: m10, black: m07, result: ½-½}",
    "{white: m18, black: m15, result: 1-0}",
    "{white: m39, black: m31, result: 1-0}",
]
ORDER_HAND = "{white: m42, black: m34, result: ½-½, match: 5}"


def test_a_board_that_breaks_the_fixed_board_order_is_of_no_team(tmp_path: Path) -> None:
    folder, line = event(tmp_path, [ORDER_HAND], match_5=ORDER_MATCH)
    t, warnings = load(folder)
    # t10: ½ + 0 + 1 = 1½, t7: ½ + 1 + 0 = 1½ on the three boards written.
    assert match_5(t) == (Fraction(3, 2), Fraction(3, 2), 1, 1)
    [warning] = no_team_warnings(warnings)
    assert warning.line == line
    assert "breaks the board order on board 4 of match 5" in warning.message
    assert "(roster 4) sits above" in warning.message


def test_the_same_board_joins_when_the_board_order_is_chosen(tmp_path: Path) -> None:
    folder, _ = event(tmp_path, [ORDER_HAND], match_5=ORDER_MATCH, board_order="chosen")
    t, warnings = load(folder)
    assert no_team_warnings(warnings) == []
    assert match_5(t) == (2, 2, 1, 1)  # the draw on board 4: 2-2


def test_check_prints_the_warning_with_file_and_line(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tourney.cli import cli

    folder, line = event(tmp_path, ["{white: m39, black: m42, result: 1-0, match: 5}"])
    out = CliRunner().invoke(cli, ["check", str(folder)])
    assert out.exit_code == 0, out.output
    assert re.search(
        rf"rounds/01\.yaml:{line}:\d+: warning W102: this board joins no match and counts for no "
        r"team: white 'm39' is on team 't10', which has Black on board 4 of match 5",
        out.output,
    )


def test_the_round_page_lists_boards_of_no_team(tmp_path: Path) -> None:
    from tourney.app.build import read_theme
    from tourney.render.site.event import EventData, Frames

    folder, _ = event(tmp_path, ["{white: m39, black: m42, result: 1-0, match: 5}"])
    t, _ = load(folder)
    pages = dict(
        team_round_pages.pages(TeamEvent(EventData(evaluate(t)), Frames(t.settings.name, ())))
    )
    page = pages["round-01.html"]
    assert isinstance(page, TeamRoundPage)
    assert [(b.board, b.white and b.white.id, b.result) for b in page.no_team] == [
        (1, "m39", "1-0")
    ]
    assert pages["round-02.html"].no_team == ()  # type: ignore[attr-defined]
    html = render_page(read_theme(folder).environment(), page).decode()
    assert "<h2>Boards of no team</h2>" in html
    assert "count for no team" in html
    other = render_page(read_theme(folder).environment(), pages["round-02.html"]).decode()
    assert "Boards of no team" not in other


def test_match_and_board_are_unknown_keys_in_an_individual_event(tmp_path: Path) -> None:
    folder = tmp_path / "open"
    shutil.copytree(ROOT / "examples" / "swiss-open", folder)
    path = folder / "rounds" / "01.yaml"
    text = path.read_text(encoding="utf-8")
    first = re.search(r"result: [^}]*\}", text)
    assert first is not None
    path.write_text(text[: first.end() - 1] + ", match: 1}" + text[first.end() :], encoding="utf-8")
    with pytest.raises(InvalidInput) as raised:
        read_tournament(folder)
    assert any("unknown key 'match'" in d.message for d in raised.value.diagnostics)


# -- the engine on small rounds -----------------------------------------------------------


PLAYERS = ("a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "x")


def small(boards: int = 3, order: BoardOrder = BoardOrder.FIXED) -> Tournament:
    players = tuple(Player(p, p.upper()) for p in PLAYERS)
    teams = (
        Team("A", "A", roster=("a1", "a2", "a3")),
        Team("B", "B", roster=("b1", "b2", "b3")),
        Team("C", "C", roster=("c1", "c2")),
    )
    settings = Settings(
        "Cup", Format.TEAM_SWISS, 5, team=TeamOptions(boards=boards, board_order=order)
    )
    return Tournament(settings, players, teams)


ONE = Round(1, matches=(Match("A", "B", (Game("a1", "b1", Result.DRAW, 1),), number=1),))


def reasons(rnd: Round, *hand: HandBoard, t: Tournament | None = None) -> list[str]:
    return [p.reason for p in join_hand_boards(t or small(), rnd, hand)[1]]


def test_two_hand_boards_of_one_match_take_its_next_boards_in_turn() -> None:
    placed, placements = join_hand_boards(
        small(),
        ONE,
        (
            HandBoard(Game("b2", "a2", Result.WHITE_WINS)),
            HandBoard(Game("a3", "b3", Result.BLACK_WINS)),
        ),
    )
    assert [(p.match, p.board, p.joined) for p in placements] == [(1, 2, True), (1, 3, True)]
    assert placed.games == ()
    assert placed.matches[0].games == (
        Game("a1", "b1", Result.DRAW, 1),
        Game("b2", "a2", Result.WHITE_WINS, 2),
        Game("a3", "b3", Result.BLACK_WINS, 3),
    )


def test_reasons_a_board_joins_no_match() -> None:
    decided = Round(1, matches=(Match("A", "B", ONE.matches[0].games, MatchDecision.NEITHER, 1),))
    cases = {
        "round 1 has no match 2": (ONE, HandBoard(Game("b2", "a2"), match=2)),
        "no match of round 1 is between their teams": (ONE, HandBoard(Game("c1", "a2"))),
        "white 'x' is in no team's roster": (ONE, HandBoard(Game("x", "a2"), match=1)),
        "white 'c1' is on team 'C', which does not play match 1": (
            ONE,
            HandBoard(Game("c1", "a2"), match=1),
        ),
        "are both on team 'A'": (ONE, HandBoard(Game("a2", "a3"), match=1)),
        "forfeited as a whole by decision": (decided, HandBoard(Game("b2", "a2"))),
        "match 1 is played on 3 boards, not 4": (ONE, HandBoard(Game("b2", "a2"), board=4)),
        "board 3 of match 1 would leave board 2 without a game": (
            ONE,
            HandBoard(Game("a2", "b2"), board=3),
        ),
        "'a2' already plays elsewhere in round 1": (
            ONE,
            HandBoard(Game("b2", "a2"), board=2),
        ),
    }
    for expected, (rnd, hand) in cases.items():
        if "elsewhere" in expected:  # a2 also on a second hand board
            got = reasons(rnd, hand, HandBoard(Game("a2", "b3")))[0]
        else:
            got = reasons(rnd, hand)[0]
        assert expected in got, (expected, got)


def test_a_full_match_takes_no_more_boards() -> None:
    full = Round(
        1,
        matches=(
            Match(
                "A",
                "B",
                (Game("a1", "b1", Result.DRAW, 1), Game("b2", "a2", Result.DRAW, 2)),
                number=1,
            ),
        ),
    )
    [reason] = reasons(full, HandBoard(Game("a3", "b3")), t=small(boards=2))
    assert reason == "every one of the 2 boards of match 1 has a game"


def test_a_board_order_breach_already_there_does_not_count_against_it() -> None:
    """A seats a2 (roster 2) above a1 (roster 1) already; a3 on board 3 adds no breach."""
    games = (Game("a2", "b1", Result.DRAW, 1), Game("b2", "a1", Result.DRAW, 2))
    broken = Round(1, matches=(Match("A", "B", games, number=1),))
    placed, [placement] = join_hand_boards(small(), broken, (HandBoard(Game("a3", "b3")),))
    assert placement.joined
    assert placed.matches[0].games[2] == Game("a3", "b3", None, 3)


def test_a_new_board_order_breach_refuses_the_board() -> None:
    """B seats b2 (roster 2) on board 1; b1 (roster 1) on board 2 would sit below."""
    rnd = Round(1, matches=(Match("A", "B", (Game("a1", "b2", Result.DRAW, 1),), number=1),))
    [reason] = reasons(rnd, HandBoard(Game("b1", "a2")))
    assert reason.startswith("it breaks the board order on board 2 of match 1: B2 (roster 2)")
    assert reasons(rnd, HandBoard(Game("b1", "a2")), t=small(order=BoardOrder.CHOSEN)) == [""]


def test_a_round_file_written_again_keeps_its_boards_of_no_team(tmp_path: Path) -> None:
    from tourney.edit.roundfile import render

    folder, _ = event(tmp_path, ["{white: m39, black: m42, result: 1-0, match: 5}"])
    t, _ = load(folder)
    text = render(t, t.rounds[0])
    assert "boards:   # added by hand, of no team" in text
    (folder / "rounds" / "01.yaml").write_text(text, encoding="utf-8")
    again, warnings = load(folder)
    assert again == t
    assert len(no_team_warnings(warnings)) == 1


def test_the_keys_of_a_board_added_by_hand_are_documented() -> None:
    from tourney.load.rounds import HAND_BOARD_KEYS

    doc = (ROOT / "docs" / "folder-format.md").read_text(encoding="utf-8")
    rows = {m.group(1) for m in re.finditer(r"^\| `(\w+)` \| board added by hand \|", doc, re.M)}
    assert rows == {"match", "board"}
    assert all(f"`{key}`" in doc for key in HAND_BOARD_KEYS)
