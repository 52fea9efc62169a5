"""Prize lists (docs/prizes.md): sharing among tied players, category prizes, one prize each.

Every expected amount is worked by hand in the comment above it, from the rules of
docs/prizes.md: tied players (equal points) pool the amounts of the places they
occupy; equal: pool / n; tiebreak: the place's own amount (players equal on every
tie-break share theirs); hort: half of each.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from fractions import Fraction as F
from pathlib import Path

from builders import runner
from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.engine.prizes import Entrant, Share, award, split
from tourney.model import PrizeGroup, Prizes, Sharing

ROOT = Path(__file__).resolve().parents[1]
run = runner()


def standings(*spec: tuple[str, str]) -> list[Entrant]:
    """("A", "5") ... in the standings' order; each its own rank (tie-breaks differ)."""
    return [Entrant(pid, F(points), rank) for rank, (pid, points) in enumerate(spec, start=1)]


def paid(shares: Sequence[Share]) -> dict[str, str]:
    return {s.player: f"{s.cents // 100}.{s.cents % 100:02d}" for s in shares}


# A 5, then B, C, D on 4½ (in this tie-break order), E 4.
FIELD = standings(("A", "5"), ("B", "4.5"), ("C", "4.5"), ("D", "4.5"), ("E", "4"))
PLACES = (F(500), F(300), F(200), F(100))


def test_equal_sharing_pools_the_places_the_tied_players_occupy() -> None:
    # A alone on place 1: 500. B, C, D on places 2-4: pool 300 + 200 + 100 = 600, / 3 = 200.
    # E on place 5: beyond the list, nothing.
    shares = split(FIELD, PLACES, Sharing.EQUAL)
    assert paid(shares) == {"A": "500.00", "B": "200.00", "C": "200.00", "D": "200.00"}
    assert [s.places for s in shares] == ["1", "2-4", "2-4", "2-4"]


def test_hort_with_a_three_way_tie() -> None:
    # Pool of places 2-4 = 600; half of it, 300, equally: 100 each. The other half place by
    # place in the tie-break order: B 300/2 = 150, C 200/2 = 100, D 100/2 = 50.
    # B 100 + 150 = 250, C 100 + 100 = 200, D 100 + 50 = 150 (sum 600).
    shares = split(FIELD, PLACES, Sharing.HORT)
    assert paid(shares) == {"A": "500.00", "B": "250.00", "C": "200.00", "D": "150.00"}


def test_tiebreak_sharing_and_a_shared_rank_inside_it() -> None:
    # By the tie-break order alone: B 300, C 200, D 100.
    assert paid(split(FIELD, PLACES, Sharing.TIEBREAK)) == {
        "A": "500.00",
        "B": "300.00",
        "C": "200.00",
        "D": "100.00",
    }
    # C and D equal on every tie-break (one rank): they share places 3-4: (200 + 100) / 2.
    tied = [*FIELD[:2], Entrant("C", F(9, 2), 3), Entrant("D", F(9, 2), 3), FIELD[4]]
    assert paid(split(tied, PLACES, Sharing.TIEBREAK))["C"] == "150.00"
    assert paid(split(tied, PLACES, Sharing.TIEBREAK))["D"] == "150.00"


def test_cents_left_over_go_in_tiebreak_order() -> None:
    # Places [500, 300, 200], three players tied for 1-3: pool 1000.
    # Equal: 1000 / 3 = 333.333...: 333.33 each is 999.99; the cent left goes to the first.
    trio = standings(("B", "4"), ("C", "4"), ("D", "4"))
    amounts = (F(500), F(300), F(200))
    assert paid(split(trio, amounts, Sharing.EQUAL)) == {
        "B": "333.34",
        "C": "333.33",
        "D": "333.33",
    }
    # Hort: 500 / 3 = 166.666... each, plus 250, 150, 100: 416.666, 316.666, 266.666.
    # Rounded down 416.66 + 316.66 + 266.66 = 999.98: one cent each to B and C.
    assert paid(split(trio, amounts, Sharing.HORT)) == {
        "B": "416.67",
        "C": "316.67",
        "D": "266.66",
    }


