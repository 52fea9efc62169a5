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

``lock_diagnostics`` compares tournament.yaml with it: a changed setting is an
error pointing at the setting's line in tournament.yaml and naming the line of
locked.yaml that holds the old value. Boards per match is locked in every mode;
the others only in FIDE mode (``fide_mode: true``, the default): outside it a
change is a warning (rounds already paired used the old value). Pairing round
1 again (``tourney pair --replace``) writes the file again; while round 1 is not
paired the file is not read. ``LOCKED`` is the registry of locked settings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode

from tourney.errors import Diagnostic
from tourney.fs.atomic import write_text
from tourney.load.yamlsource import _Loader
from tourney.model import Settings, Tournament

LOCK_FILE = "locked.yaml"
SETTINGS_FILE = "tournament.yaml"
HEADER = (
    "# Settings fixed when round 1 was paired (docs/teams.md, setting up steps 4 and 6, Line-ups;\n"
    "# C.04.6 Art. 1.2.1). Written by `tourney pair`; `tourney check` compares\n"
    "# tournament.yaml with it. Do not edit: change tournament.yaml back instead.\n"
)


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


# -- checking -------------------------------------------------------------------------------


def _compose(path: Path) -> Node | None:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    loader = _Loader(text)
    try:
        node: Node | None = loader.get_single_node()
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()
    return node


def _get(node: Node | None, key: str) -> tuple[Node | None, Node | None]:
    """The key node and the value node of ``key`` in a mapping node."""
    if isinstance(node, MappingNode):
        for k, v in node.value:
            if isinstance(k, ScalarNode) and k.value == key:
                return k, v
    return None, None


def _line(node: Node | None) -> tuple[int, int]:
    if node is None:
        return 0, 0
    return node.start_mark.line + 1, node.start_mark.column + 1


def lock_diagnostics(
    folder: Path, t: Tournament, display: Callable[[Path], str] = str
) -> list[Diagnostic]:
    """Every locked setting tournament.yaml has changed since round 1 was paired.

    ``display`` names a file for the user (the loader names them relative to the
    working folder). Nothing is reported while round 1 is not paired, outside a
    team event, or without locked.yaml.
    """
    lock_path = folder / LOCK_FILE
    if not t.is_team or t.round(1) is None or not lock_path.is_file():
        return []
    lock_name = display(lock_path)
    lock_root = _compose(lock_path)
    if not isinstance(lock_root, MappingNode):
        return [
            Diagnostic(
                lock_name,
                0,
                0,
                "locked.yaml is not the mapping `tourney pair` writes",
                "pair round 1 again with 'tourney pair --round 1 --replace' (no results yet), "
                "or restore the file from git",
            )
        ]
    settings_path = folder / SETTINGS_FILE
    settings_name = display(settings_path)
    settings_root = _compose(settings_path)
    out = []
    for entry in LOCKED:
        _, locked = _get(_get(lock_root, entry.section)[1], entry.key)
        if not isinstance(locked, ScalarNode):
            continue
        now = entry.value(t.settings)
        if str(locked.value) == now:
            continue
        section_key, section = _get(settings_root, entry.section)
        key_node, value_node = _get(section, entry.key)
        line, col = _line(value_node or key_node or section_key)
        locked_line = _line(locked)[0]
        error = not entry.fide_only or t.settings.fide_mode
        message = (
            f"{entry.name} is {now}, but it was {locked.value} when round 1 was paired "
            f"({lock_name}:{locked_line})"
        )
        if error:
            why = "in FIDE mode " if entry.fide_only else ""
            out.append(
                Diagnostic(
                    settings_name,
                    line,
                    col,
                    f"{message}; {why}it cannot change once round 1 is paired ({entry.source})",
                    f"set '{entry.key}: {locked.value}' under '{entry.section}:' again",
                )
            )
        else:
            out.append(
                Diagnostic(
                    settings_name,
                    line,
                    col,
                    f"{message}; the rounds already paired used the old value",
                    "allowed because fide_mode is false; in FIDE mode this is an error",
                    severity="warning",
                )
            )
    return out


__all__ = [
    "LOCKED",
    "LOCK_FILE",
    "LockedSetting",
    "lock_diagnostics",
    "lock_text",
    "points_text",
    "record_lock",
]
