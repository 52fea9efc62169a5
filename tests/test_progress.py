"""Long commands show a progress bar on a terminal, and nothing elsewhere (tourney.cli.progress).

The counts are the work's own: the kinds of page a site build renders, the
PDFs `build --pdf` renders (read back from the output folder), the three
stages of `import`, the rounds `verify` re-pairs. A bar never changes a file.
"""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest
from click.testing import CliRunner
from rich.console import Console

import tourney.app.print as app_print
import tourney.cli.build as cli_build
import tourney.cli.trf as cli_trf
from tourney.app.build import build_site
from tourney.app.pair import pair_folder
from tourney.app.print import write_pdfs
from tourney.cli import cli
from tourney.cli.progress import Steps, on_terminal, track
from tourney.edit.folder_writer import write_folder
from tourney.render.site.pages import forget

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

# the kinds of page of an individual event's site, in the order they are rendered
# (docs/site.md "Pages"): 7 of every event, then 8 of an individual one
INDIVIDUAL_KINDS = [
    "event",
    "player lists",
    "player cards",
    "absences",
    "statistics",
    "downloads",
    "text pages",
    "rounds",
    "games",
    "standings",
    "crosstables",
    "tie-breaks",
    "rating changes",
    "categories",
    "prizes",
]


def terminal() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, force_terminal=True, width=100), out


