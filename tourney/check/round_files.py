"""E205: a file in rounds/ that tourney does not read.

The folder loader reads rounds/NN.yaml (two digits, lower case) and
rounds/NN.why.txt, nothing else. ``05.YAML``, ``5.yaml`` or ``05.yml.bak`` would
be silently ignored, and on a case-insensitive file system (macOS, Windows)
``05.YAML`` *is* rounds/05.yaml to the operating system, so ``tourney pair``
could overwrite it. Every other file there is an error; hidden files (``.gitkeep``)
and a README are left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from tourney.errors import Diagnostic

# [0-9], not \d: Python's \d matches any Unicode digit, and ٠١.yaml would pass for 01.yaml
_ROUND = re.compile(r"^[0-9]{2}\.yaml$")
_WHY = re.compile(r"^[0-9]{2}\.why\.txt$")
_ROUNDISH = re.compile(r"^([0-9]{1,3})\.ya?ml$", re.IGNORECASE)


def is_known(name: str) -> bool:
    """A round file, its explanation, a hidden file or the README ``tourney new`` writes."""
    if name.startswith(".") or name in ("README.md", "README.txt", "README"):
        return True
    return (_ROUND.match(name) is not None and name != "00.yaml") or _WHY.match(name) is not None


def _hint(name: str) -> str:
    if any(c.isdigit() and not "0" <= c <= "9" for c in name):
        return (
            "round file names use the digits 0-9 only (rounds/01.yaml): rename or remove the file"
        )
    roundish = _ROUNDISH.match(name)
    if roundish and 0 < int(roundish.group(1)) < 100:
        return f"a round file is named like rounds/{int(roundish.group(1)):02d}.yaml (two digits, lower case): rename it"
    return "tourney reads only NN.yaml and NN.why.txt in rounds/ (and keeps a README): move the file out of the folder"


def unknown_round_files(folder: Path, display: Callable[[Path], str]) -> list[Diagnostic]:
    rounds = folder / "rounds"
    if not rounds.is_dir():
        return []
    out = []
    for entry in sorted(rounds.iterdir()):
        if is_known(entry.name) and entry.is_file():
            continue
        if entry.name.startswith("."):
            continue
        what = "folder" if entry.is_dir() else "file"
        out.append(
            Diagnostic(
                display(entry),
                0,
                0,
                f"unknown {what} in rounds/: '{entry.name}' is not read",
                _hint(entry.name),
                code="E205",
            )
        )
    return out


def case_twin(folder: Path, number: int) -> Path | None:
    """A file in rounds/ that a case-insensitive file system takes for rounds/NN.yaml."""
    rounds = folder / "rounds"
    wanted = f"{number:02d}.yaml"
    if not rounds.is_dir():
        return None
    for entry in rounds.iterdir():
        if entry.name != wanted and entry.name.casefold() == wanted:
            return entry
    return None
