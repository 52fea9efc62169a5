"""Writing into a tournament folder: new rounds, results, line-ups, team numbers,
finalizing, starter folders.

Rule: every writer into a tournament folder lives here; files are written
atomically (``tourney.fs.atomic``) and edits of hand-written YAML keep every
other byte. Never imports render, app or cli.
"""
