"""Ratings: FIDE's rating tables and changes (B.02), and club ratings by the same rules.

Rule: pure, as the rest of the engine.
"""
