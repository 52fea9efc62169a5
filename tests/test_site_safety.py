"""The site cannot be turned against its readers or its host.

Hostile names (markup, quotes, Jinja syntax, ``../``, RTL text, emoji) in
players, teams, ids, page slugs and markdown render as text; the writer never
leaves the output folder; rebuilds are byte-identical and rewrite only what
changed; stale files go, files tourney did not write stay.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from site_helpers import EXAMPLES, build

from tourney.app.build import read_theme
from tourney.engine.evaluation import evaluate
from tourney.fs.output import MANIFEST, UnsafePath, check_path, write_tree
from tourney.model import (
    Bye,
    ByeKind,
    Format,
    Game,
    Match,
    Page,
    Player,
    Result,
    Round,
    Settings,
    Team,
    Tournament,
)
from tourney.render.site.pages import render

EVIL = [
    '<script>alert("x")</script>',
    '"><img src=x onerror=alert(1)>',
    "{{ 7*7 }} {% if true %}jinja{% endif %}",
    "O'Brien & Söhne",
    "שלום, עולם",
    "Ченг 🐉♞",
]


def _hostile() -> Tournament:
    players = tuple(
        Player(f"../../evil{i}" if i == 0 else f"P{i}", name, rating=2000 - i, club=name)
        for i, name in enumerate(EVIL)
    )
    ids = [p.id for p in players]
    rounds = (
        Round(
            1,
            games=(
                Game(ids[0], ids[1], Result.WHITE_WINS, 1),
                Game(ids[2], ids[3], Result.DRAW, 2),
                Game(ids[4], ids[5], Result.BLACK_FORFEIT_WIN, 3),
            ),
        ),
        Round(2, games=(Game(ids[1], ids[2], None, 1),), byes=(Bye(ids[0], ByeKind.HALF),)),
    )
    page = Page(
        slug="../../escape",
        title='<b onmouseover="x()">Rules</b>',
        markdown=(
            "# Rules\n\n<script>steal()</script>\n"
            '<a href="javascript:alert(1)">click</a> <img src=x onerror="alert(2)">\n\n'
            "{{ config }} [ok](https://example.org)\n"
        ),
    )
    settings = Settings(
        name='</title><script>alert("t")</script>',
        format=Format.SWISS,
        rounds=3,
        organiser="{{ 7*7 }}",
        website="javascript:alert(1)",
    )
    return Tournament(settings, players=players, rounds=rounds, pages=(page,))


@pytest.fixture(scope="module")
def hostile_site() -> dict[str, bytes]:
    return render(evaluate(_hostile()), read_theme(EXAMPLES / "swiss-open"))


def test_no_injected_markup(hostile_site: dict[str, bytes]) -> None:
    for path, data in hostile_site.items():
        if not path.endswith(".html"):
            continue
        html = data.decode("utf-8")
        assert "<script>alert" not in html, path
        assert "<script>steal" not in html and "steal()" not in html, path
        assert "onerror" not in html.replace("onerror=alert(1)&gt;", ""), path
        assert "javascript:" not in html.replace("javascript:alert(1)</dd>", ""), path
        assert 'onmouseover="' not in html, path
        assert "49" not in re.sub(r"[0-9]{3,}", "", html), f"{path}: Jinja ran a name"
        # The only scripts are the site's own.
        assert re.findall(r"<script[^>]*>", html) == [
            '<script src="' + "../" * path.count("/") + 'static/site.js" defer>'
        ], path


def test_names_render_as_text(hostile_site: dict[str, bytes]) -> None:
    players = hostile_site["players.html"].decode("utf-8")
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in players
    assert "O&#39;Brien &amp; Söhne" in players
    assert "{{ 7*7 }} {% if true %}jinja{% endif %}" in players
    assert "שלום, עולם" in players and "Ченг 🐉♞" in players
    index = hostile_site["index.html"].decode("utf-8")
    assert "<title>&lt;/title&gt;&lt;script&gt;" in index
    # A website that is not http(s) is shown, never linked.
    assert 'href="javascript:' not in index


def test_markdown_is_sanitised(hostile_site: dict[str, bytes]) -> None:
    (path,) = [p for p in hostile_site if p.startswith("pages/")]
    html = hostile_site[path].decode("utf-8")
    assert '<a href="https://example.org" rel="noopener noreferrer">ok</a>' in html
    assert "<a rel=" in html  # the javascript: link lost its href
    assert "{{ config }}" in html


def test_hostile_team_event() -> None:
    players = tuple(Player(f"m{i}", name, rating=2100 - i) for i, name in enumerate(EVIL[:4]))
    teams = (
        Team("../t1", '<script>alert("team")</script>', roster=("m0", "m1")),
        Team("T 2", "{{ 7*7 }} & Co", roster=("m2", "m3")),
    )
    match = Match(
        "../t1",
        "T 2",
        games=(Game("m0", "m2", Result.DRAW, 1), Game("m3", "m1", Result.WHITE_WINS, 2)),
    )
    t = Tournament(
        Settings("Teams", Format.TEAM_SWISS, 3),
        players=players,
        teams=teams,
        rounds=(Round(1, matches=(match,)),),
    )
    files = render(evaluate(t), read_theme(EXAMPLES / "team-league"))
    assert "teams/_2e2e2f7431.html" in files and "teams/_542032.html" in files
    for path, data in files.items():
        assert ".." not in path.split("/"), path
        if path.endswith(".html"):
            html = data.decode("utf-8")
            assert "<script>alert" not in html, path
    round1 = files["round-01.html"].decode("utf-8")
    assert "&lt;script&gt;alert(&#34;team&#34;)&lt;/script&gt;" in round1
    assert "{{ 7*7 }} &amp; Co" in round1
    # Board 2: m3 (T 2) has White and wins: the match is 1½-½ for T 2.
    assert ">½-1½<" in round1 and ">0-2<" in round1


def test_every_path_stays_inside(hostile_site: dict[str, bytes], tmp_path: Path) -> None:
    for path in hostile_site:
        assert ".." not in path.split("/") and not path.startswith("/"), path
    out = tmp_path / "out"
    write_tree(out, hostile_site)
    written = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert written == set(hostile_site) | {MANIFEST}
    assert [p.name for p in tmp_path.iterdir()] == ["out"]


@pytest.mark.parametrize(
    "bad", ["../x.html", "/etc/passwd", "a/../../b", "a//b", "", "a\\..\\b", "./a", MANIFEST]
)
def test_writer_refuses_paths_out(bad: str, tmp_path: Path) -> None:
    with pytest.raises(UnsafePath):
        check_path(tmp_path, bad)
    with pytest.raises(UnsafePath):
        write_tree(tmp_path / "out", {"ok.html": b"x", bad: b"y"})
    assert not (tmp_path / "out").exists()  # refused before anything was written


def test_writer_does_not_follow_symlinks_out(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    os.symlink(outside, out / "players")
    with pytest.raises(UnsafePath):
        write_tree(out, {"players/a.html": b"x"})
    assert list(outside.iterdir()) == []


def test_tampered_manifest_never_deletes_outside(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep")
    out = tmp_path / "out"
    write_tree(out, {"a.html": b"a"})
    (out / MANIFEST).write_text("a.html\n../victim.txt\n")
    write_tree(out, {"b.html": b"b"})
    assert victim.read_text() == "keep"
    assert not (out / "a.html").exists()


def test_unchanged_skipped_stale_removed_foreign_kept(tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = write_tree(out, {"a.html": b"a", "sub/b.html": b"b"})
    assert first.written == ("a.html", "sub/b.html")
    (out / "CNAME").write_text("chess.example.org")
    again = write_tree(out, {"a.html": b"a", "sub/b.html": b"b"})
    assert again.written == () and again.unchanged == 2
    changed = write_tree(out, {"a.html": b"A"})
    assert changed.written == ("a.html",) and changed.removed == ("sub/b.html",)
    assert not (out / "sub").exists()  # the emptied folder went too
    assert (out / "CNAME").read_text() == "chess.example.org"


@pytest.mark.parametrize("example", ["swiss-open", "team-league", "club-league"])
def test_rebuild_is_byte_identical(example: str, tmp_path: Path) -> None:
    first, second = build(EXAMPLES / example), build(EXAMPLES / example)
    assert first == second
    write_tree(tmp_path, first)
    assert write_tree(tmp_path, second).written == ()


def test_no_timestamps_or_absolute_paths() -> None:
    for example in ("swiss-open", "team-league"):
        for path, data in build(EXAMPLES / example).items():
            text = data.decode("utf-8", errors="replace")
            assert str(EXAMPLES) not in text, path
            assert "file://" not in text, path


RENDER = Path(__file__).resolve().parents[1] / "tourney" / "render"
RENDER_MODULES = sorted(
    p.relative_to(RENDER).as_posix()
    for p in (*(RENDER / "site").glob("*.py"), *RENDER.glob("*.py"))
)


@pytest.mark.parametrize("module", RENDER_MODULES)
def test_render_is_pure(module: str) -> None:
    """STYLE habit 1: no files, clock, printing or randomness in the site's renderer."""
    import ast

    source = (RENDER / module).read_text(encoding="utf-8")
    tree = ast.parse(source)
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in ("open", "print", "input"), f"{module}: {node.func.id}()"
    assert not imported & {"os", "pathlib", "time", "random", "shutil", "tempfile", "subprocess"}
