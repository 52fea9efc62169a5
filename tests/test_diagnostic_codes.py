"""docs/diagnostics.md lists every code the code base can emit, and nothing else.

A code is a string literal that is exactly a code, like "E201" or "W305", in
tourney/ (comments and docstrings that mention one do not count); the docs give each
one a heading (``### E201: ...`` or ``### E230, W231, E232: ...``).
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = re.compile(r"""^["']([EW]\d{3})["']$""")
HEADING = re.compile(r"^###\s+([EW]\d{3}(?:,\s*[EW]\d{3})*)\s*:", re.MULTILINE)


def emitted() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "tourney").rglob("*.py"):
        source = io.StringIO(path.read_text(encoding="utf-8"))
        for token in tokenize.generate_tokens(source.readline):
            match = CODE.match(token.string) if token.type == tokenize.STRING else None
            if match:
                found.add(match.group(1))
    return found


def documented() -> list[str]:
    text = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    return [code.strip() for heading in HEADING.findall(text) for code in heading.split(",")]


def test_every_emitted_code_is_documented() -> None:
    assert emitted() - set(documented()) == set()


def test_every_documented_code_exists() -> None:
    assert set(documented()) - emitted() == set()


def test_no_code_is_documented_twice() -> None:
    codes = documented()
    assert len(codes) == len(set(codes))


def test_the_new_checks_are_there() -> None:
    assert {"E201", "E202", "W203", "W204", "E205"} <= emitted()


def test_each_code_of_a_check_has_an_example() -> None:
    text = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    section = text.split("## Checks of the whole tournament")[1]
    for block in re.split(r"^### ", section, flags=re.MULTILINE)[1:]:
        codes = re.findall(r"[EW]\d{3}", block.split(":")[0])
        example = block.split("```")[1] if "```" in block else ""
        assert any(f" {code}: " in example for code in codes), block[:40]
