"""The Double-Swiss system (FIDE C.04.5): rounds worked by hand from the rules, the match
results of the Preface (2-0 ... 0-2, a match forfeited only when a player forfeits both
games, byes per match), and a Double-Swiss folder through the commands.

The pairings below are worked from the articles as docs/pairing.md ("Double-Swiss")
gives them: 1.2 order (score, then TPN); 3.4 the PAB to the lowest score, then the most
matches played, then the largest TPN, among those who leave the rest pairable; 3.5 the
upfloaters ([C4] fewest, [C5] best scores, [C6] the next scoregroup still pairable,
[C7] fewest who floated last round); 3.6 the first bracket identifier in lexicographic
order (top members' TPNs ascending, then their opponents') with the fewest upfloaters'
opponents who floated last round ([C8]); [C7] and [C8] off in the last round; Art. 4
the colour of game 1 (4.3.1 TPN parity in the first match, 4.3.2 fewer Whites, 4.3.3
the latest difference, 4.3.4/4.3.5 alternation).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from builders import merged, runner

from tourney.cli import cli
from tourney.engine.double_games import match_forfeited, match_outcome, match_points
from tourney.engine.pairing.double_swiss import pair_double_swiss
from tourney.engine.pairing.swiss_core import NoPairing
from tourney.engine.pairing.swiss_state import (
    Float,
    SwissPlayer,
    SwissState,
    state_from_tournament,
)
from tourney.engine.scores import score_table
from tourney.load.folder import load_tournament
from tourney.load.rounds import parse_match
from tourney.model import (
    Bye,
    ByeKind,
    Colour,
    Format,
    Game,
    Outcome,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)

W, B = Colour.WHITE, Colour.BLACK
R = Result
run = merged(runner(cli))
SCORING = Scoring(pab=Fraction(3, 2), full_bye=Fraction(2), half_bye=Fraction(1))


def event(n: int, *rounds: Round, total: int = 7) -> Tournament:
    settings = Settings(
        "DS", Format.SWISS, total, initial_colour=W, pairing="double-swiss", scoring=SCORING
    )
    field = tuple(
        Player(id=f"p{k}", name=f"P{k}", rating=2500 - 10 * k, start=k) for k in range(1, n + 1)
    )
    return Tournament(settings, field, (), rounds)


def match(white: int, black: int, first: Result | None, second: Result | None) -> Game:
    return Game(f"p{white}", f"p{black}", first, double=True, second=second)


def test_round_one_top_half_against_bottom_half() -> None:
    """8 players, all on 0: one bracket; the first identifier (3.6) is 1 2 3 4 5 6 7 8:
    1-5, 2-6, 3-7, 4-8; game 1's colour (4.3.1): the higher-ranked player's TPN odd takes
    the initial colour (White), even the other."""
    pairing = pair_double_swiss(state_from_tournament(event(8), 1))
    assert pairing.pairs == ((1, 5), (6, 2), (3, 7), (8, 4))
    assert pairing.bye is None


def test_round_one_bye_to_the_last_player() -> None:
    """5 players: the PAB (3.4) to the lowest score, no one has played, so the largest
    TPN: 5; then 1-3, 2-4."""
    pairing = pair_double_swiss(state_from_tournament(event(5), 1))
    assert pairing.bye == 5
    assert pairing.pairs == ((1, 3), (4, 2))


def test_round_two_worked_by_hand() -> None:
    """Round 1 (6 players): 1-4 2-0, 5-2 1-1, 3-6 1½-½ (colours of game 1: 1, 5, 3 White).

    Scores: 1: 2, 3: 1½, 2: 1, 5: 1, 6: ½, 4: 0; nobody floated in round 1.
    * bracket 1: resident 1 alone: one upfloater ([C4]), the best score ([C5]): 3; the
      1½ scoregroup is then empty ([C6] met). Pair 1-3.
    * bracket 2: residents 2 and 5 met: two upfloaters, one of ½ and one of 0: 6, 4.
      The bracket by TPN is 2 4 5 6; 2-5 is no legal pair, so the pairings are 2-4 5-6
      (identifier 2 5 4 6) and 2-6 4-5 (identifier 2 4 6 5), which comes first.
    * colours (Art. 4): 1 and 3 had White once each and last (4.3.2, 4.3.3 tie): 1,
      the higher-ranked, alternates (4.3.4): 3-1. 2 and 6 had no White, both Black
      last: 2 alternates: 2-6. 5 had one White, 4 none: 4 White (4.3.2): 4-5.
    * board order (C.04.2): 3-1 (2, 1½), 2-6 (1, ½), 4-5 (1, 0).
    """
    r1 = Round(
        1,
        games=(
            match(1, 4, R.WHITE_WINS, R.BLACK_WINS),  # p1 wins both (game 2 with Black)
            match(5, 2, R.WHITE_WINS, R.WHITE_WINS),  # one each: 1-1
            match(3, 6, R.DRAW, R.BLACK_WINS),  # p3: ½ + 1
        ),
    )
    t = event(6, r1)
    state = state_from_tournament(t, 2)
    scores = {p.number: p.score for p in state.players}
    assert scores == {1: 2, 2: 1, 3: Fraction(3, 2), 4: 0, 5: 1, 6: Fraction(1, 2)}
    pairing = pair_double_swiss(state)
    assert pairing.pairs == ((3, 1), (2, 6), (4, 5))
    assert any("upfloaters [6, 4] ([C4] 2, [C5] scores 0, 0.5" in x for x in pairing.explanation)
    assert any("pairing 2-6 4-5 ([C8] 0)" in line for line in pairing.explanation)


def test_bracket_takes_the_first_identifier_not_colour_wishes() -> None:
    """3.6 has no colour criterion. Round 1 (4 players): 1-3 and 4-2, both 1-1, so all
    four have 1 point and one bracket 1 2 3 4, where 1-3 and 2-4 met. The legal
    pairings are 1-2 3-4 (identifier 1 3 2 4) and 1-4 2-3 (identifier 1 2 4 3): the
    second comes first, although 1 and 4 both had White in game 1 (the engine before
    C.04.5's full text paired 1-2 3-4 to give both their alternating colour).
    Colours: 1 and 4 one White each, both last White: 1 alternates (4.3.4): 4-1; 2 and
    3 no White: 2 alternates from Black: 2-3. Board order by rank: 4-1, 2-3."""
    r1 = Round(1, games=(match(1, 3, R.WHITE_WINS, R.WHITE_WINS), match(4, 2, R.DRAW, R.DRAW)))
    pairing = pair_double_swiss(state_from_tournament(event(4, r1, total=3), 2))
    assert pairing.pairs == ((4, 1), (2, 3))


def test_pab_to_the_player_with_most_matches_played() -> None:
    """3.4: the lowest score, then the most matches played, then the largest TPN. Round
    1: 5 is absent (a zero-point bye), 1 beats 3 2-0, 2 beats 4 2-0. Round 2: 3, 4 and 5
    have 0; 3 and 4 have played a match, 5 none: the PAB to 4 (not 5, the largest TPN).
    Then 1-2 (2 points) and 3-5 (0). Colours: 1 had White, 2 none: 2-1 (4.3.2); 3 had
    Black, 5 nothing: 3 alternates (4.3.4): 3-5."""
    r1 = Round(
        1,
        games=(match(1, 3, R.WHITE_WINS, R.BLACK_WINS), match(4, 2, R.BLACK_WINS, R.WHITE_WINS)),
        byes=(Bye("p5", ByeKind.ZERO),),
    )
    pairing = pair_double_swiss(state_from_tournament(event(5, r1), 2))
    assert pairing.bye == 4
    assert pairing.pairs == ((2, 1), (3, 5))
    assert "PAB (Art. 3.4): player 4 (score 0, 1 matches played)" in pairing.explanation


def hand_state(round_no: int, total: int, *players: SwissPlayer) -> SwissState:
    return SwissState(players=players, round_no=round_no, total_rounds=total, initial_colour=W)


def player(
    n: int, score: int, colours: tuple[Colour | None, ...] = (W, B), **kw: object
) -> SwissPlayer:
    floats = kw.pop("floats", (None,) * len(colours))
    return SwissPlayer(
        number=n, id=f"p{n}", score=Fraction(score), colours=colours, floats=floats, **kw
    )  # type: ignore[arg-type]


@pytest.mark.parametrize(("total", "pairs"), [(4, "1-4 2-3"), (3, "1-3 2-4")])
def test_c8_upfloaters_opponent_who_floated_last_round(total: int, pairs: str) -> None:
    """Round 3: 1, 2, 3 have 2 points, 4, 5, 6 one. One upfloater: 4 (the first, 3.5).
    The bracket 1 2 3 4: its first identifier 1 2 3 4 pairs 1-3 2-4, but 2 floated in
    round 2, so 4 (an upfloater) would meet a player who floated last round ([C8]); the
    next identifier 1 2 4 3 (1-4 2-3) has none. In the last round [C8] is off (C.04.5:
    the last round only; C.04.6's [C10] is off in the last two): 1-3 2-4."""
    state = hand_state(
        3,
        total,
        player(1, 2),
        player(2, 2, floats=(None, Float.UP)),
        player(3, 2),
        player(4, 1),
        player(5, 1),
        player(6, 1),
    )
    pairing = pair_double_swiss(state)
    bracket = next(line for line in pairing.explanation if line.startswith("bracket 1"))
    assert f"pairing {pairs} ([C8] 0)" in bracket


@pytest.mark.parametrize(("total", "upfloater"), [(4, 5), (3, 4)])
def test_c7_upfloater_who_floated_last_round(total: int, upfloater: int) -> None:
    """Round 3: 1, 2, 3 have 2 points; 4, 5, 6 one, and 4 floated in round 2. One
    upfloater ([C4]) of 1 point ([C5]); {4} comes first (3.5.3) but 4 floated last round
    ([C7]); {5} does not: 5 floats up, 4-6 is the next bracket. In the last round [C7] is
    off: 4."""
    state = hand_state(
        3,
        total,
        player(1, 2),
        player(2, 2),
        player(3, 2),
        player(4, 1, floats=(None, Float.UP)),
        player(5, 1),
        player(6, 1),
    )
    pairing = pair_double_swiss(state)
    bracket = next(line for line in pairing.explanation if line.startswith("bracket 1"))
    assert f"upfloaters [{upfloater}] ([C4] 1, [C5] scores 1, [C6] met, [C7] 0;" in bracket


@pytest.mark.parametrize(
    ("first", "second", "white", "article"),
    [
        ((), (), 1, "4.3.1"),  # no match yet: 1 ranks higher, odd TPN: the initial colour
        ((W, B), (B, B), 2, "4.3.2"),  # 1 had one White, 2 none
        ((W,), (), 2, "4.3.2"),
        ((W, B, W), (B, W, W), 1, "4.3.3"),  # 2 Whites each; round 2: 1 Black, 2 White
        ((B, W), (W, None), 2, "4.3.4"),  # 1 White each, both last White: 1 alternates
        ((B,), (), 1, "4.3.4"),
        ((), (B,), 2, "4.3.5"),  # 1 never played: 2 alternates
    ],
)
def test_game_one_colours_art_4(
    first: tuple[Colour | None, ...], second: tuple[Colour | None, ...], white: int, article: str
) -> None:
    """Art. 4 for two players of equal score (1, the smaller TPN, is the higher-ranked,
    4.2): the first step that decides."""
    state = hand_state(4, 7, player(1, 3, first), player(2, 3, second))
    pairing = pair_double_swiss(state)
    assert pairing.pairs[0][0] == white
    assert any(
        line.endswith(f"{white} White in game 1 by {article}") for line in pairing.explanation
    )


def test_match_results_and_points() -> None:
    """Preface: 2-0 ... 0-2 from the two games, each written with its White first."""
    scoring = Scoring()
    g = match(1, 2, R.WHITE_WINS, R.DRAW)  # p1: 1 + ½
    assert match_points(g, "p1", scoring) == Fraction(3, 2)
    assert match_points(g, "p2", scoring) == Fraction(1, 2)
    assert match_outcome(g, "p1", scoring) is Outcome.WIN
    even = match(1, 2, R.WHITE_WINS, R.WHITE_WINS)  # each wins with White: 1-1
    assert match_outcome(even, "p2", scoring) is Outcome.DRAW


def test_one_forfeited_game_is_a_played_match() -> None:
    """Preface: a match is forfeited only if a player forfeits both games; otherwise a
    forfeited game counts as played for standings and tie-breaks, and the two have met."""
    one = match(1, 2, R.WHITE_FORFEIT_WIN, R.WHITE_WINS)  # p2 forfeits game 1, wins game 2
    assert not match_forfeited(one)
    t = event(4, Round(1, games=(one, match(3, 4, R.DRAW, R.DRAW))))
    view = score_table(t).round_view("p1", 1)
    assert (view.played, view.points, view.outcome) == (True, 1, Outcome.DRAW)
    state = state_from_tournament(t, 2)
    assert 2 in state.player(1).opponents


def test_a_match_forfeited_as_a_whole_may_be_paired_again() -> None:
    """Preface: p2 forfeits both games: a forfeit win (2 points) for p1, no game played,
    and the same pairing may be repeated; p1 may no longer get the PAB (C.04.1 d)."""
    whole = match(1, 2, R.WHITE_FORFEIT_WIN, R.BLACK_FORFEIT_WIN)
    assert match_forfeited(whole)
    t = event(2, Round(1, games=(whole,)))
    view = score_table(t).round_view("p1", 1)
    assert (view.played, view.points, view.outcome) == (False, 2, Outcome.FORFEIT_WIN)
    state = state_from_tournament(t, 2)
    assert state.player(1).opponents == frozenset()
    assert not state.player(1).pab_eligible
    assert pair_double_swiss(state).pairs in (((1, 2),), ((2, 1),))


def test_played_match_is_not_repeated() -> None:
    t = event(2, Round(1, games=(match(1, 2, R.DRAW, R.DRAW),)))
    with pytest.raises(NoPairing):
        pair_double_swiss(state_from_tournament(t, 2))


def test_bye_per_match() -> None:
    """Byes apply to matches (Preface): the PAB is worth 1½ (a won and a drawn game,
    docs/pairing.md), a half-point bye a drawn match (1)."""
    t = event(
        3,
        Round(
            1,
            games=(match(1, 2, R.DRAW, R.DRAW),),
            byes=(Bye("p3", ByeKind.PAB),),
        ),
    )
    assert score_table(t).points("p3") == Fraction(3, 2)
    state = state_from_tournament(t, 2)
    assert not state.player(3).pab_eligible


def test_parse_match_spellings() -> None:
    assert parse_match("1-0 ½-½") == (R.WHITE_WINS, R.DRAW)
    assert parse_match("1/2-1/2 0-1") == (R.DRAW, R.BLACK_WINS)
    assert parse_match("+/- _") == (R.WHITE_FORFEIT_WIN, None)
    assert parse_match("1-0") == (R.WHITE_WINS, None)
    assert parse_match("2-0") is None and parse_match("1-0 1-0 1-0") is None


# -- through the folder -------------------------------------------------------------


def folder_event(tmp_path: Path, n: int, rounds: int = 5) -> Path:
    folder = tmp_path / f"ds{n}"
    assert run("new", str(folder), "--format", "swiss", "--pairing", "double-swiss")[0] == 0
    settings = folder / "tournament.yaml"
    text = settings.read_text(encoding="utf-8").replace("rounds: 7", f"rounds: {rounds}")
    settings.write_text(text, encoding="utf-8")
    lines = [
        f'- {{id: p{k}, name: "Player {k:03d}", rating: {2500 - 7 * k}}}\n' for k in range(1, n + 1)
    ]
    (folder / "players.yaml").write_text("".join(lines), encoding="utf-8")
    return folder


def test_starter_and_check_name_the_system(tmp_path: Path) -> None:
    folder = folder_event(tmp_path, 6)
    code, out = run("check", str(folder))
    assert code == 0 and "Double-Swiss system (C.04.5)" in out
    t = load_tournament(folder)
    assert t.settings.pairing == "double-swiss"
    # byes per match (Preface): the starter writes them so
    assert (t.settings.scoring.pab, t.settings.scoring.full_bye) == (Fraction(3, 2), 2)
    assert t.settings.scoring.half_bye == 1


def test_result_command_whole_match_and_one_game(tmp_path: Path) -> None:
    folder = folder_event(tmp_path, 6)
    assert run("pair", str(folder))[0] == 0
    code, out = run("result", str(folder), "1", "1", "1-0 ½-½")
    assert code == 0, out
    assert run("result", str(folder), "1", "2", "--game", "2", "0-1")[0] == 0
    text = (folder / "rounds" / "01.yaml").read_text(encoding="utf-8")
    assert "result: 1-0 ½-½}" in text and "result: _ 0-1}" in text
    t = load_tournament(folder)
    first = t.round(1).games[0]  # type: ignore[union-attr]
    assert (first.result, first.second, first.double) == (R.WHITE_WINS, R.DRAW, True)
    # one game's result alone is refused for a match: both, or --game
    code, out = run("result", str(folder), "1", "3", "1-0x")
    assert code != 0
    code, out = run("result", str(folder), "1", "3", "1-0 2-0")
    assert code != 0


def test_two_results_in_a_single_game_event_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "one"
    assert run("new", str(folder), "--format", "swiss")[0] == 0
    assert run("pair", str(folder))[0] == 0
    path = folder / "rounds" / "01.yaml"
    text = path.read_text(encoding="utf-8").replace("result: }", "result: 1-0 ½-½}", 1)
    path.write_text(text, encoding="utf-8")
    code, out = run("check", str(folder))
    assert code != 0 and "E194" in out


def test_bad_match_result_is_refused(tmp_path: Path) -> None:
    folder = folder_event(tmp_path, 6)
    assert run("pair", str(folder))[0] == 0
    path = folder / "rounds" / "01.yaml"
    text = path.read_text(encoding="utf-8").replace("result: }", "result: 1-0 3-0}", 1)
    path.write_text(text, encoding="utf-8")
    code, out = run("check", str(folder))
    assert code != 0 and "E193" in out and "01.yaml:4:36" in out


# -- TRF ------------------------------------------------------------------------------


def test_trf_export_two_columns_a_round() -> None:
    """docs/trf.md: round N's game 1 in column 2N-1, game 2 (colours reversed) in 2N; the
    bye in both columns, its 1½ counted once; 092 and 192 name the system, 142, XXR and
    240 count columns. p1 beat p2 1½-½ (1-0, then ½-½ with Black); p3 had the PAB, p4
    a half-point bye."""
    from tourney.engine.evaluation import evaluate
    from tourney.load.trf import parse_trf
    from tourney.render.trf.individual import write_trf

    r1 = Round(
        1,
        games=(match(1, 2, R.WHITE_WINS, R.DRAW),),
        byes=(Bye("p3", ByeKind.PAB), Bye("p4", ByeKind.HALF)),
    )
    text = write_trf(evaluate(event(4, r1, total=3)))
    lines = text.split("\r\n")
    assert "092 Individual: Double-Swiss System (FIDE C.04.5), 2 games per round" in lines
    assert "192 FIDE_DOUBLESWISS" in lines and "142 6" in lines and "XXR 6" in lines
    rows = {line[4:8].strip(): line for line in lines if line.startswith("001")}
    assert rows["1"][80:84] == " 1.5" and rows["1"][91:109] == "   2 w 1     2 b ="
    assert rows["2"][80:84] == " 0.5" and rows["2"][91:109] == "   1 b 0     1 w ="
    assert rows["3"][80:84] == " 1.5" and rows["3"][91:109] == "0000 - U  0000 - U"
    # a half-point bye: a drawn match, 1 point; 240 names both columns of the round
    assert rows["4"][80:84] == " 1.0" and rows["4"][91:109] == "0000 - H  0000 - H"
    assert "240 H   1    4" in lines and "240 H   2    4" in lines
    # read back as the match (tests/test_double_swiss_trf.py)
    (back,) = parse_trf(text, "ds.trf").tournament.rounds
    assert [(g.white, g.black, g.result, g.second) for g in back.games] == [
        ("1", "2", R.WHITE_WINS, R.DRAW)
    ]


# -- site and papers --------------------------------------------------------------------


def played_event() -> Tournament:
    """p1 beat p2 1½-½ (1-0, then ½-½ with Black); p3 forfeited game 2 against p4 after
    losing game 1 (a played match, 2-0); round 2 unplayed."""
    r1 = Round(
        1,
        games=(
            match(1, 2, R.WHITE_WINS, R.DRAW),
            match(3, 4, R.BLACK_WINS, R.WHITE_FORFEIT_WIN),  # game 2: p4 White, p3 absent
        ),
    )
    return event(4, r1, total=3)


def test_round_page_card_and_pairings_paper_show_both_games(tmp_path: Path) -> None:
    import re

    from tourney.app.build import read_theme
    from tourney.app.print import read_print_theme
    from tourney.engine.evaluation import evaluate
    from tourney.render.pdf.common import Selection
    from tourney.render.pdf.documents import document_html
    from tourney.render.site.pages import render

    pages = render(evaluate(played_event()), read_theme(tmp_path))

    def words(name: str) -> str:
        page = pages[name].decode("utf-8")
        return " ".join(re.sub(r"<[^>]+>", " ", page).replace("&nbsp;", " ").split())

    round_page = words("round-01.html")
    assert "1½-½ (1-0 ½-½)" in round_page and "0-2 (0-1 +/-)" in round_page
    # statistics count both games of every match: 1-0, ½-½, 0-1 and one forfeit
    assert "Round 1 1 1 1 1 0 50.0 %" in words("statistics.html")
    card = words("players/p1.html")
    assert "1½ 1½ 1-0 ½-½" in card  # result (match points), total, the games
    theme, css = read_print_theme(tmp_path)
    html = document_html(evaluate(played_event()), "pairings", Selection(round=1), theme, css, "a4")
    assert "1½-½ (1-0 ½-½)" in " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_explain_and_batch_results(tmp_path: Path) -> None:
    """``pair --explain`` names the system and its steps; ``tourney results`` takes a
    match as two results (``1 1-0 ½-½``), one result as game 1's, adds game 2 to a match
    without --overwrite, and refuses to replace a stored game without it."""
    folder = folder_event(tmp_path, 7)
    code, out = run("pair", "--explain", str(folder))
    assert code == 0 and "Double-Swiss system (C.04.5)" in out and "PAB (Art. 3.4): player 7" in out
    batch = tmp_path / "results.txt"
    path = folder / "rounds" / "01.yaml"
    batch.write_text("1 1-0 ½-½\n2 1-0\n", encoding="utf-8")
    code, out = run("results", str(folder), "1", str(batch))
    assert code == 0, out
    text = path.read_text(encoding="utf-8")
    assert "result: 1-0 ½-½}" in text and "result: 1-0 _}" in text
    batch.write_text("2 1-0 0-1\n", encoding="utf-8")  # game 2 added: nothing replaced
    code, out = run("results", str(folder), "1", str(batch))
    assert code == 0 and "result: 1-0 0-1}" in path.read_text(encoding="utf-8"), out
    batch.write_text("1 0-1 0-1\n", encoding="utf-8")
    before = path.read_bytes()
    code, out = run("results", str(folder), "1", str(batch))
    assert code != 0 and "already holds 1-0 ½-½" in out and path.read_bytes() == before


def test_batch_two_results_for_one_game_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "one"
    assert run("new", str(folder), "--format", "swiss")[0] == 0
    assert run("pair", str(folder))[0] == 0
    batch = tmp_path / "results.txt"
    batch.write_text("1 1-0 ½-½\n", encoding="utf-8")
    code, out = run("results", str(folder), "1", str(batch))
    assert code != 0 and "two results are for a Double-Swiss match" in out


def test_forfeited_match_repeats_through_the_folder(tmp_path: Path) -> None:
    """Two players: round 2 waits for game 2 of round 1; after a match forfeited as a
    whole (p2 forfeits both games) the same pairing is made again and the folder checks
    clean (no E201: C.04.5 Preface allows it)."""
    folder = folder_event(tmp_path, 2)
    assert run("pair", str(folder))[0] == 0
    assert run("result", str(folder), "1", "1", "--game", "1", "1-0")[0] == 0
    code, out = run("pair", str(folder))
    assert code != 0 and "round 1 is not complete" in out
    assert run("result", str(folder), "1", "1", "+/- -/+")[0] == 0
    code, out = run("pair", str(folder))
    assert code == 0, out
    t = load_tournament(folder)
    second = t.round(2).games[0]  # type: ignore[union-attr]
    assert {second.white, second.black} == {"p1", "p2"}
    code, out = run("check", str(folder))
    assert code == 0 and "E201" not in out


def test_results_prompt_takes_a_match(tmp_path: Path) -> None:
    """``tourney results --prompt`` shows a match's stored games and takes both results
    on one line, or one result as game 1's."""
    from click.testing import CliRunner

    folder = folder_event(tmp_path, 4)
    assert run("pair", str(folder))[0] == 0
    out = CliRunner().invoke(cli, ["results", str(folder), "1", "--prompt"], input="1-0 ½-½\n0-1\n")
    assert out.exit_code == 0, out.output
    assert "[game 1, game 2]" in out.stdout
    text = (folder / "rounds" / "01.yaml").read_text(encoding="utf-8")
    assert "result: 1-0 ½-½}" in text and "result: 0-1 _}" in text


def test_the_example_builds_and_verifies(tmp_path: Path) -> None:
    """examples/double-swiss (paired by ``scripts/make_examples.py``) builds its site, and
    ``tourney verify`` pairs each of its rounds again as its files hold them; round 2's
    explanation names the C.04.5 steps (the PAB of 3.4 past a player barred by [C2])."""
    example = Path(__file__).resolve().parents[1] / "examples" / "double-swiss"
    code, out = run("build", str(example), "-o", str(tmp_path / "site"), "--quiet")
    assert code == 0, out
    assert (tmp_path / "site" / "round-03.html").is_file()
    code, out = run("verify", str(example))
    assert code == 0 and "3 of 3 rounds paired as the Double-Swiss" in out, out
    why = (example / "rounds" / "02.why.txt").read_text(encoding="utf-8")
    assert "PAB (Art. 3.4): player 8 (score 0, 1 matches played); barred by [C2]: 9" in why
