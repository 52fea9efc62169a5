"""Safe output (issue 12): hostile names and ids cannot inject records, YAML or markup.

A name may hold anything a YAML double-quoted string can: line breaks of
every kind (LF, CR, NEL, LINE and PARAGRAPH SEPARATOR, vertical tab),
control characters, ``#``, quotes, braces, ``{{ }}``, markup, ``../``.
Written out it must stay one value:

- round files (tourney/edit/roundfile.py): the trailing ``# names`` comment stays
  on its line, ids are quoted so that they read back unchanged;
- the folder writer (``tourney import``): the folder loads back as the model;
- TRF export: one 001 line per player, one 310/013 line per team, and the
  file reads back with the same players;
- the site (``tourney build`` of such a folder): no raw markup, every file
  inside the output folder; page file names and template includes cannot
  leave their folders.

test_site_safety.py has the site's own hostile model; this file drives the
same names through the loader and every writer.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tourney.cli import cli
from tourney.edit.folder_writer import folder_files, folder_form, write_folder
from tourney.edit.roundfile import comment_text, render
from tourney.engine.evaluation import evaluate
from tourney.errors import InvalidInput
from tourney.load import text_safety
from tourney.load.folder import load_tournament
from tourney.load.trf import parse_trf
from tourney.model import Tournament
from tourney.render.trf.individual import write_trf

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

HOSTILE = [
    "Evil\nboards: []",
    "Carriage\rreturn: 1",
    "Line\u2028separator\u2029para",
    "Next\x85line",
    "Vertical\x0btab\x0cfeed",
    "Bell\x07null-ish\x1b[31m",
    'Quote " and \\ and #hash',
    "{white: x, black: y}",
    "]: [ & * ! | > ' %",
    "{{ 7*7 }} {% raw %}",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "012 Injected tournament\r\n001    9      Fake",
]
HOSTILE_IDS = ["a\nb", "x: y", "#1", "null", "../up", "<b>", "1-0", "\u2028", " pad "]
# Issue 19 (docs/security.md): control and direction characters are refused in every
# value, and ids must be safe file names. What is left is still hostile to YAML and HTML.
PRINTABLE = [h for h in HOSTILE if text_safety.problem(h) is None]
FILE_SAFE_IDS = [i for i in HOSTILE_IDS if text_safety.ident_problem(i) is None] + [
    "{a}",
    "[b]",
    "x'y",
    "&!%",
]


def _hostile(example: str, names: list[str] = HOSTILE) -> Tournament:
    """The example with every player, team and the tournament renamed hostile."""
    t = load_tournament(EXAMPLES / example)
    players = tuple(
        dataclasses.replace(p, name=names[i % len(names)] + f" {i}", club=names[-1])
        for i, p in enumerate(t.players)
    )
    teams = tuple(
        dataclasses.replace(team, name=names[i % len(names)], short_name="")
        for i, team in enumerate(t.teams)
    )
    title = "Open\n# round: 99\nboards: []" if names is HOSTILE else "Open # round: 99 [x]"
    settings = dataclasses.replace(t.settings, name=title)
    return dataclasses.replace(t, settings=settings, players=players, teams=teams)


@pytest.mark.parametrize("example", ["swiss-open", "team-league"])
def test_round_file_comments_cannot_inject_yaml(example: str, tmp_path: Path) -> None:
    t = _hostile(example)
    folder = tmp_path / example
    shutil.copytree(EXAMPLES / example, folder)
    for rnd in t.rounds:
        text = render(t, rnd)
        clean = render(load_tournament(EXAMPLES / example), rnd)
        assert text.count("\n") == clean.count("\n"), "a name added a line"
        assert all(line.isprintable() for line in text.split("\n"))
        (folder / "rounds" / f"{rnd.number:02d}.yaml").write_text(text, encoding="utf-8")
    assert load_tournament(folder).rounds == t.rounds


@pytest.mark.parametrize("text", HOSTILE)
def test_comment_text_is_one_printable_line(text: str) -> None:
    safe = comment_text(text)
    assert safe.isprintable() and "\n" not in safe and "\r" not in safe


def _with_ids(t: Tournament, ids: list[str]) -> Tournament:
    """``t`` with its first players renumbered to hostile ids everywhere."""
    mapping = {p.id: ids[i] for i, p in enumerate(t.players[: len(ids)])}

    def sub(pid: str) -> str:
        return mapping.get(pid, pid)

    players = tuple(dataclasses.replace(p, id=sub(p.id)) for p in t.players)
    rounds = tuple(
        dataclasses.replace(
            r,
            games=tuple(
                dataclasses.replace(g, white=sub(g.white), black=sub(g.black)) for g in r.games
            ),
            byes=tuple(dataclasses.replace(b, participant=sub(b.participant)) for b in r.byes),
        )
        for r in t.rounds
    )
    return dataclasses.replace(t, players=players, rounds=rounds)


def test_hostile_names_and_ids_survive_the_folder_writer(tmp_path: Path) -> None:
    """``tourney import`` writes such a model; the folder loads back as the model."""
    t = _with_ids(_hostile("swiss-open", PRINTABLE), FILE_SAFE_IDS)
    assert [p.id for p in t.players[:3]] == FILE_SAFE_IDS[:3]
    written = write_folder(t, tmp_path / "out")  # verifies: loads back equal, or raises
    again = load_tournament(written)
    assert again == folder_form(t)
    assert [p.name for p in again.players] == [p.name for p in t.players]
    for name, text in folder_files(t).items():
        assert all(line.isprintable() for line in text.split("\n")), name


@pytest.mark.parametrize("ids", [HOSTILE_IDS[:1], ["x: y"], ["../up"], [" pad "]])
def test_control_characters_and_unsafe_ids_are_refused_not_written(
    tmp_path: Path, ids: list[str]
) -> None:
    """docs/security.md: the folder writer's check (a load) refuses them; nothing is written."""
    for t in (_hostile("swiss-open"), _with_ids(_hostile("swiss-open", PRINTABLE), ids)):
        with pytest.raises(InvalidInput) as caught:
            write_folder(t, tmp_path / "out")
        assert any(d.line > 0 for d in caught.value.errors)
        assert not (tmp_path / "out").exists()


