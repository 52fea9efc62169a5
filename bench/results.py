"""Time entering a whole 20-board round: ``tourney results`` (docs/results.md "A whole round").

Usage (from the repository root):

    .venv/bin/python bench/results.py             # about 5 s
    .venv/bin/python bench/results.py --compare   # also 20 x `tourney result` (about 1 min)

It copies examples/swiss-open (41 players) to a temporary folder, pairs round
6 there with ``tourney pair`` (20 boards and a bye), and then enters the 20
results three ways, each on a fresh copy of the paired folder:

* ``enter_round`` called in this process (the library: parse, check, one
  write, the folder read again);
* ``tourney results FOLDER 6 FILE`` as a command (a new Python process:
  start-up and imports included);
* with ``--compare``, 20 runs of ``tourney result FOLDER 6 BOARD RESULT``.

Commands are timed by the CPU time of the child processes (user + system),
since the 2-core machines are shared; the target is under 1 s for the round.
It also prints the CPU time of that ``tourney pair``.

Measured on the 2-core machine: ``enter_round`` 0.044 s; ``tourney results``
0.88 s CPU (almost all of it Python start-up and imports); ``tourney pair``
0.92 s; 20 x ``tourney result`` 17.5 s.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tourney.edit.results_batch import enter_round, parse_entries  # noqa: E402

RESULTS = ("1-0", "½-½", "0-1", "1-0", "0-1")


def child_cpu(run: Callable[[], None]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def tourney(*args: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    subprocess.run(
        [sys.executable, "-m", "tourney", *args], check=True, env=env, stdout=subprocess.DEVNULL
    )


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        paired = Path(tmp) / "paired"
        shutil.copytree(ROOT / "examples" / "swiss-open", paired)
        pair_cpu = child_cpu(lambda: tourney("pair", str(paired)))
        print(f"tourney pair, 41 players, round 6: CPU {pair_cpu:.2f} s (a new process)")
        text = "".join(f"{b} {RESULTS[b % len(RESULTS)]}\n" for b in range(1, 21))
        sheet = Path(tmp) / "round6.txt"
        sheet.write_text(text, encoding="utf-8")

        lib = Path(tmp) / "lib"
        shutil.copytree(paired, lib)
        started = time.process_time()
        batch = enter_round(lib, 6, parse_entries(text, str(sheet)), str(sheet))
        cpu = time.process_time() - started
        assert len(batch.changes) == 20 and not batch.open_boards, batch
        print(f"enter_round, 20 boards: CPU {cpu:.3f} s (in this process)")

        cmd = Path(tmp) / "cmd"
        shutil.copytree(paired, cmd)
        cpu = child_cpu(lambda: tourney("results", str(cmd), "6", str(sheet)))
        print(f"tourney results, 20 boards: CPU {cpu:.2f} s (a new process; target < 1 s)")

        if "--compare" not in argv:
            return 0
        one = Path(tmp) / "one"
        shutil.copytree(paired, one)

        def board_by_board() -> None:
            for board in range(1, 21):
                tourney("result", str(one), "6", str(board), RESULTS[board % len(RESULTS)])

        cpu = child_cpu(board_by_board)
        print(f"tourney result x 20, one board each: CPU {cpu:.2f} s (20 processes)")
        same = (cmd / "rounds" / "06.yaml").read_bytes() == (
            one / "rounds" / "06.yaml"
        ).read_bytes()
        print(f"both ways wrote the same round file: {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
