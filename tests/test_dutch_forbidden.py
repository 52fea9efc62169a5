"""Forbidden pairings for players (docs/teams.md "Keeping players apart"; not C.04.3 itself).

A rule is handed to the Dutch system as if the two had met (C.04.3 C1); a wish only
decides between pairings the rules rank equal. Cases worked by hand on four players
p1-p4 rated 2400-2100 in round 1: without rules S1 = {1, 2} plays S2 = {3, 4} in
order, 1-3 and 2-4, and E.5 gives 1 (odd) White and 2 (even) Black.
"""

from __future__ import annotations

import re
from pathlib import Path

import builders
import pytest
from click.testing import CliRunner

from tourney.check.forbidden import no_club_warnings
from tourney.cli import cli
from tourney.engine.pair import PairingError, pair_round, swiss_pairing
from tourney.engine.pairing.dutch import NoPairing, pair_dutch
from tourney.engine.pairing.swiss_state import state_from_tournament
from tourney.load.folder import load_tournament
from tourney.model import (
    Colour,
    ForbiddenPairing,
    Format,
    Game,
    Player,
    Result,
    Round,
    RoundWindow,
    RuleStrength,
    Settings,
    Team,
    Tournament,
)

NATURAL = {("p1", "p3"), ("p4", "p2")}
TRANSPOSED = {("p1", "p4"), ("p3", "p2")}  # C1 on 1-3: the next transposition, 1-4 2-3


def event(*rules: ForbiddenPairing, clubs: tuple[str, ...] = ("", "", "", "")) -> Tournament:
    players = tuple(
        Player(id=f"p{k}", name=f"P{k}", rating=2500 - 100 * k, club=clubs[k - 1])
        for k in range(1, 5)
    )
    return builders.event(players=players, name="t", initial_colour=Colour.WHITE, forbidden=rules)


def pairs(t: Tournament, round_no: int = 1) -> set[tuple[str, str]]:
    return set(swiss_pairing(t, round_no).pairs)


def group(*ids: str, **kw: object) -> ForbiddenPairing:
    return ForbiddenPairing(teams=False, members=ids, **kw)  # type: ignore[arg-type]


def test_without_rules_round_one_is_top_half_against_bottom_half() -> None:
    assert pairs(event()) == NATURAL


def test_rule_acts_as_if_the_players_had_met() -> None:
    assert pairs(event(group("p1", "p3"))) == TRANSPOSED


def test_wish_decides_between_otherwise_equal_pairings() -> None:
    assert pairs(event(group("p1", "p3", strength=RuleStrength.WISH))) == TRANSPOSED


def test_wish_gives_way_when_it_cannot_be_kept() -> None:
    # every pairing of p1 breaks the wish: the round is paired as without it
    wish = group("p1", "p2", "p3", "p4", strength=RuleStrength.WISH)
    assert pairs(event(wish)) == NATURAL


def test_rule_outside_its_round_window_does_not_apply() -> None:
    rule = group("p1", "p3", rounds=RoundWindow(2, 3))
    assert pairs(event(rule)) == NATURAL
    assert state_from_tournament(event(rule), 2).forbidden == {frozenset((1, 3))}
    assert state_from_tournament(event(rule), 4).forbidden == frozenset()


def test_same_club_ignores_case_and_edge_spaces() -> None:
    rule = ForbiddenPairing(teams=False, same_club=True)
    assert pairs(event(rule, clubs=("Ajax", "", " ajax ", ""))) == TRANSPOSED


def test_players_with_no_club_are_never_grouped() -> None:
    rule = ForbiddenPairing(teams=False, same_club=True)
    # p2 and p4 have no club: nothing keeps them apart, 2-4 stands
    assert pairs(event(rule, clubs=("A", "", "B", ""))) == NATURAL


# -- a round the rules leave unpairable ---------------------------------------------


BLOCKING = (
    group("p1", "p2", "p3"),  # 1-2, 1-3, 2-3: p4 takes one, two of them are left
    group("p1", "p4"),
    group("p2", "p4", strength=RuleStrength.WISH),
)


def test_unpairable_round_names_the_rules_and_the_one_to_lift() -> None:
    state = state_from_tournament(event(*BLOCKING), 1)
    with pytest.raises(NoPairing) as raised:
        pair_dutch(state)
    # lifting #2 alone leaves the group of three, still unpairable; lifting #1 alone
    # leaves only 1-4 forbidden: 1-3 2-4 pairs
    assert raised.value.lifting_helps == ("forbidden #1 (players: p1, p2, p3)",)
    message = str(raised.value)
    assert "forbidden #1 (players: p1, p2, p3)" in message
    assert "forbidden #2 (players: p1, p4)" in message
    assert "#3" not in message  # a wish never blocks a round