FIRST_RECORD = {"swiss-open": "p01", "team-league": "m12"}


@pytest.mark.parametrize("version", ["trf26", "trf16"])
@pytest.mark.parametrize("example", ["swiss-open", "team-league"])
def test_trf_export_has_one_record_per_player_and_team(example: str, version: str) -> None:
    t = _hostile(example)
    text = write_trf(evaluate(t), version)  # type: ignore[arg-type]
    lines = text.split("\r\n")
    assert lines[-1] == "" and all(line[:3].strip() for line in lines[:-1])
    assert "\n" not in text.replace("\r\n", "") and "\r" not in text.replace("\r\n", "")
    assert sum(line.startswith("001") for line in lines) == len(t.players)
    assert sum(line.startswith("012") for line in lines) == 1
    team_code = "310" if version == "trf26" else "013"
    assert sum(line.startswith(team_code) for line in lines) == len(t.teams)
    for splitter in ("\u2028", "\x85", "\x0b", "\x0c", "\x1c"):
        assert splitter not in text
    back = parse_trf(text, "x.trf").tournament
    assert len(back.players) == len(t.players)
    assert len(back.teams) == len(t.teams)
    if version == "trf26":
        # Every name reads back as one value: whitespace runs collapsed, cut to 33 characters.
        assert sorted(p.name for p in back.players) == sorted(
            " ".join(p.name.split())[:33].strip() for p in t.players
        )
        # Record 1 is starting number 1: p01 in the open; in the team event, board 1 of
        # the team with start 1 (teams.yaml: t12 Het Spaarne 1, roster m12 first).
        first = t.player(FIRST_RECORD[example])
        assert back.players[0].name == " ".join(first.name.split())[:33].strip()


def test_hostile_folder_builds_a_safe_site(tmp_path: Path) -> None:
    """Hostile names and ids through the loader into ``tourney build``: all text, all inside."""
    t = _with_ids(_hostile("swiss-open", PRINTABLE), FILE_SAFE_IDS)
    folder = write_folder(t, tmp_path / "evil")
    out = tmp_path / "site"
    result = CliRunner().invoke(cli, ["build", str(folder), "-o", str(out)])
    assert result.exit_code == 0, result.output
    written = [p for p in out.rglob("*") if p.is_file()]
    assert written
    literal = 0
    for path in written:
        assert path.resolve().is_relative_to(out.resolve())
        if path.suffix != ".html":
            continue
        html = path.read_text(encoding="utf-8")
        assert "<script>alert(1)</script>" not in html
        assert not re.search(r"<[a-z]+[^>]*\son[a-z]+=", html.lower()), path
        literal += "{{ 7*7 }} {% raw %}" in html  # shown as typed, never evaluated
    assert literal > 0
    assert not (tmp_path / "etc").exists()


