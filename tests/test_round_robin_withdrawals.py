"""Withdrawals from a round robin: FIDE General Regulations for Competitions 6.6.

"If a player has completed less than 50% of his games ... the points scored by
him or against him are not counted in the final standings"; with at least 50%
"his score shall remain ... and will be counted", his unplayed games being
forfeits ("-" for him, "+" for his opponents; two "-" when neither is present).

The event: six players a..f with Berger numbers 1..6 (C.05 Annex 1, table for 6):

    R1: 1-6 2-5 3-4   R2: 6-4 5-3 1-2   R3: 2-6 3-1 4-5   R4: 6-5 1-4 2-3   R5: 3-6 4-2 5-1

f (6) withdraws after round 2 having played 2 of 5 games: annulled.
e (5) withdraws after round 3 having played 3 of 5 games: rounds 4 and 5 forfeited.
Every value below is worked by hand in the comments.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import builders
from click.testing import CliRunner
from site_helpers import build

from tourney.cli import cli
from tourney.engine.pairing.berger import RoundStatus
from tourney.engine.ratings.history import rated_games
from tourney.engine.scores import score_table
from tourney.engine.standings import standings
from tourney.engine.tiebreaks.descriptor import parse_list
from tourney.engine.withdrawals import (
    Withdrawal,
    scheduled_games,
    standings_view,
    status,
    withdrawals,
)
from tourney.load.folder import load_tournament
from tourney.model import Format, Game, Player, Result, Round, Settings, Tournament

F = Fraction
W, D, L = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS
IDS = "abcdef"


def rnd(number: int, *boards: tuple[int, int, Result | None]) -> Round:
    return Round(
        number,
        games=tuple(
            Game(IDS[w - 1], IDS[b - 1], result, board)
            for board, (w, b, result) in enumerate(boards, start=1)
        ),
    )


def event(
    withdrawn: dict[str, int], rounds: tuple[Round, ...], fmt: Format = Format.ROUND_ROBIN
) -> Tournament:
    players = tuple(
        Player(
            pid, pid.upper(), rating=2000 - 10 * i, start=i + 1, withdrawn_after=withdrawn.get(pid)
        )
        for i, pid in enumerate(IDS)
    )
    return builders.event(
        *rounds, players=players, fmt=fmt, name="Withdrawals", tiebreaks=parse_list("DE SB WIN KS")
    )


ROUNDS = (
    rnd(1, (1, 6, W), (2, 5, D), (3, 4, L)),
    rnd(2, (6, 4, L), (5, 3, W), (1, 2, D)),
    rnd(3, (2, 6, None), (3, 1, D), (4, 5, L)),
    rnd(4, (6, 5, None), (1, 4, W), (2, 3, W)),
    rnd(5, (3, 6, None), (4, 2, L), (5, 1, None)),
)


def championship() -> Tournament:
    return event({"f": 2, "e": 3}, ROUNDS)


def test_fifty_percent_line() -> None:
    # 5 games each (6 players, single cycle): 2 of 5 is under half, 3 of 5 is not.
    t = championship()
    assert scheduled_games(t) == 5
    found = {w.player: w for w in withdrawals(t).players}
    assert found["f"] == Withdrawal("f", after=2, scheduled=5, completed=2)
    assert found["f"].annulled
    assert found["e"] == Withdrawal("e", after=3, scheduled=5, completed=3)
    assert not found["e"].annulled
    # exactly half is "at least 50%": 5 of 10 in a double round robin is counted
    assert not Withdrawal("x", after=5, scheduled=10, completed=5).annulled
    assert Withdrawal("x", after=4, scheduled=10, completed=4).annulled


def test_marked_games() -> None:
    marks = withdrawals(championship())
    annulled = sorted((m.round, m.game.white, m.game.black) for m in marks.games if m.annulled)
    # every game of f, played or not
    assert annulled == [(1, "a", "f"), (2, "f", "d"), (3, "b", "f"), (4, "f", "e"), (5, "c", "f")]
    derived = {(m.round, m.game.white, m.game.black): m.derived for m in marks.games}
    # e's round 5 game against a: "-" for e, "+" for a
    assert derived[(5, "e", "a")] is Result.BLACK_FORFEIT_WIN
    # f and e both gone by round 4: two "-" (shown in the table, annulled for the standings)
    assert derived[(4, "f", "e")] is Result.DOUBLE_FORFEIT
    # f's unplayed games after round 2 are "-" for f, "+" for the opponent
    assert derived[(3, "b", "f")] is Result.WHITE_FORFEIT_WIN
    assert derived[(5, "c", "f")] is Result.WHITE_FORFEIT_WIN
    # games f played keep their result and get no derived one
    assert derived[(1, "a", "f")] is None
    assert marks.annulled_players == {"f"}


def test_points_by_hand() -> None:
    # a: R2 ½ (b), R3 ½ (c), R4 1 (d), R5 + (e) = 3          (R1 win over f annulled)
    # b: R1 ½ (e), R2 ½ (a), R4 1 (c), R5 1 (d) = 3           (R3 v f annulled)
    # c: R1 0 (d), R2 0 (e), R3 ½ (a), R4 0 (b) = ½           (R5 v f annulled)
    # d: R1 1 (c), R3 0 (e), R4 0 (a), R5 0 (b) = 1           (R2 win over f annulled)
    # e: R1 ½ (b), R2 1 (c), R3 1 (d), R5 - (a) = 2½         (R4 v f annulled)
    table = score_table(standings_view(championship()), 5)
    got = {pid: table.points(pid) for pid in IDS}
    assert got == {"a": 3, "b": 3, "c": F(1, 2), "d": 1, "e": F(5, 2), "f": 0}
    assert sum(got.values()) == 10  # two counted points in each of the five rounds


def test_standings_by_hand() -> None:
    # a and b tie on 3; DE: their game was drawn, so DE does not separate them.
    # SB (C.07 9.1; in a round robin a forfeit counts against the scheduled opponent, 15.2):
    #   a: b 3 x ½ + c ½ x ½ + d 1 x 1 + e 2½ x 1 = 1.5 + 0.25 + 1 + 2.5 = 5.25
    #   b: e 2½ x ½ + a 3 x ½ + c ½ x 1 + d 1 x 1 = 1.25 + 1.5 + 0.5 + 1 = 4.25
    # so a is first. f is annulled: listed last whatever its points.
    result = standings(championship())
    assert [r.participant for r in result.rows] == ["a", "b", "e", "d", "c", "f"]
    assert [r.rank for r in result.rows] == [1, 2, 3, 4, 5, 6]
    assert result.annulled == {"f"}
    a, b = result.row("a"), result.row("b")
    assert a.values[0] == b.values[0]  # DE: same place
    assert (a.values[1], b.values[1]) == (F(21, 4), F(17, 4))


def test_tiebreaks_of_everyone_by_hand() -> None:
    # WIN (7.1, rounds that gave a win's points, forfeits included): a 2 (R4, R5+),
    # b 2 (R4, R5), e 2 (R2, R3), d 1 (R1), c 0.
    # KS (9.2): limit half of 5 = 2½: a, b and e. a: b ½ + e 1 = 1½; b: e ½ + a ½ = 1;
    # e: b ½ + a 0 = ½; d: 0; c: a ½ = ½.
    # SB: e: b 1.5 + c 0.5 + d 1 + a 0 = 3; d: c 0.5; c: a 1.5.
    result = standings(championship(), tiebreaks="SB, WIN, KS")
    values = {r.participant: r.values for r in result.rows}
    assert values["a"] == (F(21, 4), 2, F(3, 2))
    assert values["b"] == (F(17, 4), 2, 1)
    assert values["e"] == (3, 2, F(1, 2))
    assert values["d"] == (F(1, 2), 1, 0)
    assert values["c"] == (F(3, 2), 0, F(1, 2))


def test_annulled_games_still_rated() -> None:
    # docs/results.md: "played games that a withdrawal annulled still do" count for ratings.
    games = rated_games(championship().rounds)
    assert Game("a", "f", W, 1) in games
    assert Game("f", "d", L, 1) in games


def test_two_withdrawn_players_who_still_had_to_meet_both_lose() -> None:
    # c and f both withdraw after round 3 having played 3 of 5 (counted, GR 6.6 b);
    # they were to meet in round 5 (3-6): two "-". Their round 4 games are "-/+".
    rounds = (
        rnd(1, (1, 6, W), (2, 5, D), (3, 4, L)),
        rnd(2, (6, 4, L), (5, 3, W), (1, 2, D)),
        rnd(3, (2, 6, W), (3, 1, D), (4, 5, L)),
        rnd(4, (6, 5, None), (1, 4, W), (2, 3, None)),
        rnd(5, (3, 6, None), (4, 2, L), (5, 1, D)),
    )
    t = event({"f": 3, "c": 3}, rounds)
    view = standings_view(t)
    r4, r5 = view.round(4), view.round(5)
    assert r4 is not None and r5 is not None
    assert r5.games[0] == Game("c", "f", Result.DOUBLE_FORFEIT, 1)
    assert r4.games[0] == Game("f", "e", Result.BLACK_FORFEIT_WIN, 1)
    assert r4.games[2] == Game("b", "c", Result.WHITE_FORFEIT_WIN, 3)
    table = score_table(view, 5)
    # c: R1 0, R2 0, R3 ½, R4 -, R5 - = ½; f: R1 0, R2 0, R3 0, R4 -, R5 - = 0
    assert table.points("c") == F(1, 2)
    assert table.points("f") == 0
    assert table.round_view("c", 5).points == table.round_view("f", 5).points == 0


def test_a_result_in_the_file_wins_over_a_derived_forfeit() -> None:
    rounds = (*ROUNDS[:4], rnd(5, (3, 6, None), (4, 2, L), (5, 1, D)))
    t = event({"e": 3}, rounds)
    r5 = standings_view(t).round(5)
    assert r5 is not None and r5.games[2].result is Result.DRAW


def test_derived_forfeits_close_the_round() -> None:
    # docs/pairing.md: a round is done when every game has a result. e's and f's games will
    # never be played; the withdrawal decides them, so rounds 3-5 are done.
    t = championship()
    assert [status(t, n) for n in range(1, 6)] == [RoundStatus.DONE] * 5
    open_round = event({}, ROUNDS)
    assert status(open_round, 5) is RoundStatus.RUNNING
    assert status(open_round, 6) is None


def test_derived_forfeits_do_not_advance_the_current_round() -> None:
    # e withdraws after round 3 and round 4 has no result at all: the derived forfeit of
    # e's round 4 game does not make the default standings "after round 4".
    rounds = (*ROUNDS[:3], rnd(4, (6, 5, None), (1, 4, None), (2, 3, None)))
    t = event({"e": 3}, rounds)
    assert standings(t).after == 3


def test_swiss_and_teams_are_left_alone() -> None:
    swiss = event({"f": 2}, ROUNDS, fmt=Format.SWISS)
    assert standings_view(swiss) is swiss
    assert not withdrawals(swiss).games
    plain = event({}, ROUNDS)
    assert standings_view(plain) is plain


def test_double_round_robin_counts_both_cycles() -> None:
    t = event({"f": 2}, ROUNDS, fmt=Format.DOUBLE_ROUND_ROBIN)
    t = Tournament(
        Settings("Double", Format.DOUBLE_ROUND_ROBIN, 10, cycles=2),
        players=t.players,
        rounds=t.rounds,
    )
    assert scheduled_games(t) == 10  # 2 x 5
    assert withdrawals(t).of("f") == Withdrawal("f", 2, 10, 2)


def test_pair_writes_the_whole_table_and_check_passes(tmp_path: Path) -> None:
    # `tourney pair` writes every Berger round, the withdrawn player's games included,
    # without results: the forfeits are derived, players.yaml holds the withdrawal.
    folder = tmp_path / "rr"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", str(folder), "--format", "round-robin"]).exit_code == 0
    players = folder / "players.yaml"
    text = players.read_text(encoding="utf-8")
    first = load_tournament(folder).players[0].id
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if f"id: {first}," in line)
    lines[index] = lines[index].replace(f"id: {first},", f"id: {first}, withdrawn_after: 3,")
    players.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(cli, ["pair", str(folder)])
    assert result.exit_code == 0, result.output
    t = load_tournament(folder)
    assert len(t.rounds) == 5
    assert sum(1 for r in t.rounds for g in r.games if g.involves(first)) == 5
    assert all(g.result is None for r in t.rounds for g in r.games)
    check = runner.invoke(cli, ["check", str(folder)])
    assert check.exit_code == 0, check.output


# -- the site: GR 6.6 "indicated ... in the tournament table" ----------------------------


def _site_with_withdrawals(tmp_path: Path) -> dict[str, str]:
    """`tourney new` (p1..p6 = numbers 1..6) with the results of ``ROUNDS`` entered."""
    folder = tmp_path / "rr"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", str(folder), "--format", "round-robin"]).exit_code == 0
    players = folder / "players.yaml"
    text = players.read_text(encoding="utf-8")
    text = text.replace("id: p6,", "id: p6, withdrawn_after: 2,")
    text = text.replace("id: p5,", "id: p5, withdrawn_after: 3,")
    players.write_text(text, encoding="utf-8")
    assert runner.invoke(cli, ["pair", str(folder)]).exit_code == 0
    spelled = {W: "1-0", D: "½-½", L: "0-1"}
    for rnd_ in ROUNDS:
        for game in rnd_.games:
            if game.result is not None:
                args = ["result", str(folder), str(rnd_.number), str(game.board)]
                done = runner.invoke(cli, [*args, spelled[game.result]])
                assert done.exit_code == 0, done.output
    return {name: data.decode("utf-8") for name, data in build(folder).items()}


def test_site_marks_annulled_games_and_forfeits(tmp_path: Path) -> None:
    site = _site_with_withdrawals(tmp_path)
    table = site["crosstable-start.html"]
    rows = table.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[:6]
    # p6's row: rank "–", its two played losses and three forfeits in parentheses
    last = rows[5]
    assert '<td class="num">–</td><td class="num">6</td>' in last
    cells = [c.split("</td>")[0].split(">")[-1] for c in last.split('class="annulled num"')[1:]]
    assert cells == ["(0)", "(-)", "(-)", "(0)", "(-)"]
    # p1's row: "+" against p5 (round 5, derived), "(1)" against p6 (annulled)
    first = rows[0]
    assert 'class="forfeit num"' in first and ">+</td>" in first and ">(1)</td>" in first
    assert '<td class="num pts">3</td>' in first
    # both withdrawals are explained with the rule
    for page in ("crosstable-start.html", "crosstable.html", "standings.html"):
        assert "Smit, Daan withdrew after round 2, having played 2 of 5 games" in site[page]
        assert "Novak, Petra withdrew after round 3, having played 3 of 5 games" in site[page]
        assert "General Regulations for Competitions 6.6" in site[page]
    standings_rows = site["standings.html"].split("<tbody>")[1].split("</tr>")
    assert '<td class="num">–</td>' in standings_rows[5]
    assert "Smit, Daan" in standings_rows[5]


def test_site_rounds_are_done_once_the_withdrawals_decide_them(tmp_path: Path) -> None:
    site = _site_with_withdrawals(tmp_path)
    schedule = site["schedule.html"]
    assert schedule.count('<span class="status done">done</span>') == 5
    round5 = site["round-05.html"]
    assert "-/+ (withdrawal)" in round5  # p5-p1 never played: a forfeit for p1
    assert "(+/-) annulled" in round5  # p3-p6: p6's game, not counted


def test_finalize_counts_the_derived_forfeits_as_results() -> None:
    from tourney.engine.finalize import open_rounds

    # every game without a result in ROUNDS involves a withdrawn player (e, f)
    assert open_rounds(championship()) == []
    # without the withdrawals the same boards are open
    assert open_rounds(event({}, ROUNDS)) == [
        "round 3 has no result on board 1",
        "round 4 has no result on board 1",
        "round 5 has no result on boards 1, 3",
    ]
