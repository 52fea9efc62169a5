"""A Double-Swiss TRF (FIDE C.04.5) read back: two round columns a round are one match
(docs/trf.md, Double-Swiss), through ``tourney import``, ``export`` and
``pairing-engine --double-swiss``.

The file below is written by hand in the layout docs/trf.md gives. Five players, two
rounds (points worked from the rules: a game 1, ½ 0; a PAB 1½, a half-point bye 1):

- round 1: Berg (1) - Claes (3): game 1 1-0 (Berg White), game 2 ½-½ (Claes White):
  Berg 1½, Claes ½. Dekker (2) - Evers (4): game 1 ½-½, game 2 1-0 for Evers (White):
  Dekker ½, Evers 1½. Faber (5): the PAB, 1½.
- round 2: Faber (5) - Berg (1): game 1 0-1 (Berg wins with Black), game 2 Berg
  forfeits (Faber +): a played match 1-1 (a single forfeited game, C.04.5 Preface).
  Evers (4) - Claes (3): game 1 1-0 for Evers, game 2 1-0 for Claes: 1-1. Dekker: a
  half-point bye, 1.
- totals: Berg 2½, Evers 2½, Faber 2½, Dekker 1½, Claes 1½.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import merged, runner

from tourney.app.engine_input import pair_next_round
from tourney.cli import cli
from tourney.engine.scores import score_table
from tourney.errors import InvalidInput
from tourney.load.folder import load_tournament
from tourney.load.trf import parse_trf
from tourney.model import ByeKind, Result, Tournament

run = merged(runner(cli))


def row(start: int, name: str, rating: int, points: str, *cells: str) -> str:
    """A 001 line: start 5-8, name 15-47, rating 49-52, points 81-84, rounds from 92."""
    head = f"001 {start:4}      {name:<34}{rating:4}{'':28}{points:>4}{'':5}"
    return head + "".join(f"  {cell}" for cell in cells)


HEADER = [
    "012 Leiden Double-Swiss 2026",
    "042 2026/06/06",
    "092 Individual: Double-Swiss System (FIDE C.04.5), 2 games per round",
    "142 6",
    "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.5    X 0.5",
    "192 FIDE_DOUBLESWISS",
]
PLAYERS = [
    row(1, "Berg, Anna", 2212, "2.5", "   3 w 1", "   3 b =", "   5 b 1", "   5 w -"),
    row(2, "Dekker, Pieter", 2150, "1.5", "   4 w =", "   4 b 0", "0000 - H", "0000 - H"),
    row(3, "Claes, Joris", 2104, "1.5", "   1 b 0", "   1 w =", "   4 b 0", "   4 w 1"),
    row(4, "Evers, Lotte", 2033, "2.5", "   2 b =", "   2 w 1", "   3 w 1", "   3 b 0"),
    row(5, "Faber, Daan", 1987, "2.5", "0000 - U", "0000 - U", "   1 w 0", "   1 b +"),
]
TAIL = ["240 H   3    2", "240 H   4    2", "XXR 6", "XXC white1", "XXS FPB=2.0 HPB=1.0"]
TEXT = "\n".join([*HEADER, *PLAYERS, *TAIL]) + "\n"


def totals(t: Tournament) -> dict[str, str]:
    table = score_table(t)
    return {pid: str(table.points(pid)) for pid in table}


TOTALS = {"1": "5/2", "2": "3/2", "3": "3/2", "4": "5/2", "5": "5/2"}


def test_two_columns_a_round_read_as_matches() -> None:
    read = parse_trf(TEXT, "ds.trf")
    t = read.tournament
    assert read.warnings == ()  # the points column agrees: each bye counted once
    assert t.settings.pairing == "double-swiss" and t.settings.rounds == 3
    r1, r2 = t.rounds
    assert [(g.white, g.black, g.result, g.second) for g in r1.games] == [
        ("1", "3", Result.WHITE_WINS, Result.DRAW),
        ("2", "4", Result.DRAW, Result.WHITE_WINS),  # game 2: Evers White, 1-0
    ]
    assert [(b.participant, b.kind) for b in r1.byes] == [("5", ByeKind.PAB)]
    # game 2 of Faber - Berg: Berg has White and forfeits, -/+ (that game's White first)
    assert [(g.white, g.black, g.result, g.second) for g in r2.games] == [
        ("5", "1", Result.BLACK_WINS, Result.BLACK_FORFEIT_WIN),
        ("4", "3", Result.WHITE_WINS, Result.WHITE_WINS),
    ]
    assert [(b.participant, b.kind) for b in r2.byes] == [("2", ByeKind.HALF)]
    assert totals(t) == TOTALS


def test_import_export_import_export_is_stable(tmp_path: Path) -> None:
    source = tmp_path / "ds.trf"
    source.write_text(TEXT)
    one, two = tmp_path / "one", tmp_path / "two"
    code, out = run(*["import", str(source), str(one)])
    assert code == 0, out
    code, out = run(*["check", str(one)])
    assert code == 0, out
    first = tmp_path / "one.trf"
    assert run(*["export", str(one), "-o", str(first)])[0] == 0
    assert run(*["import", str(first), str(two)])[0] == 0
    second = tmp_path / "two.trf"
    assert run(*["export", str(two), "-o", str(second)])[0] == 0
    assert first.read_bytes() == second.read_bytes()
    folder = load_tournament(one)
    assert folder.settings.pairing == "double-swiss"
    assert totals(folder) == TOTALS
    lines = first.read_text().splitlines()
    rows = {line[4:8].strip(): line for line in lines if line.startswith("001")}
    assert {k: v[80:84].strip() for k, v in rows.items()} == {
        "1": "2.5",
        "2": "1.5",
        "3": "1.5",
        "4": "2.5",
        "5": "2.5",
    }
    assert rows["5"][91:129] == "0000 - U  0000 - U     1 w 0     1 b +"
    round_file = (one / "rounds" / "02.yaml").read_text()
    assert "{white: 5, black: 1, result: 0-1 -/+}" in round_file


def test_092_alone_names_the_system() -> None:
    """docs/trf.md: 092 as tourney writes it names the Double-Swiss without 192."""
    t = parse_trf(TEXT.replace("192 FIDE_DOUBLESWISS\n", ""), "ds.trf").tournament
    assert t.settings.pairing == "double-swiss" and len(t.rounds) == 2


def test_game_two_with_the_same_colours_is_refused() -> None:
    """Game 2 of a match has the colours reversed; the same colours again is E196."""
    bad = TEXT.replace("   3 b =", "   3 w =", 1).replace("   1 w =", "   1 b =", 1)
    with pytest.raises(InvalidInput) as caught:
        parse_trf(bad, "ds.trf")
    found = [d for d in caught.value.diagnostics if d.code == "E196"]
    assert [d.message for d in found] == ["round 1: game 1 is 1 - 3, game 2 (column 2) 1 - 3"]


def test_a_bye_in_one_game_only_is_refused() -> None:
    bad = TEXT.replace("0000 - U  0000 - U", "0000 - U  0000 - Z")
    with pytest.raises(InvalidInput) as caught:
        parse_trf(bad, "ds.trf")
    found = [d for d in caught.value.diagnostics if d.code == "E196"]
    assert found and "5 has a pab bye in game 1" in found[0].message


def test_pairing_engine_reads_two_columns_as_one_match(tmp_path: Path) -> None:
    """Round 3 (the last) after the file above, by C.04.5: scores 2½ (Berg 1, Evers 4,
    Faber 5) and 1½ (Dekker 2, Claes 3).

    * PAB (3.4): the lowest score, 1½: Dekker has played one match (a bye in round 2),
      Claes two; the one with more matches played has it: Claes (3).
    * The 2½ bracket (1, 4, 5) is odd: one upfloater (3.5, [C4]), Dekker (2).
    * 3.6: Berg met Faber, Dekker met Evers; the legal pairings are 1-2 4-5 (identifier
      1 4 2 5) and 1-4 2-5 (identifier 1 2 4 5), which comes first: 1-4, 2-5.
    * Art. 4: Berg (W, B in game 1) and Evers (B, W) have one White each (4.3.2 ties);
      they last differed in round 2, Berg Black: Berg White (4.3.3). Faber (2½, the
      higher-ranked, 4.2: W) and Dekker (W): one White each, no difference, Faber
      alternates (4.3.4): Dekker White."""
    source = tmp_path / "ds.trf"
    source.write_text(TEXT)
    pairing = pair_next_round(source, "double-swiss").pairing
    assert pairing.pairs == (("1", "4"), ("2", "5"))
    assert pairing.bye == "3"
    # the same file without the 192 record: --double-swiss still reads matches
    plain = tmp_path / "plain.trf"
    plain.write_text(
        TEXT.replace("192 FIDE_DOUBLESWISS\n", "").replace(
            "092 Individual: Double-Swiss System (FIDE C.04.5), 2 games per round\n", ""
        )
    )
    again = pair_next_round(plain, "double-swiss").pairing
    assert again == pairing


def test_the_example_survives_export_and_import(tmp_path: Path) -> None:
    """examples/double-swiss exported, imported and exported again: the same bytes, the
    same points (Jansen, d2: 1½ + 2 + 1 = 4½; Hoekstra, d9: the PAB 1½ + 0 + 0 = 1½)."""
    example = Path(__file__).resolve().parents[1] / "examples" / "double-swiss"
    first, folder, second = tmp_path / "a.trf", tmp_path / "event", tmp_path / "b.trf"
    assert run("export", example, "-o", first)[0] == 0
    assert run("import", first, folder)[0] == 0
    assert run("export", folder, "-o", second)[0] == 0
    assert first.read_bytes() == second.read_bytes()
    before, after = load_tournament(example), load_tournament(folder)
    names = {p.id: p.name for p in before.players}
    by_name = {names[pid]: v for pid, v in totals(before).items()}
    assert by_name["Jansen, Stijn"] == "9/2" and by_name["Hoekstra, Pieter"] == "3/2"
    moved = {p.name: v for p in after.players for pid, v in totals(after).items() if pid == p.id}
    assert moved == by_name


def test_a_match_forfeited_without_colours() -> None:
    """A whole match forfeited, written without colours (``+``/``-`` in both columns):
    one match, Claes (3) winning both games by forfeit; game 2 seen from its White."""
    text = TEXT.replace("   1 b 0     1 w =", "   1 - +     1 - +").replace(
        "   3 w 1     3 b =", "   3 - -     3 - -"
    )
    read = parse_trf(text, "ds.trf")
    (game,) = [g for g in read.tournament.rounds[0].games if "3" in (g.white, g.black)]
    assert (game.white, game.black, game.colourless) == ("1", "3", True)
    assert (game.result, game.second) == (Result.BLACK_FORFEIT_WIN, Result.WHITE_FORFEIT_WIN)
