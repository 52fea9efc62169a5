"""`tourney pairing-engine` and `tourney verify` against the reference corpora.

The engine command is run as a subprocess on inputs built the way the reference
READMEs say (tests/reference/dutch, tests/reference/teamswiss: the file truncated
before round r, absences of round r kept) and its output file is compared with round
r of the reference file. `verify` must pass on reference files and fail, naming the
round, on a file where two pairings were swapped.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import refdata

ROOT = Path(__file__).resolve().parents[1]
DUTCH = refdata.DUTCH
TEAMS = refdata.TEAMSWISS
refdata.require(DUTCH, "ref_*.trf")
refdata.require(TEAMS, "ts*.trf")


def tourney(name: str, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run a command as `python -m tourney NAME`."""
    argv = [sys.executable, "-m", "tourney", name, *args]
    return subprocess.run(argv, capture_output=True, text=True, cwd=cwd, timeout=300)


def run(name: str, *args: str, cwd: Path) -> tuple[int, str, str]:
    """The same command in-process (click's runner), for the cheaper cases."""
    from click.testing import CliRunner

    from tourney.cli import engine, verify

    command = {"pairing-engine": engine.command, "verify": verify.command}[name]
    result = CliRunner().invoke(command, [str(cwd / a) if a.endswith(".trf") else a for a in args])
    return result.exit_code, result.stdout, result.stderr


def line001(start: int, rating: int, score: str = "0.0", *entries: str) -> str:
    """A TRF16 player line: number 5-8, name 15-47, rating 49-52, score 81-84,
    rank 86-89, rounds from column 92, ten columns apart."""
    head = f"001 {start:4d}      {'Player ' + str(start):<33} {rating:4d}" + " " * 28
    return head + f"{float(score):4.1f} {start:4d}" + "".join("  " + e for e in entries)


# -- inputs built per the READMEs ---------------------------------------------------


def _points(entry: str, win: Fraction, draw: Fraction) -> Fraction:
    code = entry[7]
    return win if code in "1+UWF" else draw if code in "=HD" else Fraction(0)


def _entries(line: str) -> list[str]:
    return [line[i : i + 8] for i in range(91, len(line), 10)]


def _truncated_player(line: str, r: int, win: Fraction, draw: Fraction) -> str:
    entries = _entries(line)
    kept = entries[: r - 1]
    now = entries[r - 1] if len(entries) >= r else ""
    if now.startswith("0000") and now[7] in "HZ":
        kept.append(now)
    score = sum((_points(e, win, draw) for e in entries[: r - 1]), Fraction(0))
    return f"{line[:80]}{float(score):4.1f}     " + "".join("  " + e for e in kept)


def dutch_case(path: Path, r: int) -> tuple[str, set[tuple[int, int]], int | None]:
    """Input for round r, and round r's (white, black) pairs and PAB."""
    lines = path.read_text(encoding="ascii").splitlines()
    win, draw = Fraction(1), Fraction(1, 2)
    for line in lines:
        if line.startswith("162"):
            win = Fraction(re.search(r"W\s+([\d.]+)", line).group(1))  # type: ignore[union-attr]
            draw = Fraction(re.search(r"D\s+([\d.]+)", line).group(1))  # type: ignore[union-attr]
    out, pairs, bye = [], set(), None
    for line in lines:
        if line.startswith("001"):
            now = _entries(line)[r - 1]
            if now.startswith("0000") and now[7] == "U":
                bye = int(line[4:8])
            elif not now.startswith("0000") and now[5] == "w":
                pairs.add((int(line[4:8]), int(now[:4])))
            out.append(_truncated_player(line, r, win, draw))
        elif line[:3] in ("012", "092", "162", "XXR", "XXC"):
            out.append(line)
    return "\n".join(out) + "\n", pairs, bye


