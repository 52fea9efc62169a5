"""Registration and closure (docs/folder-format.md "Registration", docs/finalize.md, issue 27
item 3): new players only inside the registration window and before the last round,
and no write at all to a finalized tournament except a recorded correction.

The event: 4 players, 2 rounds, both paired and played:
  1: a-b 1-0, c-d ½-½    2: a-c ½-½, d-b 1-0
"""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import group, runner

from tourney.cli import check as check_cli
from tourney.cli import finalize as finalize_cli
from tourney.cli import pair as pair_cli
from tourney.cli import player as player_cli
from tourney.cli import signup as signup_cli
from tourney.errors import InvalidInput
from tourney.load.folder import read_tournament

SETTINGS = "name: Club night\nformat: swiss\nrounds: 2\n"
PLAYERS = """\
- {id: a, name: "Aal, Anna", rating: 1900}
- {id: b, name: "Beek, Bert", rating: 1800}
- {id: c, name: "Cats, Carl", rating: 1700}
- {id: d, name: "Dam, Dirk", rating: 1600}
"""
R1 = "boards:\n  - {white: a, black: b, result: 1-0}\n  - {white: c, black: d, result: ½-½}\n"
R2 = "boards:\n  - {white: a, black: c, result: ½-½}\n  - {white: d, black: b, result: 1-0}\n"
FORM = "### Tournament\n\nnight\n\n### Name\n\nLaat, Lotte\n"

run = runner(
    group(
        player_cli.group,
        signup_cli.command,
        finalize_cli.command,
        check_cli.command,
        pair_cli.command,
    )
)


def night(tmp_path: Path, settings: str = SETTINGS, rounds: tuple[str, ...] = (R1, R2)) -> Path:
    folder = tmp_path / "night"
    (folder / "rounds").mkdir(parents=True)
    (folder / "tournament.yaml").write_text(settings, "utf-8")
    (folder / "players.yaml").write_text(PLAYERS, "utf-8")
    for number, text in enumerate(rounds, start=1):
        (folder / "rounds" / f"{number:02d}.yaml").write_text(text, "utf-8")
    (tmp_path / "form.md").write_text(FORM, "utf-8")
    return folder


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}  # fmt: skip


def test_no_entry_after_the_last_round(tmp_path: Path) -> None:
    # Before: added with `joins: 3` in a 2-round event, standing in the standings with
    # no game. Now E252, pointing at 'rounds:' (line 3), nothing written.
    folder = night(tmp_path)
    before = files(folder)
    code, _, err = run("player", "add", folder, "Laat, Lotte")
    assert code == 3
    assert "night/tournament.yaml:3: error E252: Laat, Lotte would join in round 3, but " in err
    assert "the tournament has 2 rounds" in err
    code, _, err = run("signup", folder, "--from", tmp_path / "form.md")
    assert code == 3 and "E252" in err
    assert files(folder) == before


def test_a_player_written_to_join_after_the_last_round_is_warned_about(tmp_path: Path) -> None:
    folder = night(tmp_path)
    with (folder / "players.yaml").open("a", encoding="utf-8") as players:
        players.write('- {id: e, name: "Laat, Lotte", joins: 3}\n')
    code, _, err = run("check", folder)
    assert code == 0
    assert "players.yaml:5:3: warning W250: Laat, Lotte (e) joins in round 3, but the " in err


@pytest.mark.parametrize(
    ("window", "accepted"),
    [("open", True), ("until round 2", True), ("until round 1", False), ("closed", False)],
)
def test_the_registration_window(tmp_path: Path, window: str, accepted: bool) -> None:
    # Round 1 paired and played: a new player joins round 2.
    folder = night(tmp_path, SETTINGS + f"registration: {window}\n", rounds=(R1,))
    before = files(folder)
    code, _, err = run("signup", folder, "--from", tmp_path / "form.md")
    if accepted:
        assert code == 0, err
        assert (folder / "players.yaml").read_text("utf-8") == PLAYERS + (
            '- {id: p5, name: "Laat, Lotte", joins: 2, approved: true}\n'
        )
        return
    assert code == 3
    assert files(folder) == before
    if window == "closed":
        assert "night/tournament.yaml:4: error E251: registration is closed, so Laat, Lotte " in err
    else:
        assert (
            "night/tournament.yaml:4: error E251: registration is open until round 1, so Laat, "
            "Lotte cannot join in round 2"
        ) in err
    code, _, err = run("player", "add", folder, "Laat, Lotte")
    assert code == 3 and "E251" in err and files(folder) == before


