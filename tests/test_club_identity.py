"""One identity per person in a club folder (docs/series.md "Who is who", issue 27 item 2).

The club has 25 members, m1 .. m25. Club night 1 is a 3-round Swiss of members m1, m2
and m3 and one guest added with `tourney player add`. Before the fix the guest got the
id after the highest id in players.yaml (m4), the id of a member who did not play, and
the series, which matched players by id, gave that member the guest's 3rd place.

The rounds (hand-written, no rematch):
  1: m1-m2 1-0, guest-m3 1-0    2: m1-guest 1-0, m2-m3 1-0    3: m1-m3 1-0, m2-guest 1-0
Scores: m1 3, m2 2, guest 1, m3 0: four distinct places, so with the series table
25, 18, 15, 12 the places score m1 25, m2 18, guest 15, m3 12, and no one else scores.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from builders import group, runner

from tourney.cli import check as check_cli
from tourney.cli import finalize as finalize_cli
from tourney.cli import player as player_cli
from tourney.cli import ratings as ratings_cli
from tourney.cli import series as series_cli
from tourney.cli import signup as signup_cli
from tourney.errors import InvalidInput
from tourney.load.folder import load_tournament, read_tournament

MEMBERS = "".join(
    f'- {{id: m{k}, name: "Member{k:02d}, Mia", ratings: {{rapid: {2100 - 10 * k}}}, '
    f"rated_games: {{rapid: 40}}, fide_id: {1000 + k}}}\n"
    for k in range(1, 26)
)
CLUB = (
    "name: Schaakclub De Toren\nseries:\n  - id: gp\n    name: Grand Prix\n"
    "    tournaments: [night-1]\n    points: [25, 18, 15, 12]\n"
)
SETTINGS = "name: Club night 1\nformat: swiss\nrounds: 3\nrating_period: rapid\n"
PLAYERS = "- {member: m1}\n- {member: m2}\n- {member: m3}\n"

run = runner(
    group(
        player_cli.group,
        series_cli.command,
        check_cli.command,
        finalize_cli.command,
        ratings_cli.command,
        signup_cli.command,
    )
)


def club(tmp_path: Path) -> Path:
    root = tmp_path / "club"
    (root / "night-1" / "rounds").mkdir(parents=True)
    (root / "club.yaml").write_text(CLUB, "utf-8")
    (root / "members.yaml").write_text(MEMBERS, "utf-8")
    (root / "night-1" / "tournament.yaml").write_text(SETTINGS, "utf-8")
    (root / "night-1" / "players.yaml").write_text(PLAYERS, "utf-8")
    return root


def play(event: Path, guest: str) -> None:
    rounds = [
        [("m1", "m2", "1-0"), (guest, "m3", "1-0")],
        [("m1", guest, "1-0"), ("m2", "m3", "1-0")],
        [("m1", "m3", "1-0"), ("m2", guest, "1-0")],
    ]
    for number, boards in enumerate(rounds, start=1):
        lines = "".join(f"  - {{white: {w}, black: {b}, result: {r}}}\n" for w, b, r in boards)
        (event / "rounds" / f"{number:02d}.yaml").write_text(f"boards:\n{lines}", "utf-8")


def added_id(event: Path) -> str:
    last = (event / "players.yaml").read_text("utf-8").splitlines()[-1]
    return last.split("id: ", 1)[1].split(",", 1)[0]


def test_a_guest_never_scores_for_the_member_whose_id_it_would_have_had(tmp_path: Path) -> None:
    root = club(tmp_path)
    event = root / "night-1"
    code, out, err = run("player", "add", event, "Gast, Gerrit")
    assert code == 0, err
    guest = added_id(event)
    play(event, guest)
    code, out, err = run("check", root)
    assert code == 0, out + err
    code, out, err = run("series", root, "gp", "--format", "json")
    assert code == 0, err
    rows = [(r["rank"], r["id"], r["name"], r["total"]) for r in json.loads(out)[0]["rows"]]
    # before: (3, "m4", "Member04, Mia", "15"): a member who never played, 3rd
    assert rows == [
        (1, "m1", "Member01, Mia", "25"),
        (2, "m2", "Member02, Mia", "18"),
        (3, f"night-1/{guest}", "Gast, Gerrit", "15"),
        (4, "m3", "Member03, Mia", "12"),
    ]
    assert guest == "g1"  # the guests' own space, not m4 (a member who is not playing)


def test_a_guest_under_a_member_id_is_refused_by_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The folder the old `player add` left behind: the guest under m4's id.
    root = club(tmp_path)
    event = root / "night-1"
    players = PLAYERS + '- {id: m4, name: "Gast, Gerrit"}\n'
    (event / "players.yaml").write_text(players, "utf-8")
    play(event, "m4")
    with pytest.raises(InvalidInput) as raised:
        read_tournament(event)
    (found,) = [d for d in raised.value.diagnostics if d.code == "E135"]
    assert found.line == 4 and found.severity == "error"
    assert "not a club member but has the id of member 'm4' (Member04, Mia)" in found.message
    assert "write 'member: m4'" in found.hint and "g1, g2" in found.hint
    monkeypatch.chdir(tmp_path)  # the example of docs/diagnostics.md E135
    code, _, err = run("check", "club")
    assert code == 1
    assert (
        "club/night-1/players.yaml:4:8: error E135: player 'm4' is not a club member but has "
        "the id of member 'm4' (Member04, Mia) in members.yaml"
    ) in err.splitlines()


def test_a_player_of_one_member_under_another_members_id_is_refused(tmp_path: Path) -> None:
    root = club(tmp_path)
    event = root / "night-1"
    (event / "players.yaml").write_text(PLAYERS + "- {id: m5, member: m6}\n", "utf-8")
    with pytest.raises(InvalidInput) as raised:
        read_tournament(event)
    assert [d.code for d in raised.value.diagnostics] == ["E135"]
    assert (
        "member 'm6' but has the id of another member, 'm5'" in raised.value.diagnostics[0].message
    )


def test_player_add_member_takes_the_member_from_members_yaml(tmp_path: Path) -> None:
    event = club(tmp_path) / "night-1"
    code, out, err = run("player", "add", event, "--member", "m7")
    assert code == 0, err
    assert (event / "players.yaml").read_text("utf-8") == PLAYERS + "- {member: m7}\n"
    assert "Member07, Mia added as club member m7" in out
    player = load_tournament(event).player("m7")
    assert (player.name, player.club_rating, player.fide_id) == ("Member07, Mia", 2030, "1007")
    code, _, err = run("player", "add", event, "--member", "m7")
    assert code == 3 and "Member07, Mia is already in players.yaml as m7" in err
    code, _, err = run("player", "add", event, "--member", "m77")
    assert code == 3 and "no club member 'm77'" in err


def test_adding_a_members_exact_name_adds_the_member_with_a_note(tmp_path: Path) -> None:
    event = club(tmp_path) / "night-1"
    code, out, err = run("player", "add", event, "Mia Member08")  # either order
    assert code == 0, err
    assert "note: Mia Member08 is club member m8 (Member08, Mia): added as the member" in out
    assert (event / "players.yaml").read_text("utf-8").endswith("- {member: m8}\n")
    # --guest: another person of that name, a guest with a guest's id
    code, out, err = run("player", "add", event, "Member08, Mia", "--guest")
    assert code == 0, err
    assert (
        (event / "players.yaml").read_text("utf-8").endswith('- {id: g1, name: "Member08, Mia"}\n')
    )


def test_a_guest_cannot_take_a_member_id_by_hand(tmp_path: Path) -> None:
    event = club(tmp_path) / "night-1"
    code, _, err = run("player", "add", event, "Gast, Gerrit", "--id", "m4")
    assert code == 3 and "the id m4 is club member Member04, Mia's" in err
    assert (event / "players.yaml").read_text("utf-8") == PLAYERS


def test_a_name_not_written_last_first_is_warned_about(tmp_path: Path) -> None:
    event = club(tmp_path) / "night-1"
    code, out, err = run("player", "add", event, "Gerrit Gast")
    assert "g1" in out
    assert code == 0
    assert "warning W135: 'Gerrit Gast' is not written 'Last, First'" in err
    code, _, err = run("player", "add", event, "Gast, Greta")
    assert code == 0 and "W135" not in err


def test_a_signup_of_a_member_adds_the_member(tmp_path: Path) -> None:
    root = club(tmp_path)
    form = "### Tournament\n\nnight-1\n\n### Name\n\nMember09, Mia\n\n### FIDE ID\n\n1009\n"
    (tmp_path / "form.md").write_text(form, "utf-8")
    code, _, err = run("signup", root / "night-1", "--from", tmp_path / "form.md")
    assert code == 0, err
    assert (
        (root / "night-1" / "players.yaml")
        .read_text("utf-8")
        .endswith("- {member: m9, approved: true}\n")
    )


def test_club_ratings_follow_member_only(tmp_path: Path) -> None:
    # The guest plays and is finalized with the members, but only members are rated.
    root = club(tmp_path)
    event = root / "night-1"
    code, _, err = run("player", "add", event, "Gast, Gerrit")
    assert code == 0, err
    play(event, "g1")
    code, out, err = run("finalize", event, "--yes", "--end-date", "2026-10-01")
    assert code == 0, out + err
    code, out, err = run("ratings", root, "--format", "json")
    assert code == 0, err
    changes = json.loads(out)["tournaments"][0]["changes"]
    assert sorted(c["id"] for c in changes) == ["m1", "m2", "m3"]


def test_the_club_site_series_matches_members_only(tmp_path: Path) -> None:
    # The site's series table (render/site/club.py) follows the same rule as the command:
    # night-1's guest g1 (Gast, Gerrit) and night-2's guest g1 (Anders, Anna) are two
    # people. Before, the site added them up under one row named after the last event.
    from tourney.engine.standings import standings
    from tourney.load.folder import load_club
    from tourney.render.site.club import series_table

    root = club(tmp_path)
    (root / "club.yaml").write_text(CLUB.replace("[night-1]", "[night-1, night-2]"), "utf-8")
    for name, guest in (("night-1", "Gast, Gerrit"), ("night-2", "Anders, Anna")):
        event = root / name
        (event / "rounds").mkdir(parents=True, exist_ok=True)
        (event / "tournament.yaml").write_text(SETTINGS, "utf-8")
        (event / "players.yaml").write_text(PLAYERS + f'- {{id: g1, name: "{guest}"}}\n', "utf-8")
        play(event, "g1")
    loaded = load_club(root)
    events = dict(loaded.tournaments)
    results = {name: standings(t) for name, t in events.items()}
    table = series_table(loaded.series[0], events, results)
    rows = [(r.rank, r.name, r.total) for r in table.rows]
    # each night: m1 25, m2 18, the guest 15, m3 12
    assert rows == [
        ("1", "Member01, Mia", "50"),
        ("2", "Member02, Mia", "36"),
        ("3", "Member03, Mia", "24"),
        ("4", "Gast, Gerrit", "15"),  # tied: in the order of `tourney series` (by id:
        ("4", "Anders, Anna", "15"),  # night-1/g1 before night-2/g1), issue 32
    ]


def test_a_signup_of_a_guest_gets_a_guest_id(tmp_path: Path) -> None:
    # Before: numbered after the ids in players.yaml, m4: a member who is not playing.
    root = club(tmp_path)
    form = "### Tournament\n\nnight-1\n\n### Name\n\nGast, Gerrit\n\n### FIDE rating\n\n1650\n"
    (tmp_path / "form.md").write_text(form, "utf-8")
    code, _, err = run("signup", root / "night-1", "--from", tmp_path / "form.md")
    assert code == 0, err
    assert (root / "night-1" / "players.yaml").read_text("utf-8") == PLAYERS + (
        '- {id: g1, name: "Gast, Gerrit", rating: 1650, approved: true}\n'
    )


def test_the_member_joins_after_a_guest_without_a_clash(tmp_path: Path) -> None:
    # Before: the guest had taken m4, and adding member m4 later was E131 (id given twice).
    event = club(tmp_path) / "night-1"
    assert run("player", "add", event, "Gast, Gerrit")[0] == 0
    code, _, err = run("player", "add", event, "--member", "m4")
    assert code == 0, err
    assert (event / "players.yaml").read_text("utf-8") == PLAYERS + (
        '- {id: g1, name: "Gast, Gerrit"}\n- {member: m4}\n'
    )
