"""``tourney init-repo [DIR]``: the files a league repository needs beside its tournaments.

See ``tourney.edit.scaffold`` for what is written and docs/git-workflow.md for a
season walked through. Existing files are kept: a file that differs from what
would be written stops the command (exit 3) unless ``--force`` is given.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from tourney.edit.scaffold import RepoOptions, detect_install, plan, repo_files, write_repo
from tourney.errors import ExitStatus


@click.command("init-repo")
@click.argument(
    "folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path)
)
@click.option(
    "--install",
    metavar="REQUIREMENT",
    help="The pip requirement that installs tourney, written to requirements.txt "
    "(e.g. 'tourney @ git+https://github.com/OWNER/tourney@v0.1.0').",
)
@click.option("--python", default="3.11", show_default=True, help="Python version for CI.")
@click.option("--branch", default="main", show_default=True, help="The branch that publishes.")
@click.option("--force", is_flag=True, help="Overwrite files that differ from the scaffold.")
def command(folder: Path, install: str | None, python: str, branch: str, force: bool) -> None:
    """Write the Makefile, CI workflow, PR template and .gitignore of a league repository.

    FOLDER (default: here) is the repository's top, beside its tournament
    folders. Then: make help.
    """
    spec = install or detect_install()
    files = repo_files(RepoOptions(install=spec, python=python, branch=branch))
    new, same, different = plan(folder, files)
    if different and not force:
        click.echo(
            f"error: {', '.join(different)} already exist{'s' if len(different) == 1 else ''} "
            "with other contents; nothing was written (--force overwrites)",
            err=True,
        )
        sys.exit(int(ExitStatus.REFUSED))
    written = new + (different if force else [])
    write_repo(folder, files, written)
    for relative in sorted(written):
        click.echo(f"wrote {folder / relative}")
    for relative in same:
        click.echo(f"unchanged {folder / relative}")
    if not spec:
        click.echo(
            f"note: say where tourney comes from in {folder / 'requirements.txt'} "
            "(or run again with --install REQUIREMENT); make and CI need it",
            err=True,
        )
    click.echo("next: tourney new FOLDER --format swiss, then: make help")
