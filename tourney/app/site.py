"""``tourney build``'s use case: the site of a tournament or club folder
(``tourney.app.build.build_site``) or of a league repository's top, every folder's site
and a home page (``tourney.app.repository.build_repository``). It stands above both, so
that the repository's build, which builds on the folder's, and the folder's build do not
import each other."""

from __future__ import annotations

from pathlib import Path

from tourney.app.build import Built, Printed, build_site
from tourney.app.repository import build_repository
from tourney.load.repository import is_repository
from tourney.render.site.pages import Progress


def build(
    folder: Path,
    output: Path,
    printed: Printed | None = None,
    previous: Built | None = None,
    progress: Progress | None = None,
) -> Built:
    """The site of ``folder``, whichever it is (``build_site`` says what is reused from
    ``previous``; a repository's top is built whole each time)."""
    if is_repository(folder):
        return build_repository(folder, output, printed, progress)
    return build_site(folder, output, printed, previous, progress)
