"""``tourney diff`` in a club folder: whose club rating a change moves (FIDE B.02 formula).

The club-league example rates rapid-00, rapid-01 and rapid-02, in that order
(ratings-log.yaml); rapid-03 is not finalized, so it rates nobody. The change:
rapid-02, round 4, board 2, Huisman, Giulia (m5) - Peters, Vera (m3), from
½-½ to 1-0. Worked by hand from docs/ratings.md (B.02 Art. 8.3):

- K is 20 for both: members.yaml gives them 38 and 24 rated games before
  any of these tournaments, and each played all 5 rounds of rapid-00 and of
  rapid-01 (rounds/*.yaml): 48 and 34 before rapid-02, 30 or more (not 40);
  ratings far below 2400 (not 10), and 20 x 5 games = 100 stays under the 700 cap.
- Everybody's rating before rapid-02 (Ro) comes from rapid-00 and rapid-01,
  which did not change, so every expected score in rapid-02 (table 8.1.b, from
  the opponents' Ro) stays. Only the two scores move: m5 +½, m3 -½.
- The change is round(K x (score - expected)), rounded once, 0.5 away from
  zero. The expected score is a sum of table values with two decimals, so
  20 x (score - expected) is a multiple of 0.2 and never ends in .5: the
  rounded change moves by exactly 20 x ½ = 10. m5 gains 10, m3 loses 10.
- rapid-02 is the last rated tournament, so nobody else's rating moves.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from builders import git, git_repo
from click.testing import CliRunner

from tourney.cli.diff import command
from tourney.engine.ratings.club import current_ratings
from tourney.load.club_state import club_ratings
from tourney.model import RatingPeriod
from tourney.review.gitdiff import diff_folder

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def set_result(path: Path, white: str, black: str, result: str, record: bool = True) -> None:
    """Change a board; in a finalized tournament also record it in corrections.yaml, as
    ``tourney result --correct`` does (docs/results.md), unless ``record`` is false."""
    text = path.read_text("utf-8")
    pattern = rf"(\{{white: {white}, black: {black}, result: )[^}}]*(\}})"
    new, count = re.subn(pattern, rf"\g<1>{result}\g<2>", text)
    assert count == 1, f"no board {white}-{black} in {path}"
    path.write_text(new, "utf-8")
    event = path.parent.parent
    if record and (event / "final.yaml").is_file():
        with (event / "corrections.yaml").open("a", encoding="utf-8") as log:
            log.write(f"- {{round: 1, board: x, old: ~, new: {result}, reason: test}}\n")


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """The club-league example committed in a throwaway repository as ``de-club``."""
    repo = tmp_path / "repo"
    git_repo(repo)
    shutil.copytree(EXAMPLES / "club-league", repo / "de-club")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "club")
    return repo / "de-club"


def rating_now(folder: Path, member: str) -> int:
    """The rating list as ``tourney ratings`` computes it for the files on disk."""
    return current_ratings(club_ratings(folder).history)[(RatingPeriod.RAPID, member)]


def test_corrected_result_moves_the_two_players_only(club: Path) -> None:
    before = {m: rating_now(club, m) for m in ("m5", "m3")}
    set_result(club / "rapid-02" / "rounds" / "04.yaml", "m5", "m3", "1-0")
    diff = diff_folder(club)
    assert [(r.member, r.name, r.period, r.change) for r in diff.ratings] == [
        ("m5", "Huisman, Giulia", "rapid", 10),
        ("m3", "Peters, Vera", "rapid", -10),
    ]
    # old is the rating list of the committed files, new = old + change
    assert [(r.old, r.new) for r in diff.ratings] == [
        (before["m5"], before["m5"] + 10),
        (before["m3"], before["m3"] - 10),
    ]
    assert {r.club for r in diff.ratings} == {str(club)}
    (changed,) = [t for t in diff.tournaments if t.changed]
    assert changed.folder.endswith("rapid-02")
    assert [(r.round, r.board, r.old, r.new) for r in changed.results] == [(4, "2", "½-½", "1-0")]


def test_a_tournament_of_the_club_diffed_alone_shows_the_club_ratings(club: Path) -> None:
    set_result(club / "rapid-02" / "rounds" / "04.yaml", "m5", "m3", "1-0")
    diff = diff_folder(club / "rapid-02")
    assert [(r.club, r.member, r.change) for r in diff.ratings] == [
        (str(club), "m5", 10),
        (str(club), "m3", -10),
    ]
    assert diff.notes == ()


def test_unfinalized_tournament_moves_no_rating(club: Path) -> None:
    # rapid-03 is not in ratings-log.yaml: its results change no club rating.
    set_result(club / "rapid-03" / "rounds" / "01.yaml", "m7", "m1", "½-½")
    diff = diff_folder(club)
    assert diff.ratings == ()
    assert [t.folder.rsplit("/", 1)[-1] for t in diff.tournaments if t.changed] == ["rapid-03"]
    assert "club ratings" not in CliRunner().invoke(command, [str(club)]).stdout


def test_club_ratings_in_text_markdown_and_json(club: Path) -> None:
    old5, old3 = rating_now(club, "m5"), rating_now(club, "m3")
    set_result(club / "rapid-02" / "rounds" / "04.yaml", "m5", "m3", "1-0")
    m5, m3 = rating_now(club, "m5"), rating_now(club, "m3")
    assert (m5 - old5, m3 - old3) == (10, -10)  # the rating list itself agrees
    text = CliRunner().invoke(command, [str(club)]).stdout.splitlines()
    start = text.index(f"club ratings ({club})")
    assert text[start:] == [
        f"club ratings ({club})",
        f"  Huisman, Giulia (rapid): {old5} -> {m5} (+10)",
        f"  Peters, Vera (rapid): {old3} -> {m3} (-10)",
    ]
    limited = CliRunner().invoke(command, ["--limit", "1", str(club)]).stdout.splitlines()
    start = limited.index(f"club ratings ({club})")
    assert limited[start + 1 :] == [
        f"  Huisman, Giulia (rapid): {old5} -> {m5} (+10)",
        "  ... and 1 more (--limit 0 shows all)",
    ]
    markdown = CliRunner().invoke(command, ["--format", "markdown", str(club)]).stdout
    assert "| member | time control | rating | change |" in markdown
    assert f"| Peters, Vera | rapid | {old3} → {m3} | -10 |" in markdown
    data = json.loads(CliRunner().invoke(command, ["--format", "json", str(club)]).stdout)
    assert data["changed"] is True
    assert [(r["member"], r["old"], r["new"], r["change"]) for r in data["ratings"]] == [
        ("m5", old5, m5, 10),
        ("m3", old3, m3, -10),
    ]


def test_a_broken_other_tournament_leaves_a_note_not_an_error(club: Path) -> None:
    set_result(club / "rapid-02" / "rounds" / "04.yaml", "m5", "m3", "1-0")
    (club / "rapid-03" / "rounds" / "02.yaml").write_text("round: [\n", "utf-8")
    result = CliRunner().invoke(command, [str(club / "rapid-02")])
    assert result.exit_code == 0, result.output
    (note,) = [line for line in result.stdout.splitlines() if line.startswith("note: ")]
    assert note.startswith(f"note: club ratings and series of {club} not compared: ")
    assert "rapid-03/rounds/02.yaml" in note
    assert "round 4, board 2: Huisman, Giulia - Peters, Vera: ½-½ -> 1-0" in result.stdout


def opponents(folder: Path) -> list[tuple[str, str]]:
    """Who met whom in a tournament, read from its round files."""
    pairs = []
    for path in sorted((folder / "rounds").glob("*.yaml")):
        pairs += re.findall(r"\{white: (\w+), black: (\w+), result: ", path.read_text("utf-8"))
    return pairs


def test_a_correction_in_an_earlier_tournament_reaches_later_opponents_only(club: Path) -> None:
    # rapid-01: Willems, Kari (m14) - Bakker, Julia (m1), 1-0 -> ½-½.
    # - m14: K 20 (101 rated games before), -½ score: -10 in rapid-01, exactly (20 x a
    #   two-decimal sum never ends in .5); m14 plays no later rated tournament: -10.
    # - m1: K 40 (10 + 5 rated games before rapid-01, under 30): +20 in rapid-01. In rapid-02
    #   her Ro is 20 higher, so each expected score (table 8.1.b, steps of 7 or more rating
    #   points) rises by at most 0.04: over 5 games at most 0.2 x K 40 = 8 less, +1 rounding.
    # - rapid-02 rates each game from the opponents' Ro: only m1's opponents there move, each
    #   expected to score less against a higher-rated m1, so each gains or stays.
    set_result(club / "rapid-01" / "rounds" / "03.yaml", "m14", "m1", "½-½")
    met = {a if b == "m1" else b for a, b in opponents(club / "rapid-02") if "m1" in (a, b)}
    assert met == {"m7", "m11", "m12", "m10", "m4"}
    diff = diff_folder(club)
    moved = {r.member: r.change for r in diff.ratings}
    assert moved["m14"] == -10
    assert 20 - 8 - 1 <= moved["m1"] <= 20
    assert set(moved) - {"m1", "m14"} <= met  # nobody else: m2, m3, m5, m6, m8, m9, m13 stay
    assert all(moved[m] > 0 for m in set(moved) - {"m1", "m14"})
    assert [r.member for r in diff.ratings][:2] == ["m1", "m14"]  # biggest change first


def test_an_uncorrected_change_to_a_finalized_tournament_is_said(club: Path) -> None:
    set_result(club / "rapid-02" / "rounds" / "04.yaml", "m5", "m3", "1-0", record=False)
    diff = diff_folder(club)
    assert diff.notes == (
        f"{club}/rapid-02 is finalized, but its results change without a recorded correction "
        "(corrections.yaml is unchanged): enter them with `tourney result ... --correct`, "
        "which also stores the final standings again",
    )
    # rapid-03 is not finalized: a result there is an ordinary change
    set_result(club / "rapid-03" / "rounds" / "01.yaml", "m7", "m1", "½-½", record=False)
    assert len(diff_folder(club).notes) == 1
