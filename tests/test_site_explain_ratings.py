"""The site's "Why this pairing" sections and the club rating pages, checked by hand.

Values come from the example folders' round files and FIDE rules worked by
hand (C.04.3 A.3 score groups; B.02 Art. 8.3 rating change K x (score -
expected), expected score from table 8.1.b with the 400-point rule).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from site_helpers import EXAMPLES, build

from tourney.render.views import PairingNote


@cache
def site(example: str) -> dict[str, bytes]:
    return build(EXAMPLES / example)


def _text(example: str, page: str) -> str:
    return site(example)[page].decode("utf-8")


def test_swiss_round_2_explanation_by_hand() -> None:
    # rounds/01.yaml: 20 games among 40 players (p41 joins in round 3): 13 decisive games,
    # 7 draws -> 13 players on 1, 14 on ½, 13 on 0. In round 2 p06 (a draw in round 1) has
    # a half-point bye and p41 is not yet in: 39 players to pair, 13 in each score group.
    page = _text("swiss-open", "round-02.html")
    why = page.split("<summary>Why this pairing</summary>")[1].split("</details>")[0]
    assert "round 2 of 7: 39 players to pair; score groups (A.3): 1 (13), ½ (13), 0 (13)" in why
    # rounds/02.yaml gives the PAB to p39 (number 39), as the engine does
    assert "PAB: 39 (p39)" in why
    assert "tourney would pair it differently" not in page


def test_team_swiss_round_has_explanation() -> None:
    page = _text("team-league", "round-02.html")
    assert "<summary>Why this pairing</summary>" in page


def test_round_robin_has_no_explanation() -> None:
    assert "Why this pairing" not in _text("club-championship", "round-03.html")


def test_club_rating_change_by_hand() -> None:
    # rapid-00 (the first rated event in ratings-log.yaml), Jonker, Sven (m9): Ro 1554,
    # 66 rated games before and below 2400 -> K = 20 (B.02 8.3.3). Games (rounds/01-05),
    # opponents' initial ratings from members.yaml, expected scores from table 8.1.b:
    # v m4 1843 won (diff 289: 279-290 -> 0.16), v m6 1692 drawn (138: 138-145 -> 0.31),
    # v m7 1689 won (135: 130-137 -> 0.32), v m5 1713 drawn (159: 154-162 -> 0.29),
    # v m10 1535 drawn (19, m9 the higher: 18-25 -> 0.53). Score 3½, expected 1.61;
    # change 20 x (3.5 - 1.61) = 37.8 -> +38; new rating 1592.
    page = _text("club-league", "ratings/rapid-00.html")
    row = page.split("Jonker, Sven</th>")[1].split("</tr>")[0]
    cells = [c.split("</td>")[0] for c in row.split('<td class="num')[1:]]
    values = [c.split(">", 1)[1] for c in cells]
    assert values == ["1554", "20", "5", "3½", "1.61", "+38", "1592"]
    assert "not FIDE ratings" in page


def test_club_rating_history_page() -> None:
    page = _text("club-league", "ratings.html")
    assert "not FIDE ratings" in page
    # the name links to the member's page (members/ID.html)
    row = page.split('<a href="members/m9.html">Jonker, Sven</a></th>')[1].split("</tr>")[0]
    assert ">1554<" in row and ">1592 (+38)<" in row
    index = _text("club-league", "index.html")
    assert 'href="ratings.html"' in index and "not FIDE ratings" in index


def _round_2_changed(swap: bool) -> PairingNote | None:
    from dataclasses import replace

    from tourney.load.folder import read_path
    from tourney.model import Tournament
    from tourney.render.explain import explain_round

    t, _ = read_path(EXAMPLES / "swiss-open")
    assert isinstance(t, Tournament)
    rnd = t.round(2)
    assert rnd is not None
    first = rnd.games[0]
    if swap:  # colours of board 1 swapped: another pairing
        first = replace(first, white=first.black, black=first.white)
    else:  # another result: the same pairing
        first = replace(first, result=None)
    changed = replace(rnd, games=(first, *rnd.games[1:]))
    t = replace(t, rounds=tuple(changed if r.number == 2 else r for r in t.rounds))
    return explain_round(t, 2)


def test_pairing_changed_by_hand_is_not_explained() -> None:
    from tourney.render.explain import CHANGED

    note = _round_2_changed(swap=True)
    assert note is not None and not note.matches
    assert note.summary == CHANGED.format(number=2)
    assert not note.lines


def test_result_changed_keeps_the_explanation() -> None:
    note = _round_2_changed(swap=False)
    assert note is not None and note.matches
    assert note.lines[0].startswith("round 2 of 7: 39 players to pair")


def test_round_without_stored_explanation_says_so(tmp_path: Path) -> None:
    import shutil

    from tourney.load.folder import load_tournament
    from tourney.render.explain import NOT_STORED, explain_round

    folder = tmp_path / "open"
    shutil.copytree(EXAMPLES / "swiss-open", folder)
    (folder / "rounds" / "03.why.txt").unlink()
    t = load_tournament(folder)
    note = explain_round(t, 3)
    assert note is not None and not note.matches and note.summary == NOT_STORED
    kept = explain_round(t, 2)
    assert kept is not None and kept.matches


def test_club_tournament_pages_show_the_club_rating_at_its_start() -> None:
    # Jonker, Sven (m9): 1554 in members.yaml; rapid-00 (the first rated tournament) moved
    # him +38 to 1592 (test_club_rating_change_by_hand), so rapid-01 lists him at 1592.
    for event, rating in (("rapid-00", "1554"), ("rapid-01", "1592")):
        page = _text("club-league", f"{event}/standings.html")
        row = page.split("Jonker, Sven</a></th>")[1].split("</tr>")[0]
        assert row.startswith(f'<td class="num opt">{rating}</td>'), (event, row[:60])
