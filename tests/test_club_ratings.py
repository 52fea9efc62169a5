"""Club ratings over finalized tournaments (docs/ratings.md "Ratings", FIDE B.02 Art. 8.3).

Every number is worked by hand with B.02 table 8.1.b (transcribed in
the project's reference notes, fide-rating-tables.md): D 99-106 -> .64/.36,
D 375-391 -> .91/.09, D 392-411 -> .92/.08 (the 400 cap), D 485-517 -> .96/.04,
D 54-61 -> .58/.42, D 114-121 -> .66/.34. Change = K x (score - expected),
rounded once, halves away from zero.
"""

from __future__ import annotations

import json
from fractions import Fraction
from fractions import Fraction as F
from pathlib import Path

import builders
import click
from builders import runner

from tourney.cli import finalize as finalize_cli
from tourney.cli import ratings as ratings_cli
from tourney.cli import result as result_cli
from tourney.engine.ratings.club import ClubEvent, club_history, member_history
from tourney.model import (
    ClubPlayer,
    Game,
    RatingPeriod,
    Result,
    Round,
)

W, D, L = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS
RAPID, BLITZ = RatingPeriod.RAPID, RatingPeriod.BLITZ


def member(ident: str, rating: int, games: int, period: RatingPeriod = RAPID) -> ClubPlayer:
    return ClubPlayer(ident, ident.upper(), ((period, rating),), ((period, games),))


def event(
    name: str, games: list[tuple[str, str, Result]], period: RatingPeriod = RAPID
) -> ClubEvent:
    ids = sorted({p for w, b, _ in games for p in (w, b)})
    rounds = tuple(Round(i, games=(Game(w, b, r, 1),)) for i, (w, b, r) in enumerate(games, 1))
    t = builders.event(
        *rounds,
        players=builders.players(ids, numbered=False, name=str.upper),
        planned=None,
        name=name,
        rating_period=period,
    )
    return ClubEvent(name, t, {p: p for p in ids})


def test_k_40_until_30_rated_games_then_20() -> None:
    members = [member("x", 2000, 28), member("y", 2000, 100)]
    first = event("t1", [("x", "y", W), ("y", "x", L)])
    second = event("t2", [("x", "y", D)])
    history = club_history(members, [first, second])
    t1, t2 = history.tournaments
    # t1: x has 28 games -> K 40; expected .50 + .50, score 2: 40 x 1 = +40.
    assert (t1.of("x").k, t1.of("x").change, t1.of("x").new) == (40, 40, 2040)  # type: ignore[union-attr]
    # y: K 20, 20 x (0 - 1) = -20.
    assert (t1.of("y").k, t1.of("y").new) == (20, 1980)  # type: ignore[union-attr]
    # t2: x has 30 games now -> K 20; D = 60 -> .58: 20 x (.5 - .58) = -1.6 -> -2.
    x2 = t2.of("x")
    assert x2 is not None and (x2.ro, x2.k, x2.expected, x2.change, x2.new) == (
        2040,
        20,
        Fraction(58, 100),
        -2,
        2038,
    )
    assert t2.of("y").new == 1982  # type: ignore[union-attr]  # 20 x (.5 - .42) = 1.6 -> +2


def test_k_10_once_2400_reached() -> None:
    members = [member("z", 2395, 100), member("w", 2290, 100)]
    history = club_history(members, [event("t1", [("z", "w", W)]), event("t2", [("z", "w", D)])])
    t1, t2 = history.tournaments
    # t1: D = 105 -> .64; 20 x .36 = 7.2 -> +7: z reaches 2402.
    assert t1.of("z").new == 2402 and t1.of("w").new == 2283  # type: ignore[union-attr]
    # t2: z has reached 2400 -> K 10; D = 119 -> .66: 10 x (.5 - .66) = -1.6 -> -2.
    z2, w2 = t2.of("z"), t2.of("w")
    assert z2 is not None and (z2.k, z2.change, z2.new) == (10, -2, 2400)
    # w: K 20, 20 x (.5 - .34) = 3.2 -> +3.
    assert w2 is not None and (w2.k, w2.new) == (20, 2286)


