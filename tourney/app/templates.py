"""Where the site templates are: inside the installed package, or a folder's own."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def template_dir() -> Path:
    """The folder of the bundled templates (``site_templates`` in the wheel)."""
    return Path(str(resources.files("site_templates")))


def template_dirs(tournament_folder: Path | None = None) -> list[Path]:
    """Template search path: the tournament's own ``templates/`` first, then ours."""
    dirs: list[Path] = []
    if tournament_folder is not None and (tournament_folder / "templates").is_dir():
        dirs.append(tournament_folder / "templates")
    dirs.append(template_dir())
    return dirs