def team_case(path: Path, r: int) -> str:
    """Input for round r of a team file: 320 and 330 of earlier rounds, 240 up to r."""
    out = []
    for line in path.read_text(encoding="latin-1").splitlines():
        code = line[:3]
        if code == "001":
            out.append(_truncated_player(line, r, Fraction(1), Fraction(1, 2)))
        elif code == "320":
            out.append(line[: 13 + 4 * (r - 1)])  # points, then a 4-column team per round
        elif code == "330":
            if int(line[4:].split()[1]) < r:
                out.append(line)
        elif code == "240":
            if int(line[4:].split()[1]) <= r:
                out.append(line)
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def read_output(path: Path) -> tuple[set[tuple[int, int]], int | None]:
    lines = path.read_text(encoding="ascii").split("\n")
    assert lines[-1] == ""
    count, rows = int(lines[0]), lines[1:-1]
    assert count == len(rows)
    pairs = {(int(a), int(b)) for a, b in (row.split() for row in rows) if b != "0"}
    byes = [int(a) for a, b in (row.split() for row in rows) if b == "0"]
    assert len(byes) <= 1
    return pairs, byes[0] if byes else None


# round picks: 3/1/0 scoring (ref_009), absences, late entries and a PAB (ref_023),
# a last round (ref_044)
DUTCH_CASES = [("ref_009", 6), ("ref_023", 3), ("ref_044", 0)]


