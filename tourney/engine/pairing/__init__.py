"""The pairing systems: a Swiss core (``swiss_core``, ``swiss_state``, ``swiss_colours``,
``swiss_baku``) with one module per FIDE Swiss system (``dutch``; the registry is
``systems.SYSTEMS``), and the team Swiss, Berger tables and Keizer."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tourney.engine.pairing.swiss_core import NoPairing

__all__ = ["NoPairing"]


def __getattr__(name: str) -> object:
    """``NoPairing`` is loaded on first use: importing one module of the package
    (``berger`` for a team's board colours, which every folder read needs) does not
    load the Swiss core (bench/startup.py)."""
    if name == "NoPairing":
        from tourney.engine.pairing.swiss_core import NoPairing

        return NoPairing
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
