"""A short digest of one round's results, to tell later whether a result has changed.

``tourney pair`` records the digest of every earlier round in the new round's
rounds/NN.why.txt (``# paired from: 1=... 2=...``); ``tourney check`` and
``tourney result`` compare them with the round files and warn (W203) when a
round was paired from a result that has since changed: in a Swiss or Keizer
event the scores decide the pairing (C.04.3 A.7 and the Keizer ranking).
Seats count too: a board whose players changed is another result.
"""

from __future__ import annotations

from tourney.model import Round


def results_digest(rnd: Round) -> str:
    """16 hex digits over the round's boards (players and result) and byes, order-free.

    >>> from tourney.model import Game, Result
    >>> a = Round(1, games=(Game("p1", "p2", Result.WHITE_WINS, 1),))
    >>> b = Round(1, games=(Game("p1", "p2", Result.DRAW, 1),))
    >>> results_digest(a) == results_digest(b)
    False
    """
    lines = sorted(
        f"{g.white}\t{g.black}\t{g.result.value if g.result else ''}"
        # a Double-Swiss match: game 2 too (single games keep their old digest)
        + (f"\t{g.second.value if g.second else ''}" if g.double else "")
        for g in rnd.all_games()
    )
    lines += sorted(f"bye\t{b.participant}\t{b.kind.value}" for b in rnd.byes)
    lines += sorted(
        f"match\t{m.white}\t{m.black}\t{m.decision.value if m.decision else ''}"
        for m in rnd.matches
    )
    import hashlib  # only when a digest is computed (bench/startup.py)

    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()[:16]
