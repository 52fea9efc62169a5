"""`--explain`: the Dutch system says why (C.04.3 brackets, floaters, E.1-E.5, the PAB).

The case is worked by hand. Round 1 of six players was 1-4 1-0, 5-2 ½-½ (2 had
Black), 3-6 1-0. Round 2: score groups 1 {1, 3}, ½ {2, 5}, 0 {4, 6}. 1-3 pair in
their bracket; 2 and 5 met, so both move down (B.5) and are the MDPs of bracket 0,
paired with its residents in order (2-4, 5-6), floating down while 4 and 6 float
up. Colours: 1 and 3 both had White (E.3 finds no round with different colours, so
E.4 grants the higher-ranked 1 his preference, Black); 2 and 4 both had Black (E.4:
2 White); 6 wants White and 5 Black (E.1).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from tourney.cli import cli
from tourney.engine.pairing.dutch import pair_dutch
from tourney.engine.pairing.swiss_state import SwissPlayer, SwissState
from tourney.model import Colour

W, B = Colour.WHITE, Colour.BLACK


def player(
    number: int, score: str, colour: Colour, opponent: int, pab: bool = False
) -> SwissPlayer:
    return SwissPlayer(
        number=number,
        score=Fraction(score),
        opponents=frozenset((opponent,)),
        colours=(colour,),
        floats=(None,),
        had_pab=pab,
    )


def six() -> SwissState:
    return SwissState(
        players=(
            player(1, "1", W, 4),
            player(2, "1/2", B, 5),
            player(3, "1", W, 6),
            player(4, "0", B, 1),
            player(5, "1/2", W, 2),
            player(6, "0", B, 3),
        ),
        round_no=2,
        total_rounds=5,
    )


def test_pairing_of_the_hand_case() -> None:
    result = pair_dutch(six())
    assert result.pairs == ((3, 1), (2, 4), (6, 5))


def test_brackets_mdps_and_floaters_are_explained() -> None:
    lines = pair_dutch(six()).explanation
    assert lines[0].startswith("round 2 of 5: 6 players to pair; score groups (A.3): 1 (2), ½ (2)")
    text = "\n".join(lines)
    assert "bracket ½: homogeneous, 2 residents 2, 5" in text
    assert "moved down to the next bracket (B.5): 2, 5" in text
    assert "bracket 0: heterogeneous, MDPs 2 (½), 5 (½); residents 4, 6" in text
    assert "2-4 (2 floats down from ½, 4 up from 0)" in text


def test_colour_rules_are_named() -> None:
    boards = [line for line in pair_dutch(six()).explanation if line.startswith("board")]
    assert len(boards) == 3
    assert boards[0].startswith("board 1: 3 white") and "E.4" in boards[0]
    assert boards[1].startswith("board 2: 2 white") and "E.4" in boards[1]
    assert boards[2].startswith("board 3: 6 white") and "E.1" in boards[2]


def test_pab_choice_is_explained() -> None:
    # five players, round 2: 5 had the PAB (C2), so the bye goes to the lowest
    # eligible player: 4 (score 0), and 3 and 4 cannot pair (they met)
    state = SwissState(
        players=(
            player(1, "1", W, 3),
            player(2, "1", B, 4),
            player(3, "0", B, 1),
            player(4, "0", W, 2),
            SwissPlayer(5, score=Fraction(1), colours=(None,), floats=(None,), had_pab=True),
        ),
        round_no=2,
        total_rounds=5,
    )
    result = pair_dutch(state)
    assert result.bye in (3, 4)
    text = "\n".join(result.explanation)
    assert f"PAB: {result.bye}, score 0, 1 unplayed round(s)" not in text  # played round 1
    assert f"PAB: {result.bye}, score 0, 0 unplayed round(s)" in text
    assert "the lowest score at which the rest of the round still pairs is 0 (C4, C5)" in text
    assert "not eligible (C2, earlier PAB or unplayed win): 5" in text


def test_pair_command_prints_the_explanation(tmp_path: Path) -> None:
    folder = tmp_path / "event"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", str(folder), "--format", "swiss"]).exit_code == 0
    result = runner.invoke(cli, ["pair", str(folder), "--explain"])
    assert result.exit_code == 0, result.output
    assert "S1 (numbers 1-8 of the list) against S2 in order" in result.output
    assert "board 1: 1 white (no preference) - 9 black (no preference)" in result.output
    assert "E.5: 1 is odd" in result.output
