"""Short commands import only what they use (issue 33.4; docs/robustness.md "Start-up").

The CPU figures are in bench/startup.py (speed claims are not timed assertions here);
these tests pin what makes them: the modules a read-only command never needs stay
unloaded, and ``make setup`` compiles tourney's bytecode even where the environment
sets PYTHONDONTWRITEBYTECODE."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Run a command in a fresh interpreter, then list which of these modules it loaded.
PROBE = """
import sys
from tourney.cli import cli
try:
    cli(sys.argv[1:], prog_name="tourney")
except SystemExit:
    pass
watched = sys.stdin.read().split()
print(" ".join(m for m in watched if m in sys.modules), file=sys.stderr)
"""

NEVER_FOR_CHECK = [
    "tourney.engine.pairing.swiss_core",  # the pairing core: reading a folder needs none
    "tourney.render.views",
    "rich",
    "socket",  # a lock's host name: check takes no lock
    "tempfile",  # the atomic writer's temporary file: check writes nothing
    "hashlib",  # a results digest (check.paired_from): none of the example's rounds needs one
    "jinja2",
    "weasyprint",
    "babel",
]


def _loaded(args: list[str], watched: list[str]) -> set[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        input=" ".join(watched),
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return set(run.stderr.strip().splitlines()[-1].split()) if run.stderr.strip() else set()


def test_check_of_the_example_loads_no_pairing_core_no_rich_no_writer() -> None:
    folder = ROOT / "examples" / "swiss-open"
    loaded = _loaded(["check", str(folder)], [*NEVER_FOR_CHECK, "tourney.check.validate"])
    assert loaded == {"tourney.check.validate"}  # it did run the checks


def test_version_loads_no_command_module() -> None:
    loaded = _loaded(["--version"], ["tourney.cli.check", "tourney.model", "yaml", "rich"])
    assert loaded == set()


def test_setup_compiles_the_bytecode_whatever_the_environment_says() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    rule = re.search(r"^\$\(COMPILED\):.*\n((?:\t.*\n)+)", makefile, re.M)
    assert rule and "-m compileall" in rule.group(1) and " tourney" in rule.group(1)
    setup = re.search(r"^setup:(.*)$", makefile, re.M)
    assert setup and "$(COMPILED)" in setup.group(1)


def test_compileall_writes_bytecode_under_pythondontwritebytecode(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("x = 1\n", encoding="utf-8")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tmp_path)], env=env, check=True)
    assert [p.name for p in (tmp_path / "__pycache__").iterdir()] == [
        f"m.{sys.implementation.cache_tag}.pyc"
    ]
