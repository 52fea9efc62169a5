"""Reading typed values out of YAML nodes, with a diagnostic for each mistake.

``Fields`` wraps one mapping node and the set of keys it may have. Every getter
returns a usable value (the default when the input is wrong) and records what
was wrong, so a loader can go on and report every problem of a folder at once.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from enum import Enum
from fractions import Fraction
from typing import TypeVar

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tourney.errors import Diagnostic, did_you_mean
from tourney.load import text_safety
from tourney.load.fide_federations import federation_problem
from tourney.load.yamlsource import STR, Source, scalar_value, where

E = TypeVar("E", bound=Enum)
T = TypeVar("T")

_KIND = {MappingNode: "a mapping (key: value lines)", SequenceNode: "a list", ScalarNode: "a value"}


def kind_of(node: Node) -> str:
    if isinstance(node, ScalarNode):
        value = scalar_value(node)
        if value is None:
            return "nothing"
        if isinstance(value, bool):
            return f"the boolean {node.value}"
        if isinstance(value, int):
            return f"the number {node.value}"
        if isinstance(value, dt.date):
            return f"the date {node.value}"
        return f"'{node.value}'"
    return _KIND.get(type(node), "something else")


class Report:
    """Collects the diagnostics of one load, and keeps one mistake from becoming hundreds.

    References to ids defined in another file go through :meth:`unknown`: each
    unknown id is reported once, at its first reference, with the count of the
    others; and when the defining file could not be read at all
    (:meth:`unreadable`), its references are not reported one by one but
    summarised in one warning (W190). :meth:`finish` applies both.
    """

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []
        self.unreadable_files: set[str] = set()
        self.read_files: list[str] = []
        # (what, id, defining file) -> every reference: (file, node, message, hint)
        self._unknown: dict[tuple[str, str, str], list[tuple[str, Node | None, str, str]]] = {}

    def error(
        self, file: str, node: Node | None, message: str, hint: str = "", code: str = ""
    ) -> None:
        line, col = where(node) if node is not None else (0, 0)
        self.diagnostics.append(Diagnostic(file, line, col, message, hint, code=code))

    def warning(
        self, file: str, node: Node | None, message: str, hint: str = "", code: str = ""
    ) -> None:
        line, col = where(node) if node is not None else (0, 0)
        self.diagnostics.append(Diagnostic(file, line, col, message, hint, "warning", code))

    def read(self, source: Source) -> None:
        """Take a parsed file's diagnostics; a file with no tree left is unreadable."""
        self.diagnostics.extend(source.diagnostics)
        self.read_files.append(source.name)
        if source.root is None and source.diagnostics:
            self.unreadable_files.add(source.name)

    def file_named(self, basename: str) -> str:
        """The name a file read with this base name is shown by (``basename`` if none)."""
        for name in reversed(self.read_files):
            if name == basename or name.endswith(("/" + basename, "\\" + basename)):
                return name
        return basename

    def unreadable(self, file: str) -> None:
        """``file`` gave nothing usable (its top level has the wrong shape, say)."""
        self.unreadable_files.add(file)

    def unknown(
        self,
        file: str,
        node: Node | None,
        what: str,
        ident: str,
        defined_in: str,
        hint: str,
        message: str = "",
    ) -> None:
        """A reference to a ``what`` (player, team, club member) that ``defined_in`` lacks.

        The message defaults to "unknown <what> id '<ident>'".
        """
        message = message or f"unknown {what} id '{ident}'"
        refs = self._unknown.setdefault((what, ident, defined_in), [])
        refs.append((file, node, message, hint))

    def finish(self) -> list[Diagnostic]:
        """The diagnostics, with the unknown references reported as the class says."""
        out = list(self.diagnostics)
        not_checked: dict[tuple[str, str], int] = {}
        for (what, ident, defined_in), refs in self._unknown.items():
            if defined_in in self.unreadable_files:
                key = (what, defined_in)
                not_checked[key] = not_checked.get(key, 0) + len(refs)
                continue
            file, node, message, hint = refs[0]
            if len(refs) > 1:
                more = len(refs) - 1
                also = f"and {more} more reference{'s' if more > 1 else ''} to '{ident}'"
                hint = f"{hint} ({also})" if hint else also
            line, col = where(node) if node is not None else (0, 0)
            out.append(Diagnostic(file, line, col, message, hint, code="E130"))
        for (what, defined_in), count in sorted(not_checked.items()):
            out.append(
                Diagnostic(
                    defined_in,
                    0,
                    0,
                    f"{count} reference{'s' if count > 1 else ''} to {what}s in other files "
                    "not checked, since this file could not be read",
                    "correct the error in this file; they are checked again then",
                    "warning",
                    "W190",
                )
            )
        self._unknown.clear()
        self.diagnostics = out
        return out

    @property
    def has_errors(self) -> bool:
        return any(d.severity == "error" for d in self.diagnostics) or any(
            defined_in not in self.unreadable_files for _, _, defined_in in self._unknown
        )


