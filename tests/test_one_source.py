"""One source for each small meaning (issue 34.3): one decimal formatter whose decimal
sign is the language's, a club's settings inherited however its event is loaded, state
indexes that ``dataclasses.replace`` does not share, tie-break descriptors parsed once."""

from __future__ import annotations

import dataclasses
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from tourney.app.build import build_site
from tourney.cli import cli
from tourney.load.folder import read_path
from tourney.model import Club, Tournament
from tourney.number_text import decimal, points

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_one_formatter_rounds_half_up_and_takes_the_sign_it_is_given() -> None:
    # 40 x (0.5 - 3.87) = -134.8: the expected score of the club page below, 3.87
    assert decimal(Fraction(387, 100)) == "3.87"
    assert decimal(Fraction(387, 100), separator=",") == "3,87"
    assert decimal(Fraction(2, 3)) == "0.67"  # 0.666.. half up
    assert decimal(Fraction(-1, 200), 2) == "0.00"  # -0.005 half up
    assert decimal(Fraction(1, 8)) == "0.125"  # a decimal that ends is exact
    assert decimal(Fraction(1, 3), 0) == "0" and decimal(Fraction(5, 2), 0) == "3"
    assert points(Fraction(9, 2)) == "4½" and points(Fraction(29, 4), ",") == "7,25"


def _dutch_club(tmp_path: Path) -> Path:
    club = tmp_path / "club"
    shutil.copytree(EXAMPLES / "club-league", club)
    text = (club / "club.yaml").read_text(encoding="utf-8")
    (club / "club.yaml").write_text(text + "language: nl\n", encoding="utf-8")
    return club


def test_a_dutch_club_event_loaded_on_its_own_is_dutch(tmp_path: Path) -> None:
    club = _dutch_club(tmp_path)
    alone, _ = read_path(club / "rapid-01")
    whole, _ = read_path(club)
    assert isinstance(alone, Tournament) and isinstance(whole, Club)
    assert alone.settings.language == "nl"
    assert dict(whole.tournaments)["rapid-01"].settings == alone.settings
    english, _ = read_path(EXAMPLES / "club-league" / "rapid-01")
    assert isinstance(english, Tournament) and english.settings.language == ""  # English


def test_a_dutch_club_event_built_on_its_own_has_decimal_commas(tmp_path: Path) -> None:
    """Huisman, Giulia (start number 5) leads rapid-01 with BH 13.5 and SB 12.5
    (``tourney standings``, English: a point)."""
    club = _dutch_club(tmp_path)
    build_site(club / "rapid-01", tmp_path / "site")
    page = (tmp_path / "site" / "standings.html").read_text(encoding="utf-8")
    assert '<html lang="nl">' in page
    assert ">13,5<" in page and ">12,5<" in page and ">13.5<" not in page
    data = (tmp_path / "site" / "standings.json").read_text(encoding="utf-8")
    assert '"13.5"' in data and '"13,5"' not in data  # data files keep the point


def test_a_dutch_club_event_printed_on_its_own_is_dutch(tmp_path: Path) -> None:
    club = _dutch_club(tmp_path)
    out = tmp_path / "standings.html"
    done = CliRunner().invoke(
        cli, ["print", str(club / "rapid-01"), "standings", "--html", "-o", str(out)]
    )
    assert done.exit_code == 0, done.output
    html = out.read_text(encoding="utf-8")
    assert '<html lang="nl">' in html and "<h1>Eindstand na ronde 5</h1>" in html
    assert ">13,5<" in html and ">13.5<" not in html


def test_the_dutch_club_ratings_page_writes_a_decimal_comma(tmp_path: Path) -> None:
    """Verhoeven, Tara in rapid-00: Ro 2046, K 40, score 0.5, expected 3.87 (B.02 8.1.b
    over her five opponents), change 40 x (0.5 - 3.87) = -134.8, so -135."""
    club = _dutch_club(tmp_path)
    build_site(club, tmp_path / "site")
    page = (tmp_path / "site" / "ratings" / "rapid-00.html").read_text(encoding="utf-8")
    row = page[page.index("Verhoeven, Tara") :]
    row = row[: row.index("</tr>")]
    assert ">3,87<" in row and "3.87" not in row
    assert ">-135<" in row or "−135" in row


# -- indexes built per instance: ``replace`` never shares them (as Tournament._by_id) ---------


def test_replace_leaves_a_swiss_state_alone() -> None:
    from tourney.engine.pairing.swiss_state import SwissPlayer, SwissState

    state = SwissState((SwissPlayer(1, "a"), SwissPlayer(2, "b")), round_no=1, total_rounds=5)
    copy = dataclasses.replace(state, players=(SwissPlayer(1, "z"),))
    assert state.player(1).id == "a" and state.player(2).id == "b"
    assert copy.player(1).id == "z"
    with pytest.raises(KeyError):
        copy.player(2)


def test_replace_leaves_a_team_state_alone() -> None:
    from tourney.engine.pairing.team_state import TeamRecord, TeamState

    state = TeamState(1, 5, (TeamRecord(1, "a"), TeamRecord(2, "b")))
    copy = dataclasses.replace(state, teams=(TeamRecord(1, "z", Fraction(2)),))
    assert state.team(1).team_id == "a" and state.score(1) == 0
    assert copy.team(1).team_id == "z" and copy.score(1) == 2
    with pytest.raises(KeyError):
        copy.team(2)


def test_replace_leaves_withdrawals_alone() -> None:
    from tourney.engine.withdrawals import MarkedGame, Withdrawals
    from tourney.model import Game

    first, second = Game("a", "b"), Game("c", "d")
    marks = Withdrawals(games=(MarkedGame(1, first, True, None, ("a",), "a withdrew"),))
    copy = dataclasses.replace(marks, games=(MarkedGame(2, second, True, None, ("c",), "c"),))
    assert marks.marked(1, first) is not None and marks.marked(2, second) is None
    assert copy.marked(2, second) is not None and copy.marked(1, first) is None
