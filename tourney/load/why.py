"""rounds/NN.why.txt as read: the fingerprint of the pairing it explains, and its lines.

``tourney.edit.why_file`` writes it; the file's format is described there.
"""

from __future__ import annotations

import re
from pathlib import Path

from tourney.fs import regular

SUFFIX = ".why.txt"
_FINGERPRINT = re.compile(r"^#\s*pairing:\s*([0-9a-f]+)\s*$")
# "# paired from: 1=3f0c9a0d1e2b4c5d 2=..." the results digest of each earlier round
# (tourney.engine.digest) when tourney paired this one.
_PAIRED_FROM = re.compile(r"^#\s*paired from:\s*(.*)$")
_DIGEST = re.compile(r"^([0-9]+)=([0-9a-f]+)$")


def why_path(folder: Path, number: int) -> Path:
    return folder / "rounds" / f"{number:02d}{SUFFIX}"


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
        return parse(regular.read_text(path))
    except (OSError, UnicodeDecodeError):
        return "", ()


def paired_from(folder: Path, number: int) -> dict[int, str]:
    """The results digest of each earlier round as recorded when round ``number`` was paired.

    Empty when the file, or its ``# paired from:`` header line, is missing (rounds paired
    before tourney recorded it) or malformed: then nothing can be compared.
    """
    try:
        text = regular.read_text(why_path(folder, number))
    except (OSError, UnicodeDecodeError):
        return {}
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        match = _PAIRED_FROM.match(line)
        if match:
            found = [_DIGEST.match(part) for part in match.group(1).split()]
            if all(found):
                return {int(m.group(1)): m.group(2) for m in found if m}
            return {}
    return {}
