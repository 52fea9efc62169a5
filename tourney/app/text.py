"""Text as the command line prints it: control and direction characters shown escaped,
never obeyed (``tourney.load.text_safety``, docs/security.md)."""

from __future__ import annotations

from tourney.load.text_safety import for_terminal
from tourney.load.text_safety import problem as text_problem

__all__ = ["for_terminal", "text_problem"]
