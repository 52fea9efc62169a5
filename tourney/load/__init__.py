"""Reading: a tournament or club folder (YAML) and TRF files into the frozen model.

Rule: the only package that parses folder files; every problem becomes a
``Diagnostic`` with file, line and column, collected and raised together.
Imports the model, errors and the engine (for values the model derives), never
render, edit, check, review, app or cli.
"""
