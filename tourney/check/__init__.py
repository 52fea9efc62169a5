"""Validation: the semantic checks of a loaded folder, beyond what a file says on its own.

Rule: reads the model and the source map ``tourney.load`` hands out (and, for a
line, the folder's nodes through ``tourney.load.nodes``), returns ``Diagnostic``
lists with a stable code (E2xx, W2xx; docs/diagnostics.md), writes nothing and
prints nothing. ``validate.validate(folder)`` is the one entry point every
command runs: the loader, then each check in ``validate.CHECKS``, one small
module per thing checked.
"""
