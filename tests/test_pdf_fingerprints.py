"""Which PDFs ``build --pdf`` makes again (issue 32 item 8): only those whose content changed.

The decision survives between processes (``tourney.fs.fingerprints``: a hash
of each document's HTML and the tourney and WeasyPrint versions, stored beside
the PDFs with a hash of the bytes written) and is never stale: after a changed
result the affected PDFs equal a clean build's, the others are not rendered.
The PDF writer is replaced by one that returns the HTML it was given, so a
"PDF" here is its document's HTML and the tests need no WeasyPrint.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tourney.app import print as app_print
from tourney.app.print import CACHE, write_pdfs
from tourney.fs.fingerprints import Fingerprints, digest

ROOT = Path(__file__).resolve().parents[1]
OPEN = ROOT / "examples" / "swiss-open"
SET = [
    "pairings-round-05.pdf",
    "pairings-alpha-round-05.pdf",
    "standings-after-05.pdf",
    "crosstable-after-05.pdf",
    "prizes-after-05.pdf",
    "players.pdf",
]


class Recorder:
    """A stand-in for WeasyPrint: the 'PDF' is the HTML; remembers what it rendered."""

    def __init__(self) -> None:
        self.rendered: list[str] = []

    def __call__(self, html: str, css: str = "") -> bytes:
        self.rendered.append(html)
        return html.encode("utf-8")


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    found = Recorder()
    monkeypatch.setattr(app_print, "pdf_writer", lambda: found)
    return found


def build(folder: Path, site: Path) -> tuple[list[str], list[str]]:
    """``build --pdf``'s PDFs: (every file of the set, the files written now)."""
    changed: list[Path] = []
    paths = write_pdfs(folder, site, changed=changed)
    return [p.name for p in paths], [p.name for p in changed]


def rendered_files(recorder: Recorder, site: Path) -> set[str]:
    """The files whose HTML the recorder rendered (each file holds its HTML)."""
    html = set(recorder.rendered)
    return {p.name for p in (site / "pdf").glob("*.pdf") if p.read_text(encoding="utf-8") in html}


@pytest.fixture
def event(tmp_path: Path) -> Path:
    folder = tmp_path / "swiss-open"
    shutil.copytree(OPEN, folder)
    return folder


def test_nothing_changed_renders_nothing(event: Path, tmp_path: Path, recorder: Recorder) -> None:
    site = tmp_path / "site"
    files, written = build(event, site)
    assert files == SET and written == SET and len(recorder.rendered) == 6
    recorder.rendered.clear()
    files, written = build(event, site)  # a second process would read the same store
    assert files == SET and written == [] and recorder.rendered == []


def test_one_result_redoes_the_pdfs_that_show_it(
    event: Path, tmp_path: Path, recorder: Recorder
) -> None:
    site = tmp_path / "site"
    build(event, site)
    before = {name: (site / "pdf" / name).read_bytes() for name in SET}
    # Board 1 of round 5, Dekker - Kuipers, ½-½ becomes 1-0: Dekker 3 + 1 = 4, Kuipers
    # 3½ + 0 = 3½. The round's pairings (both orders), the standings, the crosstable and the
    # prizes after round 5 show it; the starting list (players.pdf) does not.
    round_file = event / "rounds" / "05.yaml"
    text = round_file.read_text(encoding="utf-8")
    assert "{white: p01, black: p04, result: ½-½}" in text
    round_file.write_text(text.replace("p04, result: ½-½", "p04, result: 1-0"), encoding="utf-8")
    recorder.rendered.clear()
    files, written = build(event, site)
    assert files == SET
    assert written == SET[:5]
    assert rendered_files(recorder, site) == set(SET[:5])
    assert len(recorder.rendered) == 5
    for name in SET[:5]:
        assert (site / "pdf" / name).read_bytes() != before[name], name
    # ... and every PDF equals a clean build's of the changed folder.
    clean = tmp_path / "clean"
    build(event, clean)
    for name in SET:
        assert (site / "pdf" / name).read_bytes() == (clean / "pdf" / name).read_bytes(), name


def test_a_pdf_changed_on_disk_is_made_again(
    event: Path, tmp_path: Path, recorder: Recorder
) -> None:
    site = tmp_path / "site"
    build(event, site)
    players = site / "pdf" / "players.pdf"
    good = players.read_bytes()
    players.write_bytes(b"%PDF from an older build")
    recorder.rendered.clear()
    _, written = build(event, site)
    assert written == ["players.pdf"] and players.read_bytes() == good


