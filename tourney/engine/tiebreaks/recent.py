"""A memo of the most recent contexts, so that a build computes each round's scores once.

A site build asks for the standings after every round, the performance
ratings after every round, the crosstable, the player cards and the TRF
report: each of them calls ``make_context`` for the same tournament and
round. ``recent_context`` keeps the last ``SIZE`` contexts. A context holds
its score table and the tie-break values computed on it (``Context.cache``,
``ScoreTable.memo``), so the second caller finds them done.

The key is what a context is computed from, compared by value: the
settings, the players, the teams, the round and the C.07 edition, and the
rounds up to ``after`` (every round in a team round robin, where a
withdrawal looks at the whole event, GR 6.6). So ``tourney serve``, which loads the
folder again after every save, reuses the standings of every round before
the first round whose file changed. Hashing and comparing the model takes a
few milliseconds even for a thousand players.

This is a cache of a pure function: results are the same with or without
it, and it never looks at anything but its arguments.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from tourney.engine.tiebreaks.base import Context
from tourney.engine.tiebreaks.edition import Edition
from tourney.model import Tournament

SIZE = 32  # every round of two long events: this build's and the previous one's

_recent: OrderedDict[Hashable, Context] = OrderedDict()
_lock = threading.Lock()


def context_key(tournament: Tournament, after: int, edition: Edition) -> Hashable:
    """Everything a context after round ``after`` depends on."""
    if tournament.is_team and tournament.settings.format.is_round_robin:
        rounds = tournament.rounds
    else:
        rounds = tuple(r for r in tournament.rounds if r.number <= after)
    return (tournament.settings, tournament.players, tournament.teams, rounds, after, edition)


def recent_context(
    tournament: Tournament, after: int, edition: Edition, make: Callable[[], Context]
) -> Context:
    """The context of ``tournament`` after round ``after`` in ``edition``, made once."""
    key = context_key(tournament, after, edition)
    try:
        hash(key)
    except TypeError:  # a model built with a list somewhere: nothing to share
        return make()
    with _lock:
        found = _recent.get(key)
        if found is not None:
            _recent.move_to_end(key)
            return found
    ctx = make()
    with _lock:
        _recent[key] = ctx
        _recent.move_to_end(key)
        while len(_recent) > SIZE:
            _recent.popitem(last=False)
    return ctx


def forget() -> None:
    """Drop every remembered context (to free the memory after a build)."""
    with _lock:
        _recent.clear()
