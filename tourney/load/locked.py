"""The settings of a team event that round 1 fixes, and where ``locked.yaml`` records them.

docs/teams.md, "Setting up": boards per match is fixed when round 1 is paired;
in FIDE mode so are the match and game points, the primary score and the board
order (C.04.6 Art. 1.2.1). ``LOCKED`` is the registry: ``tourney.edit.settings_lock``
writes locked.yaml from it and ``tourney.check.settings_lock`` compares
tournament.yaml with the file.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from tourney.model import Settings
from tourney.records import dataclass

LOCK_FILE = "locked.yaml"
SETTINGS_FILE = "tournament.yaml"


def points_text(value: Fraction) -> str:
    """``2``, ``0.5``, ``1/3``: the way tournament.yaml writes points.

    >>> [points_text(Fraction(n, d)) for n, d in ((2, 1), (1, 2), (3, 4), (1, 3))]
    ['2', '0.5', '0.75', '1/3']
    """
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator in (2, 4, 5, 8, 10, 20, 25, 50, 100):
        return f"{value.numerator / value.denominator:g}"
    return f"{value.numerator}/{value.denominator}"


@dataclass(frozen=True, slots=True)
class LockedSetting:
    """One setting of tournament.yaml that round 1 fixes."""

    section: str  # the mapping of tournament.yaml it lives in
    key: str
    value: Callable[[Settings], str]  # its value in force, as text
    fide_only: bool  # locked in FIDE mode only (else in every mode)
    source: str  # where the rule comes from

    @property
    def name(self) -> str:
        return f"{self.section}: {self.key}"


def _scoring_points(key: str) -> Callable[[Settings], str]:
    return lambda s: points_text(getattr(s.scoring, key))


_STEP_6 = "docs/teams.md, setting up step 6, C.04.6 Art. 1.2.1"

LOCKED: tuple[LockedSetting, ...] = (
    LockedSetting(
        "teams", "boards", lambda s: str(s.team.boards), False, "docs/teams.md, setting up step 4"
    ),
    LockedSetting(
        "teams",
        "board_order",
        lambda s: str(s.team.board_order),
        True,
        'docs/teams.md "Line-ups", Board order',
    ),
    *(
        LockedSetting("scoring", key, _scoring_points(key), True, _STEP_6)
        for key in ("match_win", "match_draw", "match_loss")
    ),
    LockedSetting(
        "scoring",
        "match_win_needs_majority",
        lambda s: "true" if s.scoring.match_win_needs_majority else "false",
        True,
        "docs/teams.md 31E variation, C.04.6 Art. 1.2.1",
    ),
    *(
        LockedSetting("scoring", key, _scoring_points(key), True, _STEP_6)
        for key in ("win", "draw", "loss", "forfeit_win", "forfeit_loss")
    ),
    LockedSetting(
        "scoring",
        "primary",
        lambda s: str(s.scoring.primary),
        True,
        "docs/teams.md, setting up step 6, Art. 1.2.2",
    ),
)
