"""Reading: a tournament or club folder (YAML) and TRF files into the frozen model.

Rule: the only package that parses folder files; every problem becomes a
``Diagnostic`` with file, line and column, collected and raised together.
``folder.load`` returns the model with a ``sourcemap.SourceMap`` (where each
board, bye, match and player is written) for the checks; ``nodes`` gives the
writers in ``tourney.edit`` a file's YAML nodes.
Imports the model, errors and the engine (for values the model derives), ``tourney.fs``
(reads that refuse links) and ``tourney.i18n`` (the language names), never render,
edit, check, review, app or cli.
"""
