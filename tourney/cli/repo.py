"""``tourney init-repo [DIR]``: the files a league repository needs beside its tournaments;
``tourney upgrade-repo [DIR]``: move the tourney it carries to the running one;
``tourney signup-form [DIR]``: list the tournaments open for sign-ups in its sign-up form.

See ``tourney.edit.scaffold`` for what is written and docs/git-workflow.md for a
season walked through. Existing files are kept: a file that differs from what
would be written stops the command (exit 3) unless ``--force`` is given.
"""

from __future__ import annotations

from pathlib import Path

import click

from tourney.cli.common import fail
from tourney.cli.exits import leave
from tourney.edit.scaffold import (
    RepoOptions,
    carried_wheel,
    plan,
    repo_files,
    signup_form,
    write_repo,
    write_wheel,
)
from tourney.edit.signup_form import describe, open_tournaments
from tourney.edit.upgrade import upgrade_repo
from tourney.errors import ExitStatus, Refused
from tourney.fs.atomic import write_text
from tourney.fs.lock import folder_lock


@click.command("init-repo")
@click.argument(
    "folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path)
)
@click.option(
    "--install",
    metavar="REQUIREMENT",
    help="The pip requirement that installs tourney, written to requirements.txt "
    "(e.g. 'tourney-chess==0.1.0' from PyPI, or 'tourney-chess @ git+https://github.com/OWNER/tourney@v0.1.0'); default: a wheel "
    "of this tourney, carried in .tourney/.",
)
@click.option("--python", default="3.11", show_default=True, help="Python version for CI.")
@click.option("--branch", default="main", show_default=True, help="The branch that publishes.")
@click.option("--force", is_flag=True, help="Overwrite files that differ from the scaffold.")
def command(folder: Path, install: str | None, python: str, branch: str, force: bool) -> None:
    """Write the Makefile, CI workflow, PR template and .gitignore of a league repository.

    FOLDER (default: here) is the repository's top, beside its tournament
    folders. Then: make help.
    """
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
    if different and not force:
        click.echo(
            f"error: {', '.join(different)} already exist{'s' if len(different) == 1 else ''} "
            "with other contents; nothing was written (--force overwrites; "
            "tourney upgrade-repo moves the carried tourney on)",
            err=True,
        )
        leave(ExitStatus.REFUSED)
    written = new + (different if force else [])
    write_repo(folder, files, [w for w in written if w in files])
    if wheel is not None and any(w not in files for w in written):
        write_wheel(folder, wheel)
    for relative in sorted(written):
        click.echo(f"wrote {folder / relative}")
    for relative in same:
        click.echo(f"unchanged {folder / relative}")
    click.echo("next: tourney new FOLDER --format swiss, then: make help")


@click.command("upgrade-repo")
@click.argument(
    "folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path)
)
@click.option("--dry-run", is_flag=True, help="Say what would change; write nothing.")
def upgrade(folder: Path, dry_run: bool) -> None:
    """Move the tourney FOLDER's repository carries (.tourney/) to the running tourney.

    Says what changes: the version, the modules, and whether pairing or
    standings code moved. Do it in a pull request, between seasons.
    """
    with folder_lock(folder, "tourney upgrade-repo", on_busy=fail):
        try:
            report = upgrade_repo(folder, write=not dry_run)
        except Refused as error:
            fail(error)
    for line in report:
        click.echo(line)


@click.command("signup-form")
@click.argument(
    "folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path)
)
@click.option(
    "--check",
    "check_only",
    is_flag=True,
    help="Write nothing; exit 1 when the list is out of date.",
)
def form(folder: Path, check_only: bool) -> None:
    """List the tournaments open for sign-ups in the sign-up issue form.

    FOLDER (default: here) is the repository's top. The form's dropdown offers
    every individual tournament not finalized whose last round is not paired
    yet (a round robin: no round paired). `make forms` and `make publish` run it.
    """
    state = signup_form(folder)
    name = folder / ".github" / "ISSUE_TEMPLATE" / "signup.yml"
    if state is None:
        fail(Refused(f"{name} does not exist: run 'tourney init-repo {folder}' first"))
    if state.text is None:
        fail(
            Refused(
                f"{name} has no '# [tourney signup-form]' lines around its Tournament "
                "question, so its list cannot be rewritten; 'tourney init-repo --force' "
                "writes the form anew (review the diff)"
            )
        )
    if check_only:
        if state.stale:
            click.echo(f"warning: {name} is out of date: {describe(state)}", err=True)
            leave(ExitStatus.FOUND)
        return
    if state.stale:
        write_text(state.path, state.text)
        click.echo(f"wrote {name}: {describe(state)}")
    else:
        click.echo(f"unchanged {name}: {describe(state)}")


commands = (command, upgrade, form)
