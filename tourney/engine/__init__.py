"""The engine: pure functions from a ``Tournament`` to pairings, scores, standings,
tie-breaks and ratings.

Rule: no I/O, no clock, no printing, no unseeded randomness; the engine imports
only ``tourney.model``, ``tourney.errors`` and itself (never load, render, edit,
check, review, app, fs or cli). ``pairing/`` has one module per FIDE system,
``tiebreaks/`` one per C.07 family, ``teams/`` the team-event scores, line-ups
and board statistics, ``ratings/`` FIDE (B.02 tables) and club ratings.
"""
