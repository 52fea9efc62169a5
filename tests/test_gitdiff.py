"""``tourney diff``: what a change does, read from git without touching the working tree.

The examples are committed to a throwaway repository, a result or a player is
changed, and the diff must name exactly that change and its consequences as
the rules give them: a win instead of a loss is +1 point for one player and
-1 for the other (scoring 1/½/0), later Swiss rounds were paired from the old
result (FIDE C.04.1 F.7), a round robin's pairings do not depend on results.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from builders import commit, git, git_repo, runner
from click.testing import CliRunner

from tourney.cli.diff import command, md, split_arguments
from tourney.review.changes import TournamentDiff
from tourney.review.gitdiff import FolderDiff, GitError, diff_folder

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def set_result(path: Path, white: str, black: str, result: str) -> None:
    """Rewrite one board line's result, as a person correcting it would."""
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(
        rf"(\{{white: {white}, black: {black}, result: )[^}}]*(\}})", flags=re.MULTILINE
    )
    new, count = pattern.subn(rf"\g<1>{result}\g<2>", text)
    assert count == 1, f"no board {white}-{black} in {path}"
    path.write_text(new, encoding="utf-8")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository holding three example tournaments, committed on main."""
    repo = tmp_path / "league"
    git_repo(repo)
    for name in ("swiss-open", "club-championship", "team-league"):
        shutil.copytree(EXAMPLES / name, repo / name)
    commit(repo, "season so far")
    return repo


def only(diff: FolderDiff, folder_end: str) -> TournamentDiff:
    found = [t for t in diff.tournaments if t.folder.endswith(folder_end)]
    assert len(found) == 1, [t.folder for t in diff.tournaments]
    return found[0]


run = runner(command)


# --- a corrected Swiss result ------------------------------------------------------------------


def test_corrected_swiss_result_and_what_follows(repo: Path) -> None:
    # Round 3, board 14 of the example: Vermeulen, Petra (p28) - Mertens, Fleur (p21), 0-1.
    # After round 5 (rounds/01-05.yaml) both have 2½: p28 ½ ½ 0 ½ 1, p21 0 ½ 1 1 0.
    set_result(repo / "swiss-open" / "rounds" / "03.yaml", "p28", "p21", "1-0")
    diff = diff_folder(repo / "swiss-open")
    assert (diff.old_label, diff.new_label) == ("HEAD", "working tree")
    d = only(diff, "swiss-open")
    assert d.status == "changed" and d.name == "Amstel Autumn Open 2026"
    assert len(d.results) == 1
    change = d.results[0]
    assert (change.round, change.board, change.white, change.black) == (3, "14", "p28", "p21")
    assert (change.old, change.new, change.kind) == ("0-1", "1-0", "corrected")
    assert (change.white_name, change.black_name) == ("Vermeulen, Petra", "Mertens, Fleur")
    assert d.pairings == () and d.entries == ()

    # Standings after round 5: a loss turned into a win is +1 for White, -1 for Black
    # (p28 2½ -> 3½, p21 2½ -> 1½: one moves up a score group, the other down).
    assert d.standings is not None and d.standings.new_after == 5
    moved = {m.participant: m for m in d.standings.movements}
    white, black = moved["p28"], moved["p21"]
    assert white.new_points is not None and white.old_points is not None
    assert black.new_points is not None and black.old_points is not None
    assert white.new_points - white.old_points == 1
    assert black.new_points - black.old_points == -1
    assert white.new_rank is not None and white.old_rank is not None
    assert black.new_rank is not None and black.old_rank is not None
    assert white.new_rank < white.old_rank and black.new_rank > black.old_rank
    # Nobody else's points change: only tie-breaks and places.
    others = [m for m in d.standings.movements if m.participant not in ("p28", "p21")]
    assert others and all(m.old_points == m.new_points for m in others)

    # Rounds 4 and 5 were paired from round 3's old result, and have been played.
    assert [w.round for w in d.warnings] == [4, 5]
    for warning in d.warnings:
        assert warning.because == (3,) and warning.played
        assert "its pairing stands" in warning.text
        assert warning.repairs in ("same", "different", None)


def test_text_output_reads_in_ten_seconds(repo: Path) -> None:
    set_result(repo / "swiss-open" / "rounds" / "03.yaml", "p28", "p21", "1-0")
    code, out, err = run(str(repo / "swiss-open"))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "tourney diff HEAD -> working tree"
    assert (
        "    round 3, board 14: Vermeulen, Petra - Mertens, Fleur: 0-1 -> 1-0 (corrected)" in lines
    )
    assert any(
        line.startswith("  warning: rounds 4 and 5 were paired from the old result of round 3")
        for line in lines
    )
    assert any(line.startswith("  standings after round 5") for line in lines)
    assert any(line.startswith("    Vermeulen, Petra: rank ") and "pts" in line for line in lines)


def test_unplayed_later_round_is_the_arbiters_decision(repo: Path) -> None:
    """Round 5 paired but not played; a round 4 result is corrected."""
    round5 = repo / "swiss-open" / "rounds" / "05.yaml"
    round5.write_text(
        re.sub(r"result: [^}]*\}", "result: }", round5.read_text("utf-8")), encoding="utf-8"
    )
    commit(repo, "round 5 paired, not played")
    # Round 4, board 3: Visser, Maud (p22) - Ekström, Kari (p07), 0-1.
    set_result(repo / "swiss-open" / "rounds" / "04.yaml", "p22", "p07", "½-½")
    d = only(diff_folder(repo / "swiss-open"), "swiss-open")
    assert [(r.round, r.board, r.old, r.new) for r in d.results] == [(4, "3", "0-1", "½-½")]
    assert len(d.warnings) == 1
    warning = d.warnings[0]
    assert warning.round == 5 and warning.because == (4,) and not warning.played
    if warning.repairs != "same":
        assert "the chief arbiter decides" in warning.text
        assert "tourney pair --round 5 --replace" in warning.text
        assert "C.04.1 F.7" in warning.text


def test_entering_the_results_of_the_last_round_warns_nothing(repo: Path) -> None:
    round5 = repo / "swiss-open" / "rounds" / "05.yaml"
    played = round5.read_text("utf-8")
    round5.write_text(re.sub(r"result: [^}]*\}", "result: }", played), encoding="utf-8")
    commit(repo, "round 5 paired")
    round5.write_text(played, encoding="utf-8")
    d = only(diff_folder(repo / "swiss-open"), "swiss-open")
    assert d.results and {r.kind for r in d.results} == {"entered"}
    assert all(r.round == 5 and r.old is None for r in d.results)
    assert d.warnings == ()


def test_a_round_paired_in_the_same_change_is_not_warned_about(repo: Path) -> None:
    rounds = repo / "swiss-open" / "rounds"
    (rounds / "05.yaml").rename(rounds.parent / "r5.keep")
    commit(repo, "four rounds")
    (rounds.parent / "r5.keep").rename(rounds / "05.yaml")
    set_result(rounds / "03.yaml", "p28", "p21", "½-½")
    d = only(diff_folder(repo / "swiss-open"), "swiss-open")
    assert [p.round for p in d.pairings] == [5]
    assert d.pairings[0].text.startswith("round paired: 20 boards")
    assert [w.round for w in d.warnings] == [4]  # round 5 was paired from the new results


# --- round robins, team events, players -------------------------------------------------------


def test_round_robin_correction_warns_nothing(repo: Path) -> None:
    # Round 2, board 2: Huisman, Vera (c5) - Huisman, Stijn (c3), 1-0.
    set_result(repo / "club-championship" / "rounds" / "02.yaml", "c5", "c3", "0-1")
    d = only(diff_folder(repo / "club-championship"), "club-championship")
    assert [(r.round, r.board, r.kind) for r in d.results] == [(2, "2", "corrected")]
    assert d.warnings == ()  # Berger tables do not depend on results (C.05)
    assert d.standings is not None
    moved = {m.participant: m for m in d.standings.movements}
    assert moved["c5"].old_points is not None and moved["c5"].new_points is not None
    assert moved["c5"].new_points - moved["c5"].old_points == -1
    assert moved["c3"].old_points is not None and moved["c3"].new_points is not None
    assert moved["c3"].new_points - moved["c3"].old_points == 1


def test_team_match_board_correction_is_labelled_match_dot_board(repo: Path) -> None:
    # Round 2, match 2 (De Toren 1 - Philidor 1), board 4: Jacobs, Anna (m40) - Prins, Lars
    # (m51, De Toren's reserve, moved up for the absent m03), 1-0.
    set_result(repo / "team-league" / "rounds" / "02.yaml", "m40", "m51", "½-½")
    d = only(diff_folder(repo / "team-league"), "team-league")
    assert [(r.round, r.board, r.old, r.new) for r in d.results] == [(2, "2.4", "1-0", "½-½")]
    assert (d.results[0].white_name, d.results[0].black_name) == ("Jacobs, Anna", "Prins, Lars")
    assert [w.round for w in d.warnings] == [3]  # team Swiss: round 3 paired from round 2
    # Boards alternate colours: De Toren 1 (t3) has white on boards 1 and 3. The match was
    # 0-1, 0-1, ½-½, 0-1 for De Toren: ½-3½; now 1-3, still won by Philidor 1 (t9). Match
    # points (2/1/0, the primary score) stay; game points move by ½ each way.
    assert d.standings is not None and d.standings.note == ""
    assert (d.standings.ranked, d.standings.unit) == ("team", "MP")
    assert all(m.old_points == m.new_points for m in d.standings.movements)
    moved = {
        m.participant: dict((c, (a, b)) for c, a, b in m.tiebreaks) for m in d.standings.movements
    }
    for team, gp in (("t3", Fraction(1, 2)), ("t9", Fraction(-1, 2))):
        before, after = moved[team]["GP"]
        assert before is not None and after is not None and after - before == gp


def test_players_added_and_changed(repo: Path) -> None:
    players = repo / "swiss-open" / "players.yaml"
    text = players.read_text("utf-8").replace(
        'name: "Dekker, Sofie", rating: 2430', 'name: "Dekker, Sofie", rating: 2436'
    )
    text += '- {id: p42, name: "Nieuw, Bram", rating: 1650, joins: 6}\n'
    players.write_text(text, encoding="utf-8")
    d = only(diff_folder(repo / "swiss-open"), "swiss-open")
    entries = {(e.kind, e.ident): e for e in d.entries}
    assert entries[("player", "p42")].change == "added"
    changed = entries[("player", "p01")]
    assert changed.change == "changed" and changed.name == "Dekker, Sofie"
    assert [(f.field, f.old, f.new) for f in changed.fields] == [("rating", "2430", "2436")]
    assert d.results == () and d.warnings == ()


def test_settings_change_is_listed_field_by_field(repo: Path) -> None:
    path = repo / "club-championship" / "tournament.yaml"
    text = path.read_text("utf-8").replace("place: Utrecht", "place: Amersfoort")
    path.write_text(text.replace("tiebreaks: [DE, SB, WIN, KS]", "tiebreaks: [SB, DE]"), "utf-8")
    d = only(diff_folder(repo / "club-championship"), "club-championship")
    [settings] = [e for e in d.entries if e.kind == "settings"]
    assert [(f.field, f.old, f.new) for f in settings.fields] == [
        ("place", "Utrecht", "Amersfoort"),
        ("tiebreaks", "DE, SB, WIN, KS", "SB, DE"),
    ]
    assert d.results == ()


def test_club_member_rating_change(tmp_path: Path) -> None:
    repo = tmp_path / "club"
    git_repo(repo)
    shutil.copytree(EXAMPLES / "club-league", repo / "de-club")
    commit(repo, "club")
    members = repo / "de-club" / "members.yaml"
    members.write_text(
        members.read_text("utf-8").replace("ratings: {rapid: 2078,", "ratings: {rapid: 2090,"),
        "utf-8",
    )
    diff = diff_folder(repo / "de-club")
    assert [(e.kind, e.ident, e.change) for e in diff.entries] == [("member", "m1", "changed")]
    assert diff.entries[0].fields[0].field == "ratings"
    assert "2078" in diff.entries[0].fields[0].old and "2090" in diff.entries[0].fields[0].new


# --- revisions and folders --------------------------------------------------------------------


def test_revision_forms(repo: Path) -> None:
    base = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "checkout", "-q", "-b", "correction")
    set_result(repo / "swiss-open" / "rounds" / "03.yaml", "p28", "p21", "1-0")
    fix = commit(repo, "round 3 board 14 was 1-0")
    git(repo, "checkout", "-q", "main")
    set_result(repo / "club-championship" / "rounds" / "02.yaml", "c5", "c3", "0-1")
    commit(repo, "another change on main")
    folder = repo / "swiss-open"

    def corrected(revs: list[str]) -> list[tuple[int, str]]:
        return [(r.round, r.board) for r in only(diff_folder(folder, revs), "swiss-open").results]

    assert corrected(["main", "correction"]) == [(3, "14")]
    assert corrected([base, fix]) == [(3, "14")]
    assert corrected(["main..correction"]) == [(3, "14")]
    assert corrected(["main...correction"]) == [(3, "14")]
    assert corrected(["correction"]) == [(3, "14")]  # correction vs the working tree (main)
    assert corrected([]) == []
    three_dots = diff_folder(repo, ["main...correction"])
    assert three_dots.old_label.startswith("main...correction (merge base ")
    # Only what the pull request adds: main's own later change is not in it.
    assert [t.folder for t in three_dots.tournaments if t.changed] == [f"{repo}/swiss-open"]
    two_dots = diff_folder(repo, ["main..correction"])
    assert sorted(t.folder for t in two_dots.tournaments if t.changed) == [
        f"{repo}/club-championship",
        f"{repo}/swiss-open",
    ]


def test_never_touches_the_working_tree_or_the_index(repo: Path) -> None:
    set_result(repo / "swiss-open" / "rounds" / "03.yaml", "p28", "p21", "1-0")
    (repo / "notes.txt").write_text("untracked", encoding="utf-8")
    before_status = git(repo, "status", "--porcelain")
    index = repo / ".git" / "index"
    before_index = (index.read_bytes(), index.stat().st_mtime_ns)
    before_files = sorted(str(p) for p in repo.rglob("*") if ".git" not in p.parts)
    diff_folder(repo)
    diff_folder(repo, ["HEAD", "HEAD"])
    assert git(repo, "status", "--porcelain") == before_status
    assert (index.read_bytes(), index.stat().st_mtime_ns) == before_index
    assert sorted(str(p) for p in repo.rglob("*") if ".git" not in p.parts) == before_files


def test_repository_root_compares_every_tournament(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(repo)
    shutil.copytree(EXAMPLES / "club-championship", repo / "autumn-rr")
    set_result(repo / "club-championship" / "rounds" / "02.yaml", "c5", "c3", "0-1")
    diff = diff_folder(Path("."))
    status = {t.folder: t.status for t in diff.tournaments}
    assert status == {
        "autumn-rr": "added",
        "club-championship": "changed",
        "swiss-open": "unchanged",
        "team-league": "unchanged",
    }
    code, out, _ = run()
    assert code == 0
    assert "autumn-rr: 'Club Championship 2026' (added)" in out
    assert "swiss-open" not in out  # unchanged tournaments are not listed


def test_no_change(repo: Path) -> None:
    code, out, _ = run(str(repo))
    assert code == 0 and out.splitlines() == [
        "tourney diff HEAD -> working tree",
        "no change to tournament data",
    ]


def test_unknown_revision_and_no_repository(repo: Path, tmp_path: Path) -> None:
    code, _, err = run("no-such-branch", str(repo))
    assert code == 2 and "unknown revision 'no-such-branch'" in err
    outside = tmp_path / "not-a-repo"
    shutil.copytree(EXAMPLES / "club-championship", outside)
    code, _, err = run(str(outside))
    assert code == 2 and "is not inside a git repository" in err
    with pytest.raises(GitError):
        diff_folder(repo, ["a", "b", "c"])


def test_a_broken_revision_is_reported_with_the_revision_in_the_file_name(repo: Path) -> None:
    path = repo / "swiss-open" / "rounds" / "02.yaml"
    good = path.read_text("utf-8")
    path.write_text(good.replace("result: 1-0", "result: 1-2", 1), encoding="utf-8")
    commit(repo, "a typo")
    path.write_text(good, encoding="utf-8")
    code, _, err = run("HEAD", str(repo / "swiss-open"))
    assert code == 1
    assert "HEAD:swiss-open/rounds/02.yaml:" in err and "'1-2' is not a result" in err
    assert "nothing was compared" in err


# --- formats ----------------------------------------------------------------------------------


def test_markdown_for_a_pull_request_comment(repo: Path) -> None:
    set_result(repo / "swiss-open" / "rounds" / "03.yaml", "p28", "p21", "1-0")
    code, out, _ = run("--format", "markdown", str(repo / "swiss-open"))
    assert code == 0
    assert out.startswith("## tourney diff: HEAD → working tree\n")
    assert "| 3 | 14 | Vermeulen, Petra | Mertens, Fleur | 0-1 | **1-0** | corrected |" in out
    assert "> **Warning:** rounds 4 and 5 were paired" in out
    assert "| player | rank | points | tie-breaks |" in out


def test_markdown_makes_hostile_names_inert(repo: Path) -> None:
    players = repo / "swiss-open" / "players.yaml"
    players.write_text(
        players.read_text("utf-8").replace(
            '"Vermeulen, Petra"', '"<img src=x onerror=alert(1)> | **Petra** [x](javascript:y)"'
        ),
        "utf-8",
    )
    commit(repo, "renamed")
    set_result(repo / "swiss-open" / "rounds" / "03.yaml", "p28", "p21", "1-0")
    code, out, _ = run("--format", "markdown", str(repo / "swiss-open"))
    assert code == 0
    assert "<img" not in out and "&lt;img src=x onerror=alert(1)&gt;" in out
    assert "\\| \\*\\*Petra\\*\\* \\[x\\](javascript:y)" in out
    assert md("a|b") == "a\\|b"


def test_json_output(repo: Path) -> None:
    set_result(repo / "club-championship" / "rounds" / "02.yaml", "c5", "c3", "½-½")
    code, out, _ = run("--format", "json", str(repo / "club-championship"))
    assert code == 0
    data = json.loads(out)
    assert data["changed"] is True and data["new_label"] == "working tree"
    [t] = data["tournaments"]
    assert t["results"] == [
        {
            "round": 2,
            "board": "2",
            "white": "c5",
            "black": "c3",
            "white_name": "Huisman, Vera",
            "black_name": "Huisman, Stijn",
            "old": "1-0",
            "new": "½-½",
            "kind": "corrected",
        }
    ]
    moved = {m["participant"]: m for m in t["standings"]["movements"]}
    # Exact points as decimals: White loses half a point, Black gains half.
    assert Fraction(moved["c5"]["old_points"]) - Fraction(moved["c5"]["new_points"]) == Fraction(
        1, 2
    )
    assert Fraction(moved["c3"]["new_points"]) - Fraction(moved["c3"]["old_points"]) == Fraction(
        1, 2
    )


def test_arguments_rev_rev_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "spring").mkdir()
    assert split_arguments(()) == ([], Path("."))
    assert split_arguments(("spring",)) == ([], Path("spring"))
    assert split_arguments(("main",)) == (["main"], Path("."))
    assert split_arguments(("main", "fix", "spring")) == (["main", "fix"], Path("spring"))
    assert split_arguments(("main...fix",)) == (["main...fix"], Path("."))


# --- merging corrections ----------------------------------------------------------------------


def _branch_with(repo: Path, name: str, white: str, black: str, result: str) -> None:
    git(repo, "checkout", "-q", "-b", name, "main")
    set_result(repo / "swiss-open" / "rounds" / "01.yaml", white, black, result)
    commit(repo, f"{name}: {white}-{black} {result}")
    git(repo, "checkout", "-q", "main")


def _merge(repo: Path, branch: str) -> bool:
    try:
        git(repo, "merge", "-q", "--no-edit", branch)
    except subprocess.CalledProcessError:
        git(repo, "merge", "--abort")
        return False
    return True


def test_corrections_of_different_boards_merge_cleanly(repo: Path) -> None:
    # Round 1: board 2 p22-p02 ½-½ and board 5 p05-p25 1-0, three lines apart.
    _branch_with(repo, "fix-b2", "p22", "p02", "0-1")
    _branch_with(repo, "fix-b5", "p05", "p25", "½-½")
    assert _merge(repo, "fix-b2") and _merge(repo, "fix-b5")
    d = only(diff_folder(repo / "swiss-open", ["HEAD~2", "HEAD"]), "swiss-open")
    assert sorted((r.board, r.old, r.new) for r in d.results) == [
        ("2", "½-½", "0-1"),
        ("5", "1-0", "½-½"),
    ]


def test_two_corrections_of_one_board_conflict_on_that_line(repo: Path) -> None:
    _branch_with(repo, "says-white", "p22", "p02", "1-0")
    _branch_with(repo, "says-black", "p22", "p02", "0-1")
    assert _merge(repo, "says-white")
    assert not _merge(repo, "says-black")  # git stops: a person decides
    # Git needs an unchanged line between two changes: adjacent boards conflict too.
    _branch_with(repo, "board-3", "p03", "p23", "½-½")
    _branch_with(repo, "board-4", "p24", "p04", "½-½")
    assert _merge(repo, "board-3")
    assert not _merge(repo, "board-4")


def test_check_refuses_a_bad_merge_that_pairs_a_player_twice(repo: Path) -> None:
    from tourney.cli import cli

    path = repo / "swiss-open" / "rounds" / "01.yaml"
    path.write_text(
        path.read_text("utf-8").replace(
            "boards:\n", "boards:\n  - {white: p01, black: p40, result: 1-0}\n", 1
        ),
        encoding="utf-8",
    )
    result = CliRunner().invoke(cli, ["check", str(repo / "swiss-open")])
    assert result.exit_code == 1
    assert "player 'p01' appears twice in this round" in result.stderr
