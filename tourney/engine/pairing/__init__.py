"""The pairing systems: a Swiss core (``swiss_core``, ``swiss_state``, ``swiss_colours``,
``swiss_baku``) with one module per FIDE Swiss system (``dutch``; the registry is
``systems.SYSTEMS``), and the team Swiss, Berger tables and Keizer."""

from __future__ import annotations

from tourney.engine.pairing.swiss_core import NoPairing

__all__ = ["NoPairing"]
