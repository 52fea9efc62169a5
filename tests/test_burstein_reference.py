"""Replay the Burstein reference tournaments (tests/reference/burstein).

Every round of every file was paired by bbpPairings v6.0.0 ``--burstein`` (README
there). Round r is paired from the file's rounds before r, the players with ``0000 -
H`` or ``0000 - Z`` in round r left out (the replay procedure of ../dutch/README.md),
and compared with round r of the file as sets of (white, black) pairs plus the PAB.
The default run replays a representative subset; all 371 rounds run under ``-m slow``
(about a minute and a half of CPU).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import refdata
from dutch_replay import mismatches, read, rounds_of

from tourney.engine.pairing.burstein import pair_burstein

REFERENCE = refdata.BURSTEIN

# Small and medium fields: odd fields and PABs (ref_021, ref_035), forfeits (ref_027,
# ref_043, ref_076), half-point byes and late entries (ref_018, ref_063, ref_086),
# 3/1/0 scoring (ref_025), unrated players (ref_007, ref_012), absences (ref_017), and
# a round 1 whose absentees change the colours by rank (ref_085).
SUBSET = (
    "ref_005",
    "ref_007",
    "ref_012",
    "ref_015",
    "ref_017",
    "ref_018",
    "ref_021",
    "ref_025",
    "ref_027",
    "ref_029",
    "ref_035",
    "ref_036",
    "ref_040",
    "ref_043",
    "ref_054",
    "ref_063",
    "ref_076",
    "ref_085",
    "ref_086",
)

# Rounds where we knowingly differ from the reference engine (none at present).
KNOWN_DIFFERENCES: dict[str, set[int]] = {}


def test_the_set_is_complete() -> None:
    files = refdata.require(REFERENCE, "ref_*.trf")
    assert len(files) == 44
    assert sum(read(p).rounds for p in files) == 371


@pytest.mark.parametrize("name", SUBSET)
def test_reference_subset(name: str) -> None:
    bad = mismatches(REFERENCE / f"{name}.trf", pair_burstein)
    assert rounds_of(bad) == KNOWN_DIFFERENCES.get(name, set()), "\n".join(bad)


@pytest.mark.slow
@pytest.mark.parametrize("path", refdata.require(REFERENCE, "ref_*.trf"), ids=lambda p: p.stem)
def test_reference_full(path: Path) -> None:
    bad = mismatches(path, pair_burstein)
    assert rounds_of(bad) == KNOWN_DIFFERENCES.get(path.stem, set()), "\n".join(bad)


# -- the engine command and verify, on reference files ----------------------------------


def test_pairing_engine_burstein_reproduces_a_reference_round(tmp_path: Path) -> None:
    from test_pairing_engine_cli import dutch_case, read_output, tourney

    # ref_021 round 5: 69 players, an odd field (a PAB), forfeits and absences.
    text, pairs, bye = dutch_case(REFERENCE / "ref_021.trf", 5)
    (tmp_path / "in.trf").write_text(text, encoding="ascii")
    done = tourney("pairing-engine", "--burstein", "in.trf", "-p", "out.txt", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert read_output(tmp_path / "out.txt") == (pairs, bye)


def test_verify_reads_the_system_from_record_092_or_the_flag(tmp_path: Path) -> None:
    from test_pairing_engine_cli import run

    # The reference files name the system in 092 (FIDE_BURSTEIN), as the engine wrote it.
    code, out, err = run("verify", "ref_005.trf", cwd=REFERENCE)
    assert code == 0, out + err
    assert out.splitlines()[-1].endswith(
        "8 of 8 rounds paired as the Burstein system (C.04.4.2) pairs them"
    )
    # Without 092 the file is a Dutch Swiss, which pairs round 1 S1 against S2 ...
    lines = (REFERENCE / "ref_005.trf").read_text("ascii").splitlines()
    bare = "\n".join(x for x in lines if not x.startswith("092")) + "\n"
    (tmp_path / "bare.trf").write_text(bare, "ascii")
    code, out, _ = run("verify", "bare.trf", cwd=tmp_path)
    assert code == 1
    assert "round 1: differs" in out
    # ... unless --burstein says otherwise.
    code, out, _ = run("verify", "--burstein", "bare.trf", cwd=tmp_path)
    assert code == 0
    assert "8 of 8 rounds paired as the Burstein system (C.04.4.2)" in out
