"""The ``tourney`` command group (click): every command but the quick forms of
``tourney.cli.quick`` runs through it. ``COMMANDS`` maps each command to its module, which
``LazyGroup`` imports only when that command runs, so a short command starts fast
(``bench/startup.py``); its ``invoke`` is where every command ends (``tourney.cli.exits``).
``tourney.cli`` hands these names out (``from tourney.cli import cli``).
"""

from __future__ import annotations

import contextlib
import importlib
from typing import NoReturn

import click

from tourney import __version__
from tourney.errors import TourneyError

# command name -> module of tourney.cli that defines it (as ``command`` or in ``commands``)
COMMANDS = {
    "new": "new",
    "check": "check",
    "pair": "pair",
    "pairing-engine": "engine",
    "verify": "verify",
    "result": "result",
    "results": "results",
    "player": "player",
    "round": "round",
    "recover": "recover",
    "signup": "signup",
    "lineup": "lineup",
    "standings": "standings",
    "teams": "teams",
    "build": "build",
    "print": "print",
    "serve": "serve",
    "finalize": "finalize",
    "ratings": "ratings",
    "prizes": "prizes",
    "series": "series",
    "export": "trf",
    "import": "trf",
    "diff": "diff",
    "init-repo": "repo",
    "upgrade-repo": "repo",
    "signup-form": "repo",
    "games": "games",
    "report-result": "report_result",
}


def load_command(name: str) -> click.Command | None:
    """The command ``name``, importing only the module that defines it."""
    module_name = COMMANDS.get(name)
    if module_name is None:
        return None
    module = importlib.import_module(f"tourney.cli.{module_name}")
    for command in getattr(module, "commands", None) or (module.command,):
        if command.name == name:
            return command  # type: ignore[no-any-return]
    raise LookupError(f"tourney.cli.{module_name} defines no command {name!r}")


class LazyGroup(click.Group):
    """A group whose commands are imported when used, not when the program starts."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return self.commands.get(cmd_name) or load_command(cmd_name)

    def invoke(self, ctx: click.Context) -> object:
        """Every command ends here (``tourney.cli.exits``): a ``TourneyError`` that no
        command caught is printed with its status, any other exception is a bug (one
        line, exit 70; the traceback with ``--traceback``); all output escapes control
        characters (``tourney.cli.terminal``); a closed pipe ends the command quietly
        (exit 0)."""
        from tourney.cli import exits
        from tourney.cli.terminal import escaped  # control characters shown, never obeyed

        with escaped():
            try:
                return super().invoke(ctx)
            except TourneyError as error:
                exits.fail(error)
            except BrokenPipeError:
                _closed_pipe()
            except (click.exceptions.Exit, click.ClickException, click.Abort):
                raise  # click's own ends: --help, usage errors, Ctrl-C
            except Exception as error:  # the one place a bug is reported
                exits.internal(error, bool(ctx.params.get("traceback")))


def _closed_pipe() -> NoReturn:
    """The reader of our output went away (``tourney pair X | head``): what was written
    is kept (``cli.common.writing``), and the rest of the report goes nowhere, quietly."""
    import os
    import sys

    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # Python's own flush at exit finds no pipe
    raise click.exceptions.Exit(0)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="tourney")
@click.option(
    "--traceback",
    is_flag=True,
    help="On an internal error (exit status 70), print the traceback to report.",
)
def cli(traceback: bool) -> None:
    """Chess tournaments and leagues from a folder of YAML files."""