def test_registration_before_round_1(tmp_path: Path) -> None:
    folder = night(tmp_path, SETTINGS + "registration: until round 1\n", rounds=())
    code, _, err = run("player", "add", folder, "Laat, Lotte")
    assert code == 0, err
    assert (folder / "players.yaml").read_text("utf-8").endswith('name: "Laat, Lotte"}\n')


def test_a_registration_value_that_is_not_understood(tmp_path: Path) -> None:
    folder = night(tmp_path, SETTINGS + "registration: until 3\n")
    with pytest.raises(InvalidInput) as raised:
        read_tournament(folder)
    (found,) = raised.value.diagnostics
    assert (found.code, found.line) == ("E122", 4)
    assert "registration cannot be 'until 3'" in found.message


@pytest.mark.parametrize(
    ("args", "command"),
    [
        (("player", "withdraw", "{f}", "b"), "`tourney player withdraw`"),
        (("player", "rating", "{f}", "a", "2000"), "`tourney player rating`"),
        (("player", "bye", "{f}", "a", "2"), "`tourney player bye`"),
        (("player", "absent", "{f}", "a", "2"), "`tourney player absent`"),
        (("player", "add", "{f}", "Laat, Lotte"), "`tourney player add`"),
        (("signup", "{f}", "--from", "{form}"), "the sign-up of Laat, Lotte"),
        (("pair", "{f}"), "pairing"),
    ],
)
def test_a_finalized_tournament_refuses_every_writer(
    tmp_path: Path, args: tuple[str, ...], command: str
) -> None:
    # Before: withdraw, rating and signup wrote to players.yaml of a finalized event,
    # and `check` then said W220 "a result was changed", which was false.
    folder = night(tmp_path)
    code, _, err = run("finalize", folder, "--yes", "--end-date", "2026-10-01")
    assert code == 0, err
    before = files(folder)
    given = [a.format(f=folder, form=tmp_path / "form.md") for a in args]
    code, _, err = run(*given)
    assert code == 3
    assert f"night/final.yaml: error E250: the tournament is finalized, so {command} is " in err
    assert files(folder) == before
    code, out, err = run("check", folder)
    assert code == 0 and "W220" not in out + err


def test_a_finalized_team_event_refuses_the_teams_commands(tmp_path: Path) -> None:
    from test_teams_cli import folder
    from test_teams_cli import run as teams

    path = folder(tmp_path, rounds=2)
    (path / "final.yaml").write_text("format: 1\n", "utf-8")  # what finalize leaves
    before = files(path)
    code, _, err = teams("remove", path, "t4", "--after", "2")
    assert code == 3 and "error E250: the tournament is finalized, so changing the teams" in err
    assert files(path) == before


def test_which_tournaments_take_entries(tmp_path: Path) -> None:
    # For the sign-up form's list of open tournaments (tourney.edit.closed.takes_entries).
    from tourney.edit.closed import takes_entries

    cases = {
        "open, round 2 to come": (SETTINGS, (R1,), True),
        "closed": (SETTINGS + "registration: closed\n", (), False),
        "until round 1, round 1 paired": (SETTINGS + "registration: until round 1\n", (R1,), False),
        "every round paired": (SETTINGS, (R1, R2), False),
    }
    for number, (case, (settings, rounds, expected)) in enumerate(cases.items()):
        folder = night(tmp_path / str(number), settings, rounds)
        assert takes_entries(folder, read_tournament(folder)[0]) is expected, case
    folder = night(tmp_path / "final")
    assert run("finalize", folder, "--yes", "--end-date", "2026-10-01")[0] == 0
    (folder / "rounds" / "02.yaml").unlink()  # a round left, but finalized
    assert takes_entries(folder, read_tournament(folder)[0]) is False
