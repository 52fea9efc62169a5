"""The league repository's use cases (docs/git-workflow.md): ``init-repo`` writes the files
beside the tournaments (``tourney.edit.scaffold``), ``upgrade-repo`` moves the tourney it
carries on (``tourney.edit.upgrade``), ``signup-form`` rewrites the sign-up form's list
of open tournaments (``tourney.edit.signup_form``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tourney.edit.scaffold import (
    RepoOptions,
    carried_wheel,
    plan,
    repo_files,
    signup_form,
    write_repo,
    write_wheel,
)
from tourney.edit.signup_form import FormState, describe, open_tournaments
from tourney.edit.upgrade import upgrade_repo
from tourney.fs.atomic import write_text
from tourney.fs.lock import folder_lock


@dataclass(frozen=True, slots=True)
class RepoPlan:
    """What ``init-repo`` finds: files to write (``new``), already so (``same``), and
    with other contents (``different``), relative to the repository's top."""

    new: tuple[str, ...]
    same: tuple[str, ...]
    different: tuple[str, ...]


def init_repo(
    folder: Path, install: str | None, python: str, branch: str, force: bool
) -> tuple[RepoPlan, tuple[str, ...]]:
    """Write the repository's files; those that differ only with ``force``. Returns the
    plan and the files written (none when some differ and ``force`` is not given)."""
    options = RepoOptions(install=install, python=python, branch=branch)
    files = repo_files(options, open_tournaments(folder))
    wheel = carried_wheel(options)
    new, same, different = plan(folder, files)
    if wheel is not None:
        name = f".tourney/{wheel.name}"
        path = folder / name
        if not path.is_file():
            new.append(name)
        elif path.read_bytes() == wheel.data:
            same.append(name)
        else:
            different.append(name)
    found = RepoPlan(tuple(new), tuple(same), tuple(different))
    if different and not force:
        return found, ()
    written = new + (different if force else [])
    write_repo(folder, files, [w for w in written if w in files])
    if wheel is not None and any(w not in files for w in written):
        write_wheel(folder, wheel)
    return found, tuple(sorted(written))


def upgrade(folder: Path, dry_run: bool) -> list[str]:
    """Move the carried tourney to the running one (``dry_run``: only say what changes)."""
    with folder_lock(folder, "tourney upgrade-repo"):
        return upgrade_repo(folder, write=not dry_run)


def form_state(folder: Path) -> FormState | None:
    """The sign-up form against the open tournaments; None when the form does not exist."""
    return signup_form(folder)


def write_form(state: FormState) -> None:
    assert state.text is not None
    write_text(state.path, state.text)


__all__ = ["FormState", "RepoPlan", "describe", "form_state", "init_repo", "upgrade", "write_form"]
