"""``tourney init-repo [DIR]``: the files a league repository needs beside its tournaments;
``tourney upgrade-repo [DIR]``: move the tourney it carries to the running one;
``tourney signup-form [DIR]``: list the tournaments open for sign-ups in its sign-up form.

See ``tourney.app.repo`` for what is written and docs/git-workflow.md for a
season walked through. Existing files are kept: a file that differs from what
would be written stops the command (exit 3) unless ``--force`` is given.
"""

from __future__ import annotations

from pathlib import Path

import click

from tourney.app.repo import describe, form_state, init_repo, upgrade, write_form
from tourney.cli.common import fail
from tourney.cli.exits import leave
from tourney.errors import ExitStatus, Refused


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
    found, written = init_repo(folder, install, python, branch, force)
    different = found.different
    if different and not force:
        click.echo(
            f"error: {', '.join(different)} already exist{'s' if len(different) == 1 else ''} "
            "with other contents; nothing was written (--force overwrites; "
            "tourney upgrade-repo moves the carried tourney on)",
            err=True,
        )
        leave(ExitStatus.REFUSED)
    for relative in written:
        click.echo(f"wrote {folder / relative}")
    for relative in found.same:
        click.echo(f"unchanged {folder / relative}")
    click.echo("next: tourney new FOLDER --format swiss, then: make help")


@click.command("upgrade-repo")
@click.argument(
    "folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path)
)
@click.option("--dry-run", is_flag=True, help="Say what would change; write nothing.")
def upgrade_command(folder: Path, dry_run: bool) -> None:
    """Move the tourney FOLDER's repository carries (.tourney/) to the running tourney.

    Says what changes: the version, the modules, and whether pairing or
    standings code moved. Do it in a pull request, between seasons.
    """
    try:
        report = upgrade(folder, dry_run)
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
    state = form_state(folder)
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
        write_form(state)
        click.echo(f"wrote {name}: {describe(state)}")
    else:
        click.echo(f"unchanged {name}: {describe(state)}")


commands = (command, upgrade_command, form)
