"""Validation: the semantic checks of a loaded folder, beyond what a file says on its own.

Rule: reads the model (and the folder's files through ``tourney.load``), returns
``Diagnostic`` lists, writes nothing and prints nothing.
"""
