"""Forbidden pairings (260, XXP, XXO) and Baku acceleration (192 ``_BAKU``) in the TRF reader.

Every expected value is read off the record by hand: 260 has its first round at columns
5-7, its last at 9-11 and ids from column 13 (TRF-2026); XXP lists players; XXO is the
project's dialect (docs/trf.md). The importer and ``tourney pairing-engine`` get them
from the reader, so they are checked through those too.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.app.trf_import import imported
from tourney.cli import engine
from tourney.cli.trf import import_command
from tourney.edit.folder_writer import write_folder
from tourney.engine.evaluation import evaluate
from tourney.errors import InvalidInput
from tourney.load.folder import load_tournament
from tourney.load.trf import loads, parse_trf
from tourney.model import Format, RoundWindow, RuleStrength
from tourney.render.trf.individual import write_trf


def line001(start: int, rating: int) -> str:
    """A player line without rounds: number 5-8, name 15-47, rating 49-52, points 81-84."""
    return f"001 {start:4d}      {'Player ' + str(start):<33} {rating:4d}" + " " * 28 + "0.0"


PLAYERS = "".join(line001(k, 2500 - 10 * k) + "\n" for k in range(1, 9))
HEAD = "012 Extensions\n" + PLAYERS  # lines 1-9


def rules(text: str) -> list[tuple[bool, tuple[str, ...], RuleStrength, RoundWindow]]:
    return [
        (r.teams, r.members, r.strength, r.rounds) for r in loads(text, "x.trf").settings.forbidden
    ]


def test_every_record_reads_into_the_settings() -> None:
    text = HEAD + (
        "192 FIDE_DUTCH_2025_BAKU\n"
        "260 002 004    3    7\n"  # players 3 and 7 apart in rounds 2-4
        "260 001 001    1    2    8\n"  # 1, 2 and 8 apart in round 1
        "XXP 4 6\n"  # 4 and 6 apart in every round
        "XXO soft-pairs 5 8 @3-\n"  # a wish from round 3 on
        "XXO soft-pairs 2 3 @-2\n"  # a wish up to round 2
        "XXO soft-pairs 1 4 @5\n"  # a wish in round 5 only
    )
    t = loads(text, "x.trf")
    assert t.settings.format is Format.SWISS
    assert t.settings.acceleration == "baku"
    assert rules(text) == [
        (False, ("3", "7"), RuleStrength.RULE, RoundWindow(2, 4)),
        (False, ("1", "2", "8"), RuleStrength.RULE, RoundWindow(1, 1)),
        (False, ("4", "6"), RuleStrength.RULE, RoundWindow()),
        (False, ("5", "8"), RuleStrength.WISH, RoundWindow(3, None)),
        (False, ("2", "3"), RuleStrength.WISH, RoundWindow(None, 2)),
        (False, ("1", "4"), RuleStrength.WISH, RoundWindow(5, 5)),
    ]


def test_no_records_no_rules_and_no_acceleration() -> None:
    t = loads(HEAD + "192 FIDE_DUTCH_2025\n", "x.trf")
    assert t.settings.forbidden == () and t.settings.acceleration == "none"


@pytest.mark.parametrize(
    ("record", "col", "words"),
    [
        ("260 1 3    1    2", 5, "bad rounds"),  # rounds not at 5-7 / 9-11
        ("260 003 001    1    2", 9, "before first round"),
        ("260 000 002    1    2", 5, "bad rounds"),
        ("260 001 002    1", 13, "needs at least two ids, found 1"),
        ("260 001 002    1    x", 21, "bad number 'x'"),
        ("XXP 4", 5, "needs at least two players, found 1"),
        ("XXP 4 4", 7, "names 4 twice"),
        ("XXP 4 -6", 7, "bad number '-6'"),
        ("XXP 4 9", 7, "player 9, who is not in this file"),
        ("XXO forbidden 1 2", 5, "unknown XXO record 'forbidden'"),
        ("XXO", 5, "unknown XXO record ''"),
        ("XXO soft-pairs 1 2 @x", 20, "bad rounds '@x'"),
        ("XXO soft-pairs 1 2 @3-1", 20, "bad rounds '@3-1'"),
        ("XXO soft-pairs 1 2 @0", 20, "bad rounds '@0'"),
        ("XXO soft-pairs 1 @2 3", 18, "rounds '@2' before a number"),
    ],
)
def test_a_malformed_record_is_an_error_at_its_line_and_column(
    record: str, col: int, words: str
) -> None:
    # line 10 is the bad record; line 11 a good one, read on so every error is found
    text = HEAD + record + "\nXXP 1 2\n"
    with pytest.raises(InvalidInput) as raised:
        loads(text, "x.trf")
    [error] = raised.value.errors
    assert (error.file, error.line, error.col) == ("x.trf", 10, col)
    assert words in error.message
    assert error.hint  # what was expected


def test_every_bad_record_is_reported_at_once() -> None:
    text = HEAD + "XXP 4\n260 001\nXXO soft-pairs 1 99\n"
    with pytest.raises(InvalidInput) as raised:
        loads(text, "x.trf")
    assert [d.line for d in raised.value.errors] == [10, 11, 12]
    assert "x.trf:12:18: error E306: record XXO names player 99" in str(raised.value)


def test_records_for_the_other_kind_of_event_are_left_out_with_a_warning() -> None:
    read = parse_trf(HEAD + "XXO team-forbidden 1 2\n", "x.trf")
    assert read.tournament.settings.forbidden == ()
    [warning] = read.warnings
    assert (warning.line, warning.severity) == (10, "warning")
    assert "names teams; this is an individual event" in warning.message


@pytest.mark.parametrize(
    ("records", "warned"),
    [
        ("192 FIDE_ROUNDROBIN_BAKU\n", ["Baku acceleration of a round-robin is not supported"]),
        (
            "192 FIDE_DUTCH_2025_BAKU\n250      1.0 001 002 0001 0004\n",
            ["accelerated rounds (record 250)", "_BAKU of record 192 is disregarded"],
        ),
        ("XXA    1  1.0\n", ["accelerated points (record XXA)"]),
    ],
)
def test_acceleration_tourney_cannot_apply_is_a_warning(records: str, warned: list[str]) -> None:
    read = parse_trf(HEAD + records, "x.trf")
    assert read.tournament.settings.acceleration == "none"
    messages = [w.message for w in read.warnings]
    assert len(messages) == len(warned)
    assert all(any(w in m for m in messages) for w in warned)


def test_the_writer_marks_baku_in_record_192_and_the_reader_takes_it_back() -> None:
    t = loads(HEAD + "192 FIDE_DUTCH_2025_BAKU\n", "x.trf")
    text = write_trf(evaluate(t))
    assert "192 FIDE_DUTCH_2025_BAKU" in text.splitlines()
    assert loads(text).settings.acceleration == "baku"
    # TRF16 has no record 192: the acceleration is not carried (docs/trf.md)
    assert loads(write_trf(evaluate(t), "trf16")).settings.acceleration == "none"


def test_the_importer_writes_them_into_the_folder(tmp_path: Path) -> None:
    text = HEAD + "XXR 7\n192 FIDE_DUTCH_2025_BAKU\n260 001 003    2    5\nXXO soft-pairs 1 8\n"
    t, notes = imported(text.encode("ascii"), "x.trf")
    # The only note: no 202/212 record, so the FIDE default tie-breaks are assumed.
    assert [n.message.split(":")[0] for n in notes] == [
        "the file names no tie-breaks (records 202, 212)"
    ]
    write_folder(t, tmp_path / "event")
    back = load_tournament(tmp_path / "event")
    assert back.settings.acceleration == "baku"
    assert [(r.members, r.strength, r.rounds) for r in back.settings.forbidden] == [
        (("2", "5"), RuleStrength.RULE, RoundWindow(1, 3)),
        (("1", "8"), RuleStrength.WISH, RoundWindow()),
    ]


def test_the_importer_writes_nothing_on_a_bad_record(tmp_path: Path) -> None:
    source = tmp_path / "x.trf"
    source.write_text(HEAD + "260 001 003    2   55\n", encoding="ascii")
    result = CliRunner().invoke(import_command, [str(source), str(tmp_path / "event")])
    assert result.exit_code == 1
    assert f"{source}:10:20: error E306: record 260 names player 55" in result.output
    assert not (tmp_path / "event").exists()


# -- the engine front end pairs with them -------------------------------------------------


def pair(tmp_path: Path, records: str) -> list[str]:
    """Round 1 of the eight players, paired by `tourney pairing-engine --dutch`."""
    (tmp_path / "in.trf").write_text(f"012 T\n{PLAYERS}{records}XXR 9\nXXC white1\n")
    result = CliRunner().invoke(engine.command, ["--dutch", str(tmp_path / "in.trf")])
    assert result.exit_code == 0, result.output
    return result.stdout.split("\n")[1:-1]


def test_engine_pairs_round_one_by_the_dutch_rules_without_records(tmp_path: Path) -> None:
    # C.04.3: S1 = 1-4 against S2 = 5-8 in order; White to 1 (XXC white1), alternating
    assert pair(tmp_path, "") == ["1 5", "6 2", "3 7", "8 4"]


@pytest.mark.parametrize(
    "records",
    ["260 001 001    1    5\n", "XXP 1 5\n", "XXO soft-pairs 1 5\n"],
)
def test_engine_keeps_1_and_5_apart(tmp_path: Path, records: str) -> None:
    # 1-5 forbidden: the next transposition of S2 is 6 5 7 8 (C.04.3 D.1), so 1-6 and 2-5
    assert pair(tmp_path, records) == ["1 6", "5 2", "3 7", "8 4"]


def test_engine_ignores_a_rule_whose_rounds_are_later(tmp_path: Path) -> None:
    assert pair(tmp_path, "260 002 003    1    5\n") == ["1 5", "6 2", "3 7", "8 4"]


def test_engine_combines_baku_and_a_forbidden_pair(tmp_path: Path) -> None:
    # Baku: GA = 1-4 on a virtual point, so S1 = 1, 2 and S2 = 3, 4; 1-3 forbidden -> 1-4, 2-3
    records = "192 FIDE_DUTCH_2025_BAKU\n260 001 001    1    3\n"
    assert pair(tmp_path, records) == ["1 4", "3 2", "5 7", "8 6"]


# -- property: any record of these codes reads, or is an error on its own line -------------

TOKENS = ["1", "2", "8", "9", "0", "001", "003", "000", "@", "@2", "@1-", "@-3", "@3-1", "@x"]
TOKENS += ["soft-pairs", "team-forbidden", "team-soft-pairs", "x", "-", " ", "  ", "\t", "é"]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["260", "XXP", "XXO"]),
    st.lists(st.sampled_from(TOKENS), max_size=8),
)
def test_any_record_reads_or_is_an_error_on_its_line(code: str, tokens: list[str]) -> None:
    text = HEAD + code + " " + " ".join(tokens) + "\n"
    try:
        read = parse_trf(text, "x.trf")
    except InvalidInput as error:
        assert error.errors and all(d.line == 10 and d.col >= 1 for d in error.errors)
        return
    for rule in read.tournament.settings.forbidden:
        assert len(set(rule.members)) == len(rule.members) >= 2
        assert all(m in {str(k) for k in range(1, 9)} for m in rule.members)
        window = rule.rounds
        assert window.first is None or window.last is None or window.first <= window.last
    assert all(w.line == 10 for w in read.warnings)


def test_module_examples() -> None:
    import doctest

    from tourney.load import trf_forbidden

    assert doctest.testmod(trf_forbidden).failed == 0
