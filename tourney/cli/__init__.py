"""The ``tourney`` command line: the only place that prints or exits.

Each command lives in a module of this package and stays thin: it parses its
options, calls one use case of ``tourney.app``, prints and returns; whatever it raises
ends in ``tourney.cli.exits`` (the one place that maps an error to an exit status and
ends the process; a bug is one line and exit 70).

Rule: imports only ``tourney.app``, ``tourney.errors``, ``tourney.model``,
``tourney.number_text`` and itself (tests/test_layers.py).

Start-up (``bench/startup.py``): ``main`` answers the quick forms (``tourney.cli.quick``:
``pairing-engine``, ``--version``, a clean ``check DIR``) without click; everything else
runs through the click group of ``tourney.cli.group``, whose ``COMMANDS`` table imports a
command's module only when that command runs. ``cli``, ``COMMANDS`` and ``load_command`` are read from here.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tourney.cli.group import COMMANDS as COMMANDS
    from tourney.cli.group import LazyGroup as LazyGroup
    from tourney.cli.group import cli as cli
    from tourney.cli.group import load_command as load_command


def main() -> None:
    """The ``tourney`` program. The forms a pairing checker or a script runs many times
    (``tourney.cli.quick``: ``pairing-engine --SYSTEM IN.trf [-p OUT]``, ``--version``,
    ``check DIR``) are answered without loading click; every other command line, and any
    of those that has anything to report but its result, runs through the click group."""
    from tourney.cli import quick

    if quick.answered(sys.argv[1:]):
        return
    from tourney.cli.group import cli

    cli(prog_name="tourney")


def __getattr__(name: str) -> object:
    """``tourney.cli.cli``, ``COMMANDS``, ``load_command``, ``LazyGroup``: the click group
    and its command table (``tourney.cli.group``), loaded on first use."""
    if name in ("cli", "COMMANDS", "load_command", "LazyGroup"):
        from tourney.cli import group

        return getattr(group, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