class Recorder:
    """A ``progress(done, total, what)`` callback that keeps every call."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, int, str]] = []

    def __call__(self, done: int, total: int, what: str = "") -> None:
        self.calls.append((done, total, what))


def files_of(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


# --- the helper ----------------------------------------------------------------------------------


def test_a_bar_on_a_terminal_counts_the_items() -> None:
    console, out = terminal()
    items = list(track([1, 2, 3], "re-pairing the rounds", console=console, transient=False))
    assert items == [1, 2, 3]
    text = out.getvalue()
    assert "re-pairing the rounds" in text and "3/3" in text


def test_nothing_when_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert list(track(["a", "b"], "working")) == ["a", "b"]  # pytest's streams: no tty
    with Steps("importing", 3) as bar:
        bar.step("reading")
        bar.step("writing")
    assert bar.seen == [(0, 3), (1, 3), (3, 3)]  # counted all the same
    assert capsys.readouterr() == ("", "")


class FakeStream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(
    ("stdout", "stderr", "env", "shown"),
    [
        (True, True, {}, True),
        (False, True, {}, False),  # `tourney build ... | tee log`
        (True, False, {}, False),  # `2> log`
        (True, True, {"CI": "true"}, False),  # a CI log, even on a pseudo-terminal
        (True, True, {"TERM": "dumb"}, False),
    ],
)
def test_only_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, stdout: bool, stderr: bool, env: dict[str, str], shown: bool
) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setattr(sys, "stdout", FakeStream(stdout))
    monkeypatch.setattr(sys, "stderr", FakeStream(stderr))
    assert on_terminal() is shown


def test_quiet_draws_nothing_even_on_a_terminal() -> None:
    console, out = terminal()
    with Steps("rendering PDFs", shown=False, console=console) as bar:
        bar(0, 2, "a.pdf")
        bar(2, 2)
    assert out.getvalue() == ""
    assert bar.seen == [(0, 2), (2, 2)]


def test_names_from_a_folder_are_text_not_markup_or_escapes() -> None:
    console, out = terminal()
    with Steps("building the site", console=console, transient=False) as bar:
        bar(0, 1, "[bold]open\x1b[31m")
        bar(1, 1)
    text = out.getvalue()
    assert "[bold]open\\u001b[31m" in text  # rich markup kept as text, ESC shown escaped


# --- the commands' counts ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("example", "kinds"),
    [
        ("swiss-open", INDIVIDUAL_KINDS),
        (
            "team-league",
            [
                *INDIVIDUAL_KINDS[:7],
                "teams",
                "line-ups",
                "rounds",
                "standings",
                "crosstable",
                "grid",
                "board statistics",
                "individual results",
            ],
        ),
    ],
)
def test_site_build_reports_each_kind_of_page(
    tmp_path: Path, example: str, kinds: list[str]
) -> None:
    seen = Recorder()
    forget()  # no pages kept from another test's build: every kind is rendered
    with_bar = build_site(EXAMPLES / example, tmp_path / "a", progress=seen)
    n = len(kinds)
    assert seen.calls == [(i, n, kind) for i, kind in enumerate(kinds)] + [(n, n, "")]
    forget()
    without = build_site(EXAMPLES / example, tmp_path / "b")
    assert with_bar.pages == without.pages
    assert files_of(tmp_path / "a") == files_of(tmp_path / "b")  # the bar changes nothing


def test_a_club_site_names_each_tournament(tmp_path: Path) -> None:
    seen = Recorder()
    forget()
    build_site(EXAMPLES / "club-league", tmp_path / "site", progress=seen)
    folders = ["rapid-00", "rapid-01", "rapid-02", "rapid-03"]  # the club's tournament folders
    n = len(INDIVIDUAL_KINDS)  # each one an individual Swiss
    expected = []
    for folder in folders:  # each tournament's own count, its folder before the kind
        expected += [(i, n, f"{folder}: {kind}") for i, kind in enumerate(INDIVIDUAL_KINDS)]
        expected.append((n, n, folder))
    assert seen.calls == expected


def fake_pdf(html: str, css: str = "") -> bytes:
    return b"%PDF-1.7 fake\n" + html.encode("utf-8")[:64]


def test_pdf_bar_counts_the_pdfs_rendered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_print, "pdf_writer", lambda: fake_pdf)  # WeasyPrint not needed
    seen = Recorder()
    listed = write_pdfs(EXAMPLES / "club-championship", tmp_path, progress=seen)
    rendered = sorted((tmp_path / "pdf").glob("*.pdf"))
    n = len(rendered)
    assert n >= 3 and sorted(listed) == rendered
    assert [(d, t) for d, t, _ in seen.calls] == [(i, n) for i in range(n + 1)]
    assert sorted(what for _, _, what in seen.calls[:-1]) == [p.name for p in rendered]
    again = Recorder()
    write_pdfs(EXAMPLES / "club-championship", tmp_path, progress=again)
    assert again.calls == []  # unchanged documents are not rendered again


class Drawn(Steps):
    """The CLI's bars, drawn on a terminal of the test's own."""

    made: ClassVar[list[Drawn]] = []

    def __init__(self, label: str, total: int = 0, **options: Any) -> None:
        self.console, self.out = terminal()
        options.update(console=self.console, transient=False)
        super().__init__(label, total, **options)
        Drawn.made.append(self)


def test_build_pdf_shows_pages_then_pdfs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_print, "pdf_writer", lambda: fake_pdf)
    monkeypatch.setattr(cli_build, "Steps", Drawn)
    Drawn.made = []
    site = tmp_path / "site"
    done = CliRunner().invoke(
        cli, ["build", str(EXAMPLES / "club-championship"), "-o", str(site), "--pdf"]
    )
    assert done.exit_code == 0, done.output
    pages, pdfs = Drawn.made
    n = len(list((site / "pdf").glob("*.pdf")))
    assert pages.label == "building the site" and pages.seen[-1] == (15, 15)
    assert pdfs.label == "rendering PDFs" and pdfs.seen[-1] == (n, n)
    assert f"{n}/{n}" in pdfs.out.getvalue() and "15/15" in pages.out.getvalue()


def test_build_prints_only_its_lines_when_not_on_a_terminal(tmp_path: Path) -> None:
    done = CliRunner().invoke(
        cli, ["build", str(EXAMPLES / "club-championship"), "-o", str(tmp_path / "s")]
    )
    assert done.exit_code == 0, done.output
    (line,) = done.output.splitlines()
    assert line.startswith(f"{tmp_path / 's'}: ") and " pages; " in line


def test_import_counts_its_three_stages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    trf = tmp_path / "open.trf"
    exported = CliRunner().invoke(cli, ["export", str(EXAMPLES / "swiss-open"), "-o", str(trf)])
    assert exported.exit_code == 0, exported.output
    plain = CliRunner().invoke(cli, ["import", str(trf), str(tmp_path / "plain")])
    assert plain.exit_code == 0, plain.output
    assert plain.output.splitlines()[-1] == f"next: tourney check {tmp_path / 'plain'}"
    assert "41 players" in plain.output.splitlines()[-2]
    monkeypatch.setattr(cli_trf, "Steps", Drawn)
    Drawn.made = []
    drawn = CliRunner().invoke(cli, ["import", str(trf), str(tmp_path / "drawn")])
    assert drawn.exit_code == 0, drawn.output
    (bar,) = Drawn.made
    assert bar.seen == [(0, 3), (1, 3), (2, 3), (3, 3)]
    assert "3/3" in bar.out.getvalue()
    assert drawn.output == plain.output.replace("plain", "drawn")
    assert files_of(tmp_path / "drawn") == files_of(tmp_path / "plain")


def test_write_folder_names_its_stages(tmp_path: Path) -> None:
    from tourney.load.folder import load_tournament

    stages: list[str] = []
    t = load_tournament(EXAMPLES / "club-championship")
    write_folder(t, tmp_path / "copy", stage=stages.append)
    assert stages == [f"writing {tmp_path / 'copy'}", f"reading {tmp_path / 'copy'} back"]


# --- a real terminal ----------------------------------------------------------------------------


def run_on_a_terminal(args: list[str]) -> bytes:
    """``tourney ARGS`` with standard output and error on a pseudo-terminal; all it drew."""
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env.update(TERM="xterm-256color", COLUMNS="100", PYTHONPATH=str(ROOT))
    main, child = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "tourney", *args], stdout=child, stderr=child, env=env, cwd=ROOT
    )
    os.close(child)
    drawn = b""
    while True:
        ready, _, _ = select.select([main], [], [], 60)
        if not ready:
            break
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        drawn += chunk
    os.close(main)
    assert process.wait(timeout=60) == 0, drawn.decode("utf-8", "replace")
    return drawn


def test_verify_on_a_real_terminal_draws_a_bar_that_obeys_its_codes() -> None:
    drawn = run_on_a_terminal(["verify", str(EXAMPLES / "swiss-open")])
    assert b"re-pairing the rounds" in drawn and b"5/5" in drawn
    # cursor codes reach the terminal as codes: never printed as text by the escaping layer
    assert b"\\u001b" not in drawn and b"\x1b[2K" in drawn
    assert b"5 of 5 rounds paired as the Dutch system" in drawn


def test_pair_reports_reading_each_round_and_writing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    import tourney.cli.progress as cli_progress

    for name in ("plain", "drawn"):  # swiss-open: rounds 1-5 paired, round 6 next
        shutil.copytree(EXAMPLES / "swiss-open", tmp_path / name)
    plain = CliRunner().invoke(cli, ["pair", str(tmp_path / "plain")])
    assert plain.exit_code == 0, plain.output
    monkeypatch.setattr(cli_progress, "Steps", Drawn)
    Drawn.made = []
    drawn = CliRunner().invoke(cli, ["pair", str(tmp_path / "drawn")])
    assert drawn.exit_code == 0, drawn.output
    (bar,) = Drawn.made
    # reading (0 of 1), then round 6 (0 of 2: one round and the writing), writing, done
    assert bar.seen == [(0, 1), (0, 2), (1, 2), (2, 2)]
    assert "2/2" in bar.out.getvalue()
    assert drawn.output == plain.output.replace("plain", "drawn")
    assert files_of(tmp_path / "drawn") == files_of(tmp_path / "plain")
    Drawn.made = []
    quiet = CliRunner().invoke(cli, ["pair", str(tmp_path / "plain"), "--replace", "-q"])
    assert quiet.exit_code == 0, quiet.output
    assert Drawn.made[0].out.getvalue() == ""  # --quiet: nothing drawn
    told = Recorder()
    pair_folder(tmp_path / "plain", replace=True, progress=told)
    assert told.calls == [
        (0, 1, "reading the folder"),
        (0, 2, "round 6, 41 players"),
        (1, 2, "writing"),
        (2, 2, ""),
    ]
