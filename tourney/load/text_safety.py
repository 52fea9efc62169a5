"""Text from a folder or a command line that must stay one plain line: no control codes.

A name is printed on terminals (``standings``, ``diff``), in CI logs, on the
site and in CSV files. A control character (NUL, BEL, ESC starting a terminal
escape, a carriage return that overwrites a log line) or a bidirectional
override (U+202E turns "abc" into "cba" on screen, the "Trojan Source" trick)
is never part of a real name, so it is refused where it is read
(docs/security.md). ``for_terminal`` makes any text safe to print anyway.
"""

from __future__ import annotations

import re

# C0 and C1 controls (TAB, LF, CR included: a name is one line), DEL, and the
# invisible direction marks and overrides of Unicode.
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]"
)


def describe(char: str) -> str:
    """``U+202E`` with what it is, for an error message that does not print it raw."""
    names = {"\x00": "NUL", "\x1b": "ESC", "\r": "carriage return", "\n": "line feed",
             "\t": "tab", "\x07": "BEL", "\u202e": "RIGHT-TO-LEFT OVERRIDE"}  # fmt: skip
    code = f"U+{ord(char):04X}"
    return f"{code} ({names[char]})" if char in names else code


def problem(text: str) -> str | None:
    """Why ``text`` may not be a name or a one-line note; None when it is fine."""
    found = _UNSAFE.search(text)
    if found is None:
        return None
    what = "a control character" if ord(found.group()) < 0xA0 else "an invisible direction mark"
    return f"contains {what}, {describe(found.group())}, at character {found.start() + 1}"


def for_terminal(text: str) -> str:
    """``text`` with every control or direction character shown as ``\\u202e``, never obeyed."""
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


__all__ = ["describe", "for_terminal", "problem"]
