"""docs/security.md, limits and names: each input that crashed, hung or corrupted an output
is refused by the loader with the file, the line and what is allowed."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tourney.cli import cli
from tourney.errors import ExitStatus
from tourney.load.text_safety import for_terminal, ident_problem, markdown_problem
from tourney.render.markdown import to_html

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture()
def event(tmp_path: Path) -> Path:
    folder = tmp_path / "event"
    shutil.copytree(ROOT / "examples" / "swiss-open", folder)
    return folder


def _check(folder: Path) -> str:
    result = CliRunner().invoke(cli, ["check", str(folder)])
    assert result.exit_code == ExitStatus.INVALID_INPUT, result.output
    assert "Traceback" not in result.output
    return result.output


def _edit(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` in ``path``; the 1-based line it was on."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return line


# -- ids and labels ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ident", "why"),
    [
        ("x" * 65, "is 65 bytes long; at most 64"),
        ("é" * 33, "is 66 bytes long; at most 64"),
        ("CON", "Windows reserves"),
        ("lpt1.txt", "Windows reserves"),
        ("a/b", "contains '/'"),
        ('a"b', "contains '\"'"),
        ("a:b", "contains ':'"),
        ("a?b", "contains '?'"),
        ("tail.", "a space or a dot"),
    ],
)
def test_an_id_that_cannot_be_a_file_name_is_refused(event: Path, ident: str, why: str) -> None:
    quoted = '"' + ident.replace('"', '\\"') + '"'
    line = _edit(event / "players.yaml", "id: p01,", f"id: {quoted},")
    out = _check(event)
    assert re.search(rf"players\.yaml:{line}:\d+: error E124: the id .* {re.escape(why)}", out), out


def test_ids_that_are_plain_pass() -> None:
    assert ident_problem("x" * 64) is None
    assert ident_problem("van-der-berg_2") is None
    assert ident_problem("console") is None  # CON only as the whole name


def test_a_long_series_name_is_refused_before_build_writes_anything(tmp_path: Path) -> None:
    folder = tmp_path / "league"
    shutil.copytree(ROOT / "examples" / "team-league", folder)
    teams = folder / "teams.yaml"
    text = teams.read_text(encoding="utf-8")
    match = re.search(r"^(\s*-?\s*)id: (\S+)$", text, re.M)
    assert match is not None
    line = text[: match.start()].count("\n") + 1
    indent = " " * len(match.group(1))
    series = f'{indent}series: "{"S" * 120}"\n'
    end = text.index("\n", match.start()) + 1
    teams.write_text(text[:end] + series + text[end:], encoding="utf-8")
    site = tmp_path / "site"
    result = CliRunner().invoke(cli, ["build", str(folder), "-o", str(site)])
    assert result.exit_code == ExitStatus.INVALID_INPUT
    assert f"teams.yaml:{line + 1}:" in result.output
    assert "'series' is 120 bytes long" in result.output
    assert not site.exists()


# -- numbers ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("rounds: 7", "rounds: 1" + "0" * 5000, "this number has 5001 digits"),
        ("win: 1", "win: 1.0e400", "the number 1.0e400 is out of range"),
        ("win: 1", "win: -9.5e99", "the number -9.5e99 is out of range"),
        ("win: 1", 'win: "' + "1" * 5000 + '"', "this number has 5000 digits"),
    ],
)
def test_huge_numbers_are_refused_at_their_line(
    event: Path, old: str, new: str, message: str
) -> None:
    line = _edit(event / "tournament.yaml", old, new)
    out = _check(event)
    assert re.search(rf"tournament\.yaml:{line}:\d+: error E121: {re.escape(message)}", out), out


def test_ten_thousand_players_load_and_the_trf_export_says_why_it_cannot_number_them(
    event: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cap was TRF's four digits (9,999) for every command; now only the TRF export
    is bound by them (E455, TRF16 and TRF-2026 alike: columns 5-8 of record 001), and
    the folder's cap bounds the work of a command (E125, 99,999)."""
    shutil.rmtree(event / "rounds")
    (event / "players.yaml").write_text(
        "".join(f'- {{id: p{i}, name: "P {i}"}}\n' for i in range(10_000)), encoding="utf-8"
    )
    result = CliRunner().invoke(cli, ["check", str(event)])
    assert result.exit_code == 0, result.output
    for version in ("trf26", "trf16"):
        out = tmp_path / f"event.{version}"
        result = CliRunner().invoke(
            cli, ["export", str(event), "-o", str(out), "--format", version]
        )
        assert result.exit_code == ExitStatus.INVALID_INPUT
        assert "error E455: 10,000 players; a TRF numbers at most 9,999" in result.output
        assert "nothing was exported" in result.output
        assert not out.exists()
    monkeypatch.setattr("tourney.load.text_safety.MAX_PLAYERS", 9_999)
    assert "10,000 players; a tournament holds at most 9,999" in _check(event)
    result = CliRunner().invoke(cli, ["pair", str(event)])
    assert result.exit_code == ExitStatus.INVALID_INPUT
    assert not (event / "rounds").exists()


def test_a_starting_rank_of_five_digits_is_named_by_the_trf_export(event: Path) -> None:
    """Fewer than 10,000 players, one of them numbered 12,000 (players.yaml ``start``): the
    folder is fine, the TRF cannot hold the number and says whose it is."""
    _edit(event / "players.yaml", "title: FM, start: 1}", "title: FM, start: 12000}")
    result = CliRunner().invoke(cli, ["export", str(event), "--format", "trf16"])
    assert result.exit_code == ExitStatus.INVALID_INPUT, result.output
    assert re.search(
        r"error E455: .+ has the starting rank 12,000; a TRF numbers up to 9,999",
        result.output,
    ), result.output


