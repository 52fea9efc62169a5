"""The one way to get a folder file's YAML nodes outside the folder loader.

Writers in ``tourney.edit`` change files line by line at the positions PyYAML
gives each node, and a few checks point at a line; they all read the nodes here,
with the house's scalar rules (``tourney.load.yamlsource``), so no other package
parses folder YAML.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tourney.load.yamlsource import _Loader

YAMLError = yaml.YAMLError


_SafeBase: Any = yaml.SafeLoader


class _PythonLoader(_SafeBase):  # type: ignore[misc]
    """The pure-Python loader with the house's scalar rules: its marks count characters the
    way Python slices text, which a line-exact edit of a value needs (an empty value's mark
    sits right after its colon)."""

    yaml_implicit_resolvers: ClassVar[dict[str | None, list[tuple[str, re.Pattern[str]]]]] = {
        k: list(v) for k, v in _Loader.yaml_implicit_resolvers.items()
    }


def compose(text: str) -> Node | None:
    """The root node of ``text``; raises ``yaml.YAMLError`` when it is not YAML."""
    loader = _Loader(text)
    try:
        node: Node | None = loader.get_single_node()
    finally:
        loader.dispose()
    return node


def compose_exact(text: str) -> Node | None:
    """Like ``compose``, with marks exact for splicing the text (``tourney.edit.yaml_edit``)."""
    loader = _PythonLoader(text)
    try:
        node: Node | None = loader.get_single_node()
    finally:
        loader.dispose()
    return node


def compose_file(path: Path) -> tuple[str, Node | None]:
    """A file's text and root node; raises OSError, UnicodeDecodeError or YAMLError."""
    text = path.read_text(encoding="utf-8")
    return text, compose(text)


def read_root(path: Path) -> Node | None:
    """A file's root node, or None when it is missing, not UTF-8 or not YAML
    (the loader reports those; a check that only wants a line gives up quietly)."""
    try:
        return compose_file(path)[1]
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None


def get(node: Node | None, key: str) -> Node | None:
    """The value node of ``key`` in a mapping node."""
    if isinstance(node, MappingNode):
        for k, v in node.value:
            if isinstance(k, ScalarNode) and k.value == key:
                return v  # type: ignore[no-any-return]
    return None


def item(node: Node | None, index: int) -> Node | None:
    """Item ``index`` (0-based) of a sequence node."""
    if isinstance(node, SequenceNode) and 0 <= index < len(node.value):
        return node.value[index]  # type: ignore[no-any-return]
    return None


def position(node: Node | None) -> tuple[int, int]:
    """1-based line and column of a node; (0, 0) without one."""
    if node is None:
        return 0, 0
    return node.start_mark.line + 1, node.start_mark.column + 1
