"""What a build in a new process takes from the last build into the same output folder
without computing it again: pages whose inputs did not change, and the ranks after
each round (a player card's chart). ``tourney.fs.build_cache`` keeps both on disk.

Every page whose view model was built has its view digest (``pages.view_digest``); this
goes one step further for the pages of a round: ``standings-NN.html``, ``round-NN.html``
and ``round-NN-alpha.html`` show only what follows from the settings, the players and
the rounds up to NN (``round_inputs``), the navigation and the number of rounds. Their
*inputs key* (that, the code and templates, the language and the page's path and PDF
link) is computed before the page is: equal to the last build's key for that path, the
page is the file the last build left, and its view model is never built. The ranks
after round NN are kept by the same inputs. A result changed in round 11 thus leaves
the pages and ranks of rounds 1 to 10 as they were, and a changed name, setting or
tourney version changes every key.

Only for an individual event whose standings after a round follow from the rounds up to
it (not a round robin, where a withdrawal changes earlier rounds, FIDE General
Regulations 6.6; not a Keizer competition; not a team event): elsewhere every page is
built, and found by its view digest.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields

from tourney.model import Format, Tournament


@dataclass(frozen=True, slots=True)
class Reused:
    """A page taken whole from the last build (in place of its view model)."""

    data: bytes


@dataclass(eq=False)
class Reuse:
    """One build's reuse of the last build's pages and ranks (module docstring)."""

    salt: str  # the code and templates (``tourney.app.build.page_salt``)
    keys: Mapping[str, str] = field(default_factory=dict)  # the last build's path -> key
    ranks: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # key -> ranks
    # the bytes of an output file as the last build left it; None if it changed
    read: Callable[[str], bytes | None] = lambda path: None
    # this build's, for the next one
    new_keys: dict[str, str] = field(default_factory=dict)
    new_ranks: dict[str, Mapping[str, int]] = field(default_factory=dict)
    taken: int = 0  # pages taken whole

    def page(self, key: str | None, path: str) -> Reused | None:
        """The last build's ``path`` if its inputs key was ``key``; records ``key``."""
        if key is None:
            return None
        self.new_keys[path] = key
        if self.keys.get(path) != key:
            return None
        data = self.read(path)
        if data is None:
            return None
        self.taken += 1
        return Reused(data)

    def known_ranks(self, key: str | None) -> Mapping[str, int] | None:
        if key is None:
            return None
        found = self.ranks.get(key)
        if found is not None:
            self.new_ranks[key] = found
        return found

    def keep_ranks(self, key: str | None, ranks: Mapping[str, int]) -> None:
        if key is not None:
            self.new_ranks[key] = dict(ranks)


def reusable(t: Tournament) -> bool:
    """Whether the standings after a round follow from the rounds up to it alone (module
    docstring)."""
    fmt = t.settings.format
    return not t.is_team and not fmt.is_round_robin and fmt is not Format.KEIZER


def round_inputs(t: Tournament, salt: str) -> dict[int, str]:
    """Round number -> a digest of the settings, players, teams, games, text pages, the
    rounds up to it and ``salt``; empty for an event that is not ``reusable``.

    Pickled model values: the same values give the same bytes in every process (the
    model holds no sets of strings, whose order would vary: that would only miss)."""
    if not reusable(t):
        return {}
    digest = hashlib.blake2b(salt.encode(), digest_size=16)
    # every field of the tournament but its rounds (settings, players, teams, pages, games)
    rest = tuple(getattr(t, f.name) for f in fields(t) if f.compare and f.name != "rounds")
    digest.update(pickle.dumps(rest, protocol=5))
    found = {}
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        digest.update(pickle.dumps(rnd, protocol=5))
        found[rnd.number] = digest.hexdigest()
    return found


def key(*parts: object) -> str:
    """The digest of ``parts`` (strings, numbers, model or view values)."""
    return hashlib.blake2b(pickle.dumps(parts, protocol=5), digest_size=16).hexdigest()