class Fields:
    """Typed access to the keys of one mapping node."""

    def __init__(
        self,
        report: Report,
        file: str,
        node: Node,
        what: str,
        keys: tuple[str, ...],
        aliases: Mapping[str, str] | None = None,
    ) -> None:
        """``aliases``: old spellings of keys (old name -> name), read as the key they
        became and never suggested; a mapping giving both is refused (E467)."""
        self.report = report
        self.file = file
        self.node = node
        self.what = what
        self.values: dict[str, Node] = {}
        self.key_nodes: dict[str, Node] = {}
        if not isinstance(node, MappingNode):
            self.error(
                node,
                f"{what} must be a mapping (key: value lines), not {kind_of(node)}",
                code="E120",
            )
            return
        old_names = aliases or {}
        written: dict[str, str] = {}  # key -> the spelling the file used
        for key, value in node.value:
            name = str(key.value) if isinstance(key, ScalarNode) else ""
            spelled = name
            name = old_names.get(name, name)
            if written.get(name, spelled) != spelled:
                self.error(
                    key,
                    f"'{spelled}' and '{written[name]}' are the same key in {what}",
                    f"keep '{name}' and remove the other",
                    code="E467",
                )
                continue
            written[name] = spelled
            if name not in keys:
                hint = did_you_mean(name, keys) or "allowed keys: " + ", ".join(keys)
                self.error(key, f"unknown key '{name}' in {what}", hint, code="E110")
                continue
            if name not in self.values:  # duplicates are reported by the parser
                self.values[name] = value
                self.key_nodes[name] = key

    def error(self, node: Node | None, message: str, hint: str = "", code: str = "") -> None:
        self.report.error(self.file, node, message, hint, code)

    def has(self, key: str) -> bool:
        node = self.values.get(key)
        return node is not None and not (
            isinstance(node, ScalarNode) and scalar_value(node) is None
        )

    def get_node(self, key: str) -> Node | None:
        return self.values.get(key) if self.has(key) else None

    def require(self, *keys: str) -> bool:
        ok = True
        for key in keys:
            if not self.has(key):
                self.error(
                    self.node, f"{self.what} needs '{key}'", f"add a line '{key}: ...'", code="E111"
                )
                ok = False
        return ok

    def _scalar(self, key: str) -> tuple[ScalarNode | None, object]:
        node = self.get_node(key)
        if node is None:
            return None, None
        if not isinstance(node, ScalarNode):
            return None, _WRONG
        return node, scalar_value(node)

    def _wrong(self, key: str, expected: str) -> None:
        node = self.values[key]
        self.error(node, f"'{key}' must be {expected}, not {kind_of(node)}", code="E120")

    def text(self, key: str, default: str = "") -> str:
        node, value = self._scalar(key)
        if node is None:
            if value is _WRONG:
                self._wrong(key, "text")
            return default
        if isinstance(value, bool | dt.date):
            # an unquoted boolean or date where text is expected is still text
            return str(node.value)
        return str(value)

    def name(self, key: str = "name", default: str = "", optional: bool = False) -> str:
        """A name shown to people: one line, not blank, in one Unicode spelling (NFC).

        ``text`` lets a tab or line feed through (notes may span lines); a name that
        held one would forge a line of ``check`` output or a heading in a review
        comment, and "Müller" typed with a combining diaeresis would be another
        player than "Müller" (docs/security.md).
        """
        node = self.values.get(key)
        if node is None:
            return default
        value = self.text(key, default)
        if isinstance(node, ScalarNode) and not value.strip():
            if optional:
                return default
            self.error(node, f"'{key}' is empty", "write the name, or remove the line", code="E186")
            return default
        if bad := text_safety.problem(value):
            self.error(
                node,
                f"'{key}' {bad}",
                "a name is one line of plain text: no line feed, tab or control character",
                code="E185",
            )
            return text_safety.for_terminal(value)
        return unicodedata.normalize("NFC", value)

    def federation(self, key: str = "federation", extra: tuple[str, ...] = ()) -> str:
        """A FIDE federation code, or one of ``extra`` (``NO`` stays text, not false).

        ``extra`` is what tournament.yaml's ``federations:`` allows besides
        FIDE's codes (docs/folder-format.md).
        """
        text = self.text(key).strip()
        problem = federation_problem(text, extra) if text else None
        if problem:
            self.error(self.values[key], *problem, code="E140")
        return text

    def ident(self, key: str) -> str | None:
        """An id: text or a whole number, kept as text."""
        node, value = self._scalar(key)
        if node is None:
            if value is _WRONG:
                self._wrong(key, "an id (text or a number)")
            return None
        if isinstance(value, bool | float):
            self._wrong(key, "an id (text or a number)")
            return None
        if bad := text_safety.ident_problem(str(node.value)):  # ids name files (docs/security.md)
            self.error(
                node,
                f"the id '{text_safety.for_terminal(str(node.value))}' {bad}",
                text_safety.ID_HINT,
                code="E124",
            )
            return None
        return str(node.value)

    def integer(
        self, key: str, default: int | None = None, low: int | None = None, high: int | None = None
    ) -> int | None:
        node, value = self._scalar(key)
        if node is None:
            if value is _WRONG:
                self._wrong(key, "a whole number")
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self._wrong(key, "a whole number")
            return default
        if (low is not None and value < low) or (high is not None and value > high):
            rng = f"from {low} to {high}" if high is not None else f"at least {low}"
            self.error(
                node, f"'{key}' is {value}, out of range", f"expected a number {rng}", code="E121"
            )
            return default
        return value

    def boolean(self, key: str, default: bool) -> bool:
        node, value = self._scalar(key)
        if node is None:
            if value is _WRONG:
                self._wrong(key, "true or false")
            return default
        if not isinstance(value, bool):
            self._wrong(key, "true or false")
            return default
        return value

    def date(self, key: str) -> dt.date | None:
        node, value = self._scalar(key)
        if node is None:
            if value is _WRONG:
                self._wrong(key, "a date (YYYY-MM-DD)")
            return None
        if not isinstance(value, dt.date):
            self._wrong(key, "a date (YYYY-MM-DD)")
            return None
        return value

    def points(self, key: str, default: Fraction) -> Fraction:
        node, value = self._scalar(key)
        if node is None:
            if value is _WRONG:
                self._wrong(key, "a number of points")
            return default
        digits = sum(c.isdigit() for c in value) if isinstance(value, str) else 0
        if digits > text_safety.MAX_INT_DIGITS:  # a quoted number is still a number here
            self.error(
                node,
                f"this number has {digits} digits",
                f"numbers in a tournament folder have at most {text_safety.MAX_INT_DIGITS} digits",
                code="E121",
            )
            return default
        parsed = parse_points(value, node)
        if parsed is None or parsed < 0:
            self.error(node, f"'{key}' must be a number of points like 1, 0.5 or ½", code="E120")
            return default
        return parsed

    def choice(self, key: str, enum: type[E], default: E) -> E:
        node, value = self._scalar(key)
        if node is None:
            if value is _WRONG:
                self._wrong(key, "one of " + ", ".join(str(e.value) for e in enum))
            return default
        text = node.value if node.tag != STR else str(value)
        for member in enum:
            if str(member.value) == text.strip().lower():
                return member
        options = [str(e.value) for e in enum]
        self.error(
            node,
            f"'{key}' cannot be '{text}'",
            did_you_mean(text, options) or "expected one of: " + ", ".join(options),
            code="E122",
        )
        return default

    def items(self, key: str, what: str) -> Iterator[Node]:
        """The items of a list value (a missing key is an empty list)."""
        node = self.get_node(key)
        if node is None:
            return
        if not isinstance(node, SequenceNode):
            self.error(node, f"'{key}' must be a list of {what}, not {kind_of(node)}", code="E120")
            return
        yield from node.value

    def mapping(self, key: str) -> MappingNode | None:
        node = self.get_node(key)
        if node is None:
            return None
        if not isinstance(node, MappingNode):
            self.error(
                node,
                f"'{key}' must be a mapping (key: value lines), not {kind_of(node)}",
                code="E120",
            )
            return None
        return node

    def list_of(self, key: str, what: str, convert: Callable[[Node], T | None]) -> tuple[T, ...]:
        out: list[T] = []
        for item in self.items(key, what):
            value = convert(item)
            if value is not None:
                out.append(value)
        return tuple(out)


