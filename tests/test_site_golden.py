"""Golden-output tests of the site: the example folders' pages, byte for byte.

Each example's list of files and a choice of its pages are kept under
tests/golden/site/<example>/. After a deliberate change of the templates or
the view models, refresh them with ``pytest tests/test_site_golden.py
--update-golden`` (see tests/conftest_site.py) and review the diff.

Besides the golden files, a few values are checked against the round files
worked by hand, so the golden tree cannot silently bless a wrong number.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from site_helpers import EXAMPLES, GOLDEN, build

# The TRF report comes from the TRF writer, which has golden tests of its own.
NOT_GOLDEN = {"report.trf"}

PAGES = {
    "swiss-open": [
        "index.html",
        "players.html",
        "players-alpha.html",
        "round-01.html",
        "round-01-game-01.html",
        "round-02.html",
        "round-05.html",
        "round-05-alpha.html",
        "standings.html",
        "standings-03.html",
        "crosstable.html",
        "crosstable-start.html",
        "tiebreaks.html",
        "rating-changes.html",
        "players/p04.html",
        "players/p06.html",
        "players/p23.html",
        "players/p41.html",
        "statistics.html",
        "absent.html",
        "schedule.html",
        "downloads.html",
        "pages/regulations.html",
        "standings.json",
        "standings.csv",
        "players.csv",
    ],
    "team-league": [
        "index.html",
        "teams.html",
        "teams/t5.html",
        "composition.html",
        "players.html",
        "round-02.html",
        "standings.html",
        "standings-01.html",
        "crosstable.html",
        "boards.html",
        "individual.html",
        "players/m05.html",
        "absent.html",
        "schedule.html",
        "standings.json",
        "standings.csv",
    ],
    "club-championship": [
        "index.html",
        "round-03.html",
        "standings.html",
        "crosstable.html",
        "players/c1.html",
    ],
    "club-league": [
        "index.html",
        "rapid-01/index.html",
        "rapid-01/standings.html",
        "rapid-02/round-02.html",
        "rapid-02/players/m1.html",
        "ratings.html",
        "members/m1.html",
        "ratings/rapid-00.html",
    ],
}


@cache
def site(example: str) -> dict[str, bytes]:
    return build(EXAMPLES / example)


def _update(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden", default=False))


def _check(path: Path, data: bytes, update: bool) -> None:
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return
    assert path.is_file(), f"no golden file {path}; run with --update-golden"
    expected = path.read_bytes()
    if data != expected:
        got, want = data.decode("utf-8").splitlines(), expected.decode("utf-8").splitlines()
        first = next(
            (i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b),
            min(len(got), len(want)),
        )
        pytest.fail(
            f"{path} differs from line {first + 1}:\n"
            f"  got:  {got[first] if first < len(got) else '<end>'}\n"
            f"  want: {want[first] if first < len(want) else '<end>'}\n"
            "run with --update-golden after checking the change is intended"
        )


@pytest.mark.parametrize("example", sorted(PAGES))
def test_file_list(example: str, request: pytest.FixtureRequest) -> None:
    names = [n for n in site(example) if n.rsplit("/", 1)[-1] not in NOT_GOLDEN]
    listing = "".join(f"{name}\n" for name in names).encode("utf-8")
    _check(GOLDEN / example / "FILES.txt", listing, _update(request))


@pytest.mark.parametrize(
    ("example", "page"), [(e, p) for e, pages in sorted(PAGES.items()) for p in pages]
)
def test_page(example: str, page: str, request: pytest.FixtureRequest) -> None:
    files = site(example)
    assert page in files, f"{example} has no {page}"
    _check(GOLDEN / example / page, files[page], _update(request))


# -- values worked by hand from the round files -----------------------------------------


def _text(example: str, page: str) -> str:
    return site(example)[page].decode("utf-8")


def test_swiss_card_running_score_by_hand() -> None:
    # p04 Kuipers (rounds/01-05.yaml): r1 b v p24 0-1 (win, 1), r2 w v p11 1-0 (win, 2),
    # r3 b v p07 ½-½ (2½), r4 w v p05 1-0 (win, 3½), r5 b v p01 ½-½ (4).
    card = _text("swiss-open", "players/p04.html")
    rows = card.split("<caption>Round by round</caption>")[1].split("</table>")[0]
    # numeric cells per row: board, total, rating change (the rating is an optional column)
    cells = [cell.split("</td>")[0] for cell in rows.split('<td class="num">')[1:]]
    assert cells[1::3] == ["1", "2", "2½", "3½", "4"]


def test_swiss_half_point_bye_and_late_entry_by_hand() -> None:
    # players.yaml: p06 asked for a half-point bye in round 2; p41 joins in round 3.
    assert "half-point bye" in _text("swiss-open", "players/p06.html")
    absent = _text("swiss-open", "absent.html")
    assert "Novak, Lotte</a>: joins in round 3" in absent
    assert "Hendriks, Koen</a>: after round 4" in absent


def test_forfeit_working_names_the_scheduled_opponent() -> None:
    # rounds/03.yaml board 7: Visser, Maud (p22) - Maas, Stijn (p16) +/-; a forfeit counts
    # against a dummy opponent (C.07 16.4), but the working names the opponent by name
    loser, winner = _text("swiss-open", "players/p16.html"), _text("swiss-open", "players/p22.html")
    assert "<td>b forfeit-loss v Visser, Maud</td>" in loser
    assert "<td>w forfeit-win v Maas, Stijn</td>" in winner
    assert " v p22<" not in loser and " v p16<" not in winner


def test_team_match_by_hand() -> None:
    # Round 2, match 2, De Toren 1 (t3) v Philidor 1 (t9). m03 (De Toren board 1) is absent in
    # round 2 (players.yaml), so the reserve moves up: De Toren fields m22 m27 m46 m51.
    # bd1 m22-m09 0-1; bd2 m16 (Philidor, White) - m27 1-0; bd3 m46-m33 ½-½; bd4 m40 (Philidor,
    # White) - m51 1-0. De Toren 0+0+½+0 = ½, Philidor 1+1+½+1 = 3½: match points 0-2.
    # Ratings fielded: De Toren 2052+1985+1704+1638 = 7379 / 4 = 1844.75 -> 1845;
    # Philidor 2197+2139+1914+1820 = 8070 / 4 = 2017.5 -> 2018 (half up).
    page = _text("team-league", "round-02.html")
    row = page.split('href="#match-2"')[1].split("</tr>")[0]
    assert ">½-3½<" in row and ">0-2<" in row
    assert ">1845<" in row and ">2018<" in row
    # A drawn match: round 2, match 4, Zukertort 1 (t8) v Groningen 1 (t10), all four boards
    # ½-½: 2-2, 1-1 match points. Fielded: Zukertort 2203+2136+1933+1780 = 8052 / 4 = 2013;
    # Groningen 2182+2158+1890+1845 = 8075 / 4 = 2018.75 -> 2019.
    row = page.split('href="#match-4"')[1].split("</tr>")[0]
    assert ">2-2<" in row and ">1-1<" in row
    assert ">2013<" in row and ">2019<" in row


def test_series_pooled_points_by_hand() -> None:
    # docs/pairing.md: tied places share the pooled points. Rapid 3 after round 2 (rapid-03/rounds):
    # m4 Ekström, m2 Verhoeven, Tara and m6 Huisman, Olaf have 2 points each. BH/C1 is 1 for
    # all three (Ekström: opponents m8 1 and m7 1, cut 1; Tara: m11 0 and m9 1, cut 0; Olaf:
    # m13 0 and m12 1, cut 0); BH puts Ekström first (2 against 1 and 1): place 1, 25. Tara
    # and Olaf are also equal on SB (a win v 0 and a win v 1: 1 each): they share places 2-3,
    # (18 + 15) / 2 = 16½ each. On 1 point after 2 points (3 players) and 1½ (2): Olsen (m5 1,
    # m6 2: BH 3, BH/C1 2), Mulder (m1 0, m4 2: 2, 2), Berg (m4 2, m13 0: 2, 2), Jonker (m3 0,
    # m2 2: 2, 2), Huisman, Giulia (m12 1, m11 0: 1, 1). BH puts Olsen 6th; Mulder, Berg and
    # Jonker are equal on BH 2 and SB 0 (their wins were over players on 0): places 7-9,
    # (6 + 4 + 2) / 3 = 4 each. Mulder was last alone in Rapid 1 (1 point, place 14) and in
    # Rapid 2 (½, place 12): no placement points there, so her total is 4.
    page = _text("club-league", "index.html")
    assert "the best 5 results count" in page
    assert "Placement points 25, 18, 15, 12, 10, 8, 6, 4, 2, 1" in page

    def cells(name: str) -> list[str]:
        row = page.split(f"{name}</")[1].split("</tr>")[0]
        return re.findall(r"<td[^>]*>([^<]*)</td>", row)

    assert cells("Ekström, Vera")[2] == "25"
    for name in ("Verhoeven, Tara", "Huisman, Olaf"):
        assert cells(name)[2] == "16½", name
    for name in ("Mulder, Anna", "Berg, Finn", "Jonker, Sven"):
        assert cells(name)[2] == "4", name
    assert cells("Mulder, Anna") == ["0", "0", "4", "4"]
