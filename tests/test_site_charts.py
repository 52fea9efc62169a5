"""The small charts (issue 20): a rating history as a sparkline on the club's rating list,
laid out by hand here, and drawn in the page's colours."""

from __future__ import annotations

from site_helpers import EXAMPLES, build

from tourney.render.cells import sparkline


def test_sparkline_layout_by_hand() -> None:
    """1500, 1520, 1510 in 90 x 22: x steps of (90 - 6) / 2 = 42 from 3; y from 3 (1520,
    the highest) to 19 (1500, the lowest): 1510 at 3 + 10 x 16 / 20 = 11."""
    svg = str(sparkline((1500, 1520, 1510)))
    assert 'points="3,19 45,3 87,11"' in svg
    assert 'stroke="currentColor"' in svg
    assert 'aria-label="rating 1500 to 1510 over 2 tournaments"' in svg
    assert str(sparkline((1500,))) == ""


def test_club_rating_list_has_a_trend_per_member() -> None:
    page = build(EXAMPLES / "club-league")["ratings.html"].decode()
    rows = [r for r in page.split("<tr>") if '<th scope="row">' in r]
    assert rows and all('<td class="opt trend">' in r for r in rows)
    # A member rated in at least one tournament has a line from the initial rating to now.
    charted = [r for r in rows if "<svg" in r]
    assert charted
    for row in charted:
        cells = row.split('<td class="num')
        initial = cells[1].split(">", 1)[1].split("<", 1)[0]
        now = row.split('<td class="num pts">')[1].split("<", 1)[0]
        assert f"rating {initial} to {now} over" in row
