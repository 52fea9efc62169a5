"""The engine: pure functions from a ``Tournament`` to pairings, scores, standings,
tie-breaks and ratings.

Rule: no I/O, no clock, no printing, no unseeded randomness; the engine imports
only ``tourney.model``, ``tourney.errors``, ``tourney.number_text``, ``tourney.records`` (the
dataclass decorator) and itself (never load, render, edit,
check, review, app, fs or cli). ``pairing/`` has one module per FIDE system,
``tiebreaks/`` one per C.07 family, ``teams/`` the team-event scores, line-ups
and board statistics, ``ratings/`` FIDE (B.02 tables) and club ratings.

``evaluation`` is the evaluate stage of the pipeline (read -> check -> evaluate
-> act): ``evaluate(tournament)`` gives the immutable ``Evaluation`` that the app
layer computes once per build and hands to render/, which reads scores,
standings, tie-breaks and ratings from it instead of calling the functions that
compute them. The engine keeps no global cache: what a build reuses is held by
its ``Evaluation`` (and handed to the next build explicitly).
"""