# -- Markdown pages -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("page", "line", "message"),
    [
        ("# News\n\n" + "[" * 1990 + "]" * 1990 + "\n", 3, "nested more than 16 deep"),
        ("intro\n\n" + "\n".join("  " * i + "- x" for i in range(40)), 36, "nested too deeply"),
        ("- " * 700 + "x\n", 1, "nested too deeply"),
        (">" * 200 + " x\n", 1, "nested too deeply"),
        ("x" * 5000 + "\n", 1, "this line has 5,000 characters"),
        ("# News\n\nText \u202e here\n", 3, "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        ("# News\x1b[2J\n", 1, "U+001B (ESC)"),
        ("# big\n" + ("word " * 15 + "\n") * 1000, 0, "at most 65,536 are allowed"),
    ],
)
def test_a_page_that_would_stall_or_crash_the_renderer_is_refused(
    event: Path, page: str, line: int, message: str
) -> None:
    (event / "pages" / "news.md").write_text(page, encoding="utf-8")
    out = _check(event)
    where = f"pages/news.md:{line}: error E181:" if line else "pages/news.md: error E181:"
    assert where in out and message in out, out


WORST_PAGES = [  # nesting at the cap on every line of a page near the size cap
    ("[" * 16 + "a" + "]" * 16 + " ") * 100 + "\n",
    "\n".join("    " * (i % 16) + "- x" for i in range(3000)),
    ("<span>" * 8 + "x" + "</span>" * 8 + "\n") * 600,
    ("*_" * 1000 + "\n") * 15,
]


@pytest.mark.parametrize("page", WORST_PAGES)
def test_the_worst_pages_within_the_limits_are_accepted_and_render(page: str) -> None:
    """Accepted and rendered (bench/pages.py times them: well under a second each)."""
    page = page[:60_000]
    assert markdown_problem(page) is None
    assert to_html(page).strip()


# -- names ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Dek\\0ker", "U+0000 (NUL)"),
        ("Dek\\u202eker", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        ("Dek\\e[31mker", "U+001B (ESC)"),
        ("Dek\\rker", "U+000D (carriage return)"),
        ("Dek\\u2066ker", "U+2066"),
    ],
)
def test_control_and_direction_characters_in_a_name_are_refused(
    event: Path, name: str, shown: str
) -> None:
    line = _edit(event / "players.yaml", '"Dekker, Sofie"', f'"{name}"')
    out = _check(event)
    assert f"players.yaml:{line}:" in out and f"this text contains {shown}" in out
    assert "\x1b" not in out and "\u202e" not in out and "\x00" not in out


def test_terminal_text_shows_control_characters_inert() -> None:
    assert for_terminal("a\x1b[2Jb\u202ec\x00") == "a\\u001b[2Jb\\u202ec\\u0000"
    assert for_terminal("Ekström, Vera") == "Ekström, Vera"


def test_standings_of_a_trf_print_control_characters_escaped(tmp_path: Path) -> None:
    """A TRF is not read by the YAML loader: its names reach the terminal escaped."""
    trf = tmp_path / "open.trf"
    assert (
        CliRunner()
        .invoke(cli, ["export", str(ROOT / "examples" / "swiss-open"), "-o", str(trf)])
        .exit_code
        == 0
    )
    data = trf.read_bytes()
    # Same length, so the TRF columns stay aligned: ESC [ 2 J clears a terminal.
    trf.write_bytes(data.replace(b"Dekker, Sofie", b"D\x1b[2J\x07, Sofie", 1))
    result = CliRunner().invoke(cli, ["standings", str(trf)])
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "D\\u001b[2J, Sofie" in result.output  # rich drops the BEL itself


# -- CSV ------------------------------------------------------------------------------------


def test_every_text_column_of_the_csv_files_is_formula_safe(event: Path, tmp_path: Path) -> None:
    import csv
    import io

    _edit(event / "players.yaml", "id: p01,", 'id: "=1+1",')
    _edit(event / "players.yaml", "federation: NED", 'federation: NED, club: "@SUM(A1)"')
    for path in (event / "rounds").glob("*.yaml"):
        path.write_text(path.read_text(encoding="utf-8").replace("p01,", '"=1+1",'), "utf-8")
    site = tmp_path / "site"
    result = CliRunner().invoke(cli, ["build", str(event), "-o", str(site)])
    assert result.exit_code == 0, result.output
    for name in ("standings.csv", "players.csv"):
        found = list(site.rglob(name))
        assert found, name
        rows = list(csv.reader(io.StringIO(found[0].read_text(encoding="utf-8"))))
        assert len({len(r) for r in rows}) == 1  # no row split
        cells = [c for r in rows[1:] for c in r]
        assert "'=1+1" in cells
        assert not any(c[:1] in ("=", "+", "@", "\t", "\r") for c in cells)
        assert not any(c[:1] == "-" and not c[1:2].isdigit() for c in cells)


def test_more_teams_than_trf_can_number_are_refused(tmp_path: Path) -> None:
    league = tmp_path / "league"
    shutil.copytree(ROOT / "examples" / "team-league", league)
    shutil.rmtree(league / "rounds")
    (league / "players.yaml").write_text("[]\n", encoding="utf-8")
    (league / "teams.yaml").write_text(
        "".join(f'- {{id: t{i}, name: "Team {i}", roster: []}}\n' for i in range(1000)), "utf-8"
    )
    out = _check(league)
    assert "teams.yaml:1:1: error E125: 1,000 teams; a tournament holds at most 999" in out
