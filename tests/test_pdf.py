"""The printed documents (seed 000 "Printing", US Chess 31D and 31F), rendered with WeasyPrint.

Every expected value is worked out by hand from the example files
(examples/team-league, examples/swiss-open), never pasted from tourney's
output. Tests that turn HTML into PDF skip when WeasyPrint is missing; those
that read the text back skip when poppler-utils (pdftotext, pdfinfo) is.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tourney.cli.print import build_pdfs, command, read_print_theme, write_pdfs
from tourney.load.folder import read_path
from tourney.model import Bye, ByeKind, MatchDecision, Player, Tournament
from tourney.render.pdf import DOCUMENTS, PdfWriter, applicable, document_html, planned
from tourney.render.pdf_common import PrintError, Selection
from tourney.render.site import Theme

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
TEAM = "team-league"
OPEN = "swiss-open"


@cache
def _loaded(example: str) -> tuple[Tournament, Theme, str]:
    obj, _ = read_path(EXAMPLES / example)
    assert isinstance(obj, Tournament)
    theme, css = read_print_theme(EXAMPLES / example)
    return obj, theme, css


def html_of(
    example: str, document: str, t: Tournament | None = None, paper: str = "a4", **selection: Any
) -> str:
    tournament, theme, css = _loaded(example)
    return document_html(t or tournament, document, Selection(**selection), theme, css, paper)


@pytest.fixture(scope="module")
def writer() -> PdfWriter:
    pytest.importorskip("weasyprint")
    return PdfWriter()


def _poppler(tool: str) -> str:
    found = shutil.which(tool)
    if found is None:
        pytest.skip(f"{tool} (poppler-utils) is not installed")
    return found


def text_of(pdf: bytes, tmp_path: Path, page: int | None = None) -> str:
    """The PDF's text (one page, or all), whitespace collapsed."""
    source = tmp_path / "doc.pdf"
    source.write_bytes(pdf)
    pages = ["-f", str(page), "-l", str(page)] if page is not None else []
    out = subprocess.run(
        [_poppler("pdftotext"), "-layout", *pages, str(source), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return " ".join(out.split())


def render(writer: PdfWriter, example: str, document: str, **selection: Any) -> tuple[bytes, int]:
    return writer.render(html_of(example, document, **selection))


# -- match result sheets ---------------------------------------------------------------------


def test_match_sheets_one_page_per_match(writer: PdfWriter, tmp_path: Path) -> None:
    pdf, pages = render(writer, TEAM, "match-sheets", round=2)
    assert pages == 6  # round 2 has six matches
    # Match 3 of round 2: Caissa 1 (team 4) - Groningen 1 (team 10), Caissa White on board 1.
    page = text_of(pdf, tmp_path, page=3)
    assert "Round 2 · Match 3" in page
    assert "4 Caissa 1 – 10 Groningen 1" in page
    # Board 2: Groningen's Maas, Hugo had White against Visser, Nora: ½-½.
    assert "2 B Visser, Nora 2071 ½ ½ W Maas, Hugo 1890" in page
    # Board 4: Bakker, Wout (Groningen's reserve, moved up for the absent Sanders, Anna).
    assert "4 B Bakker, Julia 1715 ½ ½ W Bakker, Wout 1519" in page
    # Game points ½ + ½ + 1 + ½ = 2½ against 1½; match points 2-0 (tournament.yaml).
    assert "Game points 2½ 1½ Game points" in page
    assert "Match points 2 0 Match points" in page
    # Average fielded: Caissa (2329+2071+1971+1715)/4 = 2021.5 -> 2022 (half up);
    # Groningen (2158+1890+1845+1519)/4 = 1853.
    assert "Average rating fielded: 2022 Average rating fielded: 1853" in page
    for line in ("Captain Caissa 1", "Captain Groningen 1", "Arbiter", "IA Marieke de Wit"):
        assert line in page
    assert "FIDE ID" in page
    assert "Page 3 of 6" in page


def test_one_match_by_number_or_by_team(writer: PdfWriter) -> None:
    by_number = render(writer, TEAM, "match-sheets", round=2, match=3)
    by_team = render(writer, TEAM, "match-sheets", round=2, team="Groningen 1")
    assert by_number[1] == 1
    assert by_number == by_team


def test_match_sheet_before_results(writer: PdfWriter, tmp_path: Path) -> None:
    """Empty result boxes and scores while the match is unplayed; FIDE ids printed."""
    t, _, _ = _loaded(TEAM)
    rnd = t.round(3)
    assert rnd is not None
    match = rnd.matches[0]  # Caissa 1 - De Toren 1
    blank = dataclasses.replace(
        match, games=tuple(dataclasses.replace(g, result=None) for g in match.games)
    )
    rounds = tuple(
        dataclasses.replace(r, matches=(blank, *r.matches[1:])) if r.number == 3 else r
        for r in t.rounds
    )
    players = tuple(
        dataclasses.replace(p, fide_id="1503014") if p.id == "m04" else p for p in t.players
    )
    changed = dataclasses.replace(t, rounds=rounds, players=players, _by_id={})
    pdf, pages = writer.render(html_of(TEAM, "match-sheets", t=changed, round=3, match=1))
    page = text_of(pdf, tmp_path)
    assert pages == 1
    assert "1 W Mertens, Emma 2329 1503014 B de Vries, Ilse 2338" in page
    assert "Game points Game points" in page
    assert "Match points Match points" in page


def test_match_forfeited_as_a_whole() -> None:
    t, _, _ = _loaded(TEAM)
    rounds = tuple(
        dataclasses.replace(
            r,
            matches=(
                dataclasses.replace(r.matches[0], decision=MatchDecision.WHITE_TEAM),
                *r.matches[1:],
            ),
        )
        if r.number == 3
        else r
        for r in t.rounds
    )
    changed = dataclasses.replace(t, rounds=rounds, _by_id={})
    html = html_of(TEAM, "match-sheets", t=changed, round=3, match=1)
    assert "Forfeited as a whole, awarded to Caissa 1" in html
    # Every board a forfeit win for Caissa 1; it seated four players: 4-0, 2-0.
    assert html.count('<td class="box">+</td>') == 4
    assert html.count('<td class="box">-</td>') == 4
    assert '<td class="box">4</td><td class="box">0</td>' in html
    assert '<td class="box">2</td><td class="box">0</td>' in html


# -- line-up forms ----------------------------------------------------------------------------


def test_lineup_forms_before_pairing(writer: PdfWriter, tmp_path: Path) -> None:
    pdf, pages = render(writer, TEAM, "lineup-forms")  # round 4: not paired yet
    assert pages == 12  # one form per team
    page = text_of(pdf, tmp_path, page=1)
    assert "Line-up form Round 4" in page
    assert "1 Amstel 1 v" in page
    assert "Opponent: not paired yet" in page
    assert "White" not in page and "Black" not in page
    assert "R1" in page and "R2" in page
    assert "Captain Amstel 1 Date and time Ingrid Bos" in page  # the signature lines
    # The roster for reference: board order, reserve marked.
    assert "5 R Wolters, Tobias 1648" in page


def test_lineup_form_once_paired(writer: PdfWriter, tmp_path: Path) -> None:
    pdf, pages = render(writer, TEAM, "lineup-forms", round=3, team="t2")
    assert pages == 1
    page = text_of(pdf, tmp_path)
    # Round 3, match 6: Domtoren 1 - Amstel 1, Domtoren named first: White on odd boards.
    assert "2 Domtoren 1 v 1 Amstel 1" in page
    assert "Match 6 · Domtoren 1 has White on board 1" in page
    assert "1 White 2 Black 3 White 4 Black R1 R2" in page
    assert "Captain Domtoren 1 Date and time Niels Rossi" in page


# -- every other document ----------------------------------------------------------------------

CASES = [
    # (example, document, selection, pages, expected text)
    (TEAM, "team-pairings", {"round": 2}, 2, [
        "3 4. Caissa 1 2022 2½-1½ 10. Groningen 1 1853 2-0",
    ]),
    (TEAM, "team-standings", {"round": 3}, 1, [
        # Caissa 1: drew 2-2 with Zukertort, beat Groningen 2½-1½ and De Toren 3-1.
        "1 4 Caissa 1 3 2 1 0 5 7½",
    ]),
    (TEAM, "team-crosstable", {}, 1, ["Caissa 1"]),
    (TEAM, "rosters", {"team": "Utrecht 1"}, 1, [
        # Olympiad rule: the best four of 2317, 2071, 1954, 1728, 1593 -> 8070 / 4 = 2017.5.
        "Rating 2018 · Captain: Giulia Lammers · Club: Utrecht",
        "5 R Jonker, Stijn 1593",
        "olympiad: (2317 + 2071 + 1954 + 1728) / 4 = 2017.5",
    ]),
    (TEAM, "board-prizes", {}, 2, [
        # de Vries, Ilse beat Rossi (2338) and Vos (2177), drew Mertens (2329): 2½ of 3,
        # 83.3 %, TPR round(6844 / 3) = 2281 + dp(0.83) = 273 -> 2554 (C.07 10.2).
        "1 de Vries, Ilse 2338 De Toren 1 1 3 2½ 83.3 2554",
        # Dijkstra, Emma played boards 2 and 1: eligible on board 1 only (31B1).
        "Dijkstra, Emma 2158 Groningen 1 1, 2 3 1½ 50.0",
    ]),
    (TEAM, "individual-ranking", {}, 2, [
        # Post, Nora (Utrecht board 3) won all three games.
        "1 Post, Nora 1954 Utrecht 1 3 3 100.0",
    ]),
    (TEAM, "pairing-cards", {"team": "Amstel 1"}, 1, [
        # Olympiad rule: (2339 + 2025 + 2021 + 1666) / 4 = 2012.75 -> 2013.
        "Average rating 2013",
        "1 B 11 Rokade 1 1½-2½ 0 0",
        "2 W 12 Het Spaarne 1 2-2 1 1",
        "3 B 2 Domtoren 1 2½-1½ 2 3",
        "Captain: Ingrid Bos",
        "5 R Wolters, Tobias 1648",
    ]),
    (TEAM, "wall-chart", {}, 4, [
        # Het Spaarne 1 (2177+2176+1876+1858)/4 = 2021.75 is the highest-rated team, so
        # its players are 1-5; Philidor 1 is seventh (2017.5, after Utrecht 1's equal
        # 2017.5 by team number), so its board 1 Schouten, Tobias is number 31; Amstel 1
        # (2012.75) is ninth: Bos, Ingrid 41; Paard van Ree 1 (1996.5) last: Haas, Petra 56.
        # Smit lost to Schouten (White) and Bos (Black), beat Haas (White): 0, 0, 1.
        "L31 L41 W56 1 Smit, Mila 2177 HET 1 w0 b0 w1",
        "6 Mertens, Emma 2329 CAIS",
    ]),
    (TEAM, "players", {}, 2, ["60 players."]),
    (TEAM, "pairings-alpha", {"round": 2}, 2, ["Bakker, Wout"]),
    (OPEN, "pairings", {"round": 5}, 1, [
        # Both had 3½ before round 5 (rounds 1-4 of each).
        "1 4 CM Kuipers, Jan 2415 3½ 1-0 3½ 10 Mulder, Daan 2252",
    ]),
    (OPEN, "pairings-alpha", {"round": 5}, 1, ["Kuipers, Jan"]),
    (OPEN, "standings", {}, 2, ["CM Kuipers, Jan 2415 BEL 4½"]),
    (OPEN, "crosstable", {}, 2, ["CM Kuipers, Jan"]),
    (OPEN, "players", {}, 2, ["CM Kuipers, Jan 2415 BEL 1000211"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("example", "document", "selection", "pages", "expected"),
    CASES,
    ids=[f"{c[0]}-{c[1]}" for c in CASES],
)
def test_document(
    writer: PdfWriter,
    tmp_path: Path,
    example: str,
    document: str,
    selection: dict[str, object],
    pages: int,
    expected: list[str],
) -> None:
    pdf, count = render(writer, example, document, **selection)
    assert count == pages
    text = text_of(pdf, tmp_path)
    for value in expected:
        assert value in text


def test_every_document_is_covered() -> None:
    tested = {(c[0], c[1]) for c in CASES} | {(TEAM, "match-sheets"), (TEAM, "lineup-forms")}
    for example in (TEAM, OPEN):
        t, _, _ = _loaded(example)
        assert {(example, d) for d in applicable(t)} <= tested
    assert {d for _, d in tested} == set(DOCUMENTS)


def test_tables_repeat_headers_and_footer(writer: PdfWriter, tmp_path: Path) -> None:
    pdf, pages = render(writer, TEAM, "players")
    assert pages == 2
    second = text_of(pdf, tmp_path, page=2)
    assert second.startswith("No. Player Rtg Fed FIDE ID Club Team Bd Status")  # again
    assert "Holland Team Cup 2026 · Players Page 2 of 2" in second


def test_names_in_any_european_script(writer: PdfWriter, tmp_path: Path) -> None:
    t, _, _ = _loaded(OPEN)
    names = ["Šťastný, Jiří", "Иванов, Сергей", "Ødegaard, Åse", "Łukasz Żółć", "Ξενάκης, Γιάννης"]
    players = list(t.players)
    for index, name in enumerate(names):
        players[index] = dataclasses.replace(players[index], name=name)
    changed = dataclasses.replace(t, players=tuple(players), _by_id={})
    pdf, _ = writer.render(html_of(OPEN, "pairings-alpha", t=changed, round=1))
    text = text_of(pdf, tmp_path)
    for name in names:
        assert name in text
    source = tmp_path / "fonts.pdf"
    source.write_bytes(pdf)
    fonts = subprocess.run(
        [_poppler("pdffonts"), str(source)], check=True, capture_output=True, text=True
    ).stdout
    embedded = [line.split()[0].split("+")[-1] for line in fonts.splitlines()[2:]]
    assert embedded and all(name.startswith("DejaVu-Sans") for name in embedded)


def test_pages_rasterise_as_a4(writer: PdfWriter, tmp_path: Path) -> None:
    """pdftoppm turns a sheet into a PNG (look at them with `pdftoppm -png -r 80`)."""
    pdf, _ = render(writer, TEAM, "match-sheets", round=2, match=3)
    (tmp_path / "sheet.pdf").write_bytes(pdf)
    subprocess.run(
        [_poppler("pdftoppm"), "-png", "-r", "30", "-singlefile", "sheet.pdf", "sheet"],
        check=True,
        cwd=tmp_path,
    )
    png = (tmp_path / "sheet.png").read_bytes()
    assert png.startswith(b"\x89PNG")
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (249, 351)  # 210 x 297 mm at 30 dpi: 248.0 x 350.8, rounded up


def test_letter_paper(writer: PdfWriter, tmp_path: Path) -> None:
    pdf, _ = writer.render(html_of(OPEN, "pairings", paper="letter", round=5))
    source = tmp_path / "letter.pdf"
    source.write_bytes(pdf)
    info = subprocess.run(
        [_poppler("pdfinfo"), str(source)], check=True, capture_output=True, text=True
    ).stdout
    assert "612 x 792 pts (letter)" in info


# -- determinism and the build -------------------------------------------------------------------


def test_byte_identical(writer: PdfWriter) -> None:
    first, _ = render(writer, TEAM, "match-sheets", round=1, match=1)
    second = PdfWriter()(html_of(TEAM, "match-sheets", round=1, match=1))  # a fresh writer
    assert first == second
    assert b"CreationDate" not in first and b"ModDate" not in first


def test_planned_set_of_a_team_event() -> None:
    t, _, _ = _loaded(TEAM)
    files = [p.file for p in planned(t)]
    assert files == [
        "pairings-alpha-round-03.pdf",
        "players.pdf",
        "team-pairings-round-03.pdf",
        "team-standings-after-03.pdf",
        "team-crosstable-after-03.pdf",
        "match-sheets-round-03.pdf",
        "lineup-forms-round-04.pdf",  # rounds 1-3 are complete: the next round
        "rosters.pdf",
        "board-prizes-after-03.pdf",
        "individual-ranking-after-03.pdf",
        "pairing-cards.pdf",
        "wall-chart.pdf",
    ]
    assert [p.file for p in planned(t, round_no=2)][:1] == ["pairings-alpha-round-02.pdf"]


def test_build_pdfs_renders_only_what_changed(writer: PdfWriter, tmp_path: Path) -> None:
    t, _, _ = _loaded(OPEN)
    paths = write_pdfs(EXAMPLES / OPEN, tmp_path, quiet=True)  # tourney build --pdf
    folder = tmp_path / "pdf"
    assert paths == [
        folder / "pairings-round-05.pdf",
        folder / "pairings-alpha-round-05.pdf",
        folder / "standings-after-05.pdf",
        folder / "crosstable-after-05.pdf",
        folder / "players.pdf",
    ]
    before = {p.name: p.read_bytes() for p in paths}
    calls: list[str] = []
    again = build_pdfs(EXAMPLES / OPEN, t, folder, progress=lambda d, n, f: calls.append(f))
    assert calls == []  # nothing changed: nothing rendered
    assert {p.name: p.read_bytes() for p in again} == before
    (folder / "players.pdf").unlink()
    build_pdfs(EXAMPLES / OPEN, t, folder, progress=lambda d, n, f: calls.append(f))
    assert [c for c in calls if c] == ["players.pdf"]
    assert (folder / "players.pdf").read_bytes() == before["players.pdf"]


# -- the command ----------------------------------------------------------------------------------


def test_print_command_writes_a_pdf(writer: PdfWriter, tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    result = CliRunner().invoke(
        command, [str(EXAMPLES / OPEN), "pairings", "--round", "5", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")
    assert "pairings, 1 page" in result.output


def test_print_command_html(tmp_path: Path) -> None:
    out = tmp_path / "forms.html"
    result = CliRunner().invoke(
        command,
        [str(EXAMPLES / TEAM), "lineup-forms", "--team", "caissa 1", "--html", "-o", str(out)],
    )
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert "Caissa 1" in html and "size: A4" in html and "Amstel 1" not in html


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([TEAM, "rosters", "--team", "Ajax"], "unknown team 'Ajax'"),
        ([TEAM, "rosters", "--match", "1"], "--match does not apply to rosters"),
        ([TEAM, "standings"], "standings is not printed for a team event"),
        ([OPEN, "match-sheets"], "match-sheets is not printed for an individual event"),
        ([TEAM, "match-sheets", "--round", "5"], "round 5 is not paired"),
        ([TEAM, "match-sheets", "--round", "1", "--match", "9"], "round 1 has no match 9"),
        ([TEAM, "individual-ranking", "--series", "A"], "no team plays in series 'A'"),
        ([TEAM, "players", "--round", "1"], "--round does not apply to players"),
        ([TEAM, "match-sheet"], "did you mean 'match-sheets'?"),
    ],
)
def test_print_command_refuses_bad_selections(args: list[str], message: str) -> None:
    args = [str(EXAMPLES / args[0]), *args[1:], "--html", "-o", "/nonexistent/x.html"]
    result = CliRunner().invoke(command, args)
    assert result.exit_code == 2
    assert message in result.output


def test_before_round_one() -> None:
    """A new team event: line-up forms for round 1 (no opponent), rosters, blank cards."""
    t, _, _ = _loaded(TEAM)
    fresh = dataclasses.replace(t, rounds=(), _by_id={})
    plan = planned(fresh)
    assert [p.file for p in plan] == [
        "players.pdf",
        "lineup-forms-round-01.pdf",
        "rosters.pdf",
        "pairing-cards.pdf",
    ]
    for p in plan:
        assert "Amstel 1" in html_of(TEAM, p.document, t=fresh, **dataclasses.asdict(p.selection))
    forms = html_of(TEAM, "lineup-forms", t=fresh, team="t1")
    assert "Opponent: not paired yet" in forms
    with pytest.raises(PrintError, match="no round is paired yet"):
        html_of(TEAM, "match-sheets", t=fresh)


def test_lineup_form_of_a_team_without_a_match() -> None:
    t, _, _ = _loaded(TEAM)
    rounds = tuple(
        dataclasses.replace(r, matches=r.matches[:5], byes=(Bye("t2", ByeKind.PAB),))
        if r.number == 3
        else r
        for r in t.rounds
    )
    changed = dataclasses.replace(t, rounds=rounds, _by_id={})
    assert "no match in round 3: pairing-allocated bye" in html_of(
        TEAM, "lineup-forms", t=changed, round=3, team="t2"
    )
    assert "not paired in round 3" in html_of(TEAM, "lineup-forms", t=changed, round=3, team="t1")


def test_every_document_is_documented() -> None:
    doc = (ROOT / "docs" / "printing.md").read_text(encoding="utf-8")
    helptext = command.help or ""
    for name in DOCUMENTS:
        assert f"| `{name}` |" in doc, name
        assert name in helptext, name


def test_build_raises_print_error_for_unknown_document() -> None:
    t, _, _ = _loaded(OPEN)
    with pytest.raises(PrintError, match="unknown document"):
        html_of(OPEN, "scoresheets")
    assert t.is_team is False


# -- purity ----------------------------------------------------------------------------------------

PRINT_MODULES = sorted((ROOT / "tourney" / "render").glob("pdf*.py"))


@pytest.mark.parametrize("path", PRINT_MODULES, ids=[p.stem for p in PRINT_MODULES])
def test_print_modules_are_pure(path: Path) -> None:
    """STYLE habit 1: no files, clock, printing or randomness under render/."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in ("open", "print", "input"), node.func.id
    assert not imported & {"os", "pathlib", "time", "random", "shutil", "tempfile", "subprocess"}


def test_player_names_are_escaped() -> None:
    t, _, _ = _loaded(OPEN)
    players = (Player("x1", "<b>Bold</b> & Co", start=1), *t.players[1:])
    changed = dataclasses.replace(t, players=players, _by_id={})
    rounds = tuple(
        dataclasses.replace(
            r,
            games=tuple(
                dataclasses.replace(
                    g,
                    white="x1" if g.white == t.players[0].id else g.white,
                    black="x1" if g.black == t.players[0].id else g.black,
                )
                for g in r.games
            ),
        )
        for r in changed.rounds
    )
    changed = dataclasses.replace(changed, rounds=rounds, _by_id={})
    html = html_of(OPEN, "players", t=changed)
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; Co" in html
    assert "<b>Bold" not in html
    assert re.search(r"<style>", html)
