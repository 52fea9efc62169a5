"""Line-exact edits of the folder's YAML files: change what is meant, keep every other byte.

Dumping a file again through a YAML library re-indents and re-quotes it (and a
round-trip dumper applies one sequence indent to the whole file, which the
folder's files do not have: players.yaml starts its list at column 0 while
tournament.yaml indents ``forbidden:`` items by 2). So tourney edits the text
itself, at the positions PyYAML gives every node (``yaml.compose``):

* ``set_value``: replace a scalar in place (keeping its quotes and, when the
  value changes length, the column of the line's trailing comment), or add a
  missing key to a flow mapping before its ``}`` or as a new line of a block
  mapping;
* ``remove_value``: drop a block mapping's ``key: value`` line;
* ``add_key``: add ``key: value`` to the entries of a list by id (``start:``
  pairing numbers frozen in players.yaml / teams.yaml);
* ``removal`` and ``apply_edits``: drop entries of flow or block collections
  (a key of ``{2: half, 4: half}``, an item of ``[4, 5]``, a whole list entry),
  several at once, applied from the end of the file backwards.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping

from yaml.nodes import CollectionNode, MappingNode, Node, ScalarNode, SequenceNode

from tourney.errors import Refused
from tourney.load import nodes
from tourney.records import dataclass


def get(mapping: Node, key: str) -> Node | None:
    if isinstance(mapping, MappingNode):
        for key_node, value in mapping.value:
            if isinstance(key_node, ScalarNode) and key_node.value == key:
                return value  # type: ignore[no-any-return]
    return None


_COMMENT = re.compile(r"^(?P<code>[^#'\"]*?)(?P<gap>[ \t]+)(?P<comment>#.*)$")


def _realign(line: str, edit_end: int, delta: int) -> str:
    """Keep a trailing comment in its column when the value on ``line`` changed length."""
    rest = line[edit_end:]
    found = _COMMENT.match(rest)
    if not found or delta == 0:
        return line
    gap = found.group("gap")
    least = 1 if len(gap) == 1 else 2
    width = max(least, len(gap) - delta)
    return line[:edit_end] + found.group("code") + " " * width + found.group("comment")


def _splice(text: str, start: int, end: int, value: str) -> tuple[str, int]:
    """Replace ``text[start:end]`` by ``value`` and realign that line's comment.

    Returns the new text and the 0-based number of the changed line.
    """
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    if line_end < 0:
        line_end = len(text)
    old_line = text[line_start:line_end]
    new_line = old_line[: start - line_start] + value + old_line[end - line_start :]
    delta = len(value) - (end - start)
    new_line = _realign(new_line, start - line_start + len(value), delta)
    return text[:line_start] + new_line + text[line_end:], text.count("\n", 0, line_start)


def _quoted_like(node: ScalarNode | None, value: str) -> str:
    if node is not None and node.style in ("'", '"') and value:
        return f"{node.style}{value}{node.style}"
    return value


def set_value(text: str, mapping: MappingNode, key: str, value: str, after: str = "") -> str:
    """``text`` with ``key: value`` set in ``mapping``, changing or adding one line only.

    An existing value is replaced in place (keeping its quotes). A missing key
    is added to a flow mapping before its closing brace, or to a block mapping
    as a new line after the line of key ``after`` (default: its last key).
    """
    node = get(mapping, key)
    if isinstance(node, ScalarNode):
        start, end = node.start_mark.index, node.end_mark.index
        if start == end:  # an empty value: its mark is right after the colon
            if text[start : start + 1] == " ":
                start = end = start + 1
            elif value:
                value = " " + value
        return _splice(text, start, end, _quoted_like(node, value))[0]
    if node is not None:
        raise Refused(f"'{key}' holds {type(node).__name__}, not a value; edit the file by hand")
    if not mapping.value:
        raise Refused(f"cannot add '{key}' to an empty mapping; edit the file by hand")
    last: Node = mapping.value[-1][1]
    if mapping.flow_style:
        index: int = last.end_mark.index
        return _splice(text, index, index, f", {key}: {value}")[0]
    anchor = get(mapping, after) if after else None
    last_value = anchor if anchor is not None else last
    first_key: Node = mapping.value[0][0]
    column: int = first_key.start_mark.column
    stop: int = last_value.end_mark.index
    if not isinstance(last_value, ScalarNode):  # a block collection ends after its newline
        stop = max(stop - 1, int(last_value.start_mark.index))
    line_end = text.find("\n", stop)
    if line_end < 0:
        return text + "\n" + " " * column + f"{key}: {value}\n"
    return text[: line_end + 1] + " " * column + f"{key}: {value}\n" + text[line_end + 1 :]


def remove_value(text: str, mapping: MappingNode, key: str) -> str:
    """``text`` without the block line ``key: value`` of ``mapping``."""
    node = get(mapping, key)
    if node is None:
        return text
    if mapping.flow_style:
        raise Refused(f"cannot remove '{key}' from a one-line mapping; edit the file by hand")
    line_start = text.rfind("\n", 0, node.start_mark.index) + 1
    line_end = text.find("\n", node.end_mark.index)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    if not re.fullmatch(rf"\s*{re.escape(key)}\s*:\s*\S+\s*(#.*)?", line):
        raise Refused(f"'{key}' does not stand on a line of its own; edit the file by hand")
    return text[:line_start] + (text[line_end + 1 :] if line_end >= 0 else "")


@dataclass(frozen=True, slots=True, order=True)
class Edit:
    """Replace ``text[start:end]`` by ``replacement``."""

    start: int
    end: int
    replacement: str = ""


def _spans(collection: CollectionNode) -> list[tuple[int, int]]:
    """Start and end index of every entry: key to value for a mapping, the item for a list."""
    spans = []
    for entry in collection.value:
        if isinstance(entry, tuple):
            first, last = entry
        else:
            first = last = entry
        spans.append((int(first.start_mark.index), int(last.end_mark.index)))
    return spans


def _block_lines(text: str, start: int, end: int) -> tuple[int, int]:
    """Whole lines from the one holding ``start`` to the one holding ``end - 1``."""
    line_start = text.rfind("\n", 0, start) + 1
    stop = text.find("\n", max(end - 1, start))
    return line_start, (stop + 1 if stop >= 0 else len(text))


def removal(text: str, collection: CollectionNode, index: int) -> Edit:
    """The edit that removes entry ``index`` of a flow or block mapping or sequence.

    In a flow collection ``, entry`` goes (or ``entry, `` for the first one);
    in a block collection the entry's lines go, a block list item with its
    ``- ``. The entry must start its own line in a block collection.
    """
    spans = _spans(collection)
    start, end = spans[index]
    if collection.flow_style:
        if index > 0:
            return Edit(spans[index - 1][1], end)
        if len(spans) > 1:
            return Edit(start, spans[1][0])
        return Edit(start, end)
    line_start, line_end = _block_lines(text, start, end)
    prefix = text[line_start:start].strip()
    if prefix and not (prefix == "-" and not isinstance(collection, MappingNode)):
        raise Refused("an entry to remove does not start its own line; edit the file by hand")
    return Edit(line_start, line_end)


def removals(text: str, collection: CollectionNode, indices: set[int]) -> list[Edit]:
    """The edits that remove several entries of one collection (all of them: ``{}``/``[]``)."""
    if not collection.flow_style:
        return [removal(text, collection, i) for i in sorted(indices)]
    spans = _spans(collection)
    kept = [i for i in range(len(spans)) if i not in indices]
    if not kept:
        return [Edit(spans[0][0], spans[-1][1])] if spans else []
    edits = [Edit(spans[0][0], spans[kept[0]][0])] if kept[0] > 0 else []
    edits += [Edit(spans[i - 1][1], spans[i][1]) for i in sorted(indices) if i > kept[0]]
    return edits


def key_index(mapping: MappingNode, key: str) -> int | None:
    for index, (key_node, _) in enumerate(mapping.value):
        if isinstance(key_node, ScalarNode) and key_node.value == key:
            return index
    return None


def apply_edits(text: str, edits: list[Edit]) -> str:
    """Apply non-overlapping edits, from the end of the text backwards."""
    ordered = sorted(edits, reverse=True)
    for later, earlier in itertools.pairwise(ordered):
        if earlier.end > later.start:
            raise Refused("two edits of one file overlap; edit the file by hand")
    for edit in ordered:
        text = text[: edit.start] + edit.replacement + text[edit.end :]
    return text


def add_key(text: str, key: str, values: Mapping[str, int]) -> str:
    """Add ``key: value`` to each list entry whose ``id`` is in ``values``.

    Entries that already have ``key`` are left alone. ``text`` must be a
    valid YAML list of mappings (the loader has checked it). The edits go
    from the end of the file backwards, so every node's position stays valid.
    """
    root = nodes.compose(text)
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
        nodes.compose(text)
    except nodes.YAMLError as error:
        raise ValueError(str(error)) from error