def test_another_tourney_version_redoes_every_pdf(
    event: Path, tmp_path: Path, recorder: Recorder, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    build(event, site)
    monkeypatch.setattr(app_print, "__version__", "99.0")
    recorder.rendered.clear()
    _, written = build(event, site)
    assert len(recorder.rendered) == 6  # rendered again ...
    assert written == []  # ... to the same bytes, so no file is written
    stored = json.loads((site / "pdf" / CACHE).read_text(encoding="utf-8"))
    assert stored["salt"].startswith("tourney 99.0; weasyprint ")


def test_store_of_an_older_format_is_ignored(tmp_path: Path) -> None:
    store_path = tmp_path / CACHE
    target = tmp_path / "a.pdf"
    target.write_bytes(b"pdf")
    key = Fingerprints(store_path, "s").source_key("<html>")
    # The format-1 store kept the source hash alone: it cannot say the file is ours.
    store_path.write_text(json.dumps({"version": "1", "files": {"a.pdf": key}}), encoding="utf-8")
    assert not Fingerprints(store_path, "s").fresh("a.pdf", key, target)


def test_fingerprints_survive_a_new_store(tmp_path: Path) -> None:
    store_path, target = tmp_path / "store.json", tmp_path / "a.pdf"
    store = Fingerprints(store_path, "v1")
    key = store.source_key("<html>")
    assert key == digest(b"v1\0<html>")
    assert not store.fresh("a.pdf", key, target)  # no file yet
    target.write_bytes(b"pdf")
    store.record("a.pdf", key, b"pdf")
    assert store.save() and not store.save()  # written once, then unchanged
    again = Fingerprints(store_path, "v1")  # as the next process reads it
    assert again.fresh("a.pdf", key, target)
    assert not again.fresh("a.pdf", again.source_key("<html> changed"), target)
    assert not Fingerprints(store_path, "v2").fresh("a.pdf", key, target)  # another salt


# -- with WeasyPrint: the PDFs themselves, and across processes -------------------------------


def _text(pdf: Path) -> str:
    pdftotext = shutil.which("pdftotext")
    if pdftotext is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    out = subprocess.run([pdftotext, "-layout", str(pdf), "-"], capture_output=True, text=True)
    return " ".join(out.stdout.split())


def _flip_board_1(event: Path) -> None:
    """Board 1 of round 5, FM Dekker, Sofie - CM Kuipers, Jan: ½-½ becomes 1-0."""
    round_file = event / "rounds" / "05.yaml"
    text = round_file.read_text(encoding="utf-8")
    assert "{white: p01, black: p04, result: ½-½}" in text
    round_file.write_text(text.replace("p04, result: ½-½", "p04, result: 1-0"), encoding="utf-8")


def test_a_changed_result_gives_the_pdfs_a_clean_build_gives(event: Path, tmp_path: Path) -> None:
    pytest.importorskip("weasyprint")
    site = tmp_path / "site"
    build(event, site)
    before = {name: (site / "pdf" / name).read_bytes() for name in SET}
    texts = {name: _text(site / "pdf" / name) for name in SET}
    _flip_board_1(event)
    _, written = build(event, site)
    assert written == SET[:5]  # not players.pdf
    after = {name: _text(site / "pdf" / name) for name in SET}
    # Board 1 of the round 5 pairings: "½-½" before, "1-0" after, between the two players
    # (start numbers 1 and 4, ratings 2430 and 2415).
    assert "1 1 FM Dekker, Sofie 2430" in texts[SET[0]]
    board_1 = after[SET[0]].split("FM Dekker, Sofie 2430")[1].split("CM Kuipers, Jan")[0]
    assert "1-0" in board_1 and "½-½" not in board_1
    for name in SET[:5]:
        assert after[name] != texts[name], name
    assert (site / "pdf" / "players.pdf").read_bytes() == before["players.pdf"]
    clean = tmp_path / "clean"
    build(event, clean)
    for name in SET:
        assert (site / "pdf" / name).read_bytes() == (clean / "pdf" / name).read_bytes(), name


@pytest.mark.slow
def test_build_pdf_in_fresh_processes_redoes_only_what_changed(event: Path, tmp_path: Path) -> None:
    """``tourney build --pdf`` three times, each a new process as CI runs it."""
    pytest.importorskip("weasyprint")
    site = tmp_path / "site"

    def cli_build() -> str:
        out = subprocess.run(
            [sys.executable, "-m", "tourney", "build", str(event), "-o", str(site), "--pdf"],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=True,
        )
        return out.stdout.strip().splitlines()[-1]

    assert cli_build().endswith("6 PDF files; 6 written, 0 unchanged")
    players = (site / "pdf" / "players.pdf").stat().st_mtime_ns
    assert cli_build().endswith("6 PDF files; 0 written, 6 unchanged")
    _flip_board_1(event)
    assert cli_build().endswith("6 PDF files; 5 written, 1 unchanged")
    assert (site / "pdf" / "players.pdf").stat().st_mtime_ns == players