_WRONG = object()
_POINTS = re.compile(r"^([0-9]+)?(?:(\.[0-9]+)|\s*(½)|/([0-9]+))?$")


def parse_points(value: object, node: Node | None = None) -> Fraction | None:
    """1, 0.5, "½", "1½", "1/2", "2.5" as exact points; None if it is none of these."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(str(value))
    if not isinstance(value, str):
        return None
    text = value.strip()
    if text == "½":
        return Fraction(1, 2)
    if re.fullmatch(r"[0-9]+/[0-9]+", text):
        num, den = text.split("/")
        return Fraction(int(num), int(den)) if int(den) else None
    if re.fullmatch(r"[0-9]+½", text):
        return Fraction(int(text[:-1])) + Fraction(1, 2)
    if re.fullmatch(r"[0-9]*\.[0-9]+|[0-9]+", text):
        return Fraction(text)
    return None


def scalar_int(report: Report, file: str, node: Node, what: str, low: int, high: int) -> int | None:
    """A whole number item of a list (a round number, say)."""
    value = scalar_value(node) if isinstance(node, ScalarNode) else _WRONG
    if isinstance(value, bool) or not isinstance(value, int):
        report.error(file, node, f"{what} must be a whole number, not {kind_of(node)}", code="E120")
        return None
    if not low <= value <= high:
        report.error(
            file, node, f"{what} {value} is out of range", f"expected {low} to {high}", code="E121"
        )
        return None
    return value


def scalar_ident(report: Report, file: str, node: Node, what: str) -> str | None:
    value = scalar_value(node) if isinstance(node, ScalarNode) else _WRONG
    if value is None or value is _WRONG or isinstance(value, bool | float):
        report.error(
            file, node, f"{what} must be an id (text or a number), not {kind_of(node)}", code="E120"
        )
        return None
    assert isinstance(node, ScalarNode)
    if bad := text_safety.ident_problem(str(node.value)):  # ids name files (docs/security.md)
        shown = text_safety.for_terminal(str(node.value))
        report.error(file, node, f"the id '{shown}' {bad}", text_safety.ID_HINT, code="E124")
        return None
    return str(node.value)


def checked_label(fields: Fields, key: str) -> str:
    """``fields.text(key)``, refused (an error, and "") when it cannot be part of a file name."""
    value = fields.text(key)
    bad = text_safety.ident_problem(value) if value else None
    if bad:
        fields.error(fields.values.get(key), f"'{key}' {bad}", text_safety.ID_HINT, code="E124")
        return ""
    return value
