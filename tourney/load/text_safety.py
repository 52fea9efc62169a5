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

# What YAML does not take raw inside a double-quoted scalar or a comment (not printable, or
# it breaks the line): the controls but tab, LINE and PARAGRAPH SEPARATOR, surrogates,
# U+FFFE and U+FFFF. The writer escapes them (tourney.edit.roundfile), a board comment
# check compares with U+FFFD for them (tourney.check.comments). Written as the characters
# refused rather than the complement of those allowed: the same set, compiled in a tenth
# of the time, which every short command pays.
NOT_RAW = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")


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


# -- ids and labels that become file names --------------------------------------------------

MAX_ID_BYTES = 64  # a page name holds the id in hex (2 bytes each) plus a prefix: < 255 bytes
_NOT_IN_FILE_NAMES = set('<>:"/\\|?*')
_WINDOWS_RESERVED = re.compile(r"(?i)(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?")


def ident_problem(text: str) -> str | None:
    """Why ``text`` cannot be an id (or a label used in page names); None when it can.

    An id names files of the site on Linux, macOS and Windows: at most 64 bytes
    of UTF-8, none of ``<>:"/\\|?*``, no control or direction character, not a
    name Windows reserves (CON, NUL, COM1, ...), no space or dot at either end.
    """
    size = len(text.encode("utf-8"))
    if size > MAX_ID_BYTES:
        return f"is {size} bytes long; at most {MAX_ID_BYTES} bytes (UTF-8) are allowed"
    bad = problem(text)
    if bad:
        return bad
    odd = sorted(set(text) & _NOT_IN_FILE_NAMES)
    if odd:
        return "contains " + " ".join(f"'{c}'" for c in odd) + ", which file names cannot hold"
    if text != text.strip(" .") or text in ("", ".", ".."):
        return "starts or ends with a space or a dot"
    if _WINDOWS_RESERVED.fullmatch(text):
        return "is a name Windows reserves for a device (CON, NUL, COM1, ...)"
    return None


ID_HINT = "use letters, digits, '-' and '_' (docs/folder-format.md)"


# -- every scalar of a YAML file ------------------------------------------------------------

MAX_INT_DIGITS = 18  # any count, rating, id number or year has fewer
MAX_FLOAT = 1e15
_DIGIT_RUN = re.compile(r"\d{100}")
# A quoted scalar is text ('name: "2026"'); only a run past Python's int() limit is
# refused there, as a field that reads numbers from text would fail on it.
_HUGE_RUN = re.compile(r"\d{4300}")
_UNSAFE_IN_TEXT = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]"
)


def plain_text(text: str) -> bool:
    """Whether a whole file's text holds no control or direction character and no run of
    100 digits: then none of its plain, single-quoted or block scalars can (their values
    are its characters, lines folded with a space), and ``scalar_problem`` need only see
    its numbers and double-quoted scalars, whose escapes can make any character."""
    return _UNSAFE_IN_TEXT.search(text) is None and _DIGIT_RUN.search(text) is None


def scalar_problem(
    text: str, is_int: bool, is_float: bool, quoted: bool = False
) -> tuple[str, str, str] | None:
    """(message, hint, code) for a YAML scalar no reader can take: a huge number, control codes."""
    run = _HUGE_RUN if quoted else _DIGIT_RUN
    if (is_int and sum(c.isdigit() for c in text) > MAX_INT_DIGITS) or run.search(text):
        return (
            f"this number has {sum(c.isdigit() for c in text)} digits",
            f"numbers in a tournament folder have at most {MAX_INT_DIGITS} digits",
            "E121",
        )
    if is_float:
        try:
            number = float(text.replace("_", ""))
        except ValueError:
            number = float("nan")
        if not abs(number) <= MAX_FLOAT:  # catches inf and nan too
            return (
                f"the number {text[:40]} is out of range",
                f"numbers in a tournament folder are between -{MAX_FLOAT:g} and {MAX_FLOAT:g}",
                "E121",
            )
    found = _UNSAFE_IN_TEXT.search(text)
    if found is not None:
        return (
            f"this text contains {describe(found.group())}, a control or direction character",
            "remove it: names and values are plain text (docs/security.md)",
            "E108",
        )
    return None


# -- counts ---------------------------------------------------------------------------------

# A bound on the work of one command, not a format's: pairing grows faster than the field
# (docs/robustness.md, Scale). TRF's four-digit numbers limit only the export (E455).
MAX_PLAYERS = 99_999


MAX_TEAMS = 999  # a TRF team number has three digits (record 310)


def too_many(count: int, what: str = "players") -> tuple[str, str]:
    if what == "teams":
        return (
            f"{count:,} teams; a tournament holds at most {MAX_TEAMS:,}",
            "FIDE's TRF numbers teams with three digits; split the event (docs/security.md)",
        )
    return (
        f"{count:,} players; a tournament holds at most {MAX_PLAYERS:,}",
        "a larger field takes hours to pair; split the event (docs/robustness.md)",
    )


# -- Markdown pages -------------------------------------------------------------------------

MAX_PAGE_BYTES = 64 * 1024
MAX_NESTING = 16  # brackets, parentheses, block quotes, list levels: real pages use 3 or 4
MAX_INDENT = 4 * MAX_NESTING
MAX_LINE = 4000
# "- - 1. > x" opens four blocks on one line: list items and quotes at the line's start
_BLOCK_MARKER = re.compile(r">|(?:[-*+]|\d{1,9}[.)])(?=\s|$)")
_BLOCK_MARKERS = re.compile(r"(?:[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?=\s|$)))*")


def markdown_problem(text: str) -> tuple[int, str] | None:
    """(line, why) when a page is too big or too deeply nested to render in bounded time.

    Python-Markdown's inline patterns backtrack on nested brackets (a 10 KB page of
    them took 14 s) and its block parser recurses per list level (700 levels raised
    RecursionError), so nesting is capped well above what a real page uses.
    """
    size = len(text.encode("utf-8"))
    if size > MAX_PAGE_BYTES:
        return 0, f"the page is {size:,} bytes; at most {MAX_PAGE_BYTES:,} are allowed"
    depth = 0
    for number, line in enumerate(text.split("\n"), start=1):
        found = _UNSAFE_IN_TEXT.search(line.removesuffix("\r"))  # CRLF files are fine
        if found is not None:
            return number, (
                f"this line contains {describe(found.group())}, a control or direction character"
            )
        if len(line) > MAX_LINE:
            return number, f"this line has {len(line):,} characters; at most {MAX_LINE:,}"
        if not line.strip():
            depth = 0  # inline markup never spans paragraphs
        indent = len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip(" "))
        opening = _BLOCK_MARKERS.match(line)
        markers = _BLOCK_MARKER.findall(opening.group()) if opening else []
        if indent > MAX_INDENT or len(markers) > MAX_NESTING:
            return number, f"this line is nested too deeply; at most {MAX_NESTING} levels"
        for char in line:
            if char in "[(<{":
                depth += 1
                if depth > MAX_NESTING:
                    return number, (
                        f"brackets are nested more than {MAX_NESTING} deep here "
                        "(count '[', '(', '<' and '{' not yet closed)"
                    )
            elif char in "])>}" and depth:
                depth -= 1
    return None


__all__ = [
    "describe",
    "for_terminal",
    "ident_problem",
    "markdown_problem",
    "problem",
    "scalar_problem",
    "too_many",
]
