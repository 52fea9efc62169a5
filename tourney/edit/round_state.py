"""Mark a round as started: ``started: true`` in rounds/NN.yaml (docs/folder-format.md).

A round is running when it was started or any result exists, done when every
board has a result, else pending (docs/round-robin.md "Playing ahead and round status"). Marking it
started before the first result lets the site and ``tourney round status`` say
that play has begun. The line is added (or removed with ``undo``) line-exactly:
every other byte of the round file stays as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from yaml.nodes import MappingNode

from tourney.edit.rounds import round_path
from tourney.edit.yaml_edit import remove_value, set_value
from tourney.engine.pairing.berger import RoundStatus, round_status
from tourney.errors import Refused
from tourney.fs.atomic import write_text
from tourney.load import nodes
from tourney.model import Tournament


@dataclass(frozen=True, slots=True)
class StartChange:
    """What ``mark_started`` did: the file, and the status before and after."""

    path: Path
    before: RoundStatus
    after: RoundStatus
    written: bool


def mark_started(t: Tournament, folder: Path, number: int, undo: bool = False) -> StartChange:
    """Write (``undo``: remove) ``started: true`` in round ``number``'s file."""
    rnd = t.round(number)
    path = round_path(folder, number)
    if rnd is None or not path.is_file():
        raise Refused(f"round {number} is not paired ({path} does not exist); pair it first")
    before = round_status(rnd)
    if before is RoundStatus.DONE and not undo:
        raise Refused(f"round {number} is done: every board has a result; nothing to start")
    if rnd.marked_started != undo:  # already as asked
        return StartChange(path, before, before, written=False)
    text = path.read_text(encoding="utf-8")
    root = nodes.compose_exact(text)
    if not isinstance(root, MappingNode) or not root.value:
        raise Refused(f"{path} is not a round file (a mapping); edit it by hand")
    if undo:
        new = remove_value(text, root, "started")
    else:
        keys = [k.value for k, _ in root.value]
        after = next((k for k in ("published", "date", "round") if k in keys), "")
        # after the header keys; without one the line goes first, before the boards
        new = set_value(text, root, "started", "true", after) if after else "started: true\n" + text
    write_text(path, new)
    after_status = round_status(replace(rnd, marked_started=not undo))
    return StartChange(path, before, after_status, written=True)
