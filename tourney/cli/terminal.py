"""What the command line prints shows control characters, never obeys them.

Names read from a folder are refused when they hold control or direction
characters (``tourney.load.text_safety``), but text also comes from TRF files,
git, old revisions and error messages. So every text that ``tourney`` prints
to standard output or standard error goes through ``Escaping``: ESC, BEL,
NUL, a carriage return inside a line, U+202E and the like are shown as
``\\u001b``, ``\\u202e``, ... (docs/security.md). Line feeds and tabs pass, a
carriage return that starts or ends what is written,
and, on a terminal only, the colour codes (SGR) of rich's tables. Bytes written
to ``.buffer`` (a TRF on standard output) pass untouched, and so do progress
bars, drawn on ``raw_stream`` with their text escaped first.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from tourney.app.text import for_terminal

# Colour and bold (SGR, ``ESC [ 1 ; 31 m``) are what rich's tables emit on a terminal;
# they only style text. Every other control character is shown escaped.
_SGR = re.compile(r"\x1b\[[0-9;]{0,32}m|[^\x1b]+|\x1b")


def _escape(piece: str) -> str:
    return "\n".join("\t".join(map(for_terminal, line.split("\t"))) for line in piece.split("\n"))


class Escaping:
    """A text stream that writes ``for_terminal(text)`` to the stream it wraps."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        head = "\r" if text.startswith("\r") else ""
        tail = text[len(head) :]
        end = "\r" if tail.endswith("\r") else ""
        body = tail[: len(tail) - len(end)] if end else tail
        if getattr(self._stream, "isatty", lambda: False)():
            body = _SGR.sub(
                lambda m: m.group() if m.group()[:2] == "\x1b[" else _escape(m.group()), body
            )
        else:
            body = _escape(body)
        self._stream.write(head + body + end)
        return len(text)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, buffer, encoding, fileno...
        return getattr(self._stream, name)


@contextmanager
def escaped() -> Iterator[None]:
    """Standard output and error escaped for the body (nested calls wrap once)."""
    saved = sys.stdout, sys.stderr
    if not isinstance(sys.stdout, Escaping):
        sys.stdout = Escaping(sys.stdout)
    if not isinstance(sys.stderr, Escaping):
        sys.stderr = Escaping(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def raw_stream(stream: TextIO) -> TextIO:
    """The stream under ``Escaping``: for a progress bar's cursor codes, whose text
    (``tourney.cli.progress``) is escaped before it is drawn."""
    return stream._stream if isinstance(stream, Escaping) else stream
