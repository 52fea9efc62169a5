"""The folder lock the commands hold while they write: one command at a time per folder,
and all its writes kept or none (``tourney.fs.lock``, ``tourney.fs.transaction``).

Re-exported here so the command line reaches it through ``app`` (tests/test_layers.py).
"""

from __future__ import annotations

from tourney.fs.lock import Locked, club_folder, folder_lock

__all__ = ["Locked", "club_folder", "folder_lock"]
