"""How numbers, results and ids look on the site: "4½", "1-0", "½", safe file names.

Pure text helpers shared by every page builder. Points are exact ``Fraction``
values until here; this is the one place they become "½".

>>> points(Fraction(9, 2)), points(Fraction(1, 2)), points(Fraction(0)), points(Fraction(7, 4))
('4½', '½', '0', '1.75')
>>> decimal(Fraction(29, 2)), decimal(Fraction(2, 3), 2), decimal(None)
('14.5', '0.67', '')
>>> slug("p01"), slug("Anna"), slug("../x"), slug("")
('p01', '_416e6e61', '_2e2e2f78', '_')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from fractions import Fraction

from markupsafe import Markup

from tourney import number_text
from tourney.i18n import N_, Translated, pgettext
from tourney.i18n.catalog import decimal_separator
from tourney.model import ByeKind, Colour, Outcome, Result

_SAFE = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


def points(value: Fraction) -> str:
    """Points as chess players write them: whole and a half sign, else decimals
    (``tourney.number_text.points`` with the page's decimal sign)."""
    return number_text.points(value, decimal_separator())


def decimal(value: Fraction | None, places: int | None = None) -> str:
    """A decimal string: exact when the decimal ends, else ``places`` (default 2) decimals.

    A decimal that does not end, and any value given ``places``, is rounded half up
    (``quantize``), as ``tourney standings`` prints it: a Keizer score of 70 1/6 is
    "70.17" on every page, in standings.json and .csv (docs/keizer.md, "Rounding").

    >>> decimal(Fraction(421, 6)), decimal(Fraction(-2, 3)), decimal(Fraction(121, 4))
    ('70.17', '-0.67', '30.25')

    The decimal sign is the page's language's: "70,17" on a Dutch page. Data files
    (CSV, JSON, TRF) are made in English, so they always read "70.17". The digits are
    ``tourney.number_text.decimal``'s, the one formatter of the site, PDFs and commands.
    """
    if value is None:
        return ""
    return number_text.decimal(value, places, decimal_separator())


# Letters NFKD does not take apart, as a reader searching without them would type them.
_PLAIN = str.maketrans(
    {
        "ø": "o",
        "Ø": "O",
        "ł": "l",
        "Ł": "L",
        "đ": "d",
        "Đ": "D",
        "ß": "ss",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "ı": "i",
    }
)


def folded(name: str) -> str:
    """A name as a search compares it: no accents, no case ("Ekström" -> "ekstrom").

    >>> folded("Ekström, Lars"), folded("Łukasz Øberg")
    ('ekstrom, lars', 'lukasz oberg')
    """
    parts = unicodedata.normalize("NFKD", name.translate(_PLAIN))
    return "".join(c for c in parts if not unicodedata.combining(c)).casefold()


# Name particles (tussenvoegsels) that Dutch, Flemish and German lists file a name
# without: "van Dam, Marc" under D, "de Vries" under V, "van der Berg" under B
# (the Dutch rule, NEN 1043 / Woordenlijst: only a particle written in lower case).
PARTICLES = frozenset(
    {
        "van",
        "von",
        "de",
        "der",
        "den",
        "het",
        "'t",
        "te",
        "ten",
        "ter",
        "in",
        "op",
        "aan",
        "bij",
        "uit",
        "tot",
        "onder",
        "voor",
        "zu",
        "zum",
        "zur",
        "d'",
        "l'",
        "la",
        "le",
    }
)


def filed_name(name: str) -> str:
    """The name as an alphabetical list files it: lower-case particles at the front of the
    family name moved to its end ("van der Berg, Jan" -> "Berg van der, Jan").

    >>> filed_name("van der Berg, Jan"), filed_name("De Smet, Ann"), filed_name("Dam")
    ('Berg van der, Jan', 'De Smet, Ann', 'Dam')
    """
    family, comma, given = name.partition(",")
    words = family.split()
    lead = 0
    while lead < len(words) - 1 and words[lead] in PARTICLES:
        lead += 1
    if not lead:
        return name
    return " ".join(words[lead:] + words[:lead]) + comma + given


FIDE_PROFILE = "https://ratings.fide.com/profile/"


def fide_profile(fide_id: str) -> str:
    """The player's page on the FIDE rating site, or "" for an id that is not a number.

    >>> fide_profile("1503014"), fide_profile("")
    ('https://ratings.fide.com/profile/1503014', '')
    """
    plain = fide_id.strip()
    return FIDE_PROFILE + plain if plain.isascii() and plain.isdigit() else ""


def slug(ident: str) -> str:
    """A file name for an id: the id itself when it is plain lower-case text, else hex.

    Hex names start with ``_``, which a plain id never does, so two ids never
    share a file and no id can leave its folder (``../``) or smuggle markup.
    """
    if _SAFE.fullmatch(ident):
        return ident
    return "_" + ident.encode("utf-8").hex()


RESULT_TEXT: dict[Result, str] = {
    Result.WHITE_WINS: "1-0",
    Result.DRAW: "½-½",
    Result.BLACK_WINS: "0-1",
    Result.WHITE_FORFEIT_WIN: "+/-",
    Result.BLACK_FORFEIT_WIN: "-/+",
    Result.DOUBLE_FORFEIT: "-/-",
    Result.NO_CONTEST: "0-0",
    Result.WHITE_WINS_UNPLAYED: "1-0",
    Result.DRAW_UNPLAYED: "½-½",
    Result.BLACK_WINS_UNPLAYED: "0-1",
}

OUTCOME_TEXT: dict[Outcome, str] = {
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-",
    Outcome.NO_CONTEST: "0",
}

BYE_TEXT: Mapping[ByeKind, str] = Translated(
    {
        ByeKind.PAB: N_("pairing-allocated bye"),
        ByeKind.FULL: N_("full-point bye"),
        ByeKind.HALF: N_("half-point bye"),
        ByeKind.ZERO: N_("zero-point bye"),
    }
)


def result(value: Result | None) -> str:
    """A board's result as printed; empty while not played."""
    return "" if value is None else RESULT_TEXT[value]


def colour_chip(colour: Colour | None) -> str:
    """The CSS/chip code of a colour: "w", "b", or "" without one (templates print the
    language's letter: ``_macros.html`` ``chip``)."""
    if colour is None:
        return ""
    return "w" if colour is Colour.WHITE else "b"


def games(first: Result | None, second: Result | None) -> str:
    """The two games of a Double-Swiss match as printed: ``1-0 ½-½`` (each that game's
    White first), a dash for a game without a result."""
    return " ".join(RESULT_TEXT[r] if r is not None else "–" for r in (first, second))


def match_result(
    white: Fraction, black: Fraction, first: Result | None, second: Result | None
) -> str:
    """A Double-Swiss board on the round page: the match score, the board's White first,
    then its games: ``1½-½ (1-0 ½-½)``; only the games while one has no result."""
    if first is None and second is None:
        return ""
    if first is None or second is None:
        return games(first, second)
    return f"{points(white)}-{points(black)} ({games(first, second)})"


def colour_letter(colour: Colour | None) -> str:
    """ "w" or "b" in a crosstable cell (Dutch "w" or "z")."""
    if colour is None:
        return ""
    if colour is Colour.WHITE:
        return pgettext("colour letter", "w")
    return pgettext("colour letter", "b")


def person(name: str, title: str = "") -> str:
    """A player's name with the title in front, as rating lists print it."""
    return f"{title} {name}" if title else name


# A round's state as the site names it; the pages keep the English word as a CSS
# class and show it through gettext (docs/pairing.md "Round status").
ROUND_STATUS = (N_("pending"), N_("running"), N_("done"), N_("not paired"))
# The club's rating periods (model.RatingPeriod), shown the same way.
RATING_PERIODS = (N_("standard"), N_("rapid"), N_("blitz"))
# A game's outcome from one side (model.Outcome), as the cells' titles name it.
OUTCOMES = (
    N_("win"),
    N_("draw"),
    N_("loss"),
    N_("forfeit-win"),
    N_("forfeit-loss"),
    N_("no-contest"),
)
# engine.withdrawals.RULE, cited in notes
GR_6_6 = N_("FIDE General Regulations for Competitions 6.6")


def css_counters(message: str) -> Markup:
    """A translated "Page {page} of {pages}" as a CSS ``content`` value for the printed
    page footer: ``"Pagina " counter(page) " van " counter(pages)``.

    >>> str(css_counters("Pagina {page} van {pages}"))
    '"Pagina " counter(page) " van " counter(pages)'
    """
    parts = re.split(r"\{(page|pages)\}", message)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(f"counter({part})")
        elif part:
            quoted = part.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3C ")
            out.append(f'"{quoted}"')
    return Markup(" ".join(out))
