"""The pairing systems: one module per FIDE system (dutch, team_swiss, berger, keizer)."""

from __future__ import annotations


class NoPairing(Exception):
    """The absolute criteria leave no legal pairing for the round
    (C.04.3 C1-C4; C.04.6 Art. 3.3.3).

    ``lifting_helps`` names the forbidden-pairing rules that, lifted on their own,
    would let the round through (empty when the rules are not the cause);
    ``rematches_help``: the round would pair if players could meet again
    (``rematches.py``).
    """

    def __init__(
        self, message: str, lifting_helps: tuple[str, ...] = (), rematches_help: bool = False
    ) -> None:
        super().__init__(message)
        self.lifting_helps = lifting_helps
        self.rematches_help = rematches_help
