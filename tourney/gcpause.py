"""Pause Python's cyclic garbage collector while a big object graph is built.

Loading a folder and rendering a site allocate hundreds of thousands of small
objects that all live until the step ends. The cyclic collector would walk
them again and again as they pile up: about a quarter of a 400-player site
build (bench/site.py). Reference counting still frees everything as usual;
only reference cycles wait until the step ends. Nested pauses are fine.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
