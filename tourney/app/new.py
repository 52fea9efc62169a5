"""``tourney new``'s use case: a commented starter folder (``tourney.edit.starters``), and
beside it, when asked, the league repository's files (``tourney.edit.scaffold``); the
repository's sign-up form then offers the new tournament too."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tourney.edit.starters import starter_files
from tourney.fs.atomic import write_text
from tourney.model import Format


def pairing_systems() -> tuple[str, ...]:
    """The names ``--pairing`` takes (``tourney.engine.pairing.systems``)."""
    from tourney.engine.pairing.systems import SYSTEMS  # the command checks one name

    return tuple(SYSTEMS)


def write_starter(folder: Path, fmt: Format, title: str, pairing: str) -> list[str]:
    """Write the starter files into ``folder``; their paths inside it, sorted."""
    files = starter_files(fmt, title, pairing)
    for relative, text in sorted(files.items()):
        write_text(folder / relative, text)
    return sorted(files)


@dataclass(frozen=True, slots=True)
class RepoWritten:
    """The repository files written (``new``) and those kept for differing, relative to
    the repository's top."""

    top: Path
    new: tuple[str, ...]
    different: tuple[str, ...]


def write_repo_beside(top: Path) -> RepoWritten:
    """The repository scaffold at ``top``; files that differ are kept."""
    from tourney.edit.scaffold import (
        RepoOptions,
        carried_wheel,
        plan,
        repo_files,
        write_repo,
        write_wheel,
    )
    from tourney.edit.signup_form import FORM, open_tournaments
    from tourney.edit.wheel import carried

    options = RepoOptions()
    files = repo_files(options, open_tournaments(top))
    new, _same, different = plan(top, files)
    different = [d for d in different if d != FORM]  # its list: refresh_signup_form
    write_repo(top, files, new)
    wheel = carried_wheel(options)
    if wheel is not None and not carried(top):  # a wheel already there: upgrade-repo moves it
        path, _ = write_wheel(top, wheel)
        new.append(str(path.relative_to(top)))
    return RepoWritten(top, tuple(sorted(new)), tuple(different))


def refresh_signup_form(folder: Path) -> tuple[Path, str] | None:
    """The repository's sign-up form (one or two levels up) rewritten to offer the new
    tournament too: its path and what it lists now; None when nothing was written."""
    from tourney.edit.scaffold import signup_form
    from tourney.edit.signup_form import FORM, describe

    for top in list(folder.absolute().parents)[:2]:
        if (top / FORM).is_file():
            state = signup_form(top)
            if state is not None and state.text is not None and state.stale:
                write_text(state.path, state.text)
                return state.path, describe(state)
            return None
    return None


__all__ = [
    "RepoWritten",
    "pairing_systems",
    "refresh_signup_form",
    "write_repo_beside",
    "write_starter",
]
