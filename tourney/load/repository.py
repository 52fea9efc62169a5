"""The folders of a league repository: its clubs and tournaments (docs/git-workflow.md).

A league repository (``tourney init-repo``) keeps tournament folders
(``tournament.yaml``) and club folders (``club.yaml``, holding tournaments of
their own) beside its Makefile. They are found as the Makefile finds them: a
club one level down, a tournament one or two levels down (``2026/spring``);
a tournament inside a club belongs to the club. Hidden folders (``.venv``,
``.github``) are never searched, and no folder is found through a symbolic link: a
link to a folder (a pull request can carry one to a folder outside the repository)
is listed in ``links`` and refused by ``build`` and ``make check`` alike
(docs/security.md "The reviewer's machine").

``tourney build`` of the repository's top builds them all with a home page;
the sign-up form (``tourney signup-form``) offers the tournaments still open.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tourney.load.folder import is_club, is_tournament


@dataclass(frozen=True, slots=True)
class Holding:
    """What a repository holds: its club folders and the tournaments outside them,
    each a path relative to the repository in the form ``a/b``."""

    clubs: tuple[str, ...] = ()
    tournaments: tuple[str, ...] = ()
    links: tuple[str, ...] = ()  # links to folders where a club or tournament could be

    @property
    def folders(self) -> tuple[str, ...]:
        """The folders that build on their own: the clubs and the loose tournaments."""
        return tuple(sorted((*self.clubs, *self.tournaments)))

    def every_tournament(self, root: Path) -> tuple[str, ...]:
        """Every tournament folder, those inside a club too (``club/spring``), sorted."""
        inside = [
            f"{club}/{entry.name}"
            for club in self.clubs
            for entry in _subfolders(root / club)
            if is_tournament(entry)
        ]
        return tuple(sorted((*self.tournaments, *inside)))


def is_repository(root: Path) -> bool:
    """A folder that is neither a tournament nor a club but holds at least one."""
    return (
        root.is_dir()
        and not is_tournament(root)
        and not is_club(root)
        and bool(holding(root).folders)
    )


def holding(root: Path) -> Holding:
    """The clubs and the tournaments outside them, one or two levels below ``root``."""
    clubs: list[str] = []
    tournaments: list[str] = []
    links = [entry.name for entry in _linked(root)]
    for entry in _subfolders(root):
        if is_club(entry):
            clubs.append(entry.name)
        elif is_tournament(entry):
            tournaments.append(entry.name)
        else:
            tournaments += [
                f"{entry.name}/{inner.name}" for inner in _subfolders(entry) if is_tournament(inner)
            ]
            links += [f"{entry.name}/{inner.name}" for inner in _linked(entry)]
    return Holding(tuple(sorted(clubs)), tuple(sorted(tournaments)), tuple(sorted(links)))


def _linked(folder: Path) -> list[Path]:
    """The links to folders directly in ``folder`` (not hidden)."""
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return []
    return [e for e in entries if not e.name.startswith(".") and e.is_symlink() and e.is_dir()]


def _subfolders(folder: Path) -> list[Path]:
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return []
    return [e for e in entries if not e.name.startswith(".") and e.is_dir() and not e.is_symlink()]