def test_700_cap() -> None:
    games = [("m", "n", W)] * 10 + [("m", "n", L)] * 8
    history = club_history([member("m", 2000, 0), member("n", 2000, 0)], [event("t", games)])
    m = history.tournaments[0].of("m")
    # 18 games: 40 x 18 = 720 > 700 -> K = 700 // 18 = 38; score 10, expected 9: +38.
    assert m is not None and (m.k, m.games, m.score, m.expected, m.change) == (
        38,
        18,
        F(10),
        F(9),
        38,
    )


def test_400_cap_and_the_2650_exemption() -> None:
    members = [member("top", 2700, 100, BLITZ), member("low", 2200, 40, BLITZ)]
    history = club_history(members, [event("b", [("top", "low", W)], BLITZ)])
    top, low = history.tournaments[0].of("top"), history.tournaments[0].of("low")
    # top is 2650+: the real difference 500 -> .96; K 10 (2400+): 10 x .04 = 0.4 -> 0.
    assert top is not None and (top.k, top.expected, top.change) == (10, Fraction(96, 100), 0)
    # low is below 2650: 500 counts as 400 -> .08; K 20: 20 x -.08 = -1.6 -> -2.
    assert low is not None and (low.k, low.expected, low.change) == (20, Fraction(8, 100), -2)
    # time controls are separate: no rapid rating moved
    assert member_history(history, members[0], RAPID) == ()


def test_guest_changes_nothing() -> None:
    guest_event = event("t", [("a", "g", W)])
    guest_event = ClubEvent("t", guest_event.tournament, {"a": "a"})  # g is not a member
    history = club_history([member("a", 1800, 50)], [guest_event])
    a = history.tournaments[0].of("a")
    assert a is not None and (a.games, a.change) == (0, 0)


# --- a club folder: three finalized tournaments, in finalize order, and a correction ---

MEMBERS = """\
# the club's members
- {id: ma, name: "Aal, Anna", ratings: {rapid: 2000}, rated_games: {rapid: 50}}
- {id: mb, name: "Beek, Bert", ratings: {rapid: 1900}, rated_games: {rapid: 50}}
- {id: mc, name: "Cats, Carl", ratings: {rapid: 1500}, rated_games: {rapid: 10}}
"""


def cli() -> click.Group:
    group = click.Group("tourney")
    for module in (finalize_cli, ratings_cli, result_cli):
        group.add_command(module.command)
    return group


run = runner(cli)


def tournament(club: Path, name: str, players: str, board: str) -> Path:
    folder = club / name
    (folder / "rounds").mkdir(parents=True)
    (folder / "tournament.yaml").write_text(
        f"name: {name}\nformat: swiss\nrounds: 1\nrating_period: rapid\n", encoding="utf-8"
    )
    (folder / "players.yaml").write_text(players, encoding="utf-8")
    (folder / "rounds" / "01.yaml").write_text(f"boards:\n  - {board}   # 1\n", encoding="utf-8")
    return folder


def club(tmp_path: Path) -> Path:
    root = tmp_path / "club"
    root.mkdir()
    (root / "club.yaml").write_text("name: De Toren\n", encoding="utf-8")
    (root / "members.yaml").write_text(MEMBERS, encoding="utf-8")
    # Folder names sort the other way round from the order they are finalized in.
    tournament(
        root,
        "c-first",
        "- {id: x1, member: ma}\n- {id: x2, member: mb}\n",
        "{white: x1, black: x2, result: 1-0}",
    )
    tournament(
        root, "b-second", "- {member: ma}\n- {member: mc}\n", "{white: ma, black: mc, result: ½-½}"
    )
    tournament(
        root, "a-third", "- {member: mb}\n- {member: mc}\n", "{white: mb, black: mc, result: 0-1}"
    )
    for name in ("c-first", "b-second", "a-third"):
        code, _, err = run("finalize", str(root / name), "--yes", "--end-date", "2026-06-01")
        assert code == 0, err
    return root


