"""The standings rows a rebuild in the same process (``tourney serve``) takes over."""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class RowMemo:
    """Standings rows by the tie-break context they come from, kept by the renderer
    (never in the engine's cache): a rebuild in the same process (``tourney serve``)
    whose evaluation took over a round's context (``evaluate(t, previous)``) takes
    that round's rows over too. Each entry holds a weak reference to its context: it is
    only found for the very object it was made from, and goes when the engine lets that
    context go."""

    def __init__(self, before: RowMemo | None = None) -> None:
        # the last build's (or, when it made none, what it was handed)
        self.before: dict[tuple[int, object], tuple[weakref.ref[object], object]] = (
            (before.now or before.before) if before is not None else {}
        )
        self.now: dict[tuple[int, object], tuple[weakref.ref[object], object]] = {}

    def get(self, context: object, key: object, make: Callable[[], T]) -> T:
        at = (id(context), key)
        found = self.now.get(at) or self.before.get(at)
        rows = found[1] if found is not None and found[0]() is context else make()
        if at not in self.now or self.now[at][0]() is not context:
            # A weak reference: the engine bounds the contexts it holds (HELD_CONTEXTS),
            # and rows kept here for every round would hold players x rounds^2 again.
            ref = weakref.ref(context, functools.partial(_forget, self.now, at))
            self.now[at] = (ref, rows)
        return rows  # type: ignore[return-value]


def _forget(
    memo: dict[tuple[int, object], tuple[weakref.ref[object], object]],
    at: tuple[int, object],
    _: object,
) -> None:
    memo.pop(at, None)
