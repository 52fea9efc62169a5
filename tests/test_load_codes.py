"""Every diagnostic of the folder reader (tourney/load/) has a stable E1xx/W1xx code, documented
in docs/diagnostics.md "Reading the files" with an example and the fix."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
LOAD = ROOT / "tourney" / "load"
# The folder's YAML readers; the TRF readers (trf*.py) report on a TRF file, not the folder.
YAML_READERS = sorted(p for p in LOAD.glob("*.py") if not p.name.startswith("trf"))
CODE = re.compile(r"""["']([EW]1\d\d)["']""")


def reading_section() -> str:
    text = (ROOT / "docs" / "diagnostics.md").read_text("utf-8")
    return text.split("## Reading the files (E1xx, W1xx)", 1)[1].split("\n## ", 1)[0]


def used_codes() -> set[str]:
    """The codes of the folder reader, and of the regular-file reader it reads through."""
    readers = [*LOAD.glob("*.py"), LOAD.parent / "fs" / "regular.py"]
    return {c for p in readers for c in CODE.findall(p.read_text("utf-8"))}


def test_every_code_used_in_load_is_documented() -> None:
    documented = set(re.findall(r"^### ([EW]1\d\d): ", reading_section(), re.M))
    used = used_codes()
    assert used - documented == set(), "codes without a section in docs/diagnostics.md"
    assert documented - used == set(), "documented codes that tourney/load/ never reports"


def test_every_documented_example_shows_its_own_code() -> None:
    section = reading_section()
    for block in re.split(r"^### ", section, flags=re.M)[1:]:
        code = block[:4]
        example = block.split("```", 2)[1]
        assert f" {code}: " in example, code
        assert "Fix:" in block, code


def _calls_without_code(path: Path) -> list[int]:
    tree = ast.parse(path.read_text("utf-8"))
    missing = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name not in ("error", "warning", "Diagnostic"):
            continue
        keywords = {k.arg for k in node.keywords}
        # Diagnostic(file, line, col, message, hint, severity, code); report.error(file,
        # node, message, hint, code); fields.error(node, message, hint, code)
        positional = {"Diagnostic": 7, "error": 4, "warning": 4}[name]
        receiver = func.value if isinstance(func, ast.Attribute) else None
        if isinstance(receiver, ast.Name) and receiver.id == "report":
            positional = 5
        if isinstance(receiver, ast.Attribute) and receiver.attr == "report":
            positional = 5
        if "code" not in keywords and len(node.args) < positional:
            missing.append(node.lineno)
    return missing


def test_every_diagnostic_of_the_yaml_readers_has_a_code() -> None:
    missing = {p.name: lines for p in YAML_READERS if (lines := _calls_without_code(p))}
    assert missing == {}
