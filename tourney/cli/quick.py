"""The command lines a pairing checker or a script runs many times, answered without click.

A FIDE pairing checker calls the engine once per round, ``tourney pairing-engine
--dutch IN.trf -p OUT.txt`` (docs/pairing.md), so its start-up is most of its time at
club sizes: the command-line library alone costs more than pairing 100 players. This
module reads the plain forms by hand and answers them when all goes well:

* ``pairing-engine --SYSTEM TRF [-p OUT]`` (one system flag, an existing readable file,
  in any order), when the file reads without a warning and pairs: the pairing is
  written exactly as ``tourney.cli.engine`` writes it;
* ``--version``;
* ``check DIR`` (one existing folder, no option), when the tournament in it checks with
  no error, warning or note: the one line ``OK`` that ``tourney.cli.check`` prints
  (``check_summary``), plain text only (anything the terminal escaping or click's echo
  could change goes to click).

Anything else (``--help``, ``--explain``, a usage error, a file with warnings or errors,
no pairing, a failed write) is not answered here: ``answered`` returns False before it
has printed or written anything, and the click group runs the command line from the
start, so every message, diagnostic and exit status is the one ``tourney.cli.engine``
gives (the work done here is then done twice, only on that path).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from tourney.model import Tournament


def answered(argv: list[str]) -> bool:
    """Answer ``argv`` if it is one of the quick forms; False (nothing done) if not."""
    if argv == ["--version"]:
        from tourney import __version__

        _write(f"tourney, version {__version__}\n")  # click's version_option message
        return True
    if argv[:1] == ["pairing-engine"]:
        return _pairing_engine(argv[1:])
    if len(argv) == 2 and argv[0] == "check" and not argv[1].startswith("-"):
        return _check(Path(argv[1]))
    return False


def check_summary(folder: Path, t: Tournament) -> str:
    """``tourney check``'s last line for a tournament that checks."""
    from tourney.model import Format

    s = t.settings
    what = f"{len(t.teams)} teams, " if t.is_team else ""
    if s.format is Format.SWISS:  # the pairing system (docs/pairing.md)
        from tourney.app.folder import pairing_label

        what = f"{pairing_label(s.pairing)}, " + what
    return (
        f"{folder}: '{s.name}', {s.format.value}, {what}{len(t.players)} players, "
        f"{len(t.rounds)} of {t.planned_rounds} rounds: OK"
    )


def _check(folder: Path) -> bool:
    if not folder.is_dir():
        return False  # click.Path's message, or a file given
    from tourney.app.folder import validate
    from tourney.model import Tournament

    try:
        validated = validate(folder, publishing=True)
        if validated.diagnostics or validated.notes:
            return False  # printed by the click command, in its order
        t = validated.folder()
        if not isinstance(t, Tournament):
            return False  # a club's line: the click command
        line = check_summary(folder, t)
    except KeyboardInterrupt:
        _interrupted()
    except Exception:  # an error or a bug: the click path reports it
        return False
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    if not line.isprintable() or not (line.isascii() or encoding == "utf8"):
        return False  # escaped or re-encoded text: as the click path writes it
    _write(line + "\n")
    return True


def _pairing_engine(args: list[str]) -> bool:
    flags = [a for a in args if a.startswith("-")]
    if "-p" in args:
        at = args.index("-p")
        if at + 1 == len(args) or args.count("-p") > 1:
            return False
        output: Path | None = Path(args[at + 1])
        args = args[:at] + args[at + 2 :]
        flags.remove("-p")
    else:
        output = None
    names = [a for a in args if not a.startswith("-")]
    if len(flags) != 1 or len(names) != 1 or len(args) != 2 or not flags[0].startswith("--"):
        return False
    trf = Path(names[0])
    if not trf.is_file() or not os.access(trf, os.R_OK) or (output is not None and output.is_dir()):
        return False  # the click path reports it (click.Path)
    from tourney.app.engine_input import SYSTEM_FORMATS, pair_next_round, write_pairing

    system = flags[0][2:]
    if system not in SYSTEM_FORMATS:
        return False
    try:
        done = pair_next_round(trf, system)
        if done.warnings:
            return False  # printed by the click path, with the pairing
        text = done.text
        if output is not None:
            write_pairing(output, text)
    except KeyboardInterrupt:
        _interrupted()
    except Exception:  # an error, no pairing, a failed write: the click path reports it
        return False
    if output is None:
        _write(text)
    return True


def _interrupted() -> NoReturn:
    """Ctrl-C ends a quick form as click's Abort does."""
    from tourney.cli.exits import leave
    from tourney.errors import ExitStatus

    sys.stderr.write("\nAborted!\n")
    leave(ExitStatus.INVALID_INPUT)


def _write(text: str) -> None:
    """Standard output; a reader that went away ends the command quietly, as in
    ``tourney.cli.group``."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
