"""Printed documents: view models and HTML for WeasyPrint (docs/printing.md).

Rule: no folder I/O; ``tourney.app.print`` reads templates and writes PDFs.
"""
