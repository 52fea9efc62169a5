"""Compare a folder between two git revisions: ``tourney diff``'s use case (the report's
renderers are ``tourney.review.report``'s)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from tourney.app.folder import open_folder
from tourney.errors import Diagnostic
from tourney.load.folder import is_club, is_tournament
from tourney.review.gitdiff import FolderDiff, GitError, diff_folder
from tourney.review.report import RENDERERS, md


def compare(
    folder: Path, revs: Sequence[str], warn: Callable[[Diagnostic], object] = lambda d: None
) -> FolderDiff:
    """``folder`` between ``revs`` (none: HEAD and the working tree; one: it and the
    working tree; two: those). The working tree, when it is the new version, is checked as
    every command checks a folder: its warnings go to ``warn``, its errors raise."""
    if len(revs) < 2 and (is_tournament(folder) or is_club(folder)):
        for warning in open_folder(folder)[1]:
            warn(warning)
    return diff_folder(folder, list(revs))


__all__ = ["RENDERERS", "GitError", "compare", "md"]
