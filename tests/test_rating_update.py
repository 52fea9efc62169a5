"""``tourney player update FOLDER --list FILE``: players.yaml and members.yaml from rating lists.

The lists here are small files in FIDE's two published layouts (XML elements, fixed-width
TXT with its header line) and a national CSV; every expected value is the one typed in the
list, and every line not named stays byte for byte.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

from builders import runner

from tourney.load.ratinglist import read_list
from tourney.model import RatingPeriod

ROOT = Path(__file__).resolve().parents[1]
run = runner()

PLAYERS = """\
# the entries (this comment stays)
- {id: a, name: "Berg, Anna", rating: 1800, fide_id: 111, federation: NED}   # a note
- {id: b, name: "Jansen, Piet", rating: 1700, fide_id: 222, title: CM}
- id: c
  name: "Kok, Jan"
  national_id: N33
  fide_id: 333
- {id: d, name: "Berg, Anna", rating: 1500}
"""

SETTINGS = """\
name: Test Open
format: swiss
rounds: 5
rating_period: rapid
"""

XML = """\
<?xml version="1.0" encoding="utf-8"?>
<playerslist>
<player><fideid>111</fideid><name>Berg, Anna</name><country>NED</country><sex>F</sex>\
<title></title><w_title>WFM</w_title><o_title></o_title><foa_title></foa_title>\
<rating>1812</rating><games>9</games><k>20</k><rapid_rating>1850</rapid_rating>\
<rapid_games>0</rapid_games><rapid_k>20</rapid_k><blitz_rating>1790</blitz_rating>\
<blitz_games>0</blitz_games><blitz_k>20</blitz_k><birthday>1990</birthday><flag>wi</flag></player>
<player><fideid>222</fideid><name>Jansen, Piet</name><country>BEL</country><sex>M</sex>\
<title>FM</title><w_title></w_title><rating>1750</rating><rapid_rating>1710</rapid_rating>\
<blitz_rating></blitz_rating><birthday>1975</birthday><flag></flag></player>
<player><fideid>999</fideid><name>Berg, Anna</name><country>SWE</country><sex>F</sex>\
<rating>2100</rating><rapid_rating>2050</rapid_rating><birthday>2001</birthday><flag></flag></player>
</playerslist>
"""

# FIDE's players_list_foa.txt: each column starts where its heading starts.
HEADER = (
    f"{'ID Number':<15}{'Name':<61}{'Fed':<4}{'Sex':<4}{'Tit':<5}{'WTit':<5}{'OTit':<15}"
    f"{'FOA':<4}{'SRtng':<6}{'SGm':<4}{'SK':<3}{'RRtng':<6}{'RGm':<4}{'Rk':<3}"
    f"{'BRtng':<6}{'BGm':<4}{'BK':<3}{'B-day':<6}Flag"
)


def txt_line(fid: str, name: str, fed: str, sex: str, title: str, std: str, rapid: str) -> str:
    return (
        f"{fid:<15}{name:<61}{fed:<4}{sex:<4}{title:<5}{'':<5}{'':<15}{'':<4}"
        f"{std:<6}{'0':<4}{'20':<3}{rapid:<6}{'0':<4}{'20':<3}{'':<6}{'':<4}{'':<3}"
        f"{'1990':<6}{''}"
    )


def event(tmp_path: Path, rounds: bool = False) -> Path:
    folder = tmp_path / "open"
    folder.mkdir()
    (folder / "tournament.yaml").write_text(SETTINGS, "utf-8")
    (folder / "players.yaml").write_text(PLAYERS, "utf-8")
    if rounds:
        (folder / "rounds").mkdir()
        text = "round: 1\nboards:\n  - {white: a, black: b}\n  - {white: c, black: d}\n"
        (folder / "rounds" / "01.yaml").write_text(text, "utf-8")
    return folder


def test_xml_list_updates_the_event_rating_period_and_keeps_every_other_byte(
    tmp_path: Path,
) -> None:
    folder = event(tmp_path)
    (tmp_path / "list.xml").write_text(XML, "utf-8")
    code, out, err = run("player", "update", folder, "--list", tmp_path / "list.xml")
    assert code == 0, out + err
    # rating_period: rapid, so the rapid column: a 1800 -> 1850, b 1700 -> 1710;
    # Anna's title is her women's title WFM; Piet's CM becomes FM, NED -> BEL.
    assert (folder / "players.yaml").read_text("utf-8") == PLAYERS.replace(
        "rating: 1800, fide_id: 111, federation: NED}   # a note",
        "rating: 1850, fide_id: 111, federation: NED, title: WFM, birth_year: 1990}   # a note",
    ).replace(
        "rating: 1700, fide_id: 222, title: CM}",
        "rating: 1710, fide_id: 222, title: FM, federation: BEL, birth_year: 1975}",
    )
    assert "a Berg, Anna: rating 1800 -> 1850" in out
    assert "b Jansen, Piet: title CM -> FM" in out
    assert "note: a Berg, Anna is flagged inactive in the list" in out
    # c has a FIDE id the list lacks: reported, kept; d has no id: never matched by name,
    # although the list holds a "Berg, Anna" (999) rated 2100
    assert "note: c Kok, Jan: fide_id 333 is not in the list; kept as it is" in out
    assert "note: d Berg, Anna: no fide_id, so not matched (never by name)" in out
    assert "2 player(s) updated" in out


def test_period_option_and_dry_run_write_nothing(tmp_path: Path) -> None:
    folder = event(tmp_path)
    (tmp_path / "list.xml").write_text(XML, "utf-8")
    args = ("player", "update", folder, "--list", tmp_path / "list.xml", "--period", "blitz")
    code, out, _ = run(*args, "--dry-run")
    assert code == 0
    assert (folder / "players.yaml").read_text("utf-8") == PLAYERS
    assert "a Berg, Anna: rating 1800 -> 1790" in out  # blitz column
    assert "b Jansen, Piet: rating" not in out  # no blitz rating in the list: kept
    assert "nothing written (--dry-run)" in out


def test_fixed_width_txt_list_found_from_its_header(tmp_path: Path) -> None:
    folder = event(tmp_path)
    lines = [
        HEADER,
        txt_line("111", "Berg, Anna", "NED", "F", "WFM", "1812", "1850"),
        txt_line("333", "Kok, Jan", "GER", "M", "IM", "2412", ""),
    ]
    (tmp_path / "players_list_foa.txt").write_text("\n".join(lines) + "\n", "utf-8")
    code, out, err = run(
        "player", "update", folder, "--list", tmp_path / "players_list_foa.txt", "--period",
        "standard",
    )  # fmt: skip
    assert code == 0, out + err
    text = (folder / "players.yaml").read_text("utf-8")
    assert '- {id: a, name: "Berg, Anna", rating: 1812, fide_id: 111, federation: NED, ' in text
    # the block entry c gets new lines at its indentation
    assert (
        "  fide_id: 333\n  rating: 2412\n  title: IM\n  federation: GER\n  birth_year: 1990\n"
        in text
    )
    assert "FIDE TXT, 2 players" in out


def test_zip_download_is_read_without_unpacking(tmp_path: Path) -> None:
    with zipfile.ZipFile(tmp_path / "players_list_xml.zip", "w") as archive:
        archive.writestr("players_list_xml_foa.xml", XML)
    found = read_list(tmp_path / "players_list_xml.zip", {"222"}, RatingPeriod.STANDARD)
    assert found.read == 3
    assert [(e.key, e.rating, e.title, e.federation) for e in found.entries.values()] == [
        ("222", 1750, "FM", "BEL")
    ]


def test_national_csv_matched_by_national_id_with_a_column_mapping(tmp_path: Path) -> None:
    folder = event(tmp_path)
    (tmp_path / "knsb.csv").write_text(
        "Relatienummer;Naam;Rating;Geboren\nN33;Kok, Jan;1744;1988-04-02\nN99;Else;1500;2000\n",
        "utf-8",
    )
    code, out, err = run(
        "player", "update", folder, "--list", tmp_path / "knsb.csv",
        "--column", "national_id=Relatienummer", "--column", "national_rating=Rating",
        "--column", "birth_year=Geboren",
    )  # fmt: skip
    assert code == 0, out + err
    text = (folder / "players.yaml").read_text("utf-8")
    assert "  national_rating: 1744\n  birth_year: 1988\n" in text
    assert "matched by national_id" in out
    assert "note: a Berg, Anna: no national_id, so not matched" in out


def test_csv_mapping_names_a_missing_column(tmp_path: Path) -> None:
    folder = event(tmp_path)
    (tmp_path / "l.csv").write_text("Id,Elo\nN33,1744\n", "utf-8")
    code, out, err = run(
        "player", "update", folder, "--list", tmp_path / "l.csv",
        "--column", "national_id=Id", "--column", "rating=Rating",
    )  # fmt: skip
    assert code == 1
    assert (
        "error E441: the header row has no column named as in --column rating=Rating" in out + err
    )
    assert (folder / "players.yaml").read_text("utf-8") == PLAYERS


def test_a_file_that_is_no_list(tmp_path: Path) -> None:
    folder = event(tmp_path)
    (tmp_path / "l.txt").write_text("hello\n", "utf-8")
    code, out, err = run("player", "update", folder, "--list", tmp_path / "l.txt")
    assert code == 1
    assert "error E440: not a rating list tourney reads" in out + err


def test_an_unreadable_rating_is_a_warning_and_the_player_kept(tmp_path: Path) -> None:
    folder = event(tmp_path)
    (tmp_path / "l.csv").write_text("fid,elo\n111,19x0\n222,1777\n", "utf-8")
    code, out, err = run(
        "player", "update", folder, "--list", tmp_path / "l.csv",
        "--column", "fide_id=fid", "--column", "rating=elo",
    )  # fmt: skip
    assert code == 0
    assert "l.csv:2: warning W375: player 111: the rating '19x0' is not a number" in out + err
    assert "rating: 1800, fide_id: 111" in (folder / "players.yaml").read_text("utf-8")
    assert "b Jansen, Piet: rating 1700 -> 1777" in out


def test_rating_changes_refused_once_round_1_is_paired(tmp_path: Path) -> None:
    folder = event(tmp_path, rounds=True)
    (tmp_path / "list.xml").write_text(XML, "utf-8")
    args = ("player", "update", folder, "--list", tmp_path / "list.xml")
    code, out, err = run(*args)
    assert code == 3
    assert "error E443: round 1 of" in out + err
    assert "C.04.2" in out + err
    assert (folder / "players.yaml").read_text("utf-8") == PLAYERS
    code, out, err = run(*args, "--allow-paired")
    assert code == 0, out + err
    assert "rating: 1850" in (folder / "players.yaml").read_text("utf-8")


def test_birth_year_alone_is_not_refused_after_pairing(tmp_path: Path) -> None:
    folder = event(tmp_path, rounds=True)
    (tmp_path / "l.csv").write_text("fid,born\n111,1990\n", "utf-8")
    code, out, err = run(
        "player", "update", folder, "--list", tmp_path / "l.csv",
        "--column", "fide_id=fid", "--column", "birth_year=born",
    )  # fmt: skip
    assert code == 0, out + err
    assert "birth_year: 1990}" in (folder / "players.yaml").read_text("utf-8")


def test_club_members_yaml(tmp_path: Path) -> None:
    club = tmp_path / "club-league"
    shutil.copytree(ROOT / "examples" / "club-league", club)
    members = (club / "members.yaml").read_text("utf-8")
    first = members.splitlines()[1]
    assert first.startswith("- {id: m1,")
    (club / "members.yaml").write_text(
        members.replace(first, first[:-1] + ", fide_id: 111}"), "utf-8"
    )
    (tmp_path / "list.xml").write_text(XML, "utf-8")
    code, out, err = run("player", "update", club, "--list", tmp_path / "list.xml")
    # m1 plays in rapid-03, paired and not finalized: its pairing numbers are frozen
    assert code == 3
    assert "error E443: round 1 of rapid-03 is paired" in out + err
    code, out, err = run(
        "player", "update", club, "--list", tmp_path / "list.xml", "--allow-paired"
    )
    assert code == 0, out + err
    changed = (club / "members.yaml").read_text("utf-8").splitlines()[1]
    # a club has no rating_period: standard (1812) unless --period
    assert changed.endswith(
        "fide_id: 111, rating: 1812, title: WFM, federation: NED, birth_year: 1990}"
    )