@pytest.mark.parametrize(("name", "r"), DUTCH_CASES)
def test_dutch_engine_reproduces_the_reference(name: str, r: int, tmp_path: Path) -> None:
    path = DUTCH / f"{name}.trf"
    if r == 0:  # the last round
        r = len(_entries(next(x for x in path.read_text().splitlines() if x.startswith("001"))))
    text, pairs, bye = dutch_case(path, r)
    (tmp_path / "in.trf").write_text(text, encoding="ascii")
    done = tourney("pairing-engine", "--dutch", "in.trf", "-p", "out.txt", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert read_output(tmp_path / "out.txt") == (pairs, bye)


@pytest.mark.parametrize(("name", "r"), [("ts014", 5)])
def test_team_engine_reproduces_the_reference(name: str, r: int, tmp_path: Path) -> None:
    import teamswiss_replay

    ref = teamswiss_replay.parse(TEAMS / f"{name}.trf")
    pairs, pab = teamswiss_replay.stored_pairing(ref, r)
    (tmp_path / "in.trf").write_text(team_case(TEAMS / f"{name}.trf", r), encoding="latin-1")
    done = tourney("pairing-engine", "--team-swiss", "in.trf", "-p", "out.txt", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert read_output(tmp_path / "out.txt") == (pairs, pab)


def test_no_pairing_exits_non_zero_with_a_message(tmp_path: Path) -> None:
    # two players who met in round 1 cannot be paired in round 2 (C1)
    text = "\n".join(
        ("012 Two", line001(1, 2000, "1", "   2 w 1"), line001(2, 1900, "0", "   1 b 0"), "XXR 2")
    )
    (tmp_path / "in.trf").write_text(text, encoding="ascii")
    out = str(tmp_path / "out.txt")
    code, _, stderr = run("pairing-engine", "--dutch", "in.trf", "-p", out, cwd=tmp_path)
    assert code != 0
    assert "no pairing exists" in stderr
    assert not (tmp_path / "out.txt").exists()


def test_baku_code_in_record_192_accelerates(tmp_path: Path) -> None:
    # eight players, round 1, FIDE_DUTCH_2025_BAKU: GA = 1-4 on a virtual point
    # (C.04.5.1), so 1-3 and 2-4 in GA, 5-7 and 6-8 in GB; E.5 colours
    players = "".join(line001(k, 2500 - 10 * k) + "\n" for k in range(1, 9))
    text = f"012 Baku\n192 FIDE_DUTCH_2025_BAKU\n{players}XXR 9\nXXC white1\n"
    (tmp_path / "in.trf").write_text(text, encoding="ascii")
    out = str(tmp_path / "out.txt")
    code, _, stderr = run("pairing-engine", "--dutch", "in.trf", "-p", out, cwd=tmp_path)
    assert code == 0, stderr
    assert read_output(tmp_path / "out.txt") == ({(1, 3), (4, 2), (5, 7), (8, 6)}, None)


# -- verify ----------------------------------------------------------------------------


def test_verify_passes_on_reference_files() -> None:
    done = tourney("verify", str(DUTCH / "ref_009.trf"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "9 of 9 rounds paired as the Dutch system (C.04.3) pairs them" in done.stdout
    code, stdout, stderr = run("verify", "ts014.trf", cwd=TEAMS)
    assert code == 0, stdout + stderr
    assert "6 of 6 rounds paired as the team Swiss (C.04.6) pairs them" in stdout


def swap_last_round(path: Path) -> tuple[str, int]:
    """The file with two games of its last round exchanging their black players
    (results made draws so that the lines stay consistent)."""
    lines = path.read_text(encoding="ascii").splitlines()
    players = {int(x[4:8]): k for k, x in enumerate(lines) if x.startswith("001")}
    r = len(_entries(lines[players[1]]))
    met: dict[int, set[int]] = {p: set() for p in players}
    games = []
    for p, k in players.items():
        entries = _entries(lines[k])
        met[p] = {int(e[:4]) for e in entries[: r - 1] if not e.startswith("0000")}
        now = entries[r - 1]
        if not now.startswith("0000") and now[5] == "w" and now[7] in "10=":
            games.append((p, int(now[:4])))
    for (a, b), (c, d) in itertools.pairwise(games):
        if d not in met[a] and b not in met[c]:
            break
    col = 91 + 10 * (r - 1)
    for white, black in ((a, d), (c, b)):
        for me, other, colour in ((white, black, "w"), (black, white, "b")):
            line = lines[players[me]]
            lines[players[me]] = line[:col] + f"{other:4d} {colour} =" + line[col + 8 :]
    return "\n".join(lines) + "\n", r


def test_verify_names_the_round_where_two_pairings_were_swapped(tmp_path: Path) -> None:
    text, r = swap_last_round(DUTCH / "ref_009.trf")
    (tmp_path / "swapped.trf").write_text(text, encoding="ascii")
    code, stdout, stderr = run("verify", "swapped.trf", cwd=tmp_path)
    assert code == 1, stdout + stderr
    assert f"round {r}: differs" in stdout
    assert stdout.rstrip().endswith(f"rounds that differ: {r}")


def test_verify_passes_on_a_folder_paired_by_tourney_pair(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tourney.cli import cli

    folder = tmp_path / "event"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", str(folder), "--format", "swiss"]).exit_code == 0
    results = ["1-0", "½-½", "0-1"]
    for number in range(1, 4):
        assert runner.invoke(cli, ["pair", str(folder)]).exit_code == 0
        path = folder / "rounds" / f"{number:02d}.yaml"
        lines = path.read_text(encoding="utf-8").splitlines()
        filled = []
        for k, line in enumerate(lines):
            filled.append(line.replace("result: }", f"result: {results[k % 3]}}}"))
        path.write_text("\n".join(filled) + "\n", encoding="utf-8")
    code, stdout, stderr = run("verify", str(folder), cwd=tmp_path)
    assert code == 0, stdout + stderr
    assert "3 of 3 rounds paired as the Dutch system (C.04.3) pairs them" in stdout


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(DUTCH.glob("ref_*.trf")), ids=lambda p: p.stem)
def test_every_dutch_round_through_the_trf_reader(path: Path, tmp_path: Path) -> None:
    """The engine command's whole path (TRF reader, round detection, absences, the
    model builder) on every round of every reference file, in-process."""
    from tourney.cli.engine import before_round, read_engine_input
    from tourney.engine.pair import pairing_by_id

    rounds = len(_entries(next(x for x in path.read_text().splitlines() if x.startswith("001"))))
    bad = []
    for r in range(1, rounds + 1):
        text, pairs, bye = dutch_case(path, r)
        (tmp_path / "in.trf").write_text(text, encoding="ascii")
        data = read_engine_input(tmp_path / "in.trf", "dutch")
        number = data.round_to_pair()
        got = pairing_by_id(before_round(data.tournament, number, data.explicit(number)), number)
        found = ({(int(w), int(b)) for w, b in got.pairs}, int(got.bye) if got.bye else None)
        if number != r or found != (pairs, bye):
            bad.append(r)
    assert bad == []
