"""Short commands import only what they use (issue 33.4; docs/robustness.md "Start-up").

The CPU figures are in bench/startup.py (speed claims are not timed assertions here);
these tests pin what makes them: the modules a read-only command never needs stay
unloaded, and ``make setup`` compiles tourney's bytecode even where the environment
sets PYTHONDONTWRITEBYTECODE."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Run a command in a fresh interpreter, then list which of these modules it loaded.
PROBE = """
import sys
from tourney.cli import cli
try:
    cli(sys.argv[1:], prog_name="tourney")
except SystemExit:
    pass
watched = sys.stdin.read().split()
print(" ".join(m for m in watched if m in sys.modules), file=sys.stderr)
"""

NEVER_FOR_CHECK = [
    "tourney.engine.pairing.swiss_core",  # the pairing core: reading a folder needs none
    "tourney.render.views",
    "rich",
    "socket",  # a lock's host name: check takes no lock
    "tempfile",  # the atomic writer's temporary file: check writes nothing
    "hashlib",  # a results digest (check.paired_from): none of the example's rounds needs one
    "jinja2",
    "weasyprint",
    "babel",
]


def _loaded(args: list[str], watched: list[str]) -> set[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        input=" ".join(watched),
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return set(run.stderr.strip().splitlines()[-1].split()) if run.stderr.strip() else set()


def test_check_of_the_example_loads_no_pairing_core_no_rich_no_writer() -> None:
    folder = ROOT / "examples" / "swiss-open"
    loaded = _loaded(["check", str(folder)], [*NEVER_FOR_CHECK, "tourney.check.validate"])
    assert loaded == {"tourney.check.validate"}  # it did run the checks


# What the other short commands on an individual Swiss never need (issue 33.4): the site
# and its views, the templates, rich (a table to a pipe is drawn without it), the team
# and club code, the tie-break computations (check reads the names only), a traceback.
NEVER_FOR_SHORT = [
    "tourney.render.site",
    "tourney.render.views",
    "jinja2",
    "babel",
    "markdown",
    "weasyprint",
    "rich",
    "rich.console",
    "traceback",
    "tourney.edit.teams",
    "tourney.app.replace_check",
    "tourney.load.club_state",
    "tourney.engine.series",
    "tourney.engine.teams.lineups",
]
NEVER_FOR_CHECK_ALSO = [
    "tourney.engine.tiebreaks.buchholz",
    "tourney.engine.tiebreaks.sonneborn",
    "tourney.engine.tiebreaks.team_boards",
    "tourney.engine.evaluation",
    "tourney.engine.ratings.history",
    "json",  # a lock's or a journal's: check takes no lock and finds no journal here
    "tourney.i18n.catalog",  # the site's languages: a folder names one (tourney.i18n.languages)
]


def test_check_reads_the_tiebreak_names_without_their_computations() -> None:
    folder = ROOT / "examples" / "swiss-open"
    watched = [*NEVER_FOR_SHORT, *NEVER_FOR_CHECK_ALSO, "tourney.engine.tiebreaks.registry"]
    assert _loaded(["check", str(folder)], watched) == {"tourney.engine.tiebreaks.registry"}


def test_standings_to_a_pipe_loads_no_site_view_nor_rich() -> None:
    folder = ROOT / "examples" / "swiss-open"
    # (the evaluation imports the whole engine, team line-ups included)
    watched = [*NEVER_FOR_SHORT, "tourney.engine.evaluation"]
    watched.remove("tourney.engine.teams.lineups")
    assert _loaded(["standings", str(folder)], watched) == {"tourney.engine.evaluation"}


def test_result_and_pair_of_an_individual_swiss_load_no_team_or_club_code(
    tmp_path: Path,
) -> None:
    import shutil

    folder = tmp_path / "swiss-open"
    shutil.copytree(ROOT / "examples" / "swiss-open", folder)
    watched = [
        *NEVER_FOR_SHORT,
        "tourney.engine.ratings.history",
        "tempfile",
        "tourney.edit.results",
    ]
    # round 6 of 7 paired, then a result entered on its first board
    assert _loaded(["pair", str(folder)], [*NEVER_FOR_SHORT, "tourney.engine.pairing.dutch"]) == {
        "tourney.engine.pairing.dutch"
    }
    assert (folder / "rounds" / "06.yaml").is_file()
    assert _loaded(["result", str(folder), "6", "1", "1-0"], watched) == {"tourney.edit.results"}


def test_version_loads_no_command_module() -> None:
    loaded = _loaded(["--version"], ["tourney.cli.check", "tourney.model", "yaml", "rich"])
    assert loaded == set()


def test_setup_compiles_the_bytecode_whatever_the_environment_says() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    rule = re.search(r"^\$\(COMPILED\):.*\n((?:\t.*\n)+)", makefile, re.M)
    assert rule and "-m compileall" in rule.group(1) and " tourney" in rule.group(1)
    setup = re.search(r"^setup:(.*)$", makefile, re.M)
    assert setup and "$(COMPILED)" in setup.group(1)


def test_compileall_writes_bytecode_under_pythondontwritebytecode(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("x = 1\n", encoding="utf-8")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tmp_path)], env=env, check=True)
    assert [p.name for p in (tmp_path / "__pycache__").iterdir()] == [
        f"m.{sys.implementation.cache_tag}.pyc"
    ]


# -- the quick forms (tourney.cli.quick): answered without click --------------------------

MAIN_PROBE = """
import sys
from tourney.cli import main
sys.argv = ["tourney", *sys.argv[1:]]
status = 0
try:
    main()
