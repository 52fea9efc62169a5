"""Rendering: view models to HTML (``site/``), PDFs (``pdf/``), TRF text (``trf/``)
and plain text.

Rule: pure where it can be (no files, clock or printing in ``site/``); reads the
model and the engine, never load, edit, check, review, app or cli.
"""
