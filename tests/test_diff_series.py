"""``tourney diff``: how a corrected result moves a club's series standings (docs/series.md).

The club: four members, Jansen (m1), Bakker (m2), de Boer (m3), Visser (m4);
the series "Winter Cup" over ev-1 and ev-2 with placement points 10, 6, 4, 2;
each event a four-player round robin (Berger, C.05 Annex 1), not finalized,
so each counts with its live standings; tie-break SB.

ev-1: Jansen beats all three (3); Bakker and de Boer draw each other and
both beat Visser (1½ each, SB ¾ each: equal), Visser 0. Ranks: Jansen 1st,
Bakker and de Boer share 2nd, Visser 4th. Placement points: Jansen 10,
Bakker and de Boer (6 + 4) / 2 = 5 each (pooled), Visser 2.

ev-2 as committed: Bakker beats all three (3); de Boer beats Visser and
Jansen (2); Jansen beats Visser (1); Visser 0. Placement points: Bakker 10,
de Boer 6, Jansen 4, Visser 2.

Series before: Bakker 5 + 10 = 15 (1st), Jansen 10 + 4 = 14 (2nd),
de Boer 5 + 6 = 11 (3rd), Visser 2 + 2 = 4 (4th).
"""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from builders import commit, git, git_repo, runner
from click.testing import CliRunner

from tourney.cli.diff import command, md
from tourney.review.changes import Movement
from tourney.review.gitdiff import diff_folder

CLUB = """\
name: Winter club
series:
  - id: winter-cup
    name: Winter Cup
    tournaments: [ev-1, ev-2]
    points: [10, 6, 4, 2]
"""
MEMBERS = """\
- {id: m1, name: "Jansen, Piet", ratings: {rapid: 1800}}
- {id: m2, name: "Bakker, Anna", ratings: {rapid: 1750}}
- {id: m3, name: "de Boer, Daan", ratings: {rapid: 1700}}
- {id: m4, name: "Visser, Eva", ratings: {rapid: 1650}}
"""
PLAYERS = "".join(f"- {{member: m{n}, start: {n}}}\n" for n in range(1, 5))
# Berger table for four: 1-4 2-3 | 4-3 1-2 | 2-4 3-1
ROUNDS = {
    "ev-1": [("1-0", "½-½"), ("0-1", "1-0"), ("1-0", "0-1")],
    "ev-2": [("1-0", "1-0"), ("0-1", "0-1"), ("1-0", "1-0")],
}
PAIRS = [(("m1", "m4"), ("m2", "m3")), (("m4", "m3"), ("m1", "m2")), (("m2", "m4"), ("m3", "m1"))]


def write_event(folder: Path, results: list[tuple[str, str]]) -> None:
    (folder / "rounds").mkdir(parents=True)
    (folder / "tournament.yaml").write_text(
        f"name: Winter {folder.name}\nformat: round-robin\nrating_period: rapid\ntiebreaks: [SB]\n",
        "utf-8",
    )
    (folder / "players.yaml").write_text(PLAYERS, "utf-8")
    for number, (pairs, scores) in enumerate(zip(PAIRS, results, strict=True), start=1):
        lines = [f"round: {number}", "boards:"]
        lines += [
            f"  - {{white: {w}, black: {b}, result: {r}}}"
            for (w, b), r in zip(pairs, scores, strict=True)
        ]
        (folder / "rounds" / f"{number:02d}.yaml").write_text("\n".join(lines) + "\n", "utf-8")


