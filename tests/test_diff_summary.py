"""`tourney diff` leads with the change in words a captain reads (docs/git-workflow.md).

The team case is the cup of test_diff_team_standings.py, worked by hand there:
round 1, board 2.2 (Claes, Frank - Boer, Dirk) 1-0 -> ½-½ turns the drawn
match Breda - Culemborg 1-1 into a 1½-½ Breda win; after round 3 Breda goes
from 3rd to 1st (4 -> 5 MP), Culemborg from a shared 1st to 3rd (4 -> 3 MP),
Alkmaar from a shared 1st to 2nd (4 MP).
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from test_diff_team_standings import corrected

from tourney.cli.diff import command
from tourney.review.changes import PairedRoundWarning, paired_sentence
from tourney.review.gitdiff import diff_folder


def test_team_match_score_turned_around_and_places_in_words(tmp_path: Path) -> None:
    folder = corrected(tmp_path)
    (d,) = diff_folder(folder).tournaments
    assert [(m.round, m.match, m.white, m.black, m.old, m.new) for m in d.matches] == [
        (1, "2", "Breda", "Culemborg", "1-1", "1½-½")
    ]
    assert d.summary == (
        "round 1, match 2: Breda - Culemborg 1-1 → 1½-½ (a draw becomes a Breda win)",
        "standings after round 3: Breda up from 3rd to 1st (4 → 5 MP); "
        "Culemborg down from 1st to 3rd (4 → 3 MP); Alkmaar down from 1st to 2nd (4 MP)",
    )
    text = CliRunner().invoke(command, [str(folder)]).stdout.splitlines()
    assert text[2:4] == [f"  {line}" for line in d.summary]  # first, before the tables
    markdown = CliRunner().invoke(command, ["--format", "markdown", str(folder)]).stdout
    assert "- round 1, match 2: Breda - Culemborg 1-1 → 1½-½ (a draw becomes a Breda win)" in (
        markdown
    )


def test_rounds_paired_from_an_old_result_in_one_sentence() -> None:
    warnings = [
        PairedRoundWarning(4, (3,), True, None),
        PairedRoundWarning(5, (3,), True, None),
        PairedRoundWarning(6, (3, 5), False, "different", 2),
        PairedRoundWarning(7, (3,), False, "same"),
    ]
    sentence = paired_sentence(warnings)
    assert sentence.startswith(
        "rounds 4, 5, 6 and 7 were paired from the old results of round 3 and 5; "
        "played, so their pairings stand: rounds 4 and 5; "
        "round 7 would pair the same from the new result; "
        "round 6 would pair differently (2 boards): the chief arbiter decides whether to pair "
        "it again (tourney pair --round 6 --replace); FIDE Swiss rules (C.04.1 F.7)"
    )
    assert "\n" not in sentence
    assert paired_sentence([]) == ""