def now(data: dict, ident: str) -> int:  # type: ignore[type-arg]
    entry = next(m for m in data["members"] if m["id"] == ident)
    return int(entry["history"]["rapid"][-1]["rating"])


def test_three_tournaments_in_finalize_order_then_a_correction(tmp_path: Path) -> None:
    root = club(tmp_path)
    assert (root / "ratings-log.yaml").read_text(encoding="utf-8").count("- {tournament:") == 3
    code, out, err = run("ratings", str(root), "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert [t["event"] for t in data["tournaments"]] == ["c-first", "b-second", "a-third"]
    # c-first: ma 2000 beats mb 1900: D 100 -> .64; K 20: +7.2 -> +7 / -7.
    # b-second: ma 2007 draws mc 1500: D 507 counts as 400 -> .92; 20 x -.42 = -8.4 -> -8;
    #   mc (10 games, K 40): 40 x (.5 - .08) = 16.8 -> +17.
    # a-third: mb 1893 loses to mc 1517: D 376 -> .91; 20 x -.91 = -18.2 -> -18;
    #   mc (11 games, K 40): 40 x (1 - .09) = 36.4 -> +36.
    second = data["tournaments"][1]["changes"]
    assert second[0] == {
        "id": "ma",
        "name": "Aal, Anna",
        "ro": 2007,
        "k": 20,
        "games": 1,
        "score": "0.5",
        "expected": "0.92",
        "change": -8,
        "new": 1999,
    }
    history = next(m for m in data["members"] if m["id"] == "mc")["history"]["rapid"]
    assert [(h["event"], h["rating"]) for h in history] == [
        (None, 1500),
        ("b-second", 1517),
        ("a-third", 1553),
    ]
    assert (now(data, "ma"), now(data, "mb"), now(data, "mc")) == (1999, 1875, 1553)

    # The first tournament's game was a draw after all: a correction.
    code, out, err = run(
        "result", str(root / "c-first"), "1", "1", "½-½", "--correct", "--date", "2026-06-05"
    )
    assert code == 0, err
    # c-first: ma 20 x (.5 - .64) = -2.8 -> -3 = 1997; mb +3 = 1903.
    # b-second: ma 1997 v mc 1500: D 497 -> 400 -> .92: -8 -> 1989; mc +17 -> 1517.
    # a-third: mb 1903 v mc 1517: D 386 -> .91: -18 -> 1885; mc +36 -> 1553.
    assert "Aal, Anna (rapid): 1999 -> 1989" in out
    assert "Beek, Bert (rapid): 1875 -> 1885" in out
    data = json.loads(run("ratings", str(root), "--format", "json")[1])
    assert (now(data, "ma"), now(data, "mb"), now(data, "mc")) == (1989, 1885, 1553)
    third = data["tournaments"][2]["changes"]
    assert [(c["id"], c["ro"], c["new"]) for c in third] == [("mb", 1903, 1885), ("mc", 1517, 1553)]


def test_unrated_adhoc_tournament_changes_nothing(tmp_path: Path) -> None:
    root = tmp_path / "club"
    root.mkdir()
    (root / "club.yaml").write_text("name: De Toren\n", encoding="utf-8")
    (root / "members.yaml").write_text(MEMBERS, encoding="utf-8")
    tournament(
        root, "adhoc", "- {member: ma}\n- {member: mb}\n", "{white: ma, black: mb, result: 1-0}"
    )
    code, out, err = run("finalize", str(root / "adhoc"), "--yes", "--unrated")
    assert code == 0, err
    assert "unrated" in out and not (root / "ratings-log.yaml").exists()
    data = json.loads(run("ratings", str(root), "--format", "json")[1])
    assert data["tournaments"] == [] and now(data, "ma") == 2000


def test_ratings_table_in_the_terminal(tmp_path: Path) -> None:
    root = club(tmp_path)
    code, out, err = run("ratings", str(root), "--member", "mc")
    assert code == 0, err
    assert "b-second: rating changes (rapid)" in out and "not FIDE ratings" in out
    assert "1553 (+36)" in out
