"""The printed documents (docs/teams.md "Printing", US Chess 31D and 31F), rendered with WeasyPrint.

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

from tourney.app.print import build_pdfs, read_print_theme, write_pdfs
from tourney.cli.print import command
from tourney.engine.evaluation import evaluate
from tourney.load.folder import read_path
from tourney.model import Bye, ByeKind, MatchDecision, Player, Tournament
from tourney.render.pdf.common import PrintError, Selection
from tourney.render.pdf.documents import DOCUMENTS, PdfWriter, applicable, document_html, planned
from tourney.render.site.pages import Theme

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
    return document_html(
        evaluate(t or tournament), document, Selection(**selection), theme, css, paper
    )


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
    # Match 2 of round 2: De Toren 1 (start 4 in teams.yaml) - Philidor 1 (start 7),
    # De Toren White on board 1. m03 (De Toren board 1) is absent in round 2 (players.yaml).
    page = text_of(pdf, tmp_path, page=2)
    # round 2 on 2026-10-10 at 13:30 (round_dates), at De Toren 1's venue (teams.yaml)
    assert "Round 2 · 2026-10-10 13:30 · Match 2" in page
    assert "Venue: Schaakcentrum De Toren, Arnhem" in page
    assert "4 De Toren 1 – 7 Philidor 1" in page
    # Board 2: Philidor's Prins, Koen had White against Rossi, Ingrid: 1-0.
    assert "2 B Rossi, Ingrid 1985 0 1 W Prins, Koen 2139" in page
    # Board 4: Prins, Lars (De Toren's reserve, moved up for the absent de Vries, Ilse).
    assert "4 B Prins, Lars 1638 0 1 W Jacobs, Anna 1820" in page
    # Game points 0 + 0 + ½ + 0 = ½ against 3½; match points 0-2 (tournament.yaml).
    assert "Game points ½ 3½ Game points" in page
    assert "Match points 0 2 Match points" in page
    # Average fielded: De Toren (2052+1985+1704+1638)/4 = 1844.75 -> 1845;
    # Philidor (2197+2139+1914+1820)/4 = 2017.5 -> 2018 (half up).
    assert "Average rating fielded: 1845 Average rating fielded: 2018" in page
    for line in ("Captain De Toren 1", "Captain Philidor 1", "Arbiter", "IA Marieke de Wit"):
        assert line in page
    assert "FIDE ID" in page
    assert "Page 2 of 6" in page


def test_one_match_by_number_or_by_team(writer: PdfWriter) -> None:
    by_number = render(writer, TEAM, "match-sheets", round=2, match=3)
    by_team = render(writer, TEAM, "match-sheets", round=2, team="Kennemer 1")  # match 3
    assert by_number[1] == 1
    assert by_number == by_team


def test_match_sheet_before_results(writer: PdfWriter, tmp_path: Path) -> None:
    """Empty result boxes and scores while the match is unplayed; FIDE ids printed."""
    t, _, _ = _loaded(TEAM)
    rnd = t.round(3)
    assert rnd is not None
    match = rnd.matches[0]  # Philidor 1 - Utrecht 1
    blank = dataclasses.replace(
        match, games=tuple(dataclasses.replace(g, result=None) for g in match.games)
    )
    rounds = tuple(
        dataclasses.replace(r, matches=(blank, *r.matches[1:])) if r.number == 3 else r
        for r in t.rounds
    )
    players = tuple(
        dataclasses.replace(p, fide_id="1503014") if p.id == "m09" else p for p in t.players
    )
    changed = dataclasses.replace(t, rounds=rounds, players=players)
    pdf, pages = writer.render(html_of(TEAM, "match-sheets", t=changed, round=3, match=1))
    page = text_of(pdf, tmp_path)
    assert pages == 1
    # Round 3, board 1.1: Schouten, Tobias (m09, 2197) - Lammers, Giulia (m05, 2317).
    assert "1 W Schouten, Tobias 2197 1503014 B Lammers, Giulia 2317" in page
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
    changed = dataclasses.replace(t, rounds=rounds)
    html = html_of(TEAM, "match-sheets", t=changed, round=3, match=1)
    # Round 3, match 1: Philidor 1 (White team) - Utrecht 1.
    assert "Forfeited as a whole, awarded to Philidor 1" in html
    # Every board a forfeit win for Philidor 1; it seated four players: 4-0, 2-0.
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
    # Forms in starting-number order: start 1 is Het Spaarne 1 (teams.yaml, t12).
    assert "1 Het Spaarne 1 v" in page
    assert "Opponent: not paired yet" in page
    assert "White" not in page and "Black" not in page
    assert "R1" in page and "R2" in page
    assert "Captain Het Spaarne 1 Date and time Mila Smit" in page  # the signature lines
    # The roster for reference: board order, reserve marked (t12 roster: m60 is fifth).
    assert "5 R de Vries, Sem 1501" in page


def test_lineup_form_once_paired(writer: PdfWriter, tmp_path: Path) -> None:
    pdf, pages = render(writer, TEAM, "lineup-forms", round=3, team="t4")
    assert pages == 1
    page = text_of(pdf, tmp_path)
    # Round 3, match 5: Caissa 1 (start 2) - Domtoren 1 (start 10), Caissa named first:
    # White on odd boards.
    assert "2 Caissa 1 v 10 Domtoren 1" in page
    assert "Match 5 · Caissa 1 has White on board 1" in page
    assert "1 White 2 Black 3 White 4 Black R1 R2" in page
    assert "Captain Caissa 1 Date and time Emma Mertens" in page
    # the round's Saturday 13:30 (round_dates), at the first-named Caissa 1's venue (teams.yaml)
    assert "Round 3 · 2026-11-07 13:30" in page
    assert "Venue: Huis van de Wijk, Amsterdam" in page


# -- every other document ----------------------------------------------------------------------

CASES = [
    # (example, document, selection, pages, expected text)
    (TEAM, "team-pairings", {"round": 2}, 2, [
        # Match 3: Caissa 1 (start 2) ½+0+1+0 = 1½, Kennemer 1 (start 11) ½+1+0+1 = 2½.
        # Fielded: (2329+2071+1971+1715)/4 = 2021.5 -> 2022; (2207+2115+1933+1775)/4 = 2007.5
        # -> 2008.
        "3 2. Caissa 1 2022 1½-2½ 11. Kennemer 1 2008 0-2",
    ]),
    (TEAM, "team-pairings", {"round": 3}, 2, [
        # Round 3, match 1 Philidor 1 - Utrecht 1 (rounds/03.yaml): Philidor's player first
        # on every board, its colour marked; board 2 m20 Dekker (Utrecht, White) drew m16
        # Prins; board 4 m44 Groen (Utrecht, White) lost 0-1 to m40 Jacobs: 1-0 for Philidor.
        "1 W Schouten, Tobias 2197 ½-½ B Lammers, Giulia 2317",
        "2 B Prins, Koen 2139 ½-½ W Dekker, Niels 2071",
        "4 B Jacobs, Anna 1820 1-0 W Groen, Mila 1728",
        # its own venue (rounds/03.yaml), not Philidor 1's
        "Venue: Sporthal Kalverdijkje, Leeuwarden",
    ]),
    (TEAM, "team-standings", {"round": 3}, 1, [
        # tie-breaks GP, EDE, EMGSB (tournament.yaml): GP printed once, in its own column.
        "MP GP EDE EMGSB Avg",
        # Philidor 1 (start 7): beat Het Spaarne 3-1, De Toren 3½-½ and Utrecht 3-1: three
        # wins, 6 match points, 9½ game points; next best Kennemer 1 with 5 MP.
        "1 7 Philidor 1 3 3 0 0 6 9½",
    ]),
    (TEAM, "team-crosstable", {}, 1, ["Caissa 1"]),
    (TEAM, "rosters", {"team": "Utrecht 1"}, 1, [
        # Olympiad rule: the best four of 2317, 2071, 1954, 1728, 1593 -> 8070 / 4 = 2017.5.
        "Rating 2018 · Captain: Giulia Lammers · Club: Utrecht",
        "5 R Jonker, Stijn 1593",
        "olympiad: (2317 + 2071 + 1954 + 1728) / 4 = 2017.5",
    ]),
    (TEAM, "board-prizes", {}, 2, [
        # Board 1: Mertens, Emma beat Peters (2203) and Rossi (2338), drew Kuipers (2207):
        # 2½ of 3, 83.3 %, TPR round(6748 / 3) = 2249 + dp(0.83) = 273 -> 2522 (C.07 10.2).
        # Schouten, Tobias beat Smit (2177) and Sanders, Tara (2052), drew Lammers (2317):
        # also 2½ of 3, so both rank 1 (Mertens first by rating); TPR round(6546 / 3) =
        # 2182 + 273 -> 2455.
        "1 Mertens, Emma 2329 Caissa 1 1 3 2½ 83.3 2522",
        "1 Schouten, Tobias 2197 Philidor 1 1 3 2½ 83.3 2455",
        # Sanders, Tara played board 2 in rounds 1 and 3 and board 1 in round 2 (for the
        # absent m03): eligible on board 1 only (31B1). Beat Bos, Noor (2041), lost to
        # Schouten (2197) and Maas, Sven (2136): 1 of 3, 33.3 %, TPR round(6374 / 3) = 2125
        # + dp(0.33) = -125 -> 2000.
        "Sanders, Tara 2052 De Toren 1 1, 2 3 1 33.3 2000",
    ]),
    (TEAM, "individual-ranking", {}, 2, [
        # Jacobs, Anna (Philidor board 4) beat Meijer, Finn, Prins, Lars and Groen, Mila: the
        # only player with three wins of three.
        "1 Jacobs, Anna 1820 Philidor 1 3 3 100.0",
    ]),
    (TEAM, "pairing-cards", {"team": "Amstel 1"}, 1, [
        # Olympiad rule: (2339 + 2025 + 2021 + 1666) / 4 = 2012.75 -> 2013.
        "Average rating 2013",
        # Opponents by start number (teams.yaml): r1 Black v Rokade 1 (3), 1½-2½, 0 MP;
        # r2 White v Paard van Ree 1 (12): ½+1+1+1 = 3½-½, 2 MP; r3 Black v Groningen 1 (5):
        # ½+1+½+0 = 2-2, 1 MP; running total 0, 2, 3.
        "1 B 3 Rokade 1 1½-2½ 0 0",
        "2 W 12 Paard van Ree 1 3½-½ 2 2",
        "3 B 5 Groningen 1 2-2 1 3",
        "Captain: Ingrid Bos",
        "5 R Wolters, Tobias 1648",
    ]),
    (TEAM, "wall-chart", {}, 4, [
        # Players are numbered five per team in the teams' starting order (teams.yaml):
        # Het Spaarne 1 (start 1) has 1-5, Caissa 1 (start 2) 6-10, Philidor 1 (start 7)
        # 31-35, Domtoren 1 (start 10) 46-50, Paard van Ree 1 (start 12) 56-60.
        # Smit lost to Schouten, Tobias (31) with White and to Rossi, Niels (46) with Black,
        # beat Haas, Petra (56) with White: running 0, 0, 1.
        "L31 L46 W56 1 Smit, Mila 2177 HET 1 w0 b0 w1",
        "6 Mertens, Emma 2329 CAIS",
    ]),
    (TEAM, "players", {}, 2, ["60 players."]),
    (TEAM, "pairings-alpha", {"round": 2}, 2, ["Bakker, Wout"]),
    (OPEN, "pairings", {"round": 5}, 1, [
        # Before round 5: Dekker 1 + ½ + 1 + ½ = 3, Kuipers 1 + 1 + ½ + 1 = 3½.
        "1 1 FM Dekker, Sofie 2430 3 ½-½ 3½ 4 CM Kuipers, Jan 2415",
    ]),
    (OPEN, "pairings-alpha", {"round": 5}, 1, ["Kuipers, Jan"]),
    (OPEN, "pairings-poster", {"round": 5}, 2, ["CM Kuipers, Jan"]),
    # 41 cards, three to a page (none split across pages): 14 pages. Dekker (1) in round 5
    # met Kuipers (4) on 3 against 3½: an upfloat (C.04.3 A.4 b).
    (OPEN, "pairing-cards", {}, 14, ["5 4 Kuipers, Jan W ½ 3½ ↑"]),
    (OPEN, "standings", {}, 1, [  # 41 lines and the legend on one A4
        # Kuipers 4 points, first of the four on 4 by BH/C1: opponents' scores p24 2½,
        # p11 3, p07 3½, p05 2½, p01 3½ = BH 15, cut 2½ -> 12.5 (van Dam, Niels: 12).
        "1 4 CM Kuipers, Jan 2415 BEL 4 12.5 15",
    ]),
    (OPEN, "crosstable", {}, 1, ["CM Kuipers, Jan"]),  # 41 players: one landscape page (issue 32)
    (OPEN, "players", {}, 1, ["CM Kuipers, Jan 2415 BEL 1000211"]),
    (OPEN, "prizes", {}, 1, [
        # tournament.yaml: places [500, 300, 200, 100], Hort. After round 5 p04, p02, p03,
        # p09 share places 1-4 on 4 points: pool 1100, 550 / 4 = 137.50 each plus 250, 150,
        # 100, 50; Kuipers first by the tie-breaks: 137.50 + 250 = 387.50.
        "1-4 CM Kuipers, Jan 2415 BEL 4 387.50 EUR",
        # 1800-1999 [60, 40]: van Dam, Marc (1985), 3½, first in that band.
        "1 van Dam, Marc 1985 GER 3½ 60.00 EUR",
    ]),
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
    changed = dataclasses.replace(t, players=tuple(players))
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


def test_the_stylesheet_parsed_once_gives_the_same_bytes(writer: PdfWriter) -> None:
    """PdfWriter parses print.css once for every document (as a user stylesheet, taken
    out of the HTML): the PDF is byte for byte the one of the stylesheet inlined, the
    document's own rules (paper size, landscape, the Dutch page footer) still winning."""
    t, _, css = _loaded(OPEN)
    dutch = dataclasses.replace(t, settings=dataclasses.replace(t.settings, language="nl"))
    for example, document, changed, selection in (
        (TEAM, "match-sheets", None, {"round": 1, "match": 1}),
        (TEAM, "wall-chart", None, {}),
        (OPEN, "crosstable", None, {}),  # landscape
        (OPEN, "pairings", dutch, {"round": 5}),  # "Pagina 1 van 1"
    ):
        html = html_of(example, document, t=changed, **selection)
        inlined, _ = writer.render(html)
        parsed, _ = writer.render(html, _loaded(example)[2])
        assert parsed == inlined, document
    assert css.strip() and writer.render(html, css)[0] == writer.render(html, css)[0]


