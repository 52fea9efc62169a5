"""The FIDE rating change on a player card, worked by hand (B.02 Art. 8.3, table 8.1.b).

Per rated game: K x (score - expected score), the expected score from the
table by rating difference (400-point rule below 2650). K: 20 below 2400,
10 from 2400, 40 for a player up to 18 rated below 2300.
"""

from __future__ import annotations

from pathlib import Path

from site_helpers import build

PLAYERS = """\
- {id: a, name: "Alpha, Ann", rating: 2000, start: 1}
- {id: b, name: "Bravo, Bob", rating: 1900, start: 2}
- {id: c, name: "Charlie, Cid", rating: 2450, start: 3}
- {id: d, name: "Delta, Dan", rating: 1700, birth_year: 2010, start: 4}
- {id: e, name: "Echo, Eve", start: 5}
"""

ROUND_1 = """\
boards:
  - {white: a, black: b, result: 1-0}
  - {white: c, black: d, result: ½-½}
byes:
  - {player: e, kind: pab}
"""

ROUND_2 = """\
boards:
  - {white: b, black: e, result: 1-0}
  - {white: d, black: a, result: +/-}
byes:
  - {player: c, kind: half}
"""


def _folder(tmp_path: Path, rated: bool) -> Path:
    folder = tmp_path / "event"
    (folder / "rounds").mkdir(parents=True)
    (folder / "tournament.yaml").write_text(
        "name: Rated Test\nformat: swiss\nrounds: 2\nstart_date: 2026-05-01\n"
        f"fide_rated: {'true' if rated else 'false'}\n",
        encoding="utf-8",
    )
    (folder / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    (folder / "rounds" / "01.yaml").write_text(ROUND_1, encoding="utf-8")
    (folder / "rounds" / "02.yaml").write_text(ROUND_2, encoding="utf-8")
    return folder


def _rows(page: str) -> list[list[str]]:
    """The card's rounds: each row's cells as text (tags removed)."""
    body = page.split("<caption>Round by round</caption>")[1].split("</tbody>")[0]
    rows = []
    for row in body.split("<tr>")[2:]:
        cells = row.replace("</th>", "</td>").split("</td>")[:-1]
        rows.append([_plain(cell) for cell in cells])
    return rows


def _plain(html: str) -> str:
    out, inside = [], False
    for char in html:
        if char == "<":
            inside = True
        elif char == ">":
            inside = False
        elif not inside:
            out.append(char)
    return "".join(out)


def test_win_2000_v_1900_k20(tmp_path: Path) -> None:
    # Ann 2000 beats Bob 1900: difference 100 -> 99-106 -> expected 0.64 for the higher-rated
    # player; K = 20 (below 2400, no birth year): 20 x (1 - 0.64) = +7.2. Round 2 is a
    # forfeit win: not rated, no change. Total +7.2.
    page = build(_folder(tmp_path, rated=True))["players/a.html"].decode("utf-8")
    rows = _rows(page)
    assert rows[0][0] == "1" and rows[0][6] == "+7.2"
    assert rows[1][0] == "2" and rows[1][6] == "" and rows[1][7] == "forfeit"
    assert "FIDE rating change <strong>+7.2</strong> (K = 20;" in page
    assert "Rtg ±" in page


def test_loser_and_unrated_opponent(tmp_path: Path) -> None:
    # Bob 1900 loses to Ann 2000: expected 0.36, 20 x (0 - 0.36) = -7.2. Round 2 he beats
    # Eve, who is unrated: a game against an unrated player changes no rating here.
    site = build(_folder(tmp_path, rated=True))
    rows = _rows(site["players/b.html"].decode("utf-8"))
    assert [rows[0][6], rows[1][6]] == ["-7.2", ""]
    assert "FIDE rating change <strong>-7.2</strong>" in site["players/b.html"].decode("utf-8")
    # Eve is unrated: no rating change on her card at all
    assert "Rtg ±" not in site["players/e.html"].decode("utf-8")


def test_k10_from_2400_and_k40_for_a_junior(tmp_path: Path) -> None:
    # Cid 2450 draws Dan 1700: difference 750, counted as 400 (Cid is below 2650):
    # 392-411 -> 0.92 for Cid, 0.08 for Dan. Cid K = 10: 10 x (0.5 - 0.92) = -4.2.
    # Dan, born 2010, is 16 in 2026 and below 2300: K = 40: 40 x (0.5 - 0.08) = +16.8.
    site = build(_folder(tmp_path, rated=True))
    cid = site["players/c.html"].decode("utf-8")
    dan = site["players/d.html"].decode("utf-8")
    assert _rows(cid)[0][6] == "-4.2" and "(K = 10;" in cid
    assert _rows(dan)[0][6] == "+16.8" and "(K = 40;" in dan


def test_not_fide_rated_shows_no_change(tmp_path: Path) -> None:
    page = build(_folder(tmp_path, rated=False))["players/a.html"].decode("utf-8")
    assert "Rtg ±" not in page and "FIDE rating change" not in page
