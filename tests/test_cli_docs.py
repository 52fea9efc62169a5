"""docs/cli.md's reference section is the commands' own --help (scripts/cli_docs.py)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cli_docs", ROOT / "scripts" / "cli_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_cli_md_reference_is_up_to_date() -> None:
    # in a fresh interpreter, as a person runs it: click remembers a command's help
    # option from its first use, so in this process the text would depend on which
    # tests ran before (a command invoked on its own has no -h)
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "cli_docs.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_the_hand_written_part_is_kept() -> None:
    docs = generator()
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    prose = text.split(docs.BEGIN)[0]
    assert "## Exit codes" in prose and "### `tourney pair" in prose
    stale = prose + docs.BEGIN + "\nold text\n" + docs.END + "\n"
    regenerated = docs.updated(stale)
    assert regenerated.startswith(prose) and "old text" not in regenerated
    assert "#### `tourney pair`" in regenerated and "Usage: tourney pair" in regenerated
