"""Test-side reader of the Dutch reference files (tests/reference/dutch).

It follows the README's replay procedure: round r is paired from rounds
1..r-1 of the file, players with ``0000 - H`` or ``0000 - Z`` in round r are
left out, and the expected pairing is round r of the file as (white, black)
pairs plus the PAB. Only what the files contain is read (TRF16 columns).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import refdata

from tourney.engine.pairing.swiss_core import SwissPairing
from tourney.engine.pairing.swiss_state import (
    DRAW,
    LOSS,
    WIN,
    Float,
    RoundRecord,
    SwissPlayer,
    SwissState,
)
from tourney.model import Colour

REFERENCE = refdata.DUTCH


@dataclass(frozen=True)
class RefFile:
    path: Path
    rounds: int
    initial: Colour
    win: Fraction
    draw: Fraction
    entries: dict[int, list[str]]  # pairing number -> 8-character round entries


def read(path: Path) -> RefFile:
    lines = path.read_text(encoding="ascii").splitlines()
    win, draw = Fraction(1), Fraction(1, 2)
    rounds = 0
    initial = Colour.WHITE
    entries: dict[int, list[str]] = {}
    for line in lines:
        if line.startswith("162"):
            mw = re.search(r"W\s+([\d.]+)", line)
            md = re.search(r"D\s+([\d.]+)", line)
            if mw:
                win = Fraction(mw.group(1))
            if md:
                draw = Fraction(md.group(1))
        elif line.startswith("XXR"):
            rounds = int(line.split()[1])
        elif line.startswith("XXC"):
            initial = Colour.BLACK if "black" in line else Colour.WHITE
        elif line.startswith("001"):
            pid = int(line[4:8])
            entries[pid] = [line[i : i + 8] for i in range(91, len(line), 10)]
    if not rounds:
        rounds = max(len(e) for e in entries.values())
    return RefFile(path, rounds, initial, win, draw, entries)


def _points(ref: RefFile, result: str) -> Fraction:
    if result in "1+UWF":
        return ref.win
    if result in "=HD":
        return ref.draw
    return Fraction(0)


_OUTCOMES = {"1": WIN, "+": WIN, "U": WIN, "F": WIN, "W": WIN, "=": DRAW, "H": DRAW, "D": DRAW}


def _record(ref: RefFile, entry: str) -> RoundRecord:
    """One round entry as the per-round record the Burstein index reads."""
    res = entry[7]
    opponent = None if entry.startswith("0000") else int(entry[0:4])
    played = opponent is not None and res not in "+-"
    return RoundRecord(
        opponent, _points(ref, res), _OUTCOMES.get(res, LOSS), played=played, pab=res == "U"
    )


def state_for_round(ref: RefFile, r: int) -> SwissState:
    """The pairing input of round r (1-based) per the README procedure."""
    scores: dict[int, list[Fraction]] = {}
    for pid, ents in ref.entries.items():
        acc = [Fraction(0)]
        for e in ents[: r - 1]:
            acc.append(acc[-1] + _points(ref, e[7]))
        scores[pid] = acc  # acc[k] = score before round k+1
    players = []
    for pid, ents in ref.entries.items():
        opponents: set[int] = set()
        colours: list[Colour | None] = []
        floats: list[Float | None] = []
        had_pab = had_win = False
        unplayed = n_absent = 0
        for k, e in enumerate(ents[: r - 1]):
            res = e[7]
            pts = _points(ref, res)
            if e.startswith("0000") or res in "+-":
                colours.append(None)
                floats.append(Float.DOWN if pts > 0 else None)
                unplayed += 1
                if e.startswith("0000") and res in "HZF":
                    n_absent += 1
                if res == "U":
                    had_pab = True
                elif res in "+F":
                    had_win = True
                continue
            opp = int(e[0:4])
            opponents.add(opp)
            colours.append(Colour.WHITE if e[5] == "w" else Colour.BLACK)
            mine, theirs = scores[pid][k], scores[opp][k]
            floats.append(Float.DOWN if mine > theirs else Float.UP if mine < theirs else None)
        now = ents[r - 1]
        absent = now.startswith("0000") and now[7] in "HZF"
        players.append(
            SwissPlayer(
                number=pid,
                id=str(pid),
                score=scores[pid][-1],
                available=not absent,
                opponents=frozenset(opponents),
                colours=tuple(colours),
                floats=tuple(floats),
                had_pab=had_pab,
                had_unplayed_win=had_win,
                unplayed=unplayed,
                absent_rounds=n_absent,
                history=tuple(_record(ref, e) for e in ents[: r - 1]),
            )
        )
    return SwissState(
        players=tuple(players),
        round_no=r,
        total_rounds=ref.rounds,
        initial_colour=ref.initial,
        win_points=ref.win,
        draw_points=ref.draw,
    )


def expected(ref: RefFile, r: int) -> tuple[set[tuple[int, int]], int | None]:
    pairs: set[tuple[int, int]] = set()
    bye = None
    for pid, ents in ref.entries.items():
        e = ents[r - 1]
        if e.startswith("0000"):
            if e[7] == "U":
                bye = pid
        elif e[5] == "w":
            pairs.add((pid, int(e[0:4])))
    return pairs, bye


def files() -> list[Path]:
    return refdata.require(REFERENCE, "ref_*.trf")


def mismatches(path: Path, pair: Callable[[SwissState], SwissPairing]) -> list[str]:
    """Every round of the file at ``path`` paired by ``pair`` (a system of the registry)
    and compared with the file's own pairing: one line per round that differs."""
    ref = read(path)
    bad = []
    for r in range(1, ref.rounds + 1):
        result = pair(state_for_round(ref, r))
        pairs, bye = expected(ref, r)
        got = set(result.pairs)
        if got != pairs or result.bye != bye:
            bad.append(
                f"{path.stem} round {r}: extra {sorted(got - pairs)}, "
                f"missing {sorted(pairs - got)}, bye {result.bye} (expected {bye})"
            )
    return bad


def rounds_of(lines: list[str]) -> set[int]:
    """The rounds named by ``mismatches`` lines."""
    return {int(line.split(" round ")[1].split(":")[0]) for line in lines}
