"""Federation codes are FIDE's (tourney/load/fide_federations.py) unless tournament.yaml allows more."""

from __future__ import annotations

from pathlib import Path

import pytest
import refdata
from builders import runner

from tourney.errors import Diagnostic, InvalidInput
from tourney.load.fide_federations import FIDE_CODES
from tourney.load.folder import load_tournament

SETTINGS = "name: Test Open\nformat: swiss\nrounds: 5\n"


def folder(tmp_path: Path, players: str, settings: str = SETTINGS) -> Path:
    (tmp_path / "tournament.yaml").write_text(settings, encoding="utf-8")
    (tmp_path / "players.yaml").write_text(players, encoding="utf-8")
    return tmp_path


def errors(path: Path) -> list[Diagnostic]:
    with pytest.raises(InvalidInput) as caught:
        load_tournament(path)
    return list(caught.value.errors)


def test_fide_codes_load(tmp_path: Path) -> None:
    players = "- {id: a, name: A, federation: NOR}\n- {id: b, name: B, federation: ENG}\n"
    t = load_tournament(folder(tmp_path, players))
    assert [p.federation for p in t.players] == ["NOR", "ENG"]


def test_the_list_holds_fides_own_codes() -> None:
    # FIDE's codes that differ from ISO 3166 and the IOC, and the FIDE flag.
    for code in ("GER", "NED", "SUI", "ENG", "SCO", "WLS", "GCI", "JCI", "IOM", "FID", "IRI"):
        assert code in FIDE_CODES
    for iso_not_fide in ("DEU", "NLD", "CHE", "GBR", "NO", "XQZ"):
        assert iso_not_fide not in FIDE_CODES


def test_no_is_norway_written_wrong(tmp_path: Path) -> None:
    players = "- {id: a, name: A, rating: 2000, federation: NO}\n"
    [d] = errors(folder(tmp_path, players))
    assert (Path(d.file).name, d.line, d.col, d.code) == ("players.yaml", 1, 46, "E140")
    assert d.message == "'NO' is not a FIDE federation code"  # the text NO, not the boolean
    assert d.hint == "did you mean 'NOR' (Norway)?"


def test_unknown_code_is_an_error_with_a_hint(tmp_path: Path) -> None:
    players = "- id: a\n  name: A\n  federation: XQZ\n- id: b\n  name: B\n  federation: NORW\n"
    first, second = errors(folder(tmp_path, players))
    assert (first.line, first.col, first.code) == (3, 15, "E140")
    assert first.message == "'XQZ' is not a FIDE federation code"
    assert "federations:" in first.hint  # no close code: the way to allow it
    assert (second.line, second.message) == (
        6,
        "'NORW' is not a federation code (2-3 capital letters)",
    )
    assert second.hint == "did you mean 'NOR' (Norway)?"


def test_lower_case_is_named(tmp_path: Path) -> None:
    [d] = errors(folder(tmp_path, "- {id: a, name: A, federation: ned}\n"))
    assert (d.message, d.hint) == ("federation 'ned' must be written in capitals", "write NED")


def test_tournament_federation_is_checked(tmp_path: Path) -> None:
    [d] = errors(folder(tmp_path, "- {id: a, name: A}\n", SETTINGS + "federation: DEU\n"))
    assert (Path(d.file).name, d.line, d.col) == ("tournament.yaml", 4, 13)
    assert d.message == "'DEU' is not a FIDE federation code"


def test_a_national_event_lists_its_own_codes(tmp_path: Path) -> None:
    settings = SETTINGS + "federations: [CAT, XQZ]\n"
    players = "- {id: a, name: A, federation: CAT}\n- {id: b, name: B, federation: XQZ}\n"
    t = load_tournament(folder(tmp_path, players, settings))
    assert [p.federation for p in t.players] == ["CAT", "XQZ"]
    assert t.settings.federations == ("CAT", "XQZ")
    # a code outside both lists is still an error
    players += "- {id: c, name: C, federation: QQQ}\n"
    [d] = errors(folder(tmp_path, players, settings))
    assert (d.line, d.message) == (3, "'QQQ' is not a FIDE federation code")


def test_any_accepts_every_code_but_not_nonsense(tmp_path: Path) -> None:
    settings = SETTINGS + "federations: any\n"
    players = "- {id: a, name: A, federation: XQZ}\n- {id: b, name: B, federation: Norway}\n"
    [d] = errors(folder(tmp_path, players, settings))
    assert (d.line, d.code) == (2, "E140")
    assert d.message == "'Norway' is not a federation code (2-3 capital letters)"


def test_bad_federations_key(tmp_path: Path) -> None:
    settings = SETTINGS + "federations: [CAT, catalonia]\n"
    [d] = errors(folder(tmp_path, "- {id: a, name: A}\n", settings))
    assert (d.line, d.col, d.code) == (4, 20, "E141")
    [d] = errors(folder(tmp_path, "- {id: a, name: A}\n", SETTINGS + "federations: some\n"))
    assert (d.line, d.col, d.code) == (4, 14, "E141")


def test_docs_list_every_code() -> None:
    docs = (Path(__file__).parent.parent / "docs" / "folder-format.md").read_text("utf-8")
    listed = docs.split("FIDE's codes, as tourney knows them", 1)[1].split("###", 1)[0]
    assert [c for c in FIDE_CODES if f"`{c}` {FIDE_CODES[c]}" not in listed] == []


def test_import_of_a_trf_with_other_codes_allows_them(tmp_path: Path) -> None:
    """The event's own code (032) is kept and allowed (W342); a player's federation
    column that holds no FIDE code is his club (W366, issue 29: club codes)."""
    source = refdata.TIEBREAKS / "tournaments" / "ref_ind_swiss_01.trf"
    lines = source.read_text("utf-8").splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    assert lines[first][53:56] == "FID"  # TRF 001 columns 54-56: the federation
    lines[first] = lines[first][:53] + "XYZ" + lines[first][56:]
    lines.insert(first, "032 XQZ\n")
    trf = tmp_path / "in.trf"
    trf.write_text("".join(lines), "utf-8")
    code, _, err = runner()("import", trf, tmp_path / "event")
    assert code == 0, err
    assert "federation codes that are not FIDE's (XQZ)" in err
    assert "no FIDE federation code (XYZ): read as the club" in err
    t = load_tournament(tmp_path / "event")
    assert t.settings.federations == ("any",)
    assert t.settings.federation == "XQZ"
    assert (t.players[0].federation, t.players[0].club) == ("", "XYZ")
