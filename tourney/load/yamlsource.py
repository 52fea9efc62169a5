"""YAML parsing that keeps every value's line and column, safely.

The folder format is read as a tree of PyYAML nodes (``yaml.compose``), never
constructed into Python objects by PyYAML itself: nothing can build objects
from tags, duplicate keys are caught, and each value keeps its position for a
diagnostic. The scalar rules are YAML 1.2-like where 1.1 surprises chess data:
``NO`` (Norway) stays a string, only ``true``/``false`` are booleans, and
``1:30`` is not a sexagesimal number.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import field
from typing import Any, ClassVar

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tourney.errors import Diagnostic
from tourney.load import text_safety
from tourney.records import dataclass

_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_INT = re.compile(r"^[-+]?(?:0|[1-9][0-9_]*)$")
_FLOAT = re.compile(r"^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]+(?:[eE][-+]?[0-9]+)?$")
_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")

STR = "tag:yaml.org,2002:str"
INT = "tag:yaml.org,2002:int"
FLOAT = "tag:yaml.org,2002:float"
BOOL = "tag:yaml.org,2002:bool"
NULL = "tag:yaml.org,2002:null"
DATE = "tag:yaml.org,2002:timestamp"
_PLAIN_TAGS = {STR, INT, FLOAT, BOOL, NULL, DATE, "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


class _Loader(_BaseLoader):  # type: ignore[misc]
    """A safe loader whose implicit scalar types follow the rules above."""

    yaml_implicit_resolvers: ClassVar[dict[str | None, list[tuple[str, re.Pattern[str]]]]] = {}

    def resolve(self, kind: type, value: str, implicit: tuple[bool, bool]) -> str:
        """PyYAML's ``resolve`` for this loader (no path resolvers, no wildcard ones), in
        fewer steps: the C parser calls it for every node (155,000 times for a folder of
        3,000 players and 11 rounds)."""
        if kind is ScalarNode:
            if implicit[0]:
                for tag, regexp in self.yaml_implicit_resolvers.get(value[:1], ()):
                    if regexp.match(value):
                        return tag
            return STR
        return "tag:yaml.org,2002:seq" if kind is SequenceNode else "tag:yaml.org,2002:map"


for _tag, _regex, _first in (
    (BOOL, _BOOL, "tTfF"),
    (INT, _INT, "-+0123456789"),
    (FLOAT, _FLOAT, "-+.0123456789"),
    (NULL, _NULL, ["~", "n", "N", ""]),
    (DATE, _DATE, "0123456789"),
):
    _Loader.add_implicit_resolver(_tag, _regex, list(_first))


@dataclass
class Source:
    """A parsed YAML file: its display name, its text and its root node."""

    name: str
    text: str
    root: Node | None
    diagnostics: list[Diagnostic] = field(default_factory=list)


def where(node: Node) -> tuple[int, int]:
    """1-based line and column of a node."""
    return node.start_mark.line + 1, node.start_mark.column + 1


# The files parsed within ``reusing()``: (name, bytes) -> what ``parse`` gave.
_reused: dict[tuple[str, bytes], Source] | None = None


@contextlib.contextmanager
def reusing() -> Iterator[None]:
    """Within it, a file parsed again with the same name and the same bytes gives the
    tree of the first parse (the readers never change a tree): ``tourney results`` reads
    the folder, writes one round file and reads the folder again to check it, and of a
    10,000-player event's 13 files only that one changed. Nested uses share the outer."""
    global _reused
    if _reused is not None:
        yield
        return
    _reused = {}
    try:
        yield
    finally:
        _reused = None


def parse(name: str, data: bytes) -> Source:
    """Parse one file; problems become diagnostics, never exceptions."""
    if _reused is None:
        return _parse(name, data)
    found = _reused.get((name, data))
    if found is None:
        found = _reused[(name, data)] = _parse(name, data)
    return Source(found.name, found.text, found.root, list(found.diagnostics))


