"""The club rules' tie-breaks (`tiebreaks: club`), every value worked by hand from the rule text.

The rule (docs/tiebreaks.md "Profiles"): points, Buchholz, Sonneborn-Berger,
direct encounter, wins, pairing number; round robins skip Buchholz. Buchholz
is the sum of the opponents' scores, a bye round counting a virtual opponent
with the player's own score; Sonneborn-Berger adds the full score of everyone
beaten and half the score of everyone drawn, byes and no-contests add nothing;
direct encounter only inside a fully tied group whose players met equally often
and whose results separate them all; byes never count as wins.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from builders import event, rnd, team_event

from tourney.engine.standings import standings
from tourney.engine.tiebreaks import make_context, parse_descriptor
from tourney.engine.tiebreaks.club import direct_encounter
from tourney.engine.tiebreaks.registry import defaults
from tourney.model import Format, PrimaryScore, Scoring, TiebreakRules

F = Fraction


def swiss() -> object:
    """Five players, three rounds: a PAB each round, a no-contest, a draw with the bye-holder.

    Scores (win 1, draw ½, PAB 1): A 1½, B 2, C ½, D 1½, E 2½.
    """
    return event(
        rnd(1, "A-B 1", "C-D =", "E bye"),
        rnd(2, "A-C 0-0", "D-E 0", "B bye"),
        rnd(3, "E-A =", "B-C 1", "D bye"),
        players="ABCDE",
        planned=3,
        tiebreak_rules=TiebreakRules.C07_2026,
    )


def values(t: object, codes: str) -> dict[str, tuple[Fraction | None, ...]]:
    result = standings(t, tiebreaks=codes)  # type: ignore[arg-type]
    return {row.participant: row.values for row in result.rows}


def test_profile_orders() -> None:
    assert [str(d) for d in defaults(Format.SWISS, "club")] == ["CBH", "CSB", "CDE", "CWIN", "TPN"]
    # round robins skip Buchholz
    assert [str(d) for d in defaults(Format.ROUND_ROBIN, "club")] == ["CSB", "CDE", "CWIN", "TPN"]
    assert str(defaults(Format.DOUBLE_ROUND_ROBIN, "club")[0]) == "CSB"
    # `classic` is the same profile's older name
    assert defaults(Format.SWISS, "classic") == defaults(Format.SWISS, "club")


def test_buchholz_counts_own_score_for_a_bye_by_hand() -> None:
    found = values(swiss(), "CBH")
    # A: B 2 + C ½ (the no-contest is a game) + E 2½ = 5
    assert found["A"] == (F(5),)
    # B: A 1½ + bye round (own score 2) + C ½ = 4
    assert found["B"] == (F(4),)
    # C: D 1½ + A 1½ + B 2 = 5
    assert found["C"] == (F(5),)
    # D: C ½ + E 2½ + bye round (own 1½) = 4½
    assert found["D"] == (F(9, 2),)
    # E: bye round (own 2½) + D 1½ + A 1½ = 5½
    assert found["E"] == (F(11, 2),)


def test_buchholz_differs_from_c07_where_the_bye_holder_scored_above_a_draw() -> None:
    # C.07 2026 (16.4.2) caps E's dummy at a draw in every round, 1½: 1½ + 1½ + 1½ = 4½.
    # The club rule counts E's own 2½ in full.
    found = values(swiss(), "CBH, BH")
    assert found["E"] == (F(11, 2), F(9, 2))


def test_sonneborn_berger_byes_and_no_contests_add_nothing_by_hand() -> None:
    found = values(swiss(), "CSB")
    # A: beat B (2) + no-contest with C (0) + drew E (2½ / 2) = 3¼
    assert found["A"] == (F(13, 4),)
    # B: lost to A, bye (nothing), beat C (½) = ½
    assert found["B"] == (F(1, 2),)
    # C: drew D (1½ / 2) = ¾; no-contest and loss add nothing
    assert found["C"] == (F(3, 4),)
    # D: drew C (½ / 2) = ¼; lost to E; bye nothing
    assert found["D"] == (F(1, 4),)
    # E: bye nothing + beat D (1½) + drew A (1½ / 2) = 2¼
    assert found["E"] == (F(9, 4),)


def test_wins_never_count_a_bye_by_hand() -> None:
    found = values(swiss(), "CWIN, WIN")
    # club wins, then C.07 WIN (which counts the PAB as a win, 7.1)
    assert found["A"] == (F(1), F(1))
    assert found["B"] == (F(1), F(2))
    assert found["C"] == (F(0), F(0))
    assert found["D"] == (F(0), F(1))
    assert found["E"] == (F(1), F(2))


def test_forfeit_is_a_result_against_the_paired_opponent() -> None:
    t = event(rnd(1, "A-B +", "C-D 1"), rnd(2, "A-C 0", "B-D ="), players="ABCD", planned=2)
    found = values(t, "CBH, CSB, CWIN")
    # A: 1 (forfeit win v B) + 0 = 1; B: ½; C: 2; D: ½.
    # A: CBH B ½ + C 2 = 2½; CSB beat B by forfeit: ½; CWIN 1 (the forfeit win)
    assert found["A"] == (F(5, 2), F(1, 2), F(1))
    # B: CBH A 1 + D ½ = 1½; CSB drew D: ¼; no win
    assert found["B"] == (F(3, 2), F(1, 4), F(0))


def test_standings_with_the_club_profile() -> None:
    t = swiss()
    result = standings(t, tiebreaks=defaults(Format.SWISS, "club"))
    # E 2½; B 2; A and D 1½, A ahead on Buchholz (5 against 4½); C ½
    assert [row.participant for row in result.rows] == ["E", "B", "A", "D", "C"]
    assert [row.rank for row in result.rows] == [1, 2, 3, 4, 5]


def round_robin() -> object:
    """Four players, single round robin.

    A-D 1-0, B-C 1-0; C-A 1-0, B-D ½; A-B ½, C-D ½.
    Scores: A ½+0+1 = 1½, B ½+1+½ = 2, C 1+0+½ = 1½, D 0+½+½ = 1.
    """
    return event(
        rnd(1, "A-D 1", "B-C 1"),
        rnd(2, "C-A 1", "B-D ="),
        rnd(3, "A-B =", "C-D ="),
        fmt=Format.ROUND_ROBIN,
        planned=3,
    )


def test_round_robin_skips_buchholz_and_direct_encounter_separates() -> None:
    t = round_robin()
    result = standings(t, tiebreaks=defaults(Format.ROUND_ROBIN, "club"))
    assert [str(d) for d in result.tiebreaks] == ["CSB", "CDE", "CWIN", "TPN"]
    # CSB: A drew B (2 / 2 = 1) + beat D (1) = 2; C beat A (1½) + drew D (1 / 2 = ½) = 2.
    # Tied on points and CSB, A and C met once: C won, so C is first of the two.
    assert result.row("A").values[0] == result.row("C").values[0] == F(2)
    assert result.row("C").values[1] == F(1)
    assert result.row("A").values[1] == F(2)
    assert [row.participant for row in result.rows] == ["B", "C", "A", "D"]


def group_values(t: object, group: list[str]) -> dict[str, Fraction | None]:
    ctx = make_context(t)  # type: ignore[arg-type]
    found = direct_encounter(ctx, parse_descriptor("CDE"), group)
    return {pid: value.value for pid, value in found.items()}


def test_direct_encounter_all_met_once_and_separated() -> None:
    t = event(rnd(1, "A-B 1"), rnd(2, "B-C 1"), rnd(3, "C-A ="), players="ABC", planned=3)
    # among them: A 1 + ½ = 1½, B 0 + 1 = 1, C 0 + ½ = ½: all different
    assert group_values(t, ["A", "B", "C"]) == {"A": F(1), "B": F(2), "C": F(3)}


def test_direct_encounter_partial_group_is_not_applied() -> None:
    # A beat B, B beat C, A and C never met: not every pair met equally often
    t = event(rnd(1, "A-B 1", "C-D 1"), rnd(2, "B-C 1", "A-D 1"), players="ABCD", planned=2)
    assert group_values(t, ["A", "B", "C"]) == {"A": None, "B": None, "C": None}
    # FIDE's C.07 6.3 does separate A here (ahead whatever the missing game gives)
    ctx = make_context(t)
    from tourney.engine.tiebreaks.direct import direct_encounter as fide_de

    fide = fide_de(ctx, parse_descriptor("DE"), ["A", "B", "C"])
    assert fide["A"].value == F(1)


def test_direct_encounter_not_separating_everyone_is_not_applied() -> None:
    # a cycle: A beat B, B beat C, C beat A: 1 each
    t = event(rnd(1, "A-B 1"), rnd(2, "B-C 1"), rnd(3, "C-A 1"), players="ABC", planned=3)
    assert group_values(t, ["A", "B", "C"]) == {"A": None, "B": None, "C": None}
    # two of three separated is not enough: A beat B and C, B and C drew
    t = event(rnd(1, "A-B 1"), rnd(2, "B-C ="), rnd(3, "C-A 0"), players="ABC", planned=3)
    assert group_values(t, ["A", "B", "C"]) == {"A": None, "B": None, "C": None}


def test_direct_encounter_met_unequally_is_not_applied() -> None:
    # A and B met twice, A-C and B-C once
    t = event(
        rnd(1, "A-B 1"), rnd(2, "B-A 1"), rnd(3, "A-C 1"), rnd(4, "B-C ="), players="ABC", planned=4
    )
    assert group_values(t, ["A", "B", "C"]) == {"A": None, "B": None, "C": None}


def test_direct_encounter_no_contest_is_a_meeting() -> None:
    # A-B 0-0, A beat C, B beat C: all met once; A 1, B 1, C 0: not all separated
    t = event(rnd(1, "A-B 0-0"), rnd(2, "A-C 1"), rnd(3, "B-C 1"), players="ABC", planned=3)
    assert group_values(t, ["A", "B", "C"]) == {"A": None, "B": None, "C": None}
    # for A and B alone: they met once and scored 0 each
    assert group_values(t, ["A", "B"]) == {"A": None, "B": None}


def test_team_events_default_to_gp_ede_emgsb() -> None:
    t = team_event(rnd(1))
    assert [str(d) for d in standings(t).tiebreaks] == ["GP", "EDE", "EMGSB"]
    gp_first = team_event(rnd(1), scoring=Scoring(primary=PrimaryScore.GAME_POINTS))
    assert [str(d) for d in standings(gp_first).tiebreaks] == ["MP", "EDE", "EMGSB"]
    # the FIDE list stays one name away
    assert [str(d) for d in defaults(Format.TEAM_SWISS, "fide")] == ["GP", "DE", "BB", "SB"]


@pytest.mark.parametrize("name", ["club", "classic", "fide", "Club"])
def test_tournament_yaml_names_a_profile(tmp_path: object, name: str) -> None:
    from pathlib import Path

    from tourney.load.folder import load_tournament

    folder = Path(str(tmp_path))
    (folder / "tournament.yaml").write_text(
        f"name: T\nformat: swiss\nrounds: 3\ntiebreaks: {name}\n", encoding="utf-8"
    )
    (folder / "players.yaml").write_text("- {id: a, name: 'A, A'}\n", encoding="utf-8")
    t = load_tournament(folder)
    expected = defaults(Format.SWISS, name.lower())
    assert t.settings.tiebreaks == expected
