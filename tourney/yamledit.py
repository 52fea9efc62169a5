"""Small edits to a hand-written YAML list, keeping every other byte as it was.

Used to record frozen pairing numbers (``start: N``) in players.yaml and
teams.yaml: a flow entry ``- {id: p1, name: X}`` becomes
``- {id: p1, name: X, start: 1}``; a block entry gets a ``start: 1`` line under
its ``id:``. Comments, quoting, order and blank lines stay untouched, so the
diff shows exactly the added values.
"""

from __future__ import annotations

from collections.abc import Mapping

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from tourney.load.yamlsource import _Loader
from tourney.yaml_edit import get, set_value


def add_key(text: str, key: str, values: Mapping[str, int]) -> str:
    """Add ``key: value`` to each list entry whose ``id`` is in ``values``.

    Entries that already have ``key`` are left alone. ``text`` must be a
    valid YAML list of mappings (the loader has checked it). The edits go
    from the end of the file backwards, so every node's position stays valid.
    """
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
    finally:
        loader.dispose()
    if not isinstance(root, SequenceNode):
        return text
    for item in reversed(root.value):
        if not isinstance(item, MappingNode) or get(item, key) is not None:
            continue
        anchor = "id" if get(item, "id") is not None else "member"
        ident = get(item, anchor)
        if not isinstance(ident, ScalarNode):
            continue
        value = values.get(str(ident.value))
        if value is not None:
            text = set_value(text, item, key, str(value), after=anchor)
    return text


def check_round_trip(text: str) -> None:
    """Raise ValueError if ``text`` is not valid YAML (a guard before writing)."""
    try:
        yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as error:
        raise ValueError(str(error)) from error
