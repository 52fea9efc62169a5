"""``tourney new DIR --format FORMAT [--pairing SYSTEM]``: a commented starter folder."""

from __future__ import annotations

from pathlib import Path

import click

from tourney.app.new import pairing_systems, refresh_signup_form, write_repo_beside, write_starter
from tourney.cli.common import shown
from tourney.cli.exits import leave
from tourney.errors import ExitStatus
from tourney.model import Format


@click.command("new")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--format",
    "fmt",
    required=True,
    type=click.Choice([f.value for f in Format]),
    help="The kind of event.",
)
@click.option(
    "--pairing",
    default="dutch",
    show_default=True,
    help="An individual Swiss: the FIDE Swiss system (docs/pairing.md), written as "
    "tournament.yaml's pairing:.",
)
@click.option("--name", default="", help="The tournament's name (default: the folder name).")
@click.option(
    "--repo",
    is_flag=True,
    help="Also write the league repository files (Makefile, CI workflow publishing to GitHub "
    "Pages, PR template, .gitignore) beside FOLDER, as `tourney init-repo` does.",
)
def command(folder: Path, fmt: str, pairing: str, name: str, repo: bool) -> None:
    """Write a new tournament folder FOLDER with commented example files."""
    systems = pairing_systems()
    pairing = pairing.strip().lower()
    if pairing not in systems:
        raise click.BadParameter(
            f"'{pairing}' is not a pairing system; known: {', '.join(systems)}",
            param_hint="--pairing",
        )
    if pairing != "dutch" and fmt != Format.SWISS.value:
        raise click.BadParameter("a pairing system is for --format swiss", param_hint="--pairing")
    if folder.exists() and any(folder.iterdir()):
        click.echo(f"error: {folder} exists and is not empty; nothing was written", err=True)
        leave(ExitStatus.REFUSED)
    title = name or folder.name.replace("-", " ").replace("_", " ").title()
    files = write_starter(folder, Format(fmt), title.replace('"', "'"), pairing)
    click.echo(f"wrote {folder}/ ({', '.join(files)})")
    if repo:
        _write_repo(folder.resolve().parent)
    _refresh_signup_form(folder)
    click.echo(f"next: edit {folder}/players.yaml, then run: tourney check {folder}")


def _write_repo(top: Path) -> None:
    """The repository scaffold beside the new folder; files that differ are kept."""
    done = write_repo_beside(top)
    for relative in done.new:
        click.echo(f"wrote {shown(top / relative)}")
    for relative in done.different:
        click.echo(
            f"kept {shown(top / relative)} (it differs; `tourney init-repo --force` replaces it)"
        )


def _refresh_signup_form(folder: Path) -> None:
    """The repository's sign-up form (one or two levels up) offers the new tournament too."""
    refreshed = refresh_signup_form(folder)
    if refreshed is not None:
        path, listed = refreshed
        click.echo(f"updated {shown(path)}: {listed}")
