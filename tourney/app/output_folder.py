"""May a build write into this output folder? (``tourney build``, ``tourney serve``)

Kept apart from ``tourney.app.build`` so that ``tourney build`` can ask it, and find
with the build cache that nothing changed (``tourney.fs.build_cache``), before it
imports the engine and the renderer.
"""

from __future__ import annotations

from pathlib import Path

from tourney.fs.output import MANIFEST


def check_output(folder: Path, output: Path, force: bool = False) -> str | None:
    """Why ``output`` may not hold the site.

    It is, or holds, the tournament folder; or it is a link or not a folder; or
    (unless ``force``) it is a folder with files that tourney did not write: a
    folder tourney built holds ``.tourney-manifest``, and a build never replaces
    same-named files of someone else's folder (docs/security.md).
    """
    source, target = folder.resolve(), output.resolve()
    if target == source or source.is_relative_to(target):
        return f"the output folder {output} would hold the tournament folder itself"
    if output.is_symlink():
        return f"the output folder {output} is a symbolic link; give the real folder"
    if output.exists() and not output.is_dir():
        return f"{output} is not a folder"
    if force or not output.is_dir() or (output / MANIFEST).is_file():
        return None
    if any(True for _ in output.iterdir()):
        return (
            f"{output} holds files that tourney did not write (it has no {MANIFEST}); "
            "give an empty or new folder, or --force to write into it"
        )
    return None
