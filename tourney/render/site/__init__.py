"""The static site: one view model per page, rendered with the Jinja templates.

Rule: pure; ``tourney.app.build`` reads the templates and writes the files.
"""
