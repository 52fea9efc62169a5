"""Rendering: view models to HTML (``site/``), PDFs (``pdf/``), TRF text (``trf/``)
and plain text.

Rule: pure where it can be (no files, clock or printing in ``site/``); reads the
model and an ``Evaluation`` (``tourney.engine.evaluation``) that the app layer
made, never load, edit, check, review, app or cli. It takes types and pure
helpers from the engine (tie-break names and descriptors, rounding, per-match
helpers) but never calls the engine's compute functions (score_table, standings,
compute, team_standings, team_ratings, ...: ``tests/test_layers.py`` lists them);
what they compute it reads from the evaluation.
"""
