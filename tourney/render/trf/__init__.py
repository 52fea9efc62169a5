"""TRF16 and TRF-2026 text of a tournament (docs/trf.md).

Rule: pure, text out.
"""
