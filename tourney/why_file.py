"""rounds/NN.why.txt: why ``tourney pair`` paired a round so, kept beside the round file.

The Swiss engines explain a pairing (score groups, floaters, colour rules, the
bye) as they make it. ``tourney pair`` stores those lines here, with the
fingerprint of the pairing they explain, so the site shows them without
pairing every round again on each build. They apply only while the round file
holds that pairing: change a pair or the bye by hand and the site says the
explanation no longer applies (results and seats may change freely).

    # Why tourney paired round 5 so (written by `tourney pair`; see docs/pairing.md).
    # pairing: 3f0c9a0d1e2b4c5d
    round 5 of 7: 40 players to pair; ...
"""

from __future__ import annotations

import re
from pathlib import Path

from tourney.atomic import write_text
from tourney.engine.pair import fingerprint
from tourney.model import Round

SUFFIX = ".why.txt"
_FINGERPRINT = re.compile(r"^#\s*pairing:\s*([0-9a-f]+)\s*$")


def why_path(folder: Path, number: int) -> Path:
    return folder / "rounds" / f"{number:02d}{SUFFIX}"


def render(rnd: Round, lines: tuple[str, ...], explained: str | None = None) -> str:
    """The file's text; ``explained`` is the fingerprint to keep (default: the round's own)."""
    head = [
        f"# Why tourney paired round {rnd.number} so (written by `tourney pair`; "
        "see docs/pairing.md).",
        f"# pairing: {explained or fingerprint(rnd)}",
    ]
    body = [" ".join(line.splitlines()).rstrip() for line in lines]  # one line each
    return "\n".join(head + body) + "\n"


def parse(text: str) -> tuple[str, tuple[str, ...]]:
    """The fingerprint and the lines; a file without a fingerprint explains nothing."""
    found = ""
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith("#") and not lines:  # the header: comments before the first line
            match = _FINGERPRINT.match(line)
            if match and not found:
                found = match.group(1)
            continue
        if line.strip():
            lines.append(line.rstrip())
    return (found, tuple(lines)) if found else ("", ())


def read(folder: Path, number: int) -> tuple[str, tuple[str, ...]]:
    """What rounds/NN.why.txt holds; nothing when it is missing or unreadable as UTF-8."""
    path = why_path(folder, number)
    try:
        return parse(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return "", ()


def write(folder: Path, rnd: Round, lines: tuple[str, ...]) -> Path | None:
    """Store the explanation of a freshly paired round; drop a stale one when there is none."""
    path = why_path(folder, rnd.number)
    if not lines:
        path.unlink(missing_ok=True)
        return None
    write_text(path, render(rnd, lines))
    return path
