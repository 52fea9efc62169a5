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


def add_key(text: str, key: str, values: Mapping[str, int]) -> str:
    """Add ``key: value`` to each list entry whose ``id`` is in ``values``.

    Entries that already have ``key`` are left alone. ``text`` must be a
    valid YAML list of mappings (the loader has checked it).
    """
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
    finally:
        loader.dispose()
    if not isinstance(root, SequenceNode):
        return text
    inserts: list[tuple[int, str]] = []  # (character offset, text to insert)
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    for item in root.value:
        if not isinstance(item, MappingNode):
            continue
        keys = {k.value: (k, v) for k, v in item.value if isinstance(k, ScalarNode)}
        if key in keys:
            continue
        ident = keys.get("id") or keys.get("member")
        if ident is None or not isinstance(ident[1], ScalarNode):
            continue
        value = values.get(str(ident[1].value))
        if value is None:
            continue
        if item.flow_style:
            # the mapping ends with '}' one character before its end mark
            end = item.end_mark.index - 1
            inserts.append((end, f", {key}: {value}"))
        else:
            key_node = ident[0]
            line_no = ident[1].end_mark.line
            indent = " " * key_node.start_mark.column
            inserts.append((offsets[line_no + 1], f"{indent}{key}: {value}\n"))
    for at, piece in sorted(inserts, reverse=True):
        if piece.endswith("\n") and at > 0 and text[at - 1] != "\n":
            piece = "\n" + piece
        text = text[:at] + piece + text[at:]
    return text


def check_round_trip(text: str) -> None:
    """Raise ValueError if ``text`` is not valid YAML (a guard before writing)."""
    try:
        yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as error:
        raise ValueError(str(error)) from error
