"""Settings fixed once round 1 is paired (docs/teams.md, setting up steps 4 and 6, "Line-ups"; C.04.6 1.2.1)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from tourney.check.settings_lock import lock_diagnostics
from tourney.edit import settings_lock
from tourney.edit.rounds import write_round
from tourney.edit.settings_lock import LOCK_FILE, record_lock
from tourney.engine.pair import pair_round
from tourney.load.folder import load_tournament
from tourney.model import Tournament

SETTINGS = """\
name: Lock Cup
format: team-swiss
rounds: 5
initial_colour: white
scoring:
  match_win: 2
  match_draw: 1
  primary: mp
teams:
  boards: 2
  board_order: fixed
"""


def folder(tmp_path: Path, settings: str = SETTINGS) -> Path:
    path = tmp_path / "cup"
    (path / "rounds").mkdir(parents=True)
    (path / "tournament.yaml").write_text(settings, encoding="utf-8")
    ids = [f"p{i}" for i in range(1, 9)]
    (path / "players.yaml").write_text(
        "".join(
            f"- {{id: {p}, name: {p.upper()}, rating: {2400 - 50 * i}}}\n"
            for i, p in enumerate(ids)
        ),
        encoding="utf-8",
    )
    (path / "teams.yaml").write_text(
        "".join(
            f"- {{id: t{k}, name: Team {k}, roster: [{ids[2 * k - 2]}, {ids[2 * k - 1]}]}}\n"
            for k in range(1, 5)
        ),
        encoding="utf-8",
    )
    return path


def pair_round_1(path: Path) -> Path | None:
    """What `tourney pair` does for round 1, with the lock call the maintainer wires in."""
    t = load_tournament(path)
    write_round(t, path, pair_round(t, 1))
    return record_lock(path, load_tournament(path), [1])


def edit(path: Path, old: str, new: str) -> None:
    file = path / "tournament.yaml"
    text = file.read_text(encoding="utf-8")
    assert old in text
    file.write_text(text.replace(old, new), encoding="utf-8")


def unchecked(path: Path) -> Tournament:
    """The folder as the loader reads it (the lock is a check of the validate stage)."""
    return load_tournament(path)


def test_validation_refuses_a_changed_locked_setting(tmp_path: Path) -> None:
    from tourney.check.validate import validate
    from tourney.errors import InvalidInput

    path = folder(tmp_path)
    pair_round_1(path)
    edit(path, "match_win: 2", "match_win: 3")
    with pytest.raises(InvalidInput) as caught:
        validate(path).folder()
    assert [d.message.split(",")[0] for d in caught.value.errors] == ["scoring: match_win is 3"]
    assert [d.code for d in caught.value.errors] == ["E230"]


def test_pairing_round_1_records_the_settings(tmp_path: Path) -> None:
    path = folder(tmp_path)
    assert pair_round_1(path) == path / LOCK_FILE
    text = (path / LOCK_FILE).read_text(encoding="utf-8")
    assert "teams:\n  boards: 2\n  board_order: fixed\n" in text
    assert "  match_win: 2\n  match_draw: 1\n  match_loss: 0\n" in text
    assert "  draw: 0.5\n" in text and "  primary: mp\n" in text
    assert lock_diagnostics(path, unchecked(path)) == []
    # Later rounds do not write it; an individual event never does.
    assert record_lock(path, load_tournament(path), [2]) is None


def test_changed_match_points_are_an_error_naming_both_files(tmp_path: Path) -> None:
    path = folder(tmp_path)
    pair_round_1(path)
    edit(path, "match_win: 2", "match_win: 3")
    found = lock_diagnostics(path, unchecked(path), lambda p: p.name)
    assert len(found) == 1
    d = found[0]
    assert (d.file, d.line, d.severity) == ("tournament.yaml", 6, "error")
    lock_line = (path / LOCK_FILE).read_text(encoding="utf-8").splitlines().index("  match_win: 2")
    assert (
        f"scoring: match_win is 3, but it was 2 when round 1 was paired (locked.yaml:{lock_line + 1})"
        in d.message
    )
    assert "in FIDE mode it cannot change" in d.message
    assert d.hint == "set 'match_win: 2' under 'scoring:' again"


def test_every_locked_setting_is_checked(tmp_path: Path) -> None:
    path = folder(tmp_path)
    pair_round_1(path)
    edit(path, "primary: mp", "primary: gp")
    edit(path, "board_order: fixed", "board_order: chosen")
    edit(path, "teams:\n", "teams:\n  lineups: free\n")  # not locked
    # A setting absent from tournament.yaml points at its section's line.
    edit(path, "scoring:\n", "scoring:\n  draw: 1\n")
    found = {d.message.split(" is ")[0]: d for d in lock_diagnostics(path, unchecked(path))}
    assert set(found) == {"scoring: primary", "teams: board_order", "scoring: draw"}
    assert all(d.severity == "error" for d in found.values())


def test_boards_are_fixed_in_every_mode_the_rest_only_in_fide_mode(tmp_path: Path) -> None:
    path = folder(tmp_path, SETTINGS + "fide_mode: false\n")
    pair_round_1(path)
    edit(path, "match_win: 2", "match_win: 3")
    edit(path, "boards: 2", "boards: 3")
    found = {d.message.split(" is ")[0]: d for d in lock_diagnostics(path, unchecked(path))}
    assert found["teams: boards"].severity == "error"
    assert (
        "it cannot change once round 1 is paired (docs/teams.md, setting up step 4)"
        in found["teams: boards"].message
    )
    assert found["scoring: match_win"].severity == "warning"


def test_nothing_is_checked_before_round_1_is_paired(tmp_path: Path) -> None:
    path = folder(tmp_path)
    pair_round_1(path)
    (path / "rounds" / "01.yaml").unlink()
    edit(path, "match_win: 2", "match_win: 3")
    assert lock_diagnostics(path, unchecked(path)) == []


def test_doctests() -> None:
    from tourney.load import locked

    assert doctest.testmod(settings_lock).failed == 0
    assert doctest.testmod(locked).attempted > 0 and doctest.testmod(locked).failed == 0
