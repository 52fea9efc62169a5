"""Why a Swiss round was paired as it was: the stored explanation, on the round page.

``tourney pair`` stores the engine's explanation of each round it pairs in
rounds/NN.why.txt (``tourney.edit.why_file``) with the fingerprint of the pairing.
The round page shows it while the round file still holds that pairing (same
(white, black) pairs and the same pairing-allocated bye); when a pair or the
bye was changed since, it says so instead. A round paired some other way has
no stored explanation: ``tourney verify`` compares it with tourney's pairing.
A build never pairs again, so it stays fast on large events. Only the Swiss
systems explain their pairings; the other formats show nothing.
"""

from __future__ import annotations

from tourney.engine.pair import ID_SYSTEMS, fingerprint
from tourney.i18n import N_
from tourney.i18n import gettext as _
from tourney.model import Tournament
from tourney.render.views import PairingNote

EXPLAINED = N_("Why tourney paired it so, as recorded when the round was paired:")
CHANGED = N_(
    "The pairs or the bye were changed after tourney paired this round, so the "
    "explanation it stored (rounds/{number:02d}.why.txt) no longer applies."
)
NOT_STORED = N_(
    'No explanation is stored: this round was not paired by "tourney pair". '
    '"tourney verify" compares it with the pairing tourney makes.'
)


def explain_round(t: Tournament, round_no: int) -> PairingNote | None:
    """The explanation of round ``round_no`` of a Swiss or team Swiss; None for other formats."""
    rnd = t.round(round_no)
    if t.settings.format not in ID_SYSTEMS or rnd is None:
        return None
    if not rnd.explanation:
        return PairingNote(False, (), _(NOT_STORED))
    if rnd.explained != fingerprint(rnd):
        return PairingNote(False, (), _(CHANGED).format(number=round_no))
    return PairingNote(True, rnd.explanation, _(EXPLAINED))
