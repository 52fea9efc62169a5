"""The build cache (``tourney.fs.build_cache``): what ``tourney build`` reuses from the
last build into the same output folder, in a new process, and that a stale cache never
gives a wrong page (docs/site.md "Speed").

Each test builds a copy of examples/swiss-open through the command, changes one input,
builds again into the same folder, and compares every file with a build of the changed
folder into an empty one: byte for byte equal.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from site_helpers import EXAMPLES

import tourney
from tourney.cli import cli
from tourney.fs import build_cache
from tourney.fs.output import CACHE, MANIFEST


def _build(folder: Path, output: Path) -> str:
    result = CliRunner().invoke(cli, ["build", str(folder), "-o", str(output)])
    assert result.exit_code == 0, result.output
    return result.output


def _files(output: Path) -> dict[str, bytes]:
    return {
        path.relative_to(output).as_posix(): path.read_bytes()
        for path in sorted(output.rglob("*"))
        if path.is_file() and path.name != CACHE
    }


def _times(output: Path) -> dict[str, int]:
    return {
        path.relative_to(output).as_posix(): path.stat().st_mtime_ns
        for path in output.rglob("*")
        if path.is_file() and path.name != CACHE
    }


@pytest.fixture
def event(tmp_path: Path) -> Path:
    folder = tmp_path / "swiss-open"
    shutil.copytree(EXAMPLES / "swiss-open", folder)
    return folder


def test_nothing_changed_stops_at_the_fingerprint(event: Path, tmp_path: Path) -> None:
    output = tmp_path / "_site"
    first = _build(event, output)
    files = _files(output)
    pages = sum(1 for path in files if path.endswith(".html"))
    site = len(files) - 1  # the manifest is tourney's, not a file of the site
    assert f"{pages} pages; {site} files written, 0 unchanged" in first
    times = _times(output)
    again = _build(event, output)
    assert again.endswith("nothing changed)\n")
    assert f"{pages} pages; 0 files written, {site} unchanged, 0 removed" in again
    assert _times(output) == times
    record = build_cache.read(output)
    assert record is not None and record.pages_count == pages
    assert set(record.files) == set(files)  # the site's files and the manifest


def _result(folder: Path) -> None:
    # round 5, board 2: Ekström - van Dam 0-1 becomes 1-0 (standings, cards, crosstable)
    path = folder / "rounds" / "05.yaml"
    text = path.read_text(encoding="utf-8")
    old = "{white: p07, black: p02, result: 0-1}"
    assert old in text
    path.write_text(text.replace(old, "{white: p07, black: p02, result: 1-0}"), "utf-8")


def _name(folder: Path) -> None:
    path = folder / "players.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"Kok, Stijn"', '"Kok, Stein"'), encoding="utf-8")


def _setting(folder: Path) -> None:
    path = folder / "tournament.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("place: Amsterdam", "place: Haarlem"), encoding="utf-8")


def _language(folder: Path) -> None:
    path = folder / "tournament.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("federation: NED\n", "federation: NED\nlanguage: nl\n", 1), "utf-8"
    )


def _template(folder: Path) -> None:
    # the folder's own template over the shipped one (docs/site.md "Templates")
    own = folder / "templates"
    own.mkdir()
    shipped = (EXAMPLES.parent / "site_templates" / "text.html").read_text(encoding="utf-8")
    (own / "text.html").write_text(shipped.replace("</div>", "<p>own</p></div>"), "utf-8")


def _text_page(folder: Path) -> None:
    path = folder / "pages" / "regulations.md"
    path.write_text(path.read_text(encoding="utf-8") + "\nOne more rule.\n", encoding="utf-8")


def _early_result(folder: Path) -> None:
    # round 2, board 1: every later round's standings, points and cards move
    path = folder / "rounds" / "02.yaml"
    text = path.read_text(encoding="utf-8")
    first = text.index("result: ")
    old = text[first : first + len("result: 1-0")]
    new = {"result: 1-0": "result: 0-1", "result: 0-1": "result: 1-0"}.get(old, "result: 1-0")
    path.write_text(text[:first] + new + text[first + len(old) :], encoding="utf-8")


def _explanation(folder: Path) -> None:
    # round 3's stored explanation (tourney pair's): its round page says it changed
    path = folder / "rounds" / "03.why.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("pairs: 4-7", "pairs: 4-8"), "utf-8")


def _game(folder: Path) -> None:
    # a game of round 1 taken out of games/: round 1's page links it no more
    path = folder / "games" / "01.pgn"
    games = path.read_text(encoding="utf-8").split("\n\n[Event")
    path.write_text("\n\n[Event".join(games[:1] + games[2:]), encoding="utf-8")


def _last_round_gone(folder: Path) -> None:
    # the last round taken back: the navigation of every page changes
    last = sorted((folder / "rounds").glob("*.yaml"))[-1]
    last.unlink()
    last.with_suffix(".why.txt").unlink(missing_ok=True)


@pytest.mark.parametrize(
    "change",
    [
        _result,
        _early_result,
        _name,
        _setting,
        _language,
        _template,
        _text_page,
        _explanation,
        _game,
        _last_round_gone,
    ],
    ids=lambda c: c.__name__,
)
def test_a_rebuild_equals_a_clean_build(
    event: Path, tmp_path: Path, change: Callable[[Path], None]
) -> None:
    output = tmp_path / "_site"
    _build(event, output)
    before = _files(output)
    change(event)
    said = _build(event, output)
    assert "nothing changed" not in said
    clean = tmp_path / "clean"
    _build(event, clean)
    assert _files(output) == _files(clean)
    assert _files(output) != before


def test_a_result_rewrites_only_the_pages_it_changes(event: Path, tmp_path: Path) -> None:
    output = tmp_path / "_site"
    _build(event, output)
    times = _times(output)
    _result(event)
    _build(event, output)
    after = _times(output)
    rewritten = {path for path in after if after[path] != times.get(path)}
    # the pages of rounds 1 to 4 and the other text pages do not move
    assert "round-05.html" in rewritten and "standings.html" in rewritten
    assert not {"round-01.html", "round-04.html", "pages/regulations.html"} & rewritten
    assert "standings-04.html" not in rewritten


def test_a_late_result_builds_no_page_or_ranks_of_the_rounds_before(
    event: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the pages of rounds 1 to 4 are taken whole from the last build, their view models
    # never built, and the ranks after rounds 1 to 4 (the cards' charts) not computed
    from tourney.engine.evaluation import Evaluation
    from tourney.render.site.individual import rounds, standings

    output = tmp_path / "_site"
    _build(event, output)
    made: list[tuple[str, int]] = []

    def spy(kind: str, real: Callable[..., object], at: int) -> Callable[..., object]:
        def call(*args: object, **kwargs: object) -> object:
            number = args[at]
            made.append((kind, number if isinstance(number, int) else number.number))  # type: ignore[attr-defined]
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(rounds, "_round_page", spy("round", rounds._round_page, 1))
    monkeypatch.setattr(rounds, "_alpha", spy("alpha", rounds._alpha, 1))
    monkeypatch.setattr(
        standings, "_standings_page", spy("standings", standings._standings_page, 1)
    )
    monkeypatch.setattr(Evaluation, "ranks", spy("ranks", Evaluation.ranks, 1))
    _result(event)  # round 5
    _build(event, output)
    assert sorted(set(made)) == [("alpha", 5), ("ranks", 5), ("round", 5), ("standings", 5)]
    clean = tmp_path / "clean"
    monkeypatch.undo()
    _build(event, clean)
    assert _files(output) == _files(clean)


def test_another_tourney_version_uses_nothing_of_the_cache(
    event: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    output = tmp_path / "_site"
    _build(event, output)
    first = build_cache.read(output)
    monkeypatch.setattr(tourney, "__version__", "0.0.0-other")
    said = _build(event, output)
    assert "nothing changed" not in said
    second = build_cache.read(output)
    assert first is not None and second is not None
    assert second.fingerprint != first.fingerprint
    assert second.salt != first.salt  # no page rendered by the other version is reused
    assert build_cache.stored_pages(output, first, second.salt) == ({}, {})


def test_a_page_changed_by_hand_is_written_again(event: Path, tmp_path: Path) -> None:
    output = tmp_path / "_site"
    _build(event, output)
    page = output / "round-03.html"
    good = page.read_bytes()
    page.write_bytes(good.replace(b"<main", b"<MAIN", 1))  # same size, another time
    said = _build(event, output)
    assert "nothing changed" not in said
    assert page.read_bytes() == good


def test_a_removed_page_is_written_again(event: Path, tmp_path: Path) -> None:
    output = tmp_path / "_site"
    _build(event, output)
    good = (output / "standings.html").read_bytes()
    (output / "standings.html").unlink()
    _build(event, output)
    assert (output / "standings.html").read_bytes() == good


@pytest.mark.parametrize(
    "cache",
    [b"not json", b"[]", b'{"format": 1}', b'{"format": 1, "fingerprint": 3, "files": []}'],
)
def test_a_broken_cache_is_ignored(event: Path, tmp_path: Path, cache: bytes) -> None:
    output = tmp_path / "_site"
    _build(event, output)
    clean = _files(output)
    (output / CACHE).write_bytes(cache)
    assert "nothing changed" not in _build(event, output)
    assert _files(output) == clean


def test_a_page_file_not_as_the_build_left_it_is_never_taken(event: Path, tmp_path: Path) -> None:
    # a page file replaced (by hand, or a forged cache's page committed with a pull
    # request): its time is not the one the cache recorded, so it is never taken for a
    # page, even when the build takes other pages from the cache
    output = tmp_path / "_site"
    _build(event, output)
    record = json.loads((output / CACHE).read_bytes())
    evil = b"<script>alert(1)</script>".ljust((output / "players.html").stat().st_size)
    for relative, (_size, mtime) in record["files"].items():
        if relative == "players.html":
            (output / relative).write_bytes(evil)
            os.utime(output / relative, ns=(mtime, mtime + 1))
    _setting(event)  # a change: the build takes pages from the cache
    _build(event, output)
    assert b"<script>" not in (output / "players.html").read_bytes()


def test_the_cache_is_not_a_file_of_the_site(event: Path, tmp_path: Path) -> None:
    output = tmp_path / "_site"
    _build(event, output)
    assert (output / CACHE).is_file()
    assert CACHE not in (output / MANIFEST).read_text(encoding="utf-8").split()


def test_build_pdf_and_serve_leave_no_cache_behind(event: Path, tmp_path: Path) -> None:
    # a build that does not record its pages (``--pdf`` here) must not leave the last
    # build's cache saying the output is as it was
    from tourney.app.site import build

    output = tmp_path / "_site"
    _build(event, output)
    build(event, output)  # as ``tourney serve`` builds: no fingerprint
    assert not (output / CACHE).exists()


def test_nothing_changed_prints_the_same_warnings(event: Path, tmp_path: Path) -> None:
    # board 2's comment names Dekker and Kok, its ids are p07 and p02: W204
    path = event / "rounds" / "05.yaml"
    text = path.read_text(encoding="utf-8")
    old = "# 2. Ekström, Kari (2295) - van Dam, Niels (2423)"
    assert old in text
    path.write_text(text.replace(old, "# 2. Dekker, Sofie - Kok, Stijn"), encoding="utf-8")
    output = tmp_path / "_site"
    runner = CliRunner()
    first = runner.invoke(cli, ["build", str(event), "-o", str(output)])
    again = runner.invoke(cli, ["build", str(event), "-o", str(output)])
    assert first.exit_code == again.exit_code == 0
    assert "warning W204: board 2: the comment names other players" in first.stderr
    assert "nothing changed" in again.stdout
    assert again.stderr == first.stderr
