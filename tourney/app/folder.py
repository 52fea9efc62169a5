"""Open a folder for a command: read and validate it (``tourney.check.validate``), stop on errors.

Every command that works on a tournament or club folder starts here, so that
``check``, ``pair``, ``result``, ``build``, ``print``, ``trf export``, ``serve`` and
``diff`` report the same diagnostics for the same folder and an error stops each
of them (docs/diagnostics.md).
"""

from __future__ import annotations

from pathlib import Path

from tourney.check.validate import Validated, validate
from tourney.errors import Diagnostic
from tourney.model import Club, Tournament


def open_folder(
    folder: Path, publishing: bool = False
) -> tuple[Tournament | Club, tuple[Diagnostic, ...]]:
    """The tournament or club and its warnings; ``InvalidInput`` with every diagnostic on errors.
    ``publishing``: the site is built from it (``validate``)."""
    validated = validate(folder, publishing)
    return validated.folder(), validated.warnings


def open_tournament(folder: Path) -> tuple[Tournament, tuple[Diagnostic, ...]]:
    """A tournament folder and its warnings; ``InvalidInput`` on errors or for a club folder."""
    validated = validate(folder)
    return validated.require_tournament(), validated.warnings


def pairing_label(system: str) -> str:
    """The name of a Swiss pairing system (``dutch``: "Dutch system (C.04.3)")."""
    from tourney.engine.pairing.systems import SYSTEMS  # a Swiss folder only (bench/startup.py)

    return SYSTEMS[system].label


__all__ = ["Validated", "open_folder", "open_tournament", "pairing_label", "validate"]
