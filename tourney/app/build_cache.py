"""``tourney build``'s first question: did anything change since the last build into the
output folder? Answered from the build cache (``tourney.fs.build_cache``) before the
engine and the renderer are imported, so a build with nothing to do stays fast
(bench/startup.py)."""

from __future__ import annotations

from pathlib import Path

import tourney
from tourney.fs import build_cache
from tourney.fs.build_cache import Record


def site_fingerprint(folder: Path, output: Path) -> str:
    """What the site's inputs and this tourney add up to."""
    return build_cache.fingerprint(folder, output, tourney.__version__, ("site",))


def unchanged(output: Path, fingerprint: str) -> Record | None:
    """The last build's record when nothing changed since it (same inputs, its files as
    that build left them); None when the site must be built."""
    record = build_cache.read(output)
    if record is None or record.fingerprint != fingerprint:
        return None
    return record if build_cache.intact(output, record) else None


__all__ = ["Record", "site_fingerprint", "unchanged"]
