"""``tourney build`` and ``tourney serve`` end to end on copies of the examples."""

from __future__ import annotations

import shutil
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from serve_helpers import serving, wait_for
from site_helpers import EXAMPLES, EXTERNAL, build, links_of, resolve

from tourney.app import serve
from tourney.app.build import build_site
from tourney.app.serve import STATE_URL
from tourney.cli import cli
from tourney.fs.output import MANIFEST


def run(*args: str) -> tuple[int, str, str]:
    # Through the command group, as a user types it: invoking the command object alone
    # would leave it with a help option without -h (click caches it), and docs/cli.md's
    # check would then see that.
    result = CliRunner().invoke(cli, ["build", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "swiss-open"
    shutil.copytree(EXAMPLES / "swiss-open", target)
    return target


def test_build_writes_the_site(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    code, stdout, _ = run(str(folder), "-o", str(out))
    assert code == 0, stdout
    assert (out / "index.html").is_file() and (out / ".nojekyll").is_file()
    assert (out / "static" / "style.css").is_file()
    assert "files written" in stdout
    code, stdout, _ = run(str(folder), "-o", str(out))
    assert code == 0 and " 0 files written" in stdout


def test_one_result_rewrites_only_what_it_changes(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert run(str(folder), "-o", str(out))[0] == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    round5 = folder / "rounds" / "05.yaml"
    text = round5.read_text(encoding="utf-8")
    # Board 18: Mulder, Giulia (p36) - Novak, Lotte (p41) 1-0 becomes a draw.
    board = "{white: p36, black: p41, result: 1-0}"
    assert text.count(board) == 1
    round5.write_text(text.replace(board, "{white: p36, black: p41, result: ½-½}"), "utf-8")
    built = build_site(folder, out)
    written = set(built.report.written)
    assert "round-05.html" in written and "standings.html" in written
    assert "players/p36.html" in written and "players/p41.html" in written
    assert "round-01.html" not in written and "standings-04.html" not in written
    assert len(written) < len(before) / 2
    assert built.report.removed == ()


def test_errors_write_nothing(folder: Path, tmp_path: Path) -> None:
    (folder / "rounds" / "05.yaml").write_text("boards:\n  - {white: p01, black: nobody}\n")
    out = tmp_path / "site"
    code, _, stderr = run(str(folder), "-o", str(out))
    assert code == 1
    assert "05.yaml" in stderr and "nothing was written" in stderr
    assert not out.exists()


def test_output_may_not_hold_the_folder(folder: Path) -> None:
    code, _, stderr = run(str(folder), "-o", str(folder))
    assert code == 1 and "would hold the tournament folder" in stderr
    code, _, _ = run(str(folder), "-o", str(folder.parent))
    assert code == 1


def test_folder_templates_override_ours(folder: Path, tmp_path: Path) -> None:
    (folder / "templates").mkdir()
    (folder / "templates" / "schedule.html").write_text(
        '{% extends "base.html" %}{% block content %}<p id="mine">{{ page.rounds | length }} '
        "rounds</p>{% endblock %}",
        encoding="utf-8",
    )
    out = tmp_path / "site"
    assert run(str(folder), "-o", str(out))[0] == 0
    assert '<p id="mine">7 rounds</p>' in (out / "schedule.html").read_text(encoding="utf-8")


def test_a_broken_template_points_at_its_line(folder: Path, tmp_path: Path) -> None:
    (folder / "templates").mkdir()
    (folder / "templates" / "schedule.html").write_text(
        '{% extends "base.html" %}\n{% block content %}\n{{ page.no_such_field }}\n{% endblock %}\n',
        encoding="utf-8",
    )
    code, _, stderr = run(str(folder), "-o", str(tmp_path / "site"))
    assert code == 1
    assert "schedule.html:3" in stderr and "no_such_field" in stderr


@pytest.mark.parametrize(
    "example", ["swiss-open", "team-league", "club-championship", "club-league"]
)
def test_every_link_resolves(example: str) -> None:
    """Relative links only, and each one leads to a file of the site (and an existing anchor)."""
    files = build(EXAMPLES / example)
    ids = {p: links_of(d.decode("utf-8"))[1] for p, d in files.items() if p.endswith(".html")}
    for page in ids:
        for link in links_of(files[page].decode("utf-8"))[0]:
            if EXTERNAL.match(link):
                continue
            assert not link.startswith("/"), f"{page}: absolute link {link}"
            target, fragment = resolve(page, link)
            assert target in files, f"{page}: broken link {link}"
            if fragment and target.endswith(".html"):
                assert fragment in ids[target], f"{page}: no #{fragment} in {target}"


# -- serve ----------------------------------------------------------------------------------


@pytest.fixture
def preview(folder: Path, tmp_path: Path) -> Iterator[tuple[serve.Preview, str]]:
    state = serve.Preview(folder, tmp_path / "site")
    assert state.rebuild()
    server = serve.make_server(state, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield state, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return str(response.read().decode("utf-8"))


def test_serve_keeps_the_last_good_build_and_shows_errors(
    preview: tuple[serve.Preview, str], folder: Path
) -> None:
    state, base = preview
    page = fetch(base + "/standings.html")
    assert "Kuipers, Jan" in page and 'role="alert"' not in page
    settings = folder / "tournament.yaml"
    good = settings.read_text(encoding="utf-8")
    settings.write_text(good.replace("format: swiss", "format: swis"), encoding="utf-8")
    assert not state.rebuild()
    page = fetch(base + "/standings.html")
    assert "Kuipers, Jan" in page  # still the last good build
    assert 'role="alert"' in page and "tournament.yaml:3" in page
    assert fetch(base + serve.STATE_URL).startswith('{"build": 2')
    settings.write_text(good, encoding="utf-8")
    assert state.rebuild()
    assert 'role="alert"' not in fetch(base + "/standings.html")
    # The files on disk are what `tourney build` writes: no banner, no reload script.
    assert "__tourney" not in (state.output / "standings.html").read_text(encoding="utf-8")


def test_serve_binds_to_localhost_only(preview: tuple[serve.Preview, str]) -> None:
    assert preview[1].startswith("http://127.0.0.1:")


def test_debounce_turns_a_burst_into_one_rebuild() -> None:
    calls: list[float] = []
    debouncer = serve.Debouncer(lambda: calls.append(time.monotonic()), delay=0.1)
    for _ in range(8):
        debouncer.poke()
    time.sleep(0.4)
    assert len(calls) == 1


def test_relevant_changes(folder: Path, tmp_path: Path) -> None:
    out = folder / "_site"
    assert serve.relevant(str(folder / "rounds" / "05.yaml"), folder, out)
    assert not serve.relevant(str(out / "index.html"), folder, out)
    assert not serve.relevant(str(folder / ".git" / "index"), folder, out)
    assert not serve.relevant(str(folder / "rounds" / ".05.yaml.swp"), folder, out)
    assert not serve.relevant(str(tmp_path / "elsewhere.yaml"), folder, out)


def test_watch_rebuilds_after_a_save(folder: Path, tmp_path: Path) -> None:
    state = serve.Preview(folder, tmp_path / "site")
    assert state.rebuild()
    debouncer = serve.Debouncer(state.rebuild, delay=0.2)
    observer = serve.watch(state, debouncer.poke)
    try:
        page = folder / "pages" / "regulations.md"
        page.write_text("# Regulations\n\nChanged today.\n", encoding="utf-8")
        deadline = time.monotonic() + 10
        target = state.output / "pages" / "regulations.html"
        while time.monotonic() < deadline and "Changed today" not in target.read_text("utf-8"):
            time.sleep(0.1)
        assert "Changed today" in target.read_text(encoding="utf-8")
    finally:
        debouncer.cancel()
        observer.stop()
        observer.join(timeout=5)
    assert MANIFEST not in {p.name for p in folder.iterdir()}


# -- serve, the real use case on a free port (tests/serve_helpers.py) -------------------------


def _replace(path: Path, old: str, new: str) -> None:
    """Save ``path`` with one change, in one step, as an editor's atomic save does."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text.replace(old, new, 1), encoding="utf-8")
    temporary.replace(path)


def test_serve_serves_the_site_and_rebuilds_a_changed_result(folder: Path, tmp_path: Path) -> None:
    # Round 5, board 1: Dekker (3.5 points) drew with Kuipers (4). Made a win for Dekker,
    # she has 3.5 - 0.5 + 1 = 4 and Kuipers 4 - 0.5 = 3.5.
    dekker, kuipers = '"Dekker, Sofie",FM,2430,NED,', '"Kuipers, Jan",CM,2415,BEL,'

    def probe(base: str) -> tuple[str, str, str]:
        index = fetch(base + "/index.html")
        before = fetch(base + "/standings.csv")
        _replace(
            folder / "rounds" / "05.yaml",
            "{white: p01, black: p04, result: ½-½}",
            "{white: p01, black: p04, result: 1-0}",
        )
        wait_for(lambda: dekker + "4," in fetch(base + "/standings.csv"))
        return index, before, fetch(base + "/standings.csv")

    printed, (index, before, after) = serving(folder, tmp_path / "site", probe)
    assert "Amstel Autumn Open 2026" in index and "__tourney/state" in index
    assert dekker + "3.5," in before and kuipers + "4," in before
    assert dekker + "4," in after and kuipers + "3.5," in after
    assert dekker + "4," in (tmp_path / "site" / "standings.csv").read_text(encoding="utf-8")
    assert sum(line.endswith("] rebuilt") for line in printed) >= 2  # the first build, then


def test_serve_stops_a_template_that_loops_like_build_does(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rebuild after a change runs under build's time limit (docs/security.md)."""
    import tourney.app.build as build_module

    monkeypatch.setattr(build_module, "TEMPLATE_SECONDS", 1.0)
    loop = "{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}"

    def probe(base: str) -> tuple[str, str]:
        good = fetch(base + "/standings.html")
        (folder / "templates").mkdir()
        (folder / "templates" / "base.html").write_text(f"x\n{loop}\n", encoding="utf-8")
        wait_for(lambda: "rendered for more than 1 s" in fetch(base + STATE_URL), seconds=30)
        return good, fetch(base + "/standings.html")

    printed, (good, page) = serving(folder, tmp_path / "site", probe)
    assert "Kuipers, Jan" in good and 'role="alert"' not in good
    assert "Kuipers, Jan" in page  # the last good build is still served
    assert 'role="alert"' in page and "rendered for more than 1 s" in page
    errors = [line for line in printed if ": error E430: template error:" in line]
    assert errors and errors[-1].startswith(str(folder / "templates" / "base.html") + ":2: ")