except SystemExit as end:
    status = end.code
watched = sys.stdin.read().split()
print(" ".join(m for m in watched if m in sys.modules), file=sys.stderr)
raise SystemExit(status)
"""

NEVER_FOR_PAIRING_ENGINE = [
    "click",
    "tourney.cli.group",
    "tourney.cli.engine",
    "yaml",
    "rich",
    "jinja2",
    "tourney.engine.teams.lineups",  # team seats: an individual Swiss seats nobody
    "tourney.engine.pairing.berger",  # the round robin
    "tourney.load.trf_team_results",  # a team event's score tables
    "tempfile",  # the output's temporary file is made without it (tourney.fs.atomic)
    "random",  # the colour lot of a first round only
    "difflib",  # a mistake's hint only
]


def _line001(start: int, rating: int, score: str = "0.0", *entries: str) -> str:
    """A TRF16 player line (tests/reference/dutch/README.md: number 5-8, rating 49-52,
    score 81-84, rank 86-89, rounds from column 92)."""
    head = f"001 {start:4d}      {'Player ' + str(start):<33} {rating:4d}" + " " * 28
    return head + f"{float(score):4.1f} {start:4d}" + "".join("  " + e for e in entries)


def _four(score_of_1: str = "1.0") -> str:
    """Four players after round 1 (1-3 won by 1, 4-2 drawn), round 2 of 3 to pair.
    By C.04.3: 1 (1 point) is alone in the top score group and moves down into the
    group of 2 and 4 (half a point each), where it meets the first resident, 2; 4 is
    left and moves down to 3. Colours (E.1): 1 and 4 had White, 2 and 3 Black, so 2
    and 3 have White: ``2 1`` and ``3 4``."""
    lines = [
        "012 Four",
        _line001(1, 2000, score_of_1, "   3 w 1"),
        _line001(2, 1900, "0.5", "   4 b ="),
        _line001(3, 1800, "0.0", "   1 b 0"),
        _line001(4, 1700, "0.5", "   2 w ="),
        "XXR 3",
        "XXC white1",
    ]
    return "\n".join(lines) + "\n"


def _main(args: list[str], cwd: Path, watched: list[str]) -> tuple[int, str, str, set[str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-c", MAIN_PROBE, *args],
        input=" ".join(watched),
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
    )
    lines = run.stderr.splitlines()
    loaded = set(lines[-1].split())
    return run.returncode, run.stdout, "\n".join(lines[:-1]), loaded


def test_pairing_engine_pairs_without_click_or_the_team_code(tmp_path: Path) -> None:
    (tmp_path / "in.trf").write_text(_four(), encoding="ascii")
    args = ["pairing-engine", "--dutch", "in.trf", "-p", "out.txt"]
    code, _, stderr, loaded = _main(args, tmp_path, NEVER_FOR_PAIRING_ENGINE)
    assert (code, stderr, loaded) == (0, "", set())
    assert (tmp_path / "out.txt").read_text(encoding="ascii") == "2\n2 1\n3 4\n"


def test_pairing_engine_to_standard_output_without_click(tmp_path: Path) -> None:
    (tmp_path / "in.trf").write_text(_four(), encoding="ascii")
    code, out, _, loaded = _main(["pairing-engine", "in.trf", "--dutch"], tmp_path, ["click"])
    assert (code, out, loaded) == (0, "2\n2 1\n3 4\n", set())


def test_a_file_with_a_warning_goes_through_click_with_the_warning(tmp_path: Path) -> None:
    # player 1's points column says 2 where the results give 1: warning W324, and the
    # pairing as before (the results count), printed by the click command
    (tmp_path / "in.trf").write_text(_four("2.0"), encoding="ascii")
    code, out, stderr, loaded = _main(["pairing-engine", "--dutch", "in.trf"], tmp_path, ["click"])
    assert (code, out, loaded) == (0, "2\n2 1\n3 4\n", {"click"})
    assert "in.trf:2:81: warning W324: player 1: the points column says 2" in stderr


def test_no_pairing_through_main_gives_the_click_message_and_status(tmp_path: Path) -> None:
    # two players who met in round 1 cannot meet again (C.04.3 C1): exit 3, nothing written
    text = "\n".join(
        ("012 Two", _line001(1, 2000, "1", "   2 w 1"), _line001(2, 1900, "0", "   1 b 0"))
    )
    (tmp_path / "in.trf").write_text(text + "\nXXR 2\n", encoding="ascii")
    args = ["pairing-engine", "--dutch", "in.trf", "-p", "out.txt"]
    code, _, stderr, _ = _main(args, tmp_path, [])
    assert code == 3
    assert "no pairing exists" in stderr
    assert not (tmp_path / "out.txt").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["pairing-engine", "--explain", "--dutch", "in.trf"],  # explanations: click's
        ["pairing-engine", "--dutch", "missing.trf"],  # click.Path's message
        ["pairing-engine", "in.trf"],  # no system named: click's usage error
        ["pairing-engine", "--dutch", "in.trf", "-p", "."],  # a folder as the output
        ["pairing-engine", "--swiss-cheese", "in.trf"],
    ],
)
def test_other_pairing_engine_lines_end_as_the_click_command_does(
    args: list[str], tmp_path: Path
) -> None:
    from click.testing import CliRunner

    from tourney.cli import cli

    (tmp_path / "in.trf").write_text(_four(), encoding="ascii")
    code, out, stderr, _ = _main(args, tmp_path, [])
    os.chdir(tmp_path)
    try:
        expected = CliRunner().invoke(cli, args, prog_name="tourney")
    finally:
        os.chdir(ROOT)
    assert (code, out) == (expected.exit_code, expected.stdout)
    assert stderr.strip() == expected.stderr.strip()


def test_version_without_click_says_what_click_says() -> None:
    from click.testing import CliRunner

    from tourney.cli import cli

    code, out, _, loaded = _main(["--version"], ROOT, ["click", "tourney.model"])
    assert (code, loaded) == (0, set())
    assert out == CliRunner().invoke(cli, ["--version"], prog_name="tourney").stdout
    assert out == "tourney, version 0.1.0\n"


def test_the_atomic_writers_temporary_file_is_mkstemps(tmp_path: Path) -> None:
    """Made without tempfile: a private (0600) new file named as mkstemp names it, which
    is the pattern the stale-file sweep removes (tourney.fs.atomic)."""
    from tourney.fs import atomic

    fd, name = atomic._private_temp(tmp_path, ".06.yaml.", ".tmp")
    os.close(fd)
    made = Path(name)
    assert made.parent == tmp_path
    assert re.fullmatch(r"\.06\.yaml\." + atomic._RANDOM_PART + r"\.tmp", made.name)
    assert made.stat().st_mode & 0o777 == 0o600
    names = set()
    for _ in range(50):
        fd, name = atomic._private_temp(tmp_path, "x", "")
        os.close(fd)
        names.add(name)
    assert len(names) == 50  # each a new file (O_EXCL): never the same name twice


# -- tourney check DIR, answered without click when the folder checks clean ---------------


def test_check_of_a_clean_folder_answers_without_click() -> None:
    """The one OK line, as the click command prints it (``tourney.cli.check``)."""
    from click.testing import CliRunner

    from tourney.cli import cli

    folder = ROOT / "examples" / "swiss-open"
    code, out, stderr, loaded = _main(["check", str(folder)], ROOT, ["click", "rich"])
    assert (code, stderr, loaded) == (0, "", set())
    assert out == (
        f"{folder}: 'Amstel Autumn Open 2026', swiss, Dutch system (C.04.3), 41 players, "
        "5 of 7 rounds: OK\n"
    )
    assert CliRunner().invoke(cli, ["check", str(folder)]).output == out


def test_check_with_a_warning_or_of_a_club_goes_through_click(tmp_path: Path) -> None:
    import shutil

    folder = tmp_path / "open"
    shutil.copytree(ROOT / "examples" / "swiss-open", folder)
    pgn = '[Round "1"]\n[White "Nobody, A"]\n[Black "Nobody, B"]\n[Result "1-0"]\n\n1. e4 1-0\n'
    (folder / "games" / "01b.pgn").write_text(pgn, encoding="utf-8")
    code, out, stderr, loaded = _main(["check", str(folder)], ROOT, ["click"])
    assert (code, loaded) == (0, {"click"})
    assert "warning W385: Nobody, A - Nobody, B: White 'Nobody, A' is no player" in stderr
    assert out.endswith("5 of 7 rounds: OK\n")
    club = ROOT / "examples" / "club-league"
    code, out, _, loaded = _main(["check", str(club)], ROOT, ["click"])
    assert (code, loaded) == (0, {"click"})
    assert ": club '" in out
    # a missing folder: click.Path's message and status, as before
    code, _, stderr, loaded = _main(["check", str(tmp_path / "nowhere")], ROOT, ["click"])
    assert loaded == {"click"} and code != 0
