"""The games on the site (tourney.render.site.games): a page per game, PGN downloads, and
the round page's boards linking their games. Figures from examples/swiss-open/games/01.pgn
(round 1, boards 1-3) read by hand."""

from __future__ import annotations

import json
import re
import shutil
from functools import cache
from pathlib import Path

from site_helpers import EXAMPLES, build


@cache
def site() -> dict[str, bytes]:
    return build(EXAMPLES / "swiss-open")


def page(name: str) -> str:
    return site()[name].decode("utf-8")


def test_each_board_with_a_game_links_it() -> None:
    html = page("round-01.html")
    assert re.findall(r'href="(round-01-game-\d\d\.html)"', html) == [
        "round-01-game-01.html",
        "round-01-game-02.html",
        "round-01-game-03.html",
    ]
    assert "game" not in page("round-02.html").split("<tbody>")[1]  # no games there


def test_a_game_page() -> None:
    html = page("round-01-game-01.html")
    assert "<h1>Round 1, board 1</h1>" in html
    assert 'href="players/p01.html">FM Dekker, Sofie</a> – <a href="players/p21.html">' in html
    # 32 moves: White's 32nd (Ra1) is the 63rd ply; the positions are ply 0-63
    raw = re.search(r'data-positions="([^"]+)"', html).group(1)  # type: ignore[union-attr]
    positions = json.loads(raw.replace("&#34;", '"'))
    assert len(positions) == 64
    assert positions[0] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    assert positions[1] == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"  # 1.e4
    # after 14.O-O: king g1, rook f1; the b1 knight moves only at 15.Nc3 (FEN rank 1)
    assert positions[27].rsplit("/", 1)[1] == "RNBQ1RK1"
    assert re.findall(r'id="ply-(\d+)">', html)[-1] == "63"
    # the comment after 14.O-O, and Black's move after it numbered 14...
    assert "The knight on a5 is out of play; White is a pawn up." in html
    assert '<span class="num">14...</span> <a class="move" data-ply="28"' in html
    # the variation (18... Rfe8 ...) and the NAG $6 are not shown
    assert "Rfe8" not in html and "$6" not in html
    # the final position as a static diagram: White's king on g1, Black's on f8
    rows = re.findall(r"<tr>(.*)</tr>", html.split('class="board"')[1].split("</table>")[0])
    cells = [re.findall(r'<td class="([a-z ]+)">([^<]*)</td>', row) for row in rows]
    assert cells[7][6] == ("dark white", "\u265a")  # g1 (a1 is dark)
    assert cells[0][5] == ("dark black", "\u265a")  # f8
    assert cells[7][0] == ("dark white", "\u265c")  # the rook on a1


def test_pgn_downloads() -> None:
    games = (EXAMPLES / "swiss-open" / "games" / "01.pgn").read_text("utf-8")
    assert site()["games/round-01.pgn"].decode("utf-8") == games
    assert site()["games/event.pgn"].decode("utf-8") == games
    downloads = page("downloads.html")
    assert 'href="games/round-01.pgn" download>round-01.pgn</a>' in downloads
    assert 'href="games/event.pgn" download>event.pgn</a>' in downloads


def test_a_game_with_an_illegal_move_shows_the_moves_up_to_it(tmp_path: Path) -> None:
    folder = tmp_path / "swiss-open"
    shutil.copytree(EXAMPLES / "swiss-open", folder)
    pgn = folder / "games" / "01.pgn"
    pgn.write_text(pgn.read_text("utf-8").replace("5. exd5 Na5", "5. exd5 Nb5"), "utf-8")
    html = build(folder)["round-01-game-01.html"].decode("utf-8")
    assert re.findall(r'id="ply-(\d+)">', html)[-1] == "9"  # 1.e4 ... 5.exd5
    assert "The moves stop here: move 5... Nb5" in html
