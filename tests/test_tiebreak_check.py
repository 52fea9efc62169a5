"""tournament.yaml's tie-breaks are read with the engine's grammar and registry (one grammar).

`tourney check` accepts exactly what the engine computes: BH/V1 and SB/V2 (docs/tiebreaks.md,
"Modifiers") load and give the values of the edition asked for; WIN/C1 (WIN takes no cut,
C.07 7.1) and unknown modifiers are errors pointing at the modifier.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tourney.engine.standings import standings
from tourney.engine.tiebreaks import TIEBREAKS
from tourney.engine.tiebreaks.checked import check_tiebreak
from tourney.errors import Diagnostic, InvalidInput
from tourney.load.folder import load_tournament

SETTINGS = "name: Test Open\nformat: swiss\nrounds: 3\n"
PLAYERS = "".join(
    f"- {{id: {p}, name: {p.upper()}, rating: {2000 - i}}}\n" for i, p in enumerate("abcd")
)


def folder(tmp_path: Path, settings: str, rounds: dict[str, str] | None = None) -> Path:
    (tmp_path / "tournament.yaml").write_text(settings, encoding="utf-8")
    (tmp_path / "players.yaml").write_text(PLAYERS, encoding="utf-8")
    for name, text in (rounds or {}).items():
        (tmp_path / "rounds").mkdir(exist_ok=True)
        (tmp_path / "rounds" / name).write_text(text, encoding="utf-8")
    return tmp_path


def error(path: Path) -> Diagnostic:
    with pytest.raises(InvalidInput) as caught:
        load_tournament(path)
    [d] = caught.value.errors
    return d


def test_edition_modifiers_load_and_are_computed(tmp_path: Path) -> None:
    rounds = {
        "01.yaml": "boards:\n  - {white: a, black: d, result: 1-0}\n  - {white: b, black: c, result: 1-0}\n",
        "02.yaml": "boards:\n  - {white: b, black: a, result: 0-1}\n  - {white: c, black: d, result: 1-0}\n",
    }
    t = load_tournament(folder(tmp_path, SETTINGS + "tiebreaks: [BH/V1, SB/V2]\n", rounds))
    assert tuple(map(str, t.settings.tiebreaks)) == ("BH/V1", "SB/V2")
    table = standings(t)
    top = table.rows[0]
    assert top.participant == "a"
    # a (2 points) beat d (0 points) and b (1 point): Buchholz 0 + 1 = 1,
    # Sonneborn-Berger 1 x 0 + 1 x 1 = 1.
    assert list(top.values) == [1, 1]


def test_win_takes_no_cut(tmp_path: Path) -> None:
    d = error(folder(tmp_path, SETTINGS + "tiebreaks: [BH, WIN/C1]\n"))
    assert (Path(d.file).name, d.line, d.col, d.code) == ("tournament.yaml", 4, 20, "E150")
    assert d.message == "WIN takes no modifier /C1"
    assert d.hint == "WIN takes only /V1 or /V2 (the C.07 edition) (docs/tiebreaks.md)"


def test_unknown_modifier_points_at_it(tmp_path: Path) -> None:
    d = error(folder(tmp_path, SETTINGS + 'tiebreaks: [BH, "SB/X2"]\n'))
    # the column of '/' in "SB/X2": past the quote
    assert (d.line, d.col) == (4, len('tiebreaks: [BH, "SB') + 1)
    assert d.message == "unknown modifier '/X2'"
    assert "/Cn" in d.hint and "docs/tiebreaks.md" in d.hint


def test_a_modifier_of_another_tiebreak(tmp_path: Path) -> None:
    d = error(folder(tmp_path, SETTINGS + "tiebreaks:\n  - BH/C1\n  - KS/P\n"))
    assert (d.line, d.col, d.message) == (6, 7, "KS takes no modifier /P")
    assert d.hint == "KS takes /L (docs/tiebreaks.md)"


def test_team_codes_belong_to_team_events(tmp_path: Path) -> None:
    d = error(folder(tmp_path, SETTINGS + "tiebreaks: [MPVGP]\n"))
    assert (d.col, d.message) == (13, "MPVGP is a tie-break of team events")
    d = error(folder(tmp_path, SETTINGS + "tiebreaks: [BH:GP]\n"))
    assert (d.col, d.message) == (15, "':GP' is for team events only")


def test_unknown_name_has_a_did_you_mean(tmp_path: Path) -> None:
    d = error(folder(tmp_path, SETTINGS + "tiebreaks: [BH/C1, SBB, DE]\n"))
    assert (d.col, d.message, d.hint) == (
        20,
        "unknown individual tie-break code 'SBB'",
        "did you mean 'SB'?",
    )


@pytest.mark.parametrize("code", sorted(TIEBREAKS))
def test_every_registered_modifier_is_accepted(code: str) -> None:
    # One grammar: whatever the registry says a tie-break takes, the loader's check accepts.
    samples = {"C": "C1", "M": "M1", "P": "P", "F": "F", "L": "L+1", "K": "K4", "R": "R",
               "U": "U1000", "B": "B0"}  # fmt: skip
    entry = TIEBREAKS[code]
    for letter in [*sorted(entry.modifiers), "V"]:
        written = f"{code}/{samples.get(letter, 'V1')}"
        assert check_tiebreak(written, team=True).name == code
    if entry.modifiers != frozenset("CMPFLKRUB"):
        other = next(m for m in "CMPFLKRUB" if m not in entry.modifiers)
        with pytest.raises(ValueError):
            check_tiebreak(f"{code}/{samples[other]}", team=True)


def test_a_tiebreak_listed_twice_is_refused_at_the_second(tmp_path: Path) -> None:
    # block style: BH/C1 on line 5, BH on 6, SB on 7, bh (BH in other capitals) on 8, column 5
    d = error(folder(tmp_path, SETTINGS + "tiebreaks:\n  - BH/C1\n  - BH\n  - SB\n  - bh\n"))
    assert (Path(d.file).name, d.line, d.col, d.code) == ("tournament.yaml", 8, 5, "E190")
    assert d.message == "tie-break bh is listed twice (first on line 6)"


def test_a_cut_is_another_tiebreak(tmp_path: Path) -> None:
    t = load_tournament(folder(tmp_path, SETTINGS + "tiebreaks: [BH/C1, BH, BH/C2]\n"))
    assert tuple(map(str, t.settings.tiebreaks)) == ("BH/C1", "BH", "BH/C2")


def test_ten_tiebreaks_load_and_eleven_are_refused_at_the_eleventh(tmp_path: Path) -> None:
    ten = ["BH/C1", "BH", "SB", "DE", "WIN", "BPG", "BWG", "PS", "REP", "STD"]
    t = load_tournament(folder(tmp_path, SETTINGS + f"tiebreaks: [{', '.join(ten)}]\n"))
    assert len(t.settings.tiebreaks) == 10
    eleven = "tiebreaks:\n" + "".join(f"  - {c}\n" for c in [*ten, "TPN"])
    d = error(folder(tmp_path, SETTINGS + eleven))
    # the eleventh code, TPN, is on line 4 + 11 = 15
    assert (d.line, d.col, d.code) == (15, 5, "E190")
    assert d.message == "11 tie-breaks listed; at most 10 are allowed"
