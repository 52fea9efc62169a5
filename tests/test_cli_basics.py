"""The command line: version, help, new starter folders, check on the examples."""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import runner

from tourney import __version__
from tourney.model import Format

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(p for p in (ROOT / "examples").iterdir() if p.is_dir())


run = runner()


def test_version() -> None:
    code, out, _ = run("--version")
    assert code == 0 and out.strip() == f"tourney, version {__version__}"


@pytest.mark.parametrize("name", ["new", "check"])
def test_help_everywhere(name: str) -> None:
    code, out, _ = run(name, "--help")
    assert code == 0 and "Usage: " in out and name in out


@pytest.mark.parametrize("fmt", [f.value for f in Format])
def test_every_starter_passes_check(tmp_path: Path, fmt: str) -> None:
    folder = tmp_path / "event"
    code, out, err = run("new", str(folder), "--format", fmt)
    assert code == 0, err
    assert (folder / "tournament.yaml").read_text(encoding="utf-8").count("#") >= 10
    code, out, err = run("check", str(folder))
    assert code == 0, err
    assert f"{fmt}," in out and out.rstrip().endswith("OK")


def test_new_refuses_a_folder_with_files(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine", encoding="utf-8")
    code, _, err = run("new", str(tmp_path), "--format", "swiss")
    assert code == 3 and "not empty" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.txt"]


@pytest.mark.parametrize("folder", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_examples_pass_check(folder: Path) -> None:
    code, out, err = run("check", str(folder))
    assert code == 0, err
    assert out.rstrip().endswith("OK")


def test_check_exit_code_and_count_on_errors(tmp_path: Path) -> None:
    (tmp_path / "tournament.yaml").write_text(
        "name: X\nformat: swiss\nrounds: 0\n", encoding="utf-8"
    )
    code, _, err = run("check", str(tmp_path))
    assert code == 1
    assert "tournament.yaml:3:9: error E121: 'rounds' is 0, out of range" in err
    assert err.rstrip().endswith("1 error; the folder is not valid")


def test_check_on_missing_folder(tmp_path: Path) -> None:
    code, _, err = run("check", str(tmp_path / "nope"))
    assert code == 1 and "no such folder" in err


def test_example_sizes_match_the_readme() -> None:
    from tourney.load.folder import load_club, load_tournament

    swiss = load_tournament(ROOT / "examples" / "swiss-open")
    assert len(swiss.players) == 41 and swiss.settings.rounds == 7
    assert any(b.kind.value == "pab" for r in swiss.rounds for b in r.byes)
    assert any(g.result and g.result.is_forfeit for r in swiss.rounds for g in r.games)
    assert any(p.joins > 1 for p in swiss.players)
    assert any(p.withdrawn_after for p in swiss.players)
    team = load_tournament(ROOT / "examples" / "team-league")
    assert len(team.teams) == 12 and team.settings.team.boards == 4
    rr = load_tournament(ROOT / "examples" / "club-championship")
    assert len(rr.players) == 6
    club = load_club(ROOT / "examples" / "club-league")
    assert len(club.tournaments) == 4 and club.series[0].best == 5
    finalized = [
        name
        for name, _ in club.tournaments
        if (ROOT / "examples" / "club-league" / name / "final.yaml").is_file()
    ]
    assert finalized == ["rapid-00", "rapid-01", "rapid-02"]  # a rating history over three
    # members supply the name and the club rating of the time control
    first = club.tournaments[0][1].players[0]
    assert first.name == club.members[0].name
    assert (
        first.club_rating
        == dict(club.members[0].ratings)[club.tournaments[0][1].settings.rating_period]
    )


def test_new_with_repo_writes_the_publishing_workflow(tmp_path: Path) -> None:
    folder = tmp_path / "open"
    code, _, err = run("new", str(folder), "--format", "swiss", "--repo")
    assert code == 0, err
    workflow = (tmp_path / ".github" / "workflows" / "tourney.yml").read_text(encoding="utf-8")
    assert "deploy-pages" in workflow and "make check" in workflow
    assert (tmp_path / "Makefile").is_file() and (tmp_path / ".gitignore").is_file()
    assert run("check", str(folder))[0] == 0


def test_check_lists_the_approval_queue_and_pair_leaves_it_out(tmp_path: Path) -> None:
    folder = tmp_path / "open"
    assert run("new", str(folder), "--format", "swiss")[0] == 0
    players = folder / "players.yaml"
    text = players.read_text(encoding="utf-8").replace(
        'name: "Meijer, Bram", rating: 1541,',
        'name: "Meijer, Bram", rating: 1541, approved: false,',
    )
    players.write_text(text, encoding="utf-8")
    code, out, _ = run("check", str(folder))
    assert code == 0
    assert "1 sign-up(s) awaiting approval: Meijer, Bram (p13)" in out
    assert run("pair", str(folder))[0] == 0
    from tourney.load.folder import load_tournament

    rnd = load_tournament(folder).rounds[0]
    assert all("p13" not in (g.white, g.black) for g in rnd.games)
    assert len(rnd.games) == 7 and [b.participant for b in rnd.byes] != ["p13"]
