"""Round 1 pairs by rating seed (docs/pairing.md, C.04.2): FIDE rating, else national, else club.

In a club folder the club rating is the one that stands when the round is paired:
the initial rating moved by every finalized rated tournament (docs/results.md).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from tourney.cli import cli
from tourney.engine.pairing.swiss_state import pairing_numbers
from tourney.engine.ratings.club import current_ratings
from tourney.load.club_state import club_ratings
from tourney.load.folder import load_tournament
from tourney.model import Player, RatingPeriod

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_club_rating_seeds_players_without_a_fide_rating() -> None:
    players = [
        Player("a", "Aal", club_rating=1500),
        Player("b", "Beek", club_rating=1700),
        Player("c", "Cats", national_rating=1600),
        Player("d", "Dam", rating=1650, club_rating=2000),  # the FIDE rating comes first
        Player("e", "Eik"),  # unrated: last
    ]
    assert pairing_numbers(players) == {"b": 1, "d": 2, "c": 3, "a": 4, "e": 5}


def test_a_new_club_tournament_is_numbered_by_today_s_club_ratings(tmp_path: Path) -> None:
    club = tmp_path / "club"
    shutil.copytree(EXAMPLES / "club-league", club)
    folder = club / "rapid-04"
    (folder / "rounds").mkdir(parents=True)
    (folder / "tournament.yaml").write_text(
        "name: Rapid 4\nformat: swiss\nrounds: 3\nrating_period: rapid\n", encoding="utf-8"
    )
    # members.yaml lists Verhoeven, Tara (m2) at 2046, Peters (m3) at 1913 and Ekström (m4)
    # at 1843; Tara lost most in rapid-00..02 (tourney ratings), so the order changes.
    members = ["m2", "m3", "m4", "m10"]
    (folder / "players.yaml").write_text(
        "".join(f"- {{member: {m}}}\n" for m in members), encoding="utf-8"
    )
    result = CliRunner().invoke(cli, ["pair", str(folder)])
    assert result.exit_code == 0, result.output
    now = current_ratings(club_ratings(club).history)
    start = {p.id: p.start for p in load_tournament(folder).players}
    by_rating = sorted(members, key=lambda m: -now[(RatingPeriod.RAPID, m)])
    assert sorted(members, key=lambda m: start[m]) == by_rating
    initial = {p.id: p.club_rating for p in load_tournament(folder).players}
    assert by_rating != sorted(members, key=lambda m: -(initial[m] or 0))  # not members.yaml's
