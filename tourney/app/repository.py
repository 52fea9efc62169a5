"""``tourney build`` of a league repository's top: every folder's site, and a home page.

A repository (``tourney.load.repository``) holds clubs and tournaments side
by side. Its site is each folder's site in a folder of the same name
(``_site/toren/``, ``_site/2026/blitz/``) and, above them, a home page
(``tourney.render.site.home``) with the site's stylesheet, in the language most
folders speak. Every folder is read first and every error of every folder is
reported together (nothing written); then the whole tree is written at once,
so one manifest covers it and pages of a folder that is gone are removed.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from tourney.app.build import Built, evaluated, read_theme, rendering
from tourney.app.folder import open_folder
from tourney.engine.evaluation import ClubEvaluation
from tourney.errors import Diagnostic, InvalidInput
from tourney.fs.output import UnsafePath, write_tree
from tourney.i18n import catalog
from tourney.load.final import is_finalized
from tourney.load.repository import holding
from tourney.render import text
from tourney.render.site.home import Folder, home_language, home_page
from tourney.render.site.pages import Printed, Progress, render_page, render_site
from tourney.render.views import Link

_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def site_path(folder: str) -> str:
    """Where a folder's site goes: its path as written, a name that is not plain text
    (spaces, markup) as ``text.slug`` writes it."""
    return "/".join(p if _PLAIN.fullmatch(p) else text.slug(p) for p in folder.split("/"))


def build_repository(
    root: Path,
    output: Path,
    printed: Printed | None = None,
    progress: Progress | None = None,
) -> Built:
    """Load and evaluate every folder of ``root``, render each and the home page; write
    once. ``InvalidInput`` with the errors of every folder, and nothing written."""
    started = time.perf_counter()
    folders: list[tuple[str, Path, Folder]] = []
    warnings: list[Diagnostic] = []
    errors: list[Diagnostic] = []
    held = holding(root)
    errors += [
        Diagnostic(
            str(root / link),
            0,
            0,
            "a symbolic link to a folder; tourney reads no tournament through a link",
            "a tournament or club folder of the repository is a real folder in it "
            "(the link may have come with a pull request; docs/security.md)",
            code="E261",
        )
        for link in held.links
    ]
    for name in held.folders:
        path = root / name
        try:
            obj, found = open_folder(path)
        except InvalidInput as error:
            errors += error.diagnostics
            continue
        warnings += found
        evaluation = evaluated(path, obj)
        if isinstance(evaluation, ClubEvaluation):
            done = frozenset(f for f, _ in evaluation.events if is_finalized(path / f))
        else:
            done = frozenset({""}) if is_finalized(path) else frozenset()
        folders.append((name, path, Folder(site_path(name), evaluation, done)))
    if errors:
        raise InvalidInput(errors)
    lang = home_language([f for _, _, f in folders])
    with catalog.language(lang):
        page = home_page([f for _, _, f in folders], lang)
    files: dict[str, bytes] = {".nojekyll": b""}
    for name, path, folder in folders:
        up = (Link("../" * (folder.path.count("/") + 1) + "index.html", page.frame.title),)
        theme = read_theme(path)
        with rendering(path, theme):
            site = render_site(folder.evaluation, theme, printed, None, _named(progress, name), up)
        files.update((f"{folder.path}/{p}", data) for p, data in site.files.items())
    theme = read_theme(root)
    with rendering(root, theme), catalog.language(lang):
        files["index.html"] = render_page(theme.environment(), page)
    for name, data in theme.static.items():
        files[f"static/{name}"] = data
    try:
        written = write_tree(output, dict(sorted(files.items())))
    except UnsafePath as error:
        raise InvalidInput([Diagnostic(str(output), 0, 0, str(error), code="E431")]) from error
    pages = sum(1 for name in files if name.endswith(".html"))
    return Built(written, tuple(warnings), pages, time.perf_counter() - started)


def _named(progress: Progress | None, folder: str) -> Progress | None:
    if progress is None:
        return None
    report = progress
    return lambda done, total, kind: report(done, total, f"{folder}: {kind}" if kind else folder)
