"""Individual pairing cards (FIDE style) and the pairings poster, from examples/swiss-open,
worked by hand from its round files."""

from __future__ import annotations

import html as htmllib
import re

from test_pdf import OPEN, TEAM, html_of


def cards() -> dict[int, list[str]]:
    """Starting number -> the card's lines as text, cells joined by '|'."""
    out: dict[int, list[str]] = {}
    page = html_of(OPEN, "pairing-cards")
    for section in page.split('<section class="player-card">')[1:]:
        number = int(re.search(r'<td class="no">(\d+)</td>', section).group(1))  # type: ignore[union-attr]
        rows = re.findall(r"<tr>(.*?)</tr>", section.split("<tbody>")[1])
        out[number] = [
            "|".join(htmllib.unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", row))
            for row in rows
        ]  # fmt: skip
    return out


def test_a_card_per_player_by_starting_number() -> None:
    found = cards()
    assert list(found) == list(range(1, 42))
    assert all(len(lines) == 7 for lines in found.values())  # 7 rounds planned, 5 paired


def test_the_card_of_a_player_with_a_bye() -> None:
    # p06 Dubois, Lieke: r1 Black v Groen, Bram (26) ½-½ (both on 0: no float); r2 the
    # half-point bye she asked for (½, a round without a game that scored: downfloat);
    # r3 White v Peters, Julia (20) 1-0; r4 White v Visser, Emma (13) 1-0; r5 Black v
    # Verhoeven, Petra (9) 1-0 for White: 0. Scores ½, 1, 2, 3, 3.
    lines = cards()[6]
    assert lines[0] == "1|26|Groen, Bram|B|½|½||"
    assert lines[1] == "2||||½|1|↓|half-point bye"
    assert [line.split("|")[4] for line in lines[:5]] == ["½", "½", "1", "1", "0"]
    assert [line.split("|")[5] for line in lines[:5]] == ["½", "1", "2", "3", "3"]
    assert lines[5] == "6|||||||"  # blank lines for the rounds to come


def test_floats_from_the_scores_before_the_round() -> None:
    # Round 5: Mulder, Giulia (36) White v Novak, Lotte (41), 1-0. Before it Mulder had
    # 0 + ½ + 1 + 0 = 1½ (lost to p16, drew p25, beat p29, lost to p21), Novak 0 + 0
    # (zero-point byes before she joined in round 3) + ½ + ½ = 1: Mulder floats down,
    # Novak up (C.04.3 A.4 b).
    found = cards()
    assert found[36][4] == "5|41|Novak, Lotte|W|1|2½|↓|"
    assert found[41][4] == "5|36|Mulder, Giulia|B|0|1|↑|"
    assert found[41][0] == "1||||0|0||zero-point bye"  # a bye that scores nothing: no float


def test_team_events_keep_the_us_chess_card() -> None:
    assert "Team pairing card · front" in html_of(TEAM, "pairing-cards", team="Amstel 1")


def test_the_poster() -> None:
    page = html_of(OPEN, "pairings-poster", round=5)
    assert "size: A4 landscape" in page
    assert '<h1 class="poster-title">Amstel Autumn Open 2026 · Round 5</h1>' in page
    rows = re.findall(r"<tr>(.*?)</tr>", page.split("<tbody>")[1])
    assert len(rows) == 20  # 41 players, p23 withdrawn after round 4: 40 on 20 boards
    # Before round 5: Dekker 1 + ½ + 1 + ½ = 3, Kuipers 1 + 1 + ½ + 1 = 3½ (as test_pdf).
    first = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", rows[0])]
    assert first == ["1", "FM Dekker, Sofie", "3", "½-½", "3½", "CM Kuipers, Jan"]
