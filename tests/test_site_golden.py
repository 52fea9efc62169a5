"""Golden-output tests of the site: the example folders' pages, byte for byte.

Each example's list of files and a choice of its pages are kept under
tests/golden/site/<example>/. After a deliberate change of the templates or
the view models, refresh them with ``pytest tests/test_site_golden.py
--update-golden`` (see tests/conftest_site.py) and review the diff.

Besides the golden files, a few values are checked against the round files
worked by hand, so the golden tree cannot silently bless a wrong number.
"""

from __future__ import annotations

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
        "round-02.html",
        "round-05.html",
        "round-05-alpha.html",
        "standings.html",
        "standings-03.html",
        "crosstable.html",
        "crosstable-start.html",
        "tiebreaks.html",
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
        "players.html",
        "round-02.html",
        "standings.html",
        "standings-01.html",
        "crosstable.html",
        "boards.html",
        "individual.html",
        "players/m05.html",
        "absent.html",
        "standings.json",
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
    # p04 Kuipers: r1 b v p24 0-1, r2 w v p05 1-0, r3 w v p03 1-0, r4 b v p07 ½-½, r5 w v p10 1-0.
    card = _text("swiss-open", "players/p04.html")
    rows = card.split("<caption>Round by round</caption>")[1].split("</table>")[0]
    totals = [cell.split("</td>")[0] for cell in rows.split('<td class="num">')[1:]][2::3]
    assert totals == ["1", "2", "3", "3½", "4½"]


def test_swiss_half_point_bye_and_late_entry_by_hand() -> None:
    # players.yaml: p06 asked for a half-point bye in round 2; p41 joins in round 3.
    assert "half-point bye" in _text("swiss-open", "players/p06.html")
    absent = _text("swiss-open", "absent.html")
    assert "Novak, Lotte</a>: joins in round 3" in absent
    assert "Hendriks, Koen</a>: after round 4" in absent


def test_team_match_by_hand() -> None:
    # Round 2, match 2, Utrecht 1 (t5: m05 m20 m29 m44) v Philidor 1 (t9: m09 m16 m33 m40):
    # bd1 m05-m09 ½-½; bd2 m16 (Philidor, White) - m20 1-0; bd3 m29-m33 1-0; bd4 m40-m44 ½-½.
    # Utrecht ½+0+1+½ = 2, Philidor ½+1+0+½ = 2: a drawn match, 1-1 match points.
    # Ratings fielded: Utrecht 2317 2071 1954 1728, Philidor 2197 2139 1914 1820: both 2017.5 -> 2018.
    page = _text("team-league", "round-02.html")
    row = page.split('href="#match-2"')[1].split("</tr>")[0]
    assert ">2-2<" in row and ">1-1<" in row
    assert row.count(">2018<") == 2


def test_series_pooled_points_by_hand() -> None:
    # Seed 002: tied places share the pooled points. Rapid 2 after round 2 has ties;
    # every row's total is the sum of its counted cells (best 5 of 2 events: all count).
    page = _text("club-league", "index.html")
    assert "the best 5 results count" in page
    assert "Placement points 25, 18, 15, 12, 10, 8, 6, 4, 2, 1" in page