def test_a_tie_across_a_category_boundary() -> None:
    # Places [100, 60], women [50]. A 4 (man), B 3½ (woman), C 3½ (man), D 3 (woman).
    # Places first: A 100; B and C share places 2-3: (60 + 0) / 2 = 30 each.
    # Women: B 50. B's women's prize (50) is higher than 30: B keeps it and leaves the
    # place prizes, which are shared again: A 100, C alone on place 2: 60.
    field = standings(("A", "4"), ("B", "3.5"), ("C", "3.5"), ("D", "3"))
    prizes = Prizes(
        "EUR",
        Sharing.EQUAL,
        (PrizeGroup("places", (F(100), F(60))), PrizeGroup("women", (F(50),), "women")),
    )
    won = award(prizes, field, {"places": None, "women": {"B", "D"}})
    assert [(s.group, s.player, s.places, s.cents) for s in won] == [
        ("places", "A", "1", 10000),
        ("places", "C", "2", 6000),
        ("women", "B", "1", 5000),
    ]


def test_the_higher_prize_at_equal_amounts_is_the_group_written_first() -> None:
    # Places [100, 40]; U14 [40]. A 3, B 2 (U14), C 1 (U14).
    # B: place 2 = 40, U14 1st = 40: equal, so the place prize (written first); U14 then
    # goes to C, the next U14 player: 40.
    field = standings(("A", "3"), ("B", "2"), ("C", "1"))
    prizes = Prizes(
        "EUR",
        Sharing.EQUAL,
        (PrizeGroup("places", (F(100), F(40))), PrizeGroup("U14", (F(40),), "U14")),
    )
    won = award(prizes, field, {"places": None, "U14": {"B", "C"}})
    assert [(s.group, s.player, s.cents) for s in won] == [
        ("places", "A", 10000),
        ("places", "B", 4000),
        ("U14", "C", 4000),
    ]


def test_a_stated_order_instead_of_the_highest() -> None:
    # Same field as the boundary test, order: [women, places]. Women first: B 50. Then the
    # places without B: A 100, C on place 2: 60 (D 3rd: nothing). Had the order been
    # [places, women]: B takes 30 on places 2-3 with C, and women goes to D: 50.
    field = standings(("A", "4"), ("B", "3.5"), ("C", "3.5"), ("D", "3"))
    groups = (PrizeGroup("places", (F(100), F(60))), PrizeGroup("women", (F(50),), "women"))
    eligible = {"places": None, "women": {"B", "D"}}
    first_women = award(Prizes("EUR", Sharing.EQUAL, groups, ("women", "places")), field, eligible)
    assert paid(first_women) == {"A": "100.00", "C": "60.00", "B": "50.00"}
    first_places = award(Prizes("EUR", Sharing.EQUAL, groups, ("places", "women")), field, eligible)
    assert paid(first_places) == {"A": "100.00", "B": "30.00", "C": "30.00", "D": "50.00"}


# -- the folder and the command -------------------------------------------------------------------


def folder(tmp_path: Path, prizes: str) -> Path:
    """The swiss-open example with its prizes replaced by ``prizes``."""
    event = tmp_path / "open"
    shutil.copytree(ROOT / "examples" / "swiss-open", event)
    settings = event / "tournament.yaml"
    text = settings.read_text("utf-8")
    settings.write_text(text[: text.index("prizes:")] + prizes, "utf-8")
    return event


def test_the_smallest_form_as_written_in_the_issue(tmp_path: Path) -> None:
    event = folder(
        tmp_path,
        "prizes:\n  currency: EUR\n  sharing: hort          # equal | hort | tiebreak\n"
        "  places: [500, 300, 200, 100]\n",
    )
    code, out, err = run("prizes", event, "--format", "json")
    assert code == 0, out + err
    rows = json.loads(out)
    # After round 5 of the example p04, p02, p03, p09 have 4 points (in this order, by
    # BH/C1, BH, SB, DE, WIN: tourney standings), alone at the top: places 1-4, pool 1100.
    # Hort: 550 / 4 = 137.50 each, plus 250, 150, 100, 50.
    assert [(r["id"], r["amount"], r["place"]) for r in rows] == [
        ("p04", 387.5, "1-4"),
        ("p02", 287.5, "1-4"),
        ("p03", 237.5, "1-4"),
        ("p09", 187.5, "1-4"),
    ]
    code, standings_out, _ = run("standings", event, "--format", "json")
    top = [(r["id"], r["points"]) for r in json.loads(standings_out)["rows"][:5]]
    assert [pid for pid, _ in top[:4]] == ["p04", "p02", "p03", "p09"]
    assert top[4][1] != top[3][1]  # the fifth has fewer points: the tie is 1-4 exactly