def _parse(name: str, data: bytes) -> Source:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        return Source(
            name,
            "",
            None,
            [
                Diagnostic(
                    name,
                    line,
                    0,
                    "the file is not valid UTF-8 text",
                    "save it as UTF-8 (most editors offer this under 'Save with encoding')",
                    code="E101",
                )
            ],
        )
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip() or all(
        not line.strip() or line.lstrip().startswith("#") for line in text.splitlines()
    ):
        return Source(
            name,
            text,
            None,
            [Diagnostic(name, 1, 1, "the file is empty", "see docs/folder-format.md", code="E102")],
        )
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        problem = exc.problem or exc.context or "invalid YAML"
        return Source(
            name,
            text,
            None,
            [
                Diagnostic(
                    name,
                    line,
                    col,
                    f"YAML syntax error: {problem}",
                    _syntax_hint(problem),
                    code="E103",
                )
            ],
        )
    except yaml.YAMLError as exc:
        return Source(name, text, None, [Diagnostic(name, 0, 0, f"YAML error: {exc}", code="E103")])
    finally:
        loader.dispose()
    source = Source(name, text, root)
    if root is not None:
        with contextlib.suppress(_Stop):
            _check_structure(source, root, set())
        if source.diagnostics:
            source.root = None  # an alias or tag makes the tree unsafe to walk further
    return source


def _syntax_hint(problem: str) -> str:
    if "mapping values are not allowed" in problem:
        return "a value containing ': ' must be quoted"
    if "found character '\\t'" in problem or "tab" in problem:
        return "indent with spaces, not tabs"
    if "could not find expected ':'" in problem:
        return "each line of a mapping needs 'key: value'"
    return ""


def _check_structure(source: Source, root: Node, seen_nodes: set[int]) -> None:
    """Reject duplicate keys, aliases and explicit tags.

    An alias makes PyYAML reuse one node in several places; nested aliases
    ("billion laughs") would make any walk of the tree explode, so the first
    reuse stops the walk. The walk keeps its nodes on a list, visiting them (and
    reporting) in the order of a recursive walk.
    A scalar is checked for what no reader can take (``text_safety.scalar_problem``);
    when the whole text holds no control character and no long run of digits, only
    the numbers and the double-quoted scalars (whose escapes can make any character)
    can hold it, so the others are not checked one by one.
    """
    every = not text_safety.plain_text(source.text)
    # a node to walk, or a mapping's key to check against the keys before it (``seen``)
    stack: list[Node | tuple[ScalarNode, dict[str, Node]]] = [root]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):
            key, seen = item
            if key.value in seen:
                line, col = where(key)
                first, _ = where(seen[key.value])
                source.diagnostics.append(
                    Diagnostic(
                        source.name,
                        line,
                        col,
                        f"duplicate key '{key.value}'",
                        f"it is already set on line {first}; keep one",
                        code="E104",
                    )
                )
            else:
                seen[key.value] = key
            continue
        node = item
        if id(node) in seen_nodes:
            line, col = where(node)
            source.diagnostics.append(
                Diagnostic(
                    source.name,
                    line,
                    col,
                    "anchors and aliases (& and *) are not supported",
                    "write the value out in full",
                    code="E105",
                )
            )
            raise _Stop
        seen_nodes.add(id(node))
        tag = node.tag
        if tag not in _PLAIN_TAGS:
            line, col = where(node)
            source.diagnostics.append(
                Diagnostic(
                    source.name, line, col, f"tags like '{tag}' are not allowed", code="E106"
                )
            )
        if isinstance(node, ScalarNode):  # huge numbers, control codes (docs/security.md)
            if every or tag in (INT, FLOAT) or node.style == '"':
                bad = text_safety.scalar_problem(
                    node.value, tag == INT, tag == FLOAT, node.style in ("'", '"')
                )
                if bad:
                    message, hint, code = bad
                    source.diagnostics.append(
                        Diagnostic(source.name, *where(node), message, hint, code=code)
                    )
        elif isinstance(node, MappingNode):
            keys: dict[str, Node] = {}
            for key, value in reversed(node.value):
                stack.append(value)
                if isinstance(key, ScalarNode):
                    stack.append((key, keys))
        elif isinstance(node, SequenceNode):
            stack.extend(reversed(node.value))


class _Stop(Exception):
    """Ends a structure walk at the first alias."""


def scalar_value(node: ScalarNode) -> object:
    """The Python value of a scalar under the rules of this module."""
    tag = node.tag
    text = node.value
    if tag == BOOL:
        return text.lower() == "true"
    if tag == INT:
        return int(text.replace("_", ""))
    if tag == FLOAT:
        return float(text.replace("_", ""))
    if tag == NULL:
        return None
    if tag == DATE:
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            return text
    return text
