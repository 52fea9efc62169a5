"""``tourney build`` of a league repository's top: each folder's site and a styled home page.

docs/site.md "A league repository". The statuses below are read off the
example folders' own files: club-league/rapid-00..02 have final.yaml
(finished); rapid-03 plans 5 rounds and has rounds 1-2 complete, so round 3
is current; club-championship (a round robin of 5 rounds) has rounds 1-3
complete (round 4); swiss-open plans 7 and has 5 complete (round 6).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from builders import runner

ROOT = Path(__file__).resolve().parents[1]
ROW = re.compile(
    r'<tr><th scope="row"><a href="([^"]+)">([^<]+)</a></th><td class="opt">[^<]*</td>'
    r"<td>[^<]*</td><td>([^<]+)</td>"
)


def repository(tmp_path: Path) -> Path:
    root = tmp_path / "league"
    root.mkdir()
    for name in ("club-league", "swiss-open", "club-championship"):
        shutil.copytree(ROOT / "examples" / name, root / name)
    code, out, err = runner()("new", root / "2027" / "spring", "--format", "swiss")
    assert code == 0, out + err
    return root


def rows(page: str) -> list[tuple[str, str, str]]:
    return ROW.findall(page)


def test_the_home_page_lists_every_tournament_with_where_it_stands(tmp_path: Path) -> None:
    root = repository(tmp_path)
    code, out, err = runner()("build", root, "-o", tmp_path / "site", "-q")
    assert code == 0, out + err
    site = tmp_path / "site"
    page = (site / "index.html").read_text("utf-8")
    assert '<html lang="en">' in page and "<h1>Tournaments</h1>" in page
    # the site's stylesheet, not a bare list
    assert '<link rel="stylesheet" href="static/style.css">' in page
    assert (site / "static" / "style.css").read_bytes() == (
        ROOT / "site_templates" / "static" / "style.css"
    ).read_bytes()
    assert '<h2><a href="club-league/index.html">Schaakclub De Toren</a></h2>' in page
    # the club's tournaments: the running one, then the finished, latest first
    club, others = page.split("<h2>Tournaments</h2>")
    assert rows(club) == [
        ("club-league/rapid-03/index.html", "Rapid Grand Prix 3", "round 3 of 5"),
        ("club-league/rapid-02/index.html", "Rapid Grand Prix 2", "finished"),
        ("club-league/rapid-01/index.html", "Rapid Grand Prix 1", "finished"),
        ("club-league/rapid-00/index.html", "Summer Rapid 2026", "finished"),
    ]
    # outside the club: running ones by start date, then one not started
    assert [(href, status) for href, _, status in rows(others)] == [
        ("club-championship/index.html", "round 4 of 5"),
        ("swiss-open/index.html", "round 6 of 7"),
        ("2027/spring/index.html", "not started"),
    ]
    for href, _, _ in rows(page):
        assert (site / href).is_file(), href
    # every folder's pages lead back to the home page
    crumbs = '<p class="crumbs"><a href="../../index.html">Tournaments</a> › '
    assert crumbs in (site / "2027" / "spring" / "index.html").read_text("utf-8")
    rapid = (site / "club-league" / "rapid-03" / "index.html").read_text("utf-8")
    assert '<a href="../../index.html">Tournaments</a> › <a href="../index.html">' in rapid


def test_the_home_page_speaks_the_folders_language(tmp_path: Path) -> None:
    root = repository(tmp_path)
    club = root / "club-league" / "club.yaml"
    club.write_text(club.read_text("utf-8") + "language: nl\n", encoding="utf-8")
    for folder in ("swiss-open", "2027/spring"):
        path = root / folder / "tournament.yaml"
        path.write_text(path.read_text("utf-8") + "language: nl\n", encoding="utf-8")
    # three folders in Dutch (the club counts once), club-championship in English
    code, out, err = runner()("build", root, "-o", tmp_path / "site", "-q")
    assert code == 0, out + err
    page = (tmp_path / "site" / "index.html").read_text("utf-8")
    assert '<html lang="nl">' in page and "<h1>Toernooien</h1>" in page
    assert '<th scope="col">Toernooi</th>' in page
    statuses = [status for _, _, status in rows(page)]
    assert statuses == [
        "ronde 3 van 5",
        "afgelopen",
        "afgelopen",
        "afgelopen",
        "ronde 4 van 5",
        "ronde 6 van 7",
        "nog niet begonnen",
    ]
    assert "<td>2 okt 2026 – 4 okt 2026</td>" in page  # Dutch dates (CLDR, docs/languages.md)


def test_every_folders_errors_and_nothing_written(tmp_path: Path) -> None:
    root = repository(tmp_path)
    (root / "swiss-open" / "players.yaml").write_text("- {id: p1}\n", encoding="utf-8")
    (root / "2027" / "spring" / "tournament.yaml").write_text("name: x\n", encoding="utf-8")
    code, _, err = runner()("build", root, "-o", tmp_path / "site")
    assert code == 1
    assert "2027/spring/tournament.yaml" in err and "swiss-open/players.yaml" in err
    assert not (tmp_path / "site").exists()


def test_a_folder_name_that_is_not_plain_text(tmp_path: Path) -> None:
    root = tmp_path / "league"
    for name in ("open", "rapid&<blitz>'s"):
        code, out, err = runner()("new", root / name, "--format", "swiss")
        assert code == 0, out + err
    code, out, err = runner()("build", root, "-o", tmp_path / "site", "-q")
    assert code == 0, out + err
    page = (tmp_path / "site" / "index.html").read_text("utf-8")
    hrefs = [href for href, _, _ in rows(page)]
    weird = "_" + b"rapid&<blitz>'s".hex()  # text.slug: hex, with a leading _
    assert sorted(hrefs) == sorted(["open/index.html", f"{weird}/index.html"])
    assert (tmp_path / "site" / weird / "index.html").is_file()
