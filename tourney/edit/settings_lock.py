"""Settings fixed once round 1 of a team event is paired: ``locked.yaml``.

docs/teams.md, "Setting up": boards per match "is fixed when round 1 is paired"
(step 4); match points and game points "cannot change once round 1 is paired"
in FIDE mode, "the competition's rules state the scoring in advance" (step 6,
C.04.6 Art. 1.2.1), and so does the primary score (MP or GP first); the board
order (fixed, chosen, US Chess 31B) "cannot change once round 1 is paired" in
FIDE mode either ("Line-ups").

When round 1 is paired, ``record_lock`` writes the values in force to
``locked.yaml`` in the tournament folder, laid out like tournament.yaml::

    # Settings fixed when round 1 was paired (docs/teams.md; C.04.6 Art. 1.2.1).
    teams:
      boards: 4
      board_order: fixed
    scoring:
      match_win: 2
      ...

``tourney.check.settings_lock`` compares tournament.yaml with it: a changed setting is an
error pointing at the setting's line in tournament.yaml and naming the line of
locked.yaml that holds the old value. Boards per match is locked in every mode;
the others only in FIDE mode (``fide_mode: true``, the default): outside it a
change is a warning (rounds already paired used the old value). Pairing round
1 again (``tourney pair --replace``) writes the file again; while round 1 is not
paired the file is not read. ``LOCKED`` is the registry of locked settings.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tourney.fs.atomic import write_text
from tourney.load.locked import LOCK_FILE, LOCKED, SETTINGS_FILE, LockedSetting, points_text
from tourney.model import Settings, Tournament

HEADER = (
    "# Settings fixed when round 1 was paired (docs/teams.md, setting up steps 4 and 6, Line-ups;\n"
    "# C.04.6 Art. 1.2.1). Written by `tourney pair`; `tourney check` compares\n"
    "# tournament.yaml with it. Do not edit: change tournament.yaml back instead.\n"
)


def lock_text(settings: Settings) -> str:
    """The text of locked.yaml for these settings."""
    lines = [HEADER.rstrip("\n")]
    for section in dict.fromkeys(entry.section for entry in LOCKED):
        lines.append(f"{section}:")
        lines += [
            f"  {entry.key}: {entry.value(settings)}"
            for entry in LOCKED
            if entry.section == section
        ]
    return "\n".join(lines) + "\n"


def record_lock(folder: Path, t: Tournament, paired: Iterable[int]) -> Path | None:
    """Write locked.yaml when round 1 of a team event was just paired (``paired`` holds 1).

    ``tourney pair`` calls it after writing the round files; it returns the path
    written, or None when there is nothing to lock.
    """
    if not t.is_team or 1 not in set(paired):
        return None
    path = folder / LOCK_FILE
    text = lock_text(t.settings)
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return None
    write_text(path, text)
    return path


__all__ = [
    "LOCKED",
    "LOCK_FILE",
    "SETTINGS_FILE",
    "LockedSetting",
    "lock_text",
    "points_text",
    "record_lock",
]
