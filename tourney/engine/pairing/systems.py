"""The FIDE Swiss pairing systems an individual Swiss can use: one registry.

``SYSTEMS`` maps the name written in tournament.yaml (``pairing: dutch``) and on the
engine command line (``tourney pairing-engine --dutch``) to the system: its title and
FIDE article, the function that pairs a round (``SwissState -> SwissPairing``, see
``swiss_core``), its record 192 code in a TRF-2026 file, and the module that says in
words why another pairing of a round differs from ours (``tourney verify``), when it
has one. Adding a system is adding one entry; every command reads this table.

The systems' modules are imported only when a round is paired, so reading settings
stays cheap.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from tourney.records import dataclass

if TYPE_CHECKING:
    from tourney.engine.pairing.swiss_core import SwissPairing
    from tourney.engine.pairing.swiss_state import SwissState

# compare(state, file_pairs, file_bye, our_pairs, our_bye, system_code) -> lines
Compare = Callable[
    [
        "SwissState",
        Sequence[tuple[int, int]],
        "int | None",
        Sequence[tuple[int, int]],
        "int | None",
        str,
    ],
    list[str],
]


@dataclass(frozen=True, slots=True)
class SwissSystem:
    """One pairing system of the registry."""

    name: str  # the key: tournament.yaml ``pairing:``, ``--NAME`` on the command line
    title: str  # "Dutch system"
    article: str  # "C.04.3"
    module: str  # the module holding the pairing function
    function: str  # its name there
    trf_code: str  # record 192 (TRF-2026 tournament type code)
    criteria: str  # what ``pair --explain`` cites, in a few words
    compare_module: str = ""  # ``compare`` for ``tourney verify``, "" when none
    # The function applies tournament.yaml ``rematches:`` itself (``rematches.py``);
    # otherwise ``pair`` does, by the rematches of one pairing of least cost.
    applies_rematch_rule: bool = False

    @property
    def label(self) -> str:
        """ "Dutch system (C.04.3)": how messages and pages name it."""
        return f"{self.title} ({self.article})"

    def pair(self, state: SwissState) -> SwissPairing:
        """Pair round ``state.round_no``; raises ``swiss_core.NoPairing``."""
        function = getattr(importlib.import_module(self.module), self.function)
        if self.applies_rematch_rule:
            return cast("SwissPairing", function(state))
        from tourney.engine.pairing.rematches import pair_by_rematch_rule

        return pair_by_rematch_rule(function, state)

    def compare(self) -> Compare | None:
        if not self.compare_module:
            return None
        return cast(Compare, importlib.import_module(self.compare_module).compare)


SYSTEMS: dict[str, SwissSystem] = {
    "dutch": SwissSystem(
        name="dutch",
        title="Dutch system",
        article="C.04.3",
        module="tourney.engine.pairing.dutch",
        function="pair_dutch",
        trf_code="FIDE_DUTCH_2025",
        criteria="absolute criteria C1-C3, completion C4-C5, quality criteria C6-C21, "
        "order of generation D, colours E",
        compare_module="tourney.engine.pairing.dutch_compare",
        applies_rematch_rule=True,
    ),
    "burstein": SwissSystem(
        name="burstein",
        title="Burstein system",
        article="C.04.4.2",
        module="tourney.engine.pairing.burstein",
        function="pair_burstein",
        trf_code="FIDE_BURSTEIN",
        criteria="accelerated rounds A.5, index by Sonneborn-Berger, Buchholz and median (3.2), "
        "score groups A.2, top index against bottom index, colours 1.3",
    ),
    "dubov": SwissSystem(
        name="dubov",
        title="Dubov system",
        article="C.04.4.1",
        module="tourney.engine.pairing.dubov",
        function="pair_dubov",
        trf_code="FIDE_DUBOV",
        criteria="the bye first (3.1), absolute criteria C1-C3, completion C4, upfloaters "
        "C5-C10 and 4.2, G1/G2 by colour with shifters (4.3), S1 by ARO against the first "
        "permutation of G2 (4.4), colours 5.2",
    ),
    "lim": SwissSystem(
        name="lim",
        title="Lim system",
        article="C.04.4.3",
        module="tourney.engine.pairing.lim",
        function="pair_lim",
        trf_code="FIDE_LIM",
        criteria="the bye (1.1, 7.1), compatibility 2.1, scoregroups down to the median and up "
        "to it (2.2), floaters (2.3, Art. 3), top half against bottom half with exchanges "
        "(Art. 4), colours (Art. 5)",
    ),
    "double-swiss": SwissSystem(
        name="double-swiss",
        title="Double-Swiss system",
        article="C.04.5",
        module="tourney.engine.pairing.double_swiss",
        function="pair_double_swiss",
        trf_code="FIDE_DOUBLESWISS",
        criteria="two-game matches (Preface), order by score and TPN (1.2), absolute "
        "criteria C1-C2, completion C3, the bye (3.4), upfloaters C4-C7 (3.5), the first "
        "bracket identifier with C8 (3.6), game-1 colours (Art. 4)",
    ),
}

DEFAULT = "dutch"


def swiss_system(name: str) -> SwissSystem:
    """The system named ``name`` (a key of ``SYSTEMS``); KeyError when unknown."""
    return SYSTEMS[name]


def system_for_code(code: str) -> SwissSystem | None:
    """The system a record 192 (or 092) code names (``FIDE_BURSTEIN``,
    ``FIDE_DUTCH_2025_BAKU``), by the word after ``FIDE_``; None when it names none of
    ours."""
    words = code.upper().replace(" ", "").split("_")
    for system in SYSTEMS.values():
        if system.trf_code.split("_")[1] in words:
            return system
    return None
