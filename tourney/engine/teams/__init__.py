"""Team events: match and game points, team standings, line-ups, board statistics,
team ratings.

Rule: pure, as the rest of the engine.
"""