def test_pair_round_message_says_which_rule_to_lift() -> None:
    with pytest.raises(PairingError) as raised:
        pair_round(event(*BLOCKING), 1)
    assert "round 1 cannot be paired" in str(raised.value)
    assert (
        "lifting one of these rules alone would let it through: "
        "forbidden #1 (players: p1, p2, p3)" in str(raised.value)
    )


def test_rules_are_not_blamed_when_the_round_fails_without_them() -> None:
    # p1 and p2 met in round 1 (C1); a rule on them changes nothing in round 2
    t = event(group("p1", "p2"))
    two = Tournament(
        settings=t.settings,
        players=t.players[:2],
        rounds=(Round(1, games=(Game("p1", "p2", Result.DRAW),)),),
    )
    with pytest.raises(NoPairing) as raised:
        pair_dutch(state_from_tournament(two, 2))
    assert raised.value.lifting_helps == ()
    assert "forbidden" not in str(raised.value)


def test_window_is_part_of_the_rule_name() -> None:
    state = state_from_tournament(event(group("p1", "p3", rounds=RoundWindow(1, 3))), 1)
    assert [name for name, _ in state.forbidden_rules] == [
        "forbidden #1 (players: p1, p3, rounds 1-3)"
    ]


# -- the pair command and tourney check ------------------------------------------------


def _folder(tmp_path: Path, rules: str) -> Path:
    folder = tmp_path / "event"
    assert CliRunner().invoke(cli, ["new", str(folder), "--format", "swiss"]).exit_code == 0
    path = folder / "tournament.yaml"
    path.write_text(path.read_text(encoding="utf-8") + rules, encoding="utf-8")
    return folder


def test_pair_command_writes_nothing_and_names_the_rule(tmp_path: Path) -> None:
    ids = ", ".join(f"p{k}" for k in range(1, 11))  # ten of sixteen may not meet
    folder = _folder(tmp_path, f"forbidden:\n  - {{players: [{ids}]}}\n")
    result = CliRunner().invoke(cli, ["pair", str(folder)])
    assert result.exit_code == 3, result.output
    assert "forbidden #1 (players: p1, p2" in result.output
    assert "lifting one of these rules alone would let it through: forbidden #1" in (result.output)
    assert not (folder / "rounds" / "01.yaml").exists()


def test_pair_command_pairs_around_a_rule(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "forbidden:\n  - {players: [p1, p9]}\n")
    result = CliRunner().invoke(cli, ["pair", str(folder)])
    assert result.exit_code == 0, result.output
    games = load_tournament(folder).rounds[0].games
    assert all({g.white, g.black} != {"p1", "p9"} for g in games)


def test_check_warns_about_players_without_a_club(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "forbidden:\n  - {same_club: players}\n")
    path = folder / "players.yaml"
    text = path.read_text(encoding="utf-8")
    for ident in ("p1", "p2"):
        text = text.replace(f"{{id: {ident}, ", f"{{id: {ident}, club: Ajax, ")
    path.write_text(text, encoding="utf-8")
    t = load_tournament(folder)
    assert [p.club for p in t.players[:3]] == ["Ajax", "Ajax", ""]
    missing = [p.id for p in t.players if not p.club.strip()]
    warnings = no_club_warnings(t, folder)
    assert [re.search(r"player (\S+)", w.message).group(1) for w in warnings] == missing  # type: ignore[union-attr]
    assert all(w.severity == "warning" for w in warnings)
    text = (folder / "players.yaml").read_text(encoding="utf-8").splitlines()
    for w in warnings:
        assert w.file.endswith("players.yaml") and w.line > 0
        assert re.search(rf"\bid: {w.message.split()[1]}\b", text[w.line - 1])


def test_check_is_silent_without_a_same_club_rule() -> None:
    assert no_club_warnings(event(group("p1", "p2"))) == []
    assert no_club_warnings(event(ForbiddenPairing(teams=False, same_club=True))) != []


def test_check_lists_teams_without_a_club() -> None:
    settings = Settings(
        name="t",
        format=Format.TEAM_SWISS,
        rounds=5,
        forbidden=(ForbiddenPairing(teams=True, same_club=True),),
    )
    t = Tournament(
        settings=settings,
        teams=(Team("a", "A", club="Club"), Team("b", "B"), Team("c", "C", club=" ")),
    )
    warnings = no_club_warnings(t)
    assert [w.message.split()[1] for w in warnings] == ["b", "c"]
    assert all(w.file == "teams.yaml" for w in warnings)
