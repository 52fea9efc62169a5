"""A page per club member with the club rating history and its chart (issue 20, item 5).

A hand-made club: Adams (rapid 1600) and Bakker (rapid 1500), both with 40 rated games
(K = 20, FIDE B.02 Art. 8.3.3), play two one-game tournaments, finalized in order.

- r1: Adams beats Bakker. Difference 100: expected 0.64 for Adams (table 8.1.b,
  99-106), 0.36 for Bakker. Adams 20 x (1 - 0.64) = 7.2 -> +7 = 1607; Bakker -7 = 1493.
- r2: Bakker beats Adams. Difference 1607 - 1493 = 114: expected 0.66 for Adams
  (114-121), 0.34 for Bakker. Adams 20 x (0 - 0.66) = -13.2 -> -13 = 1594; Bakker +13 = 1506.

Adams' chart: 1600, 1607, 1594 from the highest (1607, y = 10) to the lowest (1594,
y = 100) over 90 units: 1600 is 7/13 of the way down, 10 + round(48.46) = 58; the
steps are 30 units apart from x = 36.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from site_helpers import build

from tourney.cli import cli

MEMBERS = (
    '- {id: m1, name: "Adams, Anna", federation: NED, ratings: {rapid: 1600},'
    " rated_games: {rapid: 40}}\n"
    '- {id: m2, name: "Bakker, Bert", ratings: {rapid: 1500}, rated_games: {rapid: 40}}\n'
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    club = tmp_path_factory.mktemp("club")
    (club / "club.yaml").write_text("name: Test Club\n", "utf-8")
    (club / "members.yaml").write_text(MEMBERS, "utf-8")
    for n, (white, black) in enumerate((("m1", "m2"), ("m2", "m1")), start=1):
        event = club / f"r{n}"
        (event / "rounds").mkdir(parents=True)
        (event / "tournament.yaml").write_text(
            f"name: Rapid {n}\nformat: round-robin\nstart_date: 2026-0{n}-01\n"
            "rating_period: rapid\n",
            "utf-8",
        )
        (event / "players.yaml").write_text("- {member: m1}\n- {member: m2}\n", "utf-8")
        (event / "rounds" / "01.yaml").write_text(
            f"boards:\n  - {{white: {white}, black: {black}, result: 1-0}}\n", "utf-8"
        )
        done = CliRunner().invoke(
            cli, ["finalize", "-y", "--end-date", f"2026-0{n}-01", str(event)]
        )
        assert done.exit_code == 0, done.output
    return build(club)


def text(html: bytes) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html.decode()).split())


def test_the_chart_draws_the_hand_worked_ratings(site: dict[str, bytes]) -> None:
    page = site["members/m1.html"].decode()
    circles = re.findall(r'<circle cx="(\d+)" cy="(\d+)" r="3" [^>]*><title>(\d+)</title>', page)
    assert circles == [("36", "58", "1600"), ("66", "10", "1607"), ("96", "100", "1594")]
    assert 'points="36,58 66,10 96,100"' in page
    # the axis names the highest and lowest rating; every stroke is in currentColor
    assert '<text x="2" y="14" class="axis">1607</text>' in page
    assert '<text x="2" y="104" class="axis">1594</text>' in page
    assert 'stroke="currentColor"' in page and "<script" not in page.split("</main>")[0]


def test_the_table_gives_each_tournament_before_after_and_change(site: dict[str, bytes]) -> None:
    adams = text(site["members/m1.html"])
    assert "Rapid: 1594" in adams
    assert "0 Initial rating 1600" in adams
    assert "1 Rapid 1 2026-01-01 1600 1607 +7" in adams
    assert "2 Rapid 2 2026-02-01 1607 1594 -13" in adams
    assert "Federation: NED" in adams
    bakker = text(site["members/m2.html"])
    assert "1 Rapid 1 2026-01-01 1500 1493 -7" in bakker
    assert "2 Rapid 2 2026-02-01 1493 1506 +13" in bakker


def test_member_pages_are_linked_both_ways(site: dict[str, bytes]) -> None:
    assert '<a href="members/m1.html">Adams, Anna</a>' in site["index.html"].decode()
    assert '<a href="members/m2.html">Bakker, Bert</a>' in site["ratings.html"].decode()
    card = site["r1/players/m1.html"].decode()
    assert '<a href="../../members/m1.html">Club rating history</a>' in card
    member = site["members/m1.html"].decode()
    assert '<a href="../r1/players/m1.html">Rapid 1</a>' in member
    assert '<a href="../ratings/r2.html">Rapid 2</a>' in member


def test_a_single_tournament_has_no_member_link() -> None:
    from site_helpers import EXAMPLES

    card = build(EXAMPLES / "swiss-open")["players/p01.html"].decode()
    assert "members/" not in card and "Club rating history" not in card
