"""``tourney build``'s use case: the site of a tournament or club folder
(``tourney.app.build.build_site``) or of a league repository's top, every folder's site
and a home page (``tourney.app.repository.build_repository``). It stands above both, so
that the repository's build, which builds on the folder's, and the folder's build do not
import each other."""

from __future__ import annotations

from pathlib import Path

from tourney.app.build import Built, Printed, build_site
from tourney.app.repository import build_repository
from tourney.fs import build_cache
from tourney.fs.output import read_manifest
from tourney.load.repository import is_repository
from tourney.render.site.pages import Progress


def build(
    folder: Path,
    output: Path,
    printed: Printed | None = None,
    previous: Built | None = None,
    progress: Progress | None = None,
    fingerprint: str | None = None,
) -> Built:
    """The site of ``folder``, whichever it is (``build_site`` says what is reused from
    ``previous``; a repository's top is built whole each time).

    ``fingerprint`` (``tourney.fs.build_cache.fingerprint`` of this build's inputs): the
    build reuses the pages the last build into ``output`` left there and records its own
    for the next (``tourney build``); without it, the output keeps no cache."""
    if is_repository(folder):
        built = build_repository(folder, output, printed, progress)
    else:
        built = build_site(folder, output, printed, previous, progress, fingerprint is not None)
    if fingerprint is None:
        build_cache.forget(output)
        return built
    build_cache.write(
        output,
        fingerprint,
        read_manifest(output),
        built.salt,
        {digest: path for path, digest in built.digests.items()},
        built.pages,
        [warning.format() for warning in built.warnings],
        built.reuse.new_keys if built.reuse is not None else {},
        built.reuse.new_ranks if built.reuse is not None else {},
    )
    return built
