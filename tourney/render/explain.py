"""Why a Swiss round was paired as it was: the stored explanation, on the round page.

``tourney pair`` stores the engine's explanation of each round it pairs in
rounds/NN.why.txt (``tourney.edit.why_file``) with the fingerprint of the pairing.
The round page shows it while the round file still holds that pairing (same
(white, black) pairs and the same pairing-allocated bye); when a pair or the
bye was changed since, it says so instead. A round paired some other way has
no stored explanation: ``tourney verify`` compares it with tourney's pairing.
A build never pairs again, so it stays fast on large events. Only the Swiss
systems explain their pairings; the other formats show nothing.

The stored text is the engine's, in English; a site in another language shows it
translated phrase by phrase (``PHRASES``, each a catalog message): the numbers,
scores and rule references (A.3, B.5, C4, E.1, Art. 4.3.1) stay as written; a line
of a form the table does not cover stays in English, whole.
"""

from __future__ import annotations

import re
from functools import cache

from tourney.engine.pair import ID_SYSTEMS, fingerprint
from tourney.i18n import N_, catalog
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


# The phrases of the engines' explanations (dutch_explain, burstein, team_swiss...), as
# written in rounds/NN.why.txt. Longer phrases win over the words inside them.
PHRASES = (
    N_("not paired (absent, requested bye, withdrawn, not yet entered)"),
    N_("paired with the rest of the round in view, so it can still complete"),
    N_("the lowest score at which the rest of the round still pairs is"),
    N_("of the eligible players on that score, the fewest unplayed rounds come first"),
    N_("then the order of the bracket"),
    N_("earlier PAB or unplayed win"),
    N_("not eligible"),
    N_("unplayed round(s)"),
    N_("moved down to the next bracket"),
    N_("players to pair"),
    N_("score groups"),
    N_("one score group"),
    N_("of the list"),
    N_("in order"),
    N_("every criterion met by the first candidate"),
    N_("sets examined"),
    N_("upfloaters"),
    N_("MDPs"),
    N_("PAB"),
    N_("Art."),
    N_("scores"),
    N_("floats down from"),
    N_("up from"),
    N_("residents"),
    N_("homogeneous"),
    N_("heterogeneous"),
    N_("bracket"),
    N_("pairs:"),
    N_("pairing"),
    N_("both preferences granted"),
    N_("the stronger preference granted"),
    N_("the only preference granted"),
    N_("the higher-ranked player's preference"),
    N_("is odd, so the initial colour (white)"),
    N_("is even, so the other colour than the initial one"),
    N_("higher-ranked"),
    N_("no preference"),
    N_("absolute white"),
    N_("absolute black"),
    N_("strong white"),
    N_("strong black"),
    N_("mild white"),
    N_("mild black"),
    N_("first-team"),
    N_("colours"),
    N_("White by"),
    N_("white"),
    N_("black"),
    N_("board"),
    N_("round"),
    N_("score"),
    N_("numbers"),
    N_("against"),
    N_("met"),
    N_("of"),
)


@cache
def _pattern() -> re.Pattern[str]:
    longest = sorted(PHRASES, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(p) for p in longest) + r")(?![\w-])")


_WORD = re.compile(r"[^\W\d_]{2,}")  # a word left untranslated (ids, S1, E.1 are not)


def translated(line: str) -> str:
    """A stored explanation line in the site's language (English: as written). A line
    with a word outside ``PHRASES`` stays as stored, whole: never half translated."""
    if catalog.current() == "en":
        return line
    pattern = _pattern()
    if _WORD.search(pattern.sub(" ", line)):
        return line
    return pattern.sub(lambda m: _(m.group(1)), line)


def explain_round(t: Tournament, round_no: int) -> PairingNote | None:
    """The explanation of round ``round_no`` of a Swiss or team Swiss; None for other formats."""
    rnd = t.round(round_no)
    if t.settings.format not in ID_SYSTEMS or rnd is None:
        return None
    if not rnd.explanation:
        return PairingNote(False, (), _(NOT_STORED))
    if rnd.explained != fingerprint(rnd):
        return PairingNote(False, (), _(CHANGED).format(number=round_no))
    return PairingNote(True, tuple(translated(line) for line in rnd.explanation), _(EXPLAINED))