def test_planned_set_of_a_team_event() -> None:
    t, _, _ = _loaded(TEAM)
    files = [p.file for p in planned(evaluate(t))]
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
    assert [p.file for p in planned(evaluate(t), round_no=2)][:1] == ["pairings-alpha-round-02.pdf"]


def test_build_pdfs_renders_only_what_changed(writer: PdfWriter, tmp_path: Path) -> None:
    t, _, _ = _loaded(OPEN)
    paths = write_pdfs(EXAMPLES / OPEN, tmp_path)  # tourney build --pdf
    folder = tmp_path / "pdf"
    assert paths == [
        folder / "pairings-round-05.pdf",
        folder / "pairings-alpha-round-05.pdf",
        folder / "standings-after-05.pdf",
        folder / "crosstable-after-05.pdf",
        folder / "prizes-after-05.pdf",
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
    fresh = dataclasses.replace(t, rounds=())
    plan = planned(evaluate(fresh))
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
        # Round 3 without its match 6 (Het Spaarne 1 - Paard van Ree 1): t12 gets the bye.
        dataclasses.replace(r, matches=r.matches[:5], byes=(Bye("t12", ByeKind.PAB),))
        if r.number == 3
        else r
        for r in t.rounds
    )
    changed = dataclasses.replace(t, rounds=rounds)
    assert "no match in round 3: pairing-allocated bye" in html_of(
        TEAM, "lineup-forms", t=changed, round=3, team="t12"
    )
    assert "not paired in round 3" in html_of(TEAM, "lineup-forms", t=changed, round=3, team="t6")


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

PRINT_MODULES = sorted((ROOT / "tourney" / "render" / "pdf").glob("*.py"))


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
    changed = dataclasses.replace(t, players=players)
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
    changed = dataclasses.replace(changed, rounds=rounds)
    html = html_of(OPEN, "players", t=changed)
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; Co" in html
    assert "<b>Bold" not in html
    assert re.search(r"<style>", html)
