"""Run the real ``tourney serve`` use case (:func:`tourney.app.serve.serve`) in a test.

The builds of ``serve`` run in the thread that calls it, as in ``tourney serve``:
here the test's main thread, so a rebuild is under the same template time limit as
``tourney build``. The test's own requests (``probe``) run in a second thread, which
stops the server when done.
"""

from __future__ import annotations

import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from tourney.app.serve import Preview, serve

T = TypeVar("T")


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return str(response.read().decode("utf-8"))


def serving(
    folder: Path, output: Path, probe: Callable[[str], T], timeout: float = 60
) -> tuple[list[str], T]:
    """What serve printed, and what ``probe(base_url)`` returned, serving ``folder``."""
    stop = threading.Event()
    printed: list[str] = []
    outcome: dict[str, object] = {}

    def client(port: int) -> None:
        def run() -> None:
            try:
                outcome["value"] = probe(f"http://127.0.0.1:{port}")
            except BaseException as error:  # handed to the test's thread
                outcome["error"] = error
            finally:
                stop.set()

        threading.Thread(target=run, daemon=True).start()

    watchdog = threading.Timer(timeout, stop.set)  # a probe that hangs must not hang the run
    watchdog.start()
    try:
        serve(
            Preview(folder, output),
            0,
            lambda line, _err: printed.extend(line.splitlines()),
            client,
            stop,
        )
    finally:
        watchdog.cancel()
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    assert "value" in outcome, "the probe did not finish in time"
    return printed, outcome["value"]  # type: ignore[return-value]


def wait_for(condition: Callable[[], bool], seconds: float = 20) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


__all__ = ["fetch", "serving", "wait_for"]
