"""Each example in docs/diagnostics.md "Reading the files" is what tourney prints for a folder.

Every fixture below makes the mistake its code's section describes, in a small folder or
in a copy of an example; the test loads it and finds the section's first example line
among the diagnostics (file names relative to where the user stands).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tourney.errors import Diagnostic, InvalidInput
from tourney.load.folder import read_tournament

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = "name: T\nformat: swiss\nrounds: 7\n"
PLAYERS = "".join(f"- {{id: p{k:02d}, name: P{k}}}\n" for k in range(1, 9))


def documented() -> dict[str, str]:
    """Code -> the first line of its example."""
    text = (ROOT / "docs" / "diagnostics.md").read_text("utf-8")
    section = text.split("## Reading the files (E1xx, W1xx)", 1)[1].split("\n## ", 1)[0]
    out = {}
    for block in re.split(r"^### ", section, flags=re.M)[1:]:
        out[block[:4]] = block.split("```", 2)[1].strip().splitlines()[0]
    return out


def write(folder: Path, files: dict[str, str | bytes]) -> Path:
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return folder


def small(**files: str | bytes) -> Callable[[Path], Path]:
    """A folder of SETTINGS and PLAYERS with ``files`` (``rounds__03_yaml`` -> rounds/03.yaml)."""

    def make(tmp: Path) -> Path:
        named = {k.replace("__", "/").replace("_yaml", ".yaml").replace("_md", ".md"): v
                 for k, v in files.items()}  # fmt: skip
        return write(tmp, {"tournament.yaml": SETTINGS, "players.yaml": PLAYERS, **named})

    return make


def example(name: str, file: str, line: int, old: str, new: str) -> Callable[[Path], Path]:
    """A copy of examples/<name> with one edit on one line."""

    def make(tmp: Path) -> Path:
        folder = Path(shutil.copytree(ROOT / "examples" / name, tmp / name))
        path = folder / file
        lines = path.read_text("utf-8").splitlines(keepends=True)
        assert old in lines[line - 1], (file, line, old)
        lines[line - 1] = lines[line - 1].replace(old, new, 1)
        path.write_text("".join(lines), "utf-8")
        return folder

    return make


def rounds(*numbers: str, planned: int = 7) -> Callable[[Path], Path]:
    board = "boards:\n  - {white: p01, black: p02, result: 1-0}\n"
    settings = SETTINGS.replace("rounds: 7", f"rounds: {planned}")

    def make(tmp: Path) -> Path:
        files: dict[str, str | bytes] = {f"rounds/{n}.yaml": board for n in numbers}
        return write(tmp, {"tournament.yaml": settings, "players.yaml": PLAYERS, **files})

    return make


TEAM_SETTINGS = "name: T\nformat: team-swiss\nrounds: 7\nteams:\n  boards: 2\n"
TEAM_PLAYERS = "".join(f"- {{id: {p}, name: {p}}}\n" for p in ("a1", "a2", "b1", "b2"))
TEAMS = "- {id: A, name: A, roster: [a1, a2]}\n- {id: B, name: B, roster: [b1, b2]}\n"

FIXTURES: dict[str, Callable[[Path], Path]] = {
    "E101": small(players_yaml=PLAYERS.encode()[:60] + b"\n\n\n- {id: x, name: \xff}\n"),
    "E102": small(players_yaml="# nothing yet\n"),
    "E103": example("swiss-open", "players.yaml", 3, "start: 1}", "start: 1]"),
    "E104": small(tournament_yaml=SETTINGS + "place: X\nrounds: 5\n"),
    "E105": small(players_yaml="- {id: p1, name: &n A}\n- {id: p2, name: *n}\n"),
    "E106": small(tournament_yaml=SETTINGS + "x: !!python/object foo\n"),
    "E110": small(tournament_yaml="name: T\nformat: swiss\nrounds: 7\ncolour_sed: 3\n"),
    "E111": example("swiss-open", "players.yaml", 5, "id: p03, ", ""),
    "E120": small(players_yaml="- {id: p1, name: A, rating: unrated}\n"),
    "E121": small(players_yaml="- {id: p1, name: A}\n- {id: p2, name: B, rating: 4100}\n"),
    "E122": small(tournament_yaml="name: T\nformat: swis\nrounds: 7\n"),
    "E123": small(
        tournament_yaml=SETTINGS + "place: X\nstart_date: 2026-02-01\nend_date: 2026-01-01\n"
    ),
    "E126": small(tournament_yaml=SETTINGS + "round_dates: [2026-03-06 25:00]\n"),
    "E130": example("swiss-open", "players.yaml", 29, "id: p27", "id: p72"),  # a typo
    "E131": example("swiss-open", "players.yaml", 9, "id: p07", "id: p06"),
    "E132": example("swiss-open", "rounds/02.yaml", 9, "black: p07", "black: p03"),
    "E133": small(
        tournament_yaml=TEAM_SETTINGS,
        players_yaml=TEAM_PLAYERS.replace("{id: b2, name: b2}", "{id: b2, name: b2, team: A}"),
        teams_yaml=TEAMS,
    ),
    "E140": small(players_yaml="- {id: a, name: A, rating: 2000, federation: NO}\n"),
    "E141": small(tournament_yaml=SETTINGS + "federations: [CAT, catalonia]\n"),
    "E142": small(tournament_yaml=SETTINGS + "language: de\n"),
    "E150": small(tournament_yaml="name: T\nformat: swiss\nrounds: 7\ntiebreaks: [BH, WIN/C1]\n"),
    "E162": rounds("01", "02", "03", "05"),
    "E163": rounds("01", "02", "03", "04", "05", "06", "07", "08"),
    "E164": small(rounds__01_yaml="", rounds__02_yaml="", rounds__03_yaml="# Round 3\nround: 4\n"),
    "E165": small(tournament_yaml=SETTINGS + "tiebreaks: knsb\n"),
    "E170": small(
        rounds__01_yaml="",
        rounds__02_yaml="round: 2\ndate: 2026-10-03\n# boards\nboards:\n"
        "  - {white: p01, black: p02}\n  - {white: p04, black: p04}\n",
    ),
    "E180": small(pages__Rules_md="# Rules\n"),
    "E185": small(players_yaml='- {id: p01, name: "Anna\\nBos"}\n'),
    "E186": small(players_yaml='- {id: p01, name: P1}\n- {id: p02, name: " "}\n'),
    "E187": small(
        tournament_yaml=TEAM_SETTINGS,
        players_yaml=TEAM_PLAYERS,
        teams_yaml=TEAMS.replace("name: A,", "name: A, series: Premier,").replace(
            "name: B,", "name: B, series: premier,"
        ),
    ),
    "E190": small(tournament_yaml=SETTINGS + "tiebreaks: [BH, SB, bh]\n"),
    "E191": small(tournament_yaml=SETTINGS + "pairing: monrad\n"),
    "E192": small(tournament_yaml=SETTINGS.replace("swiss", "round-robin") + "pairing: dutch\n"),
    "E193": small(
        tournament_yaml=SETTINGS + "pairing: double-swiss\n",
        rounds__01_yaml="boards:\n  - {white: p01, black: p02, result: 1-0 3-0}\n",
    ),
    "E194": small(rounds__01_yaml="boards:\n  - {white: p01, black: p02, result: 1-0 ½-½}\n"),
    "W190": example("swiss-open", "players.yaml", 3, "start: 1}", "start: 1]"),
}


def diagnostics(folder: Path) -> list[Diagnostic]:
    try:
        return read_tournament(folder)[1]
    except InvalidInput as error:
        return list(error.diagnostics)


@pytest.mark.parametrize("code", sorted(FIXTURES))
def test_the_documented_example_is_printed(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = FIXTURES[code](tmp_path)
    monkeypatch.chdir(folder)
    printed = [d.format().splitlines()[0] for d in diagnostics(Path("."))]
    assert documented()[code] in printed, printed


def test_a_player_paired_with_themself_is_one_error(tmp_path: Path) -> None:
    found = [d.code for d in diagnostics(FIXTURES["E170"](tmp_path))]
    assert "E170" in found and "E132" not in found  # not also "appears twice in this round"


def test_most_codes_have_a_fixture() -> None:
    # E100 (a missing file), E171, E172 and W101/W102 (team and availability checks) are
    # shown by test_load_diagnostics.py, test_teams_cli.py and test_hand_boards.py; the limits
    # of docs/security.md (E107, E108, E124, E125, E181) by tests/test_security_*.py.
    shown_elsewhere = {"E100", "E171", "E172", "W101", "W102"}
    shown_elsewhere |= {"E107", "E108", "E124", "E125", "E181"}
    shown_elsewhere.add("E134")  # a club folder: test_club_site_names.py
    shown_elsewhere.add("E135")  # a club folder: test_club_identity.py
    shown_elsewhere.add("E196")  # a TRF: test_double_swiss_trf.py
    assert set(documented()) - set(FIXTURES) <= shown_elsewhere
