"""Every diagnostic of the TRF readers has a stable E3xx/W3xx code, documented in
docs/diagnostics.md "Reading TRF files" with an example, and triggered by a case file.

The readers are tourney/load/trf*.py, with the import's own fitting of values
(tourney/cli/trf.py) and the pairing engine's choice of system (tourney/app/engine_input.py).
Each documented code has tests/trf_cases/diagnostics/<code>.trf, a small file that
makes the mistake its first line names; reading it prints the section's example.
"""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest

from tourney.app.trf_import import imported
from tourney.cli.engine import read_engine_input
from tourney.errors import Diagnostic, InvalidInput
from tourney.load.trf import parse_trf

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "trf_cases"
READERS = [
    *sorted((ROOT / "tourney" / "load").glob("trf*.py")),
    ROOT / "tourney" / "app" / "trf_import.py",
    ROOT / "tourney" / "app" / "engine_input.py",
]
CODE = re.compile(r"""["']([EW]3\d\d)["']""")


def section() -> str:
    text = (ROOT / "docs" / "diagnostics.md").read_text("utf-8")
    return text.split("## Reading TRF files (E3xx, W3xx)", 1)[1].split("\n## ", 1)[0]


def examples() -> dict[str, str]:
    """Code -> the first line of its example."""
    out = {}
    for block in re.split(r"^### ", section(), flags=re.M)[1:]:
        out[block[:4]] = block.split("```", 2)[1].strip().splitlines()[0]
    return out


def test_every_code_used_is_documented_and_every_documented_code_used() -> None:
    used = {c for p in READERS for c in CODE.findall(p.read_text("utf-8"))}
    assert used == set(examples())


def test_every_example_shows_its_own_code_and_a_fix() -> None:
    for block in re.split(r"^### ", section(), flags=re.M)[1:]:
        code = block[:4]
        assert f" {code}: " in block.split("```", 2)[1], code
        assert "Fix:" in block, code


def _calls_without_code(path: Path) -> list[int]:
    """Lines of ``Diagnostic(...)`` without a code, and of ``doc.error/warn(...)`` whose
    first argument is not a code literal."""
    missing = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name == "Diagnostic":
            if "code" not in {k.arg for k in node.keywords} and len(node.args) < 7:
                missing.append(node.lineno)
        elif name in ("error", "warn") and isinstance(func, ast.Attribute):
            first = node.args[0] if node.args else None
            code = first.value if isinstance(first, ast.Constant) else None
            if not (isinstance(code, str) and re.fullmatch(r"[EW]3\d\d", code)):
                missing.append(node.lineno)
    return missing


def test_every_diagnostic_of_the_trf_readers_has_a_code() -> None:
    missing = {p.name: lines for p in READERS if (lines := _calls_without_code(p))}
    assert missing == {}


def _read(code: str, case: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the command the code belongs to prints for ``case``, named event.trf."""
    shutil.copyfile(case, tmp_path / "event.trf")
    monkeypatch.chdir(tmp_path)
    found: list[Diagnostic]
    try:
        if code == "E311":  # the pairing engine's --team-swiss on an individual event
            found = list(read_engine_input(Path("event.trf"), "team-swiss").warnings)
        elif code.startswith("W34"):  # tourney import fits the values to a folder
            found = imported(case.read_bytes(), "event.trf")[1]
        else:
            found = list(parse_trf(case.read_bytes(), "event.trf").warnings)
    except InvalidInput as error:
        found = list(error.diagnostics)
    return [d.format().splitlines()[0] for d in found]


@pytest.mark.parametrize("code", sorted(examples()))
def test_the_case_file_prints_the_documented_example(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    case = CASES / "diagnostics" / f"{code}.trf"
    assert case.read_bytes().startswith(f"### {code}: ".encode())
    printed = _read(code, case, tmp_path, monkeypatch)
    assert examples()[code] in printed, printed


def test_every_case_file_is_documented() -> None:
    assert {p.stem for p in (CASES / "diagnostics").glob("*.trf")} == set(examples())


@pytest.mark.parametrize(
    "case", sorted(CASES.rglob("*.trf")), ids=lambda p: str(p.relative_to(CASES))
)
def test_no_diagnostic_of_a_case_file_lacks_a_code(case: Path) -> None:
    try:
        found = list(parse_trf(case.read_bytes(), case.name).warnings)
    except InvalidInput as error:
        found = list(error.diagnostics)
    assert [d.format() for d in found if not re.fullmatch(r"[EW]\d{3}", d.code)] == []