def test_the_example_prize_list_and_the_treasurers_csv(tmp_path: Path) -> None:
    code, out, err = run("prizes", ROOT / "examples" / "swiss-open", "--format", "csv")
    assert code == 0, out + err
    lines = out.splitlines()
    assert lines[0] == "prize,place,id,name,fide_id,federation,points,shared_by,amount,currency"
    # 1800-1999: p17 van Dam, Marc (1985) 3½ first: 60; p19 Vermeulen, Tobias (1946) 3: 40.
    assert '1800-1999,1,p17,"van Dam, Marc",1000692,GER,3.5,1,60.00,EUR' in lines
    assert '1800-1999,2,p19,"Vermeulen, Tobias",1000766,FRA,3,1,40.00,EUR' in lines
    code, table, _ = run("prizes", ROOT / "examples" / "swiss-open")
    assert "prizes after round 5 (provisional: round 5 of 7), hort" in table


def test_bad_prizes_are_coded_errors_with_their_line(tmp_path: Path) -> None:
    event = folder(
        tmp_path,
        "prizes:\n  currency: EUR\n  places: [500, 12.345]\n"
        "  categories:\n    - {category: U30, places: [10]}\n",
    )
    code, out, err = run("check", event)
    assert code == 1
    assert "tournament.yaml:27:17: error E445" in out + err
    assert "tournament.yaml:29:18: error E446: 'U30' is not a category of this event" in out + err


def test_the_site_prize_page_in_dutch(tmp_path: Path) -> None:
    from site_helpers import build

    event = folder(
        tmp_path,
        "language: nl\nprizes:\n  currency: EUR\n  sharing: equal\n  places: [500, 300, 200, 100]\n"
        "  categories:\n    - {category: 1800-1999, places: [60, 40]}\n",
    )
    site = build(event)
    page = site["prizes.html"].decode("utf-8")
    # equal: pool 1100 of places 1-4 / 4 = 275 each, with the Dutch decimal comma
    assert page.count("275,00 EUR") == 4
    assert "<h2>Plaatsprijzen</h2>" in page
    assert "(gedeeld door 4)" in page
    assert "Eén prijs per speler: de hoogste." in page
    assert '<a href="prizes.html">Prijzen</a>' in site["standings.html"].decode("utf-8")


def test_no_prizes_no_page(tmp_path: Path) -> None:
    from site_helpers import build

    event = folder(tmp_path, "")
    site = build(event)
    assert "prizes.html" not in site
    assert "prizes.html" not in site["standings.html"].decode("utf-8")
    code, _, err = run("prizes", event)
    assert code == 3
    assert "has no 'prizes:'" in err


@settings(max_examples=200, deadline=None)
@given(
    points=st.lists(st.integers(0, 6), min_size=1, max_size=12),
    cents=st.lists(st.integers(0, 100_000), min_size=1, max_size=8),
    sharing=st.sampled_from(list(Sharing)),
)
def test_the_cents_paid_add_up_to_the_places_occupied(
    points: list[int], cents: list[int], sharing: Sharing
) -> None:
    # Whatever the ties, every place a player occupies is paid out exactly, to the cent:
    # the prizes of places 1..n (n players) and nothing more.
    order = standings(*((f"p{i}", str(p)) for i, p in enumerate(sorted(points, reverse=True))))
    amounts = tuple(F(c, 100) for c in cents)
    shares = split(order, amounts, sharing)
    assert sum(s.cents for s in shares) == sum(cents[: len(order)])
    assert all(s.cents >= 0 for s in shares)


def test_a_left_over_cent_never_goes_to_a_share_of_nothing() -> None:
    # tiebreak, places [0, 0, 100, 100.01]; four players on equal points, C and D also
    # equal on every tie-break: A place 1 (0), B place 2 (0), C and D share places 3-4:
    # 200.01 / 2 = 100.005 each, rounded down 100.00; the cent left over goes to C (the
    # first whose share was rounded), not to A, whose share is nothing.
    order = [Entrant("A", F(3), 1), Entrant("B", F(3), 2), Entrant("C", F(3), 3)]
    order.append(Entrant("D", F(3), 3))
    shares = split(order, (F(0), F(0), F(100), F(10001, 100)), Sharing.TIEBREAK)
    assert paid(shares) == {"C": "100.01", "D": "100.00"}