@pytest.mark.parametrize("name", ["{{x}}", "..hidden", "UPPER", "a b", "<b>", "evil.html"])
def test_odd_page_file_names_are_diagnosed_not_published(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "t"
    shutil.copytree(EXAMPLES / "swiss-open", folder)
    (folder / "pages" / f"{name}.md").write_text("# Hi\n", encoding="utf-8")
    with pytest.raises(InvalidInput) as caught:
        load_tournament(folder)
    assert any("page name" in d.message for d in caught.value.diagnostics)
    result = CliRunner().invoke(cli, ["build", str(folder), "-o", str(tmp_path / "site")])
    assert result.exit_code == 1
    assert not (tmp_path / "site").exists()


def test_a_template_override_cannot_include_files_outside(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    shutil.copytree(EXAMPLES / "swiss-open", folder)
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET\n", encoding="utf-8")
    templates = folder / "templates"
    templates.mkdir()
    (templates / "evil.html").write_text(
        "{% include '../../secret.txt' %}{% include '" + str(secret) + "' %}", encoding="utf-8"
    )
    base = (ROOT / "site_templates" / "base.html").read_text(encoding="utf-8")
    (templates / "base.html").write_text(base + "{% include 'evil.html' %}", encoding="utf-8")
    out = tmp_path / "site"
    result = CliRunner().invoke(cli, ["build", str(folder), "-o", str(out)])
    assert result.exit_code in (0, 1), result.output
    for path in out.rglob("*") if out.exists() else []:
        if path.is_file():
            assert b"TOP-SECRET" not in path.read_bytes(), path


def test_symlinked_pages_and_templates_are_not_published(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tourney.cli import cli

    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET", encoding="utf-8")
    folder = tmp_path / "event"
    assert CliRunner().invoke(cli, ["new", str(folder), "--format", "swiss"]).exit_code == 0
    (folder / "pages" / "leak.md").symlink_to(secret)
    result = CliRunner().invoke(cli, ["check", str(folder)])
    assert result.exit_code == 1 and "refused unread: this is a symbolic link" in result.stderr
    assert "TOP SECRET" not in result.output
    (folder / "pages" / "leak.md").unlink()
    (folder / "templates" / "static").mkdir(parents=True)
    (folder / "templates" / "static" / "leak.txt").symlink_to(secret)
    site = tmp_path / "site"
    built = CliRunner().invoke(cli, ["build", str(folder), "-o", str(site)])
    assert built.exit_code == 1 and "static/leak.txt" in built.stderr  # docs/security.md
    assert not any(
        "TOP SECRET" in p.read_text(errors="ignore") for p in site.rglob("*") if p.is_file()
    )


def test_not_raw_is_what_yaml_cannot_print_plus_the_line_breaks() -> None:
    """``NOT_RAW`` (what the writer escapes in a quoted scalar or a comment) is every code
    point outside YAML 1.2's printable set (c-printable: tab, LF, CR, 20-7E, NEL, A0-D7FF,
    E000-FFFD, 10000-10FFFF), and the line breaks of that set: LF, CR, NEL, U+2028/2029."""
    from tourney.load.text_safety import NOT_RAW

    def printable(c: int) -> bool:
        return (
            c in (0x09, 0x0A, 0x0D, 0x85)
            or 0x20 <= c <= 0x7E
            or 0xA0 <= c <= 0xD7FF
            or 0xE000 <= c <= 0xFFFD
            or 0x10000 <= c <= 0x10FFFF
        )

    breaks = {0x0A, 0x0D, 0x85, 0x2028, 0x2029}
    wrong = [
        c
        for c in range(0x110000)
        if (NOT_RAW.match(chr(c)) is not None) != (not printable(c) or c in breaks)
    ]
    assert wrong == []
