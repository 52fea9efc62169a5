"""How long the worst Markdown pages that pass the limits take to render (docs/security.md).

Usage (from the repository root):

    .venv/bin/python bench/pages.py

A page is refused above 64 KiB, 4,000 characters a line or 16 levels of
nesting (``tourney.load.text_safety``); these pages sit at those caps on every
line, so their render time bounds what a hostile page can cost a build.
Measured 2026-12-02 on the shared 2-core machine: each under 0.5 s.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from test_security_limits import WORST_PAGES  # noqa: E402

from tourney.load.text_safety import markdown_problem  # noqa: E402
from tourney.render.markdown import to_html  # noqa: E402


def main() -> None:
    for number, page in enumerate(WORST_PAGES, start=1):
        page = page[:60_000]
        assert markdown_problem(page) is None, "the page should pass the limits"
        started = time.perf_counter()
        to_html(page)
        print(
            f"page {number}: {len(page):>6,} bytes rendered in {time.perf_counter() - started:.3f} s"
        )


if __name__ == "__main__":
    main()
