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

from pathlib import Path

from tourney.engine.pair import fingerprint
from tourney.fs.atomic import remove, write_text
from tourney.load.why import SUFFIX, parse, read, why_path
from tourney.model import Round

__all__ = ["SUFFIX", "parse", "read", "render", "why_path", "write"]


def render(
    rnd: Round,
    lines: tuple[str, ...],
    explained: str | None = None,
    paired_from: dict[int, str] | None = None,
) -> str:
    """The file's text; ``explained`` is the fingerprint to keep (default: the round's own);
    ``paired_from`` the results digest of each earlier round (``tourney.load.why.paired_from``)."""
    head = [
        f"# Why tourney paired round {rnd.number} so (written by `tourney pair`; "
        "see docs/pairing.md).",
        f"# pairing: {explained or fingerprint(rnd)}",
    ]
    if paired_from:
        head.append(
            "# paired from: " + " ".join(f"{n}={d}" for n, d in sorted(paired_from.items()))
        )
    body = [" ".join(line.splitlines()).rstrip() for line in lines]  # one line each
    return "\n".join(head + body) + "\n"


def write(
    folder: Path, rnd: Round, lines: tuple[str, ...], paired_from: dict[int, str] | None = None
) -> Path | None:
    """Store the explanation of a freshly paired round and the results it was paired from;
    drop a stale file when there is neither."""
    path = why_path(folder, rnd.number)
    if not lines and not paired_from:
        remove(path)
        return None
    write_text(path, render(rnd, lines, paired_from=paired_from))
    return path