def set_result(path: Path, white: str, black: str, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    line = f"{{white: {white}, black: {black}, result: {old}}}"
    assert text.count(line) == 1, f"no board {line} in {path}"
    path.write_text(text.replace(line, f"{{white: {white}, black: {black}, result: {new}}}"))


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """The club committed in a throwaway repository as ``winter``."""
    repo = git_repo(tmp_path / "repo")
    folder = repo / "winter"
    folder.mkdir()
    (folder / "club.yaml").write_text(CLUB, "utf-8")
    (folder / "members.yaml").write_text(MEMBERS, "utf-8")
    for name, results in ROUNDS.items():
        write_event(folder / name, results)
    commit(repo, "the winter club")
    return folder


def lines(*args: str) -> list[str]:
    done = CliRunner().invoke(command, list(args))
    assert done.exit_code == 0, done.output
    return done.stdout.splitlines()


def test_a_correction_that_turns_the_series_around(club: Path) -> None:
    # ev-2, round 3: de Boer - Jansen 1-0 corrected to 0-1. ev-2 now: Bakker 3, Jansen 2,
    # de Boer 1, Visser 0: Bakker 10, Jansen 6, de Boer 4, Visser 2.
    # Series now: Jansen 10 + 6 = 16 (1st), Bakker 5 + 10 = 15 (2nd), de Boer 5 + 4 = 9 (3rd),
    # Visser 4 (4th, unmoved). Points changes first (Jansen, de Boer), then Bakker's place.
    set_result(club / "ev-2" / "rounds" / "03.yaml", "m3", "m1", "1-0", "0-1")
    diff = diff_folder(club)
    (series,) = diff.series
    assert (series.club, series.series, series.name) == (str(club), "winter-cup", "Winter Cup")
    assert series.movements == (
        Movement("m1", "Jansen, Piet", 2, 1, Fraction(14), Fraction(16)),
        Movement("m3", "de Boer, Daan", 3, 3, Fraction(11), Fraction(9)),
        Movement("m2", "Bakker, Anna", 1, 2, Fraction(15), Fraction(15)),
    )
    sentence = (
        "series 'Winter Cup': Jansen, Piet up from 2nd to 1st (14 → 16 pts); "
        "de Boer, Daan stays 3rd (11 → 9 pts); Bakker, Anna down from 1st to 2nd (15 pts)"
    )
    text = lines(str(club))
    assert text[1] == sentence  # right under the header: what a captain reads first
    start = text.index(f"series standings: Winter Cup ({club})")
    assert text[start : start + 4] == [
        f"series standings: Winter Cup ({club})",
        "  Jansen, Piet: rank 2 -> 1, 14 -> 16 pts",
        "  de Boer, Daan: rank 3, 11 -> 9 pts",
        "  Bakker, Anna: rank 1 -> 2, 15 pts",
    ]
    markdown = lines("--format", "markdown", str(club))
    assert markdown[2] == "- " + sentence
    start = markdown.index(f"**Series standings**: Winter Cup ({md(str(club))})")
    assert markdown[start + 2 : start + 7] == [
        "| name | rank | points |",
        "|---|---|---|",
        "| Jansen, Piet | 2 → 1 | 14 → 16 |",
        "| de Boer, Daan | 3 | 11 → 9 |",
        "| Bakker, Anna | 1 → 2 | 15 |",
    ]
    data = json.loads(CliRunner().invoke(command, ["--format", "json", str(club)]).stdout)
    assert [
        (m["name"], m["old_points"], m["new_points"]) for m in data["series"][0]["movements"]
    ] == [
        ("Jansen, Piet", "14", "16"),
        ("de Boer, Daan", "11", "9"),
        ("Bakker, Anna", "15", "15"),
    ]


def test_the_event_diffed_alone_shows_its_series(club: Path) -> None:
    set_result(club / "ev-2" / "rounds" / "03.yaml", "m3", "m1", "1-0", "0-1")
    (series,) = diff_folder(club / "ev-2").series
    assert series.club == str(club)
    assert [(m.participant, m.old_rank, m.new_rank) for m in series.movements] == [
        ("m1", 2, 1),
        ("m3", 3, 3),
        ("m2", 1, 2),
    ]
    assert lines(str(club / "ev-2"))[1].startswith("series 'Winter Cup': Jansen, Piet up from 2nd")


def test_a_draw_shares_a_place_and_its_pooled_points(club: Path) -> None:
    # ev-2, round 3: de Boer - Jansen 1-0 corrected to ½-½. ev-2 now: Bakker 3, Jansen and
    # de Boer 1½ each with SB ¾ each (each drew the other, 1½, and beat Visser, 0): they share
    # 2nd, (6 + 4) / 2 = 5 each. Series: Jansen 10 + 5 = 15 and Bakker 5 + 10 = 15 share 1st,
    # de Boer 5 + 5 = 10 stays 3rd. Bakker's line does not move: not listed.
    set_result(club / "ev-2" / "rounds" / "03.yaml", "m3", "m1", "1-0", "½-½")
    (series,) = diff_folder(club).series
    assert series.movements == (
        Movement("m1", "Jansen, Piet", 2, 1, Fraction(14), Fraction(15)),
        Movement("m3", "de Boer, Daan", 3, 3, Fraction(11), Fraction(10)),
    )
    assert lines(str(club))[1] == (
        "series 'Winter Cup': Jansen, Piet up from 2nd to 1st (14 → 15 pts); "
        "de Boer, Daan stays 3rd (11 → 10 pts)"
    )


def test_a_correction_that_moves_nobody_in_the_series_says_nothing_of_it(club: Path) -> None:
    # ev-2, round 2: Jansen - Bakker 0-1 corrected to ½-½. ev-2 now: Bakker 2½, de Boer 2,
    # Jansen 1½, Visser 0: the same places, so the same placement points and series standings.
    # The event's own standings move (Bakker 3 -> 2½, Jansen 1 -> 1½): those are listed.
    set_result(club / "ev-2" / "rounds" / "02.yaml", "m1", "m2", "0-1", "½-½")
    diff = diff_folder(club)
    assert diff.series == ()
    (changed,) = [t for t in diff.tournaments if t.changed]
    assert changed.standings is not None
    moved = {m.participant: (m.old_points, m.new_points) for m in changed.standings.movements}
    assert moved["m2"] == (Fraction(3), Fraction(5, 2))
    assert moved["m1"] == (Fraction(1), Fraction(3, 2))
    for output in (lines(str(club)), lines("--format", "markdown", str(club))):
        assert not any("series" in line.lower() for line in output), output
    assert (
        json.loads(CliRunner().invoke(command, ["--format", "json", str(club)]).stdout)["series"]
        == []
    )


def test_the_pull_request_comment_from_the_repository_top(club: Path) -> None:
    # What CI posts: `tourney diff BASE...HEAD --format markdown` at the repository's top,
    # which holds the club. The same correction as above, on a branch.
    repo = club.parent
    git(repo, "checkout", "-q", "-b", "fix-ev2-r3")
    set_result(club / "ev-2" / "rounds" / "03.yaml", "m3", "m1", "1-0", "0-1")
    commit(repo, "ev-2, round 3, board 2: 0-1 (scoresheet)")
    markdown = lines("main...fix-ev2-r3", "--format", "markdown", str(repo))
    assert markdown[2] == (
        "- series 'Winter Cup': Jansen, Piet up from 2nd to 1st (14 → 16 pts); "
        "de Boer, Daan stays 3rd (11 → 9 pts); Bakker, Anna down from 1st to 2nd (15 pts)"
    )
    assert "| Jansen, Piet | 2 → 1 | 14 → 16 |" in markdown


def test_a_new_points_table_moves_the_series_and_is_listed_with_the_club(club: Path) -> None:
    # club.yaml: 1st place now scores 12 instead of 10. The winners of an event alone gain 2:
    # Jansen (1st of ev-1) 14 -> 16, Bakker (1st of ev-2) 15 -> 17; the places stay.
    path = club / "club.yaml"
    path.write_text(CLUB.replace("points: [10, 6, 4, 2]", "points: [12, 6, 4, 2]"), "utf-8")
    diff = diff_folder(club)
    (series,) = diff.series
    assert series.movements == (
        Movement("m2", "Bakker, Anna", 1, 1, Fraction(15), Fraction(17)),
        Movement("m1", "Jansen, Piet", 2, 2, Fraction(14), Fraction(16)),
    )
    assert [(e.kind, e.change) for e in diff.entries] == [("club", "changed")]
    assert not any(t.changed for t in diff.tournaments)
    assert lines(str(club))[1] == (
        "series 'Winter Cup': Bakker, Anna stays 1st (15 → 17 pts); "
        "Jansen, Piet stays 2nd (14 → 16 pts)"
    )


EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture
def league(tmp_path: Path) -> Path:
    """examples/club-league committed in a throwaway repository as ``de-club``."""
    repo = git_repo(tmp_path / "repo")
    shutil.copytree(EXAMPLES / "club-league", repo / "de-club")
    commit(repo, "club")
    return repo / "de-club"


def test_a_recorded_correction_in_a_finalized_event_moves_the_series(league: Path) -> None:
    # examples/club-league: "Rapid Grand Prix 2026" over rapid-01..03, points 25, 18, 15, 12,
    # 10, 8, 6, 4, 2, 1. rapid-02 is finalized; round 4, board 2, Huisman, Giulia - Peters,
    # Vera ½-½ becomes 1-0 with `tourney result --correct`, which stores its final standings
    # again. Huisman 2½ -> 3 pts joins Novak, Sofie on 3 and passes her on BH/C1 (12 to 11.5
    # in the stored standings): Huisman 5th -> 4th (10 -> 12 placement points), Novak 4th ->
    # 5th (12 -> 10). Peters 2½ -> 2 falls from 6th to 7th (8 -> 6), Ekström, Vera (2½) rises
    # from 7th to 6th (6 -> 8). Series totals (rapid-01 + rapid-02 + rapid-03, as `tourney
    # series` shows them): Ekström 8 + 6 + 25 = 39 -> 41, still 1st; Huisman 25 + 10 + 1 = 36
    # -> 38, 4th -> 2nd (3rd holds 37); Novak 15 + 12 + 11 = 38 -> 36, 2nd -> 4th; Peters
    # 2 + 8 + 0 = 10 -> 8, 10th -> 11th beside Berg, Finn (8), who moves 12th -> 11th.
    run = runner()
    code, _, err = run(
        "result", league / "rapid-02", 4, 2, "1-0", "--correct", "--reason", "scoresheet"
    )
    assert code == 0, err
    assert lines(str(league))[1] == (
        "series 'Rapid Grand Prix 2026': Ekström, Vera stays 1st (39 → 41 pts); "
        "Huisman, Giulia up from 4th to 2nd (36 → 38 pts); "
        "Novak, Sofie down from 2nd to 4th (38 → 36 pts); "
        "Peters, Vera down from 10th to 11th (10 → 8 pts); and 1 more move"
    )
    (series,) = diff_folder(league).series
    assert series.movements[-1] == Movement("m8", "Berg, Finn", 12, 11, Fraction(8), Fraction(8))


def test_a_hand_edit_of_a_finalized_event_leaves_the_series_to_its_stored_standings(
    league: Path,
) -> None:
    # docs/series.md: a finalized event counts with final.yaml, which a hand edit of a round
    # file leaves as it was; the diff says so in a note, and no series line.
    path = league / "rapid-02" / "rounds" / "04.yaml"
    text = path.read_text("utf-8")
    old = "{white: m5, black: m3, result: ½-½}"
    assert text.count(old) == 1
    path.write_text(text.replace(old, "{white: m5, black: m3, result: 1-0}"), "utf-8")
    diff = diff_folder(league)
    assert diff.series == ()
    assert any("without a recorded correction" in note for note in diff.notes)
    assert not any(line.startswith("series") for line in lines(str(league)))
